//! Why an action of the person is refused ([`PlayError`]); a refused action changes
//! nothing.
use loki_engine::{Action, ActionError, EngineError};

/// An action or request of the person that the session refuses (nothing changes).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// An action for a seat that is not the person's.
    #[error("seat {seat} is not yours: you sit in seat {yours}")]
    NotYourSeat {
        /// The seat asked for.
        seat: usize,
        /// The person's seat.
        yours: usize,
    },
    /// An action for a seat that no person sits in (a room's bot seat).
    #[error("seat {0} is not a person's seat")]
    NotAPersonSeat(usize),
    /// A hand asked for when fewer than two players, or no person, would be dealt in.
    #[error("no hand can be dealt: {players} players and {people} people present")]
    NotEnoughPlayers {
        /// Players who would be dealt in.
        players: usize,
        /// People among them.
        people: usize,
    },
    /// An action while another seat is to act.
    #[error("it is not your turn")]
    NotYourTurn,
    /// An action when no hand is in progress.
    #[error("no hand is in progress: deal the next hand")]
    NoHand,
    /// The next hand asked for while one is in progress.
    #[error("the hand is still in progress")]
    HandInProgress,
    /// A request made on an older state of the table (a double click, another tab).
    #[error("the table has moved on (it is at step {current}, the request was for step {got}): look again")]
    Stale {
        /// The table's step.
        current: u64,
        /// The step the request was made for.
        got: u64,
    },
    /// An action the rules do not allow now.
    #[error("{action} is not allowed now: {reason}")]
    Illegal {
        /// The action.
        action: Action,
        /// Why not.
        reason: ActionError,
    },
    /// `check` while a bet is due (`call` means check or call; `check` only checks).
    #[error("check is not possible: {to_call} to call (call, raise or fold)")]
    CheckFacingBet {
        /// Chips to call.
        to_call: loki_engine::Chips,
    },
    /// `bet` when the round already has a bet (`raise` means bet or raise; `bet` only
    /// opens the betting).
    #[error("bet is not possible: the round has a bet already (call, raise or fold)")]
    BetFacingBet,
    /// A bot broke the rules or the engine failed (a bug, never the person's input).
    #[error("the table failed: {0}")]
    Engine(#[from] EngineError),
}
