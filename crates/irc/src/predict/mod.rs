//! Opponent models as the evaluation sees them: an [`OpponentPredictor`] watches the
//! public actions of every hand in time order, gives the probabilities of each decision
//! before it is made, a weight table over the 1,326 holdings for each player at the
//! showdown, and learns from each finished hand (shown cards included).
//!
//! Models: `population` and `per-player` (the baselines, [`baseline`]), the models of GOM,
//! SOM and LOKI2 through `loki-bot` ([`loki`]: loki's default configuration, or the
//! sources' own under `--config paper`), and our improved variants ([`context`]).
pub mod baseline;
pub mod context;
pub mod features;
pub mod loki;
pub mod range;
mod registry;

pub use registry::{model, models, select, UnknownModel};

use crate::boards::Boards;
use crate::hand::{Decision, IrcHand, Spot};
pub use loki_bot::frequencies::normalized;
use loki_cards::Card;
use loki_engine::{ByAction, ByPosition, Chips, Position, Round};

/// Probabilities of fold, check/call and bet/raise.
pub type Probabilities = ByAction<f64>;

/// What a model may see of a hand: the players, the board so far, the decisions so far,
/// the shared board values; never hole cards.
#[derive(Clone, Copy)]
pub struct PublicHand<'a> {
    hand: &'a IrcHand,
    seen: usize,
    round: Round,
    boards: &'a Boards,
}

impl<'a> PublicHand<'a> {
    /// The view of `hand` with its first `seen` decisions made, during `round`.
    pub fn new(hand: &'a IrcHand, seen: usize, round: Round, boards: &'a Boards) -> Self {
        PublicHand {
            hand,
            seen: seen.min(hand.decisions.len()),
            round,
            boards,
        }
    }
    /// The same view without its last decision (the situation that decision was made in).
    pub fn new_before(view: &PublicHand<'a>) -> PublicHand<'a> {
        PublicHand {
            seen: view.seen.saturating_sub(1),
            ..*view
        }
    }
    /// The engine position from which the first live player acts after the flop.
    pub fn first_postflop(&self) -> usize {
        self.hand.config.first_postflop().index()
    }
    /// Players dealt in.
    pub fn seats(&self) -> usize {
        self.hand.seats()
    }
    /// Player ids by engine position.
    pub fn players(&self) -> &'a ByPosition<u32> {
        &self.hand.players
    }
    /// Nicknames by engine position.
    pub fn names(&self) -> &'a ByPosition<String> {
        &self.hand.names
    }
    /// Bankrolls at the start of the hand, by engine position.
    pub fn bankrolls(&self) -> &'a ByPosition<Chips> {
        &self.hand.bankrolls
    }
    /// The hand's timestamp.
    pub fn timestamp(&self) -> u64 {
        self.hand.timestamp
    }
    /// The current round.
    pub fn round(&self) -> Round {
        self.round
    }
    /// The decisions made so far.
    pub fn decisions(&self) -> &'a [Decision] {
        &self.hand.decisions[..self.seen]
    }
    /// The board visible now.
    pub fn board(&self) -> &'a [Card] {
        self.hand.board_at(self.round)
    }
    /// EHS of every holding on the current board (flop, turn: range table; river: hand
    /// strength), NaN for holdings touching it; `None` pre-flop.
    pub fn board_values(&self) -> Option<&'a [f64]> {
        let b = self.board();
        if b.len() < 3 {
            return None;
        }
        self.boards.get(b)
    }
    /// The values of the board of an earlier round of this hand.
    pub fn board_values_at(&self, round: Round) -> Option<&'a [f64]> {
        if round > self.round {
            return None;
        }
        let b = self.hand.board_at(round);
        if b.len() < 3 {
            return None;
        }
        self.boards.get(b)
    }
}

/// An opponent model under evaluation.
pub trait OpponentPredictor: Send {
    /// A hand starts.
    fn begin_hand(&mut self, hand: &PublicHand<'_>);
    /// The probabilities of the decision at `spot`, before it is made (the decisions so
    /// far are `hand.decisions()`).
    fn predict(&mut self, hand: &PublicHand<'_>, spot: &Spot) -> Probabilities;
    /// A decision was made (it is the last of `hand.decisions()`).
    fn observe(&mut self, hand: &PublicHand<'_>, decision: &Decision);
    /// The weight table of the player at `position` (by holding index) at the showdown,
    /// after all of its actions; `None` means uniform.
    fn showdown_weights(&mut self, hand: &PublicHand<'_>, position: Position) -> Option<Vec<f64>>;
    /// The hand is over: everything recorded, shown cards included (`view` is the public
    /// view of the whole hand, for the board values).
    fn end_hand(&mut self, hand: &IrcHand, view: &PublicHand<'_>);
}

/// A model factory: its name, a description, and a constructor.
pub struct ModelSpec {
    /// The name `--model` takes.
    pub name: &'static str,
    /// One line.
    pub description: &'static str,
    /// Makes a fresh model.
    pub make: Box<dyn Fn() -> Box<dyn OpponentPredictor> + Send + Sync>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn select_takes_names_once_in_order_and_refuses_unknown_ones() {
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let all: Vec<_> = select(&[]).unwrap().iter().map(|m| m.name).collect();
        assert_eq!(all, models().iter().map(|m| m.name).collect::<Vec<_>>());
        let picked: Vec<_> = select(&names(&["SOM", "population", "som"]))
            .unwrap()
            .iter()
            .map(|m| m.name)
            .collect();
        assert_eq!(picked, ["SOM", "population"]);
        let e = select(&names(&["population", "nope"])).err().unwrap();
        assert_eq!(
            e.to_string(),
            "unknown model `nope` (`--model list` lists them)"
        );
    }
}
