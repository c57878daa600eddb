//! Errors of the history readers: I/O, an unknown format, or a bad hand named with its
//! line.
use thiserror::Error;

/// A history that cannot be read or does not replay.
#[derive(Debug, Error)]
pub enum HistoryError {
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// Nothing but blank lines and comments.
    #[error("the file holds no hand (it is empty)")]
    Empty,
    /// Neither PHH nor an ACPC log.
    #[error("unknown history format (expected PHH/PHHS or an ACPC log)")]
    UnknownFormat,
    /// A hand that is malformed or does not replay.
    #[error("{hand}, line {line}: {reason}")]
    Hand {
        /// The hand (`hand [3]` in PHHS, `hand 17` in an ACPC log).
        hand: String,
        /// The 1-based line.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// An ACPC betting string that does not parse.
    #[error("bad betting string {betting:?}: {reason}")]
    Betting {
        /// The string.
        betting: String,
        /// What is wrong.
        reason: String,
    },
}

impl HistoryError {
    pub(crate) fn hand(hand: &str, line: usize, reason: impl Into<String>) -> HistoryError {
        HistoryError::Hand {
            hand: hand.to_string(),
            line,
            reason: reason.into(),
        }
    }
}
