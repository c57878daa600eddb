//! Where each configuration value comes from: the paper (Billings et al. 1998), a
//! section of Papp's or Peña's thesis, POKI's paper, or **ours** (a value the sources
//! leave open, listed with its reason in `docs/design-choices.md`). One table, keyed by
//! the dotted key of `loki config` (`*` stands for any one segment; the first matching
//! row wins), so that a new key is one new row. [`annotate`] writes each key's source
//! beside its value in the TOML `loki config` prints; the tests check that every key has
//! a row (here) and that `docs/design-choices.md` names every key marked ours and lists
//! no other (`crates/cli/tests/docs.rs`).

/// Where a value comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// A source's value or rule, with where it is stated.
    Sources(&'static str),
    /// Ours: the sources leave it open; `docs/design-choices.md` names it by its key.
    Ours,
    /// Ours, named in `docs/design-choices.md` by this pattern (one name for the keys
    /// the row's pattern matches).
    OursAs(&'static str),
    /// Part of a configured variant (`[variants.NAME]`), the user's own.
    Variant,
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::Sources(s) => f.write_str(s),
            Source::Ours | Source::OursAs(_) => f.write_str("ours"),
            Source::Variant => f.write_str("a configured variant"),
        }
    }
}

use Source::{Ours, OursAs, Sources, Variant};

/// Every key's source, first match wins.
pub const SOURCES: &[(&str, Source)] = &[
    ("preflop.probability_play", Sources("Papp §6.1")),
    ("preflop.group3_4.tight.make2.*", Sources("Papp Table B.1")),
    (
        "preflop.*.small_blind.*",
        OursAs("preflop.groupG.small_blind"),
    ),
    ("preflop.*.*.*.*", OursAs("preflop.groupG.TIGHTNESS.PLAN")),
    ("postflop.make2", Sources("Papp §6.2")),
    ("postflop.make1", Sources("Papp §6.2")),
    ("postflop.call", Ours),
    ("postflop.check_raise", Ours),
    ("postflop.semi_bluff", Sources("Papp §6.5, Eq. 6.5")),
    ("postflop.showdown_odds", Ours),
    ("model.floor", Sources("Billings et al. 1998, Figure 3")),
    (
        "model.min_observations",
        Sources("Billings et al. 1998, \"Computing Initial Weights\""),
    ),
    ("model.window", Sources("Peña §4")),
    ("model.window_scope", Ours),
    ("model.recent_min", Ours),
    ("model.trust", Ours),
    ("model.trust_prior", Ours),
    ("model.checks", Ours),
    ("model.keep_best", Ours),
    ("model.preflop_scale", Ours),
    ("model.preflop_sigma", Ours),
    (
        "model.preflop_sigma_income_rate",
        Sources("Billings et al. 1998, \"Computing Initial Weights\" (+/-100)"),
    ),
    ("model.postflop_sigma_scale", Ours),
    ("model.postflop_sigma_min", Ours),
    ("model.postflop_sigma_max", Ours),
    (
        "model.defaults",
        Sources("Billings et al. 1998 (GOM's own play); Papp Table B.2"),
    ),
    ("model.context_backoff", Ours),
    ("model.context_tilt_prior", Ours),
    ("reweight.rank", Sources("Papp §7.2.3, §7.3.1")),
    ("reweight.triple_rank", Ours),
    ("reweight.field", Ours),
    ("reweight.potential", Ours),
    ("reweight.scale", Sources("Papp §7.2.1")),
    ("triples.smoothing", Ours),
    ("triples.min_passive", Sources("Peña §4")),
    ("triples.own_min_passive", Ours),
    ("triples.hand_random", Ours),
    (
        "simulation.trials",
        Sources("Peña §5; Billings et al. 1999"),
    ),
    ("simulation.min_trials", Ours),
    ("simulation.check_every", Ours),
    ("simulation.z", Ours),
    ("simulation.triple_width", Ours),
    ("simulation.preflop", Ours),
    ("simulation.strength_samples", Ours),
    ("simulation.multiway_strength", Ours),
    ("simulation.deal_folded", Ours),
    ("simulation.later_potential", Ours),
    ("simulation.own_potential", Ours),
    ("simulation.free_check_floor", Ours),
    ("simulation.preflop_stays_in", Ours),
    ("simulation.self_model", Ours),
    ("variants.*.*", Variant),
];

/// Whether a dotted key matches a row's pattern (`*` any one segment).
pub fn matches(pattern: &str, key: &str) -> bool {
    let (p, k): (Vec<&str>, Vec<&str>) = (pattern.split('.').collect(), key.split('.').collect());
    p.len() == k.len() && p.iter().zip(&k).all(|(p, k)| *p == "*" || p == k)
}

/// The source of a dotted key (`model.floor`), if the table has it.
pub fn source(key: &str) -> Option<Source> {
    SOURCES
        .iter()
        .find(|(pattern, _)| matches(pattern, key))
        .map(|(_, s)| *s)
}

/// The dotted key a TOML line sets (`model.floor`), given the table of the lines before
/// (a table header sets `table` and sets no key).
fn line_key(table: &mut String, line: &str) -> Option<String> {
    let line = line.trim();
    if let Some(t) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
        *table = t.to_string();
        return None;
    }
    let (key, _) = line.split_once(" = ").filter(|_| !line.starts_with('#'))?;
    Some(if table.is_empty() {
        key.to_string()
    } else {
        format!("{table}.{key}")
    })
}

/// The dotted keys of a configuration's TOML (as `loki config` prints it), in order.
pub fn keys(toml: &str) -> Vec<String> {
    let mut table = String::new();
    toml.lines()
        .filter_map(|line| line_key(&mut table, line))
        .collect()
}

/// The TOML with each value's source as a comment at the end of its line
/// (`make2 = 0.85  # Papp §6.2`); still valid TOML, loaded back unchanged.
pub fn annotate(toml: &str) -> String {
    annotate_with(toml, |key| source(key).map(|s| s.to_string()))
}

/// The TOML with `note(key)` as a comment at the end of each line that sets a key.
pub fn annotate_with(toml: &str, note: impl Fn(&str) -> Option<String>) -> String {
    let mut table = String::new();
    let mut out = String::with_capacity(toml.len() * 2);
    for line in toml.lines() {
        out.push_str(line);
        if let Some(s) = line_key(&mut table, line).and_then(|key| note(&key)) {
            out.push_str(&format!("  # {s}"));
        }
        out.push('\n');
    }
    out
}

/// The default configuration with every optional key set and one variant: its TOML
/// holds every key there is (for the checks of this table).
pub fn every_key() -> crate::LokiConfig {
    let mut c = crate::LokiConfig::default();
    c.triples.own_min_passive = Some(c.triples.min_passive);
    c.variants.insert(
        "TIGHTSOM".into(),
        crate::config::VariantConfig {
            base: "SOM".into(),
            tightness: Some("tight".into()),
            ..crate::config::VariantConfig::default()
        },
    );
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LokiConfig;

    #[test]
    fn every_key_has_a_source() {
        let toml = every_key().to_toml();
        let keys = keys(&toml);
        assert!(keys.len() > 90, "{keys:?}");
        let missing: Vec<&String> = keys.iter().filter(|k| source(k).is_none()).collect();
        assert!(missing.is_empty(), "keys without a source: {missing:?}");
        // Every row serves some key (no row left from a removed key).
        for (pattern, _) in SOURCES {
            assert!(
                keys.iter().any(|k| matches(pattern, k)),
                "no key matches {pattern}"
            );
        }
    }

    #[test]
    fn the_published_values_and_ours_are_told_apart() {
        assert_eq!(source("postflop.make2"), Some(Sources("Papp §6.2")));
        assert_eq!(
            source("preflop.group3_4.tight.make2.base"),
            Some(Sources("Papp Table B.1"))
        );
        assert!(matches!(
            source("preflop.group3_4.loose.make2.base"),
            Some(OursAs(_))
        ));
        assert!(matches!(
            source("preflop.group5.small_blind.call_half"),
            Some(OursAs("preflop.groupG.small_blind"))
        ));
        assert_eq!(source("variants.X.base"), Some(Variant));
        assert_eq!(source("model.no_such_key"), None);
    }

    #[test]
    fn the_annotated_toml_loads_back_unchanged() {
        let c = every_key();
        let text = annotate(&c.to_toml());
        assert!(text.contains("make2 = 0.85  # Papp §6.2"), "{text}");
        assert!(text.contains("check_raise = 0.95  # ours"), "{text}");
        assert_eq!(LokiConfig::from_toml(&text).unwrap(), c);
    }
}
