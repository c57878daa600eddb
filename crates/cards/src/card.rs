//! Ranks, suits and cards, with the rank-major index `4 * rank + suit`
//! (2c = 0, 2d = 1, 2h = 2, 2s = 3, 3c = 4, ..., As = 51), the convention of the whole
//! project and of `crates/assess/tests/data/public.json`; and [`CardError`], why card
//! text, card indices or a holding do not parse.
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A card rank, Two (0) to Ace (12).
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    /// All ranks, lowest first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];
    /// The rank with index `i` (0 = Two .. 12 = Ace).
    pub fn from_index(i: u8) -> Option<Rank> {
        Rank::ALL.get(i as usize).copied()
    }
    /// The index 0 (Two) .. 12 (Ace).
    pub fn index(self) -> u8 {
        self as u8
    }
    /// The character `2`..`9`, `T`, `J`, `Q`, `K`, `A`.
    pub fn to_char(self) -> char {
        b"23456789TJQKA"[self as usize] as char
    }
    /// Parses one rank character, case-insensitive.
    ///
    /// # Errors
    /// [`CardError::BadRank`] for anything else.
    pub fn from_char(c: char) -> Result<Rank, CardError> {
        let i = "23456789TJQKA"
            .find(c.to_ascii_uppercase())
            .ok_or(CardError::BadRank(c))?;
        Ok(Rank::ALL[i])
    }
}

/// A suit: clubs (0), diamonds (1), hearts (2), spades (3).
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    /// All suits in index order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    /// The index 0..4.
    pub fn index(self) -> u8 {
        self as u8
    }
    /// The suit with index `i` (0 = c, 1 = d, 2 = h, 3 = s).
    pub fn from_index(i: u8) -> Option<Suit> {
        Suit::ALL.get(i as usize).copied()
    }
    /// The character `c`, `d`, `h` or `s`.
    pub fn to_char(self) -> char {
        b"cdhs"[self as usize] as char
    }
    /// Parses `c`, `d`, `h` or `s` (lower case).
    ///
    /// # Errors
    /// [`CardError::BadSuit`] for anything else.
    pub fn from_char(c: char) -> Result<Suit, CardError> {
        let i = "cdhs".find(c).ok_or(CardError::BadSuit(c))?;
        Ok(Suit::ALL[i])
    }
}

/// One of the 52 cards, stored as its index `4 * rank + suit`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(4 * rank as u8 + suit as u8)
    }
    /// The card with index `i`.
    ///
    /// # Errors
    /// [`CardError::BadCardIndex`] when `i >= 52`.
    pub fn from_index(i: u8) -> Result<Card, CardError> {
        if i < 52 {
            Ok(Card(i))
        } else {
            Err(CardError::BadCardIndex(i as u32))
        }
    }
    /// All 52 cards in index order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }
    /// The index `4 * rank + suit`, 0..52.
    pub const fn index(self) -> u8 {
        self.0
    }
    /// The rank.
    pub fn rank(self) -> Rank {
        Rank::ALL[(self.0 >> 2) as usize]
    }
    /// The suit.
    pub fn suit(self) -> Suit {
        Suit::ALL[(self.0 & 3) as usize]
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().to_char(), self.suit().to_char())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = CardError;
    fn from_str(s: &str) -> Result<Card, CardError> {
        let cards = parse_cards(s)?;
        match cards.as_slice() {
            [c] => Ok(*c),
            _ => Err(CardError::WrongCount {
                expected: "1".into(),
                found: cards.len(),
            }),
        }
    }
}

/// Parses card text such as `"As"`, `"AdQc"`, `"3h4cJh"` or `"3h 4c Jh"` (whitespace and
/// commas between cards are allowed) into cards, in order, refusing duplicates.
///
/// # Errors
/// A bad rank or suit, a card cut short, or a card given twice.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, CardError> {
    let mut out: Vec<Card> = Vec::new();
    let mut chars = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .peekable();
    while let Some(r) = chars.next() {
        let rank = Rank::from_char(r)?;
        let s = chars
            .next()
            .ok_or_else(|| CardError::Incomplete(text.trim().to_string()))?;
        let card = Card::new(rank, Suit::from_char(s)?);
        if out.contains(&card) {
            return Err(CardError::DuplicateCard(card));
        }
        out.push(card);
    }
    Ok(out)
}

#[cfg(feature = "serde")]
impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_follow_the_convention() {
        assert_eq!("2c".parse::<Card>().unwrap().index(), 0);
        assert_eq!("2d".parse::<Card>().unwrap().index(), 1);
        assert_eq!("3c".parse::<Card>().unwrap().index(), 4);
        assert_eq!("Ac".parse::<Card>().unwrap().index(), 48);
        assert_eq!("As".parse::<Card>().unwrap().index(), 51);
        assert_eq!("ts".parse::<Card>().unwrap().to_string(), "Ts");
    }

    #[test]
    fn bad_text_is_a_typed_error() {
        assert_eq!("1x".parse::<Card>(), Err(CardError::BadRank('1')));
        assert_eq!("Ax".parse::<Card>(), Err(CardError::BadSuit('x')));
        assert_eq!("AS".parse::<Card>(), Err(CardError::BadSuit('S')));
        assert!(matches!(parse_cards("AsA"), Err(CardError::Incomplete(_))));
        assert!(matches!(
            parse_cards("AsKsAs"),
            Err(CardError::DuplicateCard(_))
        ));
        assert!(matches!(
            "AsKs".parse::<Card>(),
            Err(CardError::WrongCount { found: 2, .. })
        ));
        assert_eq!(Card::from_index(52), Err(CardError::BadCardIndex(52)));
    }

    #[test]
    fn parse_accepts_separators() {
        let v = parse_cards("3h 4c,Jh").unwrap();
        assert_eq!(v.len(), 3);
        assert_eq!(v[2].to_string(), "Jh");
    }
}
