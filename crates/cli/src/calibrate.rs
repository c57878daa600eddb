//! `loki calibrate`: how right each Loki player's opponent models are about each actor in
//! self-play, where every card is known, and how right their simulations are about each
//! actor's next action (see `loki_sim::calibrate`).
use anyhow::Result;
use clap::Args;
use loki_sim::{calibrate, CalibrationSpec};
use std::process::ExitCode;

#[derive(Args)]
pub struct CalibrateArgs {
    /// The players (2 to 10 seats); every Loki player's model of every other player is
    /// scored. Default: the paper's Figure-4 field.
    #[arg(
        long,
        visible_alias = "bots",
        default_value = "2*BPM,2*BPT,2*BPL,2*GOM,2*SOM"
    )]
    players: String,
    /// Hands in all, split over the tables (1 to 10^9).
    #[arg(long, default_value_t = 4_000, value_parser = crate::bounds::count::<u64>(1..=crate::bounds::MAX_HANDS))]
    hands: u64,
    /// Independent tables with fresh players, played in parallel (each its own seed
    /// derived from --seed); the scores are summed in table order, so the result does
    /// not depend on the number of threads (1 to 10,000).
    #[arg(long, default_value_t = 4, value_parser = crate::bounds::count::<u64>(1..=10_000))]
    tables: u64,
    #[command(flatten)]
    seed: crate::common::SeedArg,
    #[command(flatten)]
    config: crate::common::ConfigArg,
    /// Print every row as JSON (each observer kind x actor kind, over all post-flop
    /// actions and per round and action) instead of the table.
    #[arg(long)]
    json: bool,
    /// Also print the rows per round and action.
    #[arg(long)]
    detail: bool,
    /// Also print how right each Loki player's simulation is about each actor's next
    /// action: before every post-flop action, the probability its in-trial triple gave
    /// the action taken had the actor held its true cards, in bits, beside the
    /// context's plain frequencies and the triple without the multiway strength or the
    /// trust mixing (always in --json, under "actions").
    #[arg(long)]
    actions: bool,
    /// No progress bar on stderr.
    #[arg(short, long)]
    quiet: bool,
    #[command(flatten)]
    class_cache: crate::common::ClassCacheArgs,
}

pub fn run(a: CalibrateArgs) -> Result<ExitCode> {
    // The flop class cache file, saved when this handle drops at the end.
    let _classes = a.class_cache.open();
    let config = a.config.load()?;
    let spec = CalibrationSpec {
        players: a.players.clone(),
        hands: a.hands,
        tables: a.tables,
        seed: a.seed.get(),
    };
    let bar = crate::progress::bar(a.quiet, a.hands, 0, "hands");
    let found = calibrate(&config, &spec, &|n| bar.inc(n))?;
    bar.finish_and_clear();
    if a.json {
        println!("{}", serde_json::to_string_pretty(&found)?);
    } else {
        print!("{}", found.text(a.detail));
        if a.actions {
            println!();
            print!(
                "{}",
                loki_sim::calibrate::actions::text(&found.actions, a.detail)
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
