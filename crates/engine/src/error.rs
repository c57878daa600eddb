//! Typed errors of the engine: configuration, dealing, actions, and playing a hand.
use crate::{Action, Position, Round};
use loki_cards::Card;
use thiserror::Error;

/// An invalid game configuration.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ConfigError {
    /// Seats outside 2..=10.
    #[error("a game needs 2 to 10 players, got {0}")]
    Seats(usize),
    /// Bad blinds.
    #[error("bad blinds {0}/{1}: need 0 <= small blind <= big blind and a positive big blind")]
    Blinds(i64, i64),
    /// Bad bet sizes.
    #[error("bad bet sizes {0}/{1}: both must be positive")]
    Bets(i64, i64),
    /// Wrong number of stacks.
    #[error("{0} stacks for {1} players")]
    StackCount(usize, usize),
    /// A non-positive or absurd stack.
    #[error("impossible stack {0}")]
    Stack(i64),
    /// A position out of range.
    #[error("position {0} out of range")]
    Position(usize),
}

/// A refused deal; the state is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DealError {
    /// Hole cards are not due (already dealt, or position out of range).
    #[error("hole cards for position {0} are not due")]
    HoleNotDue(Position),
    /// Board cards are not due now.
    #[error("board cards are not due now")]
    BoardNotDue,
    /// Wrong number of board cards for the round.
    #[error("the {round} needs {expected} board card(s), got {got}")]
    BoardCount {
        /// The round being dealt.
        round: Round,
        /// Cards expected.
        expected: usize,
        /// Cards given.
        got: usize,
    },
    /// A card already dealt in this hand.
    #[error("duplicate card {0}")]
    DuplicateCard(Card),
}

/// A refused action; the state is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ActionError {
    /// Nobody is to act (cards must be dealt, or the hand is over).
    #[error("no player is to act")]
    NotActing,
    /// Folding when checking is free (allowed only with the rule option).
    #[error("folding when checking is free")]
    FoldWhenCheckFree,
    /// The raise cap of the round is reached.
    #[error("the raise cap is reached")]
    RaiseCap,
    /// Raising is impossible: no chips beyond a call, or no opponent who could put in more
    /// than the current bet.
    #[error("cannot raise (no chips beyond a call, or no opponent could call more)")]
    CannotRaise,
    /// Only all-in raises short of a full raise came since this player acted (or the
    /// player owes less than a full raise): the betting is not reopened for them, they may
    /// only call or fold.
    #[error("a short all-in did not reopen the betting: call or fold")]
    NotReopened,
}

/// An error while playing a hand with players.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EngineError {
    /// Bad configuration.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A bad deal.
    #[error(transparent)]
    Deal(#[from] DealError),
    /// An action refused where no player chose it (a replayed or computed line of play).
    #[error(transparent)]
    Action(#[from] ActionError),
    /// A player chose an illegal action.
    #[error("position {position} ({name}) chose an illegal {action}: {error}")]
    IllegalAction {
        /// The acting position.
        position: Position,
        /// The player's name.
        name: String,
        /// The refused action.
        action: Action,
        /// Why.
        error: ActionError,
    },
    /// Wrong number of players for the configuration.
    #[error("{got} players for a {expected}-player game")]
    PlayerCount {
        /// Players in the game configuration.
        expected: usize,
        /// Players given.
        got: usize,
    },
}
