//! Hand assessment (the crate `loki-assess`; Billings et al. 1998, "Hand Assessment" and
//! "Weighting the Enumeration"): weighted hand strength, HS_n, hand potential (PPot and
//! NPot, one- and two-card lookahead), EHS, the range table of a board, and the pre-flop
//! income-rate tables (Papp 1998, Appendix A). A weight table is any array-like of 1,326
//! weights in [0, 1] indexed by holding index (`None` = uniform). Heavy work releases
//! the GIL.
use crate::args::Int;
use crate::cards::{board_arg, cards_arg, hole_arg, starting_hand_arg, type_name, PyCard};
use crate::errors;
use crate::methods::rebuilder;
use loki_assess::{
    AssessError, Assessment, HandStrength, IncomeRates, Lookahead, Potential, RiverTable,
    WeightTable,
};
use loki_cards::{HoleCards, HOLDINGS};
use numpy::{PyArray1, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// A weight table from `None` (uniform) or an array-like of 1,326 weights in [0, 1].
pub fn weights_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<WeightTable> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(WeightTable::uniform());
    };
    let v: Vec<f64> = if let Ok(a) = obj.extract::<PyReadonlyArray1<'_, f64>>() {
        a.as_array().to_vec()
    } else {
        obj.extract::<Vec<f64>>().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "expected a weight table (an array of 1,326 numbers, or None), got {}",
                type_name(obj)
            ))
        })?
    };
    let w: &[f64; HOLDINGS] = v.as_slice().try_into().map_err(|_| {
        errors::AssessError::new_err(format!(
            "a weight table has 1,326 weights (one per holding index), got {}",
            v.len()
        ))
    })?;
    WeightTable::from_weights(w).map_err(errors::assess)
}

/// Weighted ahead / tied / behind sums of one hand against one opponent table.
#[pyclass(module = "loki", name = "HandStrength", frozen)]
#[derive(Clone)]
pub struct PyHandStrength(HandStrength);

frozen_methods! {
    PyHandStrength, |h = self.0| {
        /// Weight of the opponent holdings we beat.
        ahead: f64 = h.ahead;
        /// Weight of the opponent holdings we tie.
        tied: f64 = h.tied;
        /// Weight of the opponent holdings that beat us.
        behind: f64 = h.behind;
        /// ahead + tied + behind.
        total: f64 = h.total();
        /// HS = (ahead + tied / 2) / total.
        hs: f64 = h.hs();
    }
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let h = &self.0;
        (
            rebuilder(py, "_hand_strength")?,
            ((h.ahead, h.tied, h.behind),),
        )
            .into_pyobject(py)
    }
    fn __repr__(&self) -> String {
        format!(
            "HandStrength(ahead={}, tied={}, behind={}, hs={})",
            self.0.ahead,
            self.0.tied,
            self.0.behind,
            self.0.hs()
        )
    }
}

/// The weighted hand-potential table of one hand against one opponent table.
#[pyclass(module = "loki", name = "Potential", frozen)]
#[derive(Clone)]
pub struct PyPotential(Potential);

frozen_methods! {
    PyPotential, |p = self.0| {
        /// `hp[now][final]`, rows and columns in the order ahead, tied, behind.
        hp: [[f64; 3]; 3] = p.hp;
        /// Weighted live holdings by state now (ahead, tied, behind).
        hp_total: [f64; 3] = p.hp_total;
        /// Cards looked ahead (1 or 2).
        lookahead: usize = p.lookahead.cards();
        /// Runouts per opponent holding: 990 (two cards on the flop), 45 or 44.
        runouts: usize = p.runouts;
        /// Positive potential: the chance to end ahead when behind now (ties count half).
        ppot: f64 = p.ppot;
        /// Negative potential: the chance to end behind when ahead now (ties count half).
        npot: f64 = p.npot;
    }
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        (rebuilder(py, "_potential")?, (potential_fields(&self.0),)).into_pyobject(py)
    }
    fn __repr__(&self) -> String {
        format!(
            "Potential(lookahead={}, ppot={}, npot={})",
            self.0.lookahead.cards(),
            self.0.ppot,
            self.0.npot
        )
    }
}

/// One hand assessed against N opponents who share one weight table, as `loki assess`
/// prints it.
#[pyclass(module = "loki", name = "Assessment", frozen)]
pub struct PyAssessment(Assessment);

frozen_methods! {
    PyAssessment, |r = self.0| {
        /// Our hole cards.
        hole: crate::cards::PyHoleCards = crate::cards::PyHoleCards(r.hole);
        /// The board.
        board: Vec<PyCard> = r.board.iter().copied().map(PyCard).collect();
        /// Number of opponents (all share the table).
        opponents: usize = r.opponents;
        /// Weighted ahead / tied / behind against one opponent.
        strength: PyHandStrength = PyHandStrength(r.strength);
        /// HS against one opponent.
        hs: f64 = r.hs;
        /// HS_n = HS ** opponents.
        hs_n: f64 = r.hs_n;
        /// One-card lookahead (flop and turn), else None.
        potential1: Option<PyPotential> = r.potential1.map(PyPotential);
        /// Two-card lookahead (flop only), else None.
        potential2: Option<PyPotential> = r.potential2.map(PyPotential);
        /// The PPot of EHS: PPot2 on the flop, PPot1 on the turn, 0 otherwise.
        ppot: f64 = r.ppot;
        /// The NPot matching `ppot`.
        npot: f64 = r.npot;
        /// EHS = HS_n + (1 - HS_n) PPot.
        ehs: f64 = r.ehs;
        /// EHS - HS_n NPot (reported only).
        ehs_npot: f64 = r.ehs_npot;
    }
    /// The keys and values of `loki assess --json`: ahead, tied, behind, hs, hs_n, ehs,
    /// ehs_npot; on the flop and turn hp1, ppot1, npot1; on the flop hp2, ppot2, npot2.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        let r = &self.0;
        d.set_item("ahead", r.strength.ahead)?;
        d.set_item("tied", r.strength.tied)?;
        d.set_item("behind", r.strength.behind)?;
        d.set_item("hs", r.hs)?;
        d.set_item("hs_n", r.hs_n)?;
        d.set_item("ehs", r.ehs)?;
        d.set_item("ehs_npot", r.ehs_npot)?;
        for (n, p) in [("1", &r.potential1), ("2", &r.potential2)] {
            if let Some(p) = p {
                d.set_item(format!("hp{n}"), p.hp)?;
                d.set_item(format!("ppot{n}"), p.ppot)?;
                d.set_item(format!("npot{n}"), p.npot)?;
            }
        }
        Ok(d)
    }
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let r = &self.0;
        let fields = AssessmentFields {
            hole: r.hole.index(),
            board: r.board.iter().map(|c| c.to_string()).collect(),
            opponents: r.opponents,
            strength: (r.strength.ahead, r.strength.tied, r.strength.behind),
            values: [r.hs, r.hs_n, r.ppot, r.npot, r.ehs, r.ehs_npot],
            potentials: (
                r.potential1.as_ref().map(potential_fields),
                r.potential2.as_ref().map(potential_fields),
            ),
        };
        (rebuilder(py, "_assessment")?, (fields,)).into_pyobject(py)
    }
    fn __repr__(&self) -> String {
        format!(
            "Assessment(hole={}, hs={}, hs_n={}, ppot={}, npot={}, ehs={})",
            self.0.hole, self.0.hs, self.0.hs_n, self.0.ppot, self.0.npot, self.0.ehs
        )
    }
}

/// A potential's fields: hp, hp_total, lookahead, runouts, ppot, npot.
type PotentialFields = ([[f64; 3]; 3], [f64; 3], usize, usize, f64, f64);

fn potential_fields(p: &Potential) -> PotentialFields {
    (
        p.hp,
        p.hp_total,
        p.lookahead.cards(),
        p.runouts,
        p.ppot,
        p.npot,
    )
}

fn potential_of(f: PotentialFields) -> Potential {
    let (hp, hp_total, lookahead, runouts, ppot, npot) = f;
    Potential {
        hp,
        hp_total,
        lookahead: if lookahead == 1 {
            Lookahead::One
        } else {
            Lookahead::Two
        },
        runouts,
        ppot,
        npot,
    }
}

/// A pickled assessment.
#[derive(IntoPyObject, FromPyObject)]
#[pyo3(from_item_all)]
struct AssessmentFields {
    hole: usize,
    board: Vec<String>,
    opponents: usize,
    strength: (f64, f64, f64),
    values: [f64; 6],
    potentials: (Option<PotentialFields>, Option<PotentialFields>),
}

/// Not API: rebuilds a pickled `HandStrength`.
#[pyfunction]
fn _hand_strength(fields: (f64, f64, f64)) -> PyHandStrength {
    let (ahead, tied, behind) = fields;
    PyHandStrength(HandStrength {
        ahead,
        tied,
        behind,
    })
}

/// Not API: rebuilds a pickled `Potential`.
#[pyfunction]
fn _potential(fields: PotentialFields) -> PyPotential {
    PyPotential(potential_of(fields))
}

/// Not API: rebuilds a pickled `Assessment`.
#[pyfunction]
fn _assessment(fields: AssessmentFields) -> PyResult<PyAssessment> {
    let hole = HoleCards::from_index(fields.hole).map_err(errors::card)?;
    let board = fields
        .board
        .iter()
        .map(|c| c.parse().map_err(errors::card))
        .collect::<PyResult<Vec<_>>>()?;
    let (ahead, tied, behind) = fields.strength;
    let [hs, hs_n, ppot, npot, ehs, ehs_npot] = fields.values;
    Ok(PyAssessment(Assessment {
        hole,
        board,
        opponents: fields.opponents,
        strength: HandStrength {
            ahead,
            tied,
            behind,
        },
        hs,
        hs_n,
        potential1: fields.potentials.0.map(potential_of),
        potential2: fields.potentials.1.map(potential_of),
        ppot,
        npot,
        ehs,
        ehs_npot,
    }))
}

/// Weighted hand strength of `hole` on `board` (0, 3, 4 or 5 cards) against one
/// opponent with the weight table `weights` (None = uniform).
#[pyfunction]
#[pyo3(signature = (hole, board = None, weights = None))]
fn hand_strength(
    py: Python<'_>,
    hole: &Bound<'_, PyAny>,
    board: Option<&Bound<'_, PyAny>>,
    weights: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyHandStrength> {
    let (hole, board) = (hole_arg(hole)?, board_arg(board)?);
    let w = weights_arg(weights)?;
    py.detach(|| loki_assess::hand_strength(hole, &board, &w))
        .map(PyHandStrength)
        .map_err(errors::assess)
}

/// HS_n: the product of our HS against each opponent's table (one table per opponent;
/// `None` in the list means a uniform table).
#[pyfunction]
#[pyo3(signature = (hole, board, tables))]
fn hs_n(
    py: Python<'_>,
    hole: &Bound<'_, PyAny>,
    board: Option<&Bound<'_, PyAny>>,
    tables: &Bound<'_, PyAny>,
) -> PyResult<f64> {
    let (hole, board) = (hole_arg(hole)?, board_arg(board)?);
    let tables = tables
        .try_iter()?
        .map(|t| weights_arg(Some(&t?)))
        .collect::<PyResult<Vec<_>>>()?;
    let refs: Vec<&WeightTable> = tables.iter().collect();
    py.detach(|| loki_assess::hs_n(hole, &board, &refs))
        .map_err(errors::assess)
}

/// The weighted hand potential of `hole` on a flop (lookahead 1 or 2) or a turn
/// (lookahead 1) against one opponent table.
#[pyfunction]
#[pyo3(signature = (hole, board, weights = None, lookahead = Int(2)))]
fn potential(
    py: Python<'_>,
    hole: &Bound<'_, PyAny>,
    board: &Bound<'_, PyAny>,
    weights: Option<&Bound<'_, PyAny>>,
    lookahead: Int,
) -> PyResult<PyPotential> {
    let lookahead: usize = lookahead.within("lookahead", 1, 2, errors::assesserr)?;
    let (hole, board) = (hole_arg(hole)?, cards_arg(board)?);
    let look = if lookahead == 1 {
        Lookahead::One
    } else {
        Lookahead::Two
    };
    let w = weights_arg(weights)?;
    py.detach(|| loki_assess::potential(hole, &board, &w, look))
        .map(PyPotential)
        .map_err(errors::assess)
}

/// Everything about one hand against `opponents` opponents sharing one table: HS, HS_n,
/// the potentials, PPot/NPot and EHS (as `loki assess`).
#[pyfunction]
#[pyo3(signature = (hole, board = None, weights = None, opponents = Int(1)))]
fn assess(
    py: Python<'_>,
    hole: &Bound<'_, PyAny>,
    board: Option<&Bound<'_, PyAny>>,
    weights: Option<&Bound<'_, PyAny>>,
    opponents: Int,
) -> PyResult<PyAssessment> {
    let opponents: usize = opponents.within("opponents", 1, 22, errors::assesserr)?;
    let (hole, board) = (hole_arg(hole)?, board_arg(board)?);
    let w = weights_arg(weights)?;
    py.detach(|| Assessment::new(hole, &board, &w, opponents))
        .map(PyAssessment)
        .map_err(errors::assess)
}

/// EHS = HS_n + (1 - HS_n) PPot.
#[pyfunction]
fn ehs(hs_n: f64, ppot: f64) -> f64 {
    loki_assess::ehs(hs_n, ppot)
}

/// EHS - HS_n NPot.
#[pyfunction]
fn ehs_npot(hs_n: f64, ppot: f64, npot: f64) -> f64 {
    loki_assess::ehs_npot(hs_n, ppot, npot)
}

/// A weight table (NumPy array of 1,326) from the JSON text of a `loki assess
/// --weights` file: holdings to weights, unlisted holdings 1.0.
#[pyfunction]
fn weights_from_json<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyArray1<f64>>> {
    let t = loki_assess::parse_weights_json(text).map_err(errors::assess)?;
    Ok(PyArray1::from_slice(py, t.weights()))
}

enum Table {
    Range(Box<loki_assess::RangeTable>),
    River(RiverTable),
}

/// The range table of a flop, turn or river: for every holding that avoids the board,
/// its HS against one uniform opponent, exact PPot / NPot (two cards on the flop, one on
/// the turn, none on the river) and EHS, as its owner sees it (`loki assess --range`).
/// The table re-weighting uses; built in about 3 ms on a flop (the GIL released).
#[pyclass(module = "loki", name = "RangeTable", frozen)]
pub struct PyRangeTable {
    board: Vec<loki_cards::Card>,
    table: Table,
}

impl PyRangeTable {
    fn value(&self, h: HoleCards, pick: fn(&loki_assess::CachedPotential) -> f64) -> Option<f64> {
        match &self.table {
            Table::Range(t) => t.assessment(h).map(|c| pick(&c)),
            Table::River(_) => None,
        }
    }
    fn column<'py>(
        &self,
        py: Python<'py>,
        f: impl Fn(HoleCards) -> Option<f64>,
    ) -> Bound<'py, PyArray1<f64>> {
        let v: Vec<f64> = HoleCards::all().map(|h| f(h).unwrap_or(f64::NAN)).collect();
        PyArray1::from_vec(py, v)
    }
    fn hs_of(&self, h: HoleCards) -> Option<f64> {
        match &self.table {
            Table::Range(t) => t.hs(h),
            Table::River(t) => t.ehs(h),
        }
    }
    fn ehs_of(&self, h: HoleCards) -> Option<f64> {
        match &self.table {
            Table::Range(t) => t.ehs(h),
            Table::River(t) => t.ehs(h),
        }
    }
    fn pot_of(&self, h: HoleCards, positive: bool) -> Option<f64> {
        match &self.table {
            Table::River(t) => t.ehs(h).map(|_| 0.0),
            Table::Range(_) => {
                if positive {
                    self.value(h, |c| c.ppot)
                } else {
                    self.value(h, |c| c.npot)
                }
            }
        }
    }
}

frozen_methods! {
    PyRangeTable, |t = self| {
        /// The board.
        board: Vec<PyCard> = t.board.iter().copied().map(PyCard).collect();
    }
    /// Builds the table of a board of 3, 4 or 5 cards.
    #[new]
    fn new(py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<PyRangeTable> {
        let board = cards_arg(board)?;
        let table = py
            .detach(|| match board.len() {
                5 => RiverTable::new(&board).map(Table::River),
                _ => loki_assess::RangeTable::new(&board).map(|t| Table::Range(Box::new(t))),
            })
            .map_err(errors::assess)?;
        Ok(PyRangeTable { board, table })
    }
    /// Runouts per (holding, opponent holding) pair: 990 on a flop, 44 on a turn, 0 on
    /// the river.
    #[getter]
    fn runouts(&self) -> u32 {
        match &self.table {
            Table::Range(t) => t.runouts(),
            Table::River(_) => 0,
        }
    }
    /// EHS of a holding (None if it touches the board).
    fn ehs(&self, hole: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
        Ok(self.ehs_of(hole_arg(hole)?))
    }
    /// HS of a holding against one uniform opponent (None if it touches the board).
    fn hs(&self, hole: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
        Ok(self.hs_of(hole_arg(hole)?))
    }
    /// PPot of a holding (PPot2 on a flop, PPot1 on a turn, 0 on the river).
    fn ppot(&self, hole: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
        Ok(self.pot_of(hole_arg(hole)?, true))
    }
    /// NPot of a holding (NPot2 on a flop, NPot1 on a turn, 0 on the river).
    fn npot(&self, hole: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
        Ok(self.pot_of(hole_arg(hole)?, false))
    }
    /// The exact integer counts of a holding on a flop or turn: `ahead`, `tied`,
    /// `behind` (opponent holdings) and `hp` (3 x 3, now x final); None if it touches the
    /// board or on the river.
    fn counts<'py>(
        &self,
        py: Python<'py>,
        hole: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let h = hole_arg(hole)?;
        let Table::Range(t) = &self.table else {
            return Ok(None);
        };
        let Some(c) = t.counts(h) else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("ahead", c.ahead)?;
        d.set_item("tied", c.tied)?;
        d.set_item("behind", c.behind)?;
        d.set_item("hp", c.hp)?;
        Ok(Some(d))
    }
    /// EHS of all 1,326 holdings by holding index (NaN where a holding touches the board).
    fn ehs_all<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.column(py, |h| self.ehs_of(h))
    }
    /// HS of all 1,326 holdings (NaN where a holding touches the board).
    fn hs_all<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.column(py, |h| self.hs_of(h))
    }
    /// PPot of all 1,326 holdings (NaN where a holding touches the board).
    fn ppot_all<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.column(py, |h| self.pot_of(h, true))
    }
    /// NPot of all 1,326 holdings (NaN where a holding touches the board).
    fn npot_all<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.column(py, |h| self.pot_of(h, false))
    }
    /// Pickles as its board (the table is rebuilt, exactly, in about 3 ms).
    fn __getnewargs__(&self) -> (String,) {
        (self.board.iter().map(|c| c.to_string()).collect(),)
    }
    fn __repr__(&self) -> String {
        let b: Vec<String> = self.board.iter().map(|c| c.to_string()).collect();
        format!("RangeTable('{}')", b.join(""))
    }
}

/// The compiled pre-flop income rate (x 1000, rounded) of a starting hand (`"AKs"`, a
/// `StartingHand`, or a holding) with `seats` players dealt (2 to 10).
#[pyfunction]
fn income_rate(seats: Int, hand: &Bound<'_, PyAny>) -> PyResult<i32> {
    let seats: usize = seats.within("seats", 2, 10, errors::assesserr)?;
    Ok(loki_assess::income_rate(seats, starting_hand_arg(hand)?))
}

/// The committed income-rate table (x 1000, unrounded) for 2..10 seats: a NumPy array of
/// 169 rates in `StartingHand` index order.
#[pyfunction]
fn income_rates<'py>(py: Python<'py>, seats: Int) -> PyResult<Bound<'py, PyArray1<f64>>> {
    let seats: usize = seats.within("seats", 2, 10, errors::assesserr)?;
    let t = IncomeRates::compiled()
        .table(seats)
        .ok_or_else(|| errors::assess(AssessError::Seats(seats)))?;
    Ok(PyArray1::from_slice(py, t))
}

register! {
    classes: PyHandStrength, PyPotential, PyAssessment, PyRangeTable;
    functions: _hand_strength, _potential, _assessment, hand_strength, hs_n, potential,
        assess, ehs, ehs_npot, weights_from_json, income_rate, income_rates;
}
