//! Typed errors of the ACPC crate: game files, protocol lines, hand rebuilding, and the
//! network client, dealer and match runner.
use loki_history::{RebuildError, StateError};
use std::time::Duration;
use thiserror::Error;

/// A game definition that cannot be read or played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// The text is longer than any real game file.
    #[error("the game definition is longer than {0} bytes")]
    TooLong(usize),
    /// A value that is not a number in range.
    #[error("line {line}: bad {keyword} value `{text}`")]
    BadValue {
        /// 1-based line.
        line: usize,
        /// The keyword.
        keyword: &'static str,
        /// The offending text (cut short).
        text: String,
    },
    /// More values than the reference dealer reads.
    #[error("line {line}: more than {max} {keyword} values")]
    TooManyValues {
        /// 1-based line.
        line: usize,
        /// The keyword.
        keyword: &'static str,
        /// The most allowed.
        max: usize,
    },
    /// `numRounds` outside 1..=4.
    #[error("invalid number of rounds: {0}")]
    Rounds(u8),
    /// `numPlayers` outside 2..=10.
    #[error("invalid number of players: {0}")]
    Players(u8),
    /// Too few stacks (the reference dealer defaults only four).
    #[error("only read {read} stack sizes, need {need} (a game with more than 4 players needs an explicit stack line)")]
    StackCount {
        /// Stacks read.
        read: usize,
        /// Players.
        need: usize,
    },
    /// Too few blinds.
    #[error("only read {read} blinds, need {need}")]
    BlindCount {
        /// Blinds read.
        read: usize,
        /// Players.
        need: usize,
    },
    /// A blind larger than the stack (1-based player).
    #[error("blind for player {0} is greater than stack size")]
    BlindOverStack(usize),
    /// A negative blind (1-based player).
    #[error("blind for player {0} is negative")]
    NegativeBlind(usize),
    /// Too few raise sizes for a limit game.
    #[error("only read {read} raise sizes, need {need}")]
    RaiseSizeCount {
        /// Raise sizes read.
        read: usize,
        /// Rounds.
        need: usize,
    },
    /// A first player outside 1..=players.
    #[error("invalid first player {value} on round {round}")]
    FirstPlayer {
        /// 1-based round.
        round: usize,
        /// The value.
        value: u8,
    },
    /// `numSuits` outside 1..=4.
    #[error("invalid number of suits: {0}")]
    Suits(u8),
    /// `numRanks` outside 1..=13.
    #[error("invalid number of ranks: {0}")]
    Ranks(u8),
    /// `numHoleCards` outside 1..=3.
    #[error("invalid number of hole cards: {0}")]
    HoleCards(u8),
    /// Too few board-card counts.
    #[error("only read {read} board card numbers, need {need}")]
    BoardCardCount {
        /// Counts read.
        read: usize,
        /// Rounds.
        need: usize,
    },
    /// More cards than the deck holds.
    #[error("too many hole and board cards for specified deck")]
    TooManyCards,
    /// A no-limit game.
    #[error("no-limit games are not supported: loki plays fixed-limit hold'em only")]
    NoLimit,
    /// A valid limit game that the engine does not play.
    #[error("game not supported: {0}")]
    Unsupported(String),
}

/// A failed client.
#[derive(Debug, Error)]
pub enum ClientError {
    /// Socket or file I/O.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// A line from the dealer longer than the protocol allows.
    #[error("the dealer sent a line longer than 1024 bytes")]
    LineTooLong,
    /// A line from the dealer that is not text.
    #[error("the dealer sent a line that is not ASCII text")]
    NotText,
    /// A line from the dealer that is not a state.
    #[error("bad state from the dealer: {error} in `{line}`")]
    State {
        /// Why.
        error: StateError,
        /// The line (cut short).
        line: String,
    },
    /// A state that does not continue the hand.
    #[error("inconsistent state from the dealer: {error} in `{line}`")]
    Rebuild {
        /// Why.
        error: RebuildError,
        /// The line.
        line: String,
    },
    /// The game file does not fit the states or the engine.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The dealer closed the connection in the middle of a hand (it crashed or was
    /// stopped): the match did not finish.
    #[error("the dealer closed the connection in the middle of a hand, after {hands} finished hands: the match was cut off")]
    CutOff {
        /// Hands finished before.
        hands: u64,
    },
}

/// Why a dealer stopped a match (the reference dealer's errors; the match is aborted and
/// the log keeps the finished hands without a SCORE line).
#[derive(Debug, Error)]
pub enum DealerError {
    /// The game cannot be played.
    #[error(transparent)]
    Game(#[from] GameError),
    /// Names given do not match the players.
    #[error("{got} names for a {need}-player game")]
    Names {
        /// Players.
        need: usize,
        /// Names.
        got: usize,
    },
    /// Ports given do not match the players.
    #[error("{got} ports for a {need}-player game")]
    Ports {
        /// Players.
        need: usize,
        /// Ports.
        got: usize,
    },
    /// Zero hands.
    #[error("invalid number of hands 0")]
    NoHands,
    /// A listening socket could not be opened.
    #[error("could not create listen socket for player {seat}: {source}")]
    Listen {
        /// 1-based seat.
        seat: usize,
        /// The cause.
        source: std::io::Error,
    },
    /// Nobody connected in time.
    #[error("timed out wating for seat {0} to connect")]
    StartTimeout(usize),
    /// Accepting failed.
    #[error("seat {seat} could not connect: {source}")]
    Accept {
        /// 1-based seat.
        seat: usize,
        /// The cause.
        source: std::io::Error,
    },
    /// No version line.
    #[error("could not read version string from seat {0}")]
    NoVersion(usize),
    /// A version line that does not parse.
    #[error("invalid version string {line} (seat {seat})")]
    InvalidVersion {
        /// 1-based seat.
        seat: usize,
        /// The line (cut short).
        line: String,
    },
    /// Sending failed.
    #[error("could not send state to seat {0}")]
    Send(usize),
    /// No reply (disconnect, error or response timeout).
    #[error("could not get action from seat {seat} ({waited:.1} seconds spent waiting; timeout {timeout})")]
    NoAction {
        /// 1-based seat.
        seat: usize,
        /// Seconds waited.
        waited: f64,
        /// The response timeout.
        timeout: String,
    },
    /// A time budget exhausted.
    #[error("seat {0} ran out of time")]
    OutOfTime(usize),
    /// Writing the log failed.
    #[error("logging failed: {0}")]
    Log(std::io::Error),
    /// The engine refused a step (a bug, never input).
    #[error("engine: {0}")]
    Engine(String),
}

/// A failed match on loopback.
#[derive(Debug, Error)]
pub enum MatchError {
    /// The dealer failed.
    #[error("dealer: {0}")]
    Dealer(#[from] DealerError),
    /// A client failed.
    #[error("client in seat {seat}: {error}")]
    Client {
        /// 1-based seat.
        seat: usize,
        /// The client's error.
        error: ClientError,
    },
    /// A client thread panicked.
    #[error("client in seat {0} panicked")]
    Panicked(usize),
    /// Wrong number of players.
    #[error("{got} players for a {need}-player game")]
    Players {
        /// The game's players.
        need: usize,
        /// Players given.
        got: usize,
    },
}

/// A duration in the reference dealer's words (`-1` when disabled).
pub(crate) fn limit_text(d: Option<Duration>) -> String {
    match d {
        Some(d) => format!("{:.1}", d.as_secs_f64()),
        None => "none".into(),
    }
}
