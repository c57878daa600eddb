//! `loki play`: the web page's game in the terminal, line by line (it works over a pipe
//! too; the game and its lines are crates/play's `Session` and `terminal::play_lines`).
//! This module opens the people's profile store (as `loki serve`'s; the person's
//! statistics are saved after each hand, the file named when it is first written),
//! greets, and writes the history files and the summary at the end.
use anyhow::{Context as _, Result};
use clap::Args;
use loki_agent::ProfileBook;
use loki_play::terminal::{play_lines, TerminalOptions};
use loki_play::{summary_text, text, Session, TableSpec};
use loki_store::Store;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct PlayArgs {
    /// Seats at the table, 2 to 10; you take one.
    #[arg(long, default_value_t = 6)]
    seats: usize,
    /// The bots, repeated in order to fill the other seats (`--players` syntax:
    /// `SOM,2*BPM,call`; `loki players` lists them).
    #[arg(long, visible_alias = "bots", default_value = loki_play::DEFAULT_BOTS)]
    players: String,
    #[command(flatten)]
    stakes: crate::stakes::StakesArgs,
    /// Your name (it keys your statistics in the people's profile store; it is not an
    /// account: anyone who types it continues its statistics).
    #[arg(long, default_value = "player")]
    name: String,
    #[command(flatten)]
    people: crate::people::PeopleArgs,
    /// The seed of the deck (default: a random one).
    #[arg(long)]
    seed: Option<u64>,
    /// Print the model view after every hand and before each of your turns.
    #[arg(long)]
    model: bool,
    /// Study mode: the bots' own hand strength and the rule of each decision in the model
    /// view while the hand is played (otherwise they are shown once it is over).
    #[arg(long)]
    study: bool,
    /// Stop after this many hands, 1 to 1000000 (default: until `q` or the end of the
    /// input).
    #[arg(long, value_parser = crate::bounds::count::<u64>(1..=1_000_000))]
    hands: Option<u64>,
    /// Write the session's hands as PHH (as you saw them) when the game ends.
    #[arg(long)]
    phh: Option<PathBuf>,
    /// Write the session's hands as plain text when the game ends.
    #[arg(long)]
    history: Option<PathBuf>,
    #[command(flatten)]
    config: crate::common::ConfigArg,
}

/// The people's profiles and whether their file has been named to the person yet.
struct People {
    book: ProfileBook,
    path: PathBuf,
    named: bool,
}

impl People {
    /// Saves the finished hands; names the file the first time it is written.
    fn save(&mut self, session: &mut Session, out: &mut dyn Write) -> std::io::Result<()> {
        let updates = session.take_profile_updates();
        if updates.is_empty() {
            return Ok(());
        }
        let saved = self.book.save(&updates);
        for w in self.book.take_warnings() {
            eprintln!("loki: warning: {w}");
        }
        if saved && !self.named {
            self.named = true;
            writeln!(
                out,
                "(your statistics are kept in {}; --no-profiles keeps none)",
                self.path.display()
            )?;
        }
        Ok(())
    }
}

fn write_file(path: &PathBuf, text: &str) -> Result<()> {
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

pub fn run(a: PlayArgs) -> Result<ExitCode> {
    let stakes = a.stakes.stakes()?;
    let name = loki_play::person_name(&a.name)?;
    let spec = TableSpec {
        seats: a.seats,
        bots: a.players.clone(),
        stakes,
        seed: a.seed.unwrap_or_else(rand::random),
        person: name.clone(),
        show_model: true,
        study: a.study,
    };
    let config = a.config.load()?;
    // The table is checked before the store is touched: a bad option creates no file.
    Session::new(&spec, config.clone(), None)?;
    let mut people = if let Some(path) = a.people.path()? {
        let store =
            Store::open(&path).context("people's profiles (--no-profiles to play without)")?;
        Some(People {
            book: ProfileBook::people(store, config.model.window),
            path,
            named: false,
        })
    } else {
        None
    };
    let profile = match &people {
        Some(p) => p.book.profile(&name)?,
        None => None,
    };
    let mut session = Session::new(&spec, config, profile.as_ref())?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    writeln!(
        out,
        "{name} at a {}-seat table against {}, stakes {} ({}). {}",
        a.seats,
        session.kinds()[1..].join(", "),
        stakes,
        match (&people, profile.is_some()) {
            (Some(p), true) => format!("they remember you, from {}", p.path.display()),
            (Some(_), false) => "they have not met you".to_string(),
            (None, _) => "your statistics are not kept".to_string(),
        },
        text::HELP
    )?;
    let options = TerminalOptions {
        hands: a.hands,
        model: a.model,
    };
    play_lines(&mut session, &mut input, &mut out, options, &mut |s, o| {
        if let Some(p) = people.as_mut() {
            p.save(s, o)?;
        }
        Ok(())
    })?;
    if let Some(p) = people.as_mut() {
        p.save(&mut session, &mut out)?;
    }
    // Files first: a reader that goes away loses no file.
    if let Some(path) = &a.phh {
        write_file(
            path,
            &loki_play::history::person_phh_with_meta(session.history_with_meta()),
        )?;
    }
    if let Some(path) = &a.history {
        write_file(
            path,
            &loki_play::history::person_text(session.history_with_meta()),
        )?;
    }
    let summary = session.summary();
    write!(out, "{}", summary_text(&summary))?;
    writeln!(
        out,
        "{} played, {} chips",
        text::plural(summary.hands as u64, "hand"),
        summary.net
    )?;
    Ok(ExitCode::SUCCESS)
}
