//! The 7-card evaluator (`loki_cards::Hand`, the perfect-hash evaluator of
//! `crates/cards/src/hand.rs`): one hand, the best five cards, the category of a rank,
//! and a batch over a NumPy array of card indices that releases the GIL.
//!
//! A rank is the evaluator's `HandRank::value()`: higher is better, equal is a split, the
//! category (1 = high card .. 9 = straight flush) in the top four bits (`rank >> 12`).
use crate::cards::{cards_arg, PyCard};
use crate::errors;
use loki_cards::{best_five, evaluate, CardError, Hand, HandCategory};
use numpy::{PyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;

/// The rank of the best five of 5 to 7 distinct cards (text, `Card`s or indices).
#[pyfunction]
#[pyo3(name = "evaluate")]
fn evaluate_py(cards: &Bound<'_, PyAny>) -> PyResult<u16> {
    let cards = cards_arg(cards)?;
    check_count(cards.len())?;
    Ok(evaluate(&cards).value())
}

fn check_count(n: usize) -> PyResult<()> {
    if (5..=7).contains(&n) {
        Ok(())
    } else {
        Err(errors::card(CardError::WrongCount {
            expected: "5 to 7".into(),
            found: n,
        }))
    }
}

/// The best five of 5 to 7 distinct cards, strongest first, and the hand's rank (as
/// `loki eval` prints them).
#[pyfunction]
#[pyo3(name = "best_five")]
fn best_five_py(cards: &Bound<'_, PyAny>) -> PyResult<(Vec<PyCard>, u16)> {
    let cards = cards_arg(cards)?;
    check_count(cards.len())?;
    let (five, rank) = best_five(&cards).ok_or_else(|| {
        errors::card(CardError::WrongCount {
            expected: "5 to 7".into(),
            found: cards.len(),
        })
    })?;
    Ok((five.into_iter().map(PyCard).collect(), rank.value()))
}

/// The category of a rank as `loki eval` names it ("high card" .. "straight flush").
#[pyfunction]
fn category(rank: u16) -> PyResult<&'static str> {
    (rank >> 12)
        .checked_sub(1)
        .and_then(|i| HandCategory::ALL.get(usize::from(i)))
        .map(|c| c.name())
        .ok_or_else(|| {
            errors::LokiError::new_err(format!(
                "{rank} is not a hand rank (ranks of 5 to 7 cards have a category 1..9 in their top four bits)"
            ))
        })
}

/// Ranks rows of `K` card indices into `out`; the first invalid row (an index of 52 or
/// more, or a card given twice) stops it and is returned.
fn rank_rows<const K: usize>(cards: &[u8], out: &mut [u16]) -> Result<(), usize> {
    for (row, (h, o)) in cards.chunks_exact(K).zip(out.iter_mut()).enumerate() {
        let mut hand = Hand::EMPTY;
        for &c in h {
            hand = hand.with_index(c);
        }
        // `with_index` adds nothing for an index past 51 and a card given twice sets its
        // mask bit once: both leave fewer than K cards.
        if hand.len() != K {
            return Err(row);
        }
        *o = hand.rank().value();
    }
    Ok(())
}

/// Why a row of card indices is not a hand.
fn bad_row(row: usize, cards: &[u8]) -> PyErr {
    let reason = match cards.iter().find(|&&c| c >= 52) {
        Some(c) => CardError::BadCardIndex(u32::from(*c)).to_string(),
        None => {
            let dup = cards
                .iter()
                .enumerate()
                .find(|(i, c)| cards[..*i].contains(c))
                .map_or(0, |(_, c)| *c);
            let card = loki_cards::Card::from_index(dup)
                .map_or_else(|_| dup.to_string(), |c| c.to_string());
            format!("duplicate card {card}")
        }
    };
    errors::card_message(format!("row {row}: {reason}"))
}

/// Ranks every row of a C-contiguous `uint8` array of shape `(n, k)`, `k` in 5..=7, of
/// card indices; the GIL is released while ranking. `loki.evaluate_batch` converts other
/// integer arrays first.
#[pyfunction]
fn _evaluate_batch<'py>(
    py: Python<'py>,
    cards: PyReadonlyArray2<'py, u8>,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let [n, k] = [cards.shape()[0], cards.shape()[1]];
    check_count(k)?;
    let slice = cards
        .as_slice()
        .map_err(|_| errors::LokiError::new_err("the card array must be C-contiguous"))?;
    let mut out = vec![0u16; n];
    let result = py.detach(|| match k {
        5 => rank_rows::<5>(slice, &mut out),
        6 => rank_rows::<6>(slice, &mut out),
        _ => rank_rows::<7>(slice, &mut out),
    });
    if let Err(row) = result {
        return Err(bad_row(row, &slice[row * k..(row + 1) * k]));
    }
    Ok(PyArray1::from_vec(py, out))
}

/// Adds the functions of this module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(evaluate_py, m)?)?;
    m.add_function(wrap_pyfunction!(best_five_py, m)?)?;
    m.add_function(wrap_pyfunction!(category, m)?)?;
    m.add_function(wrap_pyfunction!(_evaluate_batch, m)?)?;
    m.add(
        "CATEGORIES",
        HandCategory::ALL
            .iter()
            .map(|c| c.name())
            .collect::<Vec<_>>(),
    )?;
    Ok(())
}
