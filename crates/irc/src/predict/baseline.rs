//! The baselines: population frequencies per round and bets to call (0, 1, 2+), learned
//! from every decision seen so far, and per-player frequencies in the same 12 contexts
//! shrunk towards the population's (a Dirichlet prior worth [`PRIOR_WEIGHT`] decisions).
use super::{normalized, OpponentPredictor, Probabilities, PublicHand};
use crate::hand::{Decision, IrcHand, Spot};
use loki_engine::{ByAction, Position};
use std::collections::HashMap;

/// Weight of the population prior of `per-player`, in decisions (**ours**).
pub const PRIOR_WEIGHT: f64 = 5.0;

/// The context slot of a spot: round x bets to call (0, 1, 2+).
pub fn slot(spot: &Spot) -> usize {
    spot.round.index() * 3 + (spot.bets_to_call as usize).min(2)
}

/// Counts in the 12 contexts.
pub type Counts = [ByAction<f64>; 12];

/// Population frequencies (counts start at one per class).
#[derive(Debug, Clone)]
pub struct Population {
    counts: Counts,
}

impl Population {
    /// No decisions seen.
    pub fn new() -> Population {
        Population {
            counts: [ByAction::splat(1.0); 12],
        }
    }
    /// The frequencies of a context.
    pub fn frequencies(&self, slot: usize) -> Probabilities {
        normalized(self.counts[slot])
    }
    /// Counts one decision.
    pub fn record(&mut self, d: &Decision) {
        self.counts[slot(&d.spot)][d.class] += 1.0;
    }
}

impl Default for Population {
    fn default() -> Self {
        Population::new()
    }
}

impl OpponentPredictor for Population {
    fn begin_hand(&mut self, _: &PublicHand<'_>) {}
    fn predict(&mut self, _: &PublicHand<'_>, spot: &Spot) -> Probabilities {
        self.frequencies(slot(spot))
    }
    fn observe(&mut self, _: &PublicHand<'_>, d: &Decision) {
        self.record(d);
    }
    fn showdown_weights(&mut self, _: &PublicHand<'_>, _: Position) -> Option<Vec<f64>> {
        None
    }
    fn end_hand(&mut self, _: &IrcHand, _: &PublicHand<'_>) {}
}

/// Per-player frequencies with a population prior.
#[derive(Debug, Clone, Default)]
pub struct PerPlayer {
    population: Population,
    players: HashMap<u32, Counts>,
}

impl PerPlayer {
    /// No decisions seen.
    pub fn new() -> PerPlayer {
        PerPlayer::default()
    }
}

impl OpponentPredictor for PerPlayer {
    fn begin_hand(&mut self, _: &PublicHand<'_>) {}
    fn predict(&mut self, hand: &PublicHand<'_>, spot: &Spot) -> Probabilities {
        let s = slot(spot);
        let prior = self.population.frequencies(s);
        let id = hand.players()[spot.position];
        let own = self.players.get(&id).map_or(ByAction::splat(0.0), |c| c[s]);
        normalized(ByAction::from_fn(|a| own[a] + PRIOR_WEIGHT * prior[a]))
    }
    fn observe(&mut self, hand: &PublicHand<'_>, d: &Decision) {
        self.population.record(d);
        let id = hand.players()[d.spot.position];
        let counts = self.players.entry(id).or_insert([ByAction::splat(0.0); 12]);
        counts[slot(&d.spot)][d.class] += 1.0;
    }
    fn showdown_weights(&mut self, _: &PublicHand<'_>, _: Position) -> Option<Vec<f64>> {
        None
    }
    fn end_hand(&mut self, _: &IrcHand, _: &PublicHand<'_>) {}
}
