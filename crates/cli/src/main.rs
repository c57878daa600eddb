//! The `loki` command line: thin glue over the library crates. Each subcommand lives in
//! its own module; errors become one line on stderr and exit status 2.
#![forbid(unsafe_code)]
#![allow(missing_docs)]

mod acpc;
mod advise;
mod assess;
mod bench;
mod bench_assess;
mod bench_play;
mod bench_range;
mod eval;
mod exploit;
mod frequencies;
mod history;
mod income_rates;
mod irc;
mod play;
mod players;
mod plot;
mod profiles;
mod roster;
mod serve;
mod simulate;
mod tournament;

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
    /// Play hands between simple players and write PHH and/or ACPC histories.
    Simulate(simulate::SimulateArgs),
    /// Check (replay) or convert hand histories (PHH/PHHS and ACPC logs).
    #[command(subcommand)]
    History(history::HistoryCommand),
    /// The Loki player kinds that --players lists accept.
    Players(players::PlayersArgs),
    /// Measure action frequencies in self-play (the generic model's defaults).
    Frequencies(frequencies::FrequenciesArgs),
    /// Print the model and strategy constants (TOML) that --config overrides.
    Config(players::ConfigArgs),
    /// The decision and trace of one Loki player in one situation.
    Advise(advise::AdviseArgs),
    /// Duplicate tournament of the paper's experiments (Figure 4): results.json, profit.png.
    Tournament(tournament::TournamentArgs),
    /// Merge the shard files of a sharded tournament into its results.json and profit.png.
    Merge(tournament::MergeArgs),
    /// Weighted hand strength, hand potential and EHS of one hand (--json: one object).
    Assess(assess::AssessArgs),
    /// Generate pre-flop income-rate tables by roll-out simulation.
    IncomeRates(income_rates::IncomeRatesArgs),
    /// Network play over the ACPC protocol: client, dealer, loopback match, game files.
    #[command(subcommand)]
    Acpc(acpc::AcpcCommand),
    /// Opponent profiles saved by `loki acpc client`: list, show, export, reset.
    Profiles(profiles::ProfilesArgs),
    /// The IRC poker database: replay, players, profiles, PHH export, model evaluation.
    #[command(subcommand)]
    Irc(irc::IrcCommand),
    /// A local web page where you play against Loki players and see what they believe.
    Serve(serve::ServeArgs),
    /// The same game in the terminal (line by line; works over a pipe).
    Play(play::PlayArgs),
    /// How far from unbeatable: local best response against a player, heads-up (LBR's winnings are a lower bound on its exploitability).
    Exploit(exploit::ExploitArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Eval(a) => eval::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Simulate(a) => simulate::run(a),
        Command::History(a) => history::run(a),
        Command::Tournament(a) => tournament::run(a),
        Command::Merge(a) => tournament::merge(a),
        Command::Players(a) => players::run(a),
        Command::Frequencies(a) => frequencies::run(a),
        Command::Config(a) => players::run_config(a),
        Command::Advise(a) => advise::run(a),
        Command::Assess(a) => assess::run(a),
        Command::IncomeRates(a) => income_rates::run(a),
        Command::Acpc(a) => acpc::run(a),
        Command::Profiles(a) => profiles::run(a),
        Command::Irc(a) => irc::run(a),
        Command::Serve(a) => serve::run(a),
        Command::Play(a) => play::run(a),
        Command::Exploit(a) => exploit::run_exploit(a),
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
