//! `loki frequencies`: measures the action frequencies of players in self-play, in Loki's
//! 36 categories (round x bets to call x fold/call/raise), and writes them in the format
//! of `crates/bot/data/self_play_frequencies.toml`, the generic model's defaults ("based
//! on how GOM itself plays", Billings et al. 1998).
use crate::roster::load_config;
use anyhow::{Context, Result};
use clap::Args;
use loki_engine::{Event, GameConfig, Table};
use loki_sim::Roster;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct FrequenciesArgs {
    /// The players whose actions are counted.
    #[arg(long, default_value = "10*GOM")]
    players: String,
    /// Hands to play.
    #[arg(long, default_value_t = 20_000)]
    hands: u64,
    /// Seed.
    #[arg(long, default_value_t = 1998)]
    seed: u64,
    /// Model and strategy constants (TOML).
    #[arg(long)]
    config: Option<PathBuf>,
    /// Where to write the table (default: stdout).
    #[arg(long)]
    out: Option<PathBuf>,
}

pub fn run(a: FrequenciesArgs) -> Result<ExitCode> {
    let roster = Roster::new(load_config(a.config.as_deref())?);
    let players = roster.table(&a.players, a.seed)?;
    let n = players.len();
    let mut table = Table::new(GameConfig::limit(n, 1, 2, 2, 4)?, players, a.seed)?;
    let mut counts = [[[0u64; 3]; 3]; 4];
    for _ in 0..a.hands {
        let rec = table.play_one()?;
        for e in &rec.events {
            if let Event::Action(x) = e {
                let b = (x.bets_to_call as usize).min(2);
                let k = match x.action {
                    loki_engine::Action::Fold => 0,
                    loki_engine::Action::Call => 1,
                    loki_engine::Action::Raise => 2,
                };
                counts[x.round.index()][b][k] += 1;
            }
        }
        roster.know.boards.clear();
    }
    let mut out = String::new();
    writeln!(
        out,
        "# Default action frequencies of the generic opponent model (GOM): how Loki itself plays."
    )?;
    writeln!(
        out,
        "# frequencies[round][bets to call][fold, check/call, bet/raise], rounds pre-flop, flop,"
    )?;
    writeln!(out, "# turn, river; bets to call 0, 1, 2+.")?;
    writeln!(
        out,
        "# Made by: loki frequencies --players \"{}\" --hands {} --seed {}",
        a.players, a.hands, a.seed
    )?;
    writeln!(out, "# Observations per context (same layout): {counts:?}")?;
    writeln!(out, "frequencies = [")?;
    for round in &counts {
        let rows: Vec<String> = round
            .iter()
            .map(|c| {
                let t: u64 = c.iter().sum();
                if t == 0 {
                    "[0.0, 1.0, 0.0]".to_string()
                } else {
                    let f = c.map(|x| x as f64 / t as f64);
                    format!("[{:.6}, {:.6}, {:.6}]", f[0], f[1], f[2])
                }
            })
            .collect();
        writeln!(out, "  [{}],", rows.join(", "))?;
    }
    writeln!(out, "]")?;
    match &a.out {
        Some(p) => {
            std::fs::write(p, &out).with_context(|| format!("cannot write {}", p.display()))?
        }
        None => print!("{out}"),
    }
    Ok(ExitCode::SUCCESS)
}
