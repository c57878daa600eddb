//! The `loki` command line: thin glue over the library crates. Each subcommand lives in
//! its own module; errors become one line on stderr and exit status 2.
#![allow(missing_docs)]

mod bench;
mod bench_range;
mod eval;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// loki: a re-creation of the University of Alberta's Loki, the Limit Texas Hold'em
/// program that wins by modeling its opponents (Billings, Papp, Schaeffer, Szafron, 1998).
#[derive(Parser)]
#[command(name = "loki", version, about, long_about = None, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Rank 5 to 7 cards: the best five-card hand and its category.
    Eval(eval::EvalArgs),
    /// Benchmark the hot paths on this machine (one flat JSON object with --json).
    Bench(bench::BenchArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Eval(a) => eval::run(a),
        Command::Bench(a) => bench::run(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            if is_broken_pipe(&e) {
                return ExitCode::SUCCESS;
            }
            eprintln!("loki: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
