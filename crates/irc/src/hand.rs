//! A replayed IRC hand: the engine's configuration and events, the players by engine
//! position, and every decision with the public situation it was made in.
use loki_cards::{Card, HoleCards};
use loki_engine::{Action, ByPosition, Chips, Event, GameConfig, Position, Round};

/// The class of an IRC action character, in the engine's three actions that decisions
/// are scored in: `f`, `Q`, `K` fold (a quit or kick is a fold); `k`, `c` check/call;
/// `b`, `r`, `A` bet/raise (an all-in is a raise); `None` for `B` and unknown characters.
pub fn class_of(symbol: char) -> Option<Action> {
    match symbol {
        'f' | 'Q' | 'K' => Some(Action::Fold),
        'k' | 'c' => Some(Action::Call),
        'b' | 'r' | 'A' => Some(Action::Raise),
        _ => None,
    }
}

/// The public situation of a decision, just before it is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spot {
    /// Index of the decision in [`IrcHand::decisions`].
    pub index: usize,
    /// The engine position to act (0 = small blind; see [`crate::replay`] for the
    /// mapping from IRC positions).
    pub position: Position,
    /// The round.
    pub round: Round,
    /// Bets to call: `ceil(amount to call / bet size)`.
    pub bets_to_call: u32,
    /// Chips to call.
    pub to_call: Chips,
    /// The pot before the action.
    pub pot: Chips,
    /// Bets and raises so far this round (the big blind counts as the pre-flop bet).
    pub bets_this_round: u32,
    /// Players not folded, this one included.
    pub live: usize,
    /// Players not folded and not all-in, this one included.
    pub active: usize,
    /// Whether a bet or raise was legal.
    pub can_raise: bool,
}

/// One player decision (every action except blind posts): its situation and what the
/// player did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    /// The situation before the action.
    pub spot: Spot,
    /// The IRC character (`f k b c r A Q K`).
    pub symbol: char,
    /// The scored class.
    pub class: Action,
    /// The action the engine applied (an all-in for less than a call is a call).
    pub action: Action,
    /// Index of the action in [`IrcHand::events`].
    pub event: usize,
}

/// A hand that replayed through the engine.
#[derive(Debug, Clone)]
pub struct IrcHand {
    /// The timestamp (hand id).
    pub timestamp: u64,
    /// The dealer session and hand number (`hdb` fields 2 and 3).
    pub session: u32,
    /// Hand number within the session.
    pub number: u64,
    /// The game: 5/10 blinds (or one blind of 10), bets 10/20, a bet and 3 raises while
    /// three or more players are in, stacks = bankrolls, the IRC rule options.
    pub config: GameConfig,
    /// Nicknames by engine position.
    pub names: ByPosition<String>,
    /// Player ids by engine position (indices into the dataset's player list).
    pub players: ByPosition<u32>,
    /// IRC positions (1..=n, `pdb` field 4) by engine position.
    pub irc_positions: ByPosition<usize>,
    /// Bankrolls at the start of the hand.
    pub bankrolls: ByPosition<Chips>,
    /// Chips put in (as recorded, equal to the replay's).
    pub put_in: ByPosition<Chips>,
    /// Chips won, as recorded (`pdb` field 11).
    pub won: ByPosition<Chips>,
    /// Shown hole cards by position.
    pub hole: ByPosition<Option<HoleCards>>,
    /// The board as far as the hand went.
    pub board: Vec<Card>,
    /// The decisions in order of play.
    pub decisions: Vec<Decision>,
    /// The engine's events.
    pub events: Vec<Event>,
    /// Positions still in at the end when two or more were (a showdown), else empty.
    pub showdown: Vec<Position>,
    /// The engine's net result by position, when it could award the pot (every showdown
    /// player's cards known).
    pub replayed_net: Option<ByPosition<Chips>>,
}

impl IrcHand {
    /// Players dealt in.
    pub fn seats(&self) -> usize {
        self.names.len()
    }
    /// The board visible during `round`.
    pub fn board_at(&self, round: Round) -> &[Card] {
        &self.board[..round.board_len().min(self.board.len())]
    }
    /// The recorded net result by position (won - put in).
    pub fn recorded_net(&self) -> ByPosition<Chips> {
        self.won
            .iter()
            .zip(&self.put_in)
            .map(|(w, p)| w - p)
            .collect()
    }
    /// The showdown players whose cards are known, with their cards.
    pub fn revealed(&self) -> Vec<(Position, HoleCards)> {
        self.showdown
            .iter()
            .filter_map(|&p| self.hole[p].map(|h| (p, h)))
            .collect()
    }
}

/// Whether a nickname marks a bot (contains `bot`, any case: sagerbot, foldbot1, rktbot).
pub fn is_bot_name(name: &str) -> bool {
    name.to_ascii_lowercase().contains("bot")
}
