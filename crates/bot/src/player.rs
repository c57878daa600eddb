//! The Loki player: glue between the engine's `Player` trait and the paper's pipeline
//! (Billings et al. 1998; Papp 1998 ch. 6-7; Peña 1999 ch. 4). It keeps one
//! [`OpponentModel`] per opponent seat (weights reset each hand, statistics across
//! hands) and feeds it every observed action. Ranking holdings the paper's way
//! (`reweight.rank = "paper"`, Papp §7.2.3 and §7.3.1), a modeling player also keeps a
//! model of its own seat, fed its own actions: the field an opponent's holdings are
//! ranked against is the tables of all other live players, this one included. At its
//! turn it runs
//!
//! * pre-flop: the plan of [`crate::preflop`] chosen at its first action;
//! * post-flop: the [assessment step](crate::assessment) against the live opponents'
//!   tables, then the rules of [`crate::postflop`] (Loki-2: their smoothed
//!   [`ProbabilityTriple`], sampled with a seeded generator),
//!
//! or, for a simulating player (POKI), the simulation its glue (`player/poki.rs`) sets
//! up, and returns a [`DecisionTrace`] for every decision.
use crate::assessment::assess;
use crate::board_cache::BoardRanges;
use crate::config::{FieldView, RankBy};
use crate::context_model::{ContextFrequencies, SpotFeatures};
use crate::frequencies::ActionFrequencies;
use crate::frequencies::Context;
use crate::knowledge::Knowledge;
use crate::opponent_model::{ModelMode, OpponentModel};
use crate::postflop::{self, PostflopSituation, Rule};
use crate::preflop::{self, BettingState, Plan, PlanInputs};
use crate::reweight::Values;
use crate::style::Style;
use crate::trace::{DecisionRule, DecisionTrace, OpponentTrace};
use crate::triple::ProbabilityTriple;
use crate::trust::Trust;
use loki_assess::WeightTable;
use loki_cards::{uniform_unit, CardSet, LokiRng};
use loki_engine::Position;
use loki_engine::{Action, Event, Player, Round, Seat, SeatView};
use rand::RngCore;
use std::cell::Cell;
use std::collections::HashMap;
use std::sync::Arc;

mod poki;
pub(crate) use poki::OurHand;
pub use poki::{weighed_actions, ActionPrediction};

/// A decision: the action and why.
#[derive(Debug, Clone)]
pub struct Decision {
    /// The action (legal in the view it was made for).
    pub action: Action,
    /// The explanation.
    pub trace: DecisionTrace,
}

/// A Loki-family player.
#[derive(Debug, Clone)]
pub struct LokiPlayer {
    name: String,
    style: Style,
    pub(crate) know: Arc<Knowledge>,
    rng: LokiRng,
    models: HashMap<Seat, OpponentModel>,
    /// This player's own seat, once it models itself (see `models_itself`).
    own_seat: Option<Seat>,
    /// Loki-2 with `triples.hand_random`: the hand's one random number.
    hand_random: Option<f64>,
    /// SOMC: the opponents' action frequencies in context (kept across hands).
    context: Option<ContextFrequencies>,
    board: Option<Arc<BoardRanges>>,
    /// The analyses of this hand's boards (flop, turn, river), held until the next hand
    /// so that the shared cache keeps them while this hand may need them.
    hand_boards: Vec<Arc<BoardRanges>>,
    plan: Option<Plan>,
    semi_bluff_from: Option<Round>,
    last: Option<DecisionTrace>,
    detail: bool,
}

/// Why a saved player state cannot be restored.
#[derive(Debug, thiserror::Error)]
pub enum StateError {
    /// Not the JSON of a saved Loki player.
    #[error("bad saved Loki player state: {0}")]
    Json(#[from] serde_json::Error),
    /// The random generator's state does not parse.
    #[error("bad saved random-generator state")]
    Rng,
}

impl LokiPlayer {
    /// A player of `style`, named `name`, randomizing (Loki-2) with a generator seeded by
    /// `seed`.
    pub fn new(
        name: impl Into<String>,
        style: Style,
        know: Arc<Knowledge>,
        seed: u64,
    ) -> LokiPlayer {
        let context = style.context.then(|| {
            let m = &know.config.model;
            ContextFrequencies::new(m.context_backoff, m.context_tilt_prior)
        });
        LokiPlayer {
            name: name.into(),
            style,
            know,
            rng: loki_cards::rng_from_seed(seed),
            models: HashMap::new(),
            own_seat: None,
            hand_random: None,
            context,
            board: None,
            hand_boards: Vec::new(),
            plan: None,
            semi_bluff_from: None,
            last: None,
            detail: false,
        }
    }
    /// Whether traces carry each opponent's most likely holdings and starting-hand grid
    /// (costs a pass over every opponent table per decision; off by default, on for
    /// `loki advise` and the web page).
    pub fn set_detail(&mut self, detail: bool) {
        self.detail = detail;
    }
    /// The style.
    pub fn style(&self) -> &Style {
        &self.style
    }
    /// The trace of the last decision.
    pub fn last_trace(&self) -> Option<&DecisionTrace> {
        self.last.as_ref()
    }
    /// The model of the opponent at a seat, if seen.
    pub fn model(&self, seat: Seat) -> Option<&OpponentModel> {
        self.models.get(&seat)
    }
    /// The model of an opponent seat, created on first use.
    pub fn model_mut(&mut self, seat: Seat) -> &mut OpponentModel {
        let cfg = &self.know.config.model;
        let calibrated = self.style.calibrated && self.own_seat != Some(seat);
        let scale = self.style.reweight.scale;
        self.models
            .entry(seat)
            .or_insert_with(|| OpponentModel::new(cfg).calibrated(calibrated).scaled(scale))
    }

    /// A fresh model of an opponent (calibrated if this player calibrates) or of this
    /// player's own seat (never calibrated: no showdown scores it).
    fn new_model(&self, own: bool) -> OpponentModel {
        OpponentModel::new(&self.know.config.model)
            .calibrated(self.style.calibrated && !own)
            .scaled(self.style.reweight.scale)
    }

    /// Scores each shown opponent hand against the re-weightings of this hand (only a
    /// calibrated player needs it).
    fn observe_showdown(&mut self, hands: &[loki_engine::ShownHand], view: &SeatView<'_>) {
        if !self.style.calibrated {
            return;
        }
        for shown in hands {
            if shown.position == view.position() {
                continue;
            }
            let seat = view.seat_of(shown.position);
            self.model_mut(seat).score_showdown(shown.cards.index());
        }
    }

    fn refresh_board(&mut self, view: &SeatView<'_>) {
        let b = view.board();
        self.board = if b.len() >= 3 {
            self.know.boards.get(b).ok()
        } else {
            None
        };
        if let Some(board) = &self.board {
            if !self.hand_boards.iter().any(|h| Arc::ptr_eq(h, board)) {
                self.hand_boards.push(board.clone());
            }
        }
    }

    /// Whether this player ranks holdings the paper's way, against the field of the
    /// other live players, which then include itself: it keeps a model of its own seat,
    /// fed its own actions, as the table sees it (Papp §7.3.1: the field array for
    /// player p averages "the normalized weight arrays of all players except p").
    fn models_itself(&self) -> bool {
        self.style.rank() != RankBy::Uniform && self.style.model != ModelMode::InitialOnly
    }

    /// The frequencies this player reads for the opponent at `seat` in one of Loki's 12
    /// contexts (its model's, or SOMC's in-context frequencies at that context).
    fn frequencies_of(&self, seat: Seat, m: &OpponentModel, ctx: Context) -> ActionFrequencies {
        match &self.context {
            Some(c) => c.predict_coarse(seat, ctx),
            None => m.frequencies(
                self.style.model,
                ctx,
                &self.know.defaults,
                &self.know.config.model,
            ),
        }
    }

    fn observe_action(&mut self, a: &loki_engine::ActionEvent, view: &SeatView<'_>) {
        let own = a.position == view.position();
        if own && !self.models_itself() {
            return;
        }
        if !own && a.action == Action::Raise {
            self.semi_bluff_from = None;
        }
        let seat = view.seat_of(a.position);
        let ctx = Context::new(a.round, a.bets_to_call as usize);
        let know = self.know.clone();
        let board = self.board.clone();
        let ranking = know.ranking(view.players());
        let mode = self.style.model;
        let rank = self.style.rank();
        let paper = rank != RankBy::Uniform;
        let reweight = self.style.reweight;
        // SOMC: the action's spot in context, and the frequencies there.
        let in_context = match &self.context {
            Some(c) if !own => {
                let actions: Vec<loki_engine::ActionEvent> = view
                    .events()
                    .filter_map(|e| match e {
                        Event::Action(x) => Some(*x),
                        _ => None,
                    })
                    .collect();
                SpotFeatures::of_event(view.config(), &actions, actions.len().saturating_sub(1))
                    .map(|f| (f, c.predict(seat, &f)))
            }
            _ => None,
        };
        // The model of the actor leaves the map while the field of the others is read.
        let mut model = match self.models.remove(&seat) {
            Some(m) => m,
            None => self.new_model(own),
        };
        {
            let others = &self.models;
            let field = |b: &BoardRanges| {
                let tables: Vec<&WeightTable> = Position::all(view.players())
                    .filter(|&q| q != a.position && view.is_live(q))
                    .filter_map(|q| others.get(&view.seat_of(q)))
                    .map(|m| match reweight.field {
                        FieldView::Current => m.weights(),
                        FieldView::Preflop => m.preflop_weights(),
                    })
                    .collect();
                match rank {
                    RankBy::Multiway => b.multiway_ehs(&tables, reweight.potential),
                    _ => b.field_ehs_with(&tables, reweight.potential),
                }
            };
            let ehs = BoardValues {
                board: board.as_deref(),
                field: paper.then_some(&field),
                values: Cell::new(None),
            };
            let f = match in_context {
                Some((_, f)) => f,
                None => model.frequencies(mode, ctx, &know.defaults, &know.config.model),
            };
            model.observe_with(mode, ctx, a.action, f, &know.config, ranking, &ehs);
        }
        model.record(ctx, a.action);
        self.models.insert(seat, model);
        if let (Some(c), Some((f, _))) = (&mut self.context, in_context) {
            c.record(seat, &f, a.action);
        }
    }

    /// Decides in `view` (which must be this player's turn) and returns the decision.
    pub fn decide(&mut self, view: &SeatView<'_>) -> Decision {
        if self.board.is_none() && view.board().len() >= 3 {
            self.refresh_board(view);
        }
        let (wanted, mut trace) = if view.round() == Round::Preflop {
            self.decide_preflop(view)
        } else {
            self.decide_postflop(view)
        };
        let action = legal_version(wanted, view);
        if action == Action::Raise && trace.rule == DecisionRule::Postflop(Rule::SemiBluff) {
            self.semi_bluff_from = Some(view.round());
        }
        trace.action = action;
        self.last = Some(trace.clone());
        Decision { action, trace }
    }

    fn base_trace(&self, view: &SeatView<'_>) -> DecisionTrace {
        DecisionTrace {
            player: self.name.clone(),
            round: view.round(),
            hole: view.hole(),
            board: view.board().to_vec(),
            assessment: None,
            income_rate: None,
            plan: None,
            pot_odds: postflop::pot_odds(view.amount_to_call(), view.pot()),
            to_call: view.amount_to_call(),
            pot: view.pot(),
            rule: DecisionRule::NoCards,
            triple: ProbabilityTriple::pure(Action::Call),
            action: Action::Call,
            opponents: Vec::new(),
            simulation: None,
        }
    }

    /// The table at a pre-flop decision, apart from our holding (what a plan is chosen
    /// from at the player's first pre-flop action).
    pub(crate) fn preflop_context(&self, view: &SeatView<'_>) -> PreflopContext {
        let me = view.position();
        let n = view.players();
        let live = view.live();
        let (mut already_in, mut yet_to_act) = (0, 0);
        for p in Position::all(n).filter(|&p| p != me && live[p.index()]) {
            if view.acted_this_round(p) {
                already_in += 1;
            } else {
                yet_to_act += 1;
            }
        }
        let cfg = &self.know.config.preflop;
        let expected = preflop::expected_players(already_in, yet_to_act, cfg.probability_play);
        let small_blind = if n == 2 {
            me == Position::new(1)
        } else {
            me == Position::new(0)
        };
        let after = if n == 2 {
            usize::from(me == Position::new(1) && live[0])
        } else if me == Position::new(0) {
            usize::from(live[1])
        } else if me == Position::new(1) {
            0
        } else {
            (me.index() + 1..n).filter(|&p| live[p]).count()
        };
        PreflopContext {
            heads_up: already_in + yet_to_act == 1,
            expected,
            small_blind,
            after,
            table: (expected.round() as usize).clamp(2, 10),
        }
    }

    /// The plan a holding with income rate `ir` gets in a pre-flop context.
    pub(crate) fn choose_plan(&self, ctx: &PreflopContext, ir: f64) -> Plan {
        preflop::choose_plan(
            &self.know.config.preflop,
            self.style.tightness,
            &PlanInputs {
                income_rate: ir,
                position: ctx.after,
                expected_players: ctx.expected,
                small_blind: ctx.small_blind,
            },
        )
    }

    fn decide_preflop(&mut self, view: &SeatView<'_>) -> (Action, DecisionTrace) {
        let ctx = self.preflop_context(view);
        let ir = view
            .hole()
            .map_or(0.0, |h| self.know.income_rate(ctx.table, h));
        let plan = match self.plan {
            Some(plan) => plan,
            None => {
                let plan = self.choose_plan(&ctx, ir);
                self.plan = Some(plan);
                plan
            }
        };
        let mut action = preflop::plan_action(plan, &betting_state(view));
        let mut t = self.base_trace(view);
        t.income_rate = Some(ir);
        t.plan = Some(plan);
        t.rule = DecisionRule::Plan(plan);
        if let (Some(sim), Some(hole)) = (self.preflop_simulation(&ctx).cloned(), view.hole()) {
            let seed = self.rng.next_u64();
            let outcome = self.simulate_preflop(view, hole, plan, &sim, seed);
            action = outcome.action;
            t.rule = DecisionRule::Simulation;
            t.simulation = Some(outcome);
        }
        t.triple = ProbabilityTriple::pure(action);
        t.opponents = self.opponent_traces(view, &[]);
        (action, t)
    }

    /// The positions of the live opponents and their weight tables (a model missing for
    /// a seat counts as a fresh one).
    pub(crate) fn live_tables(
        &self,
        view: &SeatView<'_>,
    ) -> Vec<std::borrow::Cow<'_, WeightTable>> {
        let me = view.position();
        Position::all(view.players())
            .filter(|&p| p != me && view.is_live(p))
            .map(|p| match self.models.get(&view.seat_of(p)) {
                Some(m) => std::borrow::Cow::Borrowed(m.weights()),
                None => std::borrow::Cow::Owned(
                    OpponentModel::new(&self.know.config.model)
                        .weights()
                        .clone(),
                ),
            })
            .collect()
    }

    /// The analysis of the current board: the one this player holds, or the shared
    /// cache's.
    pub(crate) fn board_ranges(&self, view: &SeatView<'_>) -> Option<Arc<BoardRanges>> {
        match &self.board {
            Some(b) => Some(b.clone()),
            None if view.board().len() >= 3 => self.know.boards.get(view.board()).ok(),
            None => None,
        }
    }

    /// What the post-flop rules look at, for an assessment `a` of our hand and the round
    /// of a semi-bluff that may continue.
    pub(crate) fn situation(
        &self,
        view: &SeatView<'_>,
        a: &crate::HandAssessment,
        semi_bluff_from: Option<Round>,
    ) -> PostflopSituation {
        let me = view.position();
        let round = view.round();
        let (_, already_in) = my_actions_this_round(view);
        PostflopSituation {
            round,
            ehs: a.ehs,
            hs_n: a.hs_n,
            ppot1: a.ppot1,
            to_call: view.amount_to_call(),
            pot: view.pot(),
            bet: view.bet_size(),
            big_bet: view.config().big_bet(),
            bets_this_round: view.bets_this_round() as usize,
            already_in_this_round: already_in,
            players_after: (me.index() + 1..view.players())
                .filter(|&p| view.is_live(Position::new(p)))
                .count(),
            can_raise: view.legal_actions().contains(Action::Raise),
            semi_bluff_continues: semi_bluff_from.is_some_and(|s| s < round),
        }
    }

    /// The post-flop rules on a situation: the pure action, the rule that fired, and the
    /// triple the action is drawn from (Loki-2's smoothed one, else the pure action's).
    pub(crate) fn rules(&self, s: &PostflopSituation) -> (Action, Rule, ProbabilityTriple) {
        let cfg = &self.style.postflop;
        let (pure_action, rule) = postflop::decide(cfg, s);
        let triple = if self.style.randomized {
            let tc = &self.know.config.triples;
            postflop::smoothed_triple(cfg, s, tc.smoothing)
                .with_min_passive(tc.own_min_passive.unwrap_or(tc.min_passive))
        } else {
            ProbabilityTriple::pure(pure_action)
        };
        (pure_action, rule, triple)
    }

    fn decide_postflop(&mut self, view: &SeatView<'_>) -> (Action, DecisionTrace) {
        let me = view.position();
        let mut t = self.base_trace(view);
        let Some(hole) = view.hole() else {
            return (Action::Call, t);
        };
        for p in Position::all(view.players()).filter(|&p| p != me && view.is_live(p)) {
            self.model_mut(view.seat_of(p));
        }
        let tables = self.live_tables(view);
        let tables: Vec<&WeightTable> = tables.iter().map(|t| t.as_ref()).collect();
        let a = assess(
            hole,
            view.board(),
            view.round(),
            &tables,
            self.board.as_deref(),
        );
        let situation = self.situation(view, &a, self.semi_bluff_from);
        if let (Some(sim), Some(board)) = (&self.style.simulation, self.board.clone()) {
            let seed = self.rng.next_u64();
            let ours = OurHand {
                hole,
                ehs_now: a.ehs,
                ppot1_now: a.ppot1,
                plan: self.plan,
            };
            let outcome = self.simulate(view, ours, board.as_ref(), sim, seed);
            t.rule = DecisionRule::Simulation;
            t.triple = ProbabilityTriple::pure(outcome.action);
            t.opponents = self.opponent_traces(view, &a.per_opponent);
            t.assessment = Some(a);
            let action = outcome.action;
            t.simulation = Some(outcome);
            return (action, t);
        }
        let (pure_action, rule, triple) = self.rules(&situation);
        let action = if self.style.randomized {
            let u = match self.hand_random {
                Some(u) => u,
                None => uniform_unit(&mut self.rng),
            };
            triple.sample(u)
        } else {
            pure_action
        };
        t.rule = DecisionRule::Postflop(rule);
        t.triple = triple;
        t.opponents = self.opponent_traces(view, &a.per_opponent);
        t.assessment = Some(a);
        (action, t)
    }

    /// The live opponents as traces; `hs` gives our HS against each, in position order.
    fn opponent_traces(&self, view: &SeatView<'_>, hs: &[f64]) -> Vec<OpponentTrace> {
        let me = view.position();
        let mut known: CardSet = view.board().iter().copied().collect();
        if let Some(h) = view.hole() {
            known = known.union(h.set());
        }
        let ctx = Context::new(view.round(), view.bets_to_call() as usize);
        Position::all(view.players())
            .filter(|&p| p != me && view.is_live(p))
            .enumerate()
            .map(|(i, p)| {
                let seat = view.seat_of(p);
                let model = self.models.get(&seat);
                let frequencies = model.map_or_else(
                    || self.know.defaults.get(ctx),
                    |m| self.frequencies_of(seat, m, ctx),
                );
                let detail = model.filter(|_| self.detail);
                OpponentTrace {
                    position: p,
                    seat,
                    hs: hs.get(i).copied(),
                    top_holdings: detail
                        .map(|m| m.weights().top_holdings(known, 5))
                        .unwrap_or_default(),
                    grid: detail.map(|m| m.weights().starting_hand_grid(known)),
                    frequencies,
                    observations: model.map_or(0, |m| m.stats.observations(ctx)),
                    trust: model
                        .filter(|m| m.is_calibrated())
                        .map(|m| m.trust_level(&self.know.config.model)),
                }
            })
            .collect()
    }
}

/// The table at a pre-flop decision apart from our holding: what a plan is chosen from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PreflopContext {
    /// Exactly one live opponent.
    heads_up: bool,
    /// The expected number of players.
    expected: f64,
    /// Whether we are the small blind.
    small_blind: bool,
    /// Live players acting after us before the small blind's next turn.
    after: usize,
    /// The table size of the income rates read (the expected players, 2 to 10).
    pub(crate) table: usize,
}

/// The betting state a pre-flop plan reacts to.
pub(crate) fn betting_state(view: &SeatView<'_>) -> BettingState {
    let (_, voluntarily_in) = my_actions_this_round(view);
    BettingState {
        to_call: view.amount_to_call(),
        bet: view.bet_size(),
        bets_this_round: view.bets_this_round() as usize,
        voluntarily_in,
        can_raise: view.legal_actions().contains(Action::Raise),
    }
}

/// Whether we acted this round, and whether we put chips in voluntarily.
fn my_actions_this_round(view: &SeatView<'_>) -> (bool, bool) {
    let me = view.position();
    (view.acted_this_round(me), view.put_in_this_round(me))
}

/// The action actually taken for a wanted one: an illegal raise becomes a call, and a
/// fold when checking is free becomes a check.
pub(crate) fn legal_version(wanted: Action, view: &SeatView<'_>) -> Action {
    let legal = view.legal_actions();
    let mut action = wanted;
    if !legal.contains(action) {
        action = if legal.contains(Action::Call) {
            Action::Call
        } else {
            legal.to_vec().first().copied().unwrap_or(Action::Call)
        };
    }
    if action == Action::Fold && view.amount_to_call() == 0 && legal.contains(Action::Call) {
        action = Action::Call;
    }
    action
}

impl Player for LokiPlayer {
    fn name(&self) -> &str {
        &self.name
    }
    fn begin_hand(&mut self, view: &SeatView<'_>) {
        for m in self.models.values_mut() {
            m.begin_hand();
        }
        self.board = None;
        self.hand_boards.clear();
        self.plan = None;
        self.semi_bluff_from = None;
        self.hand_random = (self.style.randomized && self.know.config.triples.hand_random)
            .then(|| uniform_unit(&mut self.rng));
        let me = view.position();
        for p in Position::all(view.players()).filter(|&p| p != me) {
            let seat = view.seat_of(p);
            self.model_mut(seat).begin_hand();
        }
        if self.models_itself() {
            self.own_seat = Some(view.seat_of(me));
            let own = self.new_model(true);
            self.models
                .entry(view.seat_of(me))
                .or_insert(own)
                .begin_hand();
        }
    }
    fn observe(&mut self, event: &Event, view: &SeatView<'_>) {
        match event {
            Event::BoardDealt { round, .. } => {
                let keep = *round == Round::Flop
                    && self.models_itself()
                    && self.style.reweight.field == FieldView::Preflop;
                if keep {
                    for m in self.models.values_mut() {
                        m.keep_preflop();
                    }
                }
                self.refresh_board(view)
            }
            Event::Action(a) => self.observe_action(a, view),
            Event::Showdown { hands } => self.observe_showdown(hands, view),
            _ => {}
        }
    }
    fn act(&mut self, view: &SeatView<'_>) -> Action {
        self.decide(view).action
    }
    fn save_state(&self) -> Option<String> {
        let mut models: Vec<(Seat, crate::ActionStats, Trust)> = self
            .models
            .iter()
            .map(|(s, m)| (*s, m.stats.clone(), m.trust))
            .collect();
        models.sort_by_key(|m| m.0);
        let mut recent: Vec<(Seat, Vec<(Context, Action)>)> = self
            .models
            .iter()
            .map(|(s, m)| (*s, m.recent_actions().collect::<Vec<_>>()))
            .filter(|(_, r)| !r.is_empty())
            .collect();
        recent.sort_by_key(|r| r.0);
        let state = SavedState {
            rng: loki_cards::rng_state(&self.rng),
            models,
            own_seat: self.own_seat,
            recent,
            context: self.context.clone(),
        };
        serde_json::to_string(&state).ok()
    }
    fn load_state(&mut self, state: &str) -> Result<(), loki_engine::PlayerStateError> {
        self.restore(state)
            .map_err(|e| loki_engine::PlayerStateError(e.to_string()))
    }
}

impl LokiPlayer {
    /// Restores a state saved by `save_state`.
    ///
    /// # Errors
    /// A text that is not a saved Loki player.
    pub fn restore(&mut self, state: &str) -> Result<(), StateError> {
        let s: SavedState = serde_json::from_str(state)?;
        self.rng = loki_cards::rng_from_state(&s.rng).ok_or(StateError::Rng)?;
        self.models.clear();
        self.own_seat = s.own_seat;
        for (seat, stats, trust) in s.models {
            let m = self.model_mut(seat);
            m.stats = stats;
            m.trust = trust;
        }
        for (seat, recent) in s.recent {
            self.model_mut(seat).restore_recent(recent);
        }
        if self.context.is_some() {
            if let Some(c) = s.context {
                self.context = Some(c);
            }
        }
        Ok(())
    }
}

/// What a Loki player carries from hand to hand: its random generator and each
/// opponent's action statistics (weights are reset every hand).
#[derive(serde::Serialize, serde::Deserialize)]
struct SavedState {
    rng: String,
    models: Vec<(Seat, crate::ActionStats, Trust)>,
    /// The seat of the model of this player itself, if it keeps one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    own_seat: Option<Seat>,
    /// Each model's last actions of the player (Loki-2 with a player-wide window).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    recent: Vec<(Seat, Vec<(Context, Action)>)>,
    /// SOMC's frequencies in context.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    context: Option<ContextFrequencies>,
}

/// The values an observed action re-weights by after the flop: each holding's EHS on
/// the board, or with the paper's ranking its value against the field
/// ([`BoardRanges::field_ehs`]), computed when a re-weighting first asks and handed
/// over whole (no value of a holding is read one at a time by the re-weighting).
struct BoardValues<'a, F: Fn(&BoardRanges) -> Box<Values>> {
    board: Option<&'a BoardRanges>,
    /// The ranking against the field, if the player ranks so.
    field: Option<&'a F>,
    /// The field's values once computed.
    values: Cell<Option<Box<Values>>>,
}

impl<F: Fn(&BoardRanges) -> Box<Values>> BoardValues<'_, F> {
    /// The field's values (computed on first use, kept).
    fn field_values(&self, b: &BoardRanges, field: &F) -> Box<Values> {
        self.values.take().unwrap_or_else(|| field(b))
    }
}

impl<F: Fn(&BoardRanges) -> Box<Values>> crate::opponent_model::HoldingValues
    for BoardValues<'_, F>
{
    fn value(&self, h: usize) -> Option<f64> {
        let b = self.board?;
        let Some(field) = self.field else {
            return b.ehs(h);
        };
        let values = self.field_values(b, field);
        let v = values.get(h).copied().filter(|x| !x.is_nan());
        self.values.set(Some(values));
        v
    }
    fn all(&self) -> Box<Values> {
        match (self.board, self.field) {
            (None, _) => crate::reweight::values_of(|_| None),
            (Some(b), None) => Box::new(*b.ehs_all()),
            (Some(b), Some(field)) => self.field_values(b, field),
        }
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::RankPotential;
    use crate::opponent_model::HoldingValues;
    use crate::reweight::values_of;
    use loki_cards::{parse_cards, HOLDINGS};

    /// The values handed over whole are those read holding by holding (NaN where a
    /// holding has none, every other value bit for bit): each holding's EHS, the paper's
    /// field ranking against skewed tables, and no board.
    #[test]
    fn board_values_handed_over_whole_equal_those_read_one_by_one() {
        let mut w = [0.0f64; HOLDINGS];
        for (h, x) in w.iter_mut().enumerate() {
            *x = ((h.wrapping_mul(2_654_435_761) >> 7) % 101) as f64 / 100.0;
        }
        let skewed = WeightTable::from_weights(&w).unwrap();
        let uniform = WeightTable::uniform();
        for b in ["3h4cJh", "7c7d7h", "JcQc8c9c", "Ah7d2cKs7h"] {
            let board = BoardRanges::new(&parse_cards(b).unwrap()).unwrap();
            let field =
                |r: &BoardRanges| r.field_ehs_with(&[&skewed, &uniform], RankPotential::Uniform);
            let same = |x: &Values, y: &Values| {
                x.iter()
                    .zip(y.iter())
                    .all(|(a, b)| (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits())
            };
            for paper in [false, true] {
                let make = || BoardValues {
                    board: Some(&board),
                    field: paper.then_some(&field),
                    values: Cell::new(None),
                };
                let one = make();
                let by_holding = values_of(|h| one.value(h));
                assert!(same(&make().all(), &by_holding), "{b} paper {paper}");
                // Read one by one first, then whole: the same.
                assert!(same(&one.all(), &by_holding), "{b} paper {paper}");
                assert!(by_holding.iter().any(|x| !x.is_nan()));
            }
        }
        let none = BoardValues::<fn(&BoardRanges) -> Box<Values>> {
            board: None,
            field: None,
            values: Cell::new(None),
        };
        assert!(none.all().iter().all(|x| x.is_nan()));
    }
}
