//! The files of a tournament run, the only place a run touches the disk: the run's
//! folder ([`RunFolder`]: `loki tournament` from its spec to the table it prints), the
//! checkpoint written atomically, the PHH history checked against the checkpoint and cut
//! back on resume, the shard files found, read and merged ([`merge_folders`]: `loki
//! merge`), and results.json and profit.png written.
use crate::checkpoint::{Checkpoint, HistoryDigest};
use crate::results::{deals_csv, report, Inputs};
use crate::run::{Outcome, Run, RunError, RunSink, RunSpec};
use crate::shard::{merge, Shard, ShardError, ShardResult};
use crate::stats::DealLedger;
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

/// What went wrong with a file, naming it.
#[derive(Debug, thiserror::Error)]
pub enum FilesError {
    /// The file or folder could not be created.
    #[error("cannot create {}", path.display())]
    Create {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The output folder is an existing file.
    #[error("--out {} is a file: --out must be a directory (a folder to create or reuse)", path.display())]
    NotAFolder {
        /// The file.
        path: PathBuf,
    },
    /// The file could not be read.
    #[error("cannot read {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file could not be written.
    #[error("cannot write {}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The history file to continue could not be opened.
    #[error("cannot reopen {} to resume", path.display())]
    Reopen {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The history file does not begin with the bytes the checkpoint counted.
    #[error("{} is not the history the checkpoint counted ({len} bytes, the checkpoint wrote {written}{}); rerun with --force to start over", path.display(), if len >= written { ", and they differ" } else { "" })]
    OtherHistory {
        /// The file.
        path: PathBuf,
        /// Its length.
        len: u64,
        /// The bytes the checkpoint counted.
        written: u64,
    },
    /// The checkpoint file is not a checkpoint.
    #[error("bad checkpoint {}", path.display())]
    BadCheckpoint {
        /// The file.
        path: PathBuf,
        /// What the parser said.
        source: serde_json::Error,
    },
    /// A folder given to merge holds no shard file.
    #[error("{} holds no shard-I-of-N.json file", path.display())]
    NoShards {
        /// The folder.
        path: PathBuf,
    },
    /// A shard file does not parse.
    #[error("{} is not a complete shard file (truncated or not a shard)", path.display())]
    BadShard {
        /// The file.
        path: PathBuf,
        /// What the parser said.
        source: serde_json::Error,
    },
    /// `--resume` without a checkpoint.
    #[error("no checkpoint {} to resume; leave out --resume to start the run", path.display())]
    NoCheckpoint {
        /// The checkpoint looked for.
        path: PathBuf,
    },
    /// A fresh run into a folder that holds a checkpoint.
    #[error("{} holds a run already: --resume to continue it, or --force to start over", path.display())]
    RunExists {
        /// The checkpoint found.
        path: PathBuf,
    },
    /// A checkpoint of other inputs.
    #[error("{} was made with other inputs (players, hands, seed, matches, shard or config); remove it or rerun without --resume", path.display())]
    OtherRun {
        /// The checkpoint.
        path: PathBuf,
    },
    /// A checkpoint the run cannot continue from.
    #[error("{}: {source}", path.display())]
    Resume {
        /// The checkpoint.
        path: PathBuf,
        /// Why.
        source: RunError,
    },
    /// The run could not start or go on.
    #[error(transparent)]
    Run(#[from] RunError),
    /// Shard files that are not the shards of one run.
    #[error(transparent)]
    Shards(#[from] ShardError),
    /// The shards' configuration no longer loads.
    #[error("the shards' configuration does not load")]
    Configuration(#[source] serde_json::Error),
    /// The shards' player list no longer expands.
    #[error(transparent)]
    Roster(#[from] loki_agent::RosterError),
    /// The results could not be serialized.
    #[error("cannot write the results")]
    Json(#[from] serde_json::Error),
}

/// The file a shard writes into its folder: `shard-I-of-N.json`.
pub fn shard_file_name(s: Shard) -> String {
    format!("shard-{}-of-{}.json", s.index, s.count)
}

/// The per-deal results a shard writes beside its shard file: `deals-I-of-N.csv` (the
/// columns of `deals.csv`, its rotations only).
pub fn shard_deals_name(s: Shard) -> String {
    format!("deals-{}-of-{}.csv", s.index, s.count)
}

/// The checkpoint of a run (or of one shard of it) in its folder.
pub fn checkpoint_path(out: &Path, shard: Option<Shard>) -> PathBuf {
    out.join(match shard {
        Some(s) => format!("checkpoint-{}-of-{}.json", s.index, s.count),
        None => "checkpoint.json".to_string(),
    })
}

/// Reads a checkpoint file.
pub fn read_checkpoint(path: &Path) -> Result<Checkpoint, FilesError> {
    let text = std::fs::read_to_string(path).map_err(|source| FilesError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|source| FilesError::BadCheckpoint {
        path: path.to_path_buf(),
        source,
    })
}

/// Creates a folder and its parents (an existing folder is fine).
///
/// # Errors
/// `path` is an existing file ([`FilesError::NotAFolder`]), or it cannot be created.
pub fn create_folder(path: &Path) -> Result<(), FilesError> {
    if path.exists() && !path.is_dir() {
        return Err(FilesError::NotAFolder {
            path: path.to_path_buf(),
        });
    }
    std::fs::create_dir_all(path).map_err(|source| FilesError::Create {
        path: path.to_path_buf(),
        source,
    })
}

/// How a run meets its folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// A fresh run; a folder holding the checkpoint of a run is refused.
    Fresh,
    /// Continue from the folder's checkpoint (made with the same inputs).
    Resume,
    /// A fresh run even over a checkpoint (it is overwritten).
    Force,
}

/// A run into the folder `out`, started or continued from its checkpoint
/// (`checkpoint.json`, or the shard's own), and the checkpoint's path: the folder is
/// created; `Resume` needs a checkpoint of the same inputs, and `Fresh` a folder without
/// one.
///
/// # Errors
/// The folder, a missing or foreign checkpoint, or a checkpoint found by a fresh run.
pub fn open_run(spec: &RunSpec, out: &Path, start: Start) -> Result<(Run, PathBuf), FilesError> {
    create_folder(out)?;
    let path = checkpoint_path(out, (spec.shard != Shard::ALL).then_some(spec.shard));
    let resume = start == Start::Resume;
    if resume && !path.exists() {
        return Err(FilesError::NoCheckpoint { path });
    }
    if start == Start::Fresh && path.exists() {
        return Err(FilesError::RunExists { path });
    }
    let run = if resume {
        let c = read_checkpoint(&path)?;
        Run::resume(spec, c).map_err(|e| match e {
            RunError::OtherRun => FilesError::OtherRun { path: path.clone() },
            source => FilesError::Resume {
                path: path.clone(),
                source,
            },
        })?
    } else {
        Run::start(spec)?
    };
    Ok((run, path))
}

/// A tournament run in its folder, from its spec to the table `loki tournament` prints:
/// [`RunFolder::open`] starts or resumes it (and opens the hand history), and
/// [`RunFolder::play`] plays it to the end, writing the checkpoint after every batch and
/// at the end results.json and deals.csv (a whole run) or the shard file and its deals.
/// The profit plot is drawn at the edge, from [`Finished::whole`].
pub struct RunFolder {
    run: Run,
    out: PathBuf,
    sink: FileSink,
}

/// What a finished run leaves to say.
#[derive(Debug, Clone)]
pub struct Finished {
    /// The results table (a whole run) or the line naming the shard file written.
    pub text: String,
    /// Hands played by this process (not those restored from the checkpoint).
    pub new_hands: u64,
    /// A whole run's results (not a shard's), for the profit plot.
    pub whole: Option<WholeResult>,
}

/// The result of a whole run (a [`ShardResult`]'s counterpart): every match's deals, what
/// results.json and deals.csv are written from and the profit plot draws.
#[derive(Debug, Clone)]
pub struct WholeResult {
    /// What the results depend on.
    pub inputs: Inputs,
    /// Each match's deals.
    pub ledgers: Vec<DealLedger>,
    /// The kind of each seat.
    pub kinds: Vec<String>,
}

impl RunFolder {
    /// The run of `spec` in the folder `out` (see [`open_run`]), with the history of
    /// every hand written to `phh` if given (a resumed run's file is checked against the
    /// checkpoint and cut back to it).
    ///
    /// # Errors
    /// As [`open_run`] and [`open_history`].
    pub fn open(
        out: &Path,
        spec: &RunSpec,
        start: Start,
        phh: Option<&Path>,
    ) -> Result<RunFolder, FilesError> {
        let (mut run, checkpoint) = open_run(spec, out, start)?;
        let history = match phh {
            Some(path) => Some(open_history(
                path,
                start == Start::Resume,
                run.history_digest(),
            )?),
            None => None,
        };
        run.keep_records(history.is_some());
        Ok(RunFolder {
            run,
            out: out.to_path_buf(),
            sink: FileSink::new(checkpoint, history),
        })
    }
    /// The run (its size and progress).
    pub fn run(&self) -> &Run {
        &self.run
    }
    /// Plays the run to its end (`progress` hears the hands played so far, restored ones
    /// included, after every batch) and writes its results.
    ///
    /// # Errors
    /// An engine error, or a file that cannot be written.
    pub fn play(mut self, progress: &mut dyn FnMut(u64)) -> Result<Finished, FilesError> {
        self.run.play_to_end(&mut self.sink, progress)?;
        let run = &self.run;
        let new_hands = run.hands_played() - run.hands_resumed();
        let (text, whole) = match run.outcome() {
            Outcome::Shard(result) => {
                let path = self.out.join(shard_file_name(result.shard));
                write_atomically(&path, &serde_json::to_string(&result)?)?;
                let matches: Vec<(u64, &[usize], &DealLedger)> = result
                    .matches
                    .iter()
                    .map(|m| (m.match_index, m.rotations.as_slice(), &m.ledger))
                    .collect();
                let csv = self.out.join(shard_deals_name(result.shard));
                write_atomically(&csv, &deals_csv(&run.inputs().seats, run.kinds(), &matches))?;
                let resumed = (run.hands_resumed() > 0).then_some(new_hands);
                let file = path.display().to_string();
                (
                    result.summary(run.hands_played(), resumed, &file) + "\n",
                    None,
                )
            }
            Outcome::Whole(ledgers) => {
                let whole = WholeResult {
                    inputs: run.inputs().clone(),
                    ledgers,
                    kinds: run.kinds().to_vec(),
                };
                (write_results(&whole, &self.out)?, Some(whole))
            }
        };
        Ok(Finished {
            text,
            new_hands,
            whole,
        })
    }
}

/// `loki merge`: the shard files among `inputs` (folders or files) checked to be the
/// shards of one run, each exactly once, and the results of the whole run written into
/// `out`, byte-identical to the unsharded run's. Returns the table, the number of shards
/// merged and the whole run's results.
///
/// # Errors
/// A shard file that cannot be found or read, shards that are not one run's, a folder
/// or file that cannot be written.
pub fn merge_folders(
    inputs: &[PathBuf],
    out: &Path,
) -> Result<(String, usize, WholeResult), FilesError> {
    let shards = read_shards(&shard_files(inputs)?)?;
    let (inputs, ledgers) = merge(&shards)?;
    let config: loki_bot::LokiConfig =
        serde_json::from_value(inputs.configuration.clone()).map_err(FilesError::Configuration)?;
    let kinds = loki_agent::Roster::new(config)?.expand(&inputs.player_list)?;
    create_folder(out)?;
    let whole = WholeResult {
        inputs,
        ledgers,
        kinds,
    };
    let text = write_results(&whole, out)?;
    Ok((text, shards.len(), whole))
}

/// Writes `text` to `path` through a temporary file and a rename, so that a reader never
/// sees a half-written file.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), FilesError> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, text).map_err(|source| FilesError::Write {
        path: tmp.clone(),
        source,
    })?;
    std::fs::rename(&tmp, path).map_err(|source| FilesError::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// Where a run's bytes go: the checkpoint file (written atomically) and the PHH file.
pub struct FileSink {
    checkpoint: PathBuf,
    history: Option<std::fs::File>,
}

impl FileSink {
    /// A sink writing the checkpoint to `checkpoint` and the history, if any, to `history`.
    pub fn new(checkpoint: PathBuf, history: Option<std::fs::File>) -> Self {
        FileSink {
            checkpoint,
            history,
        }
    }
}

impl RunSink for FileSink {
    fn history(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        if let Some(f) = self.history.as_mut() {
            f.write_all(bytes)?;
            f.flush()?;
        }
        Ok(())
    }
    fn checkpoint(&mut self, c: &Checkpoint) -> std::io::Result<()> {
        let text = serde_json::to_string(c).map_err(std::io::Error::other)?;
        write_atomically(&self.checkpoint, &text).map_err(std::io::Error::other)
    }
}

/// The hand-history file: created for a fresh run; for a resumed one, checked against
/// the checkpoint (it must begin with exactly the bytes the checkpoint counted, by length
/// and digest) and cut back to them.
pub fn open_history(
    path: &Path,
    resuming: bool,
    written: HistoryDigest,
) -> Result<std::fs::File, FilesError> {
    if !resuming {
        return std::fs::File::create(path).map_err(|source| FilesError::Create {
            path: path.to_path_buf(),
            source,
        });
    }
    let reopen = |source| FilesError::Reopen {
        path: path.to_path_buf(),
        source,
    };
    let mut f = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
        .map_err(reopen)?;
    let len = f.metadata().map_err(reopen)?.len();
    let mut found = HistoryDigest::default();
    let mut buf = vec![0u8; 1 << 16];
    while found.bytes < written.bytes {
        let want = (written.bytes - found.bytes).min(buf.len() as u64) as usize;
        let n = f.read(&mut buf[..want]).map_err(reopen)?;
        if n == 0 {
            break;
        }
        found.extend(&buf[..n]);
    }
    if found != written {
        return Err(FilesError::OtherHistory {
            path: path.to_path_buf(),
            len,
            written: written.bytes,
        });
    }
    f.set_len(written.bytes).map_err(reopen)?;
    f.seek(std::io::SeekFrom::End(0)).map_err(reopen)?;
    Ok(f)
}

/// The shard files among `inputs`: a folder gives its `shard-*.json` files (sorted; none
/// is an error), a file itself.
pub fn shard_files(inputs: &[PathBuf]) -> Result<Vec<PathBuf>, FilesError> {
    let mut files = Vec::new();
    for p in inputs {
        if p.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|source| FilesError::Read {
                    path: p.clone(),
                    source,
                })?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| {
                    f.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with("shard-") && n.ends_with(".json"))
                })
                .collect();
            found.sort();
            if found.is_empty() {
                return Err(FilesError::NoShards { path: p.clone() });
            }
            files.extend(found);
        } else {
            files.push(p.clone());
        }
    }
    Ok(files)
}

/// Reads shard files, each with its name for [`merge`]'s messages.
pub fn read_shards(files: &[PathBuf]) -> Result<Vec<(String, ShardResult)>, FilesError> {
    files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f).map_err(|source| FilesError::Read {
                path: f.clone(),
                source,
            })?;
            let r: ShardResult =
                serde_json::from_str(&text).map_err(|source| FilesError::BadShard {
                    path: f.clone(),
                    source,
                })?;
            Ok((f.display().to_string(), r))
        })
        .collect()
}

/// Writes results.json and deals.csv (every seat's net chips per deal, summed over the
/// rotations) of a whole run into `out` and returns the table to print:
/// one match (without `--matches`) exactly as always; several with the pooled
/// statistics, the between-match spread and each match's results.
pub fn write_results(whole: &WholeResult, out: &Path) -> Result<String, FilesError> {
    let (inputs, ledgers, kinds) = (&whole.inputs, &whole.ledgers, &whole.kinds);
    let report = report(inputs, ledgers, kinds)?;
    let json = out.join("results.json");
    write_atomically(&json, &report.json)?;
    let all: Vec<usize> = (0..inputs.rotations).collect();
    let matches: Vec<(u64, &[usize], &DealLedger)> = ledgers
        .iter()
        .enumerate()
        .map(|(m, l)| (m as u64, all.as_slice(), l))
        .collect();
    let csv = out.join("deals.csv");
    write_atomically(&csv, &deals_csv(&inputs.seats, kinds, &matches))?;
    Ok(report.text(inputs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_needs_resume_or_force_beside_a_checkpoint() {
        let d_dir = tempfile::tempdir().unwrap();
        let d = d_dir.path();
        let spec = RunSpec {
            players: "BPM,BPT".into(),
            hands: 4,
            seed: 1,
            matches: 0,
            seating_block: 0,
            shard: Shard::ALL,
            batch: 1,
            config: loki_bot::LokiConfig::default(),
        };
        let e = open_run(&spec, d, Start::Resume).err().unwrap();
        assert!(matches!(e, FilesError::NoCheckpoint { .. }), "{e}");
        let (_, path) = open_run(&spec, d, Start::Fresh).unwrap();
        assert_eq!(path, d.join("checkpoint.json"));
        std::fs::write(&path, "{}").unwrap();
        let e = open_run(&spec, d, Start::Fresh).err().unwrap();
        assert!(matches!(e, FilesError::RunExists { .. }), "{e}");
        assert!(open_run(&spec, d, Start::Force).is_ok());
        let e = open_run(&spec, d, Start::Resume).err().unwrap();
        assert!(matches!(e, FilesError::BadCheckpoint { .. }), "{e}");
        let shard = Shard { index: 1, count: 2 };
        assert_eq!(
            checkpoint_path(d, Some(shard)),
            d.join("checkpoint-1-of-2.json")
        );
    }

    #[test]
    fn deals_csv_sums_to_the_results_of_each_kind() {
        let d_dir = tempfile::tempdir().unwrap();
        let d = d_dir.path();
        let seats: Vec<String> = vec!["SOM".into(), "BPM#1".into(), "BPM#2".into()];
        let kinds: Vec<String> = vec!["SOM".into(), "BPM".into(), "BPM".into()];
        let mut inputs = Inputs::new(3, "SOM,2*BPM", &seats, 9, serde_json::Value::Null, "0");
        inputs.matches = 2;
        let ledgers = vec![
            DealLedger {
                net: vec![vec![6, -2, -4], vec![-3, 1, 2], vec![12, -6, -6]],
                reduced: vec![
                    vec![1_000_000, -500_000, -500_000],
                    vec![-3_000_000, 1_000_000, 2_000_000],
                    vec![2_000_000, -1_000_000, -1_000_000],
                ],
            },
            DealLedger {
                net: vec![vec![0, 4, -4], vec![9, -9, 0], vec![-2, 1, 1]],
                reduced: vec![
                    vec![0, 2_000_000, -2_000_000],
                    vec![1_000_000, -1_000_000, 0],
                    vec![-2_000_000, 1_000_000, 1_000_000],
                ],
            },
        ];
        let whole = WholeResult {
            inputs,
            ledgers,
            kinds,
        };
        write_results(&whole, d).unwrap();
        let inputs = &whole.inputs;
        let r: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(d.join("results.json")).unwrap())
                .unwrap();
        let csv = std::fs::read_to_string(d.join("deals.csv")).unwrap();
        let mut lines = csv.lines();
        assert_eq!(
            lines.next(),
            Some("match,deal,rotations,seat,name,kind,net_chips,reduced_chips")
        );
        let mut sums: std::collections::BTreeMap<String, i64> = Default::default();
        let mut reduced: std::collections::BTreeMap<String, f64> = Default::default();
        let mut rows = 0;
        for line in lines {
            let f: Vec<&str> = line.split(',').collect();
            assert_eq!(f.len(), 8, "{line}");
            assert_eq!(f[2], "0-2", "{line}");
            *sums.entry(f[5].to_string()).or_default() += f[6].parse::<i64>().unwrap();
            *reduced.entry(f[5].to_string()).or_default() += f[7].parse::<f64>().unwrap();
            rows += 1;
        }
        assert_eq!(rows, 2 * 3 * 3);
        let hands = (inputs.hands * 2) as f64;
        for k in r["kinds"].as_array().unwrap() {
            let kind = k["kind"].as_str().unwrap();
            let copies = k["copies"].as_f64().unwrap();
            let chips = sums[kind] as f64;
            // results.json's profit is per copy, sb/hand per copy over all hands.
            assert!((k["profit"].as_f64().unwrap() * copies - chips).abs() < 1e-9);
            let sb = chips / copies / hands / inputs.game.small_bet as f64;
            assert!(
                (k["sb_per_hand"].as_f64().unwrap() - sb).abs() < 1e-12,
                "{kind}"
            );
            assert_eq!(k["matches"].as_array().unwrap().len(), 2);
            assert!(k["ci95_matches"].as_f64().is_some());
            let sb = reduced[kind] / copies / hands / inputs.game.small_bet as f64;
            assert!(
                (k["reduced"]["sb_per_hand"].as_f64().unwrap() - sb).abs() < 1e-9,
                "{kind}"
            );
        }
    }

    #[test]
    fn an_output_folder_that_is_a_file_is_refused_by_name() {
        let d_dir = tempfile::tempdir().unwrap();
        let d = d_dir.path();
        let file = d.join("afile");
        std::fs::write(&file, "x").unwrap();
        let e = create_folder(&file).unwrap_err();
        assert!(matches!(e, FilesError::NotAFolder { .. }), "{e:?}");
        assert!(e.to_string().contains("--out must be a directory"), "{e}");
        create_folder(&d.join("new/sub")).unwrap();
        create_folder(&d.join("new/sub")).unwrap();
    }

    #[test]
    fn atomic_write_leaves_no_temporary_file() {
        let d_dir = tempfile::tempdir().unwrap();
        let d = d_dir.path();
        let p = d.join("checkpoint.json");
        write_atomically(&p, "{}").unwrap();
        write_atomically(&p, "{\"a\":1}").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "{\"a\":1}");
        assert!(!d.join("checkpoint.json.tmp").exists());
        let missing = d.join("no/such/folder/c.json");
        assert!(matches!(
            write_atomically(&missing, "x"),
            Err(FilesError::Write { .. })
        ));
    }

    #[test]
    fn a_resumed_history_must_begin_with_the_counted_bytes() {
        let d_dir = tempfile::tempdir().unwrap();
        let d = d_dir.path();
        let p = d.join("h.phhs");
        std::fs::write(&p, b"hand one\nhand two\n").unwrap();
        let mut counted = HistoryDigest::default();
        counted.extend(b"hand one\n");
        // Longer than counted but the same start: cut back and continued at the end.
        let mut f = open_history(&p, true, counted).unwrap();
        f.write_all(b"hand 2\n").unwrap();
        drop(f);
        assert_eq!(std::fs::read(&p).unwrap(), b"hand one\nhand 2\n");
        // Changed bytes: refused with both lengths.
        std::fs::write(&p, b"hand ONE\n").unwrap();
        let e = open_history(&p, true, counted).unwrap_err().to_string();
        assert!(
            e.contains("is not the history the checkpoint counted (9 bytes, the checkpoint wrote 9, and they differ)"),
            "{e}"
        );
        // Short: refused without "differ".
        std::fs::write(&p, b"hand").unwrap();
        let e = open_history(&p, true, counted).unwrap_err().to_string();
        assert!(e.contains("(4 bytes, the checkpoint wrote 9)"), "{e}");
        // A fresh run truncates.
        open_history(&p, false, HistoryDigest::default()).unwrap();
        assert_eq!(std::fs::read(&p).unwrap().len(), 0);
    }

    #[test]
    fn shard_files_are_found_sorted_and_an_empty_folder_is_refused() {
        let d_dir = tempfile::tempdir().unwrap();
        let d = d_dir.path();
        for name in ["shard-1-of-2.json", "shard-0-of-2.json", "other.json"] {
            std::fs::write(d.join(name), "{}").unwrap();
        }
        let files = shard_files(&[d.to_path_buf()]).unwrap();
        let names: Vec<_> = files
            .iter()
            .map(|f| f.file_name().unwrap().to_str().unwrap().to_string())
            .collect();
        assert_eq!(names, ["shard-0-of-2.json", "shard-1-of-2.json"]);
        let e = read_shards(&files).unwrap_err().to_string();
        assert!(e.contains("is not a complete shard file"), "{e}");
        let empty_dir = tempfile::tempdir().unwrap();
        let empty = empty_dir.path();
        assert!(matches!(
            shard_files(&[empty.to_path_buf()]),
            Err(FilesError::NoShards { .. })
        ));
        assert_eq!(
            shard_file_name(Shard { index: 3, count: 8 }),
            "shard-3-of-8.json"
        );
    }
}
