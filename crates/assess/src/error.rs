//! Typed errors of the assessment crate.
use loki_cards::Card;
use thiserror::Error;

/// Why an assessment could not be made.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum AssessError {
    /// A weight outside [0, 1] (or not a number).
    #[error("weight {weight} for {holding} is outside [0, 1]")]
    WeightOutOfRange {
        /// The holding, as text.
        holding: String,
        /// The offending weight.
        weight: f64,
    },
    /// The same card is among our hole cards and the board twice.
    #[error("duplicate card {0} (hole cards and board must be distinct)")]
    DuplicateCard(Card),
    /// A board that is not 0 (pre-flop), 3 (flop), 4 (turn) or 5 (river) cards.
    #[error("a board has 0, 3, 4 or 5 cards, got {0}")]
    BoardLength(usize),
    /// Hand potential asked for where it does not exist (pre-flop, river, or a two-card
    /// lookahead on the turn).
    #[error("no {lookahead}-card lookahead with a board of {board} cards")]
    NoLookahead {
        /// Cards still to come that were asked for.
        lookahead: usize,
        /// Board length.
        board: usize,
    },
    /// No opponent holding that avoids the known cards has a positive weight.
    #[error("no live opponent holding has a positive weight")]
    NoLiveHolding,
    /// Zero opponents, or more than fit in the deck.
    #[error("bad number of opponents {0} (1 to 22)")]
    Opponents(usize),
    /// A weights file entry that is not a holding of two distinct cards.
    #[error("unknown holding '{0}' (expected two cards such as AcKd)")]
    UnknownHolding(String),
    /// A holding listed twice in a weights file (in either card order).
    #[error("holding {0} is listed twice")]
    DuplicateHolding(String),
    /// A weights file that is not a JSON object of holdings to numbers.
    #[error("bad weights file: {0}")]
    WeightsFormat(String),
    /// A table size outside 2..=10 for income rates.
    #[error("income rates exist for 2 to 10 seats, got {0}")]
    Seats(usize),
    /// The hole cards share a card with the board.
    #[error("hole cards {hole} touch the board")]
    HoleTouchesBoard {
        /// The hole cards, as text.
        hole: String,
    },
    /// The requested lookahead does not match the board's street (two-card lookahead
    /// needs a flop, one-card lookahead a turn).
    #[error("lookahead {lookahead} is not available on a board of {board_len} cards")]
    WrongStreet {
        /// The requested lookahead (1 or 2 cards).
        lookahead: usize,
        /// The number of board cards.
        board_len: usize,
    },
}
