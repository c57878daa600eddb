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
use loki_agent::{table_seed, Roster};
use loki_bot::frequencies::CategoryCounts;
use loki_bot::{FrequencyTable, Knowledge, LokiConfig};
use loki_engine::{Event, GameConfig, Table};
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
    /// Instead of the table, report each player kind's frequencies beside the
    /// configuration's defaults (how far a specific model can move from the generic
    /// one in this field).
    #[arg(long)]
    by_kind: bool,
}

/// Plays `hands` hands of `players` at one table and counts every action by category,
/// per seat.
fn measure_table(
    roster: &Roster,
    players: &str,
    hands: u64,
    seed: u64,
    bar: &ProgressBar,
) -> Result<Vec<CategoryCounts>> {
    let players = roster.table(players, seed)?;
    let n = players.len();
    let mut table = Table::new(GameConfig::paper(n)?, players, seed)?;
    let mut counts = vec![[[[0u64; 3]; 3]; 4]; n];
    for _ in 0..hands {
        let rec = table.play_one()?;
        for e in &rec.events {
            if let Event::Action(x) = e {
                let b = (x.bets_to_call as usize).min(2);
                let seat = rec.seats[x.position];
                counts[seat][x.round.index()][b][x.action.index()] += 1;
            }
        }
        bar.inc(1);
    }
    Ok(counts)
}

fn add(into: &mut CategoryCounts, from: &CategoryCounts) {
    for (a, b) in into
        .iter_mut()
        .flatten()
        .flatten()
        .zip(from.iter().flatten().flatten())
    {
        *a += b;
    }
}

/// Each kind's frequencies against the defaults: per context with at least 20
/// observations, the kind's [fold, call, raise] and the defaults', and the largest
/// difference.
fn by_kind_report(kinds: &[String], seats: &[CategoryCounts], defaults: &FrequencyTable) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let mut names: Vec<&String> = Vec::new();
    for k in kinds {
        if !names.contains(&k) {
            names.push(k);
        }
    }
    let rounds = ["preflop", "flop", "turn", "river"];
    for k in names {
        let mut c = [[[0u64; 3]; 3]; 4];
        for (seat, counts) in seats.iter().enumerate() {
            if &kinds[seat] == k {
                add(&mut c, counts);
            }
        }
        let f = FrequencyTable::from_counts(&c);
        let _ = writeln!(out, "{k}:");
        let (mut worst, mut sum, mut weight) = (0.0f64, 0.0f64, 0u64);
        for (r, round) in rounds.iter().enumerate() {
            for (b, cell) in c[r].iter().enumerate() {
                let n: u64 = cell.iter().sum();
                if n < 20 {
                    continue;
                }
                let (x, d) = (f.0[r][b], defaults.0[r][b]);
                let diff = (0..3).map(|i| (x[i] - d[i]).abs()).fold(0.0, f64::max);
                worst = worst.max(diff);
                sum += diff * n as f64;
                weight += n;
                let _ = writeln!(
                    out,
                    "  {round:<7} {b} to call  n {n:>7}  kind [{:.3}, {:.3}, {:.3}]  default [{:.3}, {:.3}, {:.3}]  largest difference {diff:.3}",
                    x[0], x[1], x[2], d[0], d[1], d[2]
                );
            }
        }
        let _ = writeln!(
            out,
            "  largest difference {worst:.3}; mean over observations {:.3}",
            if weight > 0 { sum / weight as f64 } else { 0.0 }
        );
    }
    out
}

/// Plays `hands` hands split over `tables` independent tables in parallel (table `t`
/// seeded by `table_seed(seed, t)`, with its own board cache) and sums their counts in table
/// order.
fn measure(
    config: &LokiConfig,
    defaults: FrequencyTable,
    players: &str,
    hands: u64,
    tables: u64,
    seed: u64,
    bar: &ProgressBar,
) -> Result<Vec<CategoryCounts>> {
    use rayon::prelude::*;
    let per_table: Vec<Result<Vec<CategoryCounts>>> = (0..tables)
        .into_par_iter()
        .map(|t| {
            let share = hands / tables + u64::from(t < hands % tables);
            let roster = Roster::with_knowledge(Knowledge::with_defaults(config.clone(), defaults));
            measure_table(&roster, players, share, table_seed(seed, t), bar)
        })
        .collect();
    let mut seats: Vec<CategoryCounts> = Vec::new();
    for c in per_table {
        let c = c?;
        seats.resize(c.len(), [[[0u64; 3]; 3]; 4]);
        for (into, from) in seats.iter_mut().zip(&c) {
            add(into, from);
        }
    }
    Ok(seats)
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
        let seats = measure(
            &config, defaults, &a.players, a.hands, a.tables, a.seed, &bar,
        )?;
        if a.by_kind {
            bar.finish_and_clear();
            let kinds = Roster::new(config.clone())?.expand(&a.players)?;
            print!("{}", by_kind_report(&kinds, &seats, &defaults));
            return Ok(ExitCode::SUCCESS);
        }
        counts = [[[0u64; 3]; 3]; 4];
        for c in &seats {
            add(&mut counts, c);
        }
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
