//! How far an opponent's actions follow its cards (ours; the paper's model assumes they
//! always do, "Known limits": players who mislead the model exploit it). Each
//! re-weighting is a likelihood law over the opponent's holdings (Figure 3's factor, or
//! Loki-2's triple entry). When the opponent's cards are shown, every re-weighting of
//! that hand is scored: the log of the law's factor for the shown holding over its mean
//! factor over the holdings it weighed — positive when the shown hand is one the action
//! made more likely, negative for a hand the model had nearly ruled out. The sum is the
//! log likelihood ratio between "the actions follow the cards as modeled" and "the
//! actions say nothing about the cards"; with a prior it gives the probability `trust`
//! that the model holds, and re-weighting mixes each factor with 1 by it
//! (`trust * factor + 1 - trust`). Against a player who bets and raises at random (the
//! ACPC example player) trust falls within a few showdowns and the model stops reading
//! strength into random raises; against a player whose actions follow its cards it
//! rises towards 1, which is Loki.
use crate::figure3::{FactorBody, Figure3};
use crate::reweight::Values;
use crate::triple::ProbabilityTriple;
use loki_engine::{Action, Round};
use serde::{Deserialize, Serialize};

/// Each event's score is bounded by adding this to both factors (ours): one hand played
/// against type (a bluff) costs at most about 2.5 nats instead of ln(0.01 / 0.5).
const SMOOTHING: f64 = 0.05;
/// The log likelihood ratio is kept within +-this (no certainty either way).
const BOUND: f64 = 20.0;

/// A re-weighting of this hand, waiting for the opponent's cards.
#[derive(Debug, Clone, PartialEq)]
pub struct PendingEvidence {
    /// The round of the re-weighting.
    pub round: Round,
    /// The law.
    pub law: Law,
    /// The law's mean factor over the holdings it weighed (weighted by the table before).
    pub mean: f64,
    /// The value its law read for each holding (income-rate percentiles pre-flop, the
    /// ranking of the round after the flop; NaN for a holding it left alone).
    pub values: std::sync::Arc<Values>,
}

impl PendingEvidence {
    /// The value the law read for holding index `h` (`None` if it left it alone).
    pub fn value(&self, h: usize) -> Option<f64> {
        self.values.get(h).copied().filter(|v| !v.is_nan())
    }
}

/// A re-weighting's likelihood law.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Law {
    /// Loki-1: Figure 3.
    Figure3(Figure3),
    /// Loki-2: the entry for `action` of the triple from these thresholds.
    Triple {
        /// Raise threshold.
        raise_t: f64,
        /// Call threshold.
        call_t: f64,
        /// Interpolation half-width.
        width: f64,
        /// Least probability of the passive action.
        min_passive: f64,
        /// The action observed.
        action: Action,
    },
}

impl Law {
    /// The factor of a holding of value `v`.
    #[inline]
    pub fn factor(&self, v: f64) -> f64 {
        self.with_factor(v)
    }
    /// Runs `body` with this law's factor, the law's kind matched once, here.
    #[inline(always)]
    pub fn with_factor<R>(&self, body: impl FactorBody<R>) -> R {
        match *self {
            Law::Figure3(f) => f.with_factor(body),
            Law::Triple {
                raise_t,
                call_t,
                width,
                min_passive,
                action,
            } => body.run(move |v| {
                ProbabilityTriple::from_thresholds(v, raise_t, call_t, width)
                    .with_min_passive(min_passive)
                    .get(action)
            }),
        }
    }
}

/// The evidence gathered on one opponent, kept across hands.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Trust {
    /// Summed log likelihood ratio (natural log).
    pub llr: f64,
    /// Re-weightings scored.
    pub scored: u32,
}

impl Trust {
    /// Scores one re-weighting whose holding turned out to have value `v`.
    pub fn score(&mut self, e: &PendingEvidence, v: f64) {
        self.score_law(&e.law, e.mean, v);
    }
    /// [`Trust::score`] from the re-weighting's law and mean factor alone.
    pub fn score_law(&mut self, law: &Law, mean: f64, v: f64) {
        let f = law.factor(v);
        let s = ((f + SMOOTHING) / (mean + SMOOTHING)).ln();
        if s.is_finite() {
            self.llr = (self.llr + s).clamp(-BOUND, BOUND);
            self.scored += 1;
        }
    }
    /// The probability that the actions follow the cards, from a prior probability.
    pub fn level(&self, prior: f64) -> f64 {
        let prior = prior.clamp(1e-6, 1.0 - 1e-6);
        1.0 / (1.0 + (1.0 - prior) / prior * (-self.llr).exp())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figure3(mu: f64) -> PendingEvidence {
        PendingEvidence {
            round: Round::Flop,
            law: Law::Figure3(Figure3 {
                mu,
                sigma: 0.1,
                divisor: 1.0,
                floor: 0.01,
            }),
            mean: 0.5,
            values: std::sync::Arc::new([f64::NAN; loki_cards::HOLDINGS]),
        }
    }

    #[test]
    fn strong_shown_hands_build_trust_random_ones_lose_it() {
        let e = figure3(0.5);
        let mut honest = Trust::default();
        let mut random = Trust::default();
        for i in 0..50 {
            // An honest raiser shows hands above the threshold; a random one anything.
            honest.score(&e, 0.6 + 0.4 * (i as f64 / 50.0));
            random.score(&e, i as f64 / 50.0);
        }
        assert!(honest.level(0.9) > 0.99, "{honest:?}");
        assert!(random.level(0.9) < 0.05, "{random:?}");
        assert!((Trust::default().level(0.9) - 0.9).abs() < 1e-12);
        // One bluff costs a bounded amount.
        let mut t = Trust::default();
        t.score(&e, 0.0);
        assert!(t.llr > -2.5 && t.llr < 0.0, "{t:?}");
    }

    #[test]
    fn triple_laws_read_the_action_entry() {
        let law = Law::Triple {
            raise_t: 0.7,
            call_t: 0.3,
            width: 0.05,
            min_passive: 0.0,
            action: Action::Raise,
        };
        assert_eq!(law.factor(1.0), 1.0);
        assert_eq!(law.factor(0.5), 0.0);
    }
}
