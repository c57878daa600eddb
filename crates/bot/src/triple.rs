//! The probability triple (Peña 1999 §4, "Probability triples"): the probabilities
//! (fold, check/call, bet/raise) of the next action, summing to 1. This is the one
//! place triples live. Loki-2 uses them three ways: as its randomized betting strategy
//! (a pure rule's triple smoothed near its thresholds, then sampled), as the re-weighting
//! factor of an opponent's holdings (the entry of the observed action), and, in
//! simulations, as the generator of every player's later actions.
use loki_engine::{Action, ByAction};
use serde::Serialize;

/// Probabilities of fold, check/call and bet/raise (serialized as `[f, c, r]`).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
#[serde(transparent)]
pub struct ProbabilityTriple(ByAction<f64>);

impl ProbabilityTriple {
    /// A triple from [fold, call, raise] probabilities, each clamped to [0, 1] (NaN to
    /// 0) and normalized to sum 1 unless they already do within 1e-3 (rounded values,
    /// such as the reference cases' six decimals, are kept as given); all zero gives a
    /// pure call.
    pub fn new(p: impl Into<ByAction<f64>>) -> ProbabilityTriple {
        let p = p
            .into()
            .map(|x| if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) });
        let sum = p.total();
        if sum <= 0.0 {
            return ProbabilityTriple::pure(Action::Call);
        }
        if (sum - 1.0).abs() <= 1e-3 {
            return ProbabilityTriple(p);
        }
        ProbabilityTriple(p.map(|x| x / sum))
    }

    /// The triple of a pure (deterministic) strategy: 1 on `action`.
    pub fn pure(action: Action) -> ProbabilityTriple {
        let mut t = ByAction::splat(0.0);
        t[action] = 1.0;
        ProbabilityTriple(t)
    }

    /// The equal mixture of the given actions' pure triples (the rules evaluated at
    /// several points, each point weighing the same); an empty list gives a pure call.
    pub fn mixture(actions: &[Action]) -> ProbabilityTriple {
        if actions.is_empty() {
            return ProbabilityTriple::pure(Action::Call);
        }
        let share = 1.0 / actions.len() as f64;
        let mut t = ByAction::splat(0.0);
        for &a in actions {
            t[a] += share;
        }
        ProbabilityTriple(t)
    }

    /// Peña's second triple generator applied to an opponent: Loki-1's pure rule "raise
    /// at or above the raise threshold, call at or above the call threshold, else fold"
    /// on a hand value, with each boundary linearly interpolated over
    /// `[t - width, t + width]` (`width` is ours, configurable). A threshold at or below 0
    /// has no region below it: every value passes it.
    #[inline]
    pub fn from_thresholds(value: f64, raise_t: f64, call_t: f64, width: f64) -> ProbabilityTriple {
        let ramp = |t: f64| {
            if t <= 0.0 {
                // No holding is below a threshold of 0 (e.g. nobody folds when checking
                // is free): no ramp into the region below it.
                1.0
            } else {
                crate::figure3::ramp(value, t, width).clamp(0.0, 1.0)
            }
        };
        let p_raise = ramp(raise_t);
        let p_play = ramp(call_t.min(raise_t)).max(p_raise);
        ProbabilityTriple(ByAction::new(1.0 - p_play, p_play - p_raise, p_raise))
    }

    /// The triple with at least `p` on the passive action (check/call) whenever it bets
    /// or raises: the shortfall is taken from the raise (Peña: 0.2 on call "for
    /// deliberate slow-play").
    #[inline]
    pub fn with_min_passive(self, p: f64) -> ProbabilityTriple {
        let [f, c, r] = self.0 .0;
        if r <= 0.0 || c >= p {
            return self;
        }
        let moved = (p - c).min(r);
        ProbabilityTriple(ByAction::new(f, c + moved, r - moved))
    }

    /// The probability of an action.
    #[inline]
    pub fn get(self, action: Action) -> f64 {
        self.0[action]
    }

    /// [fold, call, raise].
    pub fn to_array(self) -> [f64; 3] {
        self.0 .0
    }

    /// The probability of each action.
    pub fn by_action(self) -> ByAction<f64> {
        self.0
    }

    /// The action drawn by one uniform number `u` in [0, 1) (Peña: fold if `u < f`, call
    /// if `u < f + c`, else raise).
    pub fn sample(self, u: f64) -> Action {
        let [f, c, _] = self.0 .0;
        if u < f {
            Action::Fold
        } else if u < f + c {
            Action::Call
        } else {
            Action::Raise
        }
    }
}

impl std::fmt::Display for ProbabilityTriple {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:.3}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threshold_triples_are_distributions() {
        for v in [0.0, 0.2, 0.29, 0.3, 0.31, 0.5, 0.69, 0.7, 0.75, 1.0] {
            let t = ProbabilityTriple::from_thresholds(v, 0.7, 0.3, 0.05).to_array();
            assert!((t.iter().sum::<f64>() - 1.0).abs() < 1e-12);
            assert!(t.iter().all(|x| (0.0..=1.0).contains(x)));
        }
        let t = |v| ProbabilityTriple::from_thresholds(v, 0.7, 0.3, 0.05).to_array();
        assert_eq!(t(1.0), [0.0, 0.0, 1.0]);
        assert_eq!(t(0.5), [0.0, 1.0, 0.0]);
        assert_eq!(t(0.0), [1.0, 0.0, 0.0]);
        assert_eq!(t(0.7), [0.0, 0.5, 0.5]);
        let q = t(0.275);
        assert!((q[0] - 0.75).abs() < 1e-12 && (q[1] - 0.25).abs() < 1e-12 && q[2] == 0.0);
    }

    #[test]
    fn sampling_follows_the_cumulative_order() {
        let t = ProbabilityTriple::new([0.2, 0.3, 0.5]);
        assert_eq!(t.sample(0.0), Action::Fold);
        assert_eq!(t.sample(0.199), Action::Fold);
        assert_eq!(t.sample(0.2), Action::Call);
        assert_eq!(t.sample(0.499), Action::Call);
        assert_eq!(t.sample(0.5), Action::Raise);
        assert_eq!(
            ProbabilityTriple::pure(Action::Fold).sample(0.99),
            Action::Fold
        );
    }

    #[test]
    fn slow_play_floor() {
        let aa = ProbabilityTriple::pure(Action::Raise).with_min_passive(0.2);
        assert!((aa.get(Action::Call) - 0.2).abs() < 1e-12);
        assert!((aa.get(Action::Raise) - 0.8).abs() < 1e-12);
        let weak = ProbabilityTriple::new([0.9, 0.0, 0.1]).with_min_passive(0.2);
        assert_eq!(weak.to_array(), [0.9, 0.1, 0.0]);
        let fold = ProbabilityTriple::pure(Action::Fold);
        assert_eq!(fold.with_min_passive(0.2), fold);
    }

    #[test]
    fn construction() {
        assert_eq!(
            ProbabilityTriple::new([2.0, 0.0, f64::NAN]),
            ProbabilityTriple::pure(Action::Fold)
        );
        assert_eq!(
            ProbabilityTriple::new([0.0, 0.0, 0.0]),
            ProbabilityTriple::pure(Action::Call)
        );
        let m = ProbabilityTriple::mixture(&[Action::Call, Action::Raise, Action::Raise]);
        assert!((m.get(Action::Raise) - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(
            serde_json::to_string(&m.to_array())
                .unwrap()
                .matches(',')
                .count(),
            2
        );
    }
}
