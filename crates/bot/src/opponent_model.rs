//! One opponent's model (Billings et al. 1998, "Weighting the Enumeration" and
//! "Computing Initial Weights"; Papp 1998 §7.2; Peña 1999 §4): a weight table over the
//! 1,326 holdings, reset every hand, and action statistics kept across hands.
//!
//! * Pre-flop, every action re-weights by income rate: the frequencies give a threshold
//!   percentile (raise: `1 - F(raise)`; call: that minus `F(call)`), mapped to an income
//!   rate through the sorted income rates of the 1,326 holdings for the number of players
//!   dealt in (Papp §7.2.2); sigma is a percentile width (ours). This builds the initial
//!   weights the flop starts from (all player kinds, BPM's "crude initial weights"
//!   included).
//! * Post-flop (GOM and SOM): the same threshold rule on the EHS scale, each holding
//!   ranked by its range-table EHS (HS1 and exact PPot, as its owner sees it), Figure 3's
//!   factor clamped to [0.01, 1] and the weight floored at 0.01; at most one re-weighting
//!   per model per round, from the copy saved at the start of the round, repeated only for
//!   an action that needs a higher threshold (Papp §7.2.1).
//! * Loki-2: after every post-flop action the weight is multiplied by the probability
//!   triple's entry for the action (floored at 0.01), the triple generated per holding
//!   from thresholds averaged over the historic frequencies and the last 20 actions.
use crate::config::ModelConfig;
use crate::frequencies::{thresholds, ActionFrequencies, ActionStats, Context, FrequencyTable};
use crate::reweight::{percentile_value, reweight_table, reweighted_by_triple};
use crate::triple::ProbabilityTriple;
use loki_assess::WeightTable;
use loki_engine::{Action, Round};
use serde::{Deserialize, Serialize};

/// How a model interprets actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ModelMode {
    /// Pre-flop initial weights only, no post-flop re-weighting (BPM, BPT, BPL).
    InitialOnly,
    /// Generic modeling: default frequencies for every opponent (GOM).
    Generic,
    /// Specific modeling: observed frequencies blended with the defaults (SOM).
    Specific,
    /// Loki-2: specific frequencies with the last-20 window, probability-triple re-weighting.
    Loki2,
}

/// The income-rate ranking of the 1,326 holdings for one table size.
#[derive(Debug, Clone)]
pub struct PreflopRanking {
    /// Income rate of each holding, by holding index.
    pub by_holding: Vec<f64>,
    /// The same values sorted ascending.
    pub sorted: Vec<f64>,
}

impl PreflopRanking {
    /// Builds the ranking from income rates per holding index.
    pub fn new(by_holding: Vec<f64>) -> PreflopRanking {
        let mut sorted = by_holding.clone();
        sorted.sort_by(f64::total_cmp);
        PreflopRanking { by_holding, sorted }
    }
}

/// What one re-weighting did (for traces).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Reweighting {
    /// The round.
    pub round: Round,
    /// Threshold (income rate pre-flop, EHS post-flop).
    pub mu: f64,
    /// Spread.
    pub sigma: f64,
}

/// One opponent's model.
#[derive(Debug, Clone)]
pub struct OpponentModel {
    /// Action statistics in the 36 categories, kept across hands.
    pub stats: ActionStats,
    weights: WeightTable,
    round_start: WeightTable,
    round: Option<Round>,
    round_threshold: f64,
    last: Option<Reweighting>,
}

impl OpponentModel {
    /// A fresh model.
    pub fn new(cfg: &ModelConfig) -> OpponentModel {
        OpponentModel {
            stats: ActionStats::new(cfg.window),
            weights: WeightTable::uniform(),
            round_start: WeightTable::uniform(),
            round: None,
            round_threshold: f64::NEG_INFINITY,
            last: None,
        }
    }
    /// Resets the weight table for a new hand (statistics are kept).
    pub fn begin_hand(&mut self) {
        self.weights.fill(1.0);
        self.round = None;
        self.round_threshold = f64::NEG_INFINITY;
        self.last = None;
    }
    /// The current weights.
    pub fn weights(&self) -> &WeightTable {
        &self.weights
    }
    /// The last Loki-1 re-weighting (mu, sigma), if any this hand.
    pub fn last_reweighting(&self) -> Option<Reweighting> {
        self.last
    }
    fn enter_round(&mut self, round: Round) {
        if self.round != Some(round) {
            self.round = Some(round);
            self.round_start.copy_from(&self.weights);
            self.round_threshold = f64::NEG_INFINITY;
        }
    }

    /// The frequencies this model uses in a context.
    pub fn frequencies(
        &self,
        mode: ModelMode,
        ctx: Context,
        defaults: &FrequencyTable,
        cfg: &ModelConfig,
    ) -> ActionFrequencies {
        let d = defaults.get(ctx);
        match mode {
            ModelMode::InitialOnly | ModelMode::Generic => d,
            ModelMode::Specific => self.stats.blended(ctx, d, cfg.min_observations),
            ModelMode::Loki2 => {
                let h = self.stats.blended(ctx, d, cfg.min_observations);
                let r = self.stats.recent_blended(ctx, d, cfg.min_observations);
                [0, 1, 2].map(|i| 0.5 * (h[i] + r[i]))
            }
        }
    }

    /// Updates the weights for one observed action (call `stats.record` separately, after
    /// this, so that an action does not explain itself). `ehs` gives the range-table EHS of
    /// a holding post-flop (`None` for holdings touching the board); `ranking` the income
    /// rates pre-flop. Returns whether the weights changed.
    #[allow(clippy::too_many_arguments)]
    pub fn observe(
        &mut self,
        mode: ModelMode,
        ctx: Context,
        action: Action,
        defaults: &FrequencyTable,
        cfg: &ModelConfig,
        ranking: &PreflopRanking,
        ehs: &dyn Fn(usize) -> Option<f64>,
    ) -> bool {
        self.enter_round(ctx.round);
        if action == Action::Fold {
            return false;
        }
        let f = self.frequencies(mode, ctx, defaults, cfg);
        let (raise_t, call_t) = thresholds(f);
        if ctx.round == Round::Preflop {
            let pct = if action == Action::Raise {
                raise_t
            } else {
                call_t
            };
            if pct <= self.round_threshold {
                return false;
            }
            self.round_threshold = pct;
            let mu = percentile_value(&ranking.sorted, pct);
            let lo = percentile_value(&ranking.sorted, pct - cfg.preflop_sigma);
            let hi = percentile_value(&ranking.sorted, pct + cfg.preflop_sigma);
            let sigma = ((hi - lo) / 2.0).max(1e-9);
            reweight_table(
                &self.round_start,
                &mut self.weights,
                mu,
                sigma,
                cfg.floor,
                |h| ranking.by_holding.get(h).copied(),
            );
            self.last = Some(Reweighting {
                round: ctx.round,
                mu,
                sigma,
            });
            return true;
        }
        match mode {
            ModelMode::InitialOnly => false,
            ModelMode::Generic | ModelMode::Specific => {
                let (mu, freq) = if action == Action::Raise {
                    (raise_t, f[2])
                } else {
                    (call_t, f[1])
                };
                if mu <= self.round_threshold {
                    return false;
                }
                self.round_threshold = mu;
                let sigma = (cfg.postflop_sigma_scale * freq)
                    .clamp(cfg.postflop_sigma_min, cfg.postflop_sigma_max);
                reweight_table(
                    &self.round_start,
                    &mut self.weights,
                    mu,
                    sigma,
                    cfg.floor,
                    ehs,
                );
                self.last = Some(Reweighting {
                    round: ctx.round,
                    mu,
                    sigma,
                });
                true
            }
            ModelMode::Loki2 => {
                let width = (cfg.postflop_sigma_scale * f[action.index()])
                    .clamp(cfg.postflop_sigma_min, cfg.postflop_sigma_max);
                for h in 0..loki_cards::HOLDINGS {
                    if let Some(e) = ehs(h) {
                        let pt = ProbabilityTriple::from_thresholds(e, raise_t, call_t, width);
                        let w = reweighted_by_triple(self.weights.at(h), pt, action, cfg.floor);
                        self.weights.set_at(h, w);
                    }
                }
                true
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use loki_cards::{HoleCards, HOLDINGS};

    fn ranking() -> PreflopRanking {
        // A toy ranking: income rate = holding index.
        PreflopRanking::new((0..HOLDINGS).map(|h| h as f64).collect())
    }

    #[test]
    fn tight_raiser_on_the_flop_moves_weight_to_strong_holdings() {
        let cfg = ModelConfig::default();
        let mut m = OpponentModel::new(&cfg);
        let mut defaults = FrequencyTable::papp_irc();
        // A tight opponent: raises 10% facing 0 bets on the flop.
        defaults.0[1][0] = [0.0, 0.9, 0.1];
        let ehs = |h: usize| Some((h % 100) as f64 / 100.0);
        m.begin_hand();
        let changed = m.observe(
            ModelMode::Generic,
            Context::new(Round::Flop, 0),
            Action::Raise,
            &defaults,
            &cfg,
            &ranking(),
            &ehs,
        );
        assert!(changed);
        // Threshold 0.9: holdings with ehs >= 0.95 keep weight 1, below 0.85 drop to 0.01.
        assert_eq!(m.weights().at(99), 1.0);
        assert_eq!(m.weights().at(50), 0.01);
        let strong: f64 = (0..HOLDINGS)
            .filter(|h| h % 100 >= 90)
            .map(|h| m.weights().at(h))
            .sum();
        let weak: f64 = (0..HOLDINGS)
            .filter(|h| h % 100 < 80)
            .map(|h| m.weights().at(h))
            .sum();
        assert!(strong > 10.0 * weak / 8.0);
    }

    #[test]
    fn once_per_round_from_the_saved_copy() {
        let cfg = ModelConfig::default();
        let mut m = OpponentModel::new(&cfg);
        let defaults = FrequencyTable::papp_irc();
        let ehs = |h: usize| Some((h % 100) as f64 / 100.0);
        let ctx1 = Context::new(Round::Turn, 1);
        m.begin_hand();
        // Call facing a bet: call threshold 1 - 0.2 - 0.3 = 0.5.
        assert!(m.observe(
            ModelMode::Generic,
            ctx1,
            Action::Call,
            &defaults,
            &cfg,
            &ranking(),
            &ehs
        ));
        let after_call = m.weights().clone();
        // A second call at the same threshold in the same round changes nothing.
        assert!(!m.observe(
            ModelMode::Generic,
            ctx1,
            Action::Call,
            &defaults,
            &cfg,
            &ranking(),
            &ehs
        ));
        assert_eq!(m.weights(), &after_call);
        // A raise needs a higher threshold (0.8): re-weighted once from the round's copy,
        // so a holding at 0.75 gets the raise factor alone, not call x raise.
        assert!(m.observe(
            ModelMode::Generic,
            Context::new(Round::Turn, 2),
            Action::Raise,
            &defaults,
            &cfg,
            &ranking(),
            &ehs
        ));
        let f2: [f64; 3] = [0.7, 0.2, 0.1];
        let sigma = (0.5 * f2[2]).clamp(0.05, 0.2);
        let want = crate::reweight::reweighted(1.0, 0.75, 0.9, sigma, 0.01);
        assert!((m.weights().at(75) - want).abs() < 1e-12);
        // A new round starts from the current weights.
        assert!(m.observe(
            ModelMode::Generic,
            Context::new(Round::River, 0),
            Action::Raise,
            &defaults,
            &cfg,
            &ranking(),
            &ehs
        ));
    }

    #[test]
    fn preflop_caller_gets_income_rate_weights() {
        let cfg = ModelConfig::default();
        let mut m = OpponentModel::new(&cfg);
        let defaults = FrequencyTable::papp_irc();
        m.begin_hand();
        // Facing 1 bet pre-flop, the IRC defaults call 30% and raise 20%: call threshold 0.5.
        m.observe(
            ModelMode::InitialOnly,
            Context::new(Round::Preflop, 1),
            Action::Call,
            &defaults,
            &cfg,
            &ranking(),
            &|_| None,
        );
        let w = m.weights();
        assert_eq!(w.at(HOLDINGS - 1), 1.0);
        assert_eq!(w.at(0), 0.01);
        let mid = HOLDINGS / 2;
        assert!((w.at(mid) - 0.5).abs() < 0.05, "{}", w.at(mid));
        let aa: HoleCards = "AsAh".parse().unwrap();
        assert_eq!(w.get(aa), 1.0);
        // InitialOnly does not re-weight after the flop.
        assert!(!m.observe(
            ModelMode::InitialOnly,
            Context::new(Round::Flop, 1),
            Action::Raise,
            &defaults,
            &cfg,
            &ranking(),
            &|_| Some(0.0)
        ));
    }

    #[test]
    fn loki2_triples_reweight_every_action() {
        let cfg = ModelConfig::default();
        let mut m = OpponentModel::new(&cfg);
        let defaults = FrequencyTable::papp_irc();
        m.begin_hand();
        let ehs = |h: usize| Some(if h < 600 { 0.95 } else { 0.2 });
        // A call facing one bet: strong holdings (raise territory) lose weight, weak fold-zone ones drop to the floor.
        m.observe(
            ModelMode::Loki2,
            Context::new(Round::Flop, 1),
            Action::Call,
            &defaults,
            &cfg,
            &ranking(),
            &ehs,
        );
        assert_eq!(m.weights().at(0), 0.01);
        assert_eq!(m.weights().at(1000), 0.01);
        // Checks are not ignored: a check (call of 0) with the IRC default (50% bet)
        let mut m2 = OpponentModel::new(&cfg);
        m2.begin_hand();
        m2.observe(
            ModelMode::Loki2,
            Context::new(Round::Flop, 0),
            Action::Call,
            &defaults,
            &cfg,
            &ranking(),
            &ehs,
        );
        assert!(m2.weights().at(0) < 0.5 && m2.weights().at(1000) == 1.0);
    }
}
