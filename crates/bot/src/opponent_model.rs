//! One opponent's model (Billings et al. 1998, "Weighting the Enumeration" and
//! "Computing Initial Weights"; Papp 1998 §7.2; Peña 1999 §4): a weight table over the
//! 1,326 holdings, reset every hand, and action statistics kept across hands.
//!
//! * Pre-flop, a call or raise re-weights by the holding's rank: the frequencies give a
//!   threshold percentile (raise: `1 - F(raise)`; call: that minus `F(call)`; Papp
//!   §7.2.2), and Figure 3 is applied in percentile space by default: each holding's
//!   value is its percentile rank among the 1,326 holdings ordered by income rate for
//!   the number of players dealt in, and sigma is a percentile width
//!   (`model.preflop_sigma`, ours: 0.10). Papp maps the percentile to the income-rate
//!   scale and applies Figure 3 there (`model.preflop_scale = "income-rate"`, sigma
//!   `model.preflop_sigma_income_rate`, the paper's +/-100); with the long upper tail of
//!   income rates that made a raiser look looser than a caller, so the default stays in
//!   percentile space. This builds the initial weights the flop
//!   starts from (all player kinds, BPM's "crude initial weights" included).
//! * Post-flop (GOM and SOM): the same threshold rule on the EHS scale, Figure 3's factor
//!   clamped to [0.01, 1] and the weight floored at 0.01; at most one re-weighting per
//!   model per round, from the copy saved at the start of the round, repeated only for an
//!   action that needs a higher threshold (Papp §7.2.1). The caller gives each holding's
//!   value: by default the paper's EHS' (Papp §7.2.3: HS1 against the field array of the
//!   other live players as the opponent sees it, plus the uniform potential; see
//!   [`crate::board_cache::BoardRanges::field_ehs`]), or with `reweight.rank = "uniform"`
//!   the range table's EHS against one uniform opponent.
//! * Loki-1 (all modes but Loki-2) ignores checks: only a call, bet or raise re-weights
//!   (Loki-2 improved on Loki-1 "by not ignoring an opponent's check", Peña 1999).
//! * An action the frequencies call rare or impossible (a frequency of 0 puts mu at 1)
//!   keeps the most likely holding at full weight: see [`reweight_table`].
//! * Loki-2: after every post-flop action, and after a pre-flop check, the weight is
//!   multiplied by the probability triple's entry for the action (floored at 0.01), the
//!   triple generated per holding (from its EHS, or its percentile pre-flop) from
//!   thresholds averaged over the historic frequencies and the recent ones.
use crate::config::{
    CheckRule, LokiConfig, ModelConfig, PreflopScale, ThresholdScale, WindowScope,
};
use crate::frequencies::{thresholds, ActionFrequencies, ActionStats, Context, FrequencyTable};
use crate::reweight::{
    reweight_table_with, values_of, weighted_percentiles, MeanFactor, SetFactors, Values,
};
use crate::trust::{Law, Trust};
use loki_assess::WeightTable;
use loki_engine::{Action, ByAction, Round};
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
    /// Each holding's percentile rank in (0, 1): the share of holdings with a lower
    /// income rate, ties counting half (mid-rank), by holding index.
    pub percentile: Vec<f64>,
    /// The largest percentile rank (that of the best class).
    pub top: f64,
}

impl PreflopRanking {
    /// Builds the ranking from income rates per holding index.
    pub fn new(by_holding: Vec<f64>) -> PreflopRanking {
        let mut sorted = by_holding.clone();
        sorted.sort_by(f64::total_cmp);
        let n = sorted.len().max(1) as f64;
        let percentile: Vec<f64> = by_holding
            .iter()
            .map(|&x| {
                let below = sorted.partition_point(|&y| y < x);
                let upto = sorted.partition_point(|&y| y <= x);
                (below as f64 + (upto - below) as f64 / 2.0) / n
            })
            .collect();
        let top = percentile.iter().copied().fold(0.0, f64::max);
        PreflopRanking {
            by_holding,
            sorted,
            percentile,
            top,
        }
    }

    /// The income rate at a percentile `p` of the holdings (Papp §7.2.2: the threshold
    /// percentile "converted to the income-rate scale" by indexing the sorted values, at
    /// the nearest point): the value with `p x 1,326` holdings below it; at `p <= 0`
    /// below every holding (no holding is cut), at `p >= 1` the best.
    pub fn income_rate_at(&self, p: f64) -> f64 {
        let n = self.sorted.len();
        if n == 0 || p.is_nan() || p <= 0.0 {
            return f64::NEG_INFINITY;
        }
        let i = ((p * n as f64).round() as usize).min(n - 1);
        self.sorted[i]
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

/// The values a re-weighting reads, by holding index: one at a time, or all at once
/// (the re-weighting reads them so; a source that holds them as a table gives it
/// without a call per holding). Any `Fn(usize) -> Option<f64>` is one.
pub trait HoldingValues {
    /// The value of holding index `h` (`None` for a holding the re-weighting leaves
    /// alone).
    fn value(&self, h: usize) -> Option<f64>;
    /// Every holding's value, NaN where [`HoldingValues::value`] is `None` (any NaN: a
    /// re-weighting only asks whether a value is one).
    fn all(&self) -> Box<Values> {
        values_of(|h| self.value(h))
    }
}

impl<F: Fn(usize) -> Option<f64>> HoldingValues for F {
    fn value(&self, h: usize) -> Option<f64> {
        self(h)
    }
}

/// One opponent's model.
#[derive(Debug, Clone)]
pub struct OpponentModel {
    /// Action statistics in the 36 categories, kept across hands.
    pub stats: ActionStats,
    /// How far this opponent's actions have followed its shown cards (kept across
    /// hands; used only by a calibrated model, see [`crate::trust`]).
    pub trust: Trust,
    calibrated: bool,
    pending: Vec<Kept>,
    weights: WeightTable,
    /// Whether the weights may have changed since they were last reset to 1 (a new
    /// hand then resets them; an opponent that only folded leaves them as they are).
    touched: bool,
    /// The weights as they stood when the flop was dealt (kept only by a player whose
    /// field is `reweight.field = "preflop"`; see [`OpponentModel::keep_preflop`]).
    preflop: Option<WeightTable>,
    round_start: WeightTable,
    /// Whether `round_start` is still to be copied from the weights, which have not
    /// changed since the round began (copied when first read or before the weights
    /// change: an opponent that folds costs no copy).
    round_start_due: bool,
    round: Option<Round>,
    round_threshold: f64,
    last: Option<Reweighting>,
    /// With `model.window_scope = "player"`: the player's last `window` actions.
    recent: std::collections::VecDeque<(Context, Action)>,
    window: usize,
    scope: WindowScope,
    /// The scale of the post-flop threshold.
    scale: ThresholdScale,
    /// Loki-1's rare-action rule (`model.keep_best`).
    keep_best: bool,
}

impl OpponentModel {
    /// A fresh model.
    pub fn new(cfg: &ModelConfig) -> OpponentModel {
        OpponentModel {
            stats: ActionStats::new(cfg.window),
            trust: Trust::default(),
            calibrated: false,
            pending: Vec::new(),
            weights: WeightTable::uniform(),
            touched: false,
            preflop: None,
            round_start: WeightTable::uniform(),
            round_start_due: false,
            round: None,
            round_threshold: f64::NEG_INFINITY,
            last: None,
            recent: std::collections::VecDeque::new(),
            window: cfg.window,
            scope: cfg.window_scope,
            scale: ThresholdScale::default(),
            keep_best: cfg.keep_best,
        }
    }
    /// The same model with the post-flop threshold applied on `scale`.
    pub fn scaled(mut self, scale: ThresholdScale) -> OpponentModel {
        self.scale = scale;
        self
    }

    /// Records one action of the player in its statistics (after [`OpponentModel::observe`]
    /// re-weighted by it, so that an action does not explain itself).
    pub fn record(&mut self, ctx: Context, action: Action) {
        self.stats.record(ctx, action);
        if self.scope == WindowScope::Player && self.window > 0 {
            self.recent.push_back((ctx, action));
            while self.recent.len() > self.window {
                self.recent.pop_front();
            }
        }
    }

    /// The player's last actions, oldest first (kept with `model.window_scope =
    /// "player"`; empty otherwise).
    pub fn recent_actions(&self) -> impl Iterator<Item = (Context, Action)> + '_ {
        self.recent.iter().copied()
    }

    /// Restores the player's last actions (oldest first), as saved from
    /// [`OpponentModel::recent_actions`].
    pub fn restore_recent(&mut self, recent: impl IntoIterator<Item = (Context, Action)>) {
        self.recent = recent.into_iter().collect();
    }
    /// The same model mixing every re-weighting factor with 1 by its trust in the
    /// opponent (ours; see [`crate::trust`]).
    pub fn calibrated(mut self, on: bool) -> OpponentModel {
        self.calibrated = on;
        self
    }
    /// Whether re-weighting is mixed by trust.
    pub fn is_calibrated(&self) -> bool {
        self.calibrated
    }
    /// The trust re-weighting applies now (1 for an uncalibrated model).
    pub fn trust_level(&self, cfg: &ModelConfig) -> f64 {
        if self.calibrated {
            self.trust.level(cfg.trust_prior)
        } else {
            1.0
        }
    }
    /// Scores this hand's re-weightings against the opponent's shown holding (index
    /// `holding`), each by the value its law read for that holding when it was applied.
    /// Only a calibrated model keeps this evidence.
    pub fn score_showdown(&mut self, holding: usize) {
        for e in &self.pending {
            if let Some(v) = e.values.get(holding).copied().filter(|v| !v.is_nan()) {
                // The law's mean factor over the holdings it weighed (by the table it read).
                let mean = e.law.with_factor(MeanFactor(&e.base, &e.values));
                self.trust.score_law(&e.law, mean, v);
            }
        }
        self.pending.clear();
    }

    /// Keeps a re-weighting as evidence for the trust of a calibrated model (others
    /// never score it).
    fn keep_evidence(&mut self, round: Round, law: Law, base: Box<Values>, values: Box<Values>) {
        if self.calibrated {
            self.pending.push(Kept {
                round,
                law,
                base,
                values,
            });
        }
    }
    /// Resets the weight table for a new hand (statistics are kept).
    pub fn begin_hand(&mut self) {
        self.pending.clear();
        // Weights untouched since the last reset are all 1 still, and so is the pre-flop
        // copy (only ever copied from them).
        if self.touched {
            self.weights.fill(1.0);
            if let Some(t) = &mut self.preflop {
                t.fill(1.0);
            }
            self.touched = false;
        }
        self.round = None;
        self.round_threshold = f64::NEG_INFINITY;
        self.last = None;
    }
    /// The current weights.
    pub fn weights(&self) -> &WeightTable {
        &self.weights
    }
    /// Keeps the current weights as the table at the end of the pre-flop (call when the
    /// flop is dealt).
    pub fn keep_preflop(&mut self) {
        match &mut self.preflop {
            Some(t) => t.copy_from(&self.weights),
            None => self.preflop = Some(self.weights.clone()),
        }
    }
    /// The weights kept by [`OpponentModel::keep_preflop`] this hand, else the current
    /// ones.
    pub fn preflop_weights(&self) -> &WeightTable {
        self.preflop.as_ref().unwrap_or(&self.weights)
    }
    /// The last Loki-1 re-weighting (mu, sigma), if any this hand.
    pub fn last_reweighting(&self) -> Option<Reweighting> {
        self.last
    }
    fn enter_round(&mut self, round: Round) {
        if self.round != Some(round) {
            self.round = Some(round);
            self.round_start_due = true;
            self.round_threshold = f64::NEG_INFINITY;
        }
    }
    /// Copies the weights as the round began into `round_start` if that is still due
    /// (call before reading it or changing the weights).
    fn settle_round_start(&mut self) {
        if self.round_start_due {
            self.round_start.copy_from(&self.weights);
            self.round_start_due = false;
        }
    }

    /// The values a re-weighting of `round` reads (on the range scale, percentiles within
    /// the round's saved table or the current weights), once the weights are marked for
    /// the next hand's reset and the round's copy is taken: they are about to change.
    fn values_to_reweight(
        &mut self,
        round: Round,
        value: &impl HoldingValues,
        from_round_start: bool,
    ) -> Box<Values> {
        self.touched = true;
        self.settle_round_start();
        let values = value.all();
        if round == Round::Preflop || self.scale != ThresholdScale::Range {
            return values;
        }
        let read = if from_round_start {
            &self.round_start
        } else {
            &self.weights
        };
        weighted_percentiles(&values, read)
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
            ModelMode::Loki2 if self.scope == WindowScope::Player => {
                // Peña's window: the context's actions among the player's last ones,
                // averaged with the historic frequencies once there are `recent_min`.
                let historic = self.stats.blended(ctx, d, cfg.min_observations);
                let mut n = ByAction::splat(0u32);
                for &(c, a) in &self.recent {
                    if c == ctx {
                        n[a] += 1;
                    }
                }
                let total = n.total();
                if total == 0 || total < cfg.recent_min {
                    historic
                } else {
                    ByAction::from_fn(|a| 0.5 * (historic[a] + f64::from(n[a]) / f64::from(total)))
                }
            }
            ModelMode::Loki2 => self
                .stats
                .loki2(ctx, d, cfg.min_observations, cfg.recent_min),
        }
    }

    /// Updates the weights for one observed action (call [`OpponentModel::record`] separately, after
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
        config: &LokiConfig,
        ranking: &PreflopRanking,
        ehs: &impl HoldingValues,
    ) -> bool {
        let f = self.frequencies(mode, ctx, defaults, &config.model);
        self.observe_with(mode, ctx, action, f, config, ranking, ehs)
    }

    /// [`OpponentModel::observe`] with the frequencies of the action's context given (a
    /// model that reads them from more context than this one keeps, see
    /// [`crate::context_model`]).
    #[allow(clippy::too_many_arguments)]
    pub fn observe_with(
        &mut self,
        mode: ModelMode,
        ctx: Context,
        action: Action,
        f: ActionFrequencies,
        config: &LokiConfig,
        ranking: &PreflopRanking,
        ehs: &impl HoldingValues,
    ) -> bool {
        let cfg = &config.model;
        let min_passive = config.triples.min_passive;
        let trust = self.trust_level(cfg);
        self.enter_round(ctx.round);
        let check = action == Action::Call && ctx.bets_to_call == 0;
        let loki1_check = check
            && matches!(mode, ModelMode::Generic | ModelMode::Specific)
            && ctx.round != Round::Preflop
            && cfg.checks == CheckRule::Reweight;
        if action == Action::Fold || (check && mode != ModelMode::Loki2 && !loki1_check) {
            return false;
        }
        let (raise_t, call_t) = thresholds(f);
        if ctx.round == Round::Preflop {
            if check {
                // Loki-2: the big blind's check says "no raise" (ours: Peña re-weights by
                // triples after the flop; read only with `model.checks = "reweight"`).
                if cfg.checks == CheckRule::Ignore {
                    return false;
                }
                let law = Law::Triple {
                    raise_t,
                    call_t,
                    width: cfg.preflop_sigma,
                    min_passive,
                    action,
                };
                self.reweight_by_law(ctx.round, law, cfg.floor, trust, &|h: usize| {
                    ranking.percentile.get(h).copied()
                });
                return true;
            }
            let pct = if action == Action::Raise {
                raise_t
            } else {
                call_t
            };
            return match cfg.preflop_scale {
                PreflopScale::Percentile => {
                    let sigma = cfg.preflop_sigma;
                    self.reweight_once(ctx.round, pct, sigma, cfg.floor, trust, &|h: usize| {
                        ranking.percentile.get(h).copied()
                    })
                }
                PreflopScale::IncomeRate => {
                    let (mu, sigma) = (ranking.income_rate_at(pct), cfg.preflop_sigma_income_rate);
                    self.reweight_once(ctx.round, mu, sigma, cfg.floor, trust, &|h: usize| {
                        ranking.by_holding.get(h).copied()
                    })
                }
            };
        }
        // The post-flop sigma rule (ours): the action's frequency, clamped.
        let sigma_of = |freq: f64| {
            (cfg.postflop_sigma_scale * freq).clamp(cfg.postflop_sigma_min, cfg.postflop_sigma_max)
        };
        let triple = |freq: f64| Law::Triple {
            raise_t,
            call_t,
            width: sigma_of(freq),
            min_passive,
            action,
        };
        if loki1_check {
            // The round starts again after the check: no copy of the table before it.
            self.round_start_due = false;
            self.reweight_by_law(ctx.round, triple(f.raise()), cfg.floor, trust, ehs);
            // The round starts again from the weights as they are now.
            self.round_start_due = true;
            return true;
        }
        match mode {
            ModelMode::InitialOnly => false,
            ModelMode::Generic | ModelMode::Specific => {
                let (mu, freq) = if action == Action::Raise {
                    (raise_t, f.raise())
                } else {
                    (call_t, f.call())
                };
                self.reweight_once(ctx.round, mu, sigma_of(freq), cfg.floor, trust, ehs)
            }
            ModelMode::Loki2 => {
                self.reweight_by_law(ctx.round, triple(f[action]), cfg.floor, trust, ehs);
                true
            }
        }
    }

    /// Loki-1's re-weighting (Figure 3), at most once per round from the round's saved
    /// copy: an action needing a threshold no higher than one already applied this round
    /// changes nothing. Returns whether the weights changed. The law applied replaces
    /// the round's earlier one as evidence (it replaced it in the weights).
    fn reweight_once(
        &mut self,
        round: Round,
        mu: f64,
        sigma: f64,
        floor: f64,
        trust: f64,
        value: &impl HoldingValues,
    ) -> bool {
        if mu <= self.round_threshold {
            return false;
        }
        self.round_threshold = mu;
        let values = self.values_to_reweight(round, value, true);
        self.last = Some(Reweighting { round, mu, sigma });
        // The weights without the mean factor; a calibrated model keeps the table the
        // law read, for the mean when a showdown scores it.
        let (law, _) = reweight_table_with(
            &self.round_start,
            &mut self.weights,
            (mu, sigma),
            floor,
            trust,
            &values,
            self.keep_best,
            false,
        );
        self.pending.retain(|e| e.round != round);
        if self.calibrated {
            let base = boxed(self.round_start.weights());
            self.keep_evidence(round, Law::Figure3(law), base, values);
        }
        true
    }

    /// Loki-2's re-weighting: each holding's weight times its triple's entry for the
    /// action (mixed with 1 by `trust`), floored.
    fn reweight_by_law(
        &mut self,
        round: Round,
        law: Law,
        floor: f64,
        trust: f64,
        value: &impl HoldingValues,
    ) {
        let values = self.values_to_reweight(round, value, false);
        // A calibrated model keeps the table the law reads, for the mean factor when a
        // showdown scores it.
        let base = self.calibrated.then(|| boxed(self.weights.weights()));
        law.with_factor(SetFactors {
            base: None,
            out: &mut self.weights,
            values: &values,
            floor,
            trust,
        });
        if let Some(base) = base {
            self.keep_evidence(round, law, base, values);
        }
    }
}

/// A re-weighting kept by a calibrated model until the showdown scores it: its law, the
/// weights it read and the values, from which the mean factor is computed only then
/// (see [`crate::reweight::mean_factor`]).
#[derive(Debug, Clone)]
struct Kept {
    round: Round,
    law: Law,
    base: Box<Values>,
    values: Box<Values>,
}

/// A copy of a table of values on the heap (not built on the stack and moved).
fn boxed(v: &Values) -> Box<Values> {
    let b: Box<[f64]> = v[..].into();
    b.try_into().unwrap_or_else(|_| Box::new(*v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use loki_cards::{HoleCards, HOLDINGS};

    /// The defaults with the sigma rule these examples were written for: 0.5 x the
    /// frequency, clamped to [0.05, 0.20].
    fn half_sigma() -> LokiConfig {
        let mut c = LokiConfig::default();
        c.model.postflop_sigma_scale = 0.5;
        c.model.postflop_sigma_max = 0.2;
        c
    }

    fn ranking() -> PreflopRanking {
        // A toy ranking: income rate = holding index.
        PreflopRanking::new((0..HOLDINGS).map(|h| h as f64).collect())
    }

    #[test]
    fn tight_raiser_on_the_flop_moves_weight_to_strong_holdings() {
        let full = LokiConfig::default();
        let cfg = full.model.clone();
        let mut m = OpponentModel::new(&cfg);
        let mut defaults = FrequencyTable::papp_irc();
        // A tight opponent: raises 10% facing 0 bets on the flop.
        defaults.0[1][0] = ByAction::new(0.0, 0.9, 0.1);
        let ehs = |h: usize| Some((h % 100) as f64 / 100.0);
        m.begin_hand();
        let changed = m.observe(
            ModelMode::Generic,
            Context::new(Round::Flop, 0),
            Action::Raise,
            &defaults,
            &full,
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

    /// A new hand resets the weights and their pre-flop copy to 1, whether the last hand
    /// re-weighted them (pre-flop, post-flop, by Figure 3 or by triples, calibrated or
    /// not, checks re-weighting or ignored) or the opponent only folded; and the model,
    /// which skips the reset of untouched weights and copies the table a round starts
    /// from only when it is read or the weights change, re-weights bit for bit as a
    /// model that resets and copies every time.
    #[test]
    fn lazy_resets_and_round_copies_reweight_as_eager_ones() {
        use rand::{Rng, SeedableRng};
        let defaults = FrequencyTable::papp_irc();
        let mut rng = rand::rngs::StdRng::seed_from_u64(31);
        let ehs = |h: usize| Some(((h * 37) % 101) as f64 / 100.0);
        let bits = |t: &WeightTable| t.weights().map(f64::to_bits);
        let uniform = bits(&WeightTable::uniform());
        for checks in [CheckRule::Reweight, CheckRule::Ignore] {
            let mut full = LokiConfig::default();
            full.model.checks = checks;
            for calibrated in [false, true] {
                for mode in [ModelMode::Generic, ModelMode::Loki2] {
                    let mut m = OpponentModel::new(&full.model).calibrated(calibrated);
                    let mut eager = m.clone();
                    for hand in 0..80 {
                        m.begin_hand();
                        assert_eq!(bits(m.weights()), uniform, "hand {hand}");
                        assert_eq!(bits(m.preflop_weights()), uniform, "hand {hand}");
                        eager.begin_hand();
                        eager.weights.fill(1.0);
                        eager.preflop = None;
                        'hand: for round in [Round::Preflop, Round::Flop, Round::Turn, Round::River]
                        {
                            if round == Round::Flop {
                                m.keep_preflop();
                                eager.keep_preflop();
                            }
                            for _ in 0..rng.random_range(1..4) {
                                let action = match rng.random_range(0..5) {
                                    0 => Action::Fold,
                                    1 => Action::Raise,
                                    _ => Action::Call,
                                };
                                let ctx = Context::new(round, rng.random_range(0..3));
                                // The eager model copies the round's table as it begins.
                                eager.enter_round(round);
                                eager.settle_round_start();
                                let see = |x: &mut OpponentModel| {
                                    x.observe(mode, ctx, action, &defaults, &full, &ranking(), &ehs)
                                };
                                assert_eq!(see(&mut m), see(&mut eager));
                                eager.settle_round_start();
                                assert_eq!(bits(m.weights()), bits(eager.weights()), "hand {hand}");
                                if action == Action::Fold {
                                    break 'hand;
                                }
                            }
                        }
                        // A showdown scores the kept re-weightings (their means from the
                        // tables they read), and trust mixes the next hand's factors.
                        let shown = rng.random_range(0..HOLDINGS);
                        m.score_showdown(shown);
                        eager.score_showdown(shown);
                        assert_eq!(m.trust, eager.trust, "hand {hand}");
                    }
                    assert!(!calibrated || m.trust.scored > 0, "{:?}", m.trust);
                }
            }
        }
    }

    #[test]
    fn once_per_round_from_the_saved_copy() {
        let full = half_sigma();
        let cfg = full.model.clone();
        let mut m = OpponentModel::new(&cfg);
        // An opponent who raises more often than it calls facing bets on the turn, so
        // that a holding can sit inside both the call ramp and the raise ramp (where
        // cumulative and saved-copy re-weighting differ).
        let mut defaults = FrequencyTable::papp_irc();
        defaults.0[2][1] = ByAction::new(0.5, 0.2, 0.3);
        defaults.0[2][2] = ByAction::new(0.5, 0.2, 0.3);
        let ehs = |h: usize| Some((h % 100) as f64 / 100.0);
        let ctx1 = Context::new(Round::Turn, 1);
        let (ctx2, river1) = (Context::new(Round::Turn, 2), Context::new(Round::River, 1));
        let see = |m: &mut OpponentModel, ctx, action| {
            m.observe(
                ModelMode::Generic,
                ctx,
                action,
                &defaults,
                &full,
                &ranking(),
                &ehs,
            )
        };
        m.begin_hand();
        // Call facing a bet: call threshold 1 - 0.3 - 0.2 = 0.5, sigma 0.1.
        assert!(see(&mut m, ctx1, Action::Call));
        let after_call = m.weights().clone();
        let call_factor = crate::reweight::reweight_factor(0.58, 0.5, 0.1, 0.01);
        assert!((after_call.at(58) - 0.9).abs() < 1e-12 && (call_factor - 0.9).abs() < 1e-12);
        // A second call at the same threshold in the same round changes nothing.
        assert!(!see(&mut m, ctx1, Action::Call));
        assert_eq!(m.weights(), &after_call);
        // A raise needs a higher threshold (0.7, sigma 0.15): re-weighted once from the
        // round's copy, so a holding at 0.58 gets the raise factor alone (0.1), not call
        // x raise (0.09).
        assert!(see(&mut m, ctx2, Action::Raise));
        let raise_factor = crate::reweight::reweight_factor(0.58, 0.7, 0.15, 0.01);
        assert!((raise_factor - 0.1).abs() < 1e-12);
        assert!((m.weights().at(58) - raise_factor).abs() < 1e-12);
        assert!((m.weights().at(58) - call_factor * raise_factor).abs() > 1e-3);
        // A new round starts from the current weights: a river re-weighting multiplies.
        let before_river = m.weights().at(58);
        assert!(see(&mut m, river1, Action::Call));
        let river_factor = crate::reweight::reweight_factor(0.58, 0.5, 0.15, 0.01);
        assert!(river_factor < 1.0);
        assert!((m.weights().at(58) - before_river * river_factor).abs() < 1e-12);
    }

    #[test]
    fn preflop_caller_gets_income_rate_weights() {
        let full = LokiConfig::default();
        let cfg = full.model.clone();
        let mut m = OpponentModel::new(&cfg);
        let defaults = FrequencyTable::papp_irc();
        m.begin_hand();
        // Facing 1 bet pre-flop, the IRC defaults call 30% and raise 20%: call threshold 0.5.
        m.observe(
            ModelMode::InitialOnly,
            Context::new(Round::Preflop, 1),
            Action::Call,
            &defaults,
            &full,
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
            &full,
            &ranking(),
            &|_| Some(0.0)
        ));
    }

    #[test]
    fn loki2_triples_reweight_every_action() {
        let full = half_sigma();
        let cfg = full.model.clone();
        let mut m = OpponentModel::new(&cfg);
        let defaults = FrequencyTable::papp_irc();
        m.begin_hand();
        // Holdings in every region of the triple: facing one bet on the flop the IRC
        // defaults [0.5, 0.3, 0.2] give raise threshold 0.8 and call threshold 0.5, and a
        // call re-weights with width 0.5 x 0.3 = 0.15 around each threshold.
        let values = [0.3, 0.38, 0.5, 0.7, 0.8, 0.9, 1.0];
        let ehs = |h: usize| Some(values[h % values.len()]);
        m.observe(
            ModelMode::Loki2,
            Context::new(Round::Flop, 1),
            Action::Call,
            &defaults,
            &full,
            &ranking(),
            &ehs,
        );
        // The call entry: P(play) - P(raise), each a ramp over t +- 0.15; where the triple
        // raises, at least Peña's 0.2 stays on call (`triples.min_passive`).
        let expected = [
            0.01,                     // 0.3: below 0.35, folds (floor)
            0.1,                      // 0.38: (0.38 - 0.35) / 0.3 plays, never raises
            0.5,                      // 0.5: at the call threshold
            1.0 - 0.05 / 0.3,         // 0.7: always plays, raises (0.7 - 0.65) / 0.3
            0.5,                      // 0.8: at the raise threshold
            0.2,                      // 0.9: raises 5/6, min_passive keeps 0.2 on call
            full.triples.min_passive, // 1.0: always raises but for the slow-play share
        ];
        for (i, want) in expected.iter().enumerate() {
            let got = m.weights().at(i);
            assert!(
                (got - want).abs() < 1e-12,
                "value {}: {got} != {want}",
                values[i]
            );
        }
        // Checks are not ignored: a check (call of 0) with the IRC default (50% bet) keeps
        // the holdings below the bet threshold and takes weight from those above it.
        let strong = |h: usize| Some(if h < 600 { 0.95 } else { 0.2 });
        let mut m2 = OpponentModel::new(&cfg);
        m2.begin_hand();
        m2.observe(
            ModelMode::Loki2,
            Context::new(Round::Flop, 0),
            Action::Call,
            &defaults,
            &full,
            &ranking(),
            &strong,
        );
        assert!(m2.weights().at(0) < 0.5 && m2.weights().at(1000) == 1.0);
    }

    #[test]
    fn penas_window_holds_the_players_last_actions() {
        // Peña's window: the last 20 actions of the player, whatever their context; a
        // context's recent frequencies are its own actions among them (once there are 5).
        let mut cfg = LokiConfig::default().model;
        cfg.window_scope = WindowScope::Player;
        let defaults = FrequencyTable::papp_irc();
        let flop1 = Context::new(Round::Flop, 1);
        let turn0 = Context::new(Round::Turn, 0);
        let mut m = OpponentModel::new(&cfg);
        // 30 calls facing a bet on the flop, then 15 bets on the turn: the window keeps
        // the last 5 flop calls and the 15 turn bets.
        for _ in 0..30 {
            m.record(flop1, Action::Call);
        }
        for _ in 0..15 {
            m.record(turn0, Action::Raise);
        }
        assert_eq!(m.recent_actions().count(), 20);
        assert_eq!(m.recent_actions().filter(|(c, _)| *c == flop1).count(), 5);
        let historic = m
            .stats
            .blended(flop1, defaults.get(flop1), cfg.min_observations);
        let f = m.frequencies(ModelMode::Loki2, flop1, &defaults, &cfg);
        assert_eq!(historic, [0.0, 1.0, 0.0]);
        assert_eq!(f, [0.0, 1.0, 0.0]);
        // Four turn checks: the window keeps one flop call, the 15 bets and the 4 checks,
        // so the turn context averages its historic frequencies with 4/19 and 15/19...
        for _ in 0..4 {
            m.record(turn0, Action::Call);
        }
        let f = m.frequencies(ModelMode::Loki2, turn0, &defaults, &cfg);
        let h = m
            .stats
            .blended(turn0, defaults.get(turn0), cfg.min_observations);
        let recent = ByAction::new(0.0, 4.0 / 19.0, 15.0 / 19.0);
        for i in Action::ALL {
            assert!((f[i] - 0.5 * (h[i] + recent[i])).abs() < 1e-12, "{f:?}");
        }
        // ... while the per-context window (ours) keeps all 19 turn actions and the last
        // 20 flop calls.
        let mut per_context = OpponentModel::new(&LokiConfig::default().model);
        for _ in 0..30 {
            per_context.record(flop1, Action::Call);
        }
        assert_eq!(per_context.recent_actions().count(), 0);
        assert_eq!(per_context.stats.recent_counts(flop1), [0, 20, 0]);
    }

    #[test]
    fn a_calibrated_model_stops_trusting_random_raises() {
        let full = LokiConfig::default();
        let cfg = full.model.clone();
        let defaults = FrequencyTable::papp_irc();
        let ehs = |h: usize| Some((h % 100) as f64 / 100.0);
        let ctx = Context::new(Round::Flop, 0);
        // The opponent bets the flop.
        let bet = |m: &mut OpponentModel| {
            m.observe(
                ModelMode::Specific,
                ctx,
                Action::Raise,
                &defaults,
                &full,
                &ranking(),
                &ehs,
            )
        };
        let mut m = OpponentModel::new(&cfg).calibrated(true);
        assert!((m.trust_level(&cfg) - cfg.trust_prior).abs() < 1e-12);
        // Hands in which the opponent bets the flop and shows a random holding.
        for hand in 0..30usize {
            m.begin_hand();
            bet(&mut m);
            m.score_showdown((hand * 37) % HOLDINGS);
        }
        let t = m.trust_level(&cfg);
        assert!(t < 0.05, "{t}");
        // Its next bet barely moves the weights: the weakest holdings keep most of theirs.
        m.begin_hand();
        bet(&mut m);
        assert!(m.weights().at(0) > 0.9, "{}", m.weights().at(0));
        // The paper's model is unmoved by the same evidence.
        let mut paper = OpponentModel::new(&cfg);
        paper.begin_hand();
        bet(&mut paper);
        paper.score_showdown(0);
        assert_eq!(paper.trust_level(&cfg), 1.0);
        assert_eq!(paper.weights().at(0), 0.01);
        // An honest bettor, who shows strong holdings, keeps (and gains) trust.
        let mut honest = OpponentModel::new(&cfg).calibrated(true);
        for hand in 0..30usize {
            honest.begin_hand();
            bet(&mut honest);
            honest.score_showdown(90 + hand % 10);
        }
        assert!(honest.trust_level(&cfg) > 0.99);
    }
}
