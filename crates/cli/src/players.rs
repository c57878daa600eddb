//! `loki players`: the player kinds `--players` lists accept, one line each, and
//! `loki config`: the compiled-in model and strategy constants as TOML.
use crate::roster::load_config;
use anyhow::Result;
use clap::Args;
use loki_agent::{kinds_described, Roster};
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
    for (name, about) in kinds_described(&roster.know.config) {
        println!("{name:<8} {about}");
    }
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
