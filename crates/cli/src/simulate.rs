//! `loki simulate --players SPEC --hands K --seed S [--phh FILE] [--acpc-log FILE]`: plays
//! K hands between simple players at one table (the button moves each hand) and writes
//! the histories.
use anyhow::{bail, Context, Result};
use clap::Args;
use loki_engine::{GameConfig, GameSpec, Table};
use loki_history::{write_acpc_log, write_phh, AcpcHeader};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct SimulateArgs {
    /// Players in seat order, e.g. `6*random` or `2*SOM,call,raise,random` (names
    /// case-insensitive; see `loki players`).
    #[arg(long)]
    players: String,
    /// Model and strategy constants of the Loki players (TOML; see `loki config`).
    #[arg(long)]
    config: Option<PathBuf>,
    /// Number of hands (1 to 10^7).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=crate::bounds::MAX_RECORDED_HANDS))]
    hands: u64,
    /// Seed of the deck and of the random players.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Small and big blind.
    #[arg(long, default_value = "1,2", value_name = "SB,BB")]
    blinds: String,
    /// Shorthand for --blinds and --bets: `--stakes 2/4` is `--blinds 1,2 --bets 2,4`
    /// (blinds half a small bet and a small bet).
    #[arg(long, value_name = "SMALL/BIG", conflicts_with_all = ["blinds", "bets"])]
    stakes: Option<String>,
    /// Small and big bet.
    #[arg(long, default_value = "2,4", value_name = "SMALL,BIG")]
    bets: String,
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
}

/// Parses `A,B` into two chip amounts.
pub fn pair(text: &str, what: &str) -> Result<(i64, i64)> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.len() != 2 {
        bail!("bad {what} '{text}': expected two numbers like 1,2");
    }
    let a = parts[0]
        .parse()
        .with_context(|| format!("bad {what} '{text}'"))?;
    let b = parts[1]
        .parse()
        .with_context(|| format!("bad {what} '{text}'"))?;
    Ok((a, b))
}

/// The game spec from `--blinds` and `--bets` (seats filled in later).
pub fn game_spec(blinds: &str, bets: &str) -> Result<GameSpec> {
    let (small_blind, big_blind) = pair(blinds, "--blinds")?;
    let (small_bet, big_bet) = pair(bets, "--bets")?;
    Ok(GameSpec {
        small_blind,
        big_blind,
        small_bet,
        big_bet,
        ..GameSpec::default()
    })
}

/// `--stakes SMALL/BIG`: bets SMALL and BIG, blinds half a small bet and a small bet.
pub fn stakes(text: &str) -> Result<GameSpec> {
    let bad = || {
        anyhow::anyhow!(
            "bad --stakes '{text}': expected SMALL/BIG with an even small bet, e.g. 2/4"
        )
    };
    let (s, b) = text.split_once('/').ok_or_else(bad)?;
    let small: i64 = s.trim().parse().map_err(|_| bad())?;
    let big: i64 = b.trim().parse().map_err(|_| bad())?;
    if small <= 0 || big < small || small % 2 != 0 {
        return Err(bad());
    }
    game_spec(&format!("{},{small}", small / 2), &format!("{small},{big}"))
}

/// Parses `--stacks`: one number for all `n` players or one per position.
fn stacks(text: &str, n: usize) -> Result<Vec<i64>> {
    let list = text
        .split(',')
        .map(|x| x.trim().parse::<i64>())
        .collect::<Result<Vec<_>, _>>()
        .with_context(|| format!("bad --stacks '{text}'"))?;
    match list.len() {
        1 => Ok(vec![list[0]; n]),
        k if k == n => Ok(list),
        k => bail!("bad --stacks '{text}': {k} stacks for {n} players"),
    }
}

fn create(path: &PathBuf) -> Result<BufWriter<File>> {
    Ok(BufWriter::new(File::create(path).with_context(|| {
        format!("cannot create {}", path.display())
    })?))
}

pub fn run(a: SimulateArgs) -> Result<ExitCode> {
    let roster = loki_agent::Roster::new(crate::roster::load_config(a.config.as_deref())?)?;
    let players = roster.table(&a.players, a.seed)?;
    let n = players.len();
    let mut game = match &a.stakes {
        Some(s) => stakes(s)?,
        None => game_spec(&a.blinds, &a.bets)?,
    };
    game.seats = n;
    game.stacks = a.stacks.as_deref().map(|s| stacks(s, n)).transpose()?;
    let config = GameConfig::new(game.clone()).context("bad game")?;
    let mut table = Table::new(config, players, a.seed)?;
    let records = table.play(a.hands)?;
    if let Some(path) = &a.phh {
        let mut w = create(path)?;
        write_phh(&mut w, &records)?;
        w.flush()?;
    }
    if let Some(path) = &a.acpc_log {
        let mut w = create(path)?;
        let header = AcpcHeader {
            match_name: "loki".into(),
            // The header names a reference game only when these are its stakes (a
            // reader takes the stakes from the name).
            game_file: match loki_acpc::GameDef::holdem(n).and_then(|g| g.config().ok()) {
                Some(c)
                    if (
                        c.spec().small_blind,
                        c.spec().big_blind,
                        c.spec().small_bet,
                        c.spec().big_bet,
                    ) == (
                        game.small_blind,
                        game.big_blind,
                        game.small_bet,
                        game.big_bet,
                    ) =>
                {
                    format!("{}.game", loki_acpc::GameDef::holdem_name(n))
                }
                _ => format!(
                    "loki.limit.{n}p.blinds-{}-{}.bets-{}-{}.game",
                    game.small_blind, game.big_blind, game.small_bet, game.big_bet
                ),
            },
            hands: a.hands,
            seed: a.seed,
        };
        write_acpc_log(&mut w, Some(&header), &records)?;
        w.flush()?;
    }
    let mut totals = vec![0i64; n];
    for r in &records {
        for (p, v) in r.net.iter().enumerate() {
            totals[r.seats[p]] += v;
        }
    }
    let names = table.names();
    println!("{} hands, seed {}", records.len(), a.seed);
    for (name, total) in names.iter().zip(&totals) {
        println!("{name:>12} {total:+}");
    }
    Ok(ExitCode::SUCCESS)
}
