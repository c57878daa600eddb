//! `loki players`: the player kinds `--players` lists accept, one line each, and
//! `loki config`: the compiled-in model and strategy constants as TOML.
use crate::roster::{is_paper, load_config};
use anyhow::Result;
use clap::Args;
use loki_agent::Roster;
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
    for (name, about) in roster.described() {
        println!("{name:<8} {about}");
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Args)]
pub struct ConfigArgs {
    /// Show this configuration (defaults filled in) instead of the defaults: a TOML file,
    /// or `paper`, the sources' own (each value with where the sources state it, or why a
    /// point they leave open is read as it is).
    #[arg(long)]
    config: Option<PathBuf>,
}

pub fn run_config(a: ConfigArgs) -> Result<ExitCode> {
    let c = load_config(a.config.as_deref())?;
    if is_paper(a.config.as_deref()) {
        println!("# loki configuration `paper`: the sources' own (Billings et al. 1998, Papp");
        println!("# 1998, Peña 1999). Each value with where the sources state it; \"silent\":");
        println!("# a point they leave open, with why it is read so; \"unused\": no part under");
        println!("# it (docs/opponent-model.md#the-sources-configuration-paper).");
        print!("{}", loki_bot::paper::annotate(&c.to_toml()));
    } else {
        println!("# loki configuration: every constant of the models and strategies, each with");
        println!("# its source: the paper, a thesis section, or ours (docs/design-choices.md).");
        print!("{}", loki_bot::config_sources::annotate(&c.to_toml()));
    }
    Ok(ExitCode::SUCCESS)
}
