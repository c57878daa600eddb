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
    seat_names, summarize, Checkpoint, Inputs, Results, Roster, Summary, Tournament,
    TournamentFactory,
};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The paper's experiments.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Preset {
    /// Figure 4: two copies each of BPM, BPT, BPL, GOM and SOM, 100,000 hands.
    Figure4,
    /// One SOM against nine BPM, 100,000 hands.
    SomVsBpm,
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
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// Runs a tournament to the end and returns the summary (also used by `loki bench`).
pub fn run(a: TournamentArgs) -> Result<ExitCode> {
    let (player_list, default_hands) = match a.preset {
        Some(Preset::Figure4) => (FIGURE4.to_string(), 100_000),
        Some(Preset::SomVsBpm) => ("SOM,9*BPM".to_string(), 100_000),
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
    let mut t = Tournament::new(game, a.seed, &factory)?;
    t.set_seating_block(a.seating_block);
    let ckpt_path = a.out.join("checkpoint.json");
    let mut phh_bytes = 0u64;
    if a.resume && ckpt_path.exists() {
        let c: Checkpoint = serde_json::from_str(
            &std::fs::read_to_string(&ckpt_path)
                .with_context(|| format!("cannot read {}", ckpt_path.display()))?,
        )
        .with_context(|| format!("bad checkpoint {}", ckpt_path.display()))?;
        if c.inputs != inputs {
            bail!(
                "{} was made with other inputs (players, hands, seed or config); remove it or rerun without --resume",
                ckpt_path.display()
            );
        }
        for (r, states) in c.players.iter().enumerate() {
            let ps = t.players_mut(r).context("checkpoint has too many tables")?;
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
    let bar = progress(a.quiet, inputs.hands);
    bar.set_position(t.deals_played() * n as u64);
    let start_deals = t.deals_played();
    let started = std::time::Instant::now();
    let mut hand_key = t.deals_played() * n as u64;
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
        write_checkpoint(&ckpt_path, &inputs, &mut t, phh.as_ref().map_or(0, |p| p.1))?;
        bar.set_position(t.deals_played() * n as u64);
    }
    bar.finish_and_clear();
    let summary = summarize(t.ledger(), &names, &kinds, n, 2);
    let results = Results {
        inputs: &inputs,
        summary: &summary,
    };
    std::fs::write(a.out.join("results.json"), results.to_json()?)?;
    plot::profit_png(
        &a.out.join("profit.png"),
        t.ledger(),
        &kinds,
        n,
        &plot::Caption {
            hands: inputs.hands,
            deals: inputs.deals,
            seed: inputs.seed,
        },
    )?;
    print_table(&summary, &inputs);
    let secs = started.elapsed().as_secs_f64();
    let new_hands = (t.deals_played() - start_deals) * n as u64;
    if !a.quiet && secs > 0.0 {
        eprintln!(
            "{new_hands} hands in {secs:.1} s ({:.0} hands/s); results in {}",
            new_hands as f64 / secs,
            a.out.display()
        );
    }
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
        shard: loki_sim::Shard::ALL,
        matches: t.match_ledgers().to_vec(),
        players,
        phh_bytes,
    };
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, serde_json::to_string(&c)?)
        .with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

fn print_table(s: &Summary, inputs: &Inputs) {
    println!(
        "{} hands ({} deals x {} rotations), seed {}, $2/$4",
        inputs.hands, inputs.deals, inputs.rotations, inputs.seed
    );
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
