//! The Loki player: implements the engine's `Player` trait. It keeps one opponent model per
//! opponent seat (weights reset each hand, statistics across hands), decides with the
//! pre-flop plans or the post-flop rules, and returns a [`DecisionTrace`] for every
//! decision (Billings et al. 1998; Papp 1998 ch. 6-7; Peña 1999 ch. 4).
//!
//! Post-flop, HS_n is the product of our hand strength against each live opponent's own
//! weight table, and PPot is computed against one *field table*: the per-holding average
//! of the live opponents' weights, each normalized to sum 1 over the holdings still
//! possible (the definition).
use crate::board_cache::BoardRanges;
use crate::frequencies::{ActionKind, Context, Street};
use crate::knowledge::Knowledge;
use crate::opponent_model::OpponentModel;
use crate::postflop::{self, PostflopSituation, Rule};
use crate::preflop::{self, BettingState, Plan, PlanInputs};
use crate::style::Style;
use crate::trace::{DecisionTrace, OpponentTrace};
use loki_assess::{hand_strength, WeightTable};
use loki_cards::{uniform_unit, CardSet, HoleCards, LokiRng, HOLDINGS};
use loki_engine::{Action, Event, Player, Round, SeatView};
use std::collections::HashMap;
use std::sync::Arc;

/// A decision: the action and why.
#[derive(Debug, Clone)]
pub struct Decision {
    /// The action (legal in the view it was made for).
    pub action: Action,
    /// The explanation.
    pub trace: DecisionTrace,
}

/// Maps an engine round to the model's street.
pub fn street_of(r: Round) -> Street {
    match r {
        Round::Preflop => Street::Preflop,
        Round::Flop => Street::Flop,
        Round::Turn => Street::Turn,
        Round::River => Street::River,
    }
}

fn kind_of(a: Action) -> ActionKind {
    match a {
        Action::Fold => ActionKind::Fold,
        Action::Call => ActionKind::Call,
        Action::Raise => ActionKind::Raise,
    }
}

fn action_name(a: Action) -> &'static str {
    match a {
        Action::Fold => "fold",
        Action::Call => "call",
        Action::Raise => "raise",
    }
}

/// A Loki-family player.
#[derive(Debug)]
pub struct LokiPlayer {
    name: String,
    style: Style,
    know: Arc<Knowledge>,
    rng: LokiRng,
    models: HashMap<usize, OpponentModel>,
    board: Option<Arc<BoardRanges>>,
    plan: Option<Plan>,
    semi_bluff_from: Option<Street>,
    last: Option<DecisionTrace>,
    detail: bool,
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
        LokiPlayer {
            name: name.into(),
            style,
            know,
            rng: loki_cards::rng_from_seed(seed),
            models: HashMap::new(),
            board: None,
            plan: None,
            semi_bluff_from: None,
            last: None,
            detail: false,
        }
    }
    /// Whether traces list each opponent's most likely holdings (costs a pass over every
    /// opponent table per decision; off by default, on for `loki advise` and the web page).
    pub fn set_detail(&mut self, detail: bool) {
        self.detail = detail;
    }
    /// A copy of the player in its current state (for benches and what-if analysis).
    pub fn clone_for_bench(&self) -> LokiPlayer {
        LokiPlayer {
            name: self.name.clone(),
            style: self.style.clone(),
            know: self.know.clone(),
            rng: self.rng.clone(),
            models: self.models.clone(),
            board: self.board.clone(),
            plan: self.plan,
            semi_bluff_from: self.semi_bluff_from,
            last: self.last.clone(),
            detail: self.detail,
        }
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
    pub fn model(&self, seat: usize) -> Option<&OpponentModel> {
        self.models.get(&seat)
    }
    /// The model of an opponent seat, created on first use.
    pub fn model_mut(&mut self, seat: usize) -> &mut OpponentModel {
        let cfg = &self.know.config.model;
        self.models
            .entry(seat)
            .or_insert_with(|| OpponentModel::new(cfg))
    }

    fn refresh_board(&mut self, view: &SeatView<'_>) {
        let b = view.board();
        if b.len() >= 3 {
            self.board = self.know.boards.get(b).ok();
        } else {
            self.board = None;
        }
    }

    fn observe_action(&mut self, a: &loki_engine::ActionEvent, view: &SeatView<'_>) {
        let me = view.position();
        let street = street_of(a.round);
        if a.position == me {
            return;
        }
        if a.action == Action::Raise {
            self.semi_bluff_from = None;
        }
        let seat = view.seat_of(a.position);
        let ctx = Context::new(street, a.bets_to_call as usize);
        let kind = kind_of(a.action);
        let know = self.know.clone();
        let board = self.board.clone();
        let ranking = know.ranking(view.players());
        let mode = self.style.model;
        let ehs = |h: usize| board.as_ref().and_then(|b| b.ehs(h));
        let model = self.model_mut(seat);
        model.observe(
            mode,
            ctx,
            kind,
            &know.defaults,
            &know.config.model,
            ranking,
            &ehs,
        );
        model.stats.record(ctx, kind);
    }

    /// Decides in `view` (which must be this player's turn) and returns the decision.
    pub fn decide(&mut self, view: &SeatView<'_>) -> Decision {
        if self.board.is_none() && view.board().len() >= 3 {
            self.refresh_board(view);
        }
        let (kind, mut trace) = if view.round() == Round::Preflop {
            self.decide_preflop(view)
        } else {
            self.decide_postflop(view)
        };
        let legal = view.legal_actions();
        let mut action = match kind {
            ActionKind::Fold => Action::Fold,
            ActionKind::Call => Action::Call,
            ActionKind::Raise => Action::Raise,
        };
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
        if action == Action::Raise && trace.rule == Rule::SemiBluff.name() {
            self.semi_bluff_from = Some(street_of(view.round()));
        }
        trace.action = action_name(action).to_string();
        self.last = Some(trace.clone());
        Decision { action, trace }
    }

    fn base_trace(&self, view: &SeatView<'_>) -> DecisionTrace {
        let board: String = view.board().iter().map(|c| c.to_string()).collect();
        DecisionTrace {
            player: self.name.clone(),
            street: view.round().to_string().to_lowercase(),
            hole: view.hole().map(|h| h.to_string()).unwrap_or_default(),
            board,
            hs: None,
            hs_n: None,
            ppot: None,
            npot: None,
            ehs: None,
            income_rate: None,
            plan: None,
            pot_odds: postflop::pot_odds(view.amount_to_call(), view.pot()),
            to_call: view.amount_to_call(),
            pot: view.pot(),
            rule: String::new(),
            triple: [0.0; 3],
            action: String::new(),
            opponents: Vec::new(),
        }
    }

    fn my_actions_this_round(view: &SeatView<'_>) -> (bool, bool) {
        let me = view.position();
        let round = view.round();
        let mut acted = false;
        let mut put_in = false;
        for e in view.events() {
            if let Event::Action(a) = e {
                if a.position == me && a.round == round {
                    acted = true;
                    put_in |= a.amount > 0;
                }
            }
        }
        (acted, put_in)
    }

    fn decide_preflop(&mut self, view: &SeatView<'_>) -> (ActionKind, DecisionTrace) {
        let me = view.position();
        let n = view.players();
        let mut acted = vec![false; n];
        for e in view.events() {
            if let Event::Action(a) = e {
                if a.round == Round::Preflop && a.position < n {
                    acted[a.position] = true;
                }
            }
        }
        let live = view.live();
        let (mut already_in, mut yet_to_act) = (0, 0);
        for p in (0..n).filter(|&p| p != me && live[p]) {
            if acted[p] {
                already_in += 1;
            } else {
                yet_to_act += 1;
            }
        }
        let cfg = &self.know.config.preflop;
        let expected = preflop::expected_players(already_in, yet_to_act, cfg.probability_play);
        let small_blind = if n == 2 { me == 1 } else { me == 0 };
        let after = if n == 2 {
            usize::from(me == 1 && live[0])
        } else if me == 0 {
            usize::from(live[1])
        } else if me == 1 {
            0
        } else {
            (me + 1..n).filter(|&p| live[p]).count()
        };
        let hole = view.hole();
        let table = (expected.round() as usize).clamp(2, 10);
        let ir = hole.map_or(0.0, |h| self.know.income_rate(table, h));
        let plan = *self.plan.get_or_insert_with(|| {
            preflop::choose_plan(
                cfg,
                self.style.tightness,
                &PlanInputs {
                    income_rate: ir,
                    position: after,
                    expected_players: expected,
                    small_blind,
                },
            )
        });
        let (_, voluntarily_in) = Self::my_actions_this_round(view);
        let state = BettingState {
            to_call: view.amount_to_call(),
            bet: view.bet_size(),
            bets_this_round: view.bets_this_round() as usize,
            voluntarily_in,
            can_raise: view.legal_actions().contains(Action::Raise),
        };
        let kind = preflop::plan_action(plan, &state);
        let mut t = self.base_trace(view);
        t.income_rate = Some(ir);
        t.plan = Some(plan.name().to_string());
        t.rule = format!("preflop-{}", plan.name());
        t.triple = pure(kind);
        t.opponents = self.opponent_traces(view, None, Street::Preflop);
        (kind, t)
    }

    fn decide_postflop(&mut self, view: &SeatView<'_>) -> (ActionKind, DecisionTrace) {
        let me = view.position();
        let street = street_of(view.round());
        let mut t = self.base_trace(view);
        let Some(hole) = view.hole() else {
            t.rule = "no-cards".into();
            return (ActionKind::Call, t);
        };
        let board = view.board();
        let live: Vec<usize> = (0..view.players())
            .filter(|&p| p != me && view.is_live(p))
            .collect();
        let seats: Vec<usize> = live.iter().map(|&p| view.seat_of(p)).collect();
        for &s in &seats {
            self.model_mut(s);
        }
        let tables: Vec<&WeightTable> = seats.iter().map(|s| self.models[s].weights()).collect();
        let per_opp: Vec<f64> = tables
            .iter()
            .map(|w| hand_strength(hole, board, w).map_or(0.5, |h| h.hs()))
            .collect();
        let hs_n: f64 = per_opp.iter().product();
        let known: CardSet = board.iter().copied().collect::<CardSet>().union(hole.set());
        let field = field_table(&tables, known);
        let (ppot, npot) = match (&self.board, street) {
            (Some(b), Street::Flop | Street::Turn) => b
                .hand_counts(hole)
                .map(|c| c.potential(&field))
                .map_or((0.0, 0.0), |p| (p.ppot, p.npot)),
            _ => (0.0, 0.0),
        };
        let ehs = hs_n + (1.0 - hs_n) * ppot;
        let (_, already_in) = Self::my_actions_this_round(view);
        let situation = PostflopSituation {
            street,
            ehs,
            hs_n,
            ppot,
            to_call: view.amount_to_call(),
            pot: view.pot(),
            bet: view.bet_size(),
            bets_this_round: view.bets_this_round() as usize,
            already_in_this_round: already_in,
            players_after: live.iter().filter(|&&p| p > me).count(),
            can_raise: view.legal_actions().contains(Action::Raise),
            semi_bluff_continues: self.semi_bluff_from.is_some_and(|s| s < street),
        };
        let cfg = &self.style.postflop;
        let (pure_kind, rule) = postflop::decide(cfg, &situation);
        let (kind, triple) = if self.style.randomized {
            let d = self.know.config.triples.smoothing;
            let mut triple = [0.0; 3];
            for shift in [-d, 0.0, d] {
                let s = PostflopSituation {
                    ehs: (ehs + shift).clamp(0.0, 1.0),
                    hs_n: (hs_n + shift).clamp(0.0, 1.0),
                    ppot: (ppot + shift).clamp(0.0, 1.0),
                    ..situation
                };
                let (k, _) = postflop::decide(cfg, &s);
                triple[k.index()] += 1.0 / 3.0;
            }
            let r = uniform_unit(&mut self.rng);
            let k = if r < triple[0] {
                ActionKind::Fold
            } else if r < triple[0] + triple[1] {
                ActionKind::Call
            } else {
                ActionKind::Raise
            };
            (k, triple)
        } else {
            (pure_kind, pure(pure_kind))
        };
        t.hs = Some(hand_strength(hole, board, &field).map_or(0.5, |h| h.hs()));
        t.hs_n = Some(hs_n);
        t.ppot = Some(ppot);
        t.npot = Some(npot);
        t.ehs = Some(ehs);
        t.rule = rule.name().to_string();
        t.triple = triple;
        let mut opps = self.opponent_traces(view, Some(hole), street);
        for (o, hs) in opps.iter_mut().zip(&per_opp) {
            o.hs = *hs;
        }
        t.opponents = opps;
        (kind, t)
    }

    fn opponent_traces(
        &self,
        view: &SeatView<'_>,
        hole: Option<HoleCards>,
        street: Street,
    ) -> Vec<OpponentTrace> {
        let me = view.position();
        let mut known: CardSet = view.board().iter().copied().collect();
        if let Some(h) = hole.or(view.hole()) {
            known = known.union(h.set());
        }
        let ctx = Context::new(street, view.bets_to_call() as usize);
        (0..view.players())
            .filter(|&p| p != me && view.is_live(p))
            .map(|p| {
                let seat = view.seat_of(p);
                let (top, freq, obs) = match self.models.get(&seat) {
                    Some(m) => (
                        if self.detail {
                            top_hands(m.weights(), known, 5)
                        } else {
                            Vec::new()
                        },
                        m.frequencies(
                            self.style.model,
                            ctx,
                            &self.know.defaults,
                            &self.know.config.model,
                        ),
                        m.stats.observations(ctx),
                    ),
                    None => (Vec::new(), self.know.defaults.get(ctx), 0),
                };
                OpponentTrace {
                    position: p,
                    hs: f64::NAN,
                    top_hands: top,
                    frequencies: freq,
                    observations: obs,
                }
            })
            .collect()
    }
}

fn pure(k: ActionKind) -> [f64; 3] {
    let mut t = [0.0; 3];
    t[k.index()] = 1.0;
    t
}

/// Whether holding `h` avoids every card of `known`.
#[inline]
fn avoids(h: usize, known: CardSet) -> bool {
    HoleCards::pair_of_index(h)
        .is_some_and(|(a, b)| known.bits() & ((1u64 << a) | (1u64 << b)) == 0)
}

/// The field table: the average of the tables, each normalized to sum 1 over the
/// holdings that avoid `known`, then scaled so that the largest weight is 1 (only the
/// ratios matter to the enumeration).
pub fn field_table(tables: &[&WeightTable], known: CardSet) -> WeightTable {
    if tables.is_empty() {
        return WeightTable::uniform();
    }
    let mut field = WeightTable::filled(0.0);
    let acc = field.weights_mut();
    for t in tables {
        let w = t.weights();
        let s: f64 = (0..HOLDINGS)
            .filter(|&h| avoids(h, known))
            .map(|h| w[h])
            .sum();
        if s <= 0.0 {
            continue;
        }
        let k = 1.0 / s;
        for (a, &x) in acc.iter_mut().zip(w.iter()) {
            *a += x * k;
        }
    }
    let max = acc.iter().copied().fold(0.0, f64::max);
    if max > 0.0 {
        let k = 1.0 / max;
        for x in acc.iter_mut() {
            *x = (*x * k).min(1.0);
        }
    }
    field
}

/// The `n` holdings with the largest weights among those avoiding `known`, with their
/// share of the total live weight (ties broken by holding index).
pub fn top_hands(w: &WeightTable, known: CardSet, n: usize) -> Vec<(String, f64)> {
    let weights = w.weights();
    let mut top: Vec<(usize, f64)> = Vec::with_capacity(n + 1);
    let mut total = 0.0;
    for (h, &x) in weights.iter().enumerate() {
        if !avoids(h, known) {
            continue;
        }
        total += x;
        if top.len() < n || top.last().is_some_and(|l| x > l.1) {
            let at = top.partition_point(|t| t.1 >= x);
            top.insert(at, (h, x));
            top.truncate(n);
        }
    }
    if total <= 0.0 {
        return Vec::new();
    }
    top.into_iter()
        .map(|(h, x)| {
            let name = HoleCards::from_index(h)
                .map(|hc| hc.to_string())
                .unwrap_or_default();
            (name, x / total)
        })
        .collect()
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
        self.plan = None;
        self.semi_bluff_from = None;
        let me = view.position();
        for p in (0..view.players()).filter(|&p| p != me) {
            let seat = view.seat_of(p);
            self.model_mut(seat).begin_hand();
        }
    }
    fn observe(&mut self, event: &Event, view: &SeatView<'_>) {
        match event {
            Event::BoardDealt { .. } => self.refresh_board(view),
            Event::Action(a) => self.observe_action(a, view),
            _ => {}
        }
    }
    fn act(&mut self, view: &SeatView<'_>) -> Action {
        self.decide(view).action
    }
    fn save_state(&self) -> Option<String> {
        let mut models: Vec<(usize, &crate::ActionStats)> =
            self.models.iter().map(|(s, m)| (*s, &m.stats)).collect();
        models.sort_by_key(|m| m.0);
        let state = SavedState {
            rng: loki_cards::rng_state(&self.rng),
            models: models.into_iter().map(|(s, st)| (s, st.clone())).collect(),
        };
        serde_json::to_string(&state).ok()
    }
    fn load_state(&mut self, state: &str) -> Result<(), String> {
        let s: SavedState = serde_json::from_str(state).map_err(|e| e.to_string())?;
        self.rng = loki_cards::rng_from_state(&s.rng).ok_or("bad random-generator state")?;
        self.models.clear();
        for (seat, stats) in s.models {
            self.model_mut(seat).stats = stats;
        }
        Ok(())
    }
}

/// What a Loki player carries from hand to hand: its random generator and each
/// opponent's action statistics (weights are reset every hand).
#[derive(serde::Serialize, serde::Deserialize)]
struct SavedState {
    rng: String,
    models: Vec<(usize, crate::ActionStats)>,
}
