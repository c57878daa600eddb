//! The `loki` command line: thin glue over the library crates. Each subcommand lives in
//! its own module; errors become one line on stderr and exit status 2.
#![forbid(unsafe_code)]
#![allow(missing_docs)]

mod acpc;
mod advise;
mod assess;
mod bench;
mod bounds;
mod cache;
mod calibrate;
mod common;
mod config;
mod eval;
mod exploit;
mod frequencies;
mod history;
mod income_rates;
mod interrupt;
mod irc;
mod merge;
mod people;
mod play;
mod players;
mod profiles;
mod profit;
mod progress;
mod serve;
mod simulate;
mod stakes;
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
    /// How right each Loki player's opponent models are about each player, in self-play.
    Calibrate(calibrate::CalibrateArgs),
    /// Print the model and strategy constants (TOML) that --config overrides.
    Config(config::ConfigArgs),
    /// The decision and trace of one Loki player in one situation.
    Advise(advise::AdviseArgs),
    /// Duplicate tournament of the paper's experiments (Figure 4): results.json, deals.csv, profit.png.
    Tournament(tournament::TournamentArgs),
    /// Merge the shard files of a sharded tournament into its results.json, deals.csv and profit.png.
    Merge(merge::MergeArgs),
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
    ///
    /// The page at `/` seats you against bots. Rooms (`/lobby`) seat several people and
    /// bots at one table: open a room (its seats, which are open for people and which
    /// are Loki players, the stakes, the seconds per decision) and share its link
    /// (`/room/<id>`); others take the open seats by name from their browsers. A person
    /// who does not act in time is checked when free, else folded; a person whose page is
    /// gone longer than --away sits out (not dealt in) and keeps the seat for --rejoin,
    /// to come back from any browser with the name and the seat token shown on sitting
    /// down.
    Serve(serve::ServeArgs),
    /// The same game in the terminal (line by line; works over a pipe).
    Play(play::PlayArgs),
    /// The flop class cache file that lets a fresh process start warm: fill, show, clear.
    #[command(subcommand)]
    Cache(cache::CacheCommand),
    /// How far from unbeatable: local best response against a player, heads-up (LBR's winnings are a lower bound on its exploitability).
    Exploit(exploit::ExploitArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse_from(negative_values(std::env::args_os())) {
        Ok(cli) => cli,
        Err(e) => return usage_error(&e),
    };
    quiet_broken_pipe();
    // A reader that closes our stdout early (`loki ... | head -1`) ends the command
    // normally: every command writes its files before it prints, `println!`'s panic on
    // the closed pipe unwinds (closing and flushing whatever is open) to here, and the
    // exit status is 0, as for an I/O error of the same cause returned as an error.
    let result = match std::panic::catch_unwind(|| dispatch(cli.command)) {
        Ok(r) => r,
        Err(payload) if is_broken_pipe_panic(payload.as_ref()) => return ExitCode::SUCCESS,
        Err(payload) => std::panic::resume_unwind(payload),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            if is_broken_pipe(&e) {
                return ExitCode::SUCCESS;
            }
            eprintln!("loki: error: {}", one_line(&causes(&e)));
            ExitCode::from(2)
        }
    }
}

fn dispatch(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Eval(a) => eval::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Simulate(a) => simulate::run(a),
        Command::History(a) => history::run(a),
        Command::Tournament(a) => tournament::run(a),
        Command::Merge(a) => merge::run(a),
        Command::Players(a) => players::run(a),
        Command::Frequencies(a) => frequencies::run(a),
        Command::Calibrate(a) => calibrate::run(a),
        Command::Config(a) => config::run(a),
        Command::Advise(a) => advise::run(a),
        Command::Assess(a) => assess::run(a),
        Command::IncomeRates(a) => income_rates::run(a),
        Command::Acpc(a) => acpc::run(a),
        Command::Profiles(a) => profiles::run(a),
        Command::Irc(a) => irc::run(a),
        Command::Serve(a) => serve::run(a),
        Command::Play(a) => play::run(a),
        Command::Exploit(a) => exploit::run_exploit(a),
        Command::Cache(a) => cache::run(a),
    }
}

/// Help and version go to stdout as clap prints them; a mistake on the command line is
/// one line on stderr (clap's message without its usage block, long words cut) and
/// exit status 2.
fn usage_error(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        // Help printed to a closed stdout is still a normal end.
        let _ = e.print();
        return if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        };
    }
    let text = e.render().to_string();
    let message: String = text
        .lines()
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .collect::<Vec<_>>()
        .join("\n");
    let message = message.trim().trim_start_matches("error: ");
    // A negative number for an unsigned one: say so, not "invalid digit".
    let message = if message.contains("invalid value '-") {
        message.replace(
            "invalid digit found in string",
            "it takes a whole number of 0 or more, not a negative one",
        )
    } else {
        message.to_string()
    };
    eprintln!("loki: error: {} (see --help)", one_line(&message));
    ExitCode::from(2)
}

/// `--flag -5` as `--flag=-5`: clap would read `-5` as an unknown flag ("unexpected
/// argument '-5'"); given to the flag, its value parser says the range it takes
/// (`bounds.rs`). Only a long flag followed by a negative number is joined.
fn negative_values(args: impl Iterator<Item = std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let mut out: Vec<std::ffi::OsString> = Vec::new();
    for arg in args {
        let negative = arg.to_str().is_some_and(|a| {
            a.strip_prefix('-')
                .is_some_and(|n| !n.is_empty() && n.parse::<f64>().is_ok())
        });
        let after_flag = out
            .last()
            .and_then(|l| l.to_str())
            .is_some_and(|l| l.starts_with("--") && l.len() > 2 && !l.contains('='));
        if negative && after_flag && out.len() > 1 {
            if let Some(last) = out.last_mut() {
                last.push("=");
                last.push(&arg);
                continue;
            }
        }
        out.push(arg);
    }
    out
}

/// Whether a panic is `print!`'s on a closed stdout ("failed printing to stdout: Broken
/// pipe").
fn is_broken_pipe_panic(payload: &(dyn std::any::Any + Send)) -> bool {
    let text = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or("");
    text.starts_with("failed printing to stdout") && text.contains("Broken pipe")
}

/// Silences the panic message of a closed stdout (the panic unwinds to `main`, which
/// ends normally); every other panic is reported as before.
fn quiet_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !is_broken_pipe_panic(info.payload()) {
            default(info);
        }
    }));
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// The error and its causes joined by ": ", each cause once: a cause whose text the
/// message before it already holds (an error that prints its source, as
/// `#[error("...: {0}")]` with `#[from]` does) is not repeated.
fn causes(e: &anyhow::Error) -> String {
    let mut out = String::new();
    for c in e.chain() {
        let text = c.to_string();
        if !out.contains(&text) {
            if !out.is_empty() {
                out.push_str(": ");
            }
            out.push_str(&text);
        }
    }
    out
}

/// Longest run of one word quoted from the user's input in an error line.
const QUOTE_MAX: usize = 100;

/// An error as one line: line breaks become "; " (a space after a line that ends with
/// a colon, whose next lines are what it introduces), and every word longer than
/// [`QUOTE_MAX`] characters (a pasted file, a runaway argument) is cut to its first
/// characters and its length.
fn one_line(text: &str) -> String {
    let mut joined = String::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if !joined.is_empty() {
            joined.push_str(if joined.ends_with(':') { " " } else { "; " });
        }
        joined.push_str(line);
    }
    shorten_words(&joined)
}

/// Cuts every word longer than [`QUOTE_MAX`] characters.
fn shorten_words(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(4096));
    for (i, word) in text.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let chars = word.chars().count();
        if chars > QUOTE_MAX {
            out.extend(word.chars().take(QUOTE_MAX));
            out.push_str(&format!("... ({chars} characters)"));
        } else {
            out.push_str(word);
        }
    }
    out
}
