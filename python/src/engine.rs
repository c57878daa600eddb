//! The fixed-limit hold'em rules engine (the crate `loki-engine`): a game configuration,
//! one hand as a state machine (`HandState`, explicit chance steps, every change an
//! event), and `replay`, which plays an action list (or an ACPC betting string) through
//! the engine and names the first illegal action. Positions follow the ACPC numbering of
//! the README's "Seating": position 0 is the small blind (the big blind heads-up).
use crate::args::{self, Int};
use crate::cards::{cards_arg, hole_arg, PyCard, PyHoleCards};
use crate::errors;
use crate::game::{action_arg, action_name, event_dict, ActionArg, PyGameConfig};
use crate::history::PyHandRecord;
use crate::methods::rebuilder;
use crate::steps;
use loki_cards::Card;
use loki_engine::Position;
use loki_engine::{Action, Chips, GameConfig, HandRecord, HandState, Phase};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

/// One hand of fixed-limit hold'em as a pure state machine. Deal hole cards
/// (`deal_hole`), then apply actions and deal the board when `phase` asks; a refused
/// step raises and changes nothing.
#[pyclass(module = "loki", name = "HandState")]
#[derive(Clone)]
pub struct PyHandState(pub HandState);

methods! {
    PyHandState, |s = self.0| {
        /// The game.
        config: PyGameConfig = PyGameConfig(s.config().clone());
        /// Number of players.
        players: usize = s.players();
        /// The position to act, or None.
        to_act: Option<usize> = s.to_act().map(Position::index);
        /// The current round: "preflop", "flop", "turn" or "river".
        round: String = s.round().to_string();
        /// Whether the hand is over.
        is_complete: bool = s.is_complete();
        /// The board dealt so far.
        board: Vec<PyCard> = s.board().iter().copied().map(PyCard).collect();
        /// Chips in the pot.
        pot: Chips = s.pot();
        /// Chips each position has put in this hand.
        contributions: Vec<Chips> = s.contributions().to_vec();
        /// Each position's bet in the current round.
        round_bets: Vec<Chips> = s.round_bets().to_vec();
        /// Chips behind by position, when stacks are configured.
        stacks: Option<Vec<Chips>> = s.stacks().map(<[Chips]>::to_vec);
        /// Bets and raises made in the current round (the big blind counts pre-flop).
        bets_this_round: u32 = s.bets_this_round();
        /// Raises made in the current round after the opening bet.
        raises_this_round: u32 = s.raises_this_round();
    }
    /// A new hand of `config` (default: heads-up, blinds 1/2, bets 2/4).
    #[new]
    #[pyo3(signature = (config = None))]
    fn new(config: Option<PyGameConfig>) -> PyResult<PyHandState> {
        let config = match config {
            Some(c) => c.0,
            None => GameConfig::limit(2, 1, 2, 2, 4).map_err(errors::config)?,
        };
        HandState::new(&config)
            .map(PyHandState)
            .map_err(errors::config)
    }
    /// What the hand waits for: "deal_hole", "deal_board", "act", "reveal" or "complete".
    #[getter]
    fn phase(&self) -> &'static str {
        match self.0.phase() {
            Phase::DealHole(_) => "deal_hole",
            Phase::DealBoard(_) => "deal_board",
            Phase::Act(_) => "act",
            Phase::Reveal(_) => "reveal",
            Phase::Complete => "complete",
        }
    }
    /// Hole cards by position (None where not dealt or hidden).
    #[getter]
    fn hole_cards(&self) -> Vec<Option<PyHoleCards>> {
        self.0
            .hole_cards()
            .iter()
            .map(|h| h.map(PyHoleCards))
            .collect()
    }
    /// Whether a position is still in the hand (has not folded).
    fn is_live(&self, position: Int) -> PyResult<bool> {
        Ok(self.0.is_live(self.position(position)?))
    }
    /// Whether a position is all-in.
    fn is_all_in(&self, position: Int) -> PyResult<bool> {
        Ok(self.0.is_all_in(self.position(position)?))
    }
    /// Chips a position must put in to call.
    fn amount_to_call(&self, position: Int) -> PyResult<Chips> {
        Ok(self.0.amount_to_call(self.position(position)?))
    }
    /// Bets a position faces (0, 1, 2, ...).
    fn bets_to_call(&self, position: Int) -> PyResult<u32> {
        Ok(self.0.bets_to_call(self.position(position)?))
    }
    /// The legal actions now, in the order fold, call, raise (empty unless a player is to
    /// act).
    fn legal_actions(&self) -> Vec<&'static str> {
        self.0
            .legal_actions()
            .to_vec()
            .into_iter()
            .map(action_name)
            .collect()
    }
    /// Whether an action is legal now (a check is not when a bet is due).
    fn is_legal(&self, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(match action_arg(action)?.on(&self.0) {
            Ok(a) => self.0.check(a).is_ok(),
            Err(_) => false,
        })
    }
    /// Applies the action of the player to act; returns its event. Raises
    /// `IllegalActionError` (state unchanged) when the action is not legal.
    fn apply<'py>(
        &mut self,
        py: Python<'py>,
        action: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let a = action_arg(action)?
            .on(&self.0)
            .map_err(errors::IllegalActionError::new_err)?;
        let e = self.0.apply(a).map_err(errors::action)?.clone();
        event_dict(py, &e)
    }
    /// Deals hole cards to a position (any order); betting starts when all are dealt.
    fn deal_hole(&mut self, position: Int, cards: &Bound<'_, PyAny>) -> PyResult<()> {
        let position = self.position(position)?;
        let h = hole_arg(cards)?;
        self.0.deal_hole(position, h).map_err(errors::deal)?;
        Ok(())
    }
    /// Deals the board cards of the round that is due (3, 1 or 1 cards).
    fn deal_board(&mut self, cards: &Bound<'_, PyAny>) -> PyResult<()> {
        let c = cards_arg(cards)?;
        self.0.deal_board(&c).map_err(errors::deal)?;
        Ok(())
    }
    /// The outcome once the hand is over (else None): `net` and `contributions` by
    /// position, `showdown`, `ranks` (evaluator ranks, None for folded players or without
    /// a showdown) and `finishing_stacks` (None without configured stacks).
    #[getter]
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(r) = self.0.result() else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("net", r.net.as_slice())?;
        d.set_item("contributions", r.contributions.as_slice())?;
        d.set_item("showdown", r.showdown)?;
        let ranks: Vec<Option<u16>> = r.ranks.iter().map(|x| x.map(|x| x.value())).collect();
        d.set_item("ranks", ranks)?;
        d.set_item("finishing_stacks", r.finishing_stacks.as_ref().map(|s| s.as_slice()))?;
        Ok(Some(d))
    }
    /// Every event so far, as dicts with a `type` key: blinds, hole, hole_hidden, board,
    /// action, round_end, showdown, pot, hand_end.
    #[getter]
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.0.events().iter().map(|e| event_dict(py, e)).collect()
    }
    /// The record of the finished hand (for PHH and ACPC histories); player names default
    /// to p1, p2, ...
    #[pyo3(signature = (names = None, hand_number = Int(0)))]
    fn record(&self, names: Option<Vec<String>>, hand_number: Int) -> PyResult<PyHandRecord> {
        let hand_number = hand_number.seed("hand_number")?;
        let n = self.0.players();
        let names = names.unwrap_or_else(|| (1..=n).map(|i| format!("p{i}")).collect());
        if names.len() != n {
            return Err(errors::LokiError::new_err(format!(
                "{} names for {n} players",
                names.len()
            )));
        }
        HandRecord::from_state(&self.0, names, hand_number)
            .map(PyHandRecord)
            .ok_or_else(|| errors::LokiError::new_err("the hand is not over"))
    }
    /// A copy of the state.
    fn copy(&self) -> PyHandState {
        self.clone()
    }
    fn __copy__(&self) -> PyHandState {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyHandState {
        self.clone()
    }
    /// Pickles as the game, the seats and the steps that made the state (`steps`).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let me = slf.borrow();
        let rebuild = rebuilder(py, "_hand_state")?;
        (
            rebuild,
            (
                PyGameConfig(me.0.config().clone()),
                me.0.seats().iter().map(|s| s.index()).collect::<Vec<_>>(),
                steps::encode(&steps::of_state(&me.0)),
            ),
        )
            .into_pyobject(py)
    }
    fn __repr__(&self) -> String {
        format!(
            "HandState(players={}, phase='{}', round='{}', pot={})",
            self.0.players(),
            self.phase(),
            self.0.round(),
            self.0.pot()
        )
    }
}

impl PyHandState {
    /// A position of this hand, checked.
    fn position(&self, position: Int) -> PyResult<Position> {
        let n = self.0.players() as i128;
        Ok(Position::new(position.within(
            "position",
            0,
            n - 1,
            errors::lokierr,
        )?))
    }
}

/// Not API: rebuilds a pickled `HandState` from its game, seats and steps.
#[pyfunction]
fn _hand_state(
    config: PyGameConfig,
    seats: Vec<usize>,
    steps: Vec<(String, usize, String)>,
) -> PyResult<PyHandState> {
    steps::rebuild(&config.0, &seats, &steps)
        .map(PyHandState)
        .map_err(|e| errors::LokiError::new_err(format!("not a pickled HandState: {e}")))
}

/// The actions to replay: an ACPC betting string (`"crrc/rc/"`: `c` check/call, `r`
/// bet/raise, `f` fold, rounds separated by `/`) or a sequence of actions without
/// rounds. For a string the round of each action (`Some`) is checked too.
pub fn actions_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<(ActionArg, Option<usize>)>> {
    if let Ok(s) = obj.cast::<PyString>() {
        let rounds = loki_history::parse_betting(s.to_str()?).map_err(errors::history)?;
        let plain = |action| ActionArg {
            action,
            check: false,
        };
        return Ok(rounds
            .into_iter()
            .enumerate()
            .flat_map(|(r, acts)| acts.into_iter().map(move |a| (plain(a), Some(r))))
            .collect());
    }
    obj.try_iter()?
        .map(|a| Ok((action_arg(&a?)?, None)))
        .collect()
}

/// Deals the board cards that are due from `board`, in order; stops when none is due.
/// When `board` runs out: an error if `strict`, else the state is left waiting.
fn deal_due(
    state: &mut HandState,
    board: &[Card],
    dealt: &mut usize,
    strict: bool,
) -> PyResult<()> {
    while let Phase::DealBoard(round) = state.phase() {
        let k = round.cards_dealt();
        if *dealt + k > board.len() {
            if !strict {
                return Ok(());
            }
            return Err(errors::DealError::new_err(format!(
                "the {round} is due but the board has only {} card(s)",
                board.len()
            )));
        }
        state
            .deal_board(&board[*dealt..*dealt + k])
            .map_err(errors::deal)?;
        *dealt += k;
    }
    Ok(())
}

/// The error of action `index`, refused at `state` (which a refused action leaves as it
/// was: the position to act and the round are the refusal's).
fn illegal(py: Python<'_>, index: usize, state: &HandState, action: Action, why: String) -> PyErr {
    let (position, round) = (state.to_act().map(Position::index), state.round());
    let who = position.map_or("nobody".to_string(), |p| format!("position {p}"));
    let err = errors::IllegalActionError::new_err(format!(
        "action {index} ({} by {who} in the {round}): {why}",
        action_name(action)
    ));
    let value = err.value(py);
    // Attributes for programs; setting them on a fresh exception cannot fail in practice,
    // and the message already says everything.
    let _ = value.setattr("index", index);
    let _ = value.setattr("position", position);
    let _ = value.setattr("action", action_name(action));
    err
}

/// Replays a hand through loki's engine: deals `hole` (one holding per position), then
/// applies `actions` (an ACPC betting string such as `"crrc/rc/"` or a sequence of
/// actions), dealing `board` cards whenever a round is due. Returns the final
/// `HandState` (`.result` when the hand is over). The first illegal action raises
/// `IllegalActionError` with `index` (0-based, in the action list), `position` and
/// `action`; bad cards raise `CardError` or `DealError`.
#[pyfunction]
#[pyo3(signature = (actions, hole, board = None, config = None))]
fn replay(
    py: Python<'_>,
    actions: &Bound<'_, PyAny>,
    hole: &Bound<'_, PyAny>,
    board: Option<&Bound<'_, PyAny>>,
    config: Option<PyGameConfig>,
) -> PyResult<PyHandState> {
    let holes = args::named(
        py,
        "hole",
        hole.try_iter()
            .and_then(|it| it.map(|h| hole_arg(&h?)).collect::<PyResult<Vec<_>>>()),
    )?;
    let board = match board.filter(|b| !b.is_none()) {
        Some(b) => args::named(py, "board", cards_arg(b))?,
        None => Vec::new(),
    };
    if board.len() > 5 {
        return Err(errors::DealError::new_err(format!(
            "a board has at most 5 cards, got {}",
            board.len()
        )));
    }
    let config = match config {
        Some(c) => c.0,
        None => GameConfig::limit(holes.len(), 1, 2, 2, 4).map_err(errors::config)?,
    };
    if config.seats() != holes.len() {
        return Err(errors::ConfigError::new_err(format!(
            "{} holdings for a {}-player game",
            holes.len(),
            config.seats()
        )));
    }
    let actions = args::named(py, "actions", actions_arg(actions))?;
    let mut state = HandState::new(&config).map_err(errors::config)?;
    for (p, h) in holes.iter().enumerate() {
        state
            .deal_hole(Position::new(p), *h)
            .map_err(errors::deal)?;
    }
    let mut dealt = 0;
    for (i, (a, round)) in actions.iter().enumerate() {
        deal_due(&mut state, &board, &mut dealt, true)?;
        if let (Some(r), Some(_)) = (round, state.to_act()) {
            let now = state.round().index();
            if now != *r {
                let why = if now > *r {
                    format!("the betting string puts it in round {r}, but that round is over")
                } else {
                    format!(
                        "the betting string puts it in round {r}, but the {} is not over",
                        state.round()
                    )
                };
                return Err(illegal(py, i, &state, a.action, why));
            }
        }
        let a = match a.on(&state) {
            Ok(a) => a,
            Err(why) => return Err(illegal(py, i, &state, a.action, why)),
        };
        if let Err(e) = state.apply(a) {
            return Err(illegal(py, i, &state, a, e.to_string()));
        }
    }
    deal_due(&mut state, &board, &mut dealt, false)?;
    if dealt < board.len() {
        return Err(errors::DealError::new_err(format!(
            "the hand used {dealt} of the {} board cards given",
            board.len()
        )));
    }
    Ok(PyHandState(state))
}

register! {
    classes: PyGameConfig, PyHandState;
    functions: replay, _hand_state;
}
