//! `loki irc ...`: the University of Alberta IRC poker database (`holdem/YYYYMM/` folders
//! with `hdb`, `hroster`, `pdb/pdb.NICK`; several roots are merged): replay statistics,
//! the player list, one player's profile, PHH export, and the evaluation of opponent
//! models on real play.
use anyhow::{bail, Result};
use clap::{Args, Subcommand};
use loki_irc::eval::report::report;
use loki_irc::eval::{evaluate, EvalOptions};
use loki_irc::predict::{models, select};
use loki_irc::profile::{players, profile};
use loki_irc::text::{
    check_text, eval_text, export_text, models_text, players_table, profile_text, stats_lines,
};
use loki_irc::Dataset;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum IrcCommand {
    /// Replay every hand and report how many replayed, and why the others did not.
    Check(CheckArgs),
    /// List the players by hands played.
    Players(PlayersArgs),
    /// One player's 36-category frequencies, HUD statistics and showdown hands.
    Profile(ProfileArgs),
    /// Write the replayable hands as PHH (PokerKit 0.7.7).
    Export(ExportArgs),
    /// Measure opponent models on real play: action prediction and hole-card inference.
    Eval(EvalArgs),
}

#[derive(Args)]
pub struct CheckArgs {
    /// Roots of the database layout (each holds holdem/YYYYMM/).
    #[arg(required = true, num_args = 1..)]
    dirs: Vec<PathBuf>,
    /// List every hand that does not replay, with its reason.
    #[arg(long)]
    verbose: bool,
}

#[derive(Args)]
pub struct PlayersArgs {
    /// Roots of the database layout.
    #[arg(required = true, num_args = 1..)]
    dirs: Vec<PathBuf>,
    /// One JSON array.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
pub struct ProfileArgs {
    /// Roots of the database layout, then the nickname.
    #[arg(required = true, num_args = 1..)]
    dirs: Vec<PathBuf>,
    /// The nickname.
    nick: String,
    /// One JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
pub struct ExportArgs {
    /// Roots of the database layout.
    #[arg(required = true, num_args = 1..)]
    dirs: Vec<PathBuf>,
    /// The PHH file to write (`.phhs`: one table per hand).
    #[arg(long)]
    phh: PathBuf,
}

#[derive(Args)]
pub struct EvalArgs {
    /// Roots of the database layout (not needed by `--model list`).
    #[arg(num_args = 0..)]
    dirs: Vec<PathBuf>,
    /// A model to evaluate (repeatable; default: all). `--model list` lists them.
    #[arg(long = "model")]
    models: Vec<String>,
    /// Hands before this Unix time only train.
    #[arg(long, value_name = "UNIXTIME")]
    score_from: Option<u64>,
    /// Bootstrap resamples of the 95% intervals (0 to 100,000).
    #[arg(long, default_value_t = 1000, value_parser = crate::bounds::count::<usize>(0..=100_000))]
    resamples: usize,
    #[command(flatten)]
    seed: crate::common::SeedArg,
    /// One JSON object keyed by model name.
    #[arg(long)]
    json: bool,
    /// No progress bar and no progress or timing lines on stderr (errors and warnings
    /// still show); stdout and the files written are the same.
    #[arg(short, long)]
    quiet: bool,
}

pub fn run(c: IrcCommand) -> Result<ExitCode> {
    match c {
        IrcCommand::Check(a) => check(a),
        IrcCommand::Players(a) => list_players(a),
        IrcCommand::Profile(a) => show_profile(a),
        IrcCommand::Export(a) => export(a),
        IrcCommand::Eval(a) => eval(a),
    }
}

fn load(dirs: &[PathBuf]) -> Result<Dataset> {
    Ok(loki_irc::load(dirs)?)
}

fn check(a: CheckArgs) -> Result<ExitCode> {
    print!("{}", check_text(&load(&a.dirs)?, a.verbose));
    Ok(ExitCode::SUCCESS)
}

fn list_players(a: PlayersArgs) -> Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    let d = load(&a.dirs)?;
    let v = players(&d);
    if a.json {
        writeln!(out, "{}", serde_json::to_string(&v)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    write!(out, "{}", players_table(&v))?;
    Ok(ExitCode::SUCCESS)
}

fn show_profile(a: ProfileArgs) -> Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    let d = load(&a.dirs)?;
    let Some(p) = profile(&d, &a.nick) else {
        bail!("no replayed hand of player `{}`", a.nick);
    };
    if a.json {
        writeln!(out, "{}", serde_json::to_string(&p)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    write!(out, "{}", profile_text(&p))?;
    Ok(ExitCode::SUCCESS)
}

fn export(a: ExportArgs) -> Result<ExitCode> {
    let d = load(&a.dirs)?;
    let mut w = crate::bounds::create(&a.phh)?;
    let (written, skipped) = loki_irc::phh::write_hands(&mut w, &d.hands)?;
    let file = a.phh.display().to_string();
    print!("{}", export_text(&d.stats, written, &skipped, &file));
    Ok(ExitCode::SUCCESS)
}

fn eval(a: EvalArgs) -> Result<ExitCode> {
    // The Loki models need the compiled-in default frequencies: refuse to run (rather
    // than fall back) if they do not load.
    loki_bot::Knowledge::new(loki_bot::LokiConfig::default())?;
    let mut out = std::io::stdout().lock();
    if a.models.iter().any(|m| m == "list") {
        write!(out, "{}", models_text(&models()))?;
        return Ok(ExitCode::SUCCESS);
    }
    let specs = select(&a.models)?;
    if a.dirs.is_empty() {
        bail!("give the database's folders (only `--model list` needs none)");
    }
    let d = load(&a.dirs)?;
    if !a.quiet {
        for l in stats_lines(&d.stats) {
            eprintln!("{l}");
        }
    }
    let opts = EvalOptions {
        score_from: a.score_from,
        resamples: a.resamples,
        seed: a.seed.get(),
        ..EvalOptions::default()
    };
    let bar = crate::progress::bar(a.quiet, d.hands.len() as u64, 0, "hands");
    let e = evaluate(&d, &specs, &opts, &|done| bar.set_position(done as u64));
    bar.finish_and_clear();
    let r = report(&e, &opts);
    if a.json {
        writeln!(out, "{}", r.json())?;
        return Ok(ExitCode::SUCCESS);
    }
    write!(out, "{}", eval_text(&r, e.walked, a.resamples))?;
    Ok(ExitCode::SUCCESS)
}
