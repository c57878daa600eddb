//! The ACPC protocol 2.0.0 for loki (the Annual Computer Poker Competition's dealer
//! protocol; `docs/acpc-protocol.md`): game definition files ([`GameDef`]), replies and
//! greetings ([`reply`]), all pure (strings in, no sockets); the `MATCHSTATE` lines
//! ([`MatchState`]) and the hand rebuilt from them ([`HandTracker`]) are
//! `loki-history`'s, re-exported here; the client session
//! ([`ClientSession`], pure as well) and, at the edge, the network client
//! ([`client::play`]), the dealer ([`Dealer`]) and the loopback match runner
//! ([`run_match`]).
#![forbid(unsafe_code)]

pub mod error;
pub mod game;
pub mod rebuild;
pub mod reply;

pub use error::{ClientError, DealerError, GameError, MatchError};
pub use game::GameDef;
pub use loki_history::{HandTracker, MatchState, RebuildError, StateError, MAX_LINE_LEN};
pub use rebuild::rebuild;
pub use reply::{parse_reply, parse_version, Reply, VERSION_LINE};
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
