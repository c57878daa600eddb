//! `loki tournament`: the paper's duplicate tournament (Billings et al.
//! 1998, "Experiments", Figure 4) as one command. The run and its files are
//! `loki_sim::RunFolder` (DIR/results.json with the inputs and results only, so that it
//! depends on the inputs alone; DIR/deals.csv; DIR/checkpoint.json for `--resume`; with
//! `--phh` the history of every hand); this module parses the arguments, draws the
//! progress bar, draws DIR/profit.png (average profit per player type against hands
//! played, [`crate::profit`]) and prints the table.
use anyhow::{bail, Context, Result};
use clap::builder::PossibleValue;
use clap::{Args, ValueEnum};
use loki_sim::{Preset, RunFolder, RunSpec, Shard, Start};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// `--preset`: one of `loki_sim::Preset`.
#[derive(Clone, Copy, Debug)]
pub struct PresetArg(Preset);

impl ValueEnum for PresetArg {
    fn value_variants<'a>() -> &'a [Self] {
        const ALL: [PresetArg; Preset::ALL.len()] = {
            let mut all = [PresetArg(Preset::Figure4); Preset::ALL.len()];
            let mut i = 0;
            while i < all.len() {
                all[i] = PresetArg(Preset::ALL[i]);
                i += 1;
            }
            all
        };
        &ALL
    }
    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()).help(self.0.about()))
    }
}

#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// Players, one per seat: "2*BPM,2*BPT,2*BPL,2*GOM,2*SOM" (2 to 10; names
    /// case-insensitive; see `loki players`). Default: the figure-4 field.
    #[arg(long, visible_alias = "bots")]
    players: Option<String>,
    /// Hands played in all (deals x rotations, rounded up to whole deals; 1 to 10^9).
    /// Default 30,000, or the preset's (100,000; 25,000 for Peña's pena-b, pena-r and
    /// pena-br). Times: docs/speed.md.
    #[arg(long, value_parser = crate::bounds::count::<u64>(1..=crate::bounds::MAX_HANDS))]
    hands: Option<u64>,
    #[command(flatten)]
    seed: crate::common::SeedArg,
    /// Output folder (a directory, created if missing): results.json, deals.csv,
    /// profit.png and checkpoint.json.
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
    #[command(flatten)]
    config: crate::common::ConfigArg,
    /// One of the paper's experiments (sets --players and --hands).
    #[arg(long, value_enum)]
    preset: Option<PresetArg>,
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
    /// also reports each match and the spread between matches, with the interval over
    /// matches: mean ± t sd / sqrt(M), Student's t at 97.5% on M − 1 degrees of freedom
    /// (none below 2 matches) (1 to 10^6).
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
    #[command(flatten)]
    class_cache: crate::common::ClassCacheArgs,
}

/// Hands of a run without a preset: enough to resolve the modeling players' edge over
/// the basic players in the Figure-4 field (about +0.05 sb/hand, an interval of about
/// ±0.02 at this size), in seconds on 2 cores (docs/speed.md, "Tournaments").
const DEFAULT_HANDS: u64 = 30_000;

/// Runs a tournament (or one shard of it) to the end.
pub fn run(a: TournamentArgs) -> Result<ExitCode> {
    let (players, default_hands) = match a.preset {
        Some(p) => (p.0.players().to_string(), p.0.hands()),
        None => (
            a.players
                .clone()
                .unwrap_or_else(|| loki_sim::FIGURE4.to_string()),
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
        seed: a.seed.get(),
        matches: a.matches.unwrap_or(0),
        seating_block: a.seating_block,
        shard: a.shard.unwrap_or(Shard::ALL),
        batch: a.batch,
        config: a.config.load()?,
    };
    let start = match (a.resume, a.force) {
        (true, _) => Start::Resume,
        (false, true) => Start::Force,
        (false, false) => Start::Fresh,
    };
    let folder = RunFolder::open(&a.out, &spec, start, a.phh.as_deref())?;
    let classes = a.class_cache.open();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads.unwrap_or(0))
        .build()
        .context("cannot start worker threads")?;
    let resumed = folder.run().hands_played();
    let saved = Arc::new(AtomicU64::new(resumed));
    on_interrupt(a.out.clone(), saved.clone());
    let bar = crate::progress::bar(a.quiet, folder.run().hands_total(), resumed, "hands");
    let started = std::time::Instant::now();
    let finished = pool.install(|| {
        folder.play(&mut |hands| {
            saved.store(hands, Ordering::Relaxed);
            bar.set_position(hands - resumed);
        })
    })?;
    bar.finish_and_clear();
    if let Some(whole) = &finished.whole {
        crate::profit::draw(whole, &a.out)?;
    }
    let secs = started.elapsed().as_secs_f64();
    drop(classes); // saves the flop classes the file lacked
    print!("{}", finished.text);
    if !a.quiet && secs > 0.0 {
        eprintln!(
            "{} in {secs:.1} s ({:.0} hands/s); results in {}",
            loki_sim::results::plural(finished.new_hands, "hand", "hands"),
            finished.new_hands as f64 / secs,
            a.out.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// On Ctrl-C (SIGINT), says how to continue the run and exits with status 130. Every
/// finished batch is in the checkpoint (written atomically), so the run stops where its
/// last checkpoint left it; `saved` holds the hands played up to the last batch.
fn on_interrupt(out: PathBuf, saved: Arc<AtomicU64>) {
    let args: Vec<String> = std::env::args().collect();
    crate::interrupt::on_ctrl_c(move || interrupted(&args, &out, saved.load(Ordering::Relaxed)));
}

/// What an interrupted run says: where it stopped and the command that continues it
/// (the same command with --resume, without --force).
fn interrupted(args: &[String], out: &Path, hands: u64) -> String {
    format!(
        "\nloki: interrupted; {} saved in {} (the checkpoint of the last finished batch). \
         To continue the run, give the same command with --resume:\n  {}",
        loki_sim::results::plural(hands, "hand", "hands"),
        out.display(),
        resume_command(args)
    )
}

/// `args` (the program first) as a shell command with --resume and without --force.
fn resume_command(args: &[String]) -> String {
    let mut words: Vec<String> = Vec::with_capacity(args.len() + 1);
    words.push("loki".into());
    words.extend(args.iter().skip(1).filter(|a| *a != "--force").cloned());
    if !words.iter().any(|a| a == "--resume") {
        words.push("--resume".into());
    }
    words
        .iter()
        .map(|w| shell_word(w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A word as the shell reads it: as is when it holds only safe characters, else in
/// single quotes.
fn shell_word(w: &str) -> String {
    let safe = !w.is_empty()
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+*@%".contains(c));
    if safe {
        w.to_string()
    } else {
        format!("'{}'", w.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(xs: &[&str]) -> Vec<String> {
        xs.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn an_interrupted_run_gives_the_command_that_resumes_it() {
        let args = strings(&[
            "/usr/bin/loki",
            "tournament",
            "--players",
            "2*SOM,2*GOM",
            "--force",
            "--out",
            "my run",
        ]);
        assert_eq!(
            resume_command(&args),
            "loki tournament --players 2*SOM,2*GOM --out 'my run' --resume"
        );
        let again = strings(&["loki", "tournament", "--resume"]);
        assert_eq!(resume_command(&again), "loki tournament --resume");
        assert_eq!(shell_word("it's"), "'it'\\''s'");
        let text = interrupted(&args, Path::new("my run"), 1);
        assert!(text.contains("1 hand saved in my run"), "{text}");
        assert!(text.ends_with("--resume"), "{text}");
    }
}
