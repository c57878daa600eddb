//! The 7-card evaluator (`loki_cards::Hand`, the perfect-hash evaluator of
//! `crates/cards/src/hand.rs`): one hand, the best five cards, the category of a rank,
//! and a batch over a NumPy array of card indices that releases the GIL.
//!
//! A rank is the evaluator's `HandRank::value()`: higher is better, equal is a split, the
//! category (1 = high card .. 9 = straight flush) in the top four bits (`rank >> 12`).
use crate::args::Int;
use crate::cards::{cards_arg, PyCard};
use crate::errors;
use loki_cards::{best_five, evaluate, CardError, Hand, HandCategory};
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
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
fn category(rank: Int) -> PyResult<&'static str> {
    let rank: u16 = rank.within("rank", 0, i128::from(u16::MAX), errors::lokierr)?;
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

/// A NumPy integer type of card indices: its value as `u64` (a negative one far past 51)
/// and as `i128` for messages.
trait CardIndex: numpy::Element + Copy + Send + Sync {
    fn card(self) -> u64;
    fn value(self) -> i128;
}

macro_rules! card_index {
    ($($t:ty => $wide:ty),*) => {$(
        impl CardIndex for $t {
            #[inline(always)]
            fn card(self) -> u64 {
                self as $wide as u64
            }
            fn value(self) -> i128 {
                self as i128
            }
        }
    )*};
}
card_index!(u8 => u64, u16 => u64, u32 => u64, u64 => u64, i8 => i64, i16 => i64, i32 => i64, i64 => i64);

/// Ranks rows of `K` card indices into `out`. Returns whether every row had `K` distinct
/// cards (an index past 51 adds no card, and a card given twice sets its mask bit once:
/// both leave fewer than `K` cards); `check = false` skips that test. The conversion
/// from `T` happens here, card by card, so that no other pass over the input is needed.
/// No early exit: the caller finds the bad row only when there is one, so the loop stays
/// straight.
#[inline(always)]
fn rank_rows<T: CardIndex, const K: usize>(cards: &[T], out: &mut [u16], check: bool) -> bool {
    let mut ok = true;
    for (h, o) in cards.chunks_exact(K).zip(out.iter_mut()) {
        let mut hand = Hand::EMPTY;
        for &c in h {
            hand = hand.with_index(c.card().min(255) as u8);
        }
        if check {
            ok &= hand.len() == K;
        }
        *o = hand.rank().value();
    }
    ok
}

/// [`rank_rows`] compiled with the `popcnt` instruction, which the distinct-card test
/// (`Hand::len`, a population count) needs to stay cheap: without it the test costs
/// about as much as the evaluation.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn rank_rows_popcnt<T: CardIndex, const K: usize>(
    cards: &[T],
    out: &mut [u16],
    check: bool,
) -> bool {
    rank_rows::<T, K>(cards, out, check)
}

/// Ranks the rows, with `popcnt` where the CPU has it.
fn rank_all<T: CardIndex, const K: usize>(cards: &[T], out: &mut [u16], check: bool) -> bool {
    #[cfg(target_arch = "x86_64")]
    if check && std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU supports `popcnt` (checked just above), the only requirement
        // of calling a function compiled with `#[target_feature(enable = "popcnt")]`.
        #[allow(unsafe_code)]
        return unsafe { rank_rows_popcnt::<T, K>(cards, out, check) };
    }
    rank_rows::<T, K>(cards, out, check)
}

/// The first row with an index outside 0..52, or (with `check`) a repeated card.
fn first_bad_row<T: CardIndex>(cards: &[T], k: usize, check: bool) -> Option<usize> {
    cards.chunks_exact(k).position(|h| {
        h.iter().any(|c| c.card() >= 52)
            || (check
                && h.iter()
                    .enumerate()
                    .any(|(i, c)| h[..i].iter().any(|d| d.card() == c.card())))
    })
}

/// Why a row of card indices is not a hand.
fn bad_row<T: CardIndex>(row: usize, cards: &[T]) -> PyErr {
    let reason = match cards.iter().find(|c| c.card() >= 52) {
        Some(c) => format!("card index {} is out of range 0..52", c.value()),
        None => {
            let dup = cards
                .iter()
                .enumerate()
                .find(|(i, c)| cards[..*i].iter().any(|d| d.card() == c.card()))
                .map_or(0, |(_, c)| c.card() as u8);
            let card = loki_cards::Card::from_index(dup)
                .map_or_else(|_| dup.to_string(), |c| c.to_string());
            format!("duplicate card {card}")
        }
    };
    errors::card_message(format!("row {row}: {reason}"))
}

/// The ranks of a C-contiguous array of `T`, into `out`.
fn rank_batch<'py, T: CardIndex>(
    py: Python<'py>,
    cards: PyReadonlyArray2<'py, T>,
    check: bool,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let [n, k] = [cards.shape()[0], cards.shape()[1]];
    check_count(k)?;
    let slice = cards
        .as_slice()
        .map_err(|_| errors::LokiError::new_err("the card array must be C-contiguous"))?;
    let out = match out.filter(|o| !o.is_none()) {
        Some(o) => o.cast::<PyArray1<u16>>().cloned().map_err(|_| {
            let what = o.getattr("dtype").map_or_else(
                |_| crate::cards::type_name(o),
                |d| format!("an array of {d}"),
            );
            pyo3::exceptions::PyTypeError::new_err(format!(
                "out must be a C-contiguous one-dimensional uint16 array of {n} ranks, got {what}"
            ))
        })?,
        None => PyArray1::zeros(py, n, false),
    };
    let ok = {
        let mut guard = out.try_readwrite().map_err(|_| {
            errors::LokiError::new_err("out is not writeable (or is borrowed elsewhere)")
        })?;
        let ranks = guard
            .as_slice_mut()
            .map_err(|_| errors::LokiError::new_err("out must be a C-contiguous uint16 array"))?;
        if ranks.len() != n {
            return Err(errors::LokiError::new_err(format!(
                "out must hold {n} ranks (one per hand), got {}",
                ranks.len()
            )));
        }
        py.detach(|| {
            let distinct = match k {
                5 => rank_all::<T, 5>(slice, ranks, check),
                6 => rank_all::<T, 6>(slice, ranks, check),
                _ => rank_all::<T, 7>(slice, ranks, check),
            };
            // The distinct-card test also catches an index outside 0..52 (it adds no
            // card); without it, one vectorized pass does, as that is an error either way.
            distinct && (check || slice.iter().fold(0u64, |m, &c| m.max(c.card())) < 52)
        })
    };
    if !ok {
        if let Some(row) = first_bad_row(slice, k, check) {
            return Err(bad_row(row, &slice[row * k..(row + 1) * k]));
        }
    }
    Ok(out)
}

/// Ranks every row of a C-contiguous integer array (any of NumPy's eight integer types)
/// of shape `(n, k)`, `k` in 5..=7, of card indices, converting in the ranking loop; the
/// GIL is released while ranking. Every index must be in 0..52; with `check` each row
/// must also hold distinct cards (without it a repeated card gives an unspecified rank,
/// never an error or a crash). The ranks go into `out` (a C-contiguous `uint16` array of
/// `n`, reused across calls) or a new array, which is returned.
#[pyfunction]
#[pyo3(signature = (cards, check = true, out = None))]
fn _evaluate_batch<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    check: bool,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    macro_rules! by_dtype {
        ($($t:ty),*) => {$(
            if let Ok(a) = cards.extract::<PyReadonlyArray2<'py, $t>>() {
                return rank_batch::<$t>(py, a, check, out);
            }
        )*};
    }
    by_dtype!(u8, i64, i32, u16, i16, u32, u64, i8);
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "expected a two-dimensional integer array of card indices, got {}",
        cards.getattr("dtype").map_or_else(
            |_| crate::cards::type_name(cards),
            |d| format!("an array of {d}")
        )
    )))
}

/// Not API: the loop of `loki bench`'s `eval_random_per_s` (`crates/cli/src/bench.rs`:
/// each row folded into a hand, the ranks summed; no output array, no checks) over the
/// rows of a C-contiguous `uint8` array of shape `(n, 7)`, returning the sum.
/// `python/bench/bench_eval.py` times it against `evaluate_batch` in the same process,
/// call by call, which a shared machine's load disturbs far less than two processes.
#[pyfunction]
fn _bench_reference_loop(py: Python<'_>, cards: PyReadonlyArray2<'_, u8>) -> PyResult<u64> {
    let slice = cards
        .as_slice()
        .map_err(|_| errors::LokiError::new_err("the card array must be C-contiguous"))?;
    if cards.shape()[1] != 7 {
        return Err(errors::LokiError::new_err(
            "the reference loop takes 7-card rows",
        ));
    }
    Ok(py.detach(|| {
        let mut acc = 0u64;
        for h in slice.chunks_exact(7) {
            let hand = h.iter().fold(Hand::EMPTY, |acc, &c| acc.with_index(c));
            acc = acc.wrapping_add(u64::from(hand.rank().value()));
        }
        std::hint::black_box(acc)
    }))
}

register! {
    functions: evaluate_py, best_five_py, category, _evaluate_batch, _bench_reference_loop;
    |m| {
        m.add("CATEGORIES", HandCategory::ALL.iter().map(|c| c.name()).collect::<Vec<_>>())?;
    }
}
