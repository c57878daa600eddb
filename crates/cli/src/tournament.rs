//! `loki tournament` and `loki merge`: the paper's duplicate tournament (Billings et al.
//! 1998, "Experiments", Figure 4) as one command. The run itself is `loki_sim::Run`, its
//! files `loki_files`; this module parses the arguments, draws the progress bar, names the files
//! (DIR/results.json with the inputs and results only, so that it depends on the inputs
//! alone; DIR/profit.png, average profit per player type against hands played;
//! DIR/checkpoint.json for `--resume`; with `--phh` the history of every hand) and prints
//! the table.
use crate::roster::load_config;
use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use loki_files::{
    create_folder, open_history, open_run, read_shards, shard_file_name, shard_files,
    write_atomically, write_results, FileSink,
};
use loki_sim::{Outcome, RunSpec, Shard};
use std::path::PathBuf;
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
    #[arg(long, visible_alias = "bots")]
    players: Option<String>,
    /// Hands played in all (deals x rotations, rounded up to whole deals; 1 to 10^9).
    /// Default 30,000 (about a minute on 2 cores), or 100,000 with a preset.
    #[arg(long, value_parser = crate::bounds::count::<u64>(1..=crate::bounds::MAX_HANDS))]
    hands: Option<u64>,
    /// Seed of the deals and of every player's random choices.
    #[arg(long, default_value_t = crate::bounds::SEED)]
    seed: u64,
    /// Output folder.
    #[arg(long, default_value = "loki-tournament")]
    out: PathBuf,
    /// Worker threads (1 to 256; default: all cores). Results do not depend on it.
    #[arg(long, value_parser = crate::bounds::threads())]
    threads: Option<usize>,
    /// Continue from DIR/checkpoint.json (made with the same inputs).
    #[arg(long)]
    resume: bool,
    /// Start over even though DIR holds the checkpoint of a run (it is overwritten).
    #[arg(long, conflicts_with = "resume")]
    force: bool,
    /// Write the hand history of every hand to this PHH (.phhs) file.
    #[arg(long)]
    phh: Option<PathBuf>,
    /// Model and strategy constants (TOML; see `loki config`).
    #[arg(long)]
    config: Option<PathBuf>,
    /// One of the paper's experiments (sets --players and --hands).
    #[arg(long, value_enum)]
    preset: Option<Preset>,
    /// Deals per batch between checkpoints (1 to 10^6).
    #[arg(long, default_value_t = loki_sim::DEFAULT_BATCH, value_parser = crate::bounds::count::<u64>(1..=1_000_000))]
    batch: u64,
    /// Deals between seat permutations: every block of this many deals draws a new order
    /// of the players around the table from the seed (0: the cyclic rotations alone, the
    /// same neighbors all run).
    #[arg(long, default_value_t = loki_sim::schedule::DEFAULT_SEATING_BLOCK)]
    seating_block: u64,
    /// Independent duplicate matches (each its own seed derived from --seed and the
    /// match number, each with fresh players); --hands are per match. results.json then
    /// also reports each match and the spread between matches (1 to 10^6).
    #[arg(long, value_parser = crate::bounds::count::<u64>(1..=1_000_000))]
    matches: Option<u64>,
    /// Play only shard I of N (0-based): the contiguous tables
    /// [floor(I T / N), floor((I + 1) T / N)) of the T = matches x seats tables
    /// (match m, rotation r is table m x seats + r), writing DIR/shard-I-of-N.json for
    /// `loki merge`.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
    /// No progress bar and no progress or timing lines on stderr (errors and warnings
    /// still show); stdout and the files written are the same.
    #[arg(short, long)]
    quiet: bool,
}

/// Hands of a run without a preset: enough to resolve the modeling players' edge over
/// the basic players in the Figure-4 field (about +0.05 sb/hand, an interval of about
/// ±0.02 at this size), in about a minute on 2 cores.
const DEFAULT_HANDS: u64 = 30_000;

/// Runs a tournament (or one shard of it) to the end.
pub fn run(a: TournamentArgs) -> Result<ExitCode> {
    let (players, default_hands) = match a.preset {
        Some(p) => (p.players().to_string(), 100_000),
        None => (
            a.players.clone().unwrap_or_else(|| FIGURE4.to_string()),
            DEFAULT_HANDS,
        ),
    };
    if a.preset.is_some() && a.players.is_some() {
        bail!("--preset sets the players; leave out --players");
    }
    if a.shard.is_some() && a.phh.is_some() {
        bail!("--phh is for whole runs; leave it out with --shard");
    }
    let spec = RunSpec {
        players,
        hands: a.hands.unwrap_or(default_hands),
        seed: a.seed,
        matches: a.matches.unwrap_or(0),
        seating_block: a.seating_block,
        shard: a.shard.unwrap_or(Shard::ALL),
        batch: a.batch,
        config: load_config(a.config.as_deref())?,
    };
    let (mut run, ckpt_path) = open_run(&spec, &a.out, a.shard, a.resume, a.force)?;
    let history = match &a.phh {
        Some(path) => Some(open_history(path, a.resume, run.history_digest())?),
        None => None,
    };
    run.keep_records(history.is_some());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads.unwrap_or(0))
        .build()
        .context("cannot start worker threads")?;
    let resumed = run.hands_played();
    let bar = crate::progress::bar(a.quiet, run.hands_total(), resumed, "hands");
    let started = std::time::Instant::now();
    let mut sink = FileSink::new(ckpt_path, history);
    pool.install(|| run.play_to_end(&mut sink, &mut |hands| bar.set_position(hands - resumed)))?;
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64();
    let new_hands = run.hands_played() - run.hands_resumed();
    match run.outcome() {
        Outcome::Shard(result) => {
            let path = a.out.join(shard_file_name(result.shard));
            write_atomically(&path, &serde_json::to_string(&result)?)?;
            let resumed = (run.hands_resumed() > 0).then_some(new_hands);
            let file = path.display().to_string();
            println!("{}", result.summary(run.hands_played(), resumed, &file));
        }
        Outcome::Whole(ledgers) => print!(
            "{}",
            write_results(run.inputs(), &ledgers, run.kinds(), &a.out)?
        ),
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
    let shards = read_shards(&shard_files(&a.inputs)?)?;
    let (inputs, ledgers) = loki_sim::merge(&shards)?;
    let config: loki_bot::LokiConfig = serde_json::from_value(inputs.configuration.clone())
        .context("the shards' configuration does not load")?;
    let kinds = loki_agent::Roster::new(config)?.expand(&inputs.player_list)?;
    create_folder(&a.out)?;
    print!("{}", write_results(&inputs, &ledgers, &kinds, &a.out)?);
    eprintln!(
        "{} shards merged; results in {}",
        shards.len(),
        a.out.display()
    );
    Ok(ExitCode::SUCCESS)
}
