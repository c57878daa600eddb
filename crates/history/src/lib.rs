//! Hand histories for loki: PokerKit's PHH format (`.phh`, several hands per `.phhs`) and
//! ACPC log `STATE` lines. Readers take [`std::io::BufRead`] and writers take
//! [`std::io::Write`], never paths. Every hand read is replayed through the engine: a
//! history that does not replay is reported with the hand and the line, not trusted.
//! Also the ACPC protocol's `MATCHSTATE` line ([`MatchState`]: a hand as one seat sees
//! it) and the hand that seat rebuilds from its states ([`HandTracker`]), which the
//! network client, `loki advise` and the Python `Agent` share.
#![forbid(unsafe_code)]

mod acpc;
mod error;
mod files;
pub mod matchstate;
mod phh;
mod replay;
mod tracker;

pub use acpc::{
    format_score_line, format_state_line, parse_betting, read_acpc, write_acpc_log, AcpcHeader,
    MAX_BETTING_LEN,
};
pub use error::HistoryError;
pub use files::{acpc_records, header_game, history_files, UnknownCards};
pub use matchstate::{MatchState, StateError, MAX_LINE_LEN};
pub use phh::{
    phh_list, read_phh, toml_string, write_phh, write_phh_game, write_phh_hand, write_phh_replayed,
};
pub use replay::{format_value, Outcome, ReplayedHand, UnsettledHand};
pub use tracker::{HandTracker, RebuildError};

use loki_engine::GameSpec;
use std::io::BufRead;

/// A history file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// PokerKit's PHH (TOML).
    Phh,
    /// An ACPC dealer log (`STATE:` lines).
    Acpc,
}

/// Guesses the format from the text: the first meaningful line is a TOML table header or
/// key (PHH) or a `#`/`STATE:`/`SCORE:` line (ACPC). A text of blank and comment lines
/// only is [`HistoryError::Empty`].
pub fn detect_format(text: &str) -> Result<Format, HistoryError> {
    let mut meaningful = false;
    for line in text.lines() {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        if t.starts_with("STATE:") || t.starts_with("SCORE:") || t.starts_with("# name/game") {
            return Ok(Format::Acpc);
        }
        if t.starts_with('[') || t.starts_with("variant") {
            return Ok(Format::Phh);
        }
        if t.starts_with('#') {
            continue;
        }
        meaningful = true;
        if t.contains('=') {
            return Ok(Format::Phh);
        }
        break;
    }
    Err(if meaningful {
        HistoryError::UnknownFormat
    } else {
        HistoryError::Empty
    })
}

/// Reads a history of either format and replays every hand. `template` gives the blinds,
/// bets and cap for ACPC logs (which do not state them); its seat count is ignored.
pub fn read_history(
    mut reader: impl BufRead,
    template: &GameSpec,
) -> Result<(Format, Vec<Result<ReplayedHand, HistoryError>>), HistoryError> {
    let mut text = String::new();
    reader.read_to_string(&mut text)?;
    let format = detect_format(&text)?;
    let hands = match format {
        Format::Phh => read_phh(text.as_bytes())?,
        Format::Acpc => read_acpc(text.as_bytes(), template)?,
    };
    Ok((format, hands))
}
