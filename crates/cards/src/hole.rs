//! Hole cards and the 1,326-pair index.
//!
//! For card indices `i < j` the holding index is `i * (103 - i) / 2 + (j - i - 1)`, the
//! position of `(i, j)` in `for i in 0..52 { for j in i+1..52 }`: 2c2d = 0, 2c2h = 1,
//! 2cAs = 50, 2d2h = 51, AhAs = 1325 (the convention of `crates/assess/tests/data/public.json`).
use crate::{parse_cards, Card, CardError, CardSet};
use std::fmt;
use std::str::FromStr;

/// Number of two-card holdings.
pub const HOLDINGS: usize = 1326;

/// Two distinct hole cards, stored low index first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HoleCards {
    lo: Card,
    hi: Card,
}

const fn pair_index(i: usize, j: usize) -> usize {
    i * (103 - i) / 2 + (j - i - 1)
}

/// `PAIRS[h]` = the two card indices of holding `h`.
static PAIRS: [(u8, u8); HOLDINGS] = {
    let mut t = [(0u8, 0u8); HOLDINGS];
    let mut i = 0;
    while i < 52 {
        let mut j = i + 1;
        while j < 52 {
            t[pair_index(i, j)] = (i as u8, j as u8);
            j += 1;
        }
        i += 1;
    }
    t
};

impl HoleCards {
    /// The holding of two cards, in either order.
    ///
    /// # Errors
    /// [`CardError::DuplicateCard`] when `a == b`.
    pub fn new(a: Card, b: Card) -> Result<HoleCards, CardError> {
        match a.cmp(&b) {
            std::cmp::Ordering::Less => Ok(HoleCards { lo: a, hi: b }),
            std::cmp::Ordering::Greater => Ok(HoleCards { lo: b, hi: a }),
            std::cmp::Ordering::Equal => Err(CardError::DuplicateCard(a)),
        }
    }
    /// The holding with index `h` (0..1326).
    ///
    /// # Errors
    /// [`CardError::BadHoleIndex`] when `h >= 1326`.
    pub fn from_index(h: usize) -> Result<HoleCards, CardError> {
        let (i, j) = *PAIRS.get(h).ok_or(CardError::BadHoleIndex(h as u32))?;
        Ok(HoleCards::from_pair_unchecked(i, j))
    }
    fn from_pair_unchecked(i: u8, j: u8) -> HoleCards {
        let card = |x| Card::from_index(x).unwrap_or_else(|_| unreachable!("table holds cards"));
        HoleCards {
            lo: card(i),
            hi: card(j),
        }
    }
    /// All 1,326 holdings in index order.
    pub fn all() -> impl Iterator<Item = HoleCards> {
        PAIRS
            .iter()
            .map(|&(i, j)| HoleCards::from_pair_unchecked(i, j))
    }
    /// The holding index 0..1326.
    pub fn index(self) -> usize {
        pair_index(self.lo.index() as usize, self.hi.index() as usize)
    }
    /// The card with the lower index.
    pub fn low(self) -> Card {
        self.lo
    }
    /// The card with the higher index.
    pub fn high(self) -> Card {
        self.hi
    }
    /// Both cards, low index first.
    pub fn cards(self) -> [Card; 2] {
        [self.lo, self.hi]
    }
    /// Both cards as a set.
    pub fn set(self) -> CardSet {
        CardSet::single(self.lo).with(self.hi)
    }
    /// The card-index pair of holding `h`, low first (`h < 1326`, else `None`).
    pub fn pair_of_index(h: usize) -> Option<(u8, u8)> {
        PAIRS.get(h).copied()
    }
}

/// Holding index of two distinct card indices (either order). Returns `None` for equal
/// or out-of-range indices.
pub fn holding_index(a: u8, b: u8) -> Option<usize> {
    let (i, j) = (a.min(b) as usize, a.max(b) as usize);
    (i < j && j < 52).then(|| pair_index(i, j))
}

impl fmt::Display for HoleCards {
    /// Higher card first, as poker players write it: "AsKd", "7c2d".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.hi, self.lo)
    }
}

impl fmt::Debug for HoleCards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for HoleCards {
    type Err = CardError;
    fn from_str(s: &str) -> Result<HoleCards, CardError> {
        match parse_cards(s)?.as_slice() {
            [a, b] => HoleCards::new(*a, *b),
            other => Err(CardError::WrongCount {
                expected: "2".into(),
                found: other.len(),
            }),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for HoleCards {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for HoleCards {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<HoleCards, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_convention_matches_public_json() {
        let idx = |s: &str| s.parse::<HoleCards>().unwrap().index();
        assert_eq!(idx("2c2d"), 0);
        assert_eq!(idx("2c2h"), 1);
        assert_eq!(idx("2cAs"), 50);
        assert_eq!(idx("2d2h"), 51);
        assert_eq!(idx("6c7d"), 700);
        assert_eq!(idx("AhAs"), 1325);
        assert_eq!(idx("AcAd"), 1320);
        assert_eq!(idx("AsKs"), 1319);
        assert_eq!(idx("AhKd"), 1309);
        assert_eq!(idx("7c2d"), 69);
        assert_eq!(idx("QdTd"), 1162);
        assert_eq!(HoleCards::from_index(1162).unwrap().to_string(), "QdTd");
    }

    #[test]
    fn index_is_a_bijection() {
        for (h, hc) in HoleCards::all().enumerate() {
            assert_eq!(hc.index(), h);
            assert_eq!(HoleCards::from_index(h).unwrap(), hc);
            assert_eq!(hc.to_string().parse::<HoleCards>().unwrap(), hc);
        }
        assert_eq!(HoleCards::all().count(), HOLDINGS);
        assert!(HoleCards::from_index(1326).is_err());
    }

    #[test]
    fn bad_holdings() {
        assert!(matches!(
            "AsAs".parse::<HoleCards>(),
            Err(CardError::DuplicateCard(_))
        ));
        assert!(matches!(
            "AsKsQs".parse::<HoleCards>(),
            Err(CardError::WrongCount { found: 3, .. })
        ));
    }
}
