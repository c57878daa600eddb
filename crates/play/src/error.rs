//! Why a table cannot be set up ([`SpecError`]) and why an action of the person is refused
//! ([`PlayError`]); a refused action changes nothing.
use loki_agent::RosterError;
use loki_engine::{Action, ActionError, EngineError, StakesError};

/// A table that cannot be set up.
#[derive(Debug, thiserror::Error)]
pub enum SpecError {
    /// Seats outside 2..=10.
    #[error("a table has 2 to 10 seats, not {0}")]
    Seats(usize),
    /// More bots than free seats, or none.
    #[error("{bots} bots for {free} free seats (the person takes one of {seats})")]
    Bots {
        /// Bots given.
        bots: usize,
        /// Seats free for bots.
        free: usize,
        /// Seats.
        seats: usize,
    },
    /// Stakes that do not parse or break the bounds (`crate::Stakes`).
    #[error("bad stakes {given:?}: {why}")]
    Stakes {
        /// What was given (bounded).
        given: String,
        /// Why it is refused.
        why: String,
    },
    /// A person's name that is empty, too long or has characters other than letters,
    /// digits, spaces and `-_.`.
    #[error("bad name {0:?}: 1 to {max} letters, digits, spaces or -_. characters", max = crate::MAX_NAME_CHARS)]
    Name(String),
    /// A person's name that is a bot's (a kind such as `SOM`, or a seat name such as
    /// `SOM-2`): the log and the history would not tell them apart.
    #[error("the name {name:?} is a bot's ({bot}): choose another")]
    BotName {
        /// The name asked for.
        name: String,
        /// The bot's name it collides with.
        bot: String,
    },
    /// A bot list longer than the bound (a web request's).
    #[error("the list of bots is longer than {0} characters")]
    BotListTooLong(usize),
    /// A bot list that does not parse, or names an unknown player.
    #[error(transparent)]
    Roster(#[from] RosterError),
    /// The engine refuses the game.
    #[error(transparent)]
    Engine(#[from] EngineError),
}

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

impl From<StakesError> for SpecError {
    fn from(e: StakesError) -> Self {
        match e {
            StakesError::Bad { given, why } => SpecError::Stakes { given, why },
            StakesError::Seats(n) => SpecError::Seats(n),
            StakesError::Game(why) | StakesError::Stacks { why, .. } => SpecError::Stakes {
                given: String::new(),
                why,
            },
        }
    }
}
