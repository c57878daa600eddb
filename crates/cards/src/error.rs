//! Typed errors for card text and card indices.
use crate::Card;
use thiserror::Error;

/// Why a card, a set of cards or a holding could not be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CardError {
    /// The text is not a rank character (`2`..`9`, `T`, `J`, `Q`, `K`, `A`, any case).
    #[error("bad rank '{0}' (ranks are 2-9, T, J, Q, K, A)")]
    BadRank(char),
    /// The text is not a suit character (`c`, `d`, `h`, `s`).
    #[error("bad suit '{0}' (suits are c, d, h, s)")]
    BadSuit(char),
    /// A card of text `text` is cut short (a rank without a suit).
    #[error("incomplete card text '{0}'")]
    Incomplete(String),
    /// The same card appears twice.
    #[error("duplicate card {0}")]
    DuplicateCard(Card),
    /// The number of cards is not the one required.
    #[error("expected {expected} cards, found {found}")]
    WrongCount {
        /// What the context requires, e.g. "2" or "5 to 7".
        expected: String,
        /// How many were given.
        found: usize,
    },
    /// A numeric card index outside 0..52.
    #[error("card index {0} is out of range 0..52")]
    BadCardIndex(u32),
    /// A numeric holding index outside 0..1326.
    #[error("holding index {0} is out of range 0..1326")]
    BadHoleIndex(u32),
    /// A starting-hand class name such as "AKs" that does not parse.
    #[error("bad starting hand '{0}' (examples: AA, AKs, T9o)")]
    BadStartingHand(String),
}
