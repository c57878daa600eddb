//! Our improved variant of the Loki models, "SOM+ctx" (and ablations of its hole-card
//! part): Loki's specific opponent model with context.
//!
//! * Actions: Loki counts each opponent's actions in 12 contexts (round x bets to call)
//!   and blends them linearly with default frequencies. Here the population's frequencies
//!   are counted in nested, finer contexts (Loki's 12; plus whether the player made the
//!   last bet or raise of the previous round, whether and how it already acted this round,
//!   bets and raises so far; plus players in the hand, players yet to act, whether a
//!   raise is legal; see [`super::features::Features`]; the counting is `loki-bot`'s
//!   [`ContextFrequencies`], which the SOMC player uses as its opponents' frequencies), each level shrunk towards the coarser one, and a
//!   player's own tendency is a multiplicative tilt per Loki context: the ratio of the
//!   actions it took to the actions the population frequencies expected in the same
//!   situations (both plus `model.context_tilt_prior`). A raise that is not legal gets
//!   probability 0.
//! * Hole cards: [`super::range`]. Its Loki-1 thresholds use the probabilities predicted
//!   here.
use super::features::features;
use super::range::{RangeConfig, RangeModel};
use super::{ModelSpec, OpponentPredictor, Probabilities, PublicHand};
use crate::hand::{Decision, IrcHand, Spot};
use loki_bot::config::ModelConfig;
use loki_bot::context_model::ContextFrequencies;
use loki_engine::{Position, Seat};

/// The improved variants.
pub fn models() -> Vec<ModelSpec> {
    vec![
        ModelSpec {
            name: "SOM+ctx",
            description: "SOM with context frequencies and per-player tilts; ranges learned from earlier showdowns plus Loki-1 thresholds",
            make: Box::new(|| with_ranges(true, true)),
        },
        ModelSpec {
            name: "SOM+ctx-pre",
            description: "SOM+ctx with its learned pre-flop ranges only (no re-weighting after the flop)",
            make: Box::new(|| with_ranges(false, false)),
        },
        ModelSpec {
            name: "SOM+ctx-thr",
            description: "SOM+ctx re-weighting after the flop by Loki-1 thresholds only",
            make: Box::new(|| with_ranges(false, true)),
        },
        ModelSpec {
            name: "SOM+ctx-seq",
            description: "SOM+ctx re-weighting after the flop by learned sequence likelihoods only",
            make: Box::new(|| with_ranges(true, false)),
        },
    ]
}

/// SOM+ctx re-weighting after the flop by learned sequence likelihoods and/or Loki-1
/// thresholds.
fn with_ranges(sequences: bool, thresholds: bool) -> Box<dyn OpponentPredictor> {
    Box::new(ContextModel::new(RangeConfig {
        sequences,
        thresholds,
        ..RangeConfig::default()
    }))
}

/// The context frequencies with the constants a player's SOMC model uses (**ours**, chosen
/// on the development month: `model.context_backoff`, `model.context_tilt_prior`).
pub fn action_model() -> ContextFrequencies {
    let m = ModelConfig::default();
    ContextFrequencies::new(m.context_backoff, m.context_tilt_prior)
}

/// SOM+ctx: context frequencies for actions, learned ranges for hole cards.
pub struct ContextModel {
    actions: ContextFrequencies,
    ranges: RangeModel,
    predicted: Vec<Probabilities>,
}

impl ContextModel {
    /// A model with the given constants.
    pub fn new(ranges: RangeConfig) -> ContextModel {
        ContextModel {
            actions: action_model(),
            ranges: RangeModel::new(ranges),
            predicted: Vec::new(),
        }
    }
}

impl OpponentPredictor for ContextModel {
    fn begin_hand(&mut self, _: &PublicHand<'_>) {
        self.predicted.clear();
    }
    fn predict(&mut self, hand: &PublicHand<'_>, spot: &Spot) -> Probabilities {
        let f = features(hand, spot);
        let p = self
            .actions
            .predict(Seat::new(hand.players()[spot.position] as usize), &f);
        self.predicted.truncate(spot.index);
        self.predicted.push(p);
        p
    }
    fn observe(&mut self, hand: &PublicHand<'_>, d: &Decision) {
        let before = PublicHand::new_before(hand);
        let f = features(&before, &d.spot);
        self.actions.record(
            Seat::new(hand.players()[d.spot.position] as usize),
            &f,
            d.class,
        );
    }
    fn showdown_weights(&mut self, hand: &PublicHand<'_>, position: Position) -> Option<Vec<f64>> {
        Some(self.ranges.weights(hand, position, &self.predicted))
    }
    fn end_hand(&mut self, hand: &IrcHand, view: &PublicHand<'_>) {
        self.ranges.learn(hand, view);
    }
}
