//! Our improved variant of the Loki models, "SOM+ctx" (and ablations of its hole-card
//! part): Loki's specific opponent model with context.
//!
//! * Actions: Loki counts each opponent's actions in 12 contexts (round x bets to call)
//!   and blends them linearly with default frequencies. Here the population's frequencies
//!   are counted in nested, finer contexts (Loki's 12; plus whether the player made the
//!   last bet or raise of the previous round, whether and how it already acted this round,
//!   bets and raises so far; plus players in the hand, players yet to act, whether a
//!   raise is legal; see [`Features`]), each level shrunk towards the coarser one, and a
//!   player's own tendency is a multiplicative tilt per Loki context: the ratio of the
//!   actions it took to the actions the population frequencies expected in the same
//!   situations (both plus [`ActionConfig::tilt_prior`]). A raise that is not legal gets
//!   probability 0.
//! * Hole cards: [`super::range`]. Its Loki-1 thresholds use the probabilities predicted
//!   here.
use super::features::Features;
use super::range::{RangeConfig, RangeModel};
use super::{normalized, ModelSpec, OpponentPredictor, Probabilities, PublicHand};
use crate::hand::{Decision, IrcHand, Spot};
use std::collections::HashMap;

/// The improved variants.
pub fn models() -> Vec<ModelSpec> {
    vec![
        ModelSpec {
            name: "SOM+ctx",
            description: "SOM with context frequencies and per-player tilts; ranges learned from earlier showdowns plus Loki-1 thresholds",
            make: || Box::new(ContextModel::new(ActionConfig::default(), RangeConfig::default())),
        },
        ModelSpec {
            name: "SOM+ctx-pre",
            description: "SOM+ctx with its learned pre-flop ranges only (no re-weighting after the flop)",
            make: || {
                Box::new(ContextModel::new(
                    ActionConfig::default(),
                    RangeConfig {
                        sequences: false,
                        thresholds: false,
                        ..RangeConfig::default()
                    },
                ))
            },
        },
        ModelSpec {
            name: "SOM+ctx-thr",
            description: "SOM+ctx re-weighting after the flop by Loki-1 thresholds only",
            make: || {
                Box::new(ContextModel::new(
                    ActionConfig::default(),
                    RangeConfig {
                        sequences: false,
                        ..RangeConfig::default()
                    },
                ))
            },
        },
        ModelSpec {
            name: "SOM+ctx-seq",
            description: "SOM+ctx re-weighting after the flop by learned sequence likelihoods only",
            make: || {
                Box::new(ContextModel::new(
                    ActionConfig::default(),
                    RangeConfig {
                        thresholds: false,
                        ..RangeConfig::default()
                    },
                ))
            },
        },
    ]
}

/// Constants of the context frequencies (**ours**, chosen on the development month).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ActionConfig {
    /// Weight, in decisions, of each coarser context's frequencies in a finer one.
    pub backoff: f64,
    /// Weight, in decisions, of "no tilt" in a player's tilt.
    pub tilt_prior: f64,
}

impl Default for ActionConfig {
    fn default() -> Self {
        ActionConfig {
            backoff: 5.0,
            tilt_prior: 3.0,
        }
    }
}

/// A player's observed and expected actions per Loki context.
#[derive(Debug, Clone, Default)]
struct Tilt {
    observed: [[f64; 3]; 12],
    expected: [[f64; 3]; 12],
}

/// Population frequencies in three nested context spaces and per-player tilts.
#[derive(Debug, Clone)]
pub struct ActionModel {
    cfg: ActionConfig,
    levels: [HashMap<u64, [f64; 3]>; 3],
    players: HashMap<u32, Tilt>,
}

impl ActionModel {
    /// Nothing seen yet.
    pub fn new(cfg: ActionConfig) -> ActionModel {
        ActionModel {
            cfg,
            levels: Default::default(),
            players: HashMap::new(),
        }
    }
    /// The population's frequencies in the context of `f`.
    pub fn population(&self, f: &Features) -> Probabilities {
        let mut p = [1.0 / 3.0; 3];
        let a = self.cfg.backoff;
        for (level, key) in self.levels.iter().zip(f.keys()) {
            let c = level.get(&key).copied().unwrap_or_default();
            let n: f64 = c.iter().sum();
            p = [0, 1, 2].map(|i| (c[i] + a * p[i]) / (n + a));
        }
        if !f.can_raise {
            p[2] = 0.0;
        }
        normalized(p)
    }
    /// The prediction for player `id` in the context of `f`.
    pub fn predict(&self, id: u32, f: &Features) -> Probabilities {
        let pop = self.population(f);
        let Some(t) = self.players.get(&id) else {
            return pop;
        };
        let c = f.coarse();
        let k = self.cfg.tilt_prior;
        normalized([0, 1, 2].map(|i| pop[i] * (t.observed[c][i] + k) / (t.expected[c][i] + k)))
    }
    /// Learns one decision of player `id` (class 0 fold, 1 check/call, 2 bet/raise).
    pub fn record(&mut self, id: u32, f: &Features, class: usize) {
        let class = class.min(2);
        let pop = self.population(f);
        let c = f.coarse();
        let t = self.players.entry(id).or_default();
        for (e, p) in t.expected[c].iter_mut().zip(pop) {
            *e += p;
        }
        t.observed[c][class] += 1.0;
        for (level, key) in self.levels.iter_mut().zip(f.keys()) {
            level.entry(key).or_default()[class] += 1.0;
        }
    }
}

/// SOM+ctx: context frequencies for actions, learned ranges for hole cards.
pub struct ContextModel {
    actions: ActionModel,
    ranges: RangeModel,
    predicted: Vec<Probabilities>,
}

impl ContextModel {
    /// A model with the given constants.
    pub fn new(actions: ActionConfig, ranges: RangeConfig) -> ContextModel {
        ContextModel {
            actions: ActionModel::new(actions),
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
        let f = Features::of(hand, spot);
        let p = self.actions.predict(hand.players()[spot.position], &f);
        self.predicted.truncate(spot.index);
        self.predicted.push(p);
        p
    }
    fn observe(&mut self, hand: &PublicHand<'_>, d: &Decision) {
        let before = PublicHand::new_before(hand);
        let f = Features::of(&before, &d.spot);
        self.actions
            .record(hand.players()[d.spot.position], &f, d.class as usize);
    }
    fn showdown_weights(&mut self, hand: &PublicHand<'_>, position: usize) -> Option<Vec<f64>> {
        Some(self.ranges.weights(hand, position, &self.predicted))
    }
    fn end_hand(&mut self, hand: &IrcHand, view: &PublicHand<'_>) {
        self.ranges.learn(hand, view);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn features(can_raise: bool, aggressor: bool) -> Features {
        Features {
            round: 1,
            to_call: 0,
            live: 0,
            unacted: 0,
            acted: 0,
            aggressor,
            raises: 0,
            can_raise,
        }
    }

    #[test]
    fn contexts_and_tilts_separate_what_loki_lumps_together() {
        let mut m = ActionModel::new(ActionConfig::default());
        let (agg, other) = (features(true, true), features(true, false));
        // The previous round's aggressor bets the flop, the others check; player 7
        // checks even as the aggressor.
        for _ in 0..200 {
            m.record(1, &agg, 2);
            m.record(2, &other, 1);
        }
        for _ in 0..30 {
            m.record(7, &agg, 1);
        }
        assert!(m.population(&agg)[2] > 0.8);
        assert!(m.population(&other)[1] > 0.9);
        assert!(m.predict(7, &agg)[2] < 0.5 * m.population(&agg)[2]);
        assert_eq!(m.predict(99, &agg), m.population(&agg));
        // A raise that is not legal has probability 0.
        assert_eq!(m.population(&features(false, true))[2], 0.0);
        let p = m.predict(1, &features(false, true));
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12 && p[2] == 0.0);
    }
}
