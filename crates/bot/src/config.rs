//! Every constant of the models and strategies, in one documented TOML configuration
//! (`loki ... --config FILE`; the defaults below are compiled in). Values from the
//! sources are marked with their source; values the sources leave open are marked
//! **ours**. A configured variant (`[variants.NAME]`) can be named in `--players` lists.
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The whole configuration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct LokiConfig {
    /// Pre-flop betting (Papp §6.1, Appendix B).
    pub preflop: PreflopConfig,
    /// Post-flop betting (Papp §6.2-6.6).
    pub postflop: PostflopConfig,
    /// Opponent modeling (Papp §7, Peña §4).
    pub model: ModelConfig,
    /// How post-flop re-weighting ranks an opponent's holdings (Papp §7.2.3).
    pub reweight: ReweightConfig,
    /// Probability triples (Peña §4).
    pub triples: TripleConfig,
    /// POKI's selective-sampling simulation (Peña §5; Billings et al. 1999).
    pub simulation: SimulationConfig,
    /// Named variants: a base player kind with overrides, usable in `--players`.
    pub variants: BTreeMap<String, VariantConfig>,
}

/// A pre-flop threshold `base + increment * position` (Papp Eq. 6.1), income rate x 1000.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Threshold {
    /// Threshold for the last player to act (position 0 in Papp's count).
    pub base: f64,
    /// Added per player still to act after us.
    pub increment: f64,
}

const fn t(base: f64, increment: f64) -> Threshold {
    Threshold { base, increment }
}

/// Thresholds of the three raising plans for one (group, tightness).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PlanThresholds {
    /// Make1: call one bet (fold to two unless already in).
    pub make1: Threshold,
    /// Make2: raise to two bets, then call.
    pub make2: Threshold,
    /// Make4: raise until capped.
    pub make4: Threshold,
}

/// The small blind's calling plans for one player-count group (**ours**; Papp's fixed
/// values are lost). Heads-up the small blind completes half a bet into a pot of a bet
/// and a half, so it plays far more hands than at a full table.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SmallBlindThresholds {
    /// Complete the blind (Call0.5) at or above this income rate.
    pub call_half: f64,
    /// Call a raise (Call1.5) at or above this income rate.
    pub call_one_and_half: f64,
}

/// Plans per tightness for one player-count group.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct GroupThresholds {
    /// Tight.
    pub tight: PlanThresholds,
    /// Moderate.
    pub moderate: PlanThresholds,
    /// Loose.
    pub loose: PlanThresholds,
    /// The small blind's calling plans (any tightness).
    pub small_blind: SmallBlindThresholds,
}

/// Pre-flop configuration. Papp's Table B.1 survives only as one pair (tight, 3-4
/// players, Make2 = [200, 50]); every other pair is **ours**, calibrated so that Peña's
/// example holds (button, A-8, 4 players, moderate, IR 338 gives Make2) and a moderate
/// player at a full table plays roughly the top fifth of hands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PreflopConfig {
    /// Each player still to act counts as this much of a player (Papp: 0.6).
    pub probability_play: f64,
    /// Thresholds when the expected player count rounds to 2.
    pub group2: GroupThresholds,
    /// ... to 3 or 4.
    pub group3_4: GroupThresholds,
    /// ... to 5 or more.
    pub group5: GroupThresholds,
}

impl Default for PreflopConfig {
    fn default() -> Self {
        PreflopConfig {
            probability_play: 0.6,
            group2: GroupThresholds {
                tight: PlanThresholds {
                    make1: t(0.0, 25.0),
                    make2: t(150.0, 25.0),
                    make4: t(350.0, 25.0),
                },
                moderate: PlanThresholds {
                    make1: t(-50.0, 25.0),
                    make2: t(100.0, 25.0),
                    make4: t(300.0, 25.0),
                },
                loose: PlanThresholds {
                    make1: t(-100.0, 25.0),
                    make2: t(50.0, 25.0),
                    make4: t(250.0, 25.0),
                },
                // Heads-up: fold only about the worst tenth (IR2 < -250).
                small_blind: SmallBlindThresholds {
                    call_half: -250.0,
                    call_one_and_half: 0.0,
                },
            },
            group3_4: GroupThresholds {
                tight: PlanThresholds {
                    make1: t(100.0, 25.0),
                    make2: t(200.0, 50.0),
                    make4: t(600.0, 50.0),
                },
                moderate: PlanThresholds {
                    make1: t(50.0, 25.0),
                    make2: t(150.0, 50.0),
                    make4: t(500.0, 50.0),
                },
                loose: PlanThresholds {
                    make1: t(0.0, 25.0),
                    make2: t(100.0, 50.0),
                    make4: t(400.0, 50.0),
                },
                small_blind: SmallBlindThresholds {
                    call_half: -100.0,
                    call_one_and_half: 150.0,
                },
            },
            group5: GroupThresholds {
                tight: PlanThresholds {
                    make1: t(300.0, 25.0),
                    make2: t(500.0, 50.0),
                    make4: t(900.0, 50.0),
                },
                moderate: PlanThresholds {
                    make1: t(200.0, 25.0),
                    make2: t(450.0, 50.0),
                    make4: t(800.0, 50.0),
                },
                loose: PlanThresholds {
                    make1: t(100.0, 25.0),
                    make2: t(350.0, 50.0),
                    make4: t(700.0, 50.0),
                },
                small_blind: SmallBlindThresholds {
                    call_half: 0.0,
                    call_one_and_half: 250.0,
                },
            },
        }
    }
}

/// Post-flop configuration (Papp §6.2-6.6).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PostflopConfig {
    /// Make2 hand: raise if fewer than two bets this round (Papp: 0.85).
    pub make2: f64,
    /// Make1 hand: bet if nobody has, else call (Papp: 0.50).
    pub make1: f64,
    /// Call (without betting) at or above this ehs; equal to `make1` in Loki (**ours**:
    /// the passive reference styles set it below `make1`).
    pub call: f64,
    /// Check-raise at or above this ehs when a player after us may bet (**ours**: 0.95).
    pub check_raise: f64,
    /// Semi-bluff with potential at least Pot_Odds2 (Papp Eq. 6.5).
    pub semi_bluff: bool,
    /// Defensive calls by showdown odds (Papp §6.6; the formula is **ours**, see
    /// `postflop::showdown_odds`).
    pub showdown_odds: bool,
}

impl Default for PostflopConfig {
    fn default() -> Self {
        PostflopConfig {
            make2: 0.85,
            make1: 0.50,
            call: 0.50,
            check_raise: 0.95,
            semi_bluff: true,
            showdown_odds: true,
        }
    }
}

/// Where the default action frequencies of the generic model come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DefaultFrequencies {
    /// Measured in self-play of the GOM player (the paper: "based on how GOM itself plays").
    SelfPlay,
    /// Papp's "typical IRC player", Table B.2.
    Irc,
    /// Measured in self-play of the GOM player under the sources' configuration
    /// (`--config paper`).
    #[serde(rename = "selfplay-paper")]
    SelfPlayPaper,
}

/// What Loki-2's recency window holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum WindowScope {
    /// The last actions of each context.
    #[default]
    Context,
    /// The last actions of the player.
    Player,
}

/// The scale of pre-flop re-weighting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum PreflopScale {
    /// Each holding's percentile rank among the 1,326 holdings ordered by income rate,
    /// the threshold a percentile too (ours: with the long upper tail of income rates,
    /// a raiser came out looser than a caller on the income-rate scale).
    #[default]
    Percentile,
    /// Each holding's income rate, the threshold percentile mapped onto the income
    /// rates by indexing their sorted values (Papp §7.2.2; Billings et al. 1998: "an
    /// opponent who calls 30% of hands has a median hand of +200 ... +/-100").
    IncomeRate,
}

/// What a post-flop check tells Loki-1's models (GOM, SOM, SOMT, SOMC, POKI).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum CheckRule {
    /// Nothing: only a call, bet or raise re-weights (Loki-1; Peña: Loki-2 improved on it
    /// "by not ignoring an opponent's check").
    Ignore,
    /// A check re-weights by the check's entry of the probability triple from the
    /// context's thresholds (Peña §4's re-weighting of a check, in Loki-1's models; the
    /// table after it is where the round's later re-weightings start; ours, the default).
    #[default]
    Reweight,
}

/// Opponent-model configuration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ModelConfig {
    /// The lowest weight and factor (Billings et al. 1998; Papp: 0.01).
    pub floor: f64,
    /// Observations after which a context's frequencies are used alone (paper: 20).
    pub min_observations: u32,
    /// Loki-2's recency window (Peña: the last 20 actions).
    pub window: usize,
    /// What the window holds: the last `window` actions of each context (**ours**), or
    /// the last `window` actions of the player in all contexts (Peña: "the last twenty
    /// actions of each opponent"), of which a context counts its own.
    pub window_scope: WindowScope,
    /// Actions a context's window needs before its recent frequencies count (**ours**).
    pub recent_min: u32,
    /// What a post-flop check tells Loki-1's models: `ignore` or `reweight`.
    pub checks: CheckRule,
    /// Loki-1's rare-action rule (**ours**): when even the best holding is below `mu +
    /// sigma`, the factors are scaled so that it keeps factor 1, and when none reaches
    /// `mu - sigma` mu is lowered to the best value minus sigma; off, Figure 3 as it
    /// stands (the floor for every holding of an action its frequencies call impossible).
    pub keep_best: bool,
    /// Every re-weighting model (GOM, SOM, LOKI2 as well as SOMT, SOMC and POKI) mixes
    /// its re-weighting by the trust its opponent's shown hands earned (**ours**, see
    /// `trust.rs`); off: only SOMT, SOMC and POKI do.
    pub trust: bool,
    /// Calibrated models (SOMT): the prior probability that an opponent's actions follow
    /// its cards as modeled, before any showdown (**ours**).
    pub trust_prior: f64,
    /// The scale pre-flop re-weighting applies Figure 3 on: each holding's percentile
    /// rank by income rate (**ours**, the default), or its income rate itself with the
    /// threshold percentile mapped onto the income rates through their sorted values
    /// (Papp §7.2.2).
    pub preflop_scale: PreflopScale,
    /// Pre-flop sigma with `preflop_scale = "percentile"`, as a percentile of the 1,326
    /// holdings ranked by income rate (**ours**: 0.10).
    pub preflop_sigma: f64,
    /// Pre-flop sigma with `preflop_scale = "income-rate"`, in income rate x 1000 (the
    /// paper's example: +/-100).
    pub preflop_sigma_income_rate: f64,
    /// Post-flop sigma = `postflop_sigma_scale` x the frequency of the observed action,
    /// clamped to [`postflop_sigma_min`, `postflop_sigma_max`] (**ours**).
    pub postflop_sigma_scale: f64,
    /// Lower clamp of the post-flop sigma (**ours**).
    pub postflop_sigma_min: f64,
    /// Upper clamp of the post-flop sigma (**ours**; the paper's example uses 0.2).
    pub postflop_sigma_max: f64,
    /// The generic model's default frequencies.
    pub defaults: DefaultFrequencies,
    /// SOMC: the weight, in decisions, of each coarser context's frequencies in a finer
    /// one (**ours**, chosen on the IRC development month).
    pub context_backoff: f64,
    /// SOMC: the weight, in decisions, of "no tilt" in a player's tilt (**ours**, as
    /// `context_backoff`).
    pub context_tilt_prior: f64,
}

impl Default for ModelConfig {
    fn default() -> Self {
        ModelConfig {
            floor: 0.01,
            min_observations: 20,
            window: 20,
            window_scope: WindowScope::Context,
            recent_min: 5,
            checks: CheckRule::Reweight,
            keep_best: true,
            trust: true,
            trust_prior: 0.9,
            preflop_scale: PreflopScale::Percentile,
            preflop_sigma: 0.10,
            preflop_sigma_income_rate: 100.0,
            postflop_sigma_scale: 1.0,
            postflop_sigma_min: 0.05,
            postflop_sigma_max: 0.30,
            defaults: DefaultFrequencies::SelfPlay,
            context_backoff: 5.0,
            context_tilt_prior: 3.0,
        }
    }
}

/// What an opponent's holdings are ranked by when a post-flop action re-weights them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum RankBy {
    /// The paper's EHS': HS1 against the field array of the other live players as the
    /// opponent sees it (their weight tables, normalized and averaged; Papp §7.2.3 and
    /// §7.3.1), plus the uniform potential of the range table in place of the lost crude
    /// estimate PPOT_c.
    #[default]
    Paper,
    /// The range table's EHS: hand strength against one uniform opponent plus the same
    /// potential (one table per board).
    Uniform,
    /// The actor's own EHS as Loki's betting rules compute it (Papp Eq. 6.4): HS_n, the
    /// product of the hand strengths against each other live player's table, plus the
    /// potential (ours: Papp ranks by HS1 and notes that the number of opponents "is
    /// currently ignored").
    Multiway,
}

/// Whose tables form the field an actor's holdings are ranked against (`rank = "paper"`;
/// Papp §7.3.1: "the average of the normalized weight arrays of all players except p",
/// which does not say when those arrays are taken nor whose model of them is meant).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum FieldView {
    /// The modeling player's current tables of the other live players, its model of
    /// itself included, already re-weighted by this hand's post-flop actions.
    Current,
    /// The same tables as they stood when the flop was dealt: the field as a player who
    /// does not re-weight after the flop sees it, and as every player saw it when the
    /// flop came (ours; the default: it predicts every actor kind better, see
    /// `docs/opponent-model.md`).
    #[default]
    Preflop,
}

/// The potential term of EHS' = HS1 + (1 - HS1) PPOT when `rank = "paper"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum RankPotential {
    /// The range table's exact uniform potential (PPot2 on a flop, PPot1 on a turn).
    #[default]
    Uniform,
    /// Papp's crude PPOT_c (§7.2.3; see `crude_potential.rs`).
    Crude,
}

/// The scale Figure 3's threshold is applied on after the flop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum ThresholdScale {
    /// The holding's value itself (EHS', or EHS with `rank = "uniform"`): the paper's
    /// Figure 3, which "presumes" a threshold mu = 1 - F(raise) cuts off the top F of
    /// hands (Papp §7.2.1), although EHS' "is not a proper percentile" (Papp §7.2.3).
    #[default]
    Value,
    /// The holding's percentile within the model's own table before the action: the
    /// weighted share of the holdings it still believes possible whose value is lower
    /// (ties half). mu = 1 - F(raise) then cuts off the top F of the range the model
    /// holds, which is what the frequency counted (ours; Papp §7.2.2 maps pre-flop
    /// percentiles to the income-rate scale through the sorted values, unweighted).
    Range,
}

/// Post-flop re-weighting (Billings et al. 1998, Figure 3 and Table 2; Papp §7.2.3).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ReweightConfig {
    /// What Loki-1's re-weighting (Figure 3) ranks holdings by: `paper` (HS1 against the
    /// field, the default), `uniform` or `multiway`.
    pub rank: RankBy,
    /// What Loki-2's triple re-weighting ranks holdings by: `multiway` (**ours**, the
    /// default: each holding's EHS as the actor's betting rules compute it, HS_n against
    /// every other live player, Papp Eq. 6.4, so that a triple's call and raise regions
    /// fall where the actor's do), `paper` (Loki-1's EHS' from HS1, Papp §7.2.3) or
    /// `uniform`.
    pub triple_rank: RankBy,
    /// With `rank = "paper"`: whose tables form the field (`current` or `preflop`).
    pub field: FieldView,
    /// With `rank = "paper"`: the potential term (`uniform` or `crude`).
    pub potential: RankPotential,
    /// The scale of the threshold after the flop: `value` or `range`.
    pub scale: ThresholdScale,
}

impl Default for ReweightConfig {
    fn default() -> Self {
        ReweightConfig {
            rank: RankBy::Paper,
            triple_rank: RankBy::Multiway,
            field: FieldView::default(),
            potential: RankPotential::default(),
            scale: ThresholdScale::default(),
        }
    }
}

/// Probability-triple configuration (Peña §4).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TripleConfig {
    /// Half-width of the linear interpolation of Loki-2's betting around each threshold
    /// of the post-flop rules (**ours**: 0.05).
    pub smoothing: f64,
    /// The least probability of the passive action (check/call) in every Loki-2 triple
    /// that bets or raises, its own and those it re-weights opponents with (Peña's AA
    /// example keeps 0.2 on call "for deliberate slow-play"; 0 disables).
    pub min_passive: f64,
    /// The same least passive share for Loki-2's own betting triples only (**ours**: the
    /// same as `min_passive` unless set; Peña's own betting is Loki-1's rules smoothed).
    pub own_min_passive: Option<f64>,
    /// Loki-2 draws one random number per hand and selects every action of the hand
    /// with it (Peña §4, "As a betting strategy": "A single random number is generated at
    /// the beginning of each hand", which fixes its aggressiveness for the hand); off,
    /// a new number per decision.
    pub hand_random: bool,
}

impl Default for TripleConfig {
    fn default() -> Self {
        TripleConfig {
            smoothing: 0.05,
            min_passive: 0.2,
            own_min_passive: None,
            hand_random: false,
        }
    }
}

/// POKI's selective-sampling simulation (Peña 1999 §5; Billings, Papp, Peña, Schaeffer,
/// Szafron 1999, "Using Selective-Sampling Simulations in Poker"). The trial count is the
/// sources'; the early-stop rule and the in-trial triple width are **ours**.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SimulationConfig {
    /// Trials per decision at most (the sources: 500).
    pub trials: u32,
    /// Trials before the early stop may fire (**ours**: 100).
    pub min_trials: u32,
    /// The early stop is checked every this many trials (**ours**: 50).
    pub check_every: u32,
    /// Early stop: the best action's EV leads every other by more than `z` standard
    /// errors of the paired difference (**ours**: 2.58, two-sided 99%); 0 never stops early.
    pub z: f64,
    /// Half-width of the ramps of the opponents' in-trial triples around their
    /// thresholds (Peña's second triple generator; **ours**: 0.10).
    pub triple_width: f64,
    /// When POKI simulates pre-flop too (**ours**: heads-up, i.e. with one live opponent;
    /// otherwise it plays Loki's pre-flop plans).
    pub preflop: PreflopSimulation,
    /// Opponent holdings drawn to estimate a strength on a board that has no runout
    /// table, the flop, turn and river of a pre-flop simulation (**ours**: 48).
    pub strength_samples: u32,
    /// Post-flop, an opponent's in-trial strength is raised to the number of other live
    /// players (HS_n against uniform opponents, as a Loki player sees its hand) before
    /// its thresholds are applied (**ours**: on; it moved POKI - SOM in the `poki` preset
    /// from +0.008 / +0.013 to +0.025 / +0.023 sb/hand, seeds 1998 / 2).
    pub multiway_strength: bool,
    /// Each trial deals the folded players' cards (from their models' tables) before it
    /// draws the rest of the board, as Peña deals them so that the board "follows the
    /// right distribution" (Peña §5).
    pub deal_folded: bool,
    /// In-trial strength on a sampled flop or turn includes the crude potential PPOT_c
    /// (Papp §7.2.3; see [`crate::crude_potential`]): `pct + (1 - pct) PPOT_c`, as the
    /// models' EHS includes potential.
    pub later_potential: bool,
    /// Our own in-trial decisions read potential: in the current round our real PPot1
    /// (the pot-odds and semi-bluff rules), in later rounds EHS and PPot1 from PPOT_c.
    pub own_potential: bool,
    /// A free check is never valued below folding, 0 (we can always check and fold
    /// later for nothing; ours).
    pub free_check_floor: bool,
    /// Once a trial's line has put our chips in from the decision on, our later pre-flop
    /// actions in it never fold: our plan's fold becomes a call (ours). Loki's plan folds
    /// a weak holding to any raise, which POKI, whose pre-flop choice is the simulation's,
    /// does not do; without it a trial undervalues playing a hand the plan would not.
    pub preflop_stays_in: bool,
    /// Which of our in-trial actions are drawn as the model of our own seat predicts
    /// them (its thresholds from our own action frequencies in each context, at our
    /// in-trial strength HS_n), as an opponent's are, instead of by our post-flop rules:
    /// none, those after the round of the decision, or all post-flop ones (our pre-flop
    /// ones follow our plan either way). A trial then plays our later actions the way
    /// we really play against this table (ours; it needs the model of our own seat,
    /// which a player ranking holdings the paper's way keeps).
    pub self_model: SelfModel,
}

/// Which of our in-trial post-flop actions follow the model of our own seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SelfModel {
    /// None: our post-flop rules make them.
    Off,
    /// Those after the round of the decision.
    Later,
    /// Every post-flop one, the round of the decision included.
    All,
}

/// When POKI simulates its pre-flop decisions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PreflopSimulation {
    /// Never: Loki's pre-flop plans.
    Never,
    /// With exactly one live opponent.
    HeadsUp,
    /// Always.
    Always,
}

impl Default for SimulationConfig {
    fn default() -> Self {
        SimulationConfig {
            trials: 500,
            min_trials: 100,
            check_every: 50,
            z: 2.58,
            triple_width: 0.10,
            preflop: PreflopSimulation::HeadsUp,
            strength_samples: 48,
            multiway_strength: true,
            deal_folded: false,
            later_potential: false,
            own_potential: false,
            free_check_floor: false,
            preflop_stays_in: true,
            self_model: SelfModel::Later,
        }
    }
}

/// A named variant: a base kind plus overrides.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct VariantConfig {
    /// The base player kind (BPM, SOM, ...).
    pub base: String,
    /// Pre-flop tightness: "tight", "moderate" or "loose".
    pub tightness: Option<String>,
    /// Post-flop overrides.
    pub make1: Option<f64>,
    /// Post-flop override of `make2`.
    pub make2: Option<f64>,
    /// Post-flop override of `call`.
    pub call: Option<f64>,
    /// The opponent model: "generic" (GOM's), "specific" (SOM's), "loki2" or "context"
    /// (SOMC's: SOM's re-weighting with frequencies in context).
    pub model: Option<String>,
    /// POKI: trials per decision (overrides `simulation.trials`).
    pub trials: Option<u32>,
    /// POKI: the early-stop `z` (overrides `simulation.z`; 0 always plays every trial).
    pub z: Option<f64>,
    /// POKI: overrides `simulation.deal_folded`.
    pub deal_folded: Option<bool>,
    /// POKI: overrides `simulation.later_potential`.
    pub later_potential: Option<bool>,
    /// POKI: overrides `simulation.own_potential`.
    pub own_potential: Option<bool>,
    /// POKI: overrides `simulation.free_check_floor`.
    pub free_check_floor: Option<bool>,
    /// POKI: overrides `simulation.preflop_stays_in`.
    pub preflop_stays_in: Option<bool>,
    /// POKI: overrides `simulation.self_model`.
    pub self_model: Option<SelfModel>,
    /// POKI: overrides `simulation.triple_width`.
    pub triple_width: Option<f64>,
    /// What re-weighting ranks holdings by: "paper" or "uniform" (overrides
    /// `reweight.rank`).
    pub rank: Option<RankBy>,
    /// What triple re-weighting ranks holdings by (overrides `reweight.triple_rank`).
    pub triple_rank: Option<RankBy>,
    /// Whose tables form the field: "current" or "preflop" (overrides `reweight.field`).
    pub field: Option<FieldView>,
    /// The potential of the paper's ranking: "uniform" or "crude" (overrides
    /// `reweight.potential`).
    pub potential: Option<RankPotential>,
    /// The threshold's scale: "value" or "range" (overrides `reweight.scale`).
    pub scale: Option<ThresholdScale>,
    /// Whether re-weighting is mixed by trust (overrides `model.trust` for a kind that
    /// re-weights).
    pub trust: Option<bool>,
    /// A one-line description for `loki players`.
    pub description: Option<String>,
}

/// A configuration error.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The TOML does not parse or has unknown keys.
    #[error("bad configuration: {0}")]
    Toml(#[from] toml::de::Error),
    /// A value is out of its range.
    #[error("bad configuration: {0}")]
    Invalid(String),
}

impl LokiConfig {
    /// Parses a TOML configuration; missing keys take the defaults.
    ///
    /// # Errors
    /// Syntax errors, unknown keys, or values out of range.
    pub fn from_toml(text: &str) -> Result<LokiConfig, ConfigError> {
        let c: LokiConfig = toml::from_str(text)?;
        c.validate()?;
        Ok(c)
    }
    /// The configuration as TOML (for `loki config` / documentation).
    pub fn to_toml(&self) -> String {
        toml::to_string_pretty(self).unwrap_or_default()
    }
    /// A digest of what a player's play depends on apart from its default frequencies
    /// (the `preflop`, `postflop`, `model`, `reweight` and `triples` sections; not POKI's
    /// simulation nor the variants): FNV-1a 64 of their TOML, in hex. The committed
    /// self-play frequencies record the digest of the configuration that made them.
    pub fn play_digest(&self) -> String {
        #[derive(Serialize)]
        struct Play<'a> {
            preflop: &'a PreflopConfig,
            postflop: &'a PostflopConfig,
            model: &'a ModelConfig,
            reweight: &'a ReweightConfig,
            triples: &'a TripleConfig,
        }
        let text = toml::to_string(&Play {
            preflop: &self.preflop,
            postflop: &self.postflop,
            model: &self.model,
            reweight: &self.reweight,
            triples: &self.triples,
        })
        .unwrap_or_default();
        format!("{:016x}", loki_engine::digest::fnv1a64(text.as_bytes()))
    }
    /// Checks ranges.
    ///
    /// # Errors
    /// The first value out of range.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let invalid = |what: String| Err(ConfigError::Invalid(what));
        let unit = |name: &str, v: f64| {
            if (0.0..=1.0).contains(&v) {
                Ok(())
            } else {
                invalid(format!("{name} = {v} is outside [0, 1]"))
            }
        };
        unit("postflop.make1", self.postflop.make1)?;
        unit("postflop.make2", self.postflop.make2)?;
        unit("postflop.call", self.postflop.call)?;
        unit("postflop.check_raise", self.postflop.check_raise)?;
        unit("model.floor", self.model.floor)?;
        unit("model.preflop_sigma", self.model.preflop_sigma)?;
        let ir_sigma = self.model.preflop_sigma_income_rate;
        if !(ir_sigma > 0.0 && ir_sigma <= 5000.0) {
            return invalid(format!(
                "model.preflop_sigma_income_rate = {ir_sigma} is outside (0, 5000]"
            ));
        }
        unit("preflop.probability_play", self.preflop.probability_play)?;
        unit("triples.min_passive", self.triples.min_passive)?;
        unit("model.trust_prior", self.model.trust_prior)?;
        unit("triples.smoothing", self.triples.smoothing)?;
        if let Some(p) = self.triples.own_min_passive {
            unit("triples.own_min_passive", p)?;
        }
        let sim = &self.simulation;
        if sim.trials == 0 || sim.trials > 1_000_000 {
            return invalid("simulation.trials must be in 1..=1000000".into());
        }
        if sim.check_every == 0 {
            return invalid("simulation.check_every must be positive".into());
        }
        if !(sim.z >= 0.0 && sim.z.is_finite()) {
            return invalid("simulation.z must be a finite number >= 0".into());
        }
        unit("simulation.triple_width", sim.triple_width)?;
        if self.model.floor <= 0.0 {
            return invalid("model.floor must be positive".into());
        }
        for (name, v) in &self.variants {
            for (k, x) in [
                ("make1", v.make1),
                ("make2", v.make2),
                ("call", v.call),
                ("triple_width", v.triple_width),
            ] {
                if let Some(x) = x {
                    unit(&format!("variants.{name}.{k}"), x)?;
                }
            }
            if v.trials.is_some_and(|t| t == 0 || t > 1_000_000) {
                return invalid(format!("variants.{name}.trials must be in 1..=1000000"));
            }
            if v.z.is_some_and(|z| !(z >= 0.0 && z.is_finite())) {
                return invalid(format!("variants.{name}.z must be a finite number >= 0"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_round_trip_through_toml() {
        let c = LokiConfig::default();
        let text = c.to_toml();
        assert_eq!(LokiConfig::from_toml(&text).unwrap(), c);
        assert_eq!(c.postflop.make2, 0.85);
        assert_eq!(c.postflop.make1, 0.50);
        assert_eq!(c.model.floor, 0.01);
        assert_eq!(c.group_published_pair(), (200.0, 50.0));
    }

    #[test]
    fn bad_config_is_an_error() {
        assert!(LokiConfig::from_toml("[postflop]\nmake1 = 1.5\n").is_err());
        assert!(LokiConfig::from_toml("[postflop]\nbogus = 1\n").is_err());
        let c =
            LokiConfig::from_toml("[variants.tightsom]\nbase = \"SOM\"\ntightness = \"tight\"\n")
                .unwrap();
        assert_eq!(c.variants["tightsom"].base, "SOM");
    }

    impl LokiConfig {
        fn group_published_pair(&self) -> (f64, f64) {
            let m = self.preflop.group3_4.tight.make2;
            (m.base, m.increment)
        }
    }
}
