//! `loki tournament`: the paper's duplicate tournament (Billings et al. 1998,
//! "Experiments", Figure 4) as one command. Writes DIR/results.json (inputs and results
//! only, so that it depends on the inputs alone), DIR/profit.png (average profit per
//! player type against hands played), DIR/checkpoint.json (for `--resume`), and with
//! `--phh` the history of every hand.
use crate::plot;
use crate::roster::load_config;
use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use loki_engine::GameConfig;
use loki_sim::{
    seat_names, summarize, Checkpoint, Inputs, Results, Roster, Shard, ShardResult, Summary,
    Tournament, TournamentFactory,
};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The paper's experiments and ours.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Preset {
    /// Figure 4: two copies each of BPM, BPT, BPL, GOM and SOM, 100,000 hands.
    Figure4,
    /// One SOM against nine BPM, 100,000 hands.
    SomVsBpm,
    /// Two SOM and two GOM among BPT, BPL and the reference styles TP, TA, LP, LA,
    /// 100,000 hands.
    Reference,
    /// The figure-4 field with LOKI2 in GOM's seats, 100,000 hands.
    Loki2,
    /// Two POKI among SOM, LOKI2, GOM, BPM, BPT, BPL and the reference styles TA and LP,
    /// 100,000 hands.
    Poki,
}

impl Preset {
    /// The players of the preset.
    pub fn players(self) -> &'static str {
        match self {
            Preset::Figure4 => FIGURE4,
            Preset::SomVsBpm => "SOM,9*BPM",
            Preset::Reference => "2*SOM,2*GOM,BPT,BPL,TP,TA,LP,LA",
            Preset::Loki2 => "2*BPM,2*BPT,2*BPL,2*SOM,2*LOKI2",
            Preset::Poki => "2*POKI,SOM,LOKI2,GOM,BPM,BPT,BPL,TA,LP",
        }
    }
}

/// The figure-4 field.
pub const FIGURE4: &str = "2*BPM,2*BPT,2*BPL,2*GOM,2*SOM";

#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// Players, one per seat: "2*BPM,2*BPT,2*BPL,2*GOM,2*SOM" (2 to 10; names
    /// case-insensitive; see `loki players`). Default: the figure-4 field.
    #[arg(long)]
    players: Option<String>,
    /// Hands played in all (deals x rotations, rounded up to whole deals). Default 3,000,
    /// or 100,000 with a preset.
    #[arg(long)]
    hands: Option<u64>,
    /// Seed of the deals and of every player's random choices.
    #[arg(long, default_value_t = 1998)]
    seed: u64,
    /// Output folder.
    #[arg(long, default_value = "loki-tournament")]
    out: PathBuf,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// Continue from DIR/checkpoint.json (made with the same inputs).
    #[arg(long)]
    resume: bool,
    /// Write the hand history of every hand to this PHH (.phhs) file.
    #[arg(long)]
    phh: Option<PathBuf>,
    /// Model and strategy constants (TOML; see `loki config`).
    #[arg(long)]
    config: Option<PathBuf>,
    /// One of the paper's experiments (sets --players and --hands).
    #[arg(long, value_enum)]
    preset: Option<Preset>,
    /// Deals per batch between checkpoints.
    #[arg(long, default_value_t = 50)]
    batch: u64,
    /// Deals between seat permutations: every block of this many deals draws a new order
    /// of the players around the table from the seed (0: the cyclic rotations alone, the
    /// same neighbors all run).
    #[arg(long, default_value_t = loki_sim::schedule::DEFAULT_SEATING_BLOCK)]
    seating_block: u64,
    /// Independent duplicate matches (each its own seed derived from --seed and the
    /// match number, each with fresh players); --hands are per match. results.json then
    /// also reports each match and the spread between matches.
    #[arg(long)]
    matches: Option<u64>,
    /// Play only shard I of N (0-based): the contiguous tables
    /// [floor(I T / N), floor((I + 1) T / N)) of the T = matches x seats tables
    /// (match m, rotation r is table m x seats + r), writing DIR/shard-I-of-N.json for
    /// `loki merge`.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// Runs a tournament (or one shard of it) to the end.
pub fn run(a: TournamentArgs) -> Result<ExitCode> {
    let (player_list, default_hands) = match a.preset {
        Some(p) => (p.players().to_string(), 100_000),
        None => (
            a.players.clone().unwrap_or_else(|| FIGURE4.to_string()),
            3_000,
        ),
    };
    if a.preset.is_some() && a.players.is_some() {
        bail!("--preset sets the players; leave out --players");
    }
    let hands = a.hands.unwrap_or(default_hands);
    if hands == 0 {
        bail!("--hands must be positive");
    }
    if a.batch == 0 {
        bail!("--batch must be positive");
    }
    if a.matches == Some(0) {
        bail!("--matches must be positive");
    }
    if a.shard.is_some() && a.phh.is_some() {
        bail!("--phh is for whole runs; leave it out with --shard");
    }
    let config = load_config(a.config.as_deref())?;
    let roster = Roster::new(config.clone())?;
    let kinds = roster.expand(&player_list)?;
    let n = kinds.len();
    if !(2..=10).contains(&n) {
        bail!("a tournament needs 2 to 10 players, got {n}");
    }
    let names = seat_names(&kinds);
    let game = GameConfig::limit(n, 1, 2, 2, 4)?;
    let mut inputs = make_inputs(a.seed, &player_list, &names, hands, &config)?;
    inputs.seating_block = a.seating_block;
    inputs.matches = a.matches.unwrap_or(0);
    let matches = inputs.matches.max(1);
    let shard = a.shard.unwrap_or(Shard::ALL);
    let deals = inputs.deals;
    std::fs::create_dir_all(&a.out)
        .with_context(|| format!("cannot create {}", a.out.display()))?;
    let factory = TournamentFactory {
        roster: &roster,
        kinds: kinds.clone(),
        names: names.clone(),
    };
    let threads = a.threads.unwrap_or(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start worker threads")?;
    let mut t = Tournament::sharded(game, a.seed, matches, shard, &factory)?;
    t.set_seating_block(a.seating_block);
    let ckpt_path = a.out.join(match a.shard {
        Some(s) => format!("checkpoint-{}-of-{}.json", s.index, s.count),
        None => "checkpoint.json".to_string(),
    });
    let mut phh_bytes = 0u64;
    if a.resume && ckpt_path.exists() {
        let c: Checkpoint = serde_json::from_str(
            &std::fs::read_to_string(&ckpt_path)
                .with_context(|| format!("cannot read {}", ckpt_path.display()))?,
        )
        .with_context(|| format!("bad checkpoint {}", ckpt_path.display()))?;
        if c.inputs != inputs || c.shard != shard {
            bail!(
                "{} was made with other inputs (players, hands, seed, matches, shard or config); remove it or rerun without --resume",
                ckpt_path.display()
            );
        }
        for (i, states) in c.players.iter().enumerate() {
            let ps = t.players_mut(i).context("checkpoint has too many tables")?;
            for (p, s) in ps.iter_mut().zip(states) {
                if let Some(s) = s {
                    p.load_state(s)?;
                }
            }
        }
        t.restore(c.matches)
            .with_context(|| format!("bad checkpoint {}", ckpt_path.display()))?;
        phh_bytes = c.phh_bytes;
    }
    let mut phh = match &a.phh {
        Some(path) => Some(open_phh(path, t.deals_played() > 0, phh_bytes)?),
        None => None,
    };
    t.keep_records(phh.is_some());
    let per_deal = t.tables() as u64;
    let bar = progress(a.quiet, deals * per_deal);
    bar.set_position(t.deals_played() * per_deal);
    let start_deals = t.deals_played();
    let started = std::time::Instant::now();
    let mut hand_key = t.deals_played() * per_deal;
    while t.deals_played() < deals {
        let count = a.batch.min(deals - t.deals_played());
        let played = pool.install(|| t.play_batch(count, &factory))?;
        if let Some((w, bytes)) = phh.as_mut() {
            for h in &played {
                let mut buf = Vec::new();
                if *bytes > 0 {
                    writeln!(buf)?;
                }
                hand_key += 1;
                loki_history::write_phh_hand(&mut buf, Some(hand_key as usize), &h.record)?;
                w.write_all(&buf)?;
                *bytes += buf.len() as u64;
            }
            w.flush()?;
        }
        write_checkpoint(
            &ckpt_path,
            &inputs,
            shard,
            &mut t,
            phh.as_ref().map_or(0, |p| p.1),
        )?;
        bar.set_position(t.deals_played() * per_deal);
    }
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64();
    let new_hands = (t.deals_played() - start_deals) * per_deal;
    if let Some(s) = a.shard {
        let range = s.tables(matches * n as u64)?;
        let result = ShardResult {
            inputs: inputs.clone(),
            shard: s,
            tables: range.clone(),
            matches: t.match_ledgers().to_vec(),
        };
        let path = a.out.join(shard_file_name(s));
        write_atomically(&path, &serde_json::to_string(&result)?)?;
        println!(
            "shard {s}: tables {}..{} of {}, {new_hands} hands; {}",
            range.start,
            range.end,
            matches * n as u64,
            path.display()
        );
    } else {
        let ledgers: Vec<_> = t.match_ledgers().iter().map(|l| l.ledger.clone()).collect();
        finish(&inputs, &ledgers, &names, &kinds, &a.out)?;
    }
    if !a.quiet && secs > 0.0 {
        eprintln!(
            "{new_hands} hands in {secs:.1} s ({:.0} hands/s); results in {}",
            new_hands as f64 / secs,
            a.out.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The file a shard writes into its --out folder.
pub fn shard_file_name(s: Shard) -> String {
    format!("shard-{}-of-{}.json", s.index, s.count)
}

/// Writes `text` to `path` through a temporary file and a rename, so that a reader never
/// sees a half-written file.
fn write_atomically(path: &Path, text: &str) -> Result<()> {
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// Writes results.json and profit.png of a whole run and prints its table: one match
/// (without `--matches`) exactly as always; several with the pooled statistics, the
/// between-match spread and each match's results.
fn finish(
    inputs: &Inputs,
    ledgers: &[loki_sim::DealLedger],
    names: &[String],
    kinds: &[String],
    out: &Path,
) -> Result<()> {
    let n = names.len();
    let json = if inputs.matches == 0 {
        let summary = summarize(&ledgers[0], names, kinds, n, 2);
        print_table(&summary, inputs);
        Results {
            inputs,
            summary: &summary,
        }
        .to_json()?
    } else {
        let r = loki_sim::MatchesResults::new(inputs, ledgers, names, kinds, n, 2);
        print_table(&r.pooled, inputs);
        println!();
        println!(
            "{:<10} {:>10} {:>12} {:>10}   over {} matches",
            "kind", "sb/hand", "sd matches", "+/- 95%", inputs.matches
        );
        for k in &r.between_matches {
            println!(
                "{:<10} {:>10.4} {:>12.4} {:>10.4}",
                k.kind, k.sb_per_hand, k.sd, k.ci95
            );
        }
        r.to_json()?
    };
    std::fs::write(out.join("results.json"), json)?;
    plot::profit_png(
        &out.join("profit.png"),
        ledgers,
        kinds,
        n,
        &plot::Caption {
            hands: inputs.hands * inputs.matches.max(1),
            deals: inputs.deals,
            seed: inputs.seed,
            matches: inputs.matches,
        },
    )?;
    Ok(())
}

#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// Folders holding shard files (shard-I-of-N.json), or the files themselves.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// Where to write results.json and profit.png.
    #[arg(long, default_value = "loki-tournament")]
    out: PathBuf,
}

/// `loki merge`: checks that the shard files are the shards of one run, each exactly
/// once, and writes the results of the whole run, byte-identical to the unsharded run.
pub fn merge(a: MergeArgs) -> Result<ExitCode> {
    let mut files = Vec::new();
    for p in &a.inputs {
        if p.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(p)
                .with_context(|| format!("cannot read {}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| {
                    f.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with("shard-") && n.ends_with(".json"))
                })
                .collect();
            found.sort();
            if found.is_empty() {
                bail!("{} holds no shard-I-of-N.json file", p.display());
            }
            files.extend(found);
        } else {
            files.push(p.clone());
        }
    }
    let shards = files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f)
                .with_context(|| format!("cannot read {}", f.display()))?;
            let r: ShardResult = serde_json::from_str(&text).with_context(|| {
                format!(
                    "{} is not a complete shard file (truncated or not a shard)",
                    f.display()
                )
            })?;
            Ok((f.display().to_string(), r))
        })
        .collect::<Result<Vec<_>>>()?;
    let (inputs, ledgers) = loki_sim::merge(&shards)?;
    let config: loki_bot::LokiConfig = serde_json::from_value(inputs.configuration.clone())
        .context("the shards' configuration does not load")?;
    let roster = Roster::new(config)?;
    let kinds = roster.expand(&inputs.player_list)?;
    std::fs::create_dir_all(&a.out)
        .with_context(|| format!("cannot create {}", a.out.display()))?;
    finish(&inputs, &ledgers, &inputs.seats, &kinds, &a.out)?;
    eprintln!(
        "{} shards merged; results in {}",
        shards.len(),
        a.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// The inputs of a run (everything its results depend on).
fn make_inputs(
    seed: u64,
    player_list: &str,
    names: &[String],
    hands: u64,
    config: &loki_bot::LokiConfig,
) -> Result<Inputs> {
    Ok(Inputs::new(
        seed,
        player_list,
        names,
        hands,
        serde_json::to_value(config)?,
        env!("CARGO_PKG_VERSION"),
    ))
}

/// The whole player family, one seat each: the field of `loki bench --signature`.
pub const SIGNATURE_FIELD: &str = "BPM,BPT,BPL,GOM,SOM,LOKI2,TP,TA,LP,LA";
/// Hands of the signature tournament.
pub const SIGNATURE_HANDS: u64 = 500;

/// `loki bench --signature`: plays a fixed short duplicate tournament of the whole player
/// family with the default configuration and returns (FNV-1a 64 hash of its results.json,
/// decisions made). Any change of behavior changes it; a pure refactor must not.
pub fn signature() -> Result<(u64, u64)> {
    let config = loki_bot::LokiConfig::default();
    let roster = Roster::new(config.clone())?;
    let kinds = roster.expand(SIGNATURE_FIELD)?;
    let names = seat_names(&kinds);
    let n = kinds.len();
    let seed = 1998;
    let inputs = make_inputs(seed, SIGNATURE_FIELD, &names, SIGNATURE_HANDS, &config)?;
    let factory = TournamentFactory {
        roster: &roster,
        kinds: kinds.clone(),
        names: names.clone(),
    };
    let mut t = Tournament::new(GameConfig::limit(n, 1, 2, 2, 4)?, seed, &factory)?;
    while t.deals_played() < inputs.deals {
        let count = 25.min(inputs.deals - t.deals_played());
        t.play_batch(count, &factory)?;
    }
    let summary = summarize(t.ledger(), &names, &kinds, n, 2);
    let json = Results {
        inputs: &inputs,
        summary: &summary,
    }
    .to_json()?;
    Ok((fnv1a64(json.as_bytes()), t.decisions()))
}

/// FNV-1a, 64 bits: a stable hash of bytes (no dependency, same on every platform).
fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn progress(quiet: bool, total: u64) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} hands  {per_sec}  eta {eta}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    bar
}

fn open_phh(path: &Path, resuming: bool, bytes: u64) -> Result<(std::fs::File, u64)> {
    let f = if resuming {
        let f = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .with_context(|| format!("cannot reopen {} to resume", path.display()))?;
        f.set_len(bytes)?;
        let mut f = f;
        use std::io::Seek;
        f.seek(std::io::SeekFrom::End(0))?;
        f
    } else {
        std::fs::File::create(path).with_context(|| format!("cannot create {}", path.display()))?
    };
    Ok((f, if resuming { bytes } else { 0 }))
}

fn write_checkpoint(
    path: &Path,
    inputs: &Inputs,
    shard: Shard,
    t: &mut Tournament,
    phh_bytes: u64,
) -> Result<()> {
    let mut players = Vec::new();
    for i in 0..t.tables() {
        let ps = t.players_mut(i).context("table")?;
        players.push(ps.iter().map(|p| p.save_state()).collect());
    }
    let c = Checkpoint {
        inputs: inputs.clone(),
        shard,
        matches: t.match_ledgers().to_vec(),
        players,
        phh_bytes,
    };
    write_atomically(path, &serde_json::to_string(&c)?)
}

fn print_table(s: &Summary, inputs: &Inputs) {
    if inputs.matches == 0 {
        println!(
            "{} hands ({} deals x {} rotations), seed {}, $2/$4",
            inputs.hands, inputs.deals, inputs.rotations, inputs.seed
        );
    } else {
        println!(
            "{} matches of {} hands ({} deals x {} rotations), {} hands in all, seed {}, $2/$4; pooled:",
            inputs.matches,
            inputs.hands,
            inputs.deals,
            inputs.rotations,
            inputs.matches * inputs.hands,
            inputs.seed
        );
    }
    println!();
    println!(
        "{:<10} {:>6} {:>12} {:>10} {:>10}",
        "kind", "copies", "profit $", "sb/hand", "+/- 95%"
    );
    let mut kinds = s.kinds.clone();
    kinds.sort_by(|a, b| b.sb_per_hand.total_cmp(&a.sb_per_hand));
    for k in &kinds {
        println!(
            "{:<10} {:>6} {:>12.0} {:>10.4} {:>10.4}",
            k.kind, k.copies, k.profit, k.sb_per_hand, k.ci95
        );
    }
    if !s.differences.is_empty() {
        println!();
        println!(
            "{:<16} {:>10} {:>10}  significant",
            "difference", "sb/hand", "+/- 95%"
        );
        for d in &s.differences {
            println!(
                "{:<16} {:>10.4} {:>10.4}  {}",
                format!("{} - {}", d.a, d.b),
                d.sb_per_hand,
                d.ci95,
                if d.significant { "yes" } else { "no" }
            );
        }
    }
}

/// Hands per second of the figure-4 field on all cores (for `loki bench`).
pub fn hands_per_second(deals: u64, seed: u64) -> Result<f64> {
    let roster = Roster::new(loki_bot::LokiConfig::default())?;
    let kinds = roster.expand(FIGURE4)?;
    let names = seat_names(&kinds);
    let n = kinds.len();
    let factory = TournamentFactory {
        roster: &roster,
        kinds,
        names,
    };
    let mut t = Tournament::new(GameConfig::limit(n, 1, 2, 2, 4)?, seed, &factory)?;
    let start = std::time::Instant::now();
    let mut left = deals;
    while left > 0 {
        let b = left.min(25);
        t.play_batch(b, &factory)?;
        left -= b;
    }
    Ok((deals * n as u64) as f64 / start.elapsed().as_secs_f64())
}
