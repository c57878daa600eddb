//! `loki players`: the player kinds `--players` lists accept, one line each.
use anyhow::Result;
use clap::Args;
use loki_agent::Roster;
use std::process::ExitCode;

#[derive(Args)]
pub struct PlayersArgs {
    #[command(flatten)]
    config: crate::common::ConfigArg,
}

pub fn run(a: PlayersArgs) -> Result<ExitCode> {
    let roster = Roster::new(a.config.load()?)?;
    for (name, about) in roster.described() {
        println!("{name:<8} {about}");
    }
    Ok(ExitCode::SUCCESS)
}
