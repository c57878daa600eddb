//! The game's vocabulary shared by the engine, the histories and the agent: the game
//! configuration (`GameConfig`), actions as Python gives them (names, ACPC letters or
//! loki's numbers 0 fold, 1 call/check, 2 raise/bet; a check is refused when a bet is
//! due), and engine events as dicts.
use crate::args::{self, Int};
use crate::errors;
use loki_cards::Card;
use loki_engine::{Action, Chips, Event, GameConfig, GameSpec, HandState};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

/// A validated fixed-limit game: seats (2..10), blinds, bet sizes, the raise cap (raises
/// after the opening bet in each round, the big blind opening pre-flop; None = no cap)
/// and optional finite starting stacks by position.
#[pyclass(module = "loki", name = "GameConfig", from_py_object, frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PyGameConfig(pub GameConfig);

frozen_methods! {
    PyGameConfig, |g = self.0| {
        /// Number of players.
        seats: usize = g.seats();
        /// The small blind.
        small_blind: Chips = g.small_blind();
        /// The big blind.
        big_blind: Chips = g.big_blind();
        /// The bet size pre-flop and on the flop.
        small_bet: Chips = g.small_bet();
        /// The bet size on the turn and river.
        big_bet: Chips = g.big_bet();
        /// Raises allowed after the opening bet in each round (None = no cap).
        max_raises: Option<u32> = g.max_raises();
        /// Starting stacks by position (None = deep enough that nobody is all-in).
        stacks: Option<Vec<Chips>> = g.stacks().map(<[Chips]>::to_vec);
        /// After the flop, the first live player from this position acts first (None: position 0).
        postflop_first: Option<usize> = g.spec().rules.postflop_first;
        /// The blinds posted by each position.
        blinds: Vec<Chips> = g.blinds();
    }
    /// The defaults are the tournament's game: blinds 1/2, bets 2/4, a bet and 3 raises.
    /// `postflop_first`: after the flop, the first live player from this position acts
    /// first (default: position 0, the small blind; heads-up the big blind).
    #[new]
    #[pyo3(signature = (seats = Int(2), small_blind = Int(1), big_blind = Int(2), small_bet = Int(2), big_bet = Int(4), max_raises = Some(Int(3)), stacks = None, *, postflop_first = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        seats: Int,
        small_blind: Int,
        big_blind: Int,
        small_bet: Int,
        big_bet: Int,
        max_raises: Option<Int>,
        stacks: Option<Vec<Int>>,
        postflop_first: Option<Int>,
    ) -> PyResult<PyGameConfig> {
        let seats: usize = seats.within("seats", 2, 10, errors::configerr)?;
        let chips = |v: Int, name: &str| v.within::<Chips>(name, 0, 1 << 40, errors::configerr);
        let stacks = match stacks {
            Some(s) if s.len() != seats => {
                return Err(errors::configerr(format!(
                    "stacks has {} stacks for {seats} players (one per position)",
                    s.len()
                )))
            }
            Some(s) => Some(args::each(s, "stacks", |v, name| {
                v.within::<Chips>(name, 1, 1 << 50, errors::configerr)
            })?),
            None => None,
        };
        let rules = loki_engine::RuleOptions {
            postflop_first: args::opt(postflop_first, |p| {
                p.within("postflop_first", 0, seats as i128 - 1, errors::configerr)
            })?,
            ..Default::default()
        };
        GameConfig::new(GameSpec {
            seats,
            small_blind: chips(small_blind, "small_blind")?,
            big_blind: chips(big_blind, "big_blind")?,
            small_bet: chips(small_bet, "small_bet")?,
            big_bet: chips(big_bet, "big_bet")?,
            max_raises: args::opt(max_raises, |m| {
                m.within("max_raises", 0, 1000, errors::configerr)
            })?,
            stacks,
            rules,
        })
        .map(PyGameConfig)
        .map_err(errors::config)
    }
    /// The arguments that rebuild this game (for pickle and copy).
    fn __getnewargs_ex__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyTuple>, Bound<'py, PyDict>)> {
        let s = self.0.spec();
        let args = (
            s.seats,
            s.small_blind,
            s.big_blind,
            s.small_bet,
            s.big_bet,
            s.max_raises,
            s.stacks.clone(),
        )
            .into_pyobject(py)?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("postflop_first", s.rules.postflop_first)?;
        Ok((args, kwargs))
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

/// An action as Python gives it: `"fold"`, `"call"`, `"check"`, `"raise"`/`"bet"`, their
/// ACPC letters (`f`, `c`, `k`, `r`/`b`) or loki's numbers 0 fold, 1 call/check, 2
/// raise/bet. A check is a call of nothing: [`ActionArg::on`] refuses it when a bet is due.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionArg {
    /// The engine's action.
    pub action: Action,
    /// Whether it was named a check (`"check"`, `k`).
    pub check: bool,
}

impl ActionArg {
    /// The engine's action for `state`: a check facing a bet is an illegal action.
    pub fn on(self, state: &HandState) -> Result<Action, String> {
        if self.check {
            if let Some(p) = state.to_act() {
                let due = state.amount_to_call(p);
                if due > 0 {
                    return Err(format!(
                        "cannot check: position {p} faces a bet of {due} (call or fold)"
                    ));
                }
            }
        }
        Ok(self.action)
    }
}

/// An action argument (see [`ActionArg`]).
pub fn action_arg(obj: &Bound<'_, PyAny>) -> PyResult<ActionArg> {
    let plain = |action| ActionArg {
        action,
        check: false,
    };
    if let Ok(s) = obj.cast::<PyString>() {
        let t = s.to_str()?.trim().to_ascii_lowercase();
        let a = match t.as_str() {
            "fold" | "f" => Some(plain(Action::Fold)),
            "call" | "c" => Some(plain(Action::Call)),
            "check" | "k" => Some(ActionArg {
                action: Action::Call,
                check: true,
            }),
            "raise" | "bet" | "r" | "b" => Some(plain(Action::Raise)),
            _ => None,
        };
        return a.ok_or_else(|| {
            errors::LokiError::new_err(format!(
                "action must be fold, call, check, raise, bet, one of the letters f, c, k, r, b, or 0 to 2, got '{}'",
                s.to_str()
                    .unwrap_or("?")
                    .chars()
                    .take(32)
                    .collect::<String>()
            ))
        });
    }
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "expected an action ('fold', 'call', 'check', 'raise', a letter or 0 to 2), got bool",
        ));
    }
    match obj.extract::<Int>() {
        Ok(i) => {
            let i: usize = i.within("action", 0, 2, errors::lokierr)?;
            Ok(plain(Action::ALL[i]))
        }
        Err(_) => Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "expected an action ('fold', 'call', 'check', 'raise', a letter or 0 to 2), got {}",
            crate::cards::type_name(obj)
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
            d.set_item("position", position.index())?;
            d.set_item("cards", cards.to_string())?;
        }
        Event::HoleHidden { position } => {
            d.set_item("type", "hole_hidden")?;
            d.set_item("position", position.index())?;
        }
        Event::BoardDealt { round, cards } => {
            d.set_item("type", "board")?;
            d.set_item("round", round.to_string())?;
            d.set_item("cards", card_texts(cards))?;
        }
        Event::Action(a) => {
            d.set_item("type", "action")?;
            d.set_item("position", a.position.index())?;
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
                x.set_item("position", h.position.index())?;
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
            let eligible: Vec<usize> = eligible.iter().map(|p| p.index()).collect();
            let shares: Vec<(usize, Chips)> = shares.iter().map(|&(p, c)| (p.index(), c)).collect();
            d.set_item("eligible", eligible)?;
            d.set_item("shares", shares)?;
        }
        Event::HandEnd { net } => {
            d.set_item("type", "hand_end")?;
            d.set_item("net", net.as_slice())?;
        }
    }
    Ok(d)
}

/// Cards as text.
pub fn card_texts(cards: &[Card]) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}
