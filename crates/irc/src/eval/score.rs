//! Scoring one prediction: the bits of an action (negative log2-likelihood) and whether
//! it was the most likely class; the information gain and percentile rank of a revealed
//! pair in a weight table.
use crate::predict::{normalized, Probabilities};
use loki_cards::{CardSet, HoleCards, HOLDINGS};
use loki_engine::Action;

/// Every action class keeps at least this probability (mixed in uniformly; **ours**), so
/// that a model sure of an action is charged about 10 bits, not infinity, when wrong.
pub const ACTION_FLOOR: f64 = 1e-3;
/// The same for the pairs of a weight table (**ours**).
pub const PAIR_FLOOR: f64 = 1e-9;

/// Sums over decisions and showdown pairs.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Tally {
    /// Decisions scored.
    pub decisions: u64,
    /// Sum of bits.
    pub bits: f64,
    /// Correct predictions (a tie among the most likely classes counts 1/k).
    pub correct: f64,
    /// Revealed pairs scored.
    pub pairs: u64,
    /// Sum of information gains (bits over uniform).
    pub gain: f64,
    /// Sum of percentile ranks.
    pub percentile: f64,
}

impl Tally {
    /// Adds another tally.
    pub fn add(&mut self, o: &Tally) {
        self.decisions += o.decisions;
        self.bits += o.bits;
        self.correct += o.correct;
        self.pairs += o.pairs;
        self.gain += o.gain;
        self.percentile += o.percentile;
    }
    /// The four metrics: bits per decision, accuracy, bits gained, percentile (NaN
    /// where there is nothing to average).
    pub fn metrics(&self) -> [f64; 4] {
        let d = self.decisions as f64;
        let p = self.pairs as f64;
        [
            self.bits / d,
            self.correct / d,
            self.gain / p,
            self.percentile / p,
        ]
    }
}

/// Scores one decision: the probabilities (floored, renormalized) and the actual class.
/// Returns (bits, correct).
pub fn score_action(p: Probabilities, actual: Action) -> (f64, f64) {
    let p = normalized(p);
    let q = p.map(|x| (1.0 - 3.0 * ACTION_FLOOR) * x + ACTION_FLOOR);
    let bits = -q[actual].log2();
    let best = p.values().copied().fold(f64::NEG_INFINITY, f64::max);
    let ties = p.values().filter(|&&x| x == best).count() as f64;
    let correct = if p[actual] == best { 1.0 / ties } else { 0.0 };
    (bits, correct)
}

/// Scores a weight table (by holding index) for the revealed pair `actual` on `board`:
/// normalized over the pairs that use no board card (non-finite or negative weights count
/// as 0; all zero is uniform). Returns (bits gained over uniform, percentile rank: the
/// share of the other pairs with a larger weight, ties counting half).
pub fn score_pair(weights: Option<&[f64]>, actual: HoleCards, board: CardSet) -> (f64, f64) {
    let live: Vec<usize> = (0..HOLDINGS)
        .filter(|&h| HoleCards::from_index(h).is_ok_and(|c| c.set().is_disjoint(board)))
        .collect();
    let n = live.len() as f64;
    let w = |h: usize| {
        weights
            .and_then(|w| w.get(h).copied())
            .filter(|x| x.is_finite() && *x > 0.0)
            .unwrap_or(0.0)
    };
    let total: f64 = live.iter().map(|&h| w(h)).sum();
    let (p, mine, uniform) = if weights.is_none() || total <= 0.0 {
        (1.0 / n, 0.0, true)
    } else {
        let mine = w(actual.index());
        (mine / total, mine, false)
    };
    let p = (1.0 - PAIR_FLOOR) * p + PAIR_FLOOR / n;
    let gain = n.log2() + p.log2();
    let (mut above, mut tied) = (0.0, 0.0);
    for &h in &live {
        if h == actual.index() {
            continue;
        }
        let x = if uniform { 0.0 } else { w(h) };
        if x > mine {
            above += 1.0;
        } else if x == mine {
            tied += 1.0;
        }
    }
    (gain, (above + tied / 2.0) / (n - 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use loki_cards::parse_cards;
    use loki_engine::ByAction;

    #[test]
    fn action_scores() {
        let (bits, c) = score_action(ByAction::new(0.25, 0.5, 0.25), Action::Call);
        assert!((bits - -(0.997f64 * 0.5 + 0.001).log2()).abs() < 1e-12);
        assert_eq!(c, 1.0);
        let (_, c) = score_action(ByAction::new(0.4, 0.4, 0.2), Action::Fold);
        assert_eq!(c, 0.5);
        let (bits, c) = score_action(ByAction::new(0.0, 1.0, 0.0), Action::Fold);
        assert!((bits - -(0.001f64).log2()).abs() < 1e-12 && c == 0.0);
        // Uniform is log2(3) bits.
        let (bits, _) = score_action(ByAction::splat(1.0), Action::Raise);
        assert!((bits - 3f64.log2()).abs() < 1e-12);
    }

    #[test]
    fn pair_scores() {
        let board: CardSet = parse_cards("2c3d4h9sTs").unwrap().into_iter().collect();
        let aa: HoleCards = "AsAh".parse().unwrap();
        // Uniform: no gain, percentile one half.
        let (g, p) = score_pair(None, aa, board);
        assert!(g.abs() < 1e-6 && (p - 0.5).abs() < 1e-12);
        // All the weight on the actual pair: log2(1081) bits, percentile 0.
        let mut w = vec![0.0; HOLDINGS];
        w[aa.index()] = 1.0;
        let (g, p) = score_pair(Some(&w), aa, board);
        assert!((g - 1081f64.log2()).abs() < 1e-5 && p == 0.0);
        // Half the live pairs at weight 1 (the actual one among them): gain 1 bit.
        let mut w = vec![0.0; HOLDINGS];
        let live: Vec<usize> = (0..HOLDINGS)
            .filter(|&h| HoleCards::from_index(h).unwrap().set().is_disjoint(board))
            .collect();
        assert_eq!(live.len(), 1081);
        for &h in live.iter().step_by(2) {
            w[h] = 1.0;
        }
        let actual = HoleCards::from_index(live[0]).unwrap();
        let (g, _) = score_pair(Some(&w), actual, board);
        assert!((g - (1081f64 / 541.0).log2()).abs() < 1e-6);
        // Weights on board pairs are ignored.
        let mut w2 = w.clone();
        let on_board: HoleCards = "2c3d".parse().unwrap();
        w2[on_board.index()] = 1e6;
        assert_eq!(
            score_pair(Some(&w2), actual, board),
            score_pair(Some(&w), actual, board)
        );
    }
}
