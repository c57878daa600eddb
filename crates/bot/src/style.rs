//! The player family: which betting parameters and which opponent model each kind uses
//! (Billings et al. 1998, "Experiments": BPM, BPT, BPL, GOM, SOM; Peña 1999: Loki-2 and
//! the tight/loose x passive/aggressive reference styles). Post-flop constants other than
//! Papp's 0.85 / 0.50 are **ours**, documented here and overridable by `[variants]`.
use crate::config::{LokiConfig, PostflopConfig, ReweightConfig, SimulationConfig};
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

/// A built-in player kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    /// Basic player, moderate: initial pre-flop weights, no re-weighting.
    Bpm,
    /// Basic player, tight.
    Bpt,
    /// Basic player, loose.
    Bpl,
    /// Generic opponent modeling with re-weighting.
    Gom,
    /// Specific opponent modeling with re-weighting.
    Som,
    /// Loki-2 (Peña §4): probability-triple betting, randomized, and triple
    /// re-weighting with last-20 thresholds.
    Loki2,
    /// Loki-2's betting (randomized triples) with Loki-1's re-weighting (SOM's model):
    /// Peña's "B" (§4, experiments).
    Loki2B,
    /// Loki-1's betting (SOM's rules) with Loki-2's triple re-weighting and last-20
    /// thresholds: Peña's "R".
    Loki2R,
    /// SOM whose re-weighting trusts each opponent as far as its shown cards followed
    /// its actions (ours; see `trust.rs`).
    Somt,
    /// SOMT's calibrated models with Poki's betting: selective-sampling simulation of the
    /// rest of the hand (Peña 1999 §5).
    Poki,
    /// SOMT whose thresholds read action frequencies in context: the public features of
    /// the spot and a per-player tilt (ours; see `context_model.rs`).
    Somc,
    /// Tight-passive reference style.
    Tp,
    /// Tight-aggressive reference style.
    Ta,
    /// Loose-passive reference style.
    Lp,
    /// Loose-aggressive reference style.
    La,
}

impl PlayerKind {
    /// All kinds, in the order `loki players` lists them.
    pub const ALL: [PlayerKind; 15] = [
        PlayerKind::Bpm,
        PlayerKind::Bpt,
        PlayerKind::Bpl,
        PlayerKind::Gom,
        PlayerKind::Som,
        PlayerKind::Loki2,
        PlayerKind::Loki2B,
        PlayerKind::Loki2R,
        PlayerKind::Somt,
        PlayerKind::Poki,
        PlayerKind::Somc,
        PlayerKind::Tp,
        PlayerKind::Ta,
        PlayerKind::Lp,
        PlayerKind::La,
    ];
    /// The name used in `--players` lists and results ("BPM", ...).
    pub fn name(self) -> &'static str {
        match self {
            PlayerKind::Bpm => "BPM",
            PlayerKind::Bpt => "BPT",
            PlayerKind::Bpl => "BPL",
            PlayerKind::Gom => "GOM",
            PlayerKind::Som => "SOM",
            PlayerKind::Loki2 => "LOKI2",
            PlayerKind::Loki2B => "LOKI2B",
            PlayerKind::Loki2R => "LOKI2R",
            PlayerKind::Somt => "SOMT",
            PlayerKind::Poki => "POKI",
            PlayerKind::Somc => "SOMC",
            PlayerKind::Tp => "TP",
            PlayerKind::Ta => "TA",
            PlayerKind::Lp => "LP",
            PlayerKind::La => "LA",
        }
    }
    /// A one-line description.
    pub fn description(self) -> &'static str {
        match self {
            PlayerKind::Bpm => "basic Loki, moderate: pre-flop initial weights, no re-weighting",
            PlayerKind::Bpt => "basic Loki, tight (conservative) betting parameters",
            PlayerKind::Bpl => "basic Loki, loose (liberal) betting parameters",
            PlayerKind::Gom => "generic opponent modeling: re-weights with Loki's own default frequencies",
            PlayerKind::Som => "specific opponent modeling: re-weights with each opponent's observed frequencies (20 observations)",
            PlayerKind::Loki2 => "Loki-2 (Peña): probability-triple betting (randomized) and triple re-weighting with last-20-action thresholds",
            PlayerKind::Loki2B => "Peña's B: Loki-2's triple betting with Loki-1's re-weighting (SOM's model)",
            PlayerKind::Loki2R => "Peña's R: Loki-1's betting (SOM's rules) with Loki-2's triple re-weighting and last-20 thresholds",
            PlayerKind::Somt => "SOM that trusts each opponent's actions as far as its shown cards bore them out, whatever model.trust says (ours; with the default, SOM does too)",
            PlayerKind::Poki => "SOMT's models, Poki's betting: simulates the rest of the hand (up to 500 trials) and takes the action of highest expected value",
            PlayerKind::Somc => "SOMT whose thresholds read action frequencies in context (the spot's public features, a per-player tilt), as the best model of IRC players does (ours)",
            PlayerKind::Tp => "reference style: tight-passive (few hands, rarely bets or raises)",
            PlayerKind::Ta => "reference style: tight-aggressive (few hands, bets and raises often)",
            PlayerKind::Lp => "reference style: loose-passive (many hands, calls a lot)",
            PlayerKind::La => "reference style: loose-aggressive (many hands, bets and raises often)",
        }
    }
    /// Parses a name, case-insensitive.
    pub fn from_name(s: &str) -> Option<PlayerKind> {
        PlayerKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s))
    }
}

/// Everything that distinguishes one player's play.
#[derive(Debug, Clone, PartialEq)]
pub struct Style {
    /// The name (a kind or a configured variant).
    pub name: String,
    /// The kind it is based on.
    pub kind: PlayerKind,
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
    /// The style of a built-in kind under a configuration.
    pub fn of(kind: PlayerKind, cfg: &LokiConfig) -> Style {
        let base = cfg.postflop.clone();
        let with = |make1: f64, make2: f64, call: f64| PostflopConfig {
            make1,
            make2,
            call,
            ..base.clone()
        };
        let passive = |call: f64| PostflopConfig {
            make1: 0.75,
            make2: 0.95,
            call,
            check_raise: 1.01,
            semi_bluff: false,
            ..base.clone()
        };
        let (tightness, postflop, model, randomized) = match kind {
            PlayerKind::Bpm => (
                Tightness::Moderate,
                base.clone(),
                ModelMode::InitialOnly,
                false,
            ),
            PlayerKind::Bpt => (
                Tightness::Tight,
                with(0.55, 0.88, 0.55),
                ModelMode::InitialOnly,
                false,
            ),
            PlayerKind::Bpl => (
                Tightness::Loose,
                with(0.45, 0.80, 0.45),
                ModelMode::InitialOnly,
                false,
            ),
            PlayerKind::Gom => (Tightness::Moderate, base.clone(), ModelMode::Generic, false),
            PlayerKind::Som => (
                Tightness::Moderate,
                base.clone(),
                ModelMode::Specific,
                false,
            ),
            PlayerKind::Loki2 => (Tightness::Moderate, base.clone(), ModelMode::Loki2, true),
            PlayerKind::Loki2B => (Tightness::Moderate, base.clone(), ModelMode::Specific, true),
            PlayerKind::Loki2R => (Tightness::Moderate, base.clone(), ModelMode::Loki2, false),
            PlayerKind::Somt | PlayerKind::Poki | PlayerKind::Somc => (
                Tightness::Moderate,
                base.clone(),
                ModelMode::Specific,
                false,
            ),
            PlayerKind::Tp => (
                Tightness::Tight,
                passive(0.45),
                ModelMode::InitialOnly,
                false,
            ),
            PlayerKind::Ta => (
                Tightness::Tight,
                with(0.45, 0.75, 0.45),
                ModelMode::InitialOnly,
                false,
            ),
            PlayerKind::Lp => (
                Tightness::Loose,
                passive(0.35),
                ModelMode::InitialOnly,
                false,
            ),
            PlayerKind::La => (
                Tightness::Loose,
                with(0.40, 0.70, 0.40),
                ModelMode::InitialOnly,
                false,
            ),
        };
        Style {
            name: kind.name().to_string(),
            kind,
            tightness,
            postflop,
            model,
            randomized,
            calibrated: matches!(kind, PlayerKind::Somt | PlayerKind::Poki | PlayerKind::Somc)
                || (cfg.model.trust && model != ModelMode::InitialOnly),
            context: kind == PlayerKind::Somc,
            simulation: (kind == PlayerKind::Poki).then(|| cfg.simulation.clone()),
            reweight: cfg.reweight,
        }
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

    /// A built-in kind or a configured variant by name (case-insensitive).
    ///
    /// # Errors
    /// An unknown name, or a variant with an unknown base or tightness.
    pub fn named(name: &str, cfg: &LokiConfig) -> Result<Style, StyleError> {
        if let Some(k) = PlayerKind::from_name(name) {
            return Ok(Style::of(k, cfg));
        }
        let (vname, v) = cfg
            .variants
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .ok_or_else(|| StyleError::Unknown(name.to_string()))?;
        let kind = PlayerKind::from_name(&v.base).ok_or_else(|| StyleError::UnknownBase {
            variant: vname.clone(),
            base: v.base.clone(),
        })?;
        let mut s = Style::of(kind, cfg);
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
        assert_eq!(PlayerKind::from_name("som"), Some(PlayerKind::Som));
        assert_eq!(PlayerKind::from_name("Loki2"), Some(PlayerKind::Loki2));
        assert!(Style::named("nobody", &cfg).is_err());
        assert_eq!(Style::of(PlayerKind::Bpm, &cfg).postflop.make2, 0.85);
        let cfg = LokiConfig::from_toml(
            "[variants.TightSOM]\nbase = \"som\"\ntightness = \"tight\"\nmake1 = 0.6\n",
        )
        .unwrap();
        let s = Style::named("tightsom", &cfg).unwrap();
        assert_eq!(
            (s.kind, s.tightness, s.postflop.make1),
            (PlayerKind::Som, Tightness::Tight, 0.6)
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
