//! The players of a duplicate tournament (Billings et al. 1998, "Experiments"): which
//! kind sits in each seat, how each player is seeded, and the shared board analyses of a
//! batch of deals, built in parallel before the batch and held until it ends.
use crate::runner::PlayerFactory;
use loki_agent::{player_seed, Roster, RosterError, SeatedPlayer};
use loki_bot::board_cache::BoardRanges;
use loki_engine::Deal;
use std::sync::{Arc, Mutex};

/// The players of a duplicate tournament: seat `s` of rotation `r` of a match is a player
/// of `kinds[s]` named `names[s]`, seeded by [`player_seed`]`(match seed, r, s)`. Before each batch
/// it builds the batch's board analyses in parallel (every rotation needs them at the
/// same moment) and drops them after.
pub struct TournamentFactory {
    /// The roster.
    pub roster: Roster,
    /// The kind of each seat.
    pub kinds: Vec<String>,
    /// The name of each seat.
    pub names: Vec<String>,
    /// The board analyses of the batch being played.
    batch: Mutex<Vec<Arc<BoardRanges>>>,
    /// The board analyses of the next batch, built while this one is played.
    next: Mutex<Vec<Arc<BoardRanges>>>,
}

impl TournamentFactory {
    /// The players of `kinds` named `names`, built by `roster`.
    pub fn new(roster: Roster, kinds: Vec<String>, names: Vec<String>) -> Self {
        TournamentFactory {
            roster,
            kinds,
            names,
            batch: Mutex::new(Vec::new()),
            next: Mutex::new(Vec::new()),
        }
    }

    /// Builds the analyses of the deals' flops, turns and rivers in parallel (those
    /// already built are found in the cache).
    fn build(&self, deals: &[Deal]) -> Vec<Arc<BoardRanges>> {
        use rayon::prelude::*;
        let boards: Vec<&[loki_cards::Card]> = deals
            .iter()
            .flat_map(|d| [&d.board[..3], &d.board[..4], &d.board[..]])
            .collect();
        boards
            .par_iter()
            .filter_map(|b| self.roster.know.boards.get(b).ok())
            .collect()
    }
}

impl PlayerFactory for TournamentFactory {
    fn make(
        &self,
        seat: usize,
        rotation: usize,
        match_seed: u64,
    ) -> Result<SeatedPlayer, RosterError> {
        SeatedPlayer::build(
            &self.roster,
            &self.kinds[seat],
            &self.names[seat],
            player_seed(match_seed, rotation, seat),
        )
    }
    fn prepare_batch(&self, deals: &[Deal]) {
        let built = self.build(deals);
        *self.batch.lock().unwrap_or_else(|p| p.into_inner()) = built;
        self.next.lock().unwrap_or_else(|p| p.into_inner()).clear();
    }
    fn prefetch(&self, deals: &[Deal]) {
        let built = self.build(deals);
        *self.next.lock().unwrap_or_else(|p| p.into_inner()) = built;
    }
    fn end_batch(&self) {
        // Once no player holds them, the cache lets them go.
        self.batch.lock().unwrap_or_else(|p| p.into_inner()).clear();
    }
}
