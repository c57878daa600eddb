//! `loki simulate --players SPEC --hands K --seed S [--phh FILE] [--acpc-log FILE]`: plays
//! K hands between simple players at one table (the button moves each hand) and writes
//! the histories.
use anyhow::{Context, Result};
use clap::Args;
use loki_engine::{net_by_seat, parse_stacks, GameConfig, Table};
use loki_history::{write_acpc_log, write_phh, AcpcHeader};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct SimulateArgs {
    /// Players in seat order, e.g. `6*random` or `2*SOM,call,raise,random` (names
    /// case-insensitive; see `loki players`).
    #[arg(long, visible_alias = "bots")]
    players: String,
    #[command(flatten)]
    config: crate::common::ConfigArg,
    /// Number of hands (1 to 10^7).
    #[arg(long, default_value_t = 100, value_parser = crate::bounds::count::<u64>(1..=crate::bounds::MAX_RECORDED_HANDS))]
    hands: u64,
    #[command(flatten)]
    seed: crate::common::SeedArg,
    #[command(flatten)]
    stakes: crate::stakes::StakesArgs,
    /// Finite starting stacks at the start of every hand (all-ins and side pots): one
    /// number for every player, or one per position (`9,20,13`: position 0 has 9 chips in
    /// every hand); without it, stacks are deep enough that nobody is ever all-in.
    #[arg(long, value_name = "N|N,N,...")]
    stacks: Option<String>,
    /// Write the hands as a PHH file (`.phhs`, one table per hand).
    #[arg(long)]
    phh: Option<PathBuf>,
    /// Write the hands as an ACPC dealer log.
    #[arg(long)]
    acpc_log: Option<PathBuf>,
    #[command(flatten)]
    class_cache: crate::common::ClassCacheArgs,
}

pub fn run(a: SimulateArgs) -> Result<ExitCode> {
    let classes = a.class_cache.open();
    let roster = loki_agent::Roster::new(a.config.load()?)?;
    let players = roster.table(&a.players, a.seed.get())?;
    let n = players.len();
    let mut game = a.stakes.stakes()?.spec();
    game.seats = n;
    game.stacks = a
        .stacks
        .as_deref()
        .map(|s| parse_stacks(s, n))
        .transpose()?;
    let config = GameConfig::new(game.clone()).context("bad game")?;
    let mut table = Table::new(config, players, a.seed.get())?;
    let records = table.play(a.hands)?;
    if let Some(path) = &a.phh {
        let mut w = crate::bounds::create(path)?;
        write_phh(&mut w, &records)?;
        w.flush()?;
    }
    if let Some(path) = &a.acpc_log {
        let mut w = crate::bounds::create(path)?;
        let header = AcpcHeader {
            match_name: "loki".into(),
            game_file: loki_acpc::GameDef::log_game_file(n, &game),
            hands: a.hands,
            seed: a.seed.get(),
        };
        write_acpc_log(&mut w, Some(&header), &records)?;
        w.flush()?;
    }
    drop(classes); // saves the flop classes the file lacked
    let totals = net_by_seat(&records, n);
    let names = table.names();
    println!(
        "{}, seed {}",
        loki_sim::results::plural(records.len() as u64, "hand", "hands"),
        a.seed.get()
    );
    for (name, total) in names.iter().zip(&totals) {
        println!("{name:>12} {total:+}");
    }
    Ok(ExitCode::SUCCESS)
}
