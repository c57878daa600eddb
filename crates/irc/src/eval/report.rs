//! Totals and 95% bootstrap intervals over hands: every resample draws the scored hands
//! with replacement (one seeded stream per resample, so the intervals do not depend on
//! the number of threads) and recomputes each model's metrics, for all players, humans
//! and bots, and the paired differences between models on the same hands.
use super::score::Tally;
use super::{EvalOptions, Evaluation};
use loki_cards::{rng_from_seed, uniform_below};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;

/// The metrics of a group of decisions and pairs.
#[derive(Debug, Clone, Default, Serialize, PartialEq)]
pub struct GroupReport {
    /// Decisions scored.
    pub decisions: u64,
    /// Mean negative log2-likelihood of the actual action.
    pub bits_per_decision: f64,
    /// Its 95% bootstrap interval.
    pub bits_per_decision_ci95: [f64; 2],
    /// Share of decisions whose action was the most likely class.
    pub accuracy: f64,
    /// Its 95% bootstrap interval.
    pub accuracy_ci95: [f64; 2],
    /// Revealed pairs scored.
    pub showdown_pairs: u64,
    /// Mean information gain over uniform, in bits.
    pub holecard_bits_gained: f64,
    /// Its 95% bootstrap interval.
    pub holecard_bits_gained_ci95: [f64; 2],
    /// Mean percentile rank of the actual pair (0 best, uniform 0.5).
    pub holecard_percentile: f64,
    /// Its 95% bootstrap interval.
    pub holecard_percentile_ci95: [f64; 2],
}

/// A paired difference (this model minus another) on the same decisions and pairs.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Difference {
    /// Bits per decision (negative: this model predicts better).
    pub bits_per_decision: f64,
    /// Its 95% bootstrap interval.
    pub bits_per_decision_ci95: [f64; 2],
    /// Accuracy.
    pub accuracy: f64,
    /// Its 95% bootstrap interval.
    pub accuracy_ci95: [f64; 2],
    /// Hole-card bits gained.
    pub holecard_bits_gained: f64,
    /// Its 95% bootstrap interval.
    pub holecard_bits_gained_ci95: [f64; 2],
    /// Hole-card percentile.
    pub holecard_percentile: f64,
    /// Its 95% bootstrap interval.
    pub holecard_percentile_ci95: [f64; 2],
}

/// One model's report.
#[derive(Debug, Clone, Default, Serialize, PartialEq)]
pub struct ModelReport {
    /// All players.
    #[serde(flatten)]
    pub all: GroupReport,
    /// Players whose names do not mark them as bots.
    pub humans: GroupReport,
    /// Players whose names mark them as bots (`*bot*`).
    pub bots: GroupReport,
    /// This model minus each other model.
    pub differences: BTreeMap<String, Difference>,
}

/// The report of an evaluation: one entry per model, in order.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Report {
    /// (name, report) per model.
    pub models: Vec<(String, ModelReport)>,
    /// Scored hands.
    pub hands: usize,
}

impl Report {
    /// `loki irc eval --json`: one object keyed by model name, in report order.
    pub fn json(&self) -> serde_json::Value {
        serde_json::Value::Object(
            self.models
                .iter()
                .map(|(n, m)| (n.clone(), serde_json::to_value(m).unwrap_or_default()))
                .collect(),
        )
    }
}

/// Groups: all, humans, bots.
fn groups(t: &[Tally; 2]) -> [Tally; 3] {
    let mut all = t[0];
    all.add(&t[1]);
    [all, t[0], t[1]]
}

fn interval(mut v: Vec<f64>) -> [f64; 2] {
    v.retain(|x| x.is_finite());
    if v.is_empty() {
        return [f64::NAN; 2];
    }
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v[((q * (v.len() - 1) as f64).round() as usize).min(v.len() - 1)];
    [at(0.025), at(0.975)]
}

/// Metrics [model][group][metric] of a set of totals.
type Metrics = Vec<[[f64; 4]; 3]>;

fn metrics(totals: &[[Tally; 3]]) -> Metrics {
    totals.iter().map(|g| g.map(|t| t.metrics())).collect()
}

fn totals(eval: &Evaluation, draw: impl Iterator<Item = usize>) -> Vec<[Tally; 3]> {
    let mut out = vec![[Tally::default(); 3]; eval.models.len()];
    for i in draw {
        for (m, t) in eval.hands[i].iter().enumerate() {
            let g = groups(t);
            for k in 0..3 {
                out[m][k].add(&g[k]);
            }
        }
    }
    out
}

/// Totals, intervals and paired differences.
pub fn report(eval: &Evaluation, opts: &EvalOptions) -> Report {
    let n = eval.hands.len();
    let tot = totals(eval, 0..n);
    let point = metrics(&tot);
    let samples: Vec<Metrics> = (0..opts.resamples)
        .into_par_iter()
        .map(|r| {
            let mut rng = rng_from_seed(opts.seed ^ (r as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let draw = (0..n).map(move |_| uniform_below(&mut rng, n as u32) as usize);
            metrics(&totals(eval, draw))
        })
        .collect();
    let ci = |f: &dyn Fn(&Metrics) -> f64| interval(samples.iter().map(f).collect());
    let models = eval
        .models
        .iter()
        .enumerate()
        .map(|(m, name)| {
            let group = |g: usize| {
                let t = tot[m][g];
                let k = |x: usize| ci(&|s: &Metrics| s[m][g][x]);
                GroupReport {
                    decisions: t.decisions,
                    bits_per_decision: point[m][g][0],
                    bits_per_decision_ci95: k(0),
                    accuracy: point[m][g][1],
                    accuracy_ci95: k(1),
                    showdown_pairs: t.pairs,
                    holecard_bits_gained: point[m][g][2],
                    holecard_bits_gained_ci95: k(2),
                    holecard_percentile: point[m][g][3],
                    holecard_percentile_ci95: k(3),
                }
            };
            let differences = eval
                .models
                .iter()
                .enumerate()
                .filter(|(o, _)| *o != m)
                .map(|(o, other)| {
                    let d = |x: usize| point[m][0][x] - point[o][0][x];
                    let k = |x: usize| ci(&|s: &Metrics| s[m][0][x] - s[o][0][x]);
                    (
                        other.clone(),
                        Difference {
                            bits_per_decision: d(0),
                            bits_per_decision_ci95: k(0),
                            accuracy: d(1),
                            accuracy_ci95: k(1),
                            holecard_bits_gained: d(2),
                            holecard_bits_gained_ci95: k(2),
                            holecard_percentile: d(3),
                            holecard_percentile_ci95: k(3),
                        },
                    )
                })
                .collect();
            (
                name.clone(),
                ModelReport {
                    all: group(0),
                    humans: group(1),
                    bots: group(2),
                    differences,
                },
            )
        })
        .collect();
    Report { models, hands: n }
}
