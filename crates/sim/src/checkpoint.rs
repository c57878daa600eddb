//! `checkpoint.json`: the state of a tournament run after a whole batch, which
//! `--resume` continues from (the inputs, every deal's results, every player's saved
//! state, and how much hand history was written).
use crate::results::Inputs;
use serde::{Deserialize, Serialize};

/// `checkpoint.json`: the state of a run (or of one shard) after a whole batch.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Checkpoint {
    /// The inputs (a resume must have the same).
    pub inputs: Inputs,
    /// The shard (`0/1` for a whole run).
    pub shard: crate::shard::Shard,
    /// Per-deal results so far, per match touched.
    pub matches: Vec<crate::shard::MatchLedger>,
    /// Every player's saved state, by table and seat.
    pub players: Vec<Vec<Option<String>>>,
    /// Bytes of the hand-history file written so far (it is cut back to this on resume).
    pub phh_bytes: u64,
}
