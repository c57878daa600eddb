//! `loki history check FILE...` replays hand histories and reports each bad hand (exit 1
//! if any); `loki history convert IN OUT` converts between PHH and ACPC logs.
use crate::simulate::game_spec;
use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use loki_engine::HandRecord;
use loki_history::{read_history, write_acpc_log, write_phh, Format};
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum HistoryCommand {
    /// Replay every hand of PHH/PHHS files or ACPC logs; report each bad hand with the
    /// reason (exit status 1 if any hand is bad).
    Check(CheckArgs),
    /// Convert a PHH/PHHS file to an ACPC log or back (the output format is the other
    /// one, or from OUT's extension: .phh/.phhs or .log).
    Convert(ConvertArgs),
}

#[derive(Args)]
pub struct GameArgs {
    /// Small and big blind of ACPC logs (which do not state them).
    #[arg(long, default_value = "1,2", value_name = "SB,BB")]
    blinds: String,
    /// Small and big bet of ACPC logs.
    #[arg(long, default_value = "2,4", value_name = "SMALL,BIG")]
    bets: String,
}

#[derive(Args)]
pub struct CheckArgs {
    /// History files.
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

fn open(path: &Path) -> Result<BufReader<File>> {
    Ok(BufReader::new(File::open(path).with_context(|| {
        format!("cannot open {}", path.display())
    })?))
}

fn check(a: CheckArgs) -> Result<ExitCode> {
    let template = game_spec(&a.game.blinds, &a.game.bets)?;
    let mut bad_total = 0usize;
    for path in &a.files {
        let (_, hands) =
            read_history(open(path)?, &template).with_context(|| format!("{}", path.display()))?;
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
        println!(
            "{}: {good} hands replay, {} bad",
            path.display(),
            hands.len() - good
        );
    }
    Ok(if bad_total > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn convert(a: ConvertArgs) -> Result<ExitCode> {
    let template = game_spec(&a.game.blinds, &a.game.bets)?;
    let (format, hands) = read_history(open(&a.input)?, &template)
        .with_context(|| format!("{}", a.input.display()))?;
    let mut records: Vec<HandRecord> = Vec::with_capacity(hands.len());
    for h in hands {
        let h = h.with_context(|| format!("{} does not replay", a.input.display()))?;
        records.push(h.record);
    }
    let ext = a
        .output
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let out_format = match ext.as_deref() {
        Some("phh") | Some("phhs") => Format::Phh,
        Some("log") => Format::Acpc,
        _ if format == Format::Phh => Format::Acpc,
        _ => Format::Phh,
    };
    let mut w = BufWriter::new(
        File::create(&a.output).with_context(|| format!("cannot create {}", a.output.display()))?,
    );
    match out_format {
        Format::Phh => write_phh(&mut w, &records)?,
        Format::Acpc => write_acpc_log(&mut w, None, &records)?,
    }
    w.flush()?;
    println!("{} hands converted", records.len());
    Ok(ExitCode::SUCCESS)
}
