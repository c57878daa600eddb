//! A hand as its steps, for pickling `HandState` and `HandRecord`: the game, the seats
//! and the steps that made the hand (hole cards dealt, seen or hidden; board cards;
//! actions; hidden holdings revealed at the showdown) rebuild it exactly through the
//! engine, the event log being the history (as in PokerKit).
use loki_cards::{Card, HoleCards};
use loki_engine::{Action, Event, GameConfig, HandState, Phase, Seat};
use loki_engine::{ByPosition, Position};

/// One step of a hand.
pub enum Step {
    /// Hole cards dealt to a position.
    Hole(usize, HoleCards),
    /// Hole cards dealt hidden from the observer.
    Hidden(usize),
    /// Board cards.
    Board(Vec<Card>),
    /// The action of the position to act.
    Act(Action),
    /// A hidden holding revealed at the showdown.
    Reveal(usize, HoleCards),
}

/// The steps of an event log of `n` positions.
pub fn of_events(events: &[Event], n: usize) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut hidden = vec![false; n];
    for e in events {
        match e {
            Event::HoleDealt { position, cards } => {
                steps.push(Step::Hole(position.index(), *cards))
            }
            Event::HoleHidden { position } => {
                if let Some(h) = hidden.get_mut(position.index()) {
                    *h = true;
                }
                steps.push(Step::Hidden(position.index()));
            }
            Event::BoardDealt { cards, .. } => steps.push(Step::Board(cards.clone())),
            Event::Action(a) => steps.push(Step::Act(a.action)),
            Event::Showdown { hands } => {
                // The engine asks for hidden holdings from the lowest live position up.
                let mut shown: Vec<_> = hands
                    .iter()
                    .filter(|h| hidden.get(h.position.index()) == Some(&true))
                    .collect();
                shown.sort_by_key(|h| h.position);
                steps.extend(
                    shown
                        .into_iter()
                        .map(|h| Step::Reveal(h.position.index(), h.cards)),
                );
            }
            _ => {}
        }
    }
    steps
}

/// The steps that made `state`: its event log, and the holdings revealed so far at a
/// showdown that waits for more.
pub fn of_state(state: &HandState) -> Vec<Step> {
    let mut steps = of_events(state.events(), state.players());
    if let Phase::Reveal(due) = state.phase() {
        let hidden: Vec<usize> = state
            .events()
            .iter()
            .filter_map(|e| match e {
                Event::HoleHidden { position } => Some(position.index()),
                _ => None,
            })
            .collect();
        for p in hidden.into_iter().filter(|&p| p < due.index()) {
            if let Some(h) = state.hole_cards()[p] {
                steps.push(Step::Reveal(p, h));
            }
        }
    }
    steps
}

/// Steps as plain tuples (kind, position, cards or action).
pub fn encode(steps: &[Step]) -> Vec<(&'static str, usize, String)> {
    steps
        .iter()
        .map(|s| match s {
            Step::Hole(p, h) => ("hole", *p, h.to_string()),
            Step::Hidden(p) => ("hidden", *p, String::new()),
            Step::Board(cards) => ("board", 0, cards.iter().map(|c| c.to_string()).collect()),
            Step::Act(a) => ("act", 0, a.acpc_char().to_string()),
            Step::Reveal(p, h) => ("reveal", *p, h.to_string()),
        })
        .collect()
}

/// Replays encoded steps on a new hand of `config` with `seats`.
///
/// # Errors
/// A step the engine refuses or that does not parse, as text.
pub fn rebuild(
    config: &GameConfig,
    seats: &[usize],
    steps: &[(String, usize, String)],
) -> Result<HandState, String> {
    let text = |e: &dyn std::fmt::Display| e.to_string();
    let mut state = HandState::new(config).map_err(|e| text(&e))?;
    let seats: ByPosition<Seat> = seats.iter().copied().map(Seat::new).collect();
    state.set_seats(&seats).map_err(|e| text(&e))?;
    for (kind, p, arg) in steps {
        let p = *p;
        match kind.as_str() {
            "hole" => {
                let h: HoleCards = arg.parse().map_err(|e| text(&e))?;
                state.deal_hole(Position::new(p), h).map_err(|e| text(&e))?;
            }
            "hidden" => {
                state
                    .deal_hole_hidden(Position::new(p))
                    .map_err(|e| text(&e))?;
            }
            "board" => {
                let cards = loki_cards::parse_cards(arg).map_err(|e| text(&e))?;
                state.deal_board(&cards).map_err(|e| text(&e))?;
            }
            "act" => {
                let a = arg
                    .chars()
                    .next()
                    .and_then(Action::from_acpc_char)
                    .ok_or_else(|| format!("unknown action {arg:?}"))?;
                state.apply(a).map_err(|e| text(&e))?;
            }
            "reveal" => {
                let h: HoleCards = arg.parse().map_err(|e| text(&e))?;
                state.reveal(Position::new(p), h).map_err(|e| text(&e))?;
            }
            other => return Err(format!("unknown step {other:?}")),
        }
    }
    Ok(state)
}
