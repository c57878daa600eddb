//! Typed errors of the assessment crate.
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
    /// A range table or rank cache needs a flop (3 cards) or a turn (4 cards).
    #[error("a range table needs a board of 3 or 4 cards, got {len}")]
    BoardLength {
        /// The number of board cards given.
        len: usize,
    },
    /// The same card appears twice among the board (and hole) cards.
    #[error("card {card} appears twice")]
    DuplicateCard {
        /// The repeated card, as text.
        card: String,
    },
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
