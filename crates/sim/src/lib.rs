//! Duplicate tournaments (Billings et al. 1998, "Experiments"): the deal schedule and seat
//! rotations, the players of each seat, the parallel runner whose results do not depend
//! on the thread count, a whole run with its checkpoints, resume and hand histories
//! ([`Run`]), shards and their merge, the statistics (sb/hand with 95% confidence
//! intervals, paired differences of kinds) and the behavior signature. Returns data and
//! writes to no file: the CLI decides where bytes go, draws tables and plots.
#![forbid(unsafe_code)]

pub mod bench;
pub mod calibrate;
pub mod checkpoint;
pub mod factory;
pub mod frequencies;
pub mod loopback;
pub mod results;
pub mod run;
pub mod runner;
pub mod schedule;
pub mod shard;
pub mod signature;
pub mod stats;

pub use calibrate::{calibrate, Calibration, CalibrationRow, CalibrationSpec, Estimate};
pub use checkpoint::Checkpoint;
pub use factory::TournamentFactory;
pub use results::{Game, Inputs, KindSpread, MatchSummary, MatchesResults, Results};
pub use run::{report, Outcome, Report, Run, RunError, RunSink, RunSpec, DEFAULT_BATCH};
pub use runner::{PlayedHand, PlayerFactory, SimError, Tournament};
pub use shard::{merge, MatchLedger, Shard, ShardError, ShardResult};
pub use signature::{signature, Signature};
pub use stats::{summarize, DealLedger, Difference, KindResult, SeatResult, Summary};
