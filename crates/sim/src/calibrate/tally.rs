//! The sums behind a calibration table: per (observer kind, actor kind, round, action)
//! key, the sums over hands (clusters) of each measure, the ratio estimates with their
//! 95% intervals, and the rows in report order. Shared by the holdings' table
//! ([`super`]) and the action predictions' ([`super::actions`]).
use serde::Serialize;
use std::collections::BTreeMap;

/// The number of scores per action: bits, reference bits, gain, below, floor, reference
/// below (the action predictions have their own, [`super::actions::MEASURES`]).
pub(super) const MEASURES: usize = 6;

/// Round index 0 = all, 1..=3 flop, turn, river; action index 0 = all, 1..=4.
pub(super) const ROUNDS: [&str; 4] = ["all", "flop", "turn", "river"];

/// (observer kind, actor kind, round, action) as indices.
pub(super) type Key = (usize, usize, usize, usize);

/// Sums over hands (clusters) of one key: per measure Σy, Σy², Σy·n; and Σn, Σn², the
/// number of hands.
#[derive(Debug, Clone)]
pub(super) struct ClusterSums<const M: usize = MEASURES> {
    y: [f64; M],
    yy: [f64; M],
    yn: [f64; M],
    n: f64,
    nn: f64,
    clusters: u64,
}

impl<const M: usize> Default for ClusterSums<M> {
    fn default() -> Self {
        ClusterSums {
            y: [0.0; M],
            yy: [0.0; M],
            yn: [0.0; M],
            n: 0.0,
            nn: 0.0,
            clusters: 0,
        }
    }
}

impl<const M: usize> ClusterSums<M> {
    pub(super) fn add_cluster(&mut self, n: f64, y: &[f64; M]) {
        for (i, &v) in y.iter().enumerate() {
            self.y[i] += v;
            self.yy[i] += v * v;
            self.yn[i] += v * n;
        }
        self.n += n;
        self.nn += n * n;
        self.clusters += 1;
    }
    pub(super) fn merge(&mut self, o: &ClusterSums<M>) {
        for i in 0..M {
            self.y[i] += o.y[i];
            self.yy[i] += o.yy[i];
            self.yn[i] += o.yn[i];
        }
        self.n += o.n;
        self.nn += o.nn;
        self.clusters += o.clusters;
    }
    /// The ratio estimate Σy/Σn of measure `i` and its 95% half-width over clusters.
    pub(super) fn estimate(&self, i: usize) -> Estimate {
        if self.n <= 0.0 {
            return Estimate {
                mean: 0.0,
                ci95: f64::INFINITY,
            };
        }
        let r = self.y[i] / self.n;
        let c = self.clusters as f64;
        if self.clusters < 2 {
            return Estimate {
                mean: r,
                ci95: f64::INFINITY,
            };
        }
        let ss = (self.yy[i] - 2.0 * r * self.yn[i] + r * r * self.nn).max(0.0);
        let var = c / (c - 1.0) * ss / (self.n * self.n);
        Estimate {
            mean: r,
            ci95: 1.96 * var.sqrt(),
        }
    }
}

/// The scores of one table (or a whole run, merged in table order).
#[derive(Debug, Clone, Default)]
pub(super) struct Tally<const M: usize = MEASURES> {
    pub(super) sums: BTreeMap<Key, ClusterSums<M>>,
}

impl<const M: usize> Tally<M> {
    pub(super) fn merge(&mut self, o: &Tally<M>) {
        for (k, s) in &o.sums {
            self.sums.entry(*k).or_default().merge(s);
        }
    }
}

/// The scores of the hand being played, per key: (actions, Σ of each measure).
#[derive(Default)]
pub(super) struct HandScores<const M: usize = MEASURES>(BTreeMap<Key, (f64, [f64; M])>);

impl<const M: usize> HandScores<M> {
    pub(super) fn add(
        &mut self,
        observer: usize,
        actor: usize,
        round: usize,
        action: usize,
        y: [f64; M],
    ) {
        for key in [
            (observer, actor, 0, 0),
            (observer, actor, round, 0),
            (observer, actor, round, action),
        ] {
            let e = self.0.entry(key).or_insert((0.0, [0.0; M]));
            e.0 += 1.0;
            for (sum, v) in e.1.iter_mut().zip(y) {
                *sum += v;
            }
        }
    }
    pub(super) fn close(&mut self, tally: &mut Tally<M>) {
        for (k, (n, y)) in std::mem::take(&mut self.0) {
            tally.sums.entry(k).or_default().add_cluster(n, &y);
        }
    }
}

/// A mean with the half-width of its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// Half-width of the 95% interval (clusters: hands).
    pub ci95: f64,
}

/// What a row of a calibration table is about: one observer kind and one actor kind, in
/// one round and for one action (or all of them: "all"), and how many scores it holds.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RowKey {
    /// The observer's kind.
    pub observer: String,
    /// The actor's kind.
    pub actor: String,
    /// "flop", "turn", "river" or "all".
    pub round: String,
    /// "check", "bet", "call", "raise" (the action predictions: "fold" too) or "all".
    pub action: String,
    /// Actions scored (one per observer).
    pub events: u64,
    /// Hands they came from.
    pub hands: u64,
}

impl RowKey {
    /// Whether this is the row of `observer` x `actor` in `round` for `action`.
    pub fn is(&self, observer: &str, actor: &str, round: &str, action: &str) -> bool {
        self.observer == observer
            && self.actor == actor
            && self.round == round
            && self.action == action
    }
}

/// The rows of `tally` in report order: each observer kind x actor kind in the order of
/// `names`, "all" rounds and actions first, then each round's "all" and each action
/// (named by `actions`, "all" first).
pub(super) fn rows_of<const M: usize, R>(
    names: &[String],
    tally: &Tally<M>,
    actions: &[&str],
    row: impl Fn(RowKey, &ClusterSums<M>) -> R,
) -> Vec<R> {
    let mut rows = Vec::new();
    for (o, observer) in names.iter().enumerate() {
        for (a, actor) in names.iter().enumerate() {
            for (r, round) in ROUNDS.iter().enumerate() {
                for (c, action) in actions.iter().enumerate() {
                    if r == 0 && c != 0 {
                        continue;
                    }
                    let Some(s) = tally.sums.get(&(o, a, r, c)) else {
                        continue;
                    };
                    let key = RowKey {
                        observer: observer.clone(),
                        actor: actor.clone(),
                        round: round.to_string(),
                        action: action.to_string(),
                        events: s.n as u64,
                        hands: s.clusters,
                    };
                    rows.push(row(key, s));
                }
            }
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cluster_sums_give_the_ratio_and_a_cluster_interval() {
        let mut s = ClusterSums::default();
        // Two hands: 2 actions summing 1.0, 1 action of 2.0: ratio 3/3 = 1.
        s.add_cluster(2.0, &[1.0; MEASURES]);
        s.add_cluster(1.0, &[2.0; MEASURES]);
        let e = s.estimate(0);
        assert!((e.mean - 1.0).abs() < 1e-12);
        // residuals: 1 - 2 = -1, 2 - 1 = 1; var = 2/1 * 2 / 9.
        assert!((e.ci95 - 1.96 * (4.0f64 / 9.0).sqrt()).abs() < 1e-12);
    }
}
