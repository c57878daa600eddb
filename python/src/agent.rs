//! `loki.Agent`, one Loki player for a match, over the agent layer (`loki_agent::SeatedPlayer`):
//! it keeps its opponent models (and optionally their profiles, `loki_agent::ProfileBook`)
//! across the hands of a match. Each call gives the public view of the hand so far (our
//! position and cards, the board, the betting), played by `loki_agent::Agent`: the hand
//! is rebuilt and extended step by step by the engine replay the ACPC client uses, so the
//! player observes exactly the events it observes at a table or over the network. Also
//! `advise` (the typed trace of one decision, as `loki advise --json`, through
//! `loki_agent::Spot`), `simulate` (a match on the engine's table with the players of a
//! `--players` list, as `loki simulate`) and `player_seed` (the one seed derivation).
use crate::args::{self, Int};
use crate::cards::{board_arg, cards_arg, hole_arg};
use crate::engine::{actions_arg, PyHandState};
use crate::errors::{self, agenterr};
use crate::game::{action_name, PyGameConfig};
use crate::history::PyHandRecord;
use crate::methods::rebuilder;
use loki_agent::{Agent, AgentCounts, ProfileBook, PublicView, Roster, SeatedPlayer, Spot};
use loki_bot::{Knowledge, LokiConfig};
use loki_cards::{Card, HoleCards};
use loki_engine::ByPosition;
use loki_engine::Position;
use loki_engine::{Action, ByAction, GameConfig, HandState, Phase, Player, Table};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use std::sync::{Arc, OnceLock};

/// The knowledge of the default constants, shared by every agent of the process (its
/// board cache too).
fn default_knowledge() -> PyResult<Arc<Knowledge>> {
    static KNOW: OnceLock<Arc<Knowledge>> = OnceLock::new();
    if let Some(k) = KNOW.get() {
        return Ok(k.clone());
    }
    let k = Knowledge::new(LokiConfig::default()).map_err(errors::agent)?;
    Ok(KNOW.get_or_init(|| k).clone())
}

/// The roster of `settings` (TOML text of model and strategy constants, as `--config`,
/// or the name of a built-in configuration: `"paper"`, the sources' own, or
/// `"default"`), or of the defaults.
pub(crate) fn roster(settings: Option<&str>) -> PyResult<Roster> {
    crate::class_cache::warm();
    match settings {
        None => Ok(Roster::with_knowledge(default_knowledge()?)),
        Some(name) if name.trim().eq_ignore_ascii_case("default") => {
            Ok(Roster::with_knowledge(default_knowledge()?))
        }
        Some(name) if loki_bot::paper::built_in(name.trim()).is_some() => {
            let config = loki_bot::paper::built_in(name.trim()).unwrap_or_default();
            Roster::new(config).map_err(errors::agent)
        }
        Some(text) => {
            let config = LokiConfig::from_toml(text)
                .map_err(|e| errors::ConfigError::new_err(format!("settings: {e}")))?;
            Roster::new(config).map_err(errors::agent)
        }
    }
}

/// The game: `config`, else the tournament's game for `seats`.
fn game_arg(config: Option<PyGameConfig>, seats: Option<usize>) -> PyResult<GameConfig> {
    match (config, seats) {
        (Some(c), Some(n)) if c.0.seats() != n => Err(errors::ConfigError::new_err(format!(
            "seats={n} but the game has {} seats",
            c.0.seats()
        ))),
        (Some(c), _) => Ok(c.0),
        (None, n) => GameConfig::limit(n.unwrap_or(2), 1, 2, 2, 4).map_err(errors::config),
    }
}

/// The betting by round: an ACPC betting string (rounds ended by `/`), or a sequence of
/// actions without rounds, split into rounds by the rules (a round whose board is given
/// after the last action is opened empty).
fn betting_arg(
    config: &GameConfig,
    betting: Option<&Bound<'_, PyAny>>,
    board: &[Card],
) -> PyResult<Vec<Vec<Action>>> {
    let Some(b) = betting.filter(|b| !b.is_none()) else {
        return Ok(vec![Vec::new()]);
    };
    if let Ok(s) = b.cast::<PyString>() {
        let mut rounds = loki_history::parse_betting(s.to_str()?).map_err(errors::history)?;
        if rounds.is_empty() {
            rounds.push(Vec::new());
        }
        return Ok(rounds);
    }
    let actions = actions_arg(b)?;
    split_rounds(config, actions.into_iter().map(|(a, _)| a), board)
}

/// Splits a flat action list into rounds by replaying it with hidden hole cards.
fn split_rounds(
    config: &GameConfig,
    actions: impl Iterator<Item = crate::game::ActionArg>,
    board: &[Card],
) -> PyResult<Vec<Vec<Action>>> {
    let mut state = HandState::new(config).map_err(errors::config)?;
    for p in Position::all(config.seats()) {
        state.deal_hole_hidden(p).map_err(errors::deal)?;
    }
    let mut rounds = vec![Vec::new()];
    let deal = |state: &mut HandState, rounds: &mut Vec<Vec<Action>>, strict: bool| {
        while let Phase::DealBoard(round) = state.phase() {
            let Some(cards) = board.get(round.dealt_range()) else {
                if strict {
                    return Err(errors::DealError::new_err(format!(
                        "the betting reaches the {round} but the board has {} card(s)",
                        board.len()
                    )));
                }
                return Ok(());
            };
            state.deal_board(cards).map_err(errors::deal)?;
            rounds.push(Vec::new());
        }
        Ok(())
    };
    for (i, a) in actions.enumerate() {
        deal(&mut state, &mut rounds, true)?;
        let round = state.round();
        let a = a.on(&state).map_err(|e| {
            errors::IllegalActionError::new_err(format!("action {i} (check in the {round}): {e}"))
        })?;
        state.apply(a).map_err(|e| {
            errors::IllegalActionError::new_err(format!(
                "action {i} ({} in the {round}): {e}",
                action_name(a)
            ))
        })?;
        if let Some(r) = rounds.last_mut() {
            r.push(a);
        }
    }
    deal(&mut state, &mut rounds, false)?;
    Ok(rounds)
}

/// A Loki player for a match, driven by public views of each hand. It keeps its opponent
/// models across hands (opponents are known by seat: pass `seats`, the table seat at each
/// position, when positions move between hands).
#[pyclass(module = "loki", name = "Agent", unsendable)]
pub struct PyAgent {
    agent: Agent,
    settings: Option<String>,
    profiles: bool,
    last_ns: u64,
    /// The agent as the current hand began (or as built), and every step since: what a
    /// copy replays to be this agent exactly (see `__reduce__`).
    start: Start,
    since: Vec<Op>,
}

/// The agent's counters and the current hand's key.
#[derive(Clone, Copy, Default, IntoPyObject, FromPyObject)]
#[pyo3(from_item_all)]
struct Counts {
    /// Hands begun (the number of the current hand is `begun - 1`).
    begun: u32,
    hands: u64,
    decisions: u64,
    hand_key: Option<i64>,
}

impl From<AgentCounts> for Counts {
    fn from(c: AgentCounts) -> Counts {
        Counts {
            begun: c.begun,
            hands: c.hands,
            decisions: c.decisions,
            hand_key: c.hand_key,
        }
    }
}

impl From<Counts> for AgentCounts {
    fn from(c: Counts) -> AgentCounts {
        AgentCounts {
            begun: c.begun,
            hands: c.hands,
            decisions: c.decisions,
            hand_key: c.hand_key,
        }
    }
}

/// The agent between hands: the player's learned state (None: as built) and counters.
#[derive(Clone, Default, IntoPyObject, FromPyObject)]
#[pyo3(from_item_all)]
struct Start {
    state: Option<String>,
    counts: Counts,
}

/// One step of the agent since its start.
#[derive(Clone)]
enum Op {
    Sync(PublicView, Option<Vec<usize>>, Option<i64>),
    Decide,
    Finish,
    Load(String),
}

/// A view as plain values: position, holding index, board text, betting by round, shown
/// holdings by position.
type ViewFields = (usize, usize, String, Vec<String>, Vec<Option<usize>>);

fn view_fields(v: &PublicView) -> ViewFields {
    (
        v.position.index(),
        v.hole.index(),
        v.board.iter().map(|c| c.to_string()).collect(),
        v.betting
            .iter()
            .map(|r| r.iter().map(|a| a.acpc_char()).collect())
            .collect(),
        v.holes.iter().map(|h| h.map(HoleCards::index)).collect(),
    )
}

fn view_from_fields(f: ViewFields) -> Result<PublicView, String> {
    let (position, hole, board, betting, holes) = f;
    let hole_of = |i: usize| HoleCards::from_index(i).map_err(|e| e.to_string());
    let action = |c: char| Action::from_acpc_char(c).ok_or(format!("bad action {c:?}"));
    Ok(PublicView {
        position: Position::new(position),
        hole: hole_of(hole)?,
        board: loki_cards::parse_cards(&board).map_err(|e| e.to_string())?,
        betting: betting
            .iter()
            .map(|r| r.chars().map(action).collect())
            .collect::<Result<_, _>>()?,
        holes: holes
            .into_iter()
            .map(|h| h.map(hole_of).transpose())
            .collect::<Result<_, _>>()?,
    })
}

/// An op as plain values: its kind and its arguments.
type OpFields = (
    &'static str,
    Option<ViewFields>,
    Option<Vec<usize>>,
    Option<i64>,
    Option<String>,
);

/// An op as read back (its kind as text).
type OpRead = (
    String,
    Option<ViewFields>,
    Option<Vec<usize>>,
    Option<i64>,
    Option<String>,
);

impl Op {
    fn fields(&self) -> OpFields {
        match self {
            Op::Sync(v, seats, hand) => ("sync", Some(view_fields(v)), seats.clone(), *hand, None),
            Op::Decide => ("decide", None, None, None, None),
            Op::Finish => ("finish", None, None, None, None),
            Op::Load(s) => ("load", None, None, None, Some(s.clone())),
        }
    }
    fn from_fields(f: OpRead) -> Result<Op, String> {
        match (f.0.as_str(), f.1, f.4) {
            ("sync", Some(v), _) => Ok(Op::Sync(view_from_fields(v)?, f.2, f.3)),
            ("decide", ..) => Ok(Op::Decide),
            ("finish", ..) => Ok(Op::Finish),
            ("load", _, Some(s)) => Ok(Op::Load(s)),
            (other, ..) => Err(format!("unknown step {other:?}")),
        }
    }
}

/// A pickled agent: how it was built, its start and its steps since.
#[derive(IntoPyObject)]
struct AgentPickle {
    kind: String,
    seed: u64,
    config: PyGameConfig,
    name: String,
    settings: Option<String>,
    start: Start,
    since: Vec<OpFields>,
}

/// The same, as read back.
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
struct AgentUnpickle {
    kind: String,
    seed: u64,
    config: PyGameConfig,
    name: String,
    settings: Option<String>,
    start: Start,
    since: Vec<OpRead>,
}

impl PyAgent {
    /// A fresh agent (the arguments checked).
    #[allow(clippy::too_many_arguments)]
    fn build(
        kind: &str,
        game: GameConfig,
        seed: u64,
        name: Option<String>,
        settings: Option<&str>,
        profiles: Option<std::path::PathBuf>,
        names: Option<Vec<String>>,
    ) -> PyResult<PyAgent> {
        let roster = roster(settings)?;
        let kind = roster.canonical(kind).map_err(errors::agent)?;
        let name = name.unwrap_or_else(|| kind.clone());
        let mut seat = SeatedPlayer::build(&roster, &kind, &name, seed).map_err(errors::agent)?;
        let with_profiles = profiles.is_some();
        if let Some(path) = profiles {
            let store = loki_store::Store::open(&path)
                .map_err(|e| agenterr(format!("opponent profiles {}: {e}", path.display())))?;
            let window = roster.know.config.model.window;
            seat = seat.with_profiles(ProfileBook::new(store, names.unwrap_or_default(), window));
        }
        Ok(PyAgent {
            agent: Agent::with_seat(seat, game, &kind, seed),
            settings: settings.map(str::to_string),
            profiles: with_profiles,
            last_ns: 0,
            start: Start::default(),
            since: Vec::new(),
        })
    }

    /// Brings the hand up to `view`: extends the hand in progress, or ends it and starts
    /// a new one.
    fn sync(
        &mut self,
        view: PublicView,
        seats: Option<Vec<usize>>,
        hand: Option<i64>,
    ) -> PyResult<()> {
        if self.agent.starts_hand(&view, hand) {
            // A new hand: the previous one ends, and a copy starts from here.
            self.agent.end_hand();
            self.start = Start {
                state: self.agent.seat().save_state(),
                counts: self.agent.counts().into(),
            };
            self.since.clear();
        }
        self.since.push(Op::Sync(view.clone(), seats.clone(), hand));
        self.agent.observe(view, seats, hand).map_err(errors::agent)
    }

    /// The player's decision in the hand as synced (our position must be to act).
    fn decide(&mut self) -> PyResult<Action> {
        self.agent.my_turn().map_err(errors::agent)?;
        self.since.push(Op::Decide);
        self.agent.decide().map_err(errors::agent)
    }

    /// The probabilities [fold, call, raise] of the player's decision in the hand as
    /// synced, without making it: a Loki player's probability triple (decided by a copy
    /// of the player, so nothing of the player changes), each wanted action moved to the
    /// legal one it is played as (a raise past the cap is a call, a fold when checking is
    /// free a check, as `loki_bot`'s player plays them); a simple player's own rule.
    fn policy_now(&self) -> PyResult<[f64; 3]> {
        let view = self.agent.my_turn().map_err(errors::agent)?.view();
        let legal = view.legal_actions();
        let mut p = ByAction::splat(0.0);
        let played = |a: Action| {
            let a = if legal.contains(a) { a } else { Action::Call };
            if a == Action::Fold && view.amount_to_call() == 0 {
                Action::Call
            } else {
                a
            }
        };
        match self.agent.seat().loki() {
            Some(player) => {
                let mut copy = player.clone();
                let triple = copy.decide(&view).trace.triple.by_action();
                for (a, &q) in triple.iter() {
                    p[played(a)] += q;
                }
            }
            None => match self.agent.kind() {
                "call" => p[Action::Call] = 1.0,
                "raise" => p[played(Action::Raise)] = 1.0,
                _ => {
                    let all = legal.to_vec();
                    for &a in &all {
                        p[a] = 1.0 / all.len() as f64;
                    }
                }
            },
        }
        Ok(p.into())
    }

    /// The agent as plain values (refused for an agent with profiles: they live in a
    /// file that the original goes on writing).
    fn pickle(&self) -> PyResult<AgentPickle> {
        if self.profiles {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "an Agent with profiles cannot be copied or pickled (its opponents' profiles are in a SQLite file that it keeps writing); build the copy with its own profiles file",
            ));
        }
        Ok(AgentPickle {
            kind: self.agent.kind().to_string(),
            seed: self.agent.seed(),
            config: PyGameConfig(self.agent.game().clone()),
            name: self.agent.seat().name().to_string(),
            settings: self.settings.clone(),
            start: self.start.clone(),
            since: self.since.iter().map(Op::fields).collect(),
        })
    }

    /// An agent from plain values: built, set to its start, and its steps replayed.
    fn unpickle(p: AgentUnpickle) -> PyResult<PyAgent> {
        let bad = |e: String| agenterr(format!("not a pickled Agent: {e}"));
        let mut agent = PyAgent::build(
            &p.kind,
            p.config.0,
            p.seed,
            Some(p.name),
            p.settings.as_deref(),
            None,
            None,
        )?;
        if let Some(state) = &p.start.state {
            agent
                .agent
                .seat_mut()
                .load_state(state)
                .map_err(|e| bad(e.to_string()))?;
        }
        agent.agent.set_counts(p.start.counts.into());
        agent.start = p.start;
        for op in p.since {
            let op = Op::from_fields(op).map_err(bad)?;
            agent.since.push(op.clone());
            // A step that failed for the original fails alike here: its error is ignored,
            // as the original's was given to its caller.
            let a = &mut agent.agent;
            let _ = match op {
                Op::Sync(view, seats, hand) => a.observe(view, seats, hand).map_err(errors::agent),
                Op::Decide => a.decide().map(|_| ()).map_err(errors::agent),
                Op::Finish => {
                    a.end_hand();
                    Ok(())
                }
                Op::Load(state) => a.seat_mut().load_state(&state).map_err(errors::agent),
            };
        }
        Ok(agent)
    }

    /// The last view of the hand in progress completed by what is given: `board` and
    /// `betting` (else as last seen) and the cards shown (`holes`); `none` is the error
    /// without a hand in progress.
    fn completed(
        &self,
        board: Option<&Bound<'_, PyAny>>,
        betting: Option<&Bound<'_, PyAny>>,
        holes: Option<&Bound<'_, PyAny>>,
        none: &str,
    ) -> PyResult<PublicView> {
        let Some(last) = self.agent.last_view() else {
            return Err(agenterr(none.into()));
        };
        let board = match board.filter(|b| !b.is_none()) {
            Some(b) => cards_arg(b)?,
            None => last.board.clone(),
        };
        let betting = match betting.filter(|b| !b.is_none()) {
            Some(b) => betting_arg(self.agent.game(), Some(b), &board)?,
            None => last.betting.clone(),
        };
        Ok(PublicView {
            position: last.position,
            hole: last.hole,
            board,
            betting,
            holes: ByPosition::new(holes_arg(holes)?),
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn view(
        &self,
        position: Int,
        hole: &Bound<'_, PyAny>,
        board: Option<&Bound<'_, PyAny>>,
        betting: Option<&Bound<'_, PyAny>>,
        holes: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PublicView> {
        let n = self.agent.game().seats() as i128;
        let position = position.within("position", 0, n - 1, agenterr)?;
        let hole = hole_arg(hole)?;
        let board = board_arg(board)?;
        let betting = betting_arg(self.agent.game(), betting, &board)?;
        let holes = holes_arg(holes)?;
        Ok(PublicView {
            position: Position::new(position),
            hole,
            board,
            betting,
            holes: ByPosition::new(holes),
        })
    }
}

/// A `seats` argument: the table seat at each position (each 0 to 9; `sync` checks
/// that they are the seats of the game once each).
fn seats_list(seats: Option<Vec<Int>>) -> PyResult<Option<Vec<usize>>> {
    seats
        .map(|s| args::each(s, "seats", |v, name| v.within(name, 0, 9, agenterr)))
        .transpose()
}

/// A `hand` argument: any 64-bit integer.
fn hand_arg(hand: Option<Int>) -> PyResult<Option<i64>> {
    args::opt(hand, |h| {
        h.within("hand", i128::from(i64::MIN), i128::from(i64::MAX), agenterr)
    })
}

/// Shown hole cards by position (`None` for a hand not shown).
fn holes_arg(holes: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Option<HoleCards>>> {
    let Some(h) = holes.filter(|h| !h.is_none()) else {
        return Ok(Vec::new());
    };
    h.try_iter()?
        .map(|x| {
            let x = x?;
            if x.is_none() {
                Ok(None)
            } else {
                hole_arg(&x).map(Some)
            }
        })
        .collect()
}

methods! {
    PyAgent, |a = self| {
        /// Nanoseconds the last `act` spent in Rust on the hand's replay and the decision
        /// (for python/bench/bench_agent.py: the rest of the call is Python's cost).
        _last_decision_ns: u64 = a.last_ns;
        /// The player kind (canonical name).
        kind: &str = a.agent.kind();
        /// The player's name.
        name: &str = a.agent.seat().name();
        /// The seed.
        seed: u64 = a.agent.seed();
        /// Number of players.
        seats: usize = a.agent.game().seats();
        /// The game.
        config: PyGameConfig = PyGameConfig(a.agent.game().clone());
        /// Hands ended.
        hands: u64 = a.agent.counts().hands;
        /// Decisions made.
        decisions: u64 = a.agent.counts().decisions;
    }
    /// A Loki player of `kind` (SOM, GOM, LOKI2, POKI, BPM ... or a configured variant;
    /// also the simple players call, raise, random) for a game of `seats` players (the
    /// tournament's game: blinds 1/2, bets 2/4, a bet and 3 raises) or of `config` (a
    /// `GameConfig`). `seed` seeds its randomness (LOKI2 and POKI's probability
    /// triples). `settings` is the TOML text of model and strategy constants (as
    /// `loki ... --config`), or `"paper"`: the sources' own configuration, in which SOM,
    /// GOM, LOKI2 ... play as Billings et al. 1998, Papp and Peña describe them, without
    /// loki's additions (`loki players --config paper` says how each kind plays). `profiles` is a SQLite profile file (the ACPC client's
    /// format, created if missing) in which opponents are loaded when first seen and
    /// saved after every hand, keyed by `names[seat]` (else `seat N`).
    #[new]
    #[pyo3(signature = (kind = "POKI", seats = None, seed = Int(0), config = None, *, name = None, settings = None, profiles = None, names = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        kind: &str,
        seats: Option<Int>,
        seed: Int,
        config: Option<PyGameConfig>,
        name: Option<String>,
        settings: Option<&str>,
        profiles: Option<std::path::PathBuf>,
        names: Option<Vec<String>>,
    ) -> PyResult<PyAgent> {
        let seats = args::opt(seats, |n| n.within("seats", 2, 10, errors::configerr))?;
        let game = game_arg(config, seats)?;
        PyAgent::build(
            kind,
            game,
            seed.seed("seed")?,
            name,
            settings,
            profiles,
            names,
        )
    }

    /// The action of the player at `position` (0 = small blind, 1 = big blind; heads-up
    /// 0 = big blind, 1 = button) holding `hole`, with `board` (as far as the betting
    /// reaches) and `betting` (an ACPC betting string such as `"crrc/r"`, or the actions
    /// so far in order without rounds): `"fold"`, `"call"` (also a check) or `"raise"`
    /// (also a bet), always legal. `seats` gives the table seat at each position (the
    /// opponents' identities; default seat = position); `hand` identifies the hand
    /// (a new value starts a new hand; by default a view that does not continue the last
    /// one starts a new hand, ending the previous one).
    #[pyo3(signature = (position, hole, board = None, betting = None, *, seats = None, hand = None))]
    #[allow(clippy::too_many_arguments)]
    fn act(
        &mut self,
        position: Int,
        hole: &Bound<'_, PyAny>,
        board: Option<&Bound<'_, PyAny>>,
        betting: Option<&Bound<'_, PyAny>>,
        seats: Option<Vec<Int>>,
        hand: Option<Int>,
    ) -> PyResult<&'static str> {
        let view = self.view(position, hole, board, betting, None)?;
        let (seats, hand) = (seats_list(seats)?, hand_arg(hand)?);
        let start = std::time::Instant::now();
        self.sync(view, seats, hand)?;
        let action = self.decide()?;
        self.last_ns = start.elapsed().as_nanos() as u64;
        Ok(action_name(action))
    }

    /// The probabilities `[fold, call, raise]` of the player's decision at `position`
    /// (arguments as `act`), without making it: the player learns what the view shows
    /// (as `observe`) but does not act, and its random generator does not move, so `act`
    /// with the same view then plays an action drawn from these probabilities. A Loki
    /// player's probability triple with each action moved to the legal one it is played
    /// as (a raise at the cap is a call, a fold when checking is free a check); the
    /// simple players' rules (`random`: uniform over the legal actions).
    #[pyo3(signature = (position, hole, board = None, betting = None, *, seats = None, hand = None))]
    #[allow(clippy::too_many_arguments)]
    fn policy(
        &mut self,
        position: Int,
        hole: &Bound<'_, PyAny>,
        board: Option<&Bound<'_, PyAny>>,
        betting: Option<&Bound<'_, PyAny>>,
        seats: Option<Vec<Int>>,
        hand: Option<Int>,
    ) -> PyResult<[f64; 3]> {
        let view = self.view(position, hole, board, betting, None)?;
        self.sync(view, seats_list(seats)?, hand_arg(hand)?)?;
        self.policy_now()
    }

    /// Tells the player the hand so far without asking it to act (e.g. the actions after
    /// its last decision). Arguments as `act`.
    #[pyo3(signature = (position, hole, board = None, betting = None, *, seats = None, hand = None))]
    #[allow(clippy::too_many_arguments)]
    fn observe(
        &mut self,
        position: Int,
        hole: &Bound<'_, PyAny>,
        board: Option<&Bound<'_, PyAny>>,
        betting: Option<&Bound<'_, PyAny>>,
        seats: Option<Vec<Int>>,
        hand: Option<Int>,
    ) -> PyResult<()> {
        let view = self.view(position, hole, board, betting, None)?;
        self.sync(view, seats_list(seats)?, hand_arg(hand)?)
    }

    /// The showdown of the hand in progress: `holes` gives the cards shown by position
    /// (`None` where not shown, our own may be given or not); `board` and `betting`, when
    /// given, complete the hand first. The models learn from the shown hands.
    #[pyo3(signature = (holes, board = None, betting = None))]
    fn observe_showdown(
        &mut self,
        holes: &Bound<'_, PyAny>,
        board: Option<&Bound<'_, PyAny>>,
        betting: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let view = self.completed(board, betting, Some(holes), "no hand in progress")?;
        self.sync(view, None, self.agent.counts().hand_key)
    }

    /// Ends the hand: the player's end-of-hand learning (and the profiles' save). With
    /// `betting` (and `board`, `holes`), first completes the hand in progress; with
    /// `position` and `hole` too, the hand may be one the agent has not seen yet (it never
    /// had to act). Without arguments, ends the hand as last seen.
    #[pyo3(signature = (betting = None, board = None, holes = None, *, position = None, hole = None, seats = None, hand = None))]
    #[allow(clippy::too_many_arguments)]
    fn end_hand(
        &mut self,
        betting: Option<&Bound<'_, PyAny>>,
        board: Option<&Bound<'_, PyAny>>,
        holes: Option<&Bound<'_, PyAny>>,
        position: Option<Int>,
        hole: Option<&Bound<'_, PyAny>>,
        seats: Option<Vec<Int>>,
        hand: Option<Int>,
    ) -> PyResult<()> {
        let given = [betting, board, holes]
            .iter()
            .any(|x| x.is_some_and(|x| !x.is_none()));
        let (seats, hand) = (seats_list(seats)?, hand_arg(hand)?);
        match (position, hole) {
            (Some(p), Some(h)) => {
                let view = self.view(p, h, board, betting, holes)?;
                self.sync(view, seats, hand.or(self.agent.counts().hand_key))?;
            }
            (None, None) if given => {
                let none = "no hand in progress: give position and hole";
                let view = self.completed(board, betting, holes, none)?;
                self.sync(view, None, self.agent.counts().hand_key)?;
            }
            (None, None) => {}
            _ => return Err(agenterr("give both position and hole, or neither".into())),
        }
        self.since.push(Op::Finish);
        self.agent.end_hand();
        Ok(())
    }

    /// The trace of the last decision of a Loki player, as `loki advise --json` gives it
    /// (a dict), or None.
    fn trace(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        match self.agent.seat().last_trace() {
            Some(t) => trace_dict(py, t).map(Some),
            None => Ok(None),
        }
    }

    /// The hand in progress as loki's engine has rebuilt it (a copy; other positions'
    /// cards are hidden), or None.
    fn hand_state(&self) -> Option<PyHandState> {
        self.agent
            .tracker()
            .map(|t| PyHandState(t.state().clone()))
    }

    /// The legal actions at the hand's current decision ("fold", "call", "raise").
    fn legal_actions(&self) -> Vec<&'static str> {
        self.agent.tracker().map_or_else(Vec::new, |t| {
            t.state()
                .legal_actions()
                .to_vec()
                .into_iter()
                .map(action_name)
                .collect()
        })
    }

    /// The player's learned state (opponent statistics by seat and its random
    /// generator) as JSON, as a tournament checkpoint keeps it; None for a simple player.
    fn save_state(&self) -> Option<String> {
        self.agent.seat().save_state()
    }

    /// Restores a state from `save_state`.
    fn load_state(&mut self, state: &str) -> PyResult<()> {
        self.agent
            .seat_mut()
            .load_state(state)
            .map_err(errors::agent)?;
        self.since.push(Op::Load(state.to_string()));
        Ok(())
    }

    /// Warnings of the profiles (a profile that did not load or save) since the last call.
    fn take_warnings(&mut self) -> Vec<String> {
        self.agent.seat_mut().take_warnings()
    }

    /// Pickles (and copies) as how the agent was built, its learned state when the
    /// current hand began, and every step since, which the copy replays: a copy plays on
    /// exactly as the original would. An agent with `profiles` is refused (`TypeError`).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let rebuild = rebuilder(py, "_agent")?;
        (rebuild, (self.pickle()?,)).into_pyobject(py)
    }
    fn __copy__(&self) -> PyResult<PyAgent> {
        PyAgent::unpickle_from(self)
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyResult<PyAgent> {
        PyAgent::unpickle_from(self)
    }

    fn __repr__(&self) -> String {
        format!(
            "Agent(kind='{}', seats={}, seed={})",
            self.agent.kind(),
            self.agent.game().seats(),
            self.agent.seed()
        )
    }
}

impl PyAgent {
    /// A copy through the pickled form (the same path as pickle).
    fn unpickle_from(agent: &PyAgent) -> PyResult<PyAgent> {
        let p = agent.pickle()?;
        PyAgent::unpickle(AgentUnpickle {
            kind: p.kind,
            seed: p.seed,
            config: p.config,
            name: p.name,
            settings: p.settings,
            start: p.start,
            since: p
                .since
                .into_iter()
                .map(|(k, v, s, h, l)| (k.to_string(), v, s, h, l))
                .collect(),
        })
    }
}

/// Not API: rebuilds a pickled `Agent`.
#[pyfunction]
fn _agent(pickled: AgentUnpickle) -> PyResult<PyAgent> {
    PyAgent::unpickle(pickled)
}

fn trace_dict(py: Python<'_>, t: &loki_bot::DecisionTrace) -> PyResult<Py<PyAny>> {
    let text = serde_json::to_string(t).map_err(errors::agent)?;
    let json = py.import("json")?;
    Ok(json.call_method1("loads", (text,))?.unbind())
}

/// The decision and trace of one Loki player in one situation, as `loki advise --json`:
/// `seats` players (the tournament's game), our `position` and `hole`, the `board` as far
/// as `betting` (an ACPC betting string) reaches. The player (`player`, default SOM) sees
/// every action as in play, so its models are re-weighted as at a table. Returns the
/// trace as a dict (its `action` key is the decision).
#[pyfunction]
#[pyo3(signature = (seats, position, hole, board = None, betting = "", player = "SOM", seed = Int(0), settings = None, detail = true))]
#[allow(clippy::too_many_arguments)]
fn advise(
    py: Python<'_>,
    seats: Int,
    position: Int,
    hole: &Bound<'_, PyAny>,
    board: Option<&Bound<'_, PyAny>>,
    betting: &str,
    player: &str,
    seed: Int,
    settings: Option<&str>,
    detail: bool,
) -> PyResult<Py<PyAny>> {
    let seats: usize = seats.within("seats", 2, 10, errors::configerr)?;
    let position: usize = position.within("position", 0, seats as i128 - 1, agenterr)?;
    let seed = seed.seed("seed")?;
    let roster = roster(settings)?;
    let kind = roster.canonical(player).map_err(errors::agent)?;
    let mut p = roster
        .loki(&kind, &kind.to_ascii_uppercase(), seed)
        .map_err(errors::agent)?;
    p.set_detail(detail);
    let spot = Spot {
        game: GameConfig::paper(seats).map_err(errors::config)?,
        position: Position::new(position),
        hole: hole_arg(hole)?,
        board: board_arg(board)?,
        betting: loki_history::parse_betting(betting).map_err(errors::history)?,
        seat: None,
    };
    let hand = spot
        .replay(&mut p)
        .map_err(|e| agenterr(format!("betting '{betting}': {e}")))?;
    let d = p.decide(&hand.view());
    trace_dict(py, &d.trace)
}

/// A match on loki's table, as `loki simulate`: the players of a list (`["POKI", "SOM"]`)
/// or of a `--players` text (`"POKI,SOM"`, `"POKI,9*random"`) at seats 0.., each seeded by `player_seed(seed, 0,
/// seat)`, `hands` hands from one deck generator seeded by `seed`, the button moving one
/// seat per hand (the seat at position p in hand h is (p + h) mod N). Returns the
/// `HandRecord`s (their `seats` give the seat at each position).
#[pyfunction]
#[pyo3(signature = (players, hands, seed = Int(0), config = None, settings = None))]
fn simulate(
    py: Python<'_>,
    players: &Bound<'_, PyAny>,
    hands: Int,
    seed: Int,
    config: Option<PyGameConfig>,
    settings: Option<&str>,
) -> PyResult<Vec<PyHandRecord>> {
    let players = players_arg(players)?;
    let hands: u64 = hands.within("hands", 0, 10_000_000, errors::lokierr)?;
    let seed = seed.seed("seed")?;
    let roster = roster(settings)?;
    let table = roster.table(&players, seed).map_err(errors::agent)?;
    let game = game_arg(config, Some(table.len()))?;
    let records = py.detach(move || -> Result<_, String> {
        let mut t = Table::new(game, table, seed).map_err(|e| e.to_string())?;
        t.play(hands).map_err(|e| e.to_string())
    });
    Ok(records
        .map_err(agenterr)?
        .into_iter()
        .map(PyHandRecord)
        .collect())
}

/// The seed of the player at `seat` of table `table` of a run seeded by `seed` (the one
/// derivation of `loki simulate` and `loki tournament`; `simulate` uses table 0).
#[pyfunction]
#[pyo3(signature = (seed, table, seat))]
fn player_seed(seed: Int, table: Int, seat: Int) -> PyResult<u64> {
    let seed = seed.seed("seed")?;
    let table: usize = table.within("table", 0, i128::from(u32::MAX), errors::lokierr)?;
    let seat: usize = seat.within("seat", 0, 9, errors::lokierr)?;
    Ok(loki_agent::player_seed(seed, table, seat))
}

/// A players argument: a list of kinds (`["POKI", "2*SOM"]`) or a `--players` text
/// (`"POKI,2*SOM"`).
fn players_arg(players: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = players.cast::<PyString>() {
        return Ok(s.to_str()?.to_string());
    }
    let list: Vec<String> = players.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "players must be a list of player kinds or a comma-separated text, got {}",
            crate::cards::type_name(players)
        ))
    })?;
    if let Some(bad) = list.iter().find(|k| k.contains(',')) {
        return Err(agenterr(format!(
            "players: one kind per list item, got {bad:?}"
        )));
    }
    Ok(list.join(","))
}

/// The reference of `python/bench/bench_agent.py`: the same decisions as
/// `Agent(kind, seats, seed).act(position, hole, board, betting, hand=i)` for each spot `i`
/// (parsed before timing), made in Rust by the same code without Python; returns each
/// decision's action and wall-clock nanoseconds (the hand's replay and the decision).
#[pyfunction]
fn _bench_agent_reference(
    py: Python<'_>,
    kind: &str,
    seats: usize,
    seed: u64,
    spots: &Bound<'_, PyAny>,
) -> PyResult<Vec<(&'static str, u64)>> {
    let game = game_arg(None, Some(seats))?;
    let mut agent = PyAgent::build(kind, game, seed, None, None, None, None)?;
    let mut views = Vec::new();
    for spot in spots.try_iter()? {
        let spot = spot?;
        let (position, hole, board, betting): (
            usize,
            Bound<'_, PyAny>,
            Bound<'_, PyAny>,
            Bound<'_, PyAny>,
        ) = spot.extract()?;
        views.push(agent.view(
            Int(position as i128),
            &hole,
            Some(&board),
            Some(&betting),
            None,
        )?);
    }
    py.detach(move || {
        views
            .into_iter()
            .enumerate()
            .map(|(i, view)| {
                let start = std::time::Instant::now();
                agent.sync(view, None, Some(i as i64))?;
                let action = agent.decide()?;
                Ok((action_name(action), start.elapsed().as_nanos() as u64))
            })
            .collect()
    })
}

register! {
    classes: PyAgent;
    functions: advise, simulate, player_seed, _bench_agent_reference, _agent;
}
