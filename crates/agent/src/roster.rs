//! Building players, in one place for every command and crate: `--players` lists
//! (`2*SOM,call`, names case-insensitive), the Loki family (BPM, BPT, BPL, GOM, SOM,
//! LOKI2, TP, TA, LP, LA, SOMT, POKI; Billings et al. 1998, "Experiments"; Peña 1999),
//! configured variants (`[variants.NAME]`), the engine's simple players (call, raise,
//! random) and seat names. Each player's random seed comes from [`crate::seed`].
use crate::seed::player_seed;
use loki_bot::{Knowledge, LokiConfig, LokiPlayer, PlayerKind, Style, StyleError};
use loki_engine::{Player, PlayerRegistry, PlayerSpec, SpecError};
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

/// Every kind a `--players` list accepts under `config`, with a line about it: the Loki
/// family, the configured variants, then the engine's simple players (`loki players` and
/// the web page's form list them so).
pub fn kinds_described(config: &LokiConfig) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = PlayerKind::ALL
        .iter()
        .map(|&k| {
            let style = Style::of(k, config);
            let about = loki_bot::choices::described(&style, k.description(), config);
            (k.name().to_string(), about)
        })
        .collect();
    for (name, variant) in &config.variants {
        let base = variant.base.to_ascii_uppercase();
        let about = variant.description.clone();
        v.push((
            name.clone(),
            about.unwrap_or_else(|| format!("configured variant of {base}")),
        ));
    }
    for (name, about) in [
        ("call", "always checks or calls"),
        ("raise", "bets or raises whenever legal, else calls"),
        ("random", "a seeded random legal action"),
        (
            "example",
            "the ACPC example player: folds 6% facing a bet, else calls or raises evenly",
        ),
    ] {
        v.push((name.to_string(), about.to_string()));
    }
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
    simple: PlayerRegistry,
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
        Roster {
            know,
            simple: PlayerRegistry::builtin(),
        }
    }
    /// The canonical name of a kind (upper case for the Loki family, the variant's own
    /// spelling for variants, lower case for simple players).
    ///
    /// # Errors
    /// An unknown name (the error lists the known ones), or a broken variant.
    pub fn canonical(&self, name: &str) -> Result<String, RosterError> {
        match Style::named(name, &self.know.config) {
            Ok(s) => return Ok(s.name),
            Err(StyleError::Unknown(_)) => {}
            Err(e) => return Err(e.into()),
        }
        if self.simple.contains(name) {
            return Ok(name.to_ascii_lowercase());
        }
        Err(RosterError::Unknown {
            name: name.to_string(),
            known: self.names().join(", "),
        })
    }
    /// All known names: the Loki family, the configured variants, the simple players.
    pub fn names(&self) -> Vec<String> {
        let mut v: Vec<String> = PlayerKind::ALL
            .iter()
            .map(|k| k.name().to_string())
            .collect();
        v.extend(self.know.config.variants.keys().cloned());
        v.extend(self.simple.names().iter().map(|s| s.to_string()));
        v
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
        match Style::named(kind, &self.know.config) {
            Ok(style) => {
                return Ok(Box::new(LokiPlayer::new(
                    name,
                    style,
                    self.know.clone(),
                    seed,
                )))
            }
            Err(StyleError::Unknown(_)) => {}
            Err(e) => return Err(e.into()),
        }
        // The last player of the spec, as the registry builds it, under `name`.
        let spec = self.simple.parse(kind)?;
        let last = spec.expand().pop().ok_or_else(|| RosterError::Unknown {
            name: kind.to_string(),
            known: self.names().join(", "),
        })?;
        Ok(self.simple.make(&last, name, seed, spec.total() - 1)?)
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
        let style = Style::named(kind, &self.know.config).map_err(|e| match e {
            StyleError::Unknown(_) => RosterError::NotLoki(kind.to_string()),
            e => e.into(),
        })?;
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
}
