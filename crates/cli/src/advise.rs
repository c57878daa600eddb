//! `loki advise`: the decision and trace of one Loki player in one situation. The
//! betting string is read by the ACPC parser of `loki-history` and the situation is set
//! up by `loki_agent::Spot`, which replays it step by step through the engine (positions
//! as everywhere in loki: 0 = small blind, 1 = big blind, 2 first to act pre-flop;
//! heads-up reverse blinds), so the player's opponent models see every action as they
//! would in play.
use anyhow::{bail, Context, Result};
use clap::Args;
use loki_agent::{Roster, Spot};
use loki_cards::{parse_cards, Card, HoleCards};
use loki_engine::GameConfig;
use loki_engine::Position;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct AdviseArgs {
    /// Players dealt in (2 to 10).
    #[arg(long)]
    seats: usize,
    /// Our position (0 = small blind, 1 = big blind, 2 = first to act pre-flop;
    /// heads-up: 0 = big blind, 1 = small blind/button).
    #[arg(long)]
    position: usize,
    /// Our hole cards, e.g. AdQc.
    #[arg(long)]
    hole: String,
    /// The board so far, e.g. 3h4cJh (as far as the betting reaches).
    #[arg(long, default_value = "")]
    board: String,
    /// The betting so far as an ACPC betting string: c (check/call), r (bet/raise),
    /// f (fold), rounds ended by '/', e.g. "crrc/r"; empty before any action.
    #[arg(long, default_value = "")]
    betting: String,
    /// The Loki player (default SOM with default statistics, or with --checkpoint the
    /// seat's kind).
    #[arg(long)]
    player: Option<String>,
    /// Seed of any randomness (LOKI2's probability triples). Default 0, not the 1998 of
    /// the other commands: the advice quoted in the docs was made with it.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    config: crate::common::ConfigArg,
    /// Print the decision and trace as one JSON object.
    #[arg(long)]
    json: bool,
    /// Also print each live opponent's weight table as the 13 x 13 starting-hand grid
    /// (average weight of the class's live holdings; suited above the diagonal).
    #[arg(long)]
    grid: bool,
    /// Start from what a player of a tournament had learned: its saved state in this
    /// checkpoint.json (opponent statistics by seat, random generator). Needs --seat;
    /// --seats must be the tournament's.
    #[arg(long, requires = "seat")]
    checkpoint: Option<PathBuf>,
    /// With --checkpoint: the table (match x seats + rotation) of the player.
    #[arg(long, default_value_t = 0)]
    table: usize,
    /// With --checkpoint: the player's seat in the tournament; it sits at --position and
    /// its opponents at the other positions in seat order. The player kind is the seat's
    /// unless --player names another (to see how another kind decides with the same
    /// statistics).
    #[arg(long)]
    seat: Option<usize>,
}

pub fn run(a: AdviseArgs) -> Result<ExitCode> {
    let roster = Roster::new(a.config.load()?)?;
    if !(2..=10).contains(&a.seats) {
        bail!("--seats must be 2 to 10, got {}", a.seats);
    }
    let hole: HoleCards = a
        .hole
        .parse()
        .with_context(|| format!("bad --hole '{}'", a.hole))?;
    let board: Vec<Card> =
        parse_cards(&a.board).with_context(|| format!("bad --board '{}'", a.board))?;
    if ![0, 3, 4, 5].contains(&board.len()) {
        bail!("--board must have 0, 3, 4 or 5 cards, got {}", board.len());
    }
    let mut kind = a.player.clone().unwrap_or_else(|| "SOM".to_string());
    let mut saved: Option<String> = None;
    if let (Some(path), Some(seat)) = (&a.checkpoint, a.seat) {
        let c: loki_sim::Checkpoint = serde_json::from_str(
            &std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?,
        )
        .with_context(|| format!("{} is not a tournament checkpoint", path.display()))?;
        let seated = c
            .seated(&roster, a.table, seat, a.seats)
            .with_context(|| path.display().to_string())?;
        saved = Some(seated.state);
        if a.player.is_none() {
            kind = seated.kind;
        }
    }
    let mut player = roster.loki(&kind, &kind.to_ascii_uppercase(), a.seed)?;
    if let Some(s) = &saved {
        player
            .restore(s)
            .context("the checkpoint's state is not a Loki player's")?;
    }
    player.set_detail(true);
    let spot = Spot {
        game: GameConfig::paper(a.seats)?,
        position: Position::new(a.position),
        hole,
        board,
        betting: loki_history::parse_betting(&a.betting)?,
        seat: a.seat.filter(|_| a.checkpoint.is_some()),
    };
    let hand = spot
        .replay(&mut player)
        .map_err(|e| anyhow::anyhow!("--betting '{}': {e}", a.betting))?;
    let d = player.decide(&hand.view());
    if a.json {
        println!("{}", serde_json::to_string(&d.trace)?);
    } else {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        write!(out, "{}", d.trace)?;
        if a.grid {
            for o in &d.trace.opponents {
                if let Some(g) = &o.grid {
                    writeln!(out)?;
                    writeln!(
                        out,
                        "position {} (seat {}): weight table",
                        o.position, o.seat
                    )?;
                    write!(out, "{g}")?;
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
