//! `loki play`: the web page's game in the terminal, line by line (it works over a pipe
//! too): the table, the prompt with the legal actions, and on request the model view
//! (`m`) and the belief charts (`g`). The game is crates/play's `Session`; the person's
//! statistics go to the same profile store as `loki serve`'s.
use crate::roster::load_config;
use anyhow::{Context as _, Result};
use clap::Args;
use loki_engine::Action;
use loki_play::{text, Session, TableSpec, PERSON};
use loki_store::Store;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct PlayArgs {
    /// Seats at the table; you take one.
    #[arg(long, default_value_t = 6)]
    seats: usize,
    /// The bots, repeated in order to fill the other seats (`--players` syntax).
    #[arg(long, default_value = loki_play::DEFAULT_BOTS)]
    bots: String,
    /// Small and big bet (blinds: half the small bet and the small bet).
    #[arg(long, default_value = "2/4")]
    stakes: String,
    /// Your name (it keys your statistics in the profile store).
    #[arg(long, default_value = "player")]
    name: String,
    /// The profile database (default: profiles.sqlite3 in the user's data directory).
    #[arg(long)]
    profiles: Option<PathBuf>,
    /// Neither load nor save your statistics.
    #[arg(long, conflicts_with = "profiles")]
    no_profiles: bool,
    /// The seed of the deck (default: a random one).
    #[arg(long)]
    seed: Option<u64>,
    /// Print the model view after every hand and before each of your turns.
    #[arg(long)]
    model: bool,
    /// Stop after this many hands (default: until `q` or the end of the input).
    #[arg(long)]
    hands: Option<usize>,
    /// Model and strategy constants (TOML, see `loki config`).
    #[arg(long)]
    config: Option<PathBuf>,
}

const HELP: &str = "commands: f = fold, c = check/call, r = bet/raise, Enter = next hand, \
m = what Loki believes, g = the belief charts, t = the table, q = quit";

pub fn run(a: PlayArgs) -> Result<ExitCode> {
    let mut store = if a.no_profiles {
        None
    } else {
        let path = crate::profiles::path(a.profiles.as_deref())?;
        Some(Store::open(&path).context("profiles (--no-profiles to play without)")?)
    };
    let name = loki_play::person_name(&a.name)?;
    let profile = match &store {
        Some(s) => s.profile(&name)?,
        None => None,
    };
    let spec = TableSpec {
        seats: a.seats,
        bots: a.bots.clone(),
        stakes: a.stakes.parse()?,
        seed: a.seed.unwrap_or_else(rand::random),
        person: name.clone(),
        show_model: true,
        study: false,
    };
    let mut session = Session::new(&spec, load_config(a.config.as_deref())?, profile.as_ref())?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    writeln!(
        out,
        "{name} at a {}-seat table against {} ({}). {HELP}",
        a.seats,
        session.kinds()[1..].join(", "),
        if profile.is_some() {
            "they remember you"
        } else {
            "they have not met you"
        }
    )?;
    session.next_hand(session.step())?;
    let mut printed = 0usize;
    let mut hand_seen = None;
    let mut result_shown = false;
    let mut line = String::new();
    loop {
        if let Some(store) = store.as_mut() {
            let updates = session.take_profile_updates();
            if !updates.is_empty() {
                if let Err(e) = store.record_hand(&updates, session.window()) {
                    eprintln!("loki: warning: profile not saved: {e}");
                }
            }
        }
        let v = session.view();
        if hand_seen != v.hand {
            hand_seen = v.hand;
            printed = 0;
            result_shown = false;
            write!(out, "{}", text::table(&v))?;
        }
        for entry in v.log.iter().skip(printed) {
            writeln!(out, "  {}", entry.text)?;
        }
        printed = v.log.len();
        let done = a.hands.is_some_and(|n| v.hands_played >= n);
        if !v.in_progress {
            if !result_shown {
                result_shown = true;
                write!(out, "{}", text::result(&v))?;
                if a.model {
                    write!(
                        out,
                        "{}",
                        text::model(v.model.as_deref().unwrap_or(&[]), None)
                    )?;
                }
            }
            if done {
                break;
            }
            write!(out, "Enter: next hand (m, g, q)> ")?;
        } else if v.legal.is_some() {
            if a.model {
                write!(
                    out,
                    "{}",
                    text::model(v.model.as_deref().unwrap_or(&[]), None)
                )?;
            }
            write!(out, "{}", text::prompt(&v))?;
        }
        out.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            break;
        }
        let word = line.trim().to_ascii_lowercase();
        let action = match word.as_str() {
            "f" | "fold" => Some(Action::Fold),
            "c" | "call" | "check" | "k" => Some(Action::Call),
            "r" | "raise" | "bet" | "b" => Some(Action::Raise),
            _ => None,
        };
        let result = match (word.as_str(), action) {
            (_, Some(action)) => session.act(PERSON, action, session.step()),
            ("", None) if !v.in_progress => session.next_hand(session.step()),
            ("", None) => Ok(()),
            ("m" | "model", None) => {
                write!(
                    out,
                    "{}",
                    text::model(v.model.as_deref().unwrap_or(&[]), None)
                )?;
                Ok(())
            }
            ("g" | "charts", None) => {
                write!(out, "{}", text::charts(v.model.as_deref().unwrap_or(&[])))?;
                Ok(())
            }
            ("t" | "table", None) => {
                write!(out, "{}", text::table(&v))?;
                Ok(())
            }
            ("q" | "quit", None) => break,
            _ => {
                writeln!(
                    out,
                    "unknown command {:?}; {HELP}",
                    word.chars().take(20).collect::<String>()
                )?;
                Ok(())
            }
        };
        if let Err(e) = result {
            writeln!(out, "refused: {e}")?;
        }
    }
    if let Some(store) = store.as_mut() {
        let updates = session.take_profile_updates();
        if !updates.is_empty() {
            if let Err(e) = store.record_hand(&updates, session.window()) {
                eprintln!("loki: warning: profile not saved: {e}");
            }
        }
    }
    let v = session.view();
    writeln!(
        out,
        "{} hands played, {} chips",
        v.hands_played,
        v.bankroll.last().copied().unwrap_or(0)
    )?;
    Ok(ExitCode::SUCCESS)
}
