//! A decision from a betting line, as `loki advise` makes it: a SOM player is built by
//! name, the hand is replayed into it through the engine up to our turn, and the player
//! decides and explains (its trace: assessment, rule, probability triple, and its
//! re-weighted model of each opponent).
//!
//! `cargo run --release -p loki-agent --example spot`
use loki_agent::{Roster, Spot};
use loki_bot::LokiConfig;
use loki_cards::{parse_cards, HoleCards};
use loki_engine::GameConfig;
use loki_engine::Position;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let roster = Roster::new(LokiConfig::default())?;
    let mut player = roster.loki("SOM", "SOM", 7)?;
    let hole = parse_cards("QdTd")?;
    // Four players; the first to act pre-flop raises, we (the small blind) call, the
    // big blind and the button call; on the flop 3h 4c Jh we act first.
    let spot = Spot {
        game: GameConfig::paper(4)?,
        position: Position::new(0),
        hole: HoleCards::new(hole[0], hole[1])?,
        board: parse_cards("3h4cJh")?,
        betting: loki_history::parse_betting("rccc/")?,
        seat: None,
    };
    let hand = spot.replay(&mut player)?;
    let decision = player.decide(&hand.view());
    println!("{}", decision.trace);
    println!("action: {:?}", decision.action);
    Ok(())
}
