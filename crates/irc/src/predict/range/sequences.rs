//! The likelihood of a player's whole action sequence in a post-flop round (for example
//! check, then raise) given its holding's EHS, counted over the earlier players who showed
//! down: P(sequence | EHS bucket, round, heads-up or not), shrunk towards P(sequence)
//! times how much likelier the same actions are in this bucket in any round and any
//! number of players (which learns three to six times faster), and smoothed over
//! neighbouring buckets. One factor per round instead of one per action avoids counting
//! the same hand strength twice within a round.
use crate::hand::Decision;
use loki_engine::Position;
use loki_engine::{Action, Round};
use std::collections::HashMap;

/// EHS buckets.
pub const BUCKETS: usize = 20;

/// The bucket of an EHS value.
pub fn bucket(e: f64) -> usize {
    ((e * BUCKETS as f64) as usize).min(BUCKETS - 1)
}

/// The key of a player's actions in a round: the sequence of checks, calls, bets and
/// raises (and a fold), the round, and whether more than two players were in at its first
/// action; `None` if the player did not act in the round.
pub fn key(decisions: &[Decision], position: Position, round: Round) -> Option<u64> {
    let mut code = 0u64;
    let mut multiway = None;
    for d in decisions
        .iter()
        .filter(|d| d.spot.position == position && d.spot.round == round)
    {
        let free = d.spot.to_call == 0;
        let symbol = match (d.class, free) {
            (Action::Call, true) => 1,
            (Action::Call, false) => 2,
            (Action::Raise, true) => 3,
            (Action::Raise, false) => 4,
            (Action::Fold, _) => 5,
        };
        multiway.get_or_insert(d.spot.live > 2);
        code = (code * 6 + symbol).min(1 << 40);
    }
    let multiway = multiway?;
    Some((((code << 2) | round.index() as u64) << 1) | u64::from(multiway))
}

/// The (round, multiway) part of a key.
fn context(key: u64) -> usize {
    (key & 7) as usize
}

/// Sequence counts by EHS bucket, per (round, multiway) context and pooled over them.
#[derive(Debug, Clone)]
pub struct Sequences {
    counts: HashMap<u64, [f64; BUCKETS]>,
    totals: [[f64; BUCKETS]; 8],
    pooled: HashMap<u64, [f64; BUCKETS]>,
    pooled_totals: [f64; BUCKETS],
}

impl Sequences {
    /// Nothing seen.
    pub fn new() -> Sequences {
        Sequences {
            counts: HashMap::new(),
            totals: [[0.0; BUCKETS]; 8],
            pooled: HashMap::new(),
            pooled_totals: [0.0; BUCKETS],
        }
    }

    /// P(sequence `key` | bucket `b`) with `prior` showdowns' worth of the pooled estimate
    /// and a share `smoothing` of each neighbouring bucket.
    pub fn likelihood(&self, key: u64, b: usize, prior: f64, smoothing: f64) -> f64 {
        let b = b.min(BUCKETS - 1);
        let smooth = |v: &[f64; BUCKETS]| {
            let lo = v[b.saturating_sub(1)];
            let hi = v[(b + 1).min(BUCKETS - 1)];
            (1.0 - 2.0 * smoothing) * v[b] + smoothing * (lo + hi)
        };
        // The sequence's share in its context, bucket-blind.
        let totals = &self.totals[context(key)];
        let counts = self.counts.get(&key);
        let n_all: f64 = totals.iter().sum();
        let seq_all: f64 = counts.map_or(0.0, |c| c.iter().sum());
        let p_seq = (seq_all + 0.5) / (n_all + 1.0);
        // The same actions in any round: how much more (or less) likely in this bucket.
        let pooled = self.pooled.get(&(key >> 3));
        let pooled_all: f64 = pooled.map_or(0.0, |c| c.iter().sum());
        let pooled_n: f64 = self.pooled_totals.iter().sum();
        let ratio = if pooled_all > 0.0 {
            let in_bucket = (pooled.map_or(0.0, smooth) + prior * pooled_all / pooled_n)
                / (smooth(&self.pooled_totals) + prior);
            in_bucket / (pooled_all / pooled_n)
        } else {
            1.0
        };
        let p = p_seq * ratio;
        (counts.map_or(0.0, smooth) + prior * p) / (smooth(totals) + prior)
    }

    /// Counts one sequence of a showdown player whose holding was in bucket `b`.
    pub fn learn(&mut self, key: u64, b: usize) {
        let b = b.min(BUCKETS - 1);
        self.counts.entry(key).or_insert([0.0; BUCKETS])[b] += 1.0;
        self.totals[context(key)][b] += 1.0;
        self.pooled.entry(key >> 3).or_insert([0.0; BUCKETS])[b] += 1.0;
        self.pooled_totals[b] += 1.0;
    }
}

impl Default for Sequences {
    fn default() -> Self {
        Sequences::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_learned_is_flat_and_counts_move_it() {
        let mut s = Sequences::new();
        // Heads-up river sequences: a bet, a check.
        let raise_river = ((4u64 << 2) | 3) << 1;
        for b in 0..BUCKETS {
            assert_eq!(s.likelihood(raise_river, b, 20.0, 0.15), 0.5);
        }
        for _ in 0..50 {
            s.learn(raise_river, BUCKETS - 1);
        }
        let check_river = ((1u64 << 2) | 3) << 1;
        for _ in 0..50 {
            s.learn(check_river, 2);
        }
        assert!(s.likelihood(raise_river, BUCKETS - 1, 20.0, 0.0) > 0.6);
        assert!(s.likelihood(raise_river, 2, 20.0, 0.0) < 0.4);
        // Smoothing lends a bucket some of its neighbours' counts.
        assert!(
            s.likelihood(raise_river, BUCKETS - 2, 20.0, 0.15)
                > s.likelihood(raise_river, BUCKETS - 2, 20.0, 0.0)
        );
        assert_eq!(bucket(1.0), BUCKETS - 1);
        assert_eq!(bucket(0.0), 0);
    }
}
