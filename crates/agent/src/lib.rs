//! The agent layer of loki: everything a driver needs to put Loki players at a table,
//! in one place, so that the tournament, the network client and the loopback match, the
//! person's table, the web, LBR's opponent, `loki advise` and the bench play the same
//! seat the same way.
//!
//! * [`Roster`] (`roster.rs`): players built from names (`--players` lists, the kinds of
//!   `loki_bot::KINDS`, configured variants) sharing one `Knowledge`.
//! * [`seed`]: the one seed derivation (each player's and each table's generator).
//! * [`profiles`]: opponents' and people's profiles (`loki-store`) and the glue to a Loki
//!   player's statistics; [`ProfileBook`], a seat's opponents over a match.
//! * [`SeatedPlayer`] (`seat.rs`): one player for a match with its profiles, its decision
//!   traces and timings, itself an engine `Player`; no driver wraps a player otherwise.
//! * [`Agent`] (`agent.rs`): a seat driven by public views of each hand, the Rust face
//!   of Python's `loki.Agent`.
//! * [`Spot`] (`spot.rs`): a decision set up from a betting line by the engine replay the
//!   network client uses.
//!
//! The board analyses a hand needs live in the shared knowledge's cache, which lets
//! them go by itself once no player holds them (`loki_bot::board_cache`).
#![forbid(unsafe_code)]

pub mod agent;
pub mod profiles;
pub mod roster;
pub mod seat;
pub mod seed;
pub mod spot;

pub use agent::{Agent, AgentCounts, AgentError, NotToAct, PublicView};
pub use profiles::{hand_delta, stats_from_profile, HandKey, OpenBookError, ProfileBook};
pub use roster::{kinds_described, seat_names, Roster, RosterError};
pub use seat::{DecisionHook, SeatPlayer, SeatedPlayer, TimingHook, WarningHook};
pub use seed::{player_seed, table_seed};
pub use spot::{Spot, SpotError};
