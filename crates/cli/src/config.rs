//! `loki config`: the model and strategy constants as TOML, the compiled-in defaults or
//! the configuration `--config` names, each value with its source.
use anyhow::Result;
use clap::Args;
use std::process::ExitCode;

#[derive(Args)]
pub struct ConfigArgs {
    #[command(flatten)]
    config: crate::common::ConfigArg,
}

pub fn run(a: ConfigArgs) -> Result<ExitCode> {
    let c = a.config.load()?;
    if a.config.is_paper() {
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
