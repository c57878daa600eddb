//! The syntax of `--players` lists such as `"2*BPM,call,raise"` (names case-insensitive).
//! Which names exist and how they are built is `loki-bot`'s table of kinds
//! (`loki_bot::KINDS`), read through `loki-agent`'s roster.
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
    /// Parses the syntax (names are not checked: the roster checks them).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_counts_and_names() {
        let s = PlayerSpec::parse("2*RANDOM, call,Raise").unwrap();
        assert_eq!(s.expand(), vec!["random", "random", "call", "raise"]);
        assert_eq!(s.to_string(), "2*random,call,raise");
    }

    #[test]
    fn rejects_bad_specs() {
        for bad in ["", "2*", "x*call", "0*call", "call,,raise", "ca ll"] {
            assert!(
                matches!(PlayerSpec::parse(bad), Err(SpecError::Syntax { .. })),
                "{bad}"
            );
        }
    }
}
