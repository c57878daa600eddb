//! Duplicate tournaments (Billings et al. 1998, "Experiments"): the deal schedule and seat
//! rotations, the players of each seat, the parallel runner whose results do not depend
//! on the thread count, a whole run with its checkpoints, resume and hand histories
//! ([`Run`]), shards and their merge, the statistics (sb/hand with 95% confidence
//! intervals, paired differences of kinds), the presets and the behavior signature. The
//! run's files (checkpoint, hand history, shard files, results.json and deals.csv) are
//! `io`'s alone: [`RunFolder`] is `loki tournament` from its spec to its table, and
//! [`merge_folders`] is `loki merge`; the profit plot of a [`WholeResult`] is drawn by the
//! caller (the command line's `profit.png`), so the simulator draws nothing.
#![forbid(unsafe_code)]

pub mod bench;
pub mod calibrate;
pub mod checkpoint;
pub mod factory;
pub mod frequencies;
pub mod io;
pub mod loopback;
pub mod new_board;
pub mod preset;
pub mod results;
pub mod run;
pub mod runner;
pub mod schedule;
pub mod self_play_error;
pub mod shard;
pub mod signature;
pub mod stats;

pub use calibrate::{calibrate, Calibration, CalibrationRow, CalibrationSpec, Estimate, RowKey};
pub use checkpoint::Checkpoint;
pub use factory::TournamentFactory;
pub use io::{merge_folders, FilesError, Finished, RunFolder, Start, WholeResult};
pub use preset::{Preset, FIGURE4};
pub use results::{
    report, Game, Inputs, KindSpread, MatchSummary, MatchesResults, Report, Results,
};
pub use run::{Outcome, Run, RunError, RunSink, RunSpec, DEFAULT_BATCH};
pub use runner::{DuplicateHand, DuplicateTables, PlayerFactory, SimError};
pub use shard::{merge, MatchLedger, Shard, ShardError, ShardResult};
pub use signature::{signature, Signature};
pub use stats::{summarize, DealLedger, Difference, KindResult, SeatResult, Summary};
