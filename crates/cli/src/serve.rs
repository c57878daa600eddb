//! `loki serve`: the local web page where a person plays against Loki players and sees
//! what they believe (crates/web; the game is crates/play).
use crate::roster::load_config;
use anyhow::{Context as _, Result};
use clap::Args;
use loki_play::Stakes;
use loki_web::{Limits, ServerConfig};
use std::net::IpAddr;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on (anything but a loopback address lets others play).
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// Seats per table; the person takes one.
    #[arg(long, default_value_t = 6)]
    seats: usize,
    /// The bots, repeated in order to fill the other seats (`--players` syntax).
    #[arg(long, default_value = loki_play::DEFAULT_BOTS)]
    bots: String,
    /// Small and big bet (blinds: half the small bet and the small bet).
    #[arg(long, default_value = "2/4")]
    stakes: String,
    /// The profile database that keeps each person's statistics by name (default:
    /// profiles.sqlite3 in the user's data directory).
    #[arg(long)]
    profiles: Option<PathBuf>,
    /// Neither load nor save the person's statistics.
    #[arg(long, conflicts_with = "profiles")]
    no_profiles: bool,
    /// Deal reproducible tables from this seed (default: a fresh random seed per table,
    /// so that nobody can foresee the cards).
    #[arg(long)]
    seed: Option<u64>,
    /// Model and strategy constants (TOML, see `loki config`).
    #[arg(long)]
    config: Option<PathBuf>,
    /// Tables open at once.
    #[arg(long, default_value_t = 200)]
    max_tables: usize,
}

pub fn run(a: ServeArgs) -> Result<ExitCode> {
    let stakes: Stakes = a.stakes.parse()?;
    let profiles = if a.no_profiles {
        None
    } else {
        Some(crate::profiles::path(a.profiles.as_deref())?)
    };
    let config = ServerConfig {
        bind: a.bind,
        port: a.port,
        seats: a.seats,
        bots: a.bots,
        stakes,
        seed: a.seed,
        profiles,
        loki: load_config(a.config.as_deref())?,
        limits: Limits {
            max_tables: a.max_tables,
            ..Limits::default()
        },
    };
    if !a.bind.is_loopback() {
        eprintln!(
            "loki: warning: listening on {}: anyone who can reach it can play",
            a.bind
        );
    }
    loki_web::run(config, |addr| {
        println!("loki serve: http://{addr}/ (Ctrl-C to stop)");
    })
    .context("loki serve")?;
    Ok(ExitCode::SUCCESS)
}
