//! The fixed-limit hold'em rules engine (the crate `loki-engine`): a game configuration,
//! one hand as a state machine (`HandState`, explicit chance steps, every change an
//! event), and `replay`, which plays an action list (or an ACPC betting string) through
//! the engine and names the first illegal action. Positions follow the ACPC numbering of
//! the README's "Seating": position 0 is the small blind (the big blind heads-up).
use crate::cards::{cards_arg, hole_arg, type_name, PyCard, PyHoleCards};
use crate::errors;
use crate::history::PyHandRecord;
use loki_cards::Card;
use loki_engine::{Action, Chips, Event, GameConfig, GameSpec, HandRecord, HandState, Phase};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

/// A validated fixed-limit game: seats (2..10), blinds, bet sizes, the raise cap (raises
/// after the opening bet in each round, the big blind opening pre-flop; None = no cap)
/// and optional finite starting stacks by position.
#[pyclass(module = "loki", name = "GameConfig", from_py_object, frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PyGameConfig(pub GameConfig);

#[pymethods]
impl PyGameConfig {
    /// The defaults are the tournament's game: blinds 1/2, bets 2/4, a bet and 3 raises.
    /// `postflop_first`: after the flop, the first live player from this position acts
    /// first (default: position 0, the small blind; heads-up the big blind).
    #[new]
    #[pyo3(signature = (seats = 2, small_blind = 1, big_blind = 2, small_bet = 2, big_bet = 4, max_raises = Some(3), stacks = None, *, postflop_first = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        seats: usize,
        small_blind: Chips,
        big_blind: Chips,
        small_bet: Chips,
        big_bet: Chips,
        max_raises: Option<u32>,
        stacks: Option<Vec<Chips>>,
        postflop_first: Option<usize>,
    ) -> PyResult<PyGameConfig> {
        let rules = loki_engine::RuleOptions {
            postflop_first,
            ..Default::default()
        };
        GameConfig::new(GameSpec {
            seats,
            small_blind,
            big_blind,
            small_bet,
            big_bet,
            max_raises,
            stacks,
            rules,
        })
        .map(PyGameConfig)
        .map_err(errors::config)
    }
    /// Number of players.
    #[getter]
    fn seats(&self) -> usize {
        self.0.seats()
    }
    /// The small blind.
    #[getter]
    fn small_blind(&self) -> Chips {
        self.0.small_blind()
    }
    /// The big blind.
    #[getter]
    fn big_blind(&self) -> Chips {
        self.0.big_blind()
    }
    /// The bet size pre-flop and on the flop.
    #[getter]
    fn small_bet(&self) -> Chips {
        self.0.small_bet()
    }
    /// The bet size on the turn and river.
    #[getter]
    fn big_bet(&self) -> Chips {
        self.0.big_bet()
    }
    /// Raises allowed after the opening bet in each round (None = no cap).
    #[getter]
    fn max_raises(&self) -> Option<u32> {
        self.0.max_raises()
    }
    /// Starting stacks by position (None = deep enough that nobody is all-in).
    #[getter]
    fn stacks(&self) -> Option<Vec<Chips>> {
        self.0.stacks().map(<[Chips]>::to_vec)
    }
    /// After the flop, the first live player from this position acts first (None: position 0).
    #[getter]
    fn postflop_first(&self) -> Option<usize> {
        self.0.spec().rules.postflop_first
    }
    /// The blinds posted by each position.
    #[getter]
    fn blinds(&self) -> Vec<Chips> {
        self.0.blinds()
    }
    fn __repr__(&self) -> String {
        let s = self.0.spec();
        format!(
            "GameConfig(seats={}, small_blind={}, big_blind={}, small_bet={}, big_bet={}, max_raises={}, stacks={}{})",
            s.seats,
            s.small_blind,
            s.big_blind,
            s.small_bet,
            s.big_bet,
            s.max_raises.map_or("None".into(), |m| m.to_string()),
            s.stacks.as_ref().map_or("None".into(), |v| format!("{v:?}")),
            s.rules
                .postflop_first
                .map_or(String::new(), |p| format!(", postflop_first={p}")),
        )
    }
}

/// An action from `"fold"`, `"call"`/`"check"`, `"raise"`/`"bet"`, their ACPC letters
/// (`f`, `c`/`k`, `r`/`b`) or the index 0, 1, 2.
pub fn action_arg(obj: &Bound<'_, PyAny>) -> PyResult<Action> {
    if let Ok(s) = obj.cast::<PyString>() {
        let t = s.to_str()?.trim().to_ascii_lowercase();
        let a = match t.as_str() {
            "fold" => Some(Action::Fold),
            "call" | "check" => Some(Action::Call),
            "raise" | "bet" => Some(Action::Raise),
            _ if t.chars().count() == 1 => t.chars().next().and_then(Action::from_acpc_char),
            _ => None,
        };
        return a.ok_or_else(|| {
            errors::LokiError::new_err(format!(
                "unknown action '{}' (fold, call, check, raise, bet, or f, c, k, r, b)",
                s.to_str()
                    .unwrap_or("?")
                    .chars()
                    .take(32)
                    .collect::<String>()
            ))
        });
    }
    match obj.extract::<i64>() {
        Ok(i) => usize::try_from(i)
            .ok()
            .and_then(|i| Action::ALL.get(i).copied())
            .ok_or_else(|| {
                errors::LokiError::new_err(format!(
                    "unknown action index {i} (0 = fold, 1 = call, 2 = raise)"
                ))
            }),
        Err(_) => Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "expected an action ('fold', 'call', 'raise', a letter or 0..2), got {}",
            type_name(obj)
        ))),
    }
}

/// The name of an action ("fold", "call", "raise").
pub fn action_name(a: Action) -> &'static str {
    match a {
        Action::Fold => "fold",
        Action::Call => "call",
        Action::Raise => "raise",
    }
}

/// An engine event as a dict with a `type` key (cards as text).
pub fn event_dict<'py>(py: Python<'py>, e: &Event) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    match e {
        Event::BlindsPosted { amounts } => {
            d.set_item("type", "blinds")?;
            d.set_item("amounts", amounts)?;
        }
        Event::HoleDealt { position, cards } => {
            d.set_item("type", "hole")?;
            d.set_item("position", position)?;
            d.set_item("cards", cards.to_string())?;
        }
        Event::HoleHidden { position } => {
            d.set_item("type", "hole_hidden")?;
            d.set_item("position", position)?;
        }
        Event::BoardDealt { round, cards } => {
            d.set_item("type", "board")?;
            d.set_item("round", round.to_string())?;
            d.set_item("cards", card_texts(cards))?;
        }
        Event::Action(a) => {
            d.set_item("type", "action")?;
            d.set_item("position", a.position)?;
            d.set_item("round", a.round.to_string())?;
            d.set_item("action", action_name(a.action))?;
            d.set_item("amount", a.amount)?;
            d.set_item("bet_to", a.bet_to)?;
            d.set_item("bets_to_call", a.bets_to_call)?;
            d.set_item("all_in", a.all_in)?;
        }
        Event::RoundEnd { round, pot } => {
            d.set_item("type", "round_end")?;
            d.set_item("round", round.to_string())?;
            d.set_item("pot", pot)?;
        }
        Event::Showdown { hands } => {
            d.set_item("type", "showdown")?;
            let list = PyList::empty(py);
            for h in hands {
                let x = PyDict::new(py);
                x.set_item("position", h.position)?;
                x.set_item("cards", h.cards.to_string())?;
                x.set_item("rank", h.rank.value())?;
                list.append(x)?;
            }
            d.set_item("hands", list)?;
        }
        Event::PotAwarded {
            amount,
            eligible,
            shares,
        } => {
            d.set_item("type", "pot")?;
            d.set_item("amount", amount)?;
            d.set_item("eligible", eligible)?;
            d.set_item("shares", shares)?;
        }
        Event::HandEnd { net } => {
            d.set_item("type", "hand_end")?;
            d.set_item("net", net)?;
        }
    }
    Ok(d)
}

/// Cards as text.
pub fn card_texts(cards: &[Card]) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}

/// One hand of fixed-limit hold'em as a pure state machine. Deal hole cards
/// (`deal_hole`), then apply actions and deal the board when `phase` asks; a refused
/// step raises and changes nothing.
#[pyclass(module = "loki", name = "HandState")]
#[derive(Clone)]
pub struct PyHandState(pub HandState);

#[pymethods]
impl PyHandState {
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
    /// The game.
    #[getter]
    fn config(&self) -> PyGameConfig {
        PyGameConfig(self.0.config().clone())
    }
    /// Number of players.
    #[getter]
    fn players(&self) -> usize {
        self.0.players()
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
    /// The position to act, or None.
    #[getter]
    fn to_act(&self) -> Option<usize> {
        self.0.to_act()
    }
    /// The current round: "preflop", "flop", "turn" or "river".
    #[getter]
    fn round(&self) -> String {
        self.0.round().to_string()
    }
    /// Whether the hand is over.
    #[getter]
    fn is_complete(&self) -> bool {
        self.0.is_complete()
    }
    /// The board dealt so far.
    #[getter]
    fn board(&self) -> Vec<PyCard> {
        self.0.board().iter().copied().map(PyCard).collect()
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
    /// Chips in the pot.
    #[getter]
    fn pot(&self) -> Chips {
        self.0.pot()
    }
    /// Chips each position has put in this hand.
    #[getter]
    fn contributions(&self) -> Vec<Chips> {
        self.0.contributions().to_vec()
    }
    /// Each position's bet in the current round.
    #[getter]
    fn round_bets(&self) -> Vec<Chips> {
        self.0.round_bets().to_vec()
    }
    /// Chips behind by position, when stacks are configured.
    #[getter]
    fn stacks(&self) -> Option<Vec<Chips>> {
        self.0.stacks().map(<[Chips]>::to_vec)
    }
    /// Bets and raises made in the current round (the big blind counts pre-flop).
    #[getter]
    fn bets_this_round(&self) -> u32 {
        self.0.bets_this_round()
    }
    /// Raises made in the current round after the opening bet.
    #[getter]
    fn raises_this_round(&self) -> u32 {
        self.0.raises_this_round()
    }
    /// Whether a position is still in the hand (has not folded).
    fn is_live(&self, position: usize) -> bool {
        position < self.0.players() && self.0.is_live(position)
    }
    /// Whether a position is all-in.
    fn is_all_in(&self, position: usize) -> bool {
        position < self.0.players() && self.0.is_all_in(position)
    }
    /// Chips a position must put in to call.
    fn amount_to_call(&self, position: usize) -> PyResult<Chips> {
        self.position(position)?;
        Ok(self.0.amount_to_call(position))
    }
    /// Bets a position faces (0, 1, 2, ...).
    fn bets_to_call(&self, position: usize) -> PyResult<u32> {
        self.position(position)?;
        Ok(self.0.bets_to_call(position))
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
    /// Whether an action is legal now.
    fn is_legal(&self, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.check(action_arg(action)?).is_ok())
    }
    /// Applies the action of the player to act; returns its event. Raises
    /// `IllegalActionError` (state unchanged) when the action is not legal.
    fn apply<'py>(
        &mut self,
        py: Python<'py>,
        action: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let a = action_arg(action)?;
        let e = self.0.apply(a).map_err(errors::action)?.clone();
        event_dict(py, &e)
    }
    /// Deals hole cards to a position (any order); betting starts when all are dealt.
    fn deal_hole(&mut self, position: usize, cards: &Bound<'_, PyAny>) -> PyResult<()> {
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
        d.set_item("net", &r.net)?;
        d.set_item("contributions", &r.contributions)?;
        d.set_item("showdown", r.showdown)?;
        let ranks: Vec<Option<u16>> = r.ranks.iter().map(|x| x.map(|x| x.value())).collect();
        d.set_item("ranks", ranks)?;
        d.set_item("finishing_stacks", &r.finishing_stacks)?;
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
    #[pyo3(signature = (names = None, hand_number = 0))]
    fn record(&self, names: Option<Vec<String>>, hand_number: u64) -> PyResult<PyHandRecord> {
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
    fn position(&self, position: usize) -> PyResult<()> {
        if position < self.0.players() {
            Ok(())
        } else {
            Err(errors::config(loki_engine::ConfigError::Position(position)))
        }
    }
}

/// The actions to replay: an ACPC betting string (`"crrc/rc/"`: `c` check/call, `r`
/// bet/raise, `f` fold, rounds separated by `/`) or a sequence of actions without
/// rounds. For a string the round of each action (`Some`) is checked too.
pub fn actions_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<(Action, Option<usize>)>> {
    if let Ok(s) = obj.cast::<PyString>() {
        let rounds = loki_history::parse_betting(s.to_str()?).map_err(errors::history)?;
        return Ok(rounds
            .into_iter()
            .enumerate()
            .flat_map(|(r, acts)| acts.into_iter().map(move |a| (a, Some(r))))
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

fn illegal(
    py: Python<'_>,
    index: usize,
    position: Option<usize>,
    round: loki_engine::Round,
    action: Action,
    why: String,
) -> PyErr {
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
    let holes = hole
        .try_iter()?
        .map(|h| hole_arg(&h?))
        .collect::<PyResult<Vec<_>>>()?;
    let board = match board.filter(|b| !b.is_none()) {
        Some(b) => cards_arg(b)?,
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
    let actions = actions_arg(actions)?;
    let mut state = HandState::new(&config).map_err(errors::config)?;
    for (p, h) in holes.iter().enumerate() {
        state.deal_hole(p, *h).map_err(errors::deal)?;
    }
    let mut dealt = 0;
    for (i, (a, round)) in actions.iter().enumerate() {
        deal_due(&mut state, &board, &mut dealt, true)?;
        let to_act = state.to_act();
        if let (Some(r), Some(_)) = (round, to_act) {
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
                return Err(illegal(py, i, to_act, state.round(), *a, why));
            }
        }
        if let Err(e) = state.apply(*a) {
            return Err(illegal(py, i, to_act, state.round(), *a, e.to_string()));
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

/// Adds the classes and functions of this module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGameConfig>()?;
    m.add_class::<PyHandState>()?;
    m.add_function(wrap_pyfunction!(replay, m)?)?;
    Ok(())
}
