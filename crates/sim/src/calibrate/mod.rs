//! How right a model is, in self-play: every card is known, so each observer's model of
//! each actor can be scored on the probability it gave the actor's **true** holding
//! after every post-flop action (the question of the IRC evaluation's hole-card bits,
//! with exact answers; Billings et al. 1998, "Weighting the Enumeration": a weight is
//! "the probability that our opponent would have played that hand in the observed
//! manner"). Ours: the paper scores its models only by the chips they win.
//!
//! After each post-flop check, bet, call or raise of an actor (folds are not scored: a
//! folded player's table is no longer read), every Loki player at the table (the
//! observers; never the actor itself) is asked for its model of the actor, normalized
//! over the holdings the observer cannot rule out (its own cards and the board removed):
//!
//! * **bits**: log2 of the probability of the true holding over the uniform one (0 for
//!   a model that knows nothing, positive when it points at the truth);
//! * **reference bits**: the same for the observer's table of the actor as it stood when
//!   the flop was dealt (the model without its post-flop re-weighting: what BPM keeps),
//!   and **gain** = bits − reference bits, paired on the same action;
//! * **below**: the share of the model's weight on holdings weaker than the true one
//!   (ties count half), holdings ordered by their EHS on the board against one uniform
//!   opponent: 0.5 on average for a calibrated model, less for a model that believes
//!   the actor stronger than it is;
//!   (and the same for the table when the flop was dealt, **reference below**);
//! * **floor**: whether the true holding's weight is at the model's floor (0.01: the
//!   model called the truth as unlikely as it can).
//!
//! The hands are split over independent tables (table `t` seeded by
//! `table_seed(seed, t)`, its players by `player_seed`, the button moving every hand),
//! played in parallel and summed in table order, so the result does not depend on the
//! number of threads. The 95% intervals treat the hands as independent clusters (the
//! actions of one hand are not independent): a ratio estimator's variance over hands.
pub mod actions;
mod tally;

use loki_engine::{ByPosition, Position};
use tally::{rows_of, HandScores, Tally};
pub use tally::{Estimate, RowKey};

use loki_agent::{player_seed, seat_names, table_seed, Roster, RosterError, SeatedPlayer};
use loki_bot::{Knowledge, LokiConfig};
use loki_cards::{rng_from_seed, CardSet, Deck, HoleCards, HOLDINGS};
use loki_engine::{
    show, Action, ActionEvent, BySeat, Deal, EngineError, Event, GameConfig, HandDriver, HandState,
    Player, Round, Seat, SeatView, Seating,
};
use serde::Serialize;
use std::sync::{Arc, OnceLock};

/// Why a calibration run failed (shared with the frequencies' self-play).
pub use crate::self_play_error::SelfPlayError as CalibrationError;

/// What to play: the players, the hands split over independent tables, the seed.
#[derive(Debug, Clone)]
pub struct CalibrationSpec {
    /// The `--players` list (2 to 10 seats).
    pub players: String,
    /// Hands in all.
    pub hands: u64,
    /// Independent tables (each with fresh players).
    pub tables: u64,
    /// The seed.
    pub seed: u64,
}

/// The scores of one observer kind's models of one actor kind, in one round and for one
/// action (or all of them: "all").
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CalibrationRow {
    /// Whose scores, where, how many.
    #[serde(flatten)]
    pub key: RowKey,
    /// Bits on the true holding over uniform.
    pub bits: Estimate,
    /// The same for the observer's table as it stood when the flop was dealt.
    pub reference_bits: Estimate,
    /// bits − reference bits, paired.
    pub gain: Estimate,
    /// The model's weight on holdings weaker than the true one (0.5 if calibrated).
    pub below: Estimate,
    /// The share of actions after which the true holding was at the floor.
    pub floor: Estimate,
    /// `below` for the observer's table as it stood when the flop was dealt.
    pub reference_below: Estimate,
}

/// A whole calibration run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Calibration {
    /// The players, one kind per seat.
    pub players: Vec<String>,
    /// Hands played.
    pub hands: u64,
    /// Independent tables.
    pub tables: u64,
    /// The seed.
    pub seed: u64,
    /// Rows: each observer kind x actor kind in the order of first seat, "all" rounds and
    /// actions first, then each round's "all" and each action.
    pub rows: Vec<CalibrationRow>,
    /// The simulations' predictions of each actor's next action, in the same order
    /// ([`actions`]).
    pub actions: Vec<actions::ActionRow>,
}

impl Calibration {
    /// The row of observer kind x actor kind over every round and action.
    pub fn overall(&self, observer: &str, actor: &str) -> Option<&CalibrationRow> {
        self.row(observer, actor, "all", "all")
    }
    /// One row.
    pub fn row(
        &self,
        observer: &str,
        actor: &str,
        round: &str,
        action: &str,
    ) -> Option<&CalibrationRow> {
        self.rows
            .iter()
            .find(|r| r.key.is(observer, actor, round, action))
    }
}

const ACTIONS: [&str; 5] = ["all", "check", "bet", "call", "raise"];

/// The cards of every holding, by holding index.
fn holding_sets() -> &'static [u64] {
    static SETS: OnceLock<Vec<u64>> = OnceLock::new();
    SETS.get_or_init(|| {
        (0..HOLDINGS)
            .map(|h| HoleCards::from_index(h).map_or(u64::MAX, |c| c.set().bits()))
            .collect()
    })
}

/// One model's scores of a true holding (see the module's list): bits, below, and
/// whether the holding is at the floor; `None` if the model puts no weight anywhere.
pub fn score_table(
    weights: &[f64; HOLDINGS],
    known: CardSet,
    truth: usize,
    strength: impl Fn(usize) -> Option<f64>,
    floor: f64,
) -> Option<(f64, f64, bool)> {
    let sets = holding_sets();
    let known = known.bits();
    let v_true = strength(truth)?;
    let (mut total, mut below, mut live) = (0.0f64, 0.0f64, 0u32);
    for h in 0..HOLDINGS {
        if sets[h] & known != 0 {
            continue;
        }
        let w = weights[h];
        live += 1;
        total += w;
        match strength(h) {
            Some(v) if v < v_true => below += w,
            Some(v) if v == v_true => below += 0.5 * w,
            _ => {}
        }
    }
    if total <= 0.0 || sets[truth] & known != 0 {
        return None;
    }
    let p = weights[truth] / total;
    let bits = (p * f64::from(live)).log2();
    Some((bits, below / total, weights[truth] <= floor * (1.0 + 1e-9)))
}

/// One table of a calibration run.
struct ScoredTable<'a> {
    know: &'a Arc<Knowledge>,
    config: GameConfig,
    /// The kind index of each seat.
    kind_of: BySeat<usize>,
    seats: BySeat<SeatedPlayer>,
    /// By observer seat x actor seat: the observer's table of the actor when the flop
    /// was dealt.
    flop_tables: Vec<Option<Box<[f64; HOLDINGS]>>>,
    scores: HandScores,
    tally: Tally,
    /// The predictions of the action being taken, scored when it is.
    pending: actions::Pending,
    action_scores: HandScores<{ actions::MEASURES }>,
    action_tally: Tally<{ actions::MEASURES }>,
}

/// One hand of a scored table, as the driver's [`Seating`]: every seat plays, and the
/// models are scored after each post-flop action.
struct ScoredHand<'t, 'a> {
    table: &'t mut ScoredTable<'a>,
    deal: &'t Deal,
    seat_of: &'t ByPosition<Seat>,
}

impl Seating for ScoredHand<'_, '_> {
    type Error = CalibrationError;
    fn begin(&mut self, position: Position, view: &SeatView) {
        self.table.seats[self.seat_of[position]].begin_hand(view);
    }
    fn event(&mut self, state: &HandState, e: &Event) -> Result<(), CalibrationError> {
        show(self, state, e);
        let (table, deal, seat_of) = (&mut *self.table, self.deal, self.seat_of);
        match e {
            Event::BoardDealt {
                round: Round::Flop, ..
            } => table.keep_flop_tables(state, seat_of),
            Event::Action(a) if a.round != Round::Preflop => {
                table
                    .pending
                    .settle(a.action, a.bets_to_call, &mut table.action_scores);
                table.score(a, state, deal, seat_of);
            }
            _ => {}
        }
        Ok(())
    }
    fn observe(&mut self, position: Position, event: &Event, view: &SeatView) {
        self.table.seats[self.seat_of[position]].observe(event, view);
    }
    fn act(&mut self, state: &HandState, p: Position) -> Result<Option<Action>, CalibrationError> {
        if state.round() != Round::Preflop {
            self.table.predict(p, state, self.deal, self.seat_of);
        }
        Ok(Some(self.table.seats[self.seat_of[p]].act(&state.view(p))))
    }
    fn name(&self, position: Position) -> String {
        self.table.seats[self.seat_of[position]].name().to_string()
    }
    fn end(&mut self, position: Position, view: &SeatView) {
        self.table.seats[self.seat_of[position]].end_hand(view);
    }
}

impl ScoredTable<'_> {
    /// Plays one hand, `seat_of[p]` the seat at position `p`, scoring every model.
    fn play(&mut self, deal: &Deal, seat_of: &ByPosition<Seat>) -> Result<(), CalibrationError> {
        let mut driver = HandDriver::new(&self.config, deal.clone(), seat_of)?;
        let mut hand = ScoredHand {
            table: self,
            deal,
            seat_of,
        };
        driver.begin(&mut hand);
        driver.run(&mut hand)?;
        self.scores.close(&mut self.tally);
        self.action_scores.close(&mut self.action_tally);
        Ok(())
    }

    /// Every Loki observer's prediction of what the actor at position `p` does now,
    /// made before it acts (see [`actions`]).
    fn predict(&mut self, p: Position, state: &HandState, deal: &Deal, seat_of: &ByPosition<Seat>) {
        let Ok(board) = self.know.boards.get(state.board()) else {
            return;
        };
        let actor = state.view(p);
        let to_call = actor.bets_to_call();
        let legal = loki_bot::player::weighed_actions(&actor);
        let round = state.round().index();
        for o in Position::all(seat_of.len()).filter(|&o| o != p) {
            let observer_seat = seat_of[o];
            let Some(prediction) = self.seats[observer_seat].loki().and_then(|player| {
                player.predict_action(
                    &state.view(o),
                    p.index(),
                    deal.hole[p].index(),
                    &board,
                    to_call as usize,
                    legal,
                )
            }) else {
                continue;
            };
            self.pending.push(
                self.kind_of[observer_seat],
                self.kind_of[seat_of[p]],
                round,
                prediction,
            );
        }
    }

    fn keep_flop_tables(&mut self, state: &HandState, seat_of: &ByPosition<Seat>) {
        let n = seat_of.len();
        for o in Position::all(n) {
            for q in Position::all(n) {
                let slot = &mut self.flop_tables[seat_of[o].index() * n + seat_of[q].index()];
                let model = self.seats[seat_of[o]]
                    .loki()
                    .filter(|_| o != q && state.is_live(q))
                    .and_then(|p| p.model(seat_of[q]));
                match model {
                    Some(m) => {
                        let table = slot.get_or_insert_with(|| Box::new([0.0; HOLDINGS]));
                        table.copy_from_slice(m.weights().weights());
                    }
                    None => {
                        if let Some(t) = slot.as_mut() {
                            t.fill(f64::NAN);
                        }
                    }
                }
            }
        }
    }

    fn score(
        &mut self,
        a: &ActionEvent,
        state: &HandState,
        deal: &Deal,
        seat_of: &ByPosition<Seat>,
    ) {
        if a.action == Action::Fold {
            return;
        }
        // The action's column: check, bet, call, raise (1..=4).
        let column = actions::column(a.action, a.bets_to_call);
        let n = seat_of.len();
        let Ok(board) = self.know.boards.get(state.board()) else {
            return;
        };
        let board_set: CardSet = state.board().iter().copied().collect();
        let truth = deal.hole[a.position].index();
        let actor_seat = seat_of[a.position];
        let floor = self.know.config.model.floor;
        let round = a.round.index();
        for o in Position::all(n).filter(|&o| o != a.position) {
            let observer_seat = seat_of[o];
            let Some(model) = self.seats[observer_seat]
                .loki()
                .and_then(|p| p.model(actor_seat))
            else {
                continue;
            };
            let known = board_set.union(deal.hole[o].set());
            let strength = |h: usize| board.ehs(h);
            let Some((bits, below, at_floor)) =
                score_table(model.weights().weights(), known, truth, strength, floor)
            else {
                continue;
            };
            let reference = self.flop_tables[observer_seat.index() * n + actor_seat.index()]
                .as_deref()
                .filter(|t| !t[0].is_nan())
                .and_then(|t| score_table(t, known, truth, strength, floor));
            let Some((ref_bits, ref_below, _)) = reference else {
                continue;
            };
            self.scores.add(
                self.kind_of[observer_seat],
                self.kind_of[actor_seat],
                round,
                column,
                [
                    bits,
                    ref_bits,
                    bits - ref_bits,
                    below,
                    f64::from(u8::from(at_floor)),
                    ref_below,
                ],
            );
        }
    }
}

/// Plays one table of `hands` hands and returns its scores.
fn calibrate_table(
    know: &Arc<Knowledge>,
    kinds: &[String],
    kind_of: &[usize],
    hands: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(Tally, Tally<{ actions::MEASURES }>), CalibrationError> {
    let roster = Roster::with_knowledge(know.clone());
    let names = seat_names(kinds);
    let n = kinds.len();
    let seats = kinds
        .iter()
        .zip(&names)
        .enumerate()
        .map(|(s, (k, name))| SeatedPlayer::build(&roster, k, name, player_seed(seed, 0, s)))
        .collect::<Result<BySeat<_>, _>>()?;
    let mut table = ScoredTable {
        know,
        config: GameConfig::paper(n).map_err(EngineError::from)?,
        kind_of: kind_of.iter().copied().collect(),
        seats,
        flop_tables: (0..n * n).map(|_| None).collect(),
        scores: HandScores::default(),
        tally: Tally::default(),
        pending: actions::Pending::default(),
        action_scores: HandScores::default(),
        action_tally: Tally::default(),
    };
    let mut rng = rng_from_seed(seed);
    for h in 0..hands {
        let mut deck = Deck::shuffled(&mut rng);
        let deal = Deal::from_deck(n, &mut deck).ok_or(EngineError::PlayerCount {
            expected: n,
            got: n,
        })?;
        let seat_of: ByPosition<Seat> = Position::all(n)
            .map(|p| loki_engine::Table::seat_of(p, h, n))
            .collect();
        table.play(&deal, &seat_of)?;
        progress(1);
    }
    Ok((table.tally, table.action_tally))
}

/// Plays `spec.hands` hands of `spec.players` over `spec.tables` independent tables in
/// parallel and scores every Loki player's model of every other player after every
/// post-flop action (see the module's documentation). `progress` hears of each hand.
///
/// # Errors
/// A player list that does not parse, names an unknown player or holds no Loki player;
/// an engine error (a bug).
pub fn calibrate(
    config: &LokiConfig,
    spec: &CalibrationSpec,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Calibration, CalibrationError> {
    use rayon::prelude::*;
    let know = Knowledge::new(config.clone()).map_err(RosterError::from)?;
    let roster = Roster::with_knowledge(know.clone());
    let kinds = roster.expand(&spec.players)?;
    if kinds
        .iter()
        .all(|k| matches!(roster.loki(k, k, 0), Err(RosterError::NotLoki(_))))
    {
        return Err(CalibrationError::NoObserver(spec.players.clone()));
    }
    let mut names: Vec<String> = Vec::new();
    for k in &kinds {
        if !names.contains(k) {
            names.push(k.clone());
        }
    }
    let kind_of: Vec<usize> = kinds
        .iter()
        .map(|k| names.iter().position(|x| x == k).unwrap_or(0))
        .collect();
    let tables = spec.tables.max(1);
    let per_table: Vec<Result<(Tally, Tally<{ actions::MEASURES }>), CalibrationError>> = (0
        ..tables)
        .into_par_iter()
        .map(|t| {
            let share = spec.hands / tables + u64::from(t < spec.hands % tables);
            calibrate_table(
                &know,
                &kinds,
                &kind_of,
                share,
                table_seed(spec.seed, t),
                progress,
            )
        })
        .collect();
    let mut tally = Tally::default();
    let mut action_tally = Tally::<{ actions::MEASURES }>::default();
    for t in per_table {
        let (holdings, predictions) = t?;
        tally.merge(&holdings);
        action_tally.merge(&predictions);
    }
    let rows = rows_of(&names, &tally, &ACTIONS, |key, s| CalibrationRow {
        key,
        bits: s.estimate(0),
        reference_bits: s.estimate(1),
        gain: s.estimate(2),
        below: s.estimate(3),
        floor: s.estimate(4),
        reference_below: s.estimate(5),
    });
    Ok(Calibration {
        players: kinds,
        hands: spec.hands,
        tables,
        seed: spec.seed,
        rows,
        actions: actions::rows(&names, &action_tally),
    })
}

impl Calibration {
    /// The report as text: one line per observer kind x actor kind over every post-flop
    /// action, and with `detail` one per round and action under it.
    pub fn text(&self, detail: bool) -> String {
        use std::fmt::Write as _;
        let mut out = String::new();
        let actions: u64 = self
            .rows
            .iter()
            .filter(|r| r.key.round == "all")
            .map(|r| r.key.events)
            .sum();
        let _ = writeln!(
            out,
            "How right each model is about each actor: {} hands of {} ({} tables, seed {}), {} scores",
            self.hands,
            self.players.join(","),
            self.tables,
            self.seed,
            actions
        );
        let _ = writeln!(
            out,
            "bits: log2 of the model's probability of the true holding over uniform; flop \
             table: the same before any post-flop re-weighting; below: the model's weight \
             on weaker holdings (0.5 if calibrated); floor: the truth at the 0.01 floor. \
             Intervals 95% over hands."
        );
        let _ = writeln!(
            out,
            "{:<8} {:<8} {:<6} {:<6} {:>8} {:>16} {:>7} {:>16} {:>14} {:>6}",
            "observer",
            "actor",
            "round",
            "action",
            "scores",
            "bits",
            "flop",
            "gain",
            "below",
            "floor"
        );
        for r in &self.rows {
            let summary = r.key.round == "all";
            if !summary && !detail {
                continue;
            }
            let _ = writeln!(
                out,
                "{:<8} {:<8} {:<6} {:<6} {:>8} {:>7.3} ± {:<6.3} {:>7.3} {:>+7.3} ± {:<6.3} {:>5.3} ± {:<5.3} {:>5.1}%",
                if summary || detail { r.key.observer.as_str() } else { "" },
                r.key.actor,
                r.key.round,
                r.key.action,
                r.key.events,
                r.bits.mean,
                r.bits.ci95,
                r.reference_bits.mean,
                r.gain.mean,
                r.gain.ci95,
                r.below.mean,
                r.below.ci95,
                100.0 * r.floor.mean
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_uniform_table_scores_zero_bits_and_half_below() {
        let w = [1.0; HOLDINGS];
        let known = CardSet::EMPTY;
        // Strength = holding index: below = (truth + 0.5) / 1326 exactly.
        let (bits, below, floor) = score_table(&w, known, 700, |h| Some(h as f64), 0.01).unwrap();
        assert!(bits.abs() < 1e-12);
        assert!((below - 700.5 / HOLDINGS as f64).abs() < 1e-12);
        assert!(!floor);
    }

    #[test]
    fn a_table_that_knows_the_truth_scores_its_log_count() {
        // All weight on the truth among the 1,081 holdings a flop and our hand leave.
        let hole = HoleCards::from_index(0).unwrap();
        let board: CardSet = ["3h", "4c", "Jh"]
            .iter()
            .map(|c| c.parse::<loki_cards::Card>().unwrap())
            .collect();
        let known = board.union(hole.set());
        let truth = (0..HOLDINGS)
            .find(|&h| holding_sets()[h] & known.bits() == 0)
            .unwrap();
        let mut w = [0.0; HOLDINGS];
        w[truth] = 1.0;
        let (bits, _, _) = score_table(&w, known, truth, |_| Some(0.5), 0.01).unwrap();
        assert!((bits - (1081f64).log2()).abs() < 1e-9, "{bits}");
        // A weight on a known card does not count.
        w[0] = 5.0;
        let (again, _, _) = score_table(&w, known, truth, |_| Some(0.5), 0.01).unwrap();
        assert_eq!(bits, again);
        // The truth at the floor while the rest weigh 1: below log2(1) and flagged.
        let mut w = [1.0; HOLDINGS];
        w[truth] = 0.01;
        let (bits, _, floor) = score_table(&w, known, truth, |_| Some(0.5), 0.01).unwrap();
        assert!(floor && bits < -6.0, "{bits}");
    }
}
