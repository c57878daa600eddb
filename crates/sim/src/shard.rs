//! Sharded runs: a run of M independent duplicate matches is M x N tables (match `m`,
//! rotation `r`, table number `m * N + r`), and shard `I` of `S` plays the contiguous
//! table numbers `[floor(I T / S), floor((I + 1) T / S))` of the `T = M N` tables. When
//! S divides M every shard holds whole matches and no board is analysed twice. A shard
//! writes the per-deal results of its tables, summed per match over the rotations it
//! holds; merging adds the partial sums of every match in rotation order, so the merged
//! integers, and the statistics and plot made from them, are exactly those of the
//! unsharded run.
use crate::results::Inputs;
use crate::stats::DealLedger;
use serde::{Deserialize, Serialize};
use std::ops::Range;

/// Shard `index` of `count` (written `I/N` on the command line, 0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shard {
    /// 0-based index.
    pub index: u64,
    /// Number of shards.
    pub count: u64,
}

/// Why shards cannot be made or merged.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ShardError {
    /// Not `I/N` with `0 <= I < N`.
    #[error("expected I/N with 0 <= I < N (e.g. 3/16)")]
    Syntax(String),
    /// More shards than tables.
    #[error("{count} shards for {tables} tables: a shard must have at least one table")]
    TooMany {
        /// Shards.
        count: u64,
        /// Tables.
        tables: u64,
    },
    /// No shard files.
    #[error("no shard files to merge")]
    Empty,
    /// Shards of different runs.
    #[error("{file} belongs to another run than {first} (different players, hands, seed, matches or configuration)")]
    OtherRun {
        /// The odd file.
        file: String,
        /// The first file.
        first: String,
    },
    /// Shards that disagree on the number of shards.
    #[error("{file} is shard {index}/{count}, but {first} says the run has {first_count} shards")]
    Count {
        /// The odd file.
        file: String,
        /// Its index.
        index: u64,
        /// Its count.
        count: u64,
        /// The first file.
        first: String,
        /// The first file's count.
        first_count: u64,
    },
    /// A shard given twice.
    #[error("shard {index}/{count} is given twice ({a} and {b})")]
    Duplicate {
        /// Index.
        index: u64,
        /// Count.
        count: u64,
        /// First file.
        a: String,
        /// Second file.
        b: String,
    },
    /// Shards missing.
    #[error("missing shards of {count}: {missing}")]
    Missing {
        /// Shard count.
        count: u64,
        /// The missing indices, comma-separated.
        missing: String,
    },
    /// A shard whose contents do not match its claim.
    #[error("{file}: {reason}")]
    Corrupt {
        /// The file.
        file: String,
        /// What is wrong.
        reason: String,
    },
}

impl std::str::FromStr for Shard {
    type Err = ShardError;
    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError::Syntax(s.to_string());
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Shard {
    /// The whole run as one shard.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// The table numbers of this shard among `tables`.
    ///
    /// # Errors
    /// More shards than tables.
    pub fn tables(&self, tables: u64) -> Result<Range<u64>, ShardError> {
        if self.count > tables {
            return Err(ShardError::TooMany {
                count: self.count,
                tables,
            });
        }
        let at = |i: u64| ((u128::from(i) * u128::from(tables)) / u128::from(self.count)) as u64;
        Ok(at(self.index)..at(self.index + 1))
    }
}

/// One match's per-deal results summed over some of its rotations.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MatchLedger {
    /// The match number.
    pub match_index: u64,
    /// The rotations summed, ascending.
    pub rotations: Vec<usize>,
    /// `net[deal][seat]`, summed over those rotations.
    pub ledger: DealLedger,
}

/// What a shard writes: the run's inputs, which shard it is, and its tables' results.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ShardResult {
    /// The run's inputs (identical in every shard of one run).
    pub inputs: Inputs,
    /// Which shard.
    pub shard: Shard,
    /// Its table numbers.
    pub tables: Range<u64>,
    /// Per match touched, ascending.
    pub matches: Vec<MatchLedger>,
    /// FNV-1a 64 of the content above, in hexadecimal ([`ShardResult::seal`]): an edited
    /// shard file is refused by [`merge`].
    pub digest: String,
}

impl ShardResult {
    /// The digest of the content (everything but `digest`).
    pub fn content_digest(&self) -> String {
        let body = serde_json::to_vec(&(&self.inputs, &self.shard, &self.tables, &self.matches))
            .unwrap_or_default();
        format!("{:016x}", loki_engine::digest::fnv1a64(&body))
    }
    /// Sets `digest` to the digest of the content.
    pub fn seal(&mut self) {
        self.digest = self.content_digest();
    }
    /// Whether `digest` matches the content (the file is as loki wrote it).
    pub fn is_sealed(&self) -> bool {
        self.digest == self.content_digest()
    }
}

impl ShardResult {
    /// The line `loki tournament --shard` prints: the shard, its tables of all, the hands
    /// played (with `new_hands`, those played since `--resume`) and the file written.
    pub fn summary(&self, hands: u64, new_hands: Option<u64>, file: &str) -> String {
        format!(
            "shard {}: tables {}..{} of {}, {}{}; {file}",
            self.shard,
            self.tables.start,
            self.tables.end,
            self.inputs.matches.max(1) * self.inputs.rotations as u64,
            crate::results::plural(hands, "hand", "hands"),
            match new_hands {
                Some(n) => format!(" ({n} played now, the rest before --resume)"),
                None => String::new(),
            },
        )
    }
}

/// The run's per-match ledgers from all its shards (`(file name, shard)` pairs), after
/// checking that they are the shards of one run, each exactly once, nothing missing, and
/// that every shard holds exactly its tables, as loki wrote it (its digest matches and
/// every deal's results sum to zero).
///
/// # Errors
/// Any of the [`ShardError`] cases.
pub fn merge(shards: &[(String, ShardResult)]) -> Result<(Inputs, Vec<DealLedger>), ShardError> {
    let (first_name, first) = shards.first().ok_or(ShardError::Empty)?;
    let count = first.shard.count;
    let inputs = &first.inputs;
    let rotations = inputs.rotations;
    let matches = inputs.matches.max(1);
    let deals = inputs.deals as usize;
    let seats = inputs.seats.len();
    let mut seen: Vec<Option<&str>> = vec![None; count as usize];
    for (name, s) in shards {
        if !s.is_sealed() {
            return Err(ShardError::Corrupt {
                file: name.clone(),
                reason: "its content does not match its digest (edited, or not written by loki)"
                    .into(),
            });
        }
        if &s.inputs != inputs {
            return Err(ShardError::OtherRun {
                file: name.clone(),
                first: first_name.clone(),
            });
        }
        if s.shard.count != count {
            return Err(ShardError::Count {
                file: name.clone(),
                index: s.shard.index,
                count: s.shard.count,
                first: first_name.clone(),
                first_count: count,
            });
        }
        let slot = &mut seen[s.shard.index as usize];
        if let Some(a) = slot {
            return Err(ShardError::Duplicate {
                index: s.shard.index,
                count,
                a: a.to_string(),
                b: name.clone(),
            });
        }
        *slot = Some(name);
    }
    let missing: Vec<String> = (0..count)
        .filter(|&i| seen[i as usize].is_none())
        .map(|i| i.to_string())
        .collect();
    if !missing.is_empty() {
        return Err(ShardError::Missing {
            count,
            missing: missing.join(", "),
        });
    }
    let tables = matches * rotations as u64;
    // Every shard must hold exactly its tables, each match's rotations once.
    let mut parts: Vec<Vec<(usize, &DealLedger)>> = vec![Vec::new(); matches as usize];
    for (name, s) in shards {
        let corrupt = |reason: String| ShardError::Corrupt {
            file: name.clone(),
            reason,
        };
        let want = s.shard.tables(tables)?;
        if s.tables != want {
            return Err(corrupt(format!(
                "holds tables {:?}, shard {} of this run is {:?}",
                s.tables, s.shard, want
            )));
        }
        let mut covered = Vec::new();
        for m in &s.matches {
            if m.match_index >= matches {
                return Err(corrupt(format!("match {} of {matches}", m.match_index)));
            }
            if m.ledger.net.len() != deals || m.ledger.net.iter().any(|d| d.len() != seats) {
                return Err(corrupt(format!(
                    "match {} has {} deals (the run has {deals} of {seats} seats)",
                    m.match_index,
                    m.ledger.net.len()
                )));
            }
            if let Some(d) = m.ledger.net.iter().position(|d| d.iter().sum::<i64>() != 0) {
                return Err(corrupt(format!(
                    "the results of match {}, deal {d} do not sum to zero",
                    m.match_index
                )));
            }
            for &r in &m.rotations {
                covered.push(m.match_index * rotations as u64 + r as u64);
            }
            let first = m.rotations.first().copied().unwrap_or(usize::MAX);
            parts[m.match_index as usize].push((first, &m.ledger));
        }
        covered.sort_unstable();
        if covered != want.clone().collect::<Vec<_>>() {
            return Err(corrupt(format!(
                "its match ledgers cover tables other than {want:?}"
            )));
        }
    }
    let ledgers = parts
        .into_iter()
        .map(|mut p| {
            p.sort_by_key(|x| x.0);
            let mut net = vec![vec![0i64; seats]; deals];
            let mut reduced = vec![vec![0i64; seats]; deals];
            let with_reduced = p.iter().all(|(_, l)| l.has_reduced());
            // Partial sums are added in rotation order (integer addition, the reduced
            // values' too: the order cannot change the result).
            for (_, l) in p {
                for (a, b) in net.iter_mut().zip(&l.net) {
                    for (x, y) in a.iter_mut().zip(b) {
                        *x += y;
                    }
                }
                for (a, b) in reduced.iter_mut().zip(&l.reduced) {
                    for (x, y) in a.iter_mut().zip(b) {
                        *x += y;
                    }
                }
            }
            if !with_reduced {
                reduced.clear();
            }
            DealLedger { net, reduced }
        })
        .collect();
    Ok((inputs.clone(), ledgers))
}
