//! Cards, card sets, hole-card pairs and an exact, very fast 5-7 card evaluator: the
//! vocabulary of loki (a re-creation of the University of Alberta's Loki; Billings, Papp,
//! Schaeffer, Szafron, "Opponent Modeling in Poker", AAAI 1998).
//!
//! ```
//! use loki_cards::{parse_cards, Hand, HandCategory};
//! let board = Hand::EMPTY.with_all(&parse_cards("3h4cJh").unwrap());
//! let hole = parse_cards("AdQc").unwrap();
//! let rank = board.with(hole[0]).with(hole[1]).rank();
//! assert_eq!(rank.category(), Some(HandCategory::HighCard));
//! ```
//!
//! Conventions used across the project: card index `4 * rank + suit` (2c = 0 .. As =
//! 51), holding index `i * (103 - i) / 2 + (j - i - 1)` for card indices `i < j`.
#![forbid(unsafe_code)]

mod card;
mod card_set;
mod deck;
mod hand;
mod hand_rank;
mod hole;
mod starting_hand;
#[allow(missing_docs)]
mod tables {
    include!(concat!(env!("OUT_DIR"), "/tables.rs"));
}

pub use card::{parse_cards, Card, CardError, Rank, Suit};
pub use card_set::CardSet;
pub use deck::{
    mix, random_hands, rng_from_seed, rng_from_state, rng_state, uniform_below, uniform_unit, Deck,
    LokiRng,
};
pub use hand::{best_five, evaluate, Hand};
pub use hand_rank::{HandCategory, HandRank};
pub use hole::{holding_index, HoleCards, HOLDINGS};
pub use starting_hand::{StartingHand, STARTING_HANDS};

/// Slots of the evaluator's one 65,536-entry rank table that some hand reads (for
/// documentation and benches).
pub const RANK_TABLE_ENTRIES: usize = tables::RANK_LOOKUP_USED;
