//! `loki frequencies`: measures the action frequencies of players in self-play, in Loki's
//! 36 categories (round x bets to call x fold/call/raise), and writes them in the format
//! of `crates/bot/data/self_play_frequencies.toml`, the generic model's defaults ("based
//! on how GOM itself plays", Billings et al. 1998). With `--iterations N` the measured
//! table becomes the players' defaults for the next round of self-play, until the largest
//! change is below `--tolerance` (a fixed point).
use anyhow::{Context, Result};
use clap::Args;
use loki_agent::Roster;
use loki_bot::Knowledge;
use loki_sim::frequencies::{by_kind_report, iterate, measure, SelfPlay};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct FrequenciesArgs {
    /// The players whose actions are counted.
    #[arg(long, visible_alias = "bots", default_value = "10*GOM")]
    players: String,
    /// Hands to play per iteration (split over the tables; 1 to 10^9).
    #[arg(long, default_value_t = 20_000, value_parser = crate::bounds::count::<u64>(1..=crate::bounds::MAX_HANDS))]
    hands: u64,
    /// Independent tables, played in parallel (each its own seed derived from --seed);
    /// the counts are summed, so the result does not depend on the number of threads
    /// (1 to 10,000).
    #[arg(long, default_value_t = 10, value_parser = crate::bounds::count::<u64>(1..=10_000))]
    tables: u64,
    #[command(flatten)]
    seed: crate::common::SeedArg,
    /// Rounds of self-play, each starting from the table the previous one measured (the
    /// first from the configuration's defaults; 1 to 1,000).
    #[arg(long, default_value_t = 1, value_parser = crate::bounds::count::<u32>(1..=1000))]
    iterations: u32,
    /// Stop iterating when no frequency changed by more than this.
    #[arg(long, default_value_t = 0.01)]
    tolerance: f64,
    #[command(flatten)]
    config: crate::common::ConfigArg,
    /// Where to write the table (default: stdout).
    #[arg(long)]
    out: Option<PathBuf>,
    /// No progress bar and no progress or timing lines on stderr (errors and warnings
    /// still show); stdout and the files written are the same.
    #[arg(short, long)]
    quiet: bool,
    /// Instead of the table, report each player kind's frequencies beside the
    /// configuration's defaults (how far a specific model can move from the generic
    /// one in this field).
    #[arg(long)]
    by_kind: bool,
    #[command(flatten)]
    class_cache: crate::common::ClassCacheArgs,
}

pub fn run(a: FrequenciesArgs) -> Result<ExitCode> {
    // The flop class cache file, saved when this handle drops at the end.
    let _classes = a.class_cache.open();
    if let Some(p) = &a.out {
        crate::bounds::writable(p)?;
    }
    let config = a.config.load()?;
    let defaults = Knowledge::default_frequencies(&config)?;
    let bar = crate::progress::bar(a.quiet, a.hands * u64::from(a.iterations), 0, "hands");
    if a.by_kind {
        let seats = measure(
            &config,
            defaults,
            &a.players,
            a.hands,
            a.tables,
            a.seed.get(),
            &|n| bar.inc(n),
        )?;
        bar.finish_and_clear();
        let kinds = Roster::new(config.clone())?.expand(&a.players)?;
        print!("{}", by_kind_report(&kinds, &seats, &defaults));
        return Ok(ExitCode::SUCCESS);
    }
    let spec = SelfPlay {
        players: &a.players,
        hands: a.hands,
        tables: a.tables,
        seed: a.seed.get(),
        iterations: a.iterations,
        tolerance: a.tolerance,
    };
    let found = iterate(&config, defaults, &spec, &|n| bar.inc(n), &mut |line| {
        if !a.quiet {
            bar.suspend(|| eprintln!("{line}"));
        }
    })?;
    bar.finish_and_clear();
    let mut comments = vec![
        "Default action frequencies of the generic opponent model (GOM): how Loki itself plays."
            .to_string(),
        format!(
            "Made by: loki frequencies --players \"{}\" --hands {} --tables {} --seed {} --iterations {} --tolerance {}{}",
            a.players,
            a.hands,
            a.tables,
            a.seed.get(),
            a.iterations,
            a.tolerance,
            a.config.made_by()
        ),
        format!("Configuration digest: {}", config.play_digest()),
    ];
    comments.extend(found.history);
    let out = found.table.to_toml(&comments, Some(&found.counts));
    match &a.out {
        Some(p) => {
            std::fs::write(p, &out).with_context(|| format!("cannot write {}", p.display()))?
        }
        None => print!("{out}"),
    }
    Ok(ExitCode::SUCCESS)
}
