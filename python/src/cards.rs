//! Cards, holdings and starting hands (the crate `loki-cards`), with loki's conventions:
//! card text `As`, `Td`; card index `4 * rank + suit` (2c = 0 .. As = 51); holding index
//! `i * (103 - i) / 2 + (j - i - 1)` for card indices `i < j` (2c2d = 0 .. AhAs = 1325);
//! the 169 starting hands on Papp's 13 x 13 grid. Also the argument conversions every
//! other module uses: cards from text, `Card`s or indices; a holding from text, a
//! `HoleCards`, a pair of cards or a holding index.
use crate::args::Int;
use crate::errors;
use loki_cards::{parse_cards, Card, CardError, HoleCards, StartingHand, HOLDINGS};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// A card type's class: the struct (frozen; compared, ordered and hashed as the Rust
/// value), its getters and methods, and the dunders the three share: pickled by index,
/// `int()` and `operator.index` give the index, `str()` the text, `repr()` `Card('As')`.
macro_rules! card_class {
    ($(#[$doc:meta])* $py:ident($inner:ty) as $name:literal, index $index:ty,
     |$this:ident| { $($getters:tt)* } $($own:tt)*) => {
        $(#[$doc])*
        #[pyclass(module = "loki", name = $name, from_py_object, frozen, eq, ord, hash)]
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $py(pub $inner);

        frozen_methods!($py, |$this = self.0| { $($getters)* }
            $($own)*
            fn __getnewargs__(&self) -> ($index,) {
                (self.0.index(),)
            }
            fn __index__(&self) -> $index {
                self.0.index()
            }
            fn __int__(&self) -> $index {
                self.0.index()
            }
            fn __str__(&self) -> String {
                self.0.to_string()
            }
            fn __repr__(&self) -> String {
                format!(concat!($name, "('{}')"), self.0)
            }
        );
    };
}

card_class! {
    /// A playing card. `Card("As")`, `Card(51)`; `int(card)` is its index `4 * rank + suit`.
    PyCard(Card) as "Card", index u8, |c| {
        /// The card index `4 * rank + suit` (2c = 0, 2d = 1, ..., As = 51).
        index: u8 = c.index();
        /// The rank index 0..13 (2 = 0, ..., A = 12).
        rank: u8 = c.rank().index();
        /// The suit index 0..4 (c = 0, d = 1, h = 2, s = 3).
        suit: u8 = c.suit().index();
    }
    /// A card from its text (`"As"`, `"td"`) or its index (0..52).
    #[new]
    fn new(card: &Bound<'_, PyAny>) -> PyResult<PyCard> {
        one_card(card).map(PyCard)
    }
}

card_class! {
    /// Two distinct hole cards (one of the 1,326 holdings). `HoleCards("AsKd")`,
    /// `HoleCards(("As", "Kd"))`, `HoleCards(1325)`; `int(h)` is the holding index.
    PyHoleCards(HoleCards) as "HoleCards", index usize, |h| {
        /// The holding index 0..1326.
        index: usize = h.index();
        /// The card with the higher index.
        high: PyCard = PyCard(h.high());
        /// The card with the lower index.
        low: PyCard = PyCard(h.low());
        /// Both cards, low index first.
        cards: (PyCard, PyCard) = (PyCard(h.low()), PyCard(h.high()));
        /// The starting-hand class (`AKs`, `AKo`, `AA`, ...).
        starting_hand: PyStartingHand = PyStartingHand(StartingHand::of(*h));
    }
    /// A holding from text (`"AsKd"`, either order), two cards, or its index (0..1326).
    #[new]
    fn new(hole: &Bound<'_, PyAny>) -> PyResult<PyHoleCards> {
        hole_arg(hole).map(PyHoleCards)
    }
    /// All 1,326 holdings in index order.
    #[staticmethod]
    fn all() -> Vec<PyHoleCards> {
        HoleCards::all().map(PyHoleCards).collect()
    }
}

card_class! {
    /// One of the 169 starting-hand classes (`"AA"`, `"AKs"`, `"T9o"`); `int(s)` is its
    /// index on Papp's 13 x 13 grid (`row * 13 + col`, suited hands above the diagonal).
    PyStartingHand(StartingHand) as "StartingHand", index usize, |s| {
        /// The grid index 0..169.
        index: usize = s.index();
        /// The higher rank index (2 = 0 .. A = 12).
        high: u8 = s.high().index();
        /// The lower rank index.
        low: u8 = s.low().index();
        /// Whether the two cards share a suit.
        suited: bool = s.is_suited();
        /// Whether the two cards share a rank.
        pair: bool = s.is_pair();
        /// The number of holdings in the class (6, 4 or 12).
        combos: usize = s.combos();
    }
    /// A class from its name (`"AKs"`, `"72o"`, `"QQ"`) or its grid index (0..169).
    #[new]
    fn new(hand: &Bound<'_, PyAny>) -> PyResult<PyStartingHand> {
        starting_hand_arg(hand).map(PyStartingHand)
    }
    /// The holdings of the class.
    fn holdings(&self) -> Vec<PyHoleCards> {
        self.0.holdings().map(PyHoleCards).collect()
    }
    /// All 169 classes in grid-index order.
    #[staticmethod]
    fn all() -> Vec<PyStartingHand> {
        StartingHand::all().map(PyStartingHand).collect()
    }
}

/// One card from a `Card`, its text or its index.
pub fn one_card(obj: &Bound<'_, PyAny>) -> PyResult<Card> {
    if let Ok(c) = obj.extract::<PyCard>() {
        return Ok(c.0);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return s.to_str()?.parse::<Card>().map_err(errors::card);
    }
    match obj.extract::<Int>() {
        Ok(i) => {
            let i: u8 = i.within("card index", 0, 51, errors::card_message)?;
            card_of_index(i.into())
        }
        Err(_) => Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "expected a card (text such as 'As', a Card or an index 0..52), got {}",
            type_name(obj)
        ))),
    }
}

/// The card of an index, checked.
pub fn card_of_index(i: i64) -> PyResult<Card> {
    u8::try_from(i)
        .ok()
        .and_then(|i| Card::from_index(i).ok())
        .ok_or_else(|| errors::card_message(format!("card index must be 0 to 51, got {i}")))
}

/// Cards from text (`"3h4cJh"`, `"3h 4c Jh"`) or an iterable of cards (text, `Card`s
/// or indices); duplicates are refused.
pub fn cards_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Card>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return parse_cards(s.to_str()?).map_err(errors::card);
    }
    let iter = obj.try_iter().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "expected cards (text such as '3h4cJh' or a sequence of cards), got {}",
            type_name(obj)
        ))
    })?;
    let mut out: Vec<Card> = Vec::new();
    for item in iter {
        let c = one_card(&item?)?;
        if out.contains(&c) {
            return Err(errors::card(CardError::DuplicateCard(c)));
        }
        if out.len() >= 64 {
            return Err(errors::card(CardError::WrongCount {
                expected: "at most 52".into(),
                found: out.len() + 1,
            }));
        }
        out.push(c);
    }
    Ok(out)
}

/// The board argument: cards as `cards_arg` takes them, or `None` for no card.
pub fn board_arg(board: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Card>> {
    board
        .filter(|b| !b.is_none())
        .map_or(Ok(Vec::new()), cards_arg)
}

/// A holding from a `HoleCards`, text (`"AsKd"`), two cards, or a holding index.
pub fn hole_arg(obj: &Bound<'_, PyAny>) -> PyResult<HoleCards> {
    if let Ok(h) = obj.extract::<PyHoleCards>() {
        return Ok(h.0);
    }
    if obj.cast::<PyString>().is_err() {
        if let Ok(i) = obj.extract::<Int>() {
            let i: usize = i.within("holding index", 0, 1325, errors::card_message)?;
            return HoleCards::from_index(i).map_err(errors::card);
        }
    }
    match cards_arg(obj)?.as_slice() {
        [a, b] => HoleCards::new(*a, *b).map_err(errors::card),
        other => Err(errors::card(CardError::WrongCount {
            expected: "2".into(),
            found: other.len(),
        })),
    }
}

/// A starting hand from a `StartingHand`, its name (`"AKs"`) or its grid index; a
/// holding (`HoleCards` or `"AsKs"`) gives its class.
pub fn starting_hand_arg(obj: &Bound<'_, PyAny>) -> PyResult<StartingHand> {
    if let Ok(h) = obj.extract::<PyStartingHand>() {
        return Ok(h.0);
    }
    if let Ok(h) = obj.extract::<PyHoleCards>() {
        return Ok(StartingHand::of(h.0));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let text = s.to_str()?;
        if let Ok(h) = text.parse::<StartingHand>() {
            return Ok(h);
        }
        if let Ok(h) = text.parse::<HoleCards>() {
            return Ok(StartingHand::of(h));
        }
        return Err(errors::card(CardError::BadStartingHand(text.to_string())));
    }
    match obj.extract::<Int>() {
        Ok(i) => {
            let i: usize = i.within("starting-hand index", 0, 168, errors::card_message)?;
            StartingHand::from_index(i).map_err(errors::card)
        }
        Err(_) => Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "expected a starting hand ('AKs', a StartingHand or an index 0..169), got {}",
            type_name(obj)
        ))),
    }
}

/// The Python type name of an object, for error messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "an unknown type".into())
}

/// Parses card text (`"AdQc"`, `"3h 4c Jh"`, any case) into cards, refusing duplicates.
#[pyfunction]
#[pyo3(name = "parse_cards")]
fn parse_cards_py(text: &str) -> PyResult<Vec<PyCard>> {
    Ok(parse_cards(text)
        .map_err(errors::card)?
        .into_iter()
        .map(PyCard)
        .collect())
}

/// The indices (`4 * rank + suit`) of cards given as text, `Card`s or indices.
#[pyfunction]
fn card_indices(cards: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
    // usize, not u8: PyO3 turns a Vec<u8> into bytes.
    Ok(cards_arg(cards)?
        .into_iter()
        .map(|c| usize::from(c.index()))
        .collect())
}

/// The holding index (0..1326) of two card indices, in either order.
#[pyfunction]
fn holding_index(a: Int, b: Int) -> PyResult<usize> {
    let a: u8 = a.within("a", 0, 51, errors::card_message)?;
    let b: u8 = b.within("b", 0, 51, errors::card_message)?;
    let (a, b) = (card_of_index(a.into())?, card_of_index(b.into())?);
    HoleCards::new(a, b)
        .map(HoleCards::index)
        .map_err(errors::card)
}

/// The two card indices (low, high) of a holding index.
#[pyfunction]
fn holding_cards(index: Int) -> PyResult<(u8, u8)> {
    let i: usize = index.within("index", 0, 1325, errors::card_message)?;
    HoleCards::pair_of_index(i)
        .ok_or_else(|| errors::card_message(format!("index must be 0 to 1325, got {i}")))
}

register! {
    classes: PyCard, PyHoleCards, PyStartingHand;
    functions: parse_cards_py, card_indices, holding_index, holding_cards;
    |m| {
        m.add("HOLDINGS", HOLDINGS)?;
        m.add("STARTING_HANDS", loki_cards::STARTING_HANDS)?;
    }
}
