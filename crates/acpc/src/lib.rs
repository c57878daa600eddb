//! The ACPC protocol 2.0.0 for loki (the Annual Computer Poker Competition's dealer
//! protocol; `docs/acpc-protocol.md`): game
//! definition files ([`GameDef`]), `MATCHSTATE` lines ([`MatchState`]) and hand rebuilding
//! ([`HandTracker`]), all pure (strings in, no sockets); the client session
//! ([`ClientSession`], pure as well) and, at the edge, the network client
//! ([`client::play`]), the dealer ([`Dealer`]) and the loopback match runner
//! ([`run_match`]).
#![forbid(unsafe_code)]

pub mod error;
pub mod game;
pub mod matchstate;
pub mod rebuild;

pub use error::{ClientError, DealerError, GameError, MatchError, RebuildError, StateError};
pub use game::GameDef;
pub use matchstate::{parse_reply, parse_version, MatchState, Reply, MAX_LINE_LEN, VERSION_LINE};
pub use rebuild::{rebuild, HandTracker};
pub mod session;
pub use session::ClientSession;
pub mod client;
pub mod deal;
pub mod dealer;
pub mod line;
pub mod load;
pub mod runner;
pub use dealer::{Dealer, DealerOptions, HandDone, MatchResult, TimeLimits};
pub use runner::{run_match, MatchReport};
