//! A player's style: the betting parameters and opponent model one player plays with,
//! read from a kind of [`crate::kinds::KINDS`] under a configuration, or from a
//! configured variant (`[variants.NAME]`: a kind with overrides).
use crate::config::{LokiConfig, PostflopConfig, ReweightConfig, SimulationConfig};
use crate::kinds::{find, Kind, Postflop, KINDS};
use crate::opponent_model::ModelMode;
use crate::preflop::{Tightness, UnknownTightness};

/// Why a player style cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StyleError {
    /// Neither a built-in kind nor a configured variant.
    #[error("unknown Loki player '{0}'")]
    Unknown(String),
    /// A variant whose base is not a built-in kind.
    #[error("variant '{variant}': unknown base '{base}'")]
    UnknownBase {
        /// The variant.
        variant: String,
        /// Its base.
        base: String,
    },
    /// A variant with an unknown opponent model.
    #[error("variant '{variant}': unknown model '{model}' (generic, specific, loki2 or context)")]
    Model {
        /// The variant.
        variant: String,
        /// The model named.
        model: String,
    },
    /// A variant with a bad tightness.
    #[error("variant '{variant}': {source}")]
    Tightness {
        /// The variant.
        variant: String,
        /// The error.
        source: UnknownTightness,
    },
}

/// Everything that distinguishes one player's play.
#[derive(Debug, Clone, PartialEq)]
pub struct Style {
    /// The name (a kind or a configured variant).
    pub name: String,
    /// The kind it is based on (its name in [`KINDS`]).
    pub kind: &'static str,
    /// Pre-flop tightness.
    pub tightness: Tightness,
    /// Post-flop constants.
    pub postflop: PostflopConfig,
    /// The opponent model.
    pub model: ModelMode,
    /// Whether actions are drawn from probability triples (Loki-2).
    pub randomized: bool,
    /// Whether re-weighting is mixed by the trust earned at showdowns (SOMT).
    pub calibrated: bool,
    /// Whether the opponents' frequencies are read in context (SOMC; see
    /// `context_model.rs`).
    pub context: bool,
    /// POKI: post-flop decisions by selective-sampling simulation with these settings.
    pub simulation: Option<SimulationConfig>,
    /// What post-flop re-weighting ranks an opponent's holdings by.
    pub reweight: ReweightConfig,
}

impl Style {
    /// The style of a Loki kind under a configuration (`None`: a simple player).
    pub fn of(kind: &Kind, cfg: &LokiConfig) -> Option<Style> {
        let s = kind.shape()?;
        let base = cfg.postflop.clone();
        let postflop = match s.postflop {
            Postflop::Base => base,
            Postflop::With(make1, make2, call) => PostflopConfig {
                make1,
                make2,
                call,
                ..base
            },
            Postflop::Passive(call) => PostflopConfig {
                make1: 0.75,
                make2: 0.95,
                call,
                check_raise: 1.01,
                semi_bluff: false,
                ..base
            },
        };
        Some(Style {
            name: kind.name.to_string(),
            kind: kind.name,
            tightness: s.tightness,
            postflop,
            model: s.model,
            randomized: s.randomized,
            calibrated: s.trusting || (cfg.model.trust && s.model != ModelMode::InitialOnly),
            context: s.context,
            simulation: s.simulates.then(|| cfg.simulation.clone()),
            reweight: cfg.reweight,
        })
    }

    /// What this player's model ranks an opponent's holdings by after the flop: Loki-2's
    /// triple re-weighting by `reweight.triple_rank`, Loki-1's by `reweight.rank`.
    pub fn rank(&self) -> crate::config::RankBy {
        if self.model == ModelMode::Loki2 {
            self.reweight.triple_rank
        } else {
            self.reweight.rank
        }
    }

    /// A Loki kind of [`KINDS`] or a configured variant by name (case-insensitive).
    ///
    /// # Errors
    /// An unknown name, or a variant with an unknown base or tightness.
    pub fn named(name: &str, cfg: &LokiConfig) -> Result<Style, StyleError> {
        Style::named_in(KINDS, name, cfg)
    }

    /// As [`Style::named`], the kinds read from `kinds`.
    ///
    /// # Errors
    /// As [`Style::named`].
    pub fn named_in(kinds: &[Kind], name: &str, cfg: &LokiConfig) -> Result<Style, StyleError> {
        if let Some(s) = find(kinds, name).and_then(|k| Style::of(k, cfg)) {
            return Ok(s);
        }
        let (vname, v) = cfg
            .variants
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .ok_or_else(|| StyleError::Unknown(name.to_string()))?;
        let mut s = find(kinds, &v.base)
            .and_then(|k| Style::of(k, cfg))
            .ok_or_else(|| StyleError::UnknownBase {
                variant: vname.clone(),
                base: v.base.clone(),
            })?;
        s.name = vname.clone();
        if let Some(t) = &v.tightness {
            s.tightness = t.parse().map_err(|source| StyleError::Tightness {
                variant: vname.clone(),
                source,
            })?;
        }
        s.postflop.make1 = v.make1.unwrap_or(s.postflop.make1);
        s.postflop.make2 = v.make2.unwrap_or(s.postflop.make2);
        s.postflop.call = v.call.unwrap_or(s.postflop.call);
        if let Some(m) = &v.model {
            s.context = m.eq_ignore_ascii_case("context");
            s.model = match m.to_ascii_lowercase().as_str() {
                "generic" => ModelMode::Generic,
                "specific" | "context" => ModelMode::Specific,
                "loki2" => ModelMode::Loki2,
                _ => {
                    return Err(StyleError::Model {
                        variant: vname.clone(),
                        model: m.clone(),
                    })
                }
            };
        }
        s.reweight.rank = v.rank.unwrap_or(s.reweight.rank);
        s.reweight.triple_rank = v.triple_rank.unwrap_or(s.reweight.triple_rank);
        s.reweight.field = v.field.unwrap_or(s.reweight.field);
        s.reweight.potential = v.potential.unwrap_or(s.reweight.potential);
        s.reweight.scale = v.scale.unwrap_or(s.reweight.scale);
        if cfg.model.trust && s.model != ModelMode::InitialOnly {
            s.calibrated = true;
        }
        if let Some(t) = v.trust {
            s.calibrated = t && s.model != ModelMode::InitialOnly;
        }
        if let Some(sim) = &mut s.simulation {
            sim.trials = v.trials.unwrap_or(sim.trials);
            sim.z = v.z.unwrap_or(sim.z);
            sim.triple_width = v.triple_width.unwrap_or(sim.triple_width);
            sim.self_model = v.self_model.unwrap_or(sim.self_model);
            sim.deal_folded = v.deal_folded.unwrap_or(sim.deal_folded);
            sim.later_potential = v.later_potential.unwrap_or(sim.later_potential);
            sim.own_potential = v.own_potential.unwrap_or(sim.own_potential);
            sim.free_check_floor = v.free_check_floor.unwrap_or(sim.free_check_floor);
            sim.preflop_stays_in = v.preflop_stays_in.unwrap_or(sim.preflop_stays_in);
        }
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_variants() {
        let cfg = LokiConfig::default();
        assert_eq!(Style::named("som", &cfg).unwrap().name, "SOM");
        assert_eq!(Style::named("Loki2", &cfg).unwrap().kind, "LOKI2");
        assert!(Style::named("nobody", &cfg).is_err());
        assert!(Style::named("call", &cfg).is_err());
        assert_eq!(Style::named("BPM", &cfg).unwrap().postflop.make2, 0.85);
        let cfg = LokiConfig::from_toml(
            "[variants.TightSOM]\nbase = \"som\"\ntightness = \"tight\"\nmake1 = 0.6\n",
        )
        .unwrap();
        let s = Style::named("tightsom", &cfg).unwrap();
        assert_eq!(
            (s.kind, s.tightness, s.postflop.make1),
            ("SOM", Tightness::Tight, 0.6)
        );
        assert_eq!(s.model, ModelMode::Specific);
        let cfg = LokiConfig::from_toml(
            "[variants.POKI2]\nbase = \"poki\"\nmodel = \"loki2\"\ntrials = 100\npreflop_stays_in = false\n\n[variants.bad]\nbase = \"som\"\nmodel = \"psychic\"\n",
        )
        .unwrap();
        let s = Style::named("poki2", &cfg).unwrap();
        assert_eq!(s.model, ModelMode::Loki2);
        let sim = s.simulation.unwrap();
        assert_eq!((sim.trials, sim.preflop_stays_in), (100, false));
        assert!(
            Style::named("poki", &cfg)
                .unwrap()
                .simulation
                .unwrap()
                .preflop_stays_in
        );
        assert!(matches!(
            Style::named("bad", &cfg),
            Err(StyleError::Model { .. })
        ));
    }
}
