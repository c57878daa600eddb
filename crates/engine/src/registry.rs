//! The players registry: parses `--players` specs such as `"2*BPM,call,raise"` (names
//! case-insensitive) and builds players by name. Other crates register more kinds with
//! [`PlayerRegistry::register`].
use crate::{CallPlayer, ExamplePlayer, Player, RaisePlayer, RandomPlayer};
use std::fmt;
use thiserror::Error;

/// A bad player spec.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpecError {
    /// Syntax error.
    #[error("bad players spec {spec:?}: {reason}")]
    Syntax {
        /// The whole spec.
        spec: String,
        /// What is wrong.
        reason: String,
    },
    /// An unknown player kind.
    #[error("unknown player {name:?} (known: {known})")]
    Unknown {
        /// The name.
        name: String,
        /// The known names, comma-separated.
        known: String,
    },
}

/// One entry of a spec: a player kind (lower case) and how many of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerEntry {
    /// The kind, lower case.
    pub name: String,
    /// How many.
    pub count: usize,
}

/// A parsed `--players` spec: `ENTRY[,ENTRY...]`, `ENTRY = [COUNT*]NAME`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerSpec {
    /// The entries in order.
    pub entries: Vec<PlayerEntry>,
}

impl PlayerSpec {
    /// Parses the syntax (names are not checked; see [`PlayerRegistry::parse`]).
    pub fn parse(text: &str) -> Result<PlayerSpec, SpecError> {
        let bad = |reason: &str| SpecError::Syntax {
            spec: text.to_string(),
            reason: reason.to_string(),
        };
        let mut entries = Vec::new();
        for part in text.split(',') {
            let part = part.trim();
            if part.is_empty() {
                return Err(bad("empty entry"));
            }
            let (count, name) = match part.split_once('*') {
                Some((c, n)) => {
                    let c: usize = c
                        .trim()
                        .parse()
                        .map_err(|_| bad(&format!("bad count in {part:?}")))?;
                    (c, n.trim())
                }
                None => (1, part),
            };
            if count == 0 {
                return Err(bad(&format!("zero count in {part:?}")));
            }
            if name.is_empty()
                || !name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
            {
                return Err(bad(&format!("bad name in {part:?}")));
            }
            entries.push(PlayerEntry {
                name: name.to_ascii_lowercase(),
                count,
            });
        }
        Ok(PlayerSpec { entries })
    }
    /// Total number of players.
    pub fn total(&self) -> usize {
        self.entries.iter().map(|e| e.count).sum()
    }
    /// The kinds, one per player, in order.
    pub fn expand(&self) -> Vec<String> {
        self.entries
            .iter()
            .flat_map(|e| std::iter::repeat_n(e.name.clone(), e.count))
            .collect()
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .entries
            .iter()
            .map(|e| match e.count {
                1 => e.name.clone(),
                c => format!("{c}*{}", e.name),
            })
            .collect();
        f.write_str(&parts.join(","))
    }
}

/// Builds a player: (display name, seed) -> player.
pub type PlayerFactory = Box<dyn Fn(&str, u64) -> Box<dyn Player + Send> + Send + Sync>;

/// Player kinds by lower-case name.
pub struct PlayerRegistry {
    kinds: Vec<(String, PlayerFactory)>,
}

impl Default for PlayerRegistry {
    fn default() -> Self {
        PlayerRegistry::builtin()
    }
}

impl PlayerRegistry {
    /// An empty registry.
    pub fn empty() -> PlayerRegistry {
        PlayerRegistry { kinds: Vec::new() }
    }
    /// The built-in kinds: `call`, `raise`, `random`, `example`.
    pub fn builtin() -> PlayerRegistry {
        let mut r = PlayerRegistry::empty();
        r.register("call", |name, _| Box::new(CallPlayer::new(name)));
        r.register("raise", |name, _| Box::new(RaisePlayer::new(name)));
        r.register("random", |name, seed| {
            Box::new(RandomPlayer::new(name, seed))
        });
        r.register("example", |name, seed| {
            Box::new(ExamplePlayer::new(name, seed))
        });
        r
    }
    /// Adds (or replaces) a kind; `name` is matched case-insensitively.
    pub fn register(
        &mut self,
        name: &str,
        factory: impl Fn(&str, u64) -> Box<dyn Player + Send> + Send + Sync + 'static,
    ) {
        let name = name.to_ascii_lowercase();
        self.kinds.retain(|(n, _)| *n != name);
        self.kinds.push((name, Box::new(factory)));
    }
    /// The known kinds.
    pub fn names(&self) -> Vec<&str> {
        self.kinds.iter().map(|(n, _)| n.as_str()).collect()
    }
    /// Whether a kind is known.
    pub fn contains(&self, name: &str) -> bool {
        let name = name.to_ascii_lowercase();
        self.kinds.iter().any(|(n, _)| *n == name)
    }
    /// Parses a spec and checks every name.
    pub fn parse(&self, text: &str) -> Result<PlayerSpec, SpecError> {
        let spec = PlayerSpec::parse(text)?;
        if let Some(e) = spec.entries.iter().find(|e| !self.contains(&e.name)) {
            return Err(SpecError::Unknown {
                name: e.name.clone(),
                known: self.names().join(", "),
            });
        }
        Ok(spec)
    }
    /// Builds the players of a spec in order. Player `i` is named `KIND` when its kind
    /// occurs once, else `KIND-k` (k from 1), and gets the seed `seed + i + 1` mixed.
    pub fn build(
        &self,
        spec: &PlayerSpec,
        seed: u64,
    ) -> Result<Vec<Box<dyn Player + Send>>, SpecError> {
        let kinds = spec.expand();
        let mut out = Vec::with_capacity(kinds.len());
        for (i, kind) in kinds.iter().enumerate() {
            let same = kinds.iter().filter(|k| *k == kind).count();
            let name = if same == 1 {
                kind.clone()
            } else {
                let k = kinds[..=i].iter().filter(|k| *k == kind).count();
                format!("{kind}-{k}")
            };
            out.push(self.make(kind, &name, seed, i)?);
        }
        Ok(out)
    }
    /// Player `index` of a spec, of kind `kind` (lower case) named `name`, seeded as
    /// [`PlayerRegistry::build`] seeds it.
    ///
    /// # Errors
    /// An unknown kind.
    pub fn make(
        &self,
        kind: &str,
        name: &str,
        seed: u64,
        index: usize,
    ) -> Result<Box<dyn Player + Send>, SpecError> {
        let (_, factory) =
            self.kinds
                .iter()
                .find(|(n, _)| n == kind)
                .ok_or_else(|| SpecError::Unknown {
                    name: kind.to_string(),
                    known: self.names().join(", "),
                })?;
        let player_seed = seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(index as u64 + 1);
        Ok(factory(name, player_seed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_counts_and_names() {
        let r = PlayerRegistry::builtin();
        let s = r.parse("2*RANDOM, call,Raise").unwrap();
        assert_eq!(s.total(), 4);
        assert_eq!(s.expand(), vec!["random", "random", "call", "raise"]);
        assert_eq!(s.to_string(), "2*random,call,raise");
        let players = r.build(&s, 1).unwrap();
        assert_eq!(players[1].name(), "random-2");
        assert_eq!(players[2].name(), "call");
    }

    #[test]
    fn rejects_bad_specs() {
        let r = PlayerRegistry::builtin();
        for bad in ["", "2*", "x*call", "0*call", "call,,raise", "ca ll"] {
            assert!(
                matches!(r.parse(bad), Err(SpecError::Syntax { .. })),
                "{bad}"
            );
        }
        assert!(matches!(r.parse("2*BPM"), Err(SpecError::Unknown { .. })));
    }
}
