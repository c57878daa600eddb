//! `loki history check FILE...` replays hand histories and reports each bad hand (exit 1
//! if any); `loki history convert IN OUT` converts between PHH and ACPC logs.
use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use loki_acpc::load::log_game;
use loki_engine::{GameSpec, HandRecord};
use loki_history::{
    acpc_records, history_files, read_history, write_acpc_log, write_phh_replayed, AcpcHeader,
    Format,
};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum HistoryCommand {
    /// Replay every hand of PHH/PHHS files or ACPC logs (and of the files in folders);
    /// report each bad hand and each unreadable file (exit status 2 if a file cannot be
    /// read or holds no hands, or a folder holds no history file, else 1 if any hand is bad).
    Check(CheckArgs),
    /// Convert a PHH/PHHS file to an ACPC log or back (the output format is the other
    /// one, or from OUT's extension: .phh/.phhs or .log).
    Convert(ConvertArgs),
}

/// The game of ACPC logs, whose lines do not state the stakes: `--game`, else
/// `--blinds`/`--bets` (or `--stakes`), else the game the log's header names (`# name/game/
/// hands/seed NAME GAME ...`, as loki's and the reference dealer's logs begin), else
/// blinds 1,2 and bets 2,4.
#[derive(Args)]
pub struct GameArgs {
    #[command(flatten)]
    stakes: crate::stakes::StakesArgs,
    /// The ACPC game definition file or built-in game of ACPC logs (without it and
    /// without --stakes, --blinds or --bets: the game the log's header names, else 1,2
    /// blinds and 2,4 bets).
    #[arg(long, conflicts_with_all = ["blinds", "bets", "stakes"])]
    game: Option<String>,
}

impl GameArgs {
    /// The game of the history `text` (`loki_acpc::load::log_game`).
    fn template(&self, text: &str) -> Result<GameSpec> {
        let given = self.stakes.given();
        let stakes = given.then(|| self.stakes.stakes()).transpose()?;
        Ok(log_game(
            self.game.as_deref(),
            text,
            stakes.map(|s| s.spec()),
        )?)
    }
}

#[derive(Args)]
pub struct CheckArgs {
    /// History files, or folders of them (checked recursively).
    #[arg(required = true, num_args = 1..)]
    files: Vec<PathBuf>,
    #[command(flatten)]
    game: GameArgs,
}

#[derive(Args)]
pub struct ConvertArgs {
    /// Input history.
    input: PathBuf,
    /// Output history.
    output: PathBuf,
    #[command(flatten)]
    game: GameArgs,
}

pub fn run(c: HistoryCommand) -> Result<ExitCode> {
    match c {
        HistoryCommand::Check(a) => check(a),
        HistoryCommand::Convert(a) => convert(a),
    }
}

/// Checks every file named and every history file under every folder named
/// (recursively, in name order), going on after a file that cannot be read: each bad hand and each
/// unreadable file is reported by name; the exit status is 2 if a file could not be read,
/// else 1 if any hand is bad, else 0.
fn check(a: CheckArgs) -> Result<ExitCode> {
    let mut files = Vec::new();
    let mut unreadable = 0usize;
    for path in &a.files {
        let before = files.len();
        if let Err(e) = history_files(path, &mut files) {
            unreadable += 1;
            eprintln!("loki: error: {e:#}");
        } else if files.len() == before {
            unreadable += 1;
            eprintln!(
                "loki: error: no hand histories found in {} (no .phh, .phhs or .log file)",
                path.display()
            );
        }
    }
    let mut bad_total = 0usize;
    for path in &files {
        let read = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))
            .and_then(|text| {
                let template = a.game.template(&text)?;
                read_history(text.as_bytes(), &template)
                    .with_context(|| format!("{}", path.display()))
            });
        let hands = match read {
            Ok((_, hands)) => hands,
            Err(e) => {
                unreadable += 1;
                eprintln!("loki: error: {e:#}");
                continue;
            }
        };
        let mut good = 0usize;
        for h in &hands {
            match h {
                Ok(_) => good += 1,
                Err(e) => {
                    bad_total += 1;
                    println!("{}: {e}", path.display());
                }
            }
        }
        if hands.is_empty() {
            unreadable += 1;
            eprintln!("loki: error: {}: no hands found", path.display());
            continue;
        }
        println!(
            "{}: {} {}, {} bad",
            path.display(),
            loki_sim::results::plural(good as u64, "hand", "hands"),
            if good == 1 { "replays" } else { "replay" },
            hands.len() - good
        );
    }
    Ok(if unreadable > 0 {
        ExitCode::from(2)
    } else if bad_total > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The header of an ACPC log converted from `input`: the game its hands were played in
/// (a built-in name, or one that states the stakes), so that reading the log back needs
/// no flags; none when the hands are of different games. The seed is unknown: 0.
fn log_header(input: &std::path::Path, records: &[HandRecord]) -> Option<AcpcHeader> {
    let first = records.first()?;
    let same =
        |r: &HandRecord| r.players() == first.players() && r.config.spec() == first.config.spec();
    records.iter().all(same).then(|| AcpcHeader {
        match_name: input.file_stem().map_or("loki".into(), |s| {
            s.to_string_lossy().replace(char::is_whitespace, "_")
        }),
        game_file: loki_acpc::GameDef::log_game_file(first.players(), first.config.spec()),
        hands: records.len() as u64,
        seed: 0,
    })
}

fn convert(a: ConvertArgs) -> Result<ExitCode> {
    let text = std::fs::read_to_string(&a.input)
        .with_context(|| format!("cannot read {}", a.input.display()))?;
    let template = a.game.template(&text)?;
    let (format, hands) = read_history(text.as_bytes(), &template)
        .with_context(|| format!("{}", a.input.display()))?;
    let hands = hands
        .into_iter()
        .map(|h| h.with_context(|| format!("{} does not replay", a.input.display())))
        .collect::<Result<Vec<_>>>()?;
    let out_format = format.converted(&a.output);
    // An ACPC log needs every card and every result: refused before the file is made.
    let records = match out_format {
        Format::Phh => Vec::new(),
        Format::Acpc => acpc_records(&hands).with_context(|| a.input.display().to_string())?,
    };
    let mut w = crate::bounds::create(&a.output)?;
    match out_format {
        Format::Phh => write_phh_replayed(&mut w, &hands)?,
        Format::Acpc => write_acpc_log(&mut w, log_header(&a.input, &records).as_ref(), &records)?,
    }
    w.flush()?;
    println!(
        "{} converted",
        loki_sim::results::plural(hands.len() as u64, "hand", "hands")
    );
    Ok(ExitCode::SUCCESS)
}
