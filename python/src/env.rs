//! The native part of `loki.env` (the PettingZoo and Gymnasium classes are Python, in
//! `python/loki/env.py`): `_Table`, one table of the environment, and `VectorEnv`, many
//! tables stepped in one call with the GIL released, each dealing from its own seeded
//! generator and starting the next hand as soon as one ends. Both wrap
//! [`crate::env_table::EnvTable`]; observations are [`crate::observation`]'s.
use crate::agent::roster;
use crate::args::{self, Int};
use crate::engine::PyHandState;
use crate::env_table::{EnvTable, TableStart};
use crate::errors;
use crate::game::{action_arg, PyGameConfig};
use crate::methods::rebuilder;
use crate::observation::{self, FIELDS, SIZE};
use loki_agent::{player_seed, table_seed, SeatedPlayer};
use loki_engine::{Action, GameConfig};
use numpy::ndarray::{Array1, Array2};
use numpy::{IntoPyArray, PyArray1, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use rayon::prelude::*;

/// The game and players of a table: the players by seat (None: the caller's) built from
/// their kinds, seeded as `loki simulate` seeds them on table `table`.
#[derive(Clone)]
struct Lineup {
    config: GameConfig,
    kinds: Vec<Option<String>>,
    settings: Option<String>,
    seed: u64,
}

impl Lineup {
    fn new(
        config: Option<PyGameConfig>,
        seats: Option<Int>,
        players: Option<Vec<Option<String>>>,
        seed: Int,
        settings: Option<String>,
    ) -> PyResult<Lineup> {
        let seed = seed.seed("seed")?;
        let seats: Option<usize> =
            args::opt(seats, |n| n.within("seats", 2, 10, errors::configerr))?;
        let config = match (config, seats) {
            (Some(c), Some(n)) if c.0.seats() != n => {
                return Err(errors::configerr(format!(
                    "seats={n} but the game has {} seats",
                    c.0.seats()
                )))
            }
            (Some(c), _) => c.0,
            (None, n) => GameConfig::limit(
                n.or(players.as_ref().map(Vec::len)).unwrap_or(2),
                1,
                2,
                2,
                4,
            )
            .map_err(errors::config)?,
        };
        let n = config.seats();
        let kinds = players.unwrap_or_else(|| vec![None; n]);
        if kinds.len() != n {
            return Err(errors::configerr(format!(
                "players has {} entries for {n} seats (one per seat, None for yours)",
                kinds.len()
            )));
        }
        if kinds.iter().all(Option::is_some) {
            return Err(errors::agenterr(
                "players: every seat is a Loki player; leave at least one seat None (yours)".into(),
            ));
        }
        let lineup = Lineup {
            config,
            kinds,
            settings,
            seed,
        };
        lineup.bots(0)?;
        Ok(lineup)
    }

    /// The players of table `table` by seat.
    fn bots(&self, table: usize) -> PyResult<Vec<Option<SeatedPlayer>>> {
        let roster = roster(self.settings.as_deref())?;
        self.kinds
            .iter()
            .enumerate()
            .map(|(seat, kind)| {
                kind.as_ref()
                    .map(|k| {
                        let k = roster.canonical(k).map_err(errors::agent)?;
                        SeatedPlayer::build(&roster, &k, &k, player_seed(self.seed, table, seat))
                            .map_err(errors::agent)
                    })
                    .transpose()
            })
            .collect()
    }

    /// Table `table`: the single table deals from `seed` (as `loki simulate`), table `i`
    /// of a vector from `table_seed(seed, i)`.
    fn table(&self, table: usize, single: bool) -> PyResult<EnvTable> {
        let deck = if single {
            self.seed
        } else {
            table_seed(self.seed, table as u64)
        };
        EnvTable::new(self.config.clone(), self.bots(table)?, deck).map_err(errors::lokierr)
    }
}

/// A table's copy: its start, the caller's actions since, its pending rewards.
type TableFields = (String, u64, Vec<Option<String>>, Vec<usize>, Vec<f64>, bool);

fn table_fields(t: &EnvTable) -> TableFields {
    let (start, actions) = t.snapshot();
    let (pending, collected) = t.rewards_state();
    (
        start.rng,
        start.hand,
        start.bots,
        actions.iter().map(|a| a.index()).collect(),
        pending,
        collected,
    )
}

fn table_from(lineup: &Lineup, index: usize, f: TableFields) -> PyResult<EnvTable> {
    let (rng, hand, bots, actions, pending, collected) = f;
    let actions = actions
        .into_iter()
        .map(|i| Action::ALL.get(i).copied().ok_or("bad action".to_string()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(errors::lokierr)?;
    let start = TableStart { rng, hand, bots };
    let mut t = EnvTable::restore(lineup.config.clone(), lineup.bots(index)?, &start, &actions)
        .map_err(|e| errors::lokierr(format!("not a pickled table: {e}")))?;
    t.set_rewards_state(pending, collected);
    Ok(t)
}

fn lineup_fields(l: &Lineup) -> (PyGameConfig, Vec<Option<String>>, u64, Option<String>) {
    (
        PyGameConfig(l.config.clone()),
        l.kinds.clone(),
        l.seed,
        l.settings.clone(),
    )
}

/// One table of `loki.env` (not API: `loki.env.LokiEnv` and `SingleAgentEnv` drive it).
#[pyclass(module = "loki._loki", name = "_Table", unsendable)]
pub struct PyTable {
    lineup: Lineup,
    table: EnvTable,
}

impl Drop for PyTable {
    /// Saves the flop classes the cache file lacks (`class_cache.rs`).
    fn drop(&mut self) {
        crate::class_cache::save_quietly();
    }
}

methods! {
    PyTable, |t = self| {
        /// The caller's seat to act, or None.
        to_act: Option<usize> = t.table.to_act_seat();
        /// Whether the hand is over.
        is_over: bool = t.table.is_over();
        /// Hands dealt.
        hands: u64 = t.table.hands();
        /// The game.
        config: PyGameConfig = PyGameConfig(t.table.config().clone());
    }
    #[new]
    #[pyo3(signature = (config = None, players = None, seed = Int(0), settings = None, *, seats = None))]
    fn new(
        config: Option<PyGameConfig>,
        players: Option<Vec<Option<String>>>,
        seed: Int,
        settings: Option<String>,
        seats: Option<Int>,
    ) -> PyResult<PyTable> {
        let lineup = Lineup::new(config, seats, players, seed, settings)?;
        let table = lineup.table(0, true)?;
        Ok(PyTable { lineup, table })
    }
    /// Deals the next hand (the one in progress, if any, is dropped unsettled).
    fn next_hand(&mut self) -> PyResult<()> {
        self.table.next_hand().map_err(errors::lokierr)
    }
    /// Collects and deals while the hand is over; returns the hands finished.
    fn settle(&mut self) -> PyResult<u32> {
        self.table.settle().map_err(errors::lokierr)
    }
    /// Adds the finished hand's rewards to the pending ones (once).
    fn collect(&mut self) {
        self.table.collect();
    }
    /// The pending rewards by seat in big blinds, then zero.
    fn take_rewards(&mut self) -> Vec<f64> {
        self.table.take_rewards()
    }
    /// The caller's action (loki's 0 fold, 1 call/check, 2 raise/bet, or a name).
    fn apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = action_arg(action)?
            .on(self.table.state())
            .map_err(errors::IllegalActionError::new_err)?;
        self.table.apply(a).map_err(errors::action)
    }
    /// The position of a seat in this hand.
    fn position_of(&self, seat: Int) -> PyResult<usize> {
        Ok(self.table.position_of(self.seat(seat)?))
    }
    /// The legal-action mask [fold, call, raise] now.
    fn mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        observation::mask(self.table.state())
            .map(i8::from)
            .to_vec()
            .into_pyarray(py)
    }
    /// The observation tensor of a seat.
    fn observe<'py>(&self, py: Python<'py>, seat: Int) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let mut out = vec![0.0f32; SIZE];
        self.table.observe(self.seat(seat)?, &mut out);
        Ok(out.into_pyarray(py))
    }
    /// The information-state string of a seat.
    fn info_state(&self, seat: Int) -> PyResult<String> {
        Ok(self.table.info_state(self.seat(seat)?))
    }
    /// Net chips by seat of the finished hand, or None.
    fn net(&self) -> Option<Vec<i64>> {
        self.table.net_by_seat()
    }
    /// The hand in progress (all its cards: for tests and rendering, not for players).
    fn hand_state(&self) -> PyHandState {
        PyHandState(self.table.state().clone())
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let me = slf.borrow();
        let rebuild = rebuilder(py, "_table")?;
        (
            rebuild,
            (lineup_fields(&me.lineup), table_fields(&me.table)),
        )
            .into_pyobject(py)
    }
    fn __copy__(&self) -> PyResult<PyTable> {
        self.duplicate()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyResult<PyTable> {
        self.duplicate()
    }
}

impl PyTable {
    fn seat(&self, seat: Int) -> PyResult<usize> {
        let n = self.table.config().seats() as i128;
        seat.within("seat", 0, n - 1, errors::lokierr)
    }
    fn duplicate(&self) -> PyResult<PyTable> {
        Ok(PyTable {
            lineup: self.lineup.clone(),
            table: table_from(&self.lineup, 0, table_fields(&self.table))?,
        })
    }
}

fn lineup_of(f: (PyGameConfig, Vec<Option<String>>, u64, Option<String>)) -> Lineup {
    Lineup {
        config: f.0 .0,
        kinds: f.1,
        seed: f.2,
        settings: f.3,
    }
}

/// Not API: rebuilds a pickled `_Table`.
#[pyfunction]
fn _table(
    lineup: (PyGameConfig, Vec<Option<String>>, u64, Option<String>),
    table: TableFields,
) -> PyResult<PyTable> {
    let lineup = lineup_of(lineup);
    let table = table_from(&lineup, 0, table)?;
    Ok(PyTable { lineup, table })
}

/// Many tables of loki's game stepped in one call, in Rust with the GIL released: at
/// every table one of your seats is to act (the other seats are yours too, or Loki
/// players given by `players`, which play their turns inside the call). `reset()` and
/// `step(actions)` return arrays over the tables: the observation of the seat to act
/// (`float32`, `(tables, OBSERVATION_SIZE)`), its legal-action mask (`int8`, `(tables,
/// 3)`: fold, call, raise) and the seat to act; `step` also returns the rewards of the
/// hands that ended (`float32`, `(tables, seats)`, big blinds by seat) and whether a
/// hand ended at each table, whose next hand is then already dealt. Table `i` deals from
/// `table_seed(seed, i)` and its Loki players are seeded by `player_seed(seed, i, seat)`.
#[pyclass(module = "loki", name = "VectorEnv", unsendable)]
pub struct PyVectorEnv {
    lineup: Lineup,
    tables: Vec<EnvTable>,
    /// Seat to act at each table.
    seats: Vec<usize>,
    /// Hands the Loki players finished alone when the tables were dealt, not yet taken.
    settled: Vec<u32>,
}

impl Drop for PyVectorEnv {
    /// Saves the flop classes the cache file lacks (`class_cache.rs`).
    fn drop(&mut self) {
        crate::class_cache::save_quietly();
    }
}

methods! {
    PyVectorEnv, |v = self| {
        /// Number of tables.
        num_tables: usize = v.tables.len();
        /// Players at each table.
        seats: usize = v.lineup.config.seats();
        /// The game.
        config: PyGameConfig = PyGameConfig(v.lineup.config.clone());
        /// Hands dealt over all tables.
        hands: u64 = v.tables.iter().map(EnvTable::hands).sum();
    }
    #[new]
    #[pyo3(signature = (tables, seats = None, seed = Int(0), players = None, config = None, settings = None))]
    fn new(
        py: Python<'_>,
        tables: Int,
        seats: Option<Int>,
        seed: Int,
        players: Option<Vec<Option<String>>>,
        config: Option<PyGameConfig>,
        settings: Option<String>,
    ) -> PyResult<PyVectorEnv> {
        let count: usize = tables.within("tables", 1, 1 << 20, errors::lokierr)?;
        let lineup = Lineup::new(config, seats, players, seed, settings)?;
        let tables = (0..count)
            .map(|i| lineup.table(i, false))
            .collect::<PyResult<Vec<_>>>()?;
        let mut env = PyVectorEnv {
            lineup,
            tables,
            seats: vec![0; count],
            settled: vec![0; count],
        };
        env.settle_all(py)?;
        Ok(env)
    }

    /// The tables' current decisions: (observations, masks, seats to act). The rewards of
    /// hands the Loki players finished by themselves wait for the next `step`.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let (obs, mask) = py.detach(|| self.encode());
        let seats = Array1::from_iter(self.seats.iter().map(|&s| s as i64));
        (
            obs.into_pyarray(py),
            mask.into_pyarray(py),
            seats.into_pyarray(py),
        )
            .into_pyobject(py)
    }

    /// Plays `actions[i]` (0 fold, 1 call/check, 2 raise/bet) for the seat to act at
    /// table `i`, then returns (observations, masks, seats to act, rewards, hands ended): an
    /// illegal action at any table raises `IllegalActionError` naming it, before any
    /// table moves.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let (hand, skipped, ended) = self.play(py, actions)?;
        let rewards = hand + skipped;
        let (obs, mask) = py.detach(|| self.encode());
        let seats = Array1::from_iter(self.seats.iter().map(|&s| s as i64));
        (
            obs.into_pyarray(py),
            mask.into_pyarray(py),
            seats.into_pyarray(py),
            rewards.into_pyarray(py),
            ended.into_pyarray(py),
        )
            .into_pyobject(py)
    }

    /// As `step`, the hands kept apart: (observations, masks, seats to act, rewards of
    /// the hand each table's action ended (zero where it did not end), hands ended
    /// (that hand and the hands the Loki players then finished alone), rewards of those
    /// other hands). One hand, one episode: what `loki.env`'s Gymnasium vector
    /// environment reads.
    fn step_hands<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let (hand, skipped, ended) = self.play(py, actions)?;
        let (obs, mask) = py.detach(|| self.encode());
        let seats = Array1::from_iter(self.seats.iter().map(|&s| s as i64));
        (
            obs.into_pyarray(py),
            mask.into_pyarray(py),
            seats.into_pyarray(py),
            hand.into_pyarray(py),
            ended.into_pyarray(py),
            skipped.into_pyarray(py),
        )
            .into_pyobject(py)
    }

    /// The hands the Loki players finished alone before any action (when the tables
    /// were dealt) and their rewards, `(hands (tables,), rewards (tables, seats))`, then
    /// zero: otherwise they are added to the next `step`'s rewards.
    fn take_pending<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let n = self.lineup.config.seats();
        let mut rewards = Array2::<f32>::zeros((self.tables.len(), n));
        for (i, t) in self.tables.iter_mut().enumerate() {
            for (s, v) in t.take_rewards().into_iter().enumerate() {
                rewards[[i, s]] = v as f32;
            }
        }
        let hands = Array1::from_vec(std::mem::replace(&mut self.settled, vec![0; self.tables.len()]));
        (hands.into_pyarray(py), rewards.into_pyarray(py)).into_pyobject(py)
    }

    /// The information-state string of the seat to act at each table.
    fn info_states(&self) -> Vec<String> {
        self.tables
            .iter()
            .zip(&self.seats)
            .map(|(t, &s)| t.info_state(s))
            .collect()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let me = slf.borrow();
        let rebuild = rebuilder(py, "_vector_env")?;
        let tables: Vec<TableFields> = me.tables.iter().map(table_fields).collect();
        (rebuild, (lineup_fields(&me.lineup), tables)).into_pyobject(py)
    }
    fn __copy__(&self, py: Python<'_>) -> PyResult<PyVectorEnv> {
        self.duplicate(py)
    }
    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<PyVectorEnv> {
        self.duplicate(py)
    }
    fn __repr__(&self) -> String {
        format!(
            "VectorEnv(tables={}, seats={}, seed={})",
            self.tables.len(),
            self.lineup.config.seats(),
            self.lineup.seed
        )
    }
}

/// Rewards by table and seat.
type Rewards = Array2<f32>;

impl PyVectorEnv {
    /// Settles every table (hands the Loki players finish alone) and notes who acts.
    fn settle_all(&mut self, py: Python<'_>) -> PyResult<()> {
        let tables = &mut self.tables;
        let seats = &mut self.seats;
        let settled = &mut self.settled;
        py.detach(|| -> Result<(), String> {
            for ((t, s), k) in tables
                .iter_mut()
                .zip(seats.iter_mut())
                .zip(settled.iter_mut())
            {
                *k += t.settle()?;
                *s = t.to_act_seat().unwrap_or(0);
            }
            Ok(())
        })
        .map_err(errors::lokierr)
    }

    /// Plays one action per table: the rewards of the hand each action ended, of the
    /// hands the Loki players then finished alone, and the hands ended at each table.
    fn play<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<(Rewards, Rewards, Array1<u32>)> {
        let actions = py
            .import("numpy")?
            .call_method1("asarray", (actions, "int64"))?;
        let actions: PyReadonlyArray1<'py, i64> = actions.extract().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(
                "actions must be a one-dimensional array of action numbers (one per table)",
            )
        })?;
        let actions = actions.as_array();
        if actions.len() != self.tables.len() {
            return Err(errors::lokierr(format!(
                "actions must hold one action per table ({}), got {}",
                self.tables.len(),
                actions.len()
            )));
        }
        let mut chosen = Vec::with_capacity(actions.len());
        for (i, (&a, t)) in actions.iter().zip(&self.tables).enumerate() {
            let action = usize::try_from(a)
                .ok()
                .and_then(|a| Action::ALL.get(a).copied())
                .ok_or_else(|| errors::lokierr(format!("actions[{i}] must be 0 to 2, got {a}")))?;
            if let Err(e) = t.state().check(action) {
                return Err(errors::IllegalActionError::new_err(format!(
                    "table {i}: {} by seat {}: {e}",
                    crate::game::action_name(action),
                    self.seats[i]
                )));
            }
            chosen.push(action);
        }
        let n = self.lineup.config.seats();
        let parallel = self.lineup.kinds.iter().any(Option::is_some);
        let tables = &mut self.tables;
        let result = py.detach(|| -> Result<_, String> {
            // Each table alone: its action, the Loki players' turns, the next hand. With
            // Loki players (a millisecond a hand: their board analyses) the tables are
            // shared among rayon's threads; the results do not depend on their number.
            let one = |(i, (t, a)): (usize, (&mut EnvTable, Action))| -> Result<_, String> {
                t.apply(a).map_err(|e| format!("table {i}: {e}"))?;
                // The rewards pending from before (hands finished alone when the tables
                // were dealt, not taken) count with the hands finished alone.
                let before = t.take_rewards();
                let hand = if t.is_over() {
                    t.collect();
                    t.take_rewards()
                } else {
                    vec![0.0; before.len()]
                };
                let k = t.settle()?;
                let alone: Vec<f64> = t
                    .take_rewards()
                    .iter()
                    .zip(&before)
                    .map(|(a, b)| a + b)
                    .collect();
                Ok((k, hand, alone))
            };
            let outcomes: Vec<Result<_, String>> = if parallel {
                tables
                    .par_iter_mut()
                    .zip(chosen)
                    .enumerate()
                    .map(one)
                    .collect()
            } else {
                tables.iter_mut().zip(chosen).enumerate().map(one).collect()
            };
            let mut hand = Array2::<f32>::zeros((outcomes.len(), n));
            let mut alone = Array2::<f32>::zeros((outcomes.len(), n));
            let mut ended = Array1::<u32>::zeros(outcomes.len());
            for (i, o) in outcomes.into_iter().enumerate() {
                let (k, h, a) = o?;
                ended[i] = k;
                for (s, v) in h.into_iter().enumerate() {
                    hand[[i, s]] = v as f32;
                }
                for (s, v) in a.into_iter().enumerate() {
                    alone[[i, s]] = v as f32;
                }
            }
            Ok((hand, alone, ended))
        });
        result.map_err(errors::lokierr)
    }

    /// The observations and masks of the seats to act (noting who acts).
    fn encode(&mut self) -> (Array2<f32>, Array2<i8>) {
        let k = self.tables.len();
        let mut obs = Array2::<f32>::zeros((k, SIZE));
        let mut mask = Array2::<i8>::zeros((k, 3));
        for (i, t) in self.tables.iter().enumerate() {
            let seat = t.to_act_seat().unwrap_or(0);
            self.seats[i] = seat;
            if let Some(row) = obs.row_mut(i).as_slice_mut() {
                t.observe(seat, row);
            }
            for (j, m) in observation::mask(t.state()).into_iter().enumerate() {
                mask[[i, j]] = i8::from(m);
            }
        }
        (obs, mask)
    }

    fn duplicate(&self, _py: Python<'_>) -> PyResult<PyVectorEnv> {
        let tables = self
            .tables
            .iter()
            .enumerate()
            .map(|(i, t)| table_from(&self.lineup, i, table_fields(t)))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(PyVectorEnv {
            lineup: self.lineup.clone(),
            tables,
            seats: self.seats.clone(),
            settled: self.settled.clone(),
        })
    }
}

/// Not API: rebuilds a pickled `VectorEnv`.
#[pyfunction]
fn _vector_env(
    lineup: (PyGameConfig, Vec<Option<String>>, u64, Option<String>),
    tables: Vec<TableFields>,
) -> PyResult<PyVectorEnv> {
    let lineup = lineup_of(lineup);
    let tables = tables
        .into_iter()
        .enumerate()
        .map(|(i, f)| table_from(&lineup, i, f))
        .collect::<PyResult<Vec<_>>>()?;
    let seats = tables
        .iter()
        .map(|t| t.to_act_seat().unwrap_or(0))
        .collect();
    let settled = vec![0; tables.len()];
    Ok(PyVectorEnv {
        lineup,
        tables,
        seats,
        settled,
    })
}

/// The observation layout: field name to (offset, length).
fn layout<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let mut at = 0;
    for (name, len) in FIELDS {
        d.set_item(name, (at, len))?;
        at += len;
    }
    Ok(d)
}

register! {
    classes: PyTable, PyVectorEnv;
    functions: _table, _vector_env;
    |m| {
        m.add("OBSERVATION_SIZE", SIZE)?;
        m.add("OBSERVATION_FIELDS", layout(m.py())?)?;
    }
}
