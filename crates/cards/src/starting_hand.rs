//! The 169 starting-hand classes (AA, AKs, AKo, ...), laid out as in Papp's income-rate
//! tables: a 13 x 13 grid indexed `row * 13 + col` by rank index, suited hands above the
//! diagonal's mirror (`row > col`: row = high rank), offsuit hands below (`row < col`:
//! row = low rank) and pairs on the diagonal.
use crate::{Card, CardError, HoleCards, Rank, Suit};
use std::fmt;
use std::str::FromStr;

/// Number of starting-hand classes.
pub const STARTING_HANDS: usize = 169;

/// A starting-hand class: two ranks (high first) and whether the cards are suited.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StartingHand {
    high: Rank,
    low: Rank,
    suited: bool,
}

impl StartingHand {
    /// A class from two ranks (either order) and suitedness.
    ///
    /// # Errors
    /// A pair cannot be suited.
    pub fn new(a: Rank, b: Rank, suited: bool) -> Result<StartingHand, CardError> {
        if a == b && suited {
            return Err(CardError::BadStartingHand(format!(
                "{}{}s",
                a.to_char(),
                b.to_char()
            )));
        }
        Ok(StartingHand {
            high: a.max(b),
            low: a.min(b),
            suited,
        })
    }
    /// The class of a holding.
    pub fn of(h: HoleCards) -> StartingHand {
        let [a, b] = h.cards();
        StartingHand {
            high: a.rank().max(b.rank()),
            low: a.rank().min(b.rank()),
            suited: a.suit() == b.suit() && a.rank() != b.rank(),
        }
    }
    /// The grid index 0..169 (see the module docs).
    pub fn index(self) -> usize {
        let (h, l) = (self.high as usize, self.low as usize);
        if self.suited {
            h * 13 + l
        } else {
            l * 13 + h
        }
    }
    /// The class with grid index `i`.
    ///
    /// # Errors
    /// `i >= 169`.
    pub fn from_index(i: usize) -> Result<StartingHand, CardError> {
        if i >= STARTING_HANDS {
            return Err(CardError::BadStartingHand(i.to_string()));
        }
        let (row, col) = (Rank::ALL[i / 13], Rank::ALL[i % 13]);
        Ok(StartingHand {
            high: row.max(col),
            low: row.min(col),
            suited: row > col,
        })
    }
    /// All 169 classes in grid-index order.
    pub fn all() -> impl Iterator<Item = StartingHand> {
        (0..STARTING_HANDS).map(|i| StartingHand::from_index(i).unwrap_or_else(|_| unreachable!()))
    }
    /// The higher rank.
    pub fn high(self) -> Rank {
        self.high
    }
    /// The lower rank.
    pub fn low(self) -> Rank {
        self.low
    }
    /// Whether the class is suited.
    pub fn is_suited(self) -> bool {
        self.suited
    }
    /// Whether the class is a pair.
    pub fn is_pair(self) -> bool {
        self.high == self.low
    }
    /// The number of holdings in the class: 6 (pair), 4 (suited) or 12 (offsuit).
    pub fn combos(self) -> usize {
        if self.is_pair() {
            6
        } else if self.suited {
            4
        } else {
            12
        }
    }
    /// All holdings of the class.
    pub fn holdings(self) -> impl Iterator<Item = HoleCards> {
        let me = self;
        HoleCards::all().filter(move |h| StartingHand::of(*h) == me)
    }
    /// One holding of the class (the lowest suits).
    pub fn representative(self) -> HoleCards {
        let a = Card::new(self.high, Suit::Clubs);
        let b = Card::new(
            self.low,
            if self.suited {
                Suit::Clubs
            } else {
                Suit::Diamonds
            },
        );
        HoleCards::new(a, b).unwrap_or_else(|_| unreachable!("distinct cards"))
    }
}

impl fmt::Display for StartingHand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.high.to_char(), self.low.to_char())?;
        if !self.is_pair() {
            write!(f, "{}", if self.suited { 's' } else { 'o' })?;
        }
        Ok(())
    }
}

impl fmt::Debug for StartingHand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for StartingHand {
    type Err = CardError;
    fn from_str(s: &str) -> Result<StartingHand, CardError> {
        let bad = || CardError::BadStartingHand(s.to_string());
        let c: Vec<char> = s.trim().chars().collect();
        let (a, b) = match c.as_slice() {
            [a, b] | [a, b, _] => (
                Rank::from_char(*a).map_err(|_| bad())?,
                Rank::from_char(*b).map_err(|_| bad())?,
            ),
            _ => return Err(bad()),
        };
        let suited = match c.get(2).map(|x| x.to_ascii_lowercase()) {
            None if a == b => false,
            Some('s') if a != b => true,
            Some('o') if a != b => false,
            _ => return Err(bad()),
        };
        StartingHand::new(a, b, suited)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_layout_and_counts() {
        let all: Vec<_> = StartingHand::all().collect();
        assert_eq!(all.len(), 169);
        let total: usize = all.iter().map(|s| s.combos()).sum();
        assert_eq!(total, 1326);
        // Papp: IR2[3][2] is 3-2 suited, IR2[2][3] is 3-2 offsuit (rank indices 1 and 0 here).
        assert_eq!(StartingHand::from_index(13).unwrap().to_string(), "32s");
        assert_eq!(StartingHand::from_index(1).unwrap().to_string(), "32o");
        assert_eq!("AA".parse::<StartingHand>().unwrap().index(), 168);
        for s in &all {
            assert_eq!(s.to_string().parse::<StartingHand>().unwrap(), *s);
            assert_eq!(s.holdings().count(), s.combos());
            assert_eq!(StartingHand::of(s.representative()), *s);
        }
        assert!("AAs".parse::<StartingHand>().is_err());
        assert!("AK".parse::<StartingHand>().is_err());
        assert!("A1o".parse::<StartingHand>().is_err());
    }
}
