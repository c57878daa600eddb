//! Building players, in one place for every command and crate: `--players` lists
//! (`2*SOM,call`, names case-insensitive), the kinds of `loki-bot`'s one table
//! ([`loki_bot::KINDS`]: the Loki family of Billings et al. 1998 and Peña 1999, and the
//! simple players call, raise, random, example), configured variants
//! (`[variants.NAME]`) and seat names. Each player's random seed comes from
//! [`crate::seed`].
use crate::seed::player_seed;
use loki_bot::kinds::{find, Kind, MakeSimple, Plays, KINDS};
use loki_bot::{Knowledge, LokiConfig, LokiPlayer, Style, StyleError};
use loki_engine::{Player, PlayerSpec, SpecError};
use std::sync::Arc;

/// Why a player list or a player cannot be built.
#[derive(Debug, thiserror::Error)]
pub enum RosterError {
    /// A name that is neither a Loki kind, a configured variant nor a simple player.
    #[error("unknown player {name:?} (known: {known})")]
    Unknown {
        /// The name.
        name: String,
        /// The known names, comma-separated.
        known: String,
    },
    /// A list that does not parse.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A configured variant that cannot be built.
    #[error(transparent)]
    Style(#[from] StyleError),
    /// The default frequencies do not load.
    #[error(transparent)]
    Frequencies(#[from] loki_bot::frequencies::FrequencyError),
    /// A Loki player was needed (for `loki advise`).
    #[error("'{0}' is not a Loki player (BPM, SOM, LOKI2, ...)")]
    NotLoki(String),
}

/// Every kind of `kinds` a `--players` list accepts under `config`, with a line about
/// it: the Loki family (what it is, then how it plays under `config`), the configured
/// variants, then the simple players (`loki players` and the web page's form list them
/// so).
pub fn kinds_described(kinds: &[Kind], config: &LokiConfig) -> Vec<(String, String)> {
    let line = |k: &Kind| {
        let about = match Style::of(k, config) {
            Some(style) => loki_bot::choices::described(&style, k.about, config),
            None => k.about.to_string(),
        };
        (k.name.to_string(), about)
    };
    let (loki, simple): (Vec<&Kind>, Vec<&Kind>) = kinds.iter().partition(|k| k.shape().is_some());
    let variants = config.variants.iter().map(|(name, variant)| {
        let base = variant.base.to_ascii_uppercase();
        let about = variant.description.clone();
        let about = about.unwrap_or_else(|| format!("configured variant of {base}"));
        (name.clone(), about)
    });
    let mut v: Vec<(String, String)> = loki.into_iter().map(line).collect();
    v.extend(variants);
    v.extend(simple.into_iter().map(line));
    v
}

/// Seat names: the kind when it occurs once, else `KIND-k` (k from 1).
pub fn seat_names(kinds: &[String]) -> Vec<String> {
    kinds
        .iter()
        .enumerate()
        .map(|(i, k)| {
            if kinds.iter().filter(|x| *x == k).count() == 1 {
                k.clone()
            } else {
                let n = kinds[..=i].iter().filter(|x| *x == k).count();
                format!("{k}-{n}")
            }
        })
        .collect()
}

/// Builds players by name under one configuration (its Loki players share one
/// [`Knowledge`]: income-rate rankings, default frequencies and the board cache).
pub struct Roster {
    /// Shared knowledge of all Loki players.
    pub know: Arc<Knowledge>,
    /// The kinds it builds ([`KINDS`] unless [`Roster::with_kinds`] says otherwise).
    pub kinds: &'static [Kind],
}

impl Roster {
    /// A roster for a configuration.
    ///
    /// # Errors
    /// The configuration's default frequencies do not load.
    pub fn new(config: LokiConfig) -> Result<Roster, RosterError> {
        Ok(Roster::with_knowledge(Knowledge::new(config)?))
    }
    /// A roster whose Loki players share `know`.
    pub fn with_knowledge(know: Arc<Knowledge>) -> Roster {
        Roster { know, kinds: KINDS }
    }
    /// The same roster building the kinds of another table (a program's own kinds).
    pub fn with_kinds(self, kinds: &'static [Kind]) -> Roster {
        Roster { kinds, ..self }
    }
    /// Every kind it accepts with a line about it ([`kinds_described`]).
    pub fn described(&self) -> Vec<(String, String)> {
        kinds_described(self.kinds, &self.know.config)
    }
    /// The Loki kind or configured variant `name`, or `None` for another name.
    fn style(&self, name: &str) -> Result<Option<Style>, RosterError> {
        match Style::named_in(self.kinds, name, &self.know.config) {
            Ok(s) => Ok(Some(s)),
            Err(StyleError::Unknown(_)) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }
    /// The simple player `name`'s constructor.
    fn simple(&self, name: &str) -> Result<MakeSimple, RosterError> {
        match find(self.kinds, name).map(|k| k.plays) {
            Some(Plays::Simple(make)) => Ok(make),
            _ => Err(RosterError::Unknown {
                name: name.to_string(),
                known: self.names().join(", "),
            }),
        }
    }
    /// The canonical name of a kind (upper case for the Loki family, the variant's own
    /// spelling for variants, lower case for simple players).
    ///
    /// # Errors
    /// An unknown name (the error lists the known ones), or a broken variant.
    pub fn canonical(&self, name: &str) -> Result<String, RosterError> {
        if let Some(s) = self.style(name)? {
            return Ok(s.name);
        }
        self.simple(name)?;
        Ok(name.to_ascii_lowercase())
    }
    /// All known names: the Loki family, the configured variants, the simple players.
    pub fn names(&self) -> Vec<String> {
        self.described().into_iter().map(|(name, _)| name).collect()
    }
    /// Expands a `--players` list ("2*BPM,call") into one canonical kind per seat.
    ///
    /// # Errors
    /// A list that does not parse or names an unknown player.
    pub fn expand(&self, text: &str) -> Result<Vec<String>, RosterError> {
        let spec = PlayerSpec::parse(text)?;
        spec.expand().iter().map(|k| self.canonical(k)).collect()
    }
    /// One player of `kind` named `name`, with its random seed.
    ///
    /// # Errors
    /// An unknown kind.
    pub fn make(
        &self,
        kind: &str,
        name: &str,
        seed: u64,
    ) -> Result<Box<dyn Player + Send>, RosterError> {
        if let Some(style) = self.style(kind)? {
            return Ok(Box::new(LokiPlayer::new(
                name,
                style,
                self.know.clone(),
                seed,
            )));
        }
        // Mixed as the engine's former registry mixed its first player's seed (kept so
        // that results do not change).
        let seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(1);
        Ok(self.simple(kind)?(name, seed))
    }
    /// The players of one table from a `--players` list, by seat, named by
    /// [`seat_names`] and seeded by [`player_seed`] (table 0).
    ///
    /// # Errors
    /// As [`Roster::expand`].
    pub fn table(&self, list: &str, seed: u64) -> Result<Vec<Box<dyn Player + Send>>, RosterError> {
        let kinds = self.expand(list)?;
        let names = seat_names(&kinds);
        kinds
            .iter()
            .zip(&names)
            .enumerate()
            .map(|(seat, (k, name))| self.make(k, name, player_seed(seed, 0, seat)))
            .collect()
    }
    /// A Loki player (for `loki advise` and the network client).
    ///
    /// # Errors
    /// A name that is not a Loki kind or variant.
    pub fn loki(&self, kind: &str, name: &str, seed: u64) -> Result<LokiPlayer, RosterError> {
        let style = self
            .style(kind)?
            .ok_or_else(|| RosterError::NotLoki(kind.to_string()))?;
        Ok(LokiPlayer::new(name, style, self.know.clone(), seed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_kinds_and_errors() {
        let r = Roster::new(LokiConfig::default()).unwrap();
        assert_eq!(
            r.expand("2*som,Call,loki2").unwrap(),
            vec!["SOM", "SOM", "call", "LOKI2"]
        );
        assert!(matches!(
            r.expand("2*SOM,nobody"),
            Err(RosterError::Unknown { .. })
        ));
        assert!(matches!(r.expand("2*"), Err(RosterError::Spec(_))));
        assert!(matches!(
            r.loki("call", "x", 1),
            Err(RosterError::NotLoki(_))
        ));
        let t = r.table("2*BPM,random", 7).unwrap();
        let names: Vec<&str> = t.iter().map(|p| p.name()).collect();
        assert_eq!(names, ["BPM-1", "BPM-2", "random"]);
    }

    #[test]
    fn a_kind_is_one_entry_of_the_table() {
        use loki_bot::kinds::{Bench, Shape};
        use loki_bot::preflop::Tightness;
        // One Loki kind and one simple player added to the table, nowhere else.
        let somt = *find(KINDS, "SOMT").and_then(Kind::shape).unwrap();
        let mut kinds = KINDS.to_vec();
        kinds.push(Kind {
            name: "SOMTT",
            about: "SOMT, tight",
            plays: Plays::Loki(Shape {
                tightness: Tightness::Tight,
                ..somt
            }),
            predictor: None,
            bench: Bench::Off,
        });
        kinds.push(Kind {
            name: "check",
            about: "checks or calls",
            plays: Plays::Simple(|name, _| Box::new(loki_engine::CallPlayer::new(name))),
            predictor: None,
            bench: Bench::Off,
        });
        let kinds: &'static [Kind] = Box::leak(kinds.into_boxed_slice());
        let plain = Roster::new(LokiConfig::default()).unwrap();
        let r = Roster::new(LokiConfig::default())
            .unwrap()
            .with_kinds(kinds);
        // `--players` lists.
        assert!(plain.expand("somtt").is_err() && plain.expand("check").is_err());
        assert_eq!(
            r.expand("2*somtt,CHECK,som").unwrap(),
            ["SOMTT", "SOMTT", "check", "SOM"]
        );
        let t = r.table("2*somtt,check", 3).unwrap();
        let names: Vec<&str> = t.iter().map(|p| p.name()).collect();
        assert_eq!(names, ["SOMTT-1", "SOMTT-2", "check"]);
        let style = r.loki("somtt", "x", 1).unwrap().style().clone();
        assert_eq!(
            (style.tightness, style.calibrated),
            (Tightness::Tight, true)
        );
        assert!(matches!(
            r.loki("check", "x", 1),
            Err(RosterError::NotLoki(_))
        ));
        // `loki players` and the web form: the Loki kind after the Loki family, the simple
        // player last, as every kind is described.
        let listed = r.described();
        let at = |n: &str| listed.iter().position(|(k, _)| k == n).unwrap();
        assert_eq!(at("SOMTT"), at("LA") + 1);
        assert_eq!(at("check"), listed.len() - 1);
        assert!(listed[at("SOMTT")]
            .1
            .starts_with("SOMT, tight; here with loki's"));
        assert_eq!(listed[at("check")].1, "checks or calls");
        assert_eq!(
            r.names(),
            listed.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>()
        );
        // A variant may build on it.
        let cfg =
            LokiConfig::from_toml("[variants.Mine]\nbase = \"somtt\"\nmake1 = 0.6\n").unwrap();
        let r = Roster::new(cfg).unwrap().with_kinds(kinds);
        assert_eq!(r.expand("mine").unwrap(), ["Mine"]);
    }

    #[test]
    fn the_listing_is_the_table() {
        let r = Roster::new(LokiConfig::default()).unwrap();
        let names: Vec<&str> = KINDS.iter().map(|k| k.name).collect();
        assert_eq!(r.names(), names);
        for k in KINDS {
            assert_eq!(r.canonical(&k.name.to_ascii_lowercase()).unwrap(), k.name);
        }
    }
}
