//! Pre-flop ranges learned from earlier showdowns: the distribution of the 169 starting
//! hands among all players who showed down (shrunk towards their combinations times their
//! income-rate percentile, Loki's pre-flop ranking, for hands not yet seen),
//! tilted by strength group towards the distribution after the player's pre-flop line,
//! the same line at this table size, and the player's own showdown hands.
//!
//! A strength group is a tenth of the 1,326 holdings, ranked by how often (per
//! combination) their starting hand was shown down so far; tilts over 10 groups instead of
//! 169 classes keep the sparse per-line and per-player counts from overfitting.
use super::RangeConfig;
use crate::hand::Decision;
use loki_cards::{HoleCards, StartingHand, HOLDINGS, STARTING_HANDS};
use loki_engine::Position;
use loki_engine::{Action, Round};
use std::collections::HashMap;
use std::sync::OnceLock;

/// Strength groups of the tilts.
pub const GROUPS: usize = 10;
/// Hands between two re-rankings of the strength groups.
const REGROUP_EVERY: usize = 500;

/// The starting-hand class (0..169) of holding index `h`.
pub fn class_of(h: usize) -> usize {
    static C: OnceLock<Vec<u8>> = OnceLock::new();
    let c = C.get_or_init(|| {
        (0..HOLDINGS)
            .map(|h| HoleCards::from_index(h).map_or(0, |hc| StartingHand::of(hc).index() as u8))
            .collect()
    });
    usize::from(c.get(h).copied().unwrap_or(0))
}

/// Combinations of each starting-hand class (6 pairs, 4 suited, 12 offsuit).
fn combos() -> &'static [f64; STARTING_HANDS] {
    static C: OnceLock<[f64; STARTING_HANDS]> = OnceLock::new();
    C.get_or_init(|| {
        let mut c = [0.0; STARTING_HANDS];
        for h in 0..HOLDINGS {
            c[class_of(h)] += 1.0;
        }
        c
    })
}

/// The share of each starting hand among showdown hands before any is seen: its
/// combinations times its income-rate percentile at this table size to the power
/// `exponent` (0: the combinations alone).
fn income_shape(seats: usize, exponent: f64) -> [f64; STARTING_HANDS] {
    static PCT: OnceLock<Vec<[f64; STARTING_HANDS]>> = OnceLock::new();
    let all = PCT.get_or_init(|| {
        let rates = loki_assess::IncomeRates::compiled();
        (2..=10)
            .map(|n| {
                let ir: Vec<f64> = StartingHand::all()
                    .map(|k| rates.get(n, k).unwrap_or(0.0))
                    .collect();
                // Percentile over the 1,326 holdings (by combinations).
                let combos = combos();
                std::array::from_fn(|k| {
                    let below: f64 = (0..STARTING_HANDS)
                        .filter(|&j| ir[j] < ir[k])
                        .map(|j| combos[j])
                        .sum();
                    (below + combos[k] / 2.0) / HOLDINGS as f64
                })
            })
            .collect()
    });
    let pct = &all[seats.clamp(2, 10) - 2];
    let combos = combos();
    let raw: [f64; STARTING_HANDS] = std::array::from_fn(|k| combos[k] * pct[k].powf(exponent));
    let sum: f64 = raw.iter().sum();
    raw.map(|x| x / sum)
}

/// A player's pre-flop line: the class of its first decision, the bets and raises before
/// it, whether it raised at some point, whether it acted more than once (0: no decision).
pub fn line(decisions: &[Decision], position: Position) -> u32 {
    let mine: Vec<&Decision> = decisions
        .iter()
        .filter(|d| d.spot.position == position && d.spot.round == Round::Preflop)
        .collect();
    let Some(first) = mine.first() else {
        return 0;
    };
    let raised = mine.iter().any(|d| d.class == Action::Raise);
    let again = mine.len() > 1;
    let before = first.spot.bets_this_round.min(3);
    1 + ((first.class as u32 * 4 + before) * 2 + u32::from(raised)) * 2 + u32::from(again)
}

/// A line at a table size (2, 3-4, 5-7, 8-10 players).
fn sized(line: u32, seats: usize) -> u32 {
    let size = match seats {
        0..=2 => 0,
        3..=4 => 1,
        5..=7 => 2,
        _ => 3,
    };
    (1 << 20) + line * 4 + size
}

/// Counts of shown starting hands.
#[derive(Debug, Clone)]
pub struct PreflopRanges {
    all: [f64; STARTING_HANDS],
    by_line: HashMap<u32, [f64; STARTING_HANDS]>,
    by_player: HashMap<u32, [f64; STARTING_HANDS]>,
    groups: [u8; STARTING_HANDS],
    hands: usize,
}

impl PreflopRanges {
    /// Nothing seen.
    pub fn new() -> PreflopRanges {
        PreflopRanges {
            all: [0.0; STARTING_HANDS],
            by_line: HashMap::new(),
            by_player: HashMap::new(),
            groups: [0; STARTING_HANDS],
            hands: 0,
        }
    }

    fn grouped(&self, by_class: &[f64; STARTING_HANDS]) -> [f64; GROUPS] {
        let mut c = [0.0; GROUPS];
        for (k, x) in by_class.iter().enumerate() {
            c[usize::from(self.groups[k])] += x;
        }
        c
    }

    /// The weight of each starting hand, per combination.
    pub fn weights(
        &self,
        line: u32,
        seats: usize,
        id: u32,
        cfg: &RangeConfig,
    ) -> [f64; STARTING_HANDS] {
        let combos = combos();
        let total: f64 = self.all.iter().sum();
        let a = cfg.preflop_prior;
        let shape = income_shape(seats, cfg.income_exponent);
        let p: [f64; STARTING_HANDS] =
            std::array::from_fn(|k| (self.all[k] + a * shape[k]) / (total + a));
        let mut group = [0.0; GROUPS];
        for (k, x) in p.iter().enumerate() {
            group[usize::from(self.groups[k])] += x;
        }
        let mut levels: Vec<(Option<&[f64; STARTING_HANDS]>, f64)> =
            vec![(self.by_line.get(&line), cfg.line_prior)];
        if cfg.sized_lines {
            levels.push((self.by_line.get(&sized(line, seats)), cfg.line_prior));
        }
        if cfg.player_prior > 0.0 {
            levels.push((self.by_player.get(&id), cfg.player_prior));
        }
        let mut tilt = [1.0; GROUPS];
        for (counts, k) in levels {
            let Some(c) = counts else { continue };
            let c = self.grouped(c);
            let n: f64 = c.iter().sum();
            let q: [f64; GROUPS] = std::array::from_fn(|g| group[g] * tilt[g]);
            let qs: f64 = q.iter().sum();
            for g in 0..GROUPS {
                let prior = q[g] / qs;
                if prior > 0.0 {
                    tilt[g] *= (c[g] + k * prior) / (n + k) / prior;
                }
            }
        }
        std::array::from_fn(|k| p[k] * tilt[usize::from(self.groups[k])] / combos[k])
    }

    /// Counts one shown hand.
    pub fn learn(&mut self, class: usize, line: u32, seats: usize, id: u32) {
        let class = class.min(STARTING_HANDS - 1);
        self.all[class] += 1.0;
        for key in [line, sized(line, seats)] {
            self.by_line.entry(key).or_insert([0.0; STARTING_HANDS])[class] += 1.0;
        }
        self.by_player.entry(id).or_insert([0.0; STARTING_HANDS])[class] += 1.0;
    }

    /// A hand ended: re-ranks the strength groups every 500 hands.
    pub fn end_hand(&mut self) {
        if self.hands % REGROUP_EVERY == 0 {
            let combos = combos();
            let mut order: Vec<usize> = (0..STARTING_HANDS).collect();
            order.sort_by(|&a, &b| {
                (self.all[b] / combos[b])
                    .total_cmp(&(self.all[a] / combos[a]))
                    .then(a.cmp(&b))
            });
            let mut acc = 0.0;
            for k in order {
                self.groups[k] =
                    ((acc / HOLDINGS as f64 * GROUPS as f64) as usize).min(GROUPS - 1) as u8;
                acc += combos[k];
            }
        }
        self.hands += 1;
    }
}

impl Default for PreflopRanges {
    fn default() -> Self {
        PreflopRanges::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(s: &str) -> usize {
        class_of(s.parse::<HoleCards>().unwrap().index())
    }

    #[test]
    fn shown_hands_raise_their_weight() {
        let cfg = RangeConfig::default();
        let mut p = PreflopRanges::new();
        // Nothing learned: the income-rate prior, or the same weight for every
        // combination without it.
        let w = p.weights(1, 6, 0, &cfg);
        assert!(w[class("AsAh")] > 5.0 * w[class("7c2d")]);
        let flat = RangeConfig {
            income_exponent: 0.0,
            ..cfg
        };
        let w = p.weights(1, 6, 0, &flat);
        assert!((w[class("AsAh")] - w[class("7c2d")]).abs() < 1e-15);
        p.end_hand();
        for _ in 0..300 {
            p.learn(class("AsAh"), 5, 6, 0);
            p.learn(class("KdQd"), 5, 6, 0);
            p.end_hand();
        }
        let w = p.weights(5, 6, 0, &cfg);
        assert!(w[class("AsAh")] > 10.0 * w[class("7c2d")]);
        // Per combination: AA (6 combos) and KQs (4) were shown equally often.
        assert!(w[class("KdQd")] > w[class("AsAh")]);
        assert_eq!(combos().iter().sum::<f64>(), 1326.0);
    }
}
