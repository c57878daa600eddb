//! A set of cards as a 64-bit mask (bit `i` = card index `i`).
use crate::Card;
use std::fmt;

/// A set of cards; bit `i` stands for the card with index `i`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct CardSet(u64);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const FULL: CardSet = CardSet((1 << 52) - 1);
    /// The set with exactly these bits (bits above 51 are dropped).
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & ((1 << 52) - 1))
    }
    /// The raw mask.
    pub const fn bits(self) -> u64 {
        self.0
    }
    /// The set holding one card.
    pub const fn single(c: Card) -> CardSet {
        CardSet(1 << c.index())
    }
    /// Whether `c` is in the set.
    pub const fn contains(self, c: Card) -> bool {
        self.0 & (1 << c.index()) != 0
    }
    /// The set with `c` added.
    #[must_use]
    pub const fn with(self, c: Card) -> CardSet {
        CardSet(self.0 | 1 << c.index())
    }
    /// Adds `c` in place; returns whether it was new.
    pub fn insert(&mut self, c: Card) -> bool {
        let new = !self.contains(c);
        self.0 |= 1 << c.index();
        new
    }
    /// Removes `c` in place.
    pub fn remove(&mut self, c: Card) {
        self.0 &= !(1 << c.index());
    }
    /// Number of cards.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Union.
    #[must_use]
    pub const fn union(self, o: CardSet) -> CardSet {
        CardSet(self.0 | o.0)
    }
    /// Intersection.
    #[must_use]
    pub const fn intersection(self, o: CardSet) -> CardSet {
        CardSet(self.0 & o.0)
    }
    /// Whether the two sets share no card.
    pub const fn is_disjoint(self, o: CardSet) -> bool {
        self.0 & o.0 == 0
    }
    /// The cards not in this set.
    #[must_use]
    pub const fn complement(self) -> CardSet {
        CardSet(!self.0 & ((1 << 52) - 1))
    }
    /// The cards in index order.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Card::from_index(i).unwrap_or_else(|_| unreachable!("bits < 52")))
        })
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        iter.into_iter().fold(CardSet::EMPTY, CardSet::with)
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.iter() {
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet({self})")
    }
}
