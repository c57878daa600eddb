//! `checkpoint.json`: the state of a tournament run after a whole batch, which
//! `--resume` continues from (the inputs, every deal's results, every player's saved
//! state, and how much hand history was written, with a digest of those bytes). The file
//! carries a digest of its own content, so that an edited checkpoint is refused rather
//! than resumed.
use crate::results::Inputs;
use loki_engine::digest::{fnv1a64, fnv1a64_extend, FNV_OFFSET};
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
    /// FNV-1a 64 of those bytes (a resume checks the file against it).
    pub phh_digest: u64,
    /// FNV-1a 64 of the content above, in hexadecimal ([`Checkpoint::seal`]).
    pub digest: String,
}

impl Checkpoint {
    /// The digest of the checkpoint's content (everything but `digest`).
    pub fn content_digest(&self) -> String {
        let body = serde_json::to_vec(&(
            &self.inputs,
            &self.shard,
            &self.matches,
            &self.players,
            self.phh_bytes,
            self.phh_digest,
        ))
        .unwrap_or_default();
        format!("{:016x}", fnv1a64(&body))
    }
    /// Sets `digest` to the digest of the content.
    pub fn seal(&mut self) {
        self.digest = self.content_digest();
    }
    /// Whether `digest` matches the content (the file is as loki wrote it).
    pub fn is_sealed(&self) -> bool {
        self.digest == self.content_digest()
    }
}

/// Why a checkpoint has no player state at a table and seat.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeatStateError {
    /// No such table.
    #[error("the checkpoint has no table {0}")]
    NoTable(usize),
    /// No such seat.
    #[error("seat {0} is not a seat of the checkpoint's tournament")]
    NoSeat(usize),
    /// The seat's player keeps no state.
    #[error("seat {0} of the checkpoint keeps no state (not a Loki player)")]
    NoState(usize),
    /// A decision asked at another table size than the tournament's.
    #[error("a {0}-seat tournament: give --seats {0}")]
    OtherSeats(usize),
    /// The tournament's player list no longer expands.
    #[error("{0}")]
    Roster(String),
}

/// The player of a seat of a checkpointed tournament: its kind and its saved state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatedPlayer {
    /// The seat's kind (`SOM`, ...).
    pub kind: String,
    /// Its saved state.
    pub state: String,
}

impl Checkpoint {
    /// The player at `seat` of `table` for a decision at a table of `seats` seats (the
    /// tournament's): its kind from the player list and its saved state.
    ///
    /// # Errors
    /// Another table size, no such table or seat, a player without state.
    pub fn seated(
        &self,
        roster: &loki_agent::Roster,
        table: usize,
        seat: usize,
        seats: usize,
    ) -> Result<SeatedPlayer, SeatStateError> {
        if self.inputs.seats.len() != seats {
            return Err(SeatStateError::OtherSeats(self.inputs.seats.len()));
        }
        let state = self.seat_state(table, seat)?.to_string();
        let kind = roster
            .expand(&self.inputs.player_list)
            .map_err(|e| SeatStateError::Roster(e.to_string()))?
            .get(seat)
            .cloned()
            .ok_or(SeatStateError::NoSeat(seat))?;
        Ok(SeatedPlayer { kind, state })
    }

    /// The saved state of the player at `seat` of `table` (match x seats + rotation), for
    /// `loki advise --checkpoint`.
    ///
    /// # Errors
    /// No such table or seat, or a player without state.
    pub fn seat_state(&self, table: usize, seat: usize) -> Result<&str, SeatStateError> {
        self.players
            .get(table)
            .ok_or(SeatStateError::NoTable(table))?
            .get(seat)
            .ok_or(SeatStateError::NoSeat(seat))?
            .as_deref()
            .ok_or(SeatStateError::NoState(seat))
    }
}

/// The running digest of a hand-history file: FNV-1a 64 of its bytes so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HistoryDigest {
    /// Bytes so far.
    pub bytes: u64,
    /// Their FNV-1a 64.
    pub hash: u64,
}

impl Default for HistoryDigest {
    fn default() -> Self {
        HistoryDigest {
            bytes: 0,
            hash: FNV_OFFSET,
        }
    }
}

impl HistoryDigest {
    /// The digest after `more` bytes.
    pub fn extend(&mut self, more: &[u8]) {
        self.bytes += more.len() as u64;
        self.hash = fnv1a64_extend(self.hash, more);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_digest_is_fnv_of_all_bytes_in_pieces() {
        let mut d = HistoryDigest::default();
        d.extend(b"hello ");
        d.extend(b"world");
        assert_eq!(d.bytes, 11);
        assert_eq!(d.hash, fnv1a64(b"hello world"));
    }
}
