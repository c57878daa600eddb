//! `loki players`: the player kinds `--players` lists accept, one line each, and
//! `loki config`: the compiled-in model and strategy constants as TOML.
use crate::roster::load_config;
use anyhow::Result;
use clap::Args;
use loki_agent::Roster;
use loki_bot::PlayerKind;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct PlayersArgs {
    /// Also list the variants of this configuration (TOML).
    #[arg(long)]
    config: Option<PathBuf>,
}

pub fn run(a: PlayersArgs) -> Result<ExitCode> {
    let roster = Roster::new(load_config(a.config.as_deref())?)?;
    for k in PlayerKind::ALL {
        println!("{:<8} {}", k.name(), k.description());
    }
    for (name, v) in &roster.know.config.variants {
        let what = v
            .description
            .clone()
            .unwrap_or_else(|| format!("configured variant of {}", v.base.to_ascii_uppercase()));
        println!("{name:<8} {what}");
    }
    println!("{:<8} always checks or calls", "call");
    println!("{:<8} bets or raises whenever legal, else calls", "raise");
    println!("{:<8} a seeded random legal action", "random");
    println!(
        "{:<8} the ACPC example player: folds 6% facing a bet, else calls or raises evenly",
        "example"
    );
    Ok(ExitCode::SUCCESS)
}

#[derive(Args)]
pub struct ConfigArgs {
    /// Show this configuration (defaults filled in) instead of the defaults.
    #[arg(long)]
    config: Option<PathBuf>,
}

pub fn run_config(a: ConfigArgs) -> Result<ExitCode> {
    let c = load_config(a.config.as_deref())?;
    println!("# loki configuration: every constant of the models and strategies, each with");
    println!("# its source: the paper, a thesis section, or ours (docs/design-choices.md).");
    print!("{}", loki_bot::config_sources::annotate(&c.to_toml()));
    Ok(ExitCode::SUCCESS)
}
