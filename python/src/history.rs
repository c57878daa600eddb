//! Hand histories (the crate `loki-history`): PokerKit's PHH and ACPC logs, every hand
//! replayed through the engine; finished hands as records, written back as PHH or ACPC
//! `STATE` lines.
use crate::cards::{PyCard, PyHoleCards};
use crate::errors;
use crate::game::{action_name, event_dict, PyGameConfig};
use crate::methods::rebuilder;
use crate::steps;
use loki_engine::{GameSpec, HandRecord, Seat};
use loki_history::{read_history as read_any, HistoryError, ReplayedHand};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// A finished hand, by position: what PHH and ACPC histories hold.
#[pyclass(module = "loki", name = "HandRecord", from_py_object, frozen)]
#[derive(Clone)]
pub struct PyHandRecord(pub HandRecord);

frozen_methods! {
    PyHandRecord, |r = self.0| {
        /// The hand number (the engine's and ACPC logs' numbering, from 0; `to_phh()` writes
        /// it plus 1 as PHH's `hand`, which counts from 1).
        hand_number: u64 = r.hand_number;
        /// The game.
        config: PyGameConfig = PyGameConfig(r.config.clone());
        /// Player names by position.
        names: Vec<String> = r.names.as_slice().to_vec();
        /// The seat of each position.
        seats: Vec<usize> = r.seats.iter().map(|s| s.index()).collect();
        /// Hole cards by position (`None` for a holding the history does not show, PHH's
        /// `????`).
        hole: Vec<Option<PyHoleCards>> = r.hole.iter().map(|h| h.map(PyHoleCards)).collect();
        /// The board as far as the hand reached.
        board: Vec<PyCard> = r.board.iter().copied().map(PyCard).collect();
        /// Chips put in by each position.
        contributions: Vec<i64> = r.contributions.as_slice().to_vec();
        /// Net chips by position (sums to zero).
        net: Vec<i64> = r.net.as_slice().to_vec();
        /// Showdown ranks by position (None: folded, or no showdown).
        ranks: Vec<Option<u16>> = r.ranks.iter().map(|r| r.map(|r| r.value())).collect();
        /// Starting stacks by position (configured, or the deep stack of histories).
        starting_stacks: Vec<i64> = r.starting_stacks.as_slice().to_vec();
        /// Finishing stacks: starting stacks plus net.
        finishing_stacks: Vec<i64> = r.finishing_stacks.as_slice().to_vec();
    }
    /// The actions of each round reached, as (position, "fold" | "call" | "raise").
    #[getter]
    fn actions(&self) -> Vec<Vec<(usize, &'static str)>> {
        self.0
            .actions
            .iter()
            .map(|r| r.iter().map(|(p, a)| (p.index(), action_name(*a))).collect())
            .collect()
    }
    /// The ACPC betting string of the hand (`"crrc/rc/cc/rf"`).
    #[getter]
    fn betting(&self) -> String {
        self.0
            .actions
            .iter()
            .map(|r| r.iter().map(|(_, a)| a.acpc_char()).collect::<String>())
            .collect::<Vec<_>>()
            .join("/")
    }
    /// The full event log, as `HandState.events`.
    #[getter]
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.0.events.iter().map(|e| event_dict(py, e)).collect()
    }
    /// The hand as a single-hand PHH text (PokerKit 0.7.7's TOML, variant "FT").
    fn to_phh(&self) -> PyResult<String> {
        let mut out = Vec::new();
        loki_history::write_phh_hand(&mut out, None, &self.0)?;
        Ok(String::from_utf8_lossy(&out).into_owned())
    }
    /// The hand's ACPC `STATE:` line.
    fn to_acpc(&self) -> String {
        loki_history::format_state_line(&self.0)
    }
    /// Pickles as the game, the seats, the steps of the hand, the names and the number.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let r = &self.0;
        let rebuild = rebuilder(py, "_hand_record")?;
        let steps = steps::encode(&steps::of_events(&r.events, r.names.len()));
        (
            rebuild,
            (
                PyGameConfig(r.config.clone()),
                r.seats.iter().map(|s| s.index()).collect::<Vec<_>>(),
                steps,
                r.names.as_slice().to_vec(),
                r.hand_number,
            ),
        )
            .into_pyobject(py)
    }
    fn __repr__(&self) -> String {
        format!(
            "HandRecord(hand_number={}, betting='{}', net={:?})",
            self.0.hand_number,
            self.betting(),
            self.0.net
        )
    }
}

fn template(blinds: (i64, i64), bets: (i64, i64)) -> GameSpec {
    GameSpec {
        small_blind: blinds.0,
        big_blind: blinds.1,
        small_bet: bets.0,
        big_bet: bets.1,
        ..GameSpec::default()
    }
}

fn read(
    text: &str,
    blinds: (i64, i64),
    bets: (i64, i64),
) -> PyResult<Vec<Result<ReplayedHand, HistoryError>>> {
    read_any(text.as_bytes(), &template(blinds, bets))
        .map(|(_, hands)| hands)
        .map_err(errors::history)
}

/// Reads a PHH/PHHS text or an ACPC log (detected from the text) and replays every hand
/// through the engine; returns the records. The first hand that is malformed or does
/// not replay raises `HistoryError` ("hand [3], line 17: reason"), as does a showdown
/// with unknown cards (`????`), which has no result to record (`check_history` accepts
/// it). ACPC logs do not
/// state the game: `blinds` and `bets` give it (the reference `holdem.limit.*.game`
/// files use blinds (5, 10) and bets (10, 20)).
#[pyfunction]
#[pyo3(signature = (text, blinds = (1, 2), bets = (2, 4)))]
fn read_history(
    py: Python<'_>,
    text: &str,
    blinds: (i64, i64),
    bets: (i64, i64),
) -> PyResult<Vec<PyHandRecord>> {
    py.detach(|| read(text, blinds, bets))?
        .into_iter()
        .map(|h| {
            let h = h.map_err(errors::history)?;
            match h.outcome {
                loki_history::Outcome::Settled(r) => Ok(PyHandRecord(r)),
                loki_history::Outcome::Unsettled(_) => {
                    Err(errors::history(loki_history::HistoryError::Hand {
                        hand: h.label,
                        line: h.line,
                        reason: "a showdown with unknown cards (`????`): who won is unknown".into(),
                    }))
                }
            }
        })
        .collect()
}

/// Replays every hand of a history as `loki history check` does and returns one line per
/// bad hand ("hand [3], line 17: reason"); an empty list means every hand replays.
#[pyfunction]
#[pyo3(signature = (text, blinds = (1, 2), bets = (2, 4)))]
fn check_history(
    py: Python<'_>,
    text: &str,
    blinds: (i64, i64),
    bets: (i64, i64),
) -> PyResult<Vec<String>> {
    Ok(py
        .detach(|| read(text, blinds, bets))?
        .into_iter()
        .filter_map(|h| h.err().map(|e| e.to_string()))
        .collect())
}

/// Writes records as a `.phhs` text (tables `[1]`, `[2]`, ...).
#[pyfunction]
fn write_phh(records: Vec<PyHandRecord>) -> PyResult<String> {
    let records: Vec<HandRecord> = records.into_iter().map(|r| r.0).collect();
    let mut out = Vec::new();
    loki_history::write_phh(&mut out, &records)?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// Parses an ACPC betting string (`"crrc/r"`; `k` and `b` read as `c` and `r`) into the
/// actions of each round reached.
#[pyfunction]
fn parse_betting(betting: &str) -> PyResult<Vec<Vec<&'static str>>> {
    Ok(loki_history::parse_betting(betting)
        .map_err(errors::history)?
        .into_iter()
        .map(|r| r.into_iter().map(action_name).collect())
        .collect())
}

/// Not API: rebuilds a pickled `HandRecord`.
#[pyfunction]
fn _hand_record(
    config: PyGameConfig,
    seats: Vec<usize>,
    steps: Vec<(String, usize, String)>,
    names: Vec<String>,
    hand_number: u64,
) -> PyResult<PyHandRecord> {
    let bad = |e: String| errors::LokiError::new_err(format!("not a pickled HandRecord: {e}"));
    let n = config.0.seats();
    let state = steps::rebuild(&config.0, &(0..n).collect::<Vec<_>>(), &steps).map_err(bad)?;
    let mut record = HandRecord::from_state(&state, names, hand_number)
        .ok_or_else(|| bad("the hand is not over".into()))?;
    record.played.seats = seats.into_iter().map(Seat::new).collect();
    Ok(PyHandRecord(record))
}

register! {
    classes: PyHandRecord;
    functions: _hand_record, read_history, check_history, write_phh, parse_betting;
}
