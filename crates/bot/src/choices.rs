//! loki's choices over the sources' configuration: each addition of ours that the
//! default configuration switches on and `--config paper` leaves off ([`crate::paper`]),
//! with its keys, the part of a player it changes, and whether a configuration has it on.
//! `loki players` names the ones a kind plays with; `docs/opponent-model.md` measures each
//! one switched on alone from `paper` and off alone from the default.
use crate::config::{
    CheckRule, FieldView, LokiConfig, PreflopScale, PreflopSimulation, RankPotential, SelfModel,
    WindowScope,
};
use crate::opponent_model::ModelMode;
use crate::style::Style;

/// The part of a player a choice changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// Pre-flop re-weighting, which every kind does (the initial weights).
    Initial,
    /// Loki-1's post-flop re-weighting (GOM, SOM and their relatives).
    Loki1Model,
    /// Every post-flop re-weighting model, Loki-1's and Loki-2's.
    AnyModel,
    /// Loki-2's triple re-weighting.
    Loki2Model,
    /// Loki-2's randomized betting.
    Loki2Betting,
    /// POKI's simulation.
    Simulation,
}

/// One choice of ours.
#[derive(Debug, Clone, Copy)]
pub struct Choice {
    /// A short name (`loki players` and the docs' table use it).
    pub name: &'static str,
    /// What it does, in a line.
    pub about: &'static str,
    /// The configuration keys it sets (dotted, as `loki config` prints them).
    pub keys: &'static [&'static str],
    /// The part of a player it changes.
    pub part: Part,
    /// Whether a configuration has it on.
    pub on: fn(&LokiConfig) -> bool,
}

/// Every choice of ours, in the order the docs' table lists them.
pub const CHOICES: &[Choice] = &[
    Choice {
        name: "percentile pre-flop",
        about: "pre-flop re-weighting on the percentile scale (the sources: income rates)",
        keys: &["model.preflop_scale"],
        part: Part::Initial,
        on: |c| c.model.preflop_scale == PreflopScale::Percentile,
    },
    Choice {
        name: "checks read",
        about: "a post-flop check re-weights Loki-1's models (the sources: ignored)",
        keys: &["model.checks"],
        part: Part::Loki1Model,
        on: |c| c.model.checks == CheckRule::Reweight,
    },
    Choice {
        name: "flop's field",
        about: "holdings ranked against the other players' tables of the flop (the sources leave it open; paper: as they stand)",
        keys: &["reweight.field"],
        part: Part::AnyModel,
        on: |c| c.reweight.field == FieldView::Preflop,
    },
    Choice {
        name: "exact potential",
        about: "EHS' with the exact two-card potential (the sources: the crude PPOT_c)",
        keys: &["reweight.potential"],
        part: Part::AnyModel,
        on: |c| c.reweight.potential == RankPotential::Uniform,
    },
    Choice {
        name: "frequency sigma",
        about: "sigma the action's frequency, within [0.05, 0.30] (the sources: 0.2)",
        keys: &[
            "model.postflop_sigma_scale",
            "model.postflop_sigma_min",
            "model.postflop_sigma_max",
        ],
        part: Part::AnyModel,
        on: |c| {
            let m = &c.model;
            !(m.postflop_sigma_scale == 0.0
                && m.postflop_sigma_min == 0.2
                && m.postflop_sigma_max == 0.2)
        },
    },
    Choice {
        name: "rare actions",
        about: "the most likely holding keeps factor 1 after an action the frequencies call rare (the sources: Figure 3 as printed)",
        keys: &["model.keep_best"],
        part: Part::Loki1Model,
        on: |c| c.model.keep_best,
    },
    Choice {
        name: "trust",
        about: "each re-weighting mixed with 1 by the trust the opponent's shown cards earned (the sources: none)",
        keys: &["model.trust"],
        part: Part::AnyModel,
        on: |c| c.model.trust,
    },
    Choice {
        name: "HS_n triples",
        about: "Loki-2 ranks holdings by HS_n, as the actors' betting rules do (the sources: Loki-1's EHS')",
        keys: &["reweight.triple_rank"],
        part: Part::Loki2Model,
        on: |c| c.reweight.triple_rank != c.reweight.rank,
    },
    Choice {
        name: "window per context",
        about: "Loki-2's recent window: the last 20 actions of each context, counting from 5 (Peña: the player's last 20)",
        keys: &["model.window_scope", "model.recent_min"],
        part: Part::Loki2Model,
        on: |c| c.model.window_scope == WindowScope::Context || c.model.recent_min > 1,
    },
    Choice {
        name: "own slow-play",
        about: "Loki-2's own betting keeps 0.2 on the passive action (Peña: Loki-1's rules smoothed)",
        keys: &["triples.own_min_passive"],
        part: Part::Loki2Betting,
        on: |c| c.triples.own_min_passive != Some(0.0),
    },
    Choice {
        name: "a number per decision",
        about: "Loki-2 draws a random number per decision (Peña: one per hand)",
        keys: &["triples.hand_random"],
        part: Part::Loki2Betting,
        on: |c| !c.triples.hand_random,
    },
    Choice {
        name: "simulation refinements",
        about: "POKI's early stop, heads-up pre-flop simulation, multiway in-trial strength, folded cards not dealt, the pre-flop line that stays in, the model of its own seat",
        keys: &[
            "simulation.z",
            "simulation.preflop",
            "simulation.multiway_strength",
            "simulation.deal_folded",
            "simulation.preflop_stays_in",
            "simulation.self_model",
        ],
        part: Part::Simulation,
        on: |c| {
            let s = &c.simulation;
            s.z > 0.0
                || s.preflop != PreflopSimulation::Never
                || s.multiway_strength
                || !s.deal_folded
                || s.preflop_stays_in
                || s.self_model != SelfModel::Off
        },
    },
];

/// Whether a player of this style plays with `part`.
pub fn plays_with(style: &Style, part: Part) -> bool {
    let loki1 = matches!(style.model, ModelMode::Generic | ModelMode::Specific);
    match part {
        Part::Initial => true,
        Part::Loki1Model => loki1,
        Part::AnyModel => style.model != ModelMode::InitialOnly,
        Part::Loki2Model => style.model == ModelMode::Loki2,
        Part::Loki2Betting => style.randomized,
        Part::Simulation => style.simulation.is_some(),
    }
}

/// The choices of ours a player of this style plays with under `config` (none: it plays
/// as the sources give it).
pub fn additions(style: &Style, config: &LokiConfig) -> Vec<&'static Choice> {
    // The style's own ranking and trust (a variant's or SOMT's) over the configuration's.
    let mut effective = config.clone();
    effective.reweight = style.reweight;
    effective.model.trust = style.calibrated;
    CHOICES
        .iter()
        .filter(|c| plays_with(style, c.part) && (c.on)(&effective))
        .collect()
}

/// A kind's line in `loki players`: what it is, then how it plays under `config` (the
/// choices of ours it plays with, or "as the sources give it").
pub fn described(style: &Style, about: &str, config: &LokiConfig) -> String {
    let added: Vec<&str> = additions(style, config).iter().map(|c| c.name).collect();
    if added.is_empty() {
        format!("{about}; here as the sources give it")
    } else {
        format!("{about}; here with loki's {}", added.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paper::paper;
    use crate::KINDS;

    #[test]
    fn the_default_has_every_choice_on_and_paper_none() {
        let (d, p) = (LokiConfig::default(), paper());
        for c in CHOICES {
            assert!((c.on)(&d), "{} off in the default", c.name);
            assert!(!(c.on)(&p), "{} on in paper", c.name);
        }
    }

    #[test]
    fn every_key_of_a_choice_is_a_key_of_ours_in_the_default() {
        use crate::config_sources::{source, Source};
        for c in CHOICES {
            for key in c.keys {
                assert!(
                    matches!(source(key), Some(Source::Ours | Source::OursAs(_))),
                    "{key} ({})",
                    c.name
                );
            }
        }
    }

    #[test]
    fn which_kinds_play_with_what() {
        let d = LokiConfig::default();
        let names = |k: &str| -> Vec<&str> {
            additions(&Style::named(k, &d).unwrap(), &d)
                .iter()
                .map(|c| c.name)
                .collect()
        };
        assert_eq!(names("BPM"), ["percentile pre-flop"]);
        let som = names("SOM");
        assert!(som.contains(&"checks read") && som.contains(&"trust"));
        assert!(!som.contains(&"HS_n triples") && !som.contains(&"own slow-play"));
        let loki2 = names("LOKI2");
        assert!(loki2.contains(&"HS_n triples") && loki2.contains(&"own slow-play"));
        assert!(!loki2.contains(&"checks read") && !loki2.contains(&"rare actions"));
        assert!(!names("LOKI2R").contains(&"own slow-play"));
        assert!(!names("LOKI2B").contains(&"HS_n triples"));
        assert!(names("POKI").contains(&"simulation refinements"));
        let p = paper();
        for k in KINDS.iter().filter(|k| k.shape().is_some()) {
            let added = additions(&Style::of(k, &p).unwrap(), &p);
            // SOMT, POKI and SOMC trust whatever the configuration says (ours).
            let trusting = ["SOMT", "POKI", "SOMC"].contains(&k.name);
            let want: &[&str] = if trusting { &["trust"] } else { &[] };
            let got: Vec<&str> = added.iter().map(|c| c.name).collect();
            assert_eq!(got, want, "{}", k.name);
        }
        let som = Style::named("SOM", &p).unwrap();
        assert!(described(&som, "SOM", &p).ends_with("here as the sources give it"));
        let som = Style::named("SOM", &d).unwrap();
        assert!(described(&som, "SOM", &d).contains("here with loki's percentile pre-flop"));
    }
}
