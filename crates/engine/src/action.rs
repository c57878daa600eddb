//! Betting actions, betting rounds and the set of legal actions in a state.
use std::fmt;

/// A limit betting action: a check is a call of 0 and a bet is a raise from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// Give up the hand.
    Fold,
    /// Check or call.
    Call,
    /// Bet or raise by the fixed bet size of the round.
    Raise,
}

impl Action {
    /// All three actions.
    pub const ALL: [Action; 3] = [Action::Fold, Action::Call, Action::Raise];
    /// 0 = fold, 1 = check/call, 2 = bet/raise (the order of a probability triple and of
    /// action frequencies).
    pub fn index(self) -> usize {
        self as usize
    }
    /// The ACPC betting character (`f`, `c`, `r`).
    pub fn acpc_char(self) -> char {
        match self {
            Action::Fold => 'f',
            Action::Call => 'c',
            Action::Raise => 'r',
        }
    }
    /// Parses an ACPC betting character (case-insensitive; `k` = call, `b` = raise).
    pub fn from_acpc_char(c: char) -> Option<Action> {
        match c.to_ascii_lowercase() {
            'f' => Some(Action::Fold),
            'c' | 'k' => Some(Action::Call),
            'r' | 'b' => Some(Action::Raise),
            _ => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Action::Fold => "fold",
            Action::Call => "call",
            Action::Raise => "raise",
        })
    }
}

/// A betting round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Round {
    /// Before the flop (small bets).
    Preflop,
    /// After three board cards (small bets).
    Flop,
    /// After the fourth board card (big bets).
    Turn,
    /// After the fifth board card (big bets).
    River,
}

impl Round {
    /// The four rounds in order.
    pub const ALL: [Round; 4] = [Round::Preflop, Round::Flop, Round::Turn, Round::River];
    /// 0 for the pre-flop .. 3 for the river.
    pub fn index(self) -> usize {
        self as usize
    }
    /// The round after this one.
    pub fn next(self) -> Option<Round> {
        Round::ALL.get(self.index() + 1).copied()
    }
    /// Board cards dealt at the start of this round (0, 3, 1, 1).
    pub fn cards_dealt(self) -> usize {
        [0, 3, 1, 1][self.index()]
    }
    /// Board cards visible during this round (0, 3, 4, 5).
    pub fn board_len(self) -> usize {
        [0, 3, 4, 5][self.index()]
    }
    /// Where the cards dealt at the start of this round lie in the five-card board
    /// (empty, 0..3, 3..4, 4..5).
    pub fn dealt_range(self) -> std::ops::Range<usize> {
        self.board_len() - self.cards_dealt()..self.board_len()
    }
}

impl fmt::Display for Round {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(["preflop", "flop", "turn", "river"][self.index()])
    }
}

/// The actions legal in a state (all false unless a player is to act).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LegalActions {
    /// Folding is legal (facing a bet, or the fold-when-free rule option).
    pub fold: bool,
    /// Checking or calling is legal.
    pub call: bool,
    /// Betting or raising is legal.
    pub raise: bool,
}

impl LegalActions {
    /// Whether `action` is legal.
    pub fn contains(self, action: Action) -> bool {
        match action {
            Action::Fold => self.fold,
            Action::Call => self.call,
            Action::Raise => self.raise,
        }
    }
    /// The legal actions in the order fold, call, raise.
    pub fn to_vec(self) -> Vec<Action> {
        Action::ALL
            .into_iter()
            .filter(|a| self.contains(*a))
            .collect()
    }
    /// No action is legal.
    pub fn is_empty(self) -> bool {
        !(self.fold || self.call || self.raise)
    }
}
