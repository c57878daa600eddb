//! Duplicate tournaments (Billings et al. 1998, "Experiments"): the deal schedule and seat
//! rotations, the parallel runner whose results do not depend on the thread count, and
//! the statistics (sb/hand with 95% confidence intervals, paired differences of kinds).
//! Returns data and prints nothing: the CLI writes files, tables and plots.
#![forbid(unsafe_code)]

pub mod checkpoint;
pub mod roster;
pub mod runner;
pub mod schedule;
pub mod shard;
pub mod stats;

pub use checkpoint::{Checkpoint, Game, Inputs, KindSpread, MatchSummary, MatchesResults, Results};
pub use roster::{player_seed, seat_names, Roster, RosterError, TournamentFactory};
pub use runner::{PlayedHand, PlayerFactory, SimError, Tournament};
pub use shard::{merge, MatchLedger, Shard, ShardError, ShardResult};
pub use stats::{summarize, DealLedger, Difference, KindResult, SeatResult, Summary};
