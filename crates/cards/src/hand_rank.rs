//! Hand ranks: a `u16` whose top four bits are the category (1 = high card .. 9 =
//! straight flush) and whose low twelve bits order the hands within the category, so
//! that comparing two ranks is one integer comparison (higher is better). The 7,462
//! classes of five-card hands each get one value; 0 means "fewer than five cards".
use std::fmt;

/// The category of a poker hand, weakest first.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum HandCategory {
    HighCard = 1,
    Pair,
    TwoPair,
    ThreeOfAKind,
    Straight,
    Flush,
    FullHouse,
    FourOfAKind,
    StraightFlush,
}

impl HandCategory {
    /// All categories, weakest first.
    pub const ALL: [HandCategory; 9] = [
        HandCategory::HighCard,
        HandCategory::Pair,
        HandCategory::TwoPair,
        HandCategory::ThreeOfAKind,
        HandCategory::Straight,
        HandCategory::Flush,
        HandCategory::FullHouse,
        HandCategory::FourOfAKind,
        HandCategory::StraightFlush,
    ];
    /// The name printed everywhere: "high card", "pair", "two pair", "three of a kind",
    /// "straight", "flush", "full house", "four of a kind", "straight flush".
    pub fn name(self) -> &'static str {
        match self {
            HandCategory::HighCard => "high card",
            HandCategory::Pair => "pair",
            HandCategory::TwoPair => "two pair",
            HandCategory::ThreeOfAKind => "three of a kind",
            HandCategory::Straight => "straight",
            HandCategory::Flush => "flush",
            HandCategory::FullHouse => "full house",
            HandCategory::FourOfAKind => "four of a kind",
            HandCategory::StraightFlush => "straight flush",
        }
    }
}

impl fmt::Display for HandCategory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The value of a hand; higher is better, equal means a split.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct HandRank(pub(crate) u16);

impl HandRank {
    /// The raw value (category in the top four bits).
    pub const fn value(self) -> u16 {
        self.0
    }
    /// The category, or `None` for the rank of fewer than five cards.
    pub fn category(self) -> Option<HandCategory> {
        HandCategory::ALL
            .get((self.0 >> 12).checked_sub(1)? as usize)
            .copied()
    }
    /// Whether this is a real rank (five or more cards were evaluated).
    pub const fn is_valid(self) -> bool {
        self.0 != 0
    }
}
