//! The University of Alberta IRC poker database (#holdem, 10-20 fixed limit; logged by
//! Michael Maurer's Observer bot, 1995-2001): reading the `hdb` / `hroster` /
//! `pdb/pdb.NICK` layout over [`std::io::BufRead`], merging several copies, rebuilding
//! each hand's order of play and replaying it through the engine ([`replay`]), player
//! profiles ([`profile`]), PHH export ([`phh`]), and the evaluation of opponent models on
//! real human play ([`eval`], [`predict`]).
//!
//! Credit: IRC Poker Database, University of Alberta Computer Poker Research Group; data
//! collected by Michael Maurer. The data is never part of this repository; tests use
//! hand-written fixtures in the same format.
#![forbid(unsafe_code)]

pub mod archive;
pub mod boards;
pub mod dataset;
pub mod error;
pub mod eval;
pub mod folders;
pub mod hand;
pub mod lines;
pub mod phh;
pub mod predict;
pub mod profile;
pub mod replay;
pub mod text;

pub use archive::Archive;
pub use dataset::{Dataset, ReplayStats};
pub use error::{IrcError, LineError, ParseError};
pub use hand::{is_bot_name, Decision, IrcHand, Spot};
pub use replay::Skip;

/// Reads and replays every hand under the given roots.
///
/// # Errors
/// A root that is not an IRC database, an unreadable file, or a malformed line.
pub fn load(roots: &[std::path::PathBuf]) -> Result<Dataset, IrcError> {
    Ok(Dataset::new(&folders::load(roots)?))
}
