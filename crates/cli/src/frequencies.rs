//! `loki frequencies`: measures the action frequencies of players in self-play, in Loki's
//! 36 categories (round x bets to call x fold/call/raise), and writes them in the format
//! of `crates/bot/data/self_play_frequencies.toml`, the generic model's defaults ("based
//! on how GOM itself plays", Billings et al. 1998). With `--iterations N` the measured
//! table becomes the players' defaults for the next round of self-play, until the largest
//! change is below `--tolerance` (a fixed point).
use crate::roster::load_config;
use anyhow::{Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use loki_bot::frequencies::CategoryCounts;
use loki_bot::{FrequencyTable, Knowledge, LokiConfig};
use loki_engine::{Event, GameConfig, Table};
use loki_sim::schedule::mix;
use loki_sim::Roster;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct FrequenciesArgs {
    /// The players whose actions are counted.
    #[arg(long, default_value = "10*GOM")]
    players: String,
    /// Hands to play per iteration (split over the tables).
    #[arg(long, default_value_t = 20_000)]
    hands: u64,
    /// Independent tables, played in parallel (each its own seed derived from --seed);
    /// the counts are summed, so the result does not depend on the number of threads.
    #[arg(long, default_value_t = 10)]
    tables: u64,
    /// Seed.
    #[arg(long, default_value_t = 1998)]
    seed: u64,
    /// Rounds of self-play, each starting from the table the previous one measured (the
    /// first from the configuration's defaults).
    #[arg(long, default_value_t = 1)]
    iterations: u32,
    /// Stop iterating when no frequency changed by more than this.
    #[arg(long, default_value_t = 0.01)]
    tolerance: f64,
    /// Model and strategy constants (TOML).
    #[arg(long)]
    config: Option<PathBuf>,
    /// Where to write the table (default: stdout).
    #[arg(long)]
    out: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// Plays `hands` hands of `players` at one table and counts every action by category.
fn measure_table(
    roster: &Roster,
    players: &str,
    hands: u64,
    seed: u64,
    bar: &ProgressBar,
) -> Result<CategoryCounts> {
    let players = roster.table(players, seed)?;
    let n = players.len();
    let mut table = Table::new(GameConfig::limit(n, 1, 2, 2, 4)?, players, seed)?;
    let mut counts = [[[0u64; 3]; 3]; 4];
    for _ in 0..hands {
        let rec = table.play_one()?;
        for e in &rec.events {
            if let Event::Action(x) = e {
                let b = (x.bets_to_call as usize).min(2);
                counts[x.round.index()][b][x.action.index()] += 1;
            }
        }
        roster.know.boards.clear();
        bar.inc(1);
    }
    Ok(counts)
}

/// Plays `hands` hands split over `tables` independent tables in parallel (table `t`
/// seeded by `mix(seed, t)`, with its own board cache) and sums their counts in table
/// order.
fn measure(
    config: &LokiConfig,
    defaults: FrequencyTable,
    players: &str,
    hands: u64,
    tables: u64,
    seed: u64,
    bar: &ProgressBar,
) -> Result<CategoryCounts> {
    use rayon::prelude::*;
    let per_table: Vec<Result<CategoryCounts>> = (0..tables)
        .into_par_iter()
        .map(|t| {
            let share = hands / tables + u64::from(t < hands % tables);
            let roster = Roster::with_knowledge(Knowledge::with_defaults(config.clone(), defaults));
            measure_table(&roster, players, share, mix(seed, t), bar)
        })
        .collect();
    let mut counts = [[[0u64; 3]; 3]; 4];
    for c in per_table {
        let c = c?;
        for (a, b) in counts
            .iter_mut()
            .flatten()
            .flatten()
            .zip(c.iter().flatten().flatten())
        {
            *a += b;
        }
    }
    Ok(counts)
}

pub fn run(a: FrequenciesArgs) -> Result<ExitCode> {
    anyhow::ensure!(a.iterations >= 1, "--iterations must be at least 1");
    anyhow::ensure!(a.tables >= 1, "--tables must be at least 1");
    let config = load_config(a.config.as_deref())?;
    let mut defaults = Knowledge::default_frequencies(&config)?;
    let bar = if a.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(a.hands * u64::from(a.iterations))
    };
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} hands  eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    let mut history = Vec::new();
    let mut counts = [[[0u64; 3]; 3]; 4];
    for it in 1..=a.iterations {
        counts = measure(
            &config, defaults, &a.players, a.hands, a.tables, a.seed, &bar,
        )?;
        let table = FrequencyTable::from_counts(&counts);
        let change = table.max_difference(&defaults);
        bar.suspend(|| eprintln!("iteration {it}: largest change {change:.4}"));
        history.push(format!("iteration {it}: largest change {change:.4}"));
        defaults = table;
        if change <= a.tolerance {
            break;
        }
    }
    bar.finish_and_clear();
    let mut comments = vec![
        "Default action frequencies of the generic opponent model (GOM): how Loki itself plays."
            .to_string(),
        format!(
            "Made by: loki frequencies --players \"{}\" --hands {} --tables {} --seed {} --iterations {} --tolerance {}",
            a.players, a.hands, a.tables, a.seed, a.iterations, a.tolerance
        ),
    ];
    comments.extend(history);
    let out = defaults.to_toml(&comments, Some(&counts));
    match &a.out {
        Some(p) => {
            std::fs::write(p, &out).with_context(|| format!("cannot write {}", p.display()))?
        }
        None => print!("{out}"),
    }
    Ok(ExitCode::SUCCESS)
}
