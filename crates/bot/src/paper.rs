//! The sources' own configuration (`--config paper`): every value the sources give, as
//! they give it (Billings et al. 1998; Papp 1998; Peña 1999), and where they are silent
//! the simplest reading consistent with their text, none of loki's additions. Each key's
//! reading is one row of [`READINGS`] (the sources' value and where it is stated, or the
//! reason for the reading of a silent point, or why the key plays no part); `loki config
//! --config paper` prints it beside each value, and `docs/opponent-model.md` explains the
//! silent points.
use crate::config::{
    CheckRule, DefaultFrequencies, FieldView, LokiConfig, PreflopScale, PreflopSimulation, RankBy,
    RankPotential, SelfModel, ThresholdScale, WindowScope,
};

/// The names `--config` accepts for the built-in configurations (a path otherwise).
pub const BUILT_IN: [&str; 2] = ["default", "paper"];

/// A built-in configuration by name (`"default"` or `"paper"`, case-insensitive).
pub fn built_in(name: &str) -> Option<LokiConfig> {
    match name.to_ascii_lowercase().as_str() {
        "default" => Some(LokiConfig::default()),
        "paper" => Some(paper()),
        _ => None,
    }
}

/// The sources' configuration.
pub fn paper() -> LokiConfig {
    let mut c = LokiConfig::default();
    let m = &mut c.model;
    m.window_scope = WindowScope::Player;
    m.recent_min = 1;
    m.checks = CheckRule::Ignore;
    m.keep_best = false;
    m.trust = false;
    m.preflop_scale = PreflopScale::IncomeRate;
    m.postflop_sigma_scale = 0.0;
    m.postflop_sigma_min = 0.2;
    m.postflop_sigma_max = 0.2;
    m.defaults = DefaultFrequencies::SelfPlayPaper;
    c.reweight.rank = RankBy::Paper;
    c.reweight.triple_rank = RankBy::Paper;
    c.reweight.field = FieldView::Current;
    c.reweight.potential = RankPotential::Crude;
    c.reweight.scale = ThresholdScale::Value;
    c.triples.own_min_passive = Some(0.0);
    c.triples.hand_random = true;
    let s = &mut c.simulation;
    s.z = 0.0;
    s.preflop = PreflopSimulation::Never;
    s.multiway_strength = false;
    s.deal_folded = true;
    s.later_potential = false;
    s.own_potential = false;
    s.free_check_floor = false;
    s.preflop_stays_in = false;
    s.self_model = SelfModel::Off;
    c
}

/// How `paper` reads one key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// The sources' value, with where it is stated.
    Stated(&'static str),
    /// A point the sources leave open, with why it is read as it is.
    Silent(&'static str),
    /// The key plays no part under `paper` (why).
    Unused(&'static str),
}

impl std::fmt::Display for Reading {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Reading::Stated(s) => f.write_str(s),
            Reading::Silent(s) => write!(f, "silent: {s}"),
            Reading::Unused(s) => write!(f, "unused: {s}"),
        }
    }
}

use Reading::{Silent, Stated, Unused};

const SIGMA: &str =
    "Papp's sigma rule is lost; the paper's one example, 0.2 (Table 2), for every action";
const SOMC: &str = "SOMC's, a kind of loki's";

/// Every key's reading under `paper`, keyed as in [`crate::config_sources::SOURCES`]
/// (`*` any one segment, first match wins).
pub const READINGS: &[(&str, Reading)] = &[
    ("preflop.probability_play", Stated("Papp §6.1")),
    ("preflop.group3_4.tight.make2.*", Stated("Papp Table B.1")),
    (
        "preflop.*.small_blind.*",
        Silent("Papp's fixed small-blind thresholds are lost; loki's, so that heads-up the small blind completes most hands"),
    ),
    (
        "preflop.*.*.*.*",
        Silent("Table B.1 survives as one pair; loki's pairs, which keep Peña's example (button, A-8, 4 players, moderate: Make2)"),
    ),
    ("postflop.make2", Stated("Papp §6.2")),
    ("postflop.make1", Stated("Papp §6.2")),
    (
        "postflop.call",
        Silent("Loki calls at the Make1 threshold (Papp §6.2): loki's separate key, set to make1"),
    ),
    (
        "postflop.check_raise",
        Silent("Papp §6.2 gives check-raising the first priority with a very strong hand, no threshold; loki's 0.95"),
    ),
    ("postflop.semi_bluff", Stated("Papp §6.5, Eq. 6.5")),
    (
        "postflop.showdown_odds",
        Silent("Papp §6.6 keeps the rule, its formula is lost; loki's formula"),
    ),
    ("model.floor", Stated("Billings et al. 1998, Figure 3")),
    (
        "model.min_observations",
        Stated("Billings et al. 1998, \"Computing Initial Weights\""),
    ),
    ("model.window", Stated("Peña §4")),
    (
        "model.window_scope",
        Stated("Peña §4: \"the last twenty actions of each opponent\""),
    ),
    (
        "model.recent_min",
        Silent("Peña averages the two records with no minimum: the window counts from its first action in a context"),
    ),
    (
        "model.checks",
        Stated("Loki-1 ignores checks (Peña §4); Loki-2 reads them after the flop by its triples"),
    ),
    ("model.keep_best", Stated("Billings et al. 1998, Figure 3 as printed")),
    (
        "model.trust",
        Stated("the sources' models take every action as following the cards"),
    ),
    ("model.trust_prior", Unused("trust is off")),
    ("model.preflop_scale", Stated("Papp §7.2.2")),
    ("model.preflop_sigma", Unused("the percentile scale's width")),
    (
        "model.preflop_sigma_income_rate",
        Stated("Billings et al. 1998: +/-100 income rate"),
    ),
    ("model.postflop_sigma_scale", Silent(SIGMA)),
    ("model.postflop_sigma_min", Silent(SIGMA)),
    ("model.postflop_sigma_max", Silent(SIGMA)),
    (
        "model.defaults",
        Stated("Billings et al. 1998: GOM's defaults from how GOM itself plays (its self-play under this configuration)"),
    ),
    ("model.context_backoff", Unused(SOMC)),
    ("model.context_tilt_prior", Unused(SOMC)),
    ("reweight.rank", Stated("Papp §7.2.3, §7.3.1")),
    (
        "reweight.triple_rank",
        Silent("Peña §4 replaces Loki-1's re-weighting factor by the triple's entry, not what holdings are ranked by: Loki-1's EHS' (Papp §7.2.3)"),
    ),
    (
        "reweight.field",
        Silent("Papp §7.3.1 does not say when the field's arrays are taken: as they stand"),
    ),
    (
        "reweight.potential",
        Stated("Papp §7.2.3: PPOT_c (its straight-draw rule loki's)"),
    ),
    ("reweight.scale", Stated("Papp §7.2.1")),
    (
        "triples.smoothing",
        Silent("Peña smooths the action boundaries by linear interpolation, width not given; loki's 0.05"),
    ),
    ("triples.min_passive", Stated("Peña §4")),
    (
        "triples.own_min_passive",
        Stated("Peña §4: Loki-2's betting triples are Loki-1's rules, smoothed"),
    ),
    ("triples.hand_random", Stated("Peña §4")),
    ("simulation.trials", Stated("Peña §5; Billings et al. 1999")),
    (
        "simulation.z",
        Stated("Peña §5: every trial is played (no early stop)"),
    ),
    ("simulation.min_trials", Unused("no early stop")),
    ("simulation.check_every", Unused("no early stop")),
    (
        "simulation.triple_width",
        Silent("Peña's second triple generator, width not given; loki's 0.10"),
    ),
    (
        "simulation.preflop",
        Silent("the sources simulate after the flop; before it, Loki's plans"),
    ),
    ("simulation.strength_samples", Unused("no pre-flop simulation")),
    (
        "simulation.deal_folded",
        Stated("Peña §5: every player's cards are dealt"),
    ),
    (
        "simulation.*",
        Silent("an in-trial refinement of loki's, off"),
    ),
    ("variants.*.*", Unused("a configured variant, the user's own")),
];

/// The reading of a dotted key under `paper`, if the table has it.
pub fn reading(key: &str) -> Option<Reading> {
    READINGS
        .iter()
        .find(|(pattern, _)| crate::config_sources::matches(pattern, key))
        .map(|(_, r)| *r)
}

/// The TOML with each value's reading under `paper` at the end of its line.
pub fn annotate(toml: &str) -> String {
    crate::config_sources::annotate_with(toml, |key| reading(key).map(|r| r.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config_sources::{every_key, keys, source, Source};

    #[test]
    fn every_key_has_a_reading_and_every_row_serves_one() {
        let mut c = paper();
        c.variants = every_key().variants;
        let keys = keys(&c.to_toml());
        let missing: Vec<&String> = keys.iter().filter(|k| reading(k).is_none()).collect();
        assert!(missing.is_empty(), "keys without a reading: {missing:?}");
        for (pattern, _) in READINGS {
            assert!(
                keys.iter()
                    .any(|k| crate::config_sources::matches(pattern, k)),
                "no key matches {pattern}"
            );
        }
    }

    /// Every value of ours that the default configuration adds (a key whose default is
    /// marked ours and is not needed to play) is switched off in `paper`: where the two
    /// configurations agree on such a key, `paper` must call it a silent point or unused.
    #[test]
    fn paper_keeps_none_of_our_additions() {
        let (d, p) = (LokiConfig::default(), paper());
        let value = |c: &LokiConfig| {
            let toml = c.to_toml();
            let mut table = std::collections::BTreeMap::new();
            let mut section = String::new();
            for line in toml.lines() {
                if let Some(t) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                    section = t.to_string();
                } else if let Some((k, v)) = line.split_once(" = ") {
                    table.insert(format!("{section}.{k}"), v.to_string());
                }
            }
            table
        };
        let (dv, pv) = (value(&d), value(&p));
        for (key, v) in &dv {
            let ours = matches!(source(key), Some(Source::Ours | Source::OursAs(_)));
            if ours && pv.get(key) == Some(v) {
                assert!(
                    matches!(reading(key), Some(Silent(_) | Unused(_))),
                    "{key} = {v} is ours in the default and kept by paper as stated"
                );
            }
        }
        // The additions named in the documentation, each off.
        assert!(!p.model.trust && !p.model.keep_best);
        assert_eq!(p.model.checks, CheckRule::Ignore);
        assert_eq!(p.reweight.field, FieldView::Current);
        assert_eq!(p.reweight.potential, RankPotential::Crude);
        assert_eq!(p.model.preflop_scale, PreflopScale::IncomeRate);
        assert!(!p.simulation.multiway_strength && !p.simulation.preflop_stays_in);
        assert_eq!(
            (p.reweight.rank, p.reweight.triple_rank),
            (RankBy::Paper, RankBy::Paper)
        );
        assert_eq!(p.simulation.self_model, SelfModel::Off);
    }

    #[test]
    fn the_sources_numbers() {
        let p = paper();
        assert_eq!((p.postflop.make2, p.postflop.make1), (0.85, 0.50));
        assert_eq!(p.postflop.call, p.postflop.make1);
        assert_eq!(
            (p.model.floor, p.model.min_observations, p.model.window),
            (0.01, 20, 20)
        );
        // The paper's Table 2 example: sigma 0.2 whatever the action's frequency.
        for freq in [0.05, 0.4, 0.9] {
            let m = &p.model;
            let sigma =
                (m.postflop_sigma_scale * freq).clamp(m.postflop_sigma_min, m.postflop_sigma_max);
            assert_eq!(sigma, 0.2);
        }
        assert_eq!(p.model.preflop_sigma_income_rate, 100.0);
        assert_eq!(p.triples.min_passive, 0.2);
        assert_eq!(p.simulation.trials, 500);
        assert_eq!(p.model.window_scope, WindowScope::Player);
        let t = p.preflop.group3_4.tight.make2;
        assert_eq!((t.base, t.increment), (200.0, 50.0));
        assert!(p.validate().is_ok());
        assert_eq!(LokiConfig::from_toml(&p.to_toml()).unwrap(), p);
    }

    #[test]
    fn built_in_names() {
        assert_eq!(built_in("Paper"), Some(paper()));
        assert_eq!(built_in("default"), Some(LokiConfig::default()));
        assert_eq!(built_in("paper.toml"), None);
        let text = annotate(&paper().to_toml());
        assert!(
            text.contains("checks = \"ignore\"  # Loki-1 ignores checks"),
            "{text}"
        );
        assert!(text.contains("# silent: Papp §7.3.1"), "{text}");
        assert_eq!(LokiConfig::from_toml(&text).unwrap(), paper());
    }
}
