//! A Loki player's strategy at one decision for every holding at once, read without
//! changing the player: no model update, no random number drawn, the board cache and the
//! models as they stand. This is what a best response needs (local best response, Lisy
//! and Bowling 2017: the opponent's strategy for every holding at each decision, the
//! opponent's range as the product of its probabilities of the actions it took).
//!
//! For each holding the answer is the probability triple of the action the player
//! *would* take with it, after [`legal_version`](crate::player) (a fold when checking is
//! free is a check, an illegal raise a call):
//!
//! * the deterministic Loki-1 players (BPM ... SOMT, the reference styles): the pure
//!   triple of the action their plan (pre-flop) or rules (post-flop) give;
//! * Loki-2 (LOKI2): the smoothed triple it samples its action from;
//! * POKI (simulation): **approximate**: each holding's simulation with
//!   [`QueryOptions::simulation_trials`] trials (POKI plays up to 500), pre-flop each
//!   in-trial strength from [`QueryOptions::simulation_strength_samples`] opponent
//!   holdings, and a seed of its
//!   own, its best action mixed with [`QueryOptions::simulation_floor`] spread over the
//!   legal actions (POKI's action is a random variable of its trials, so no holding's
//!   action is certain; the floor keeps every observed action possible for every
//!   holding). Both values are **ours**.
//!
//! A decision also depends on what the player did earlier in the hand with the same
//! holding: its pre-flop plan (chosen at its first pre-flop action) and whether it
//! semi-bluffed in an earlier round. [`Holdings`] keeps both for every holding over one
//! hand, fed by [`Holdings::record`] after each of the player's own actions and by
//! [`Holdings::observe`] for the others' actions, exactly as the player keeps them for
//! its real holding. Holdings are asked in one batch so that the board's analysis (the
//! shared [`BoardRanges`](crate::board_cache::BoardRanges): range table and per-holding
//! runout counts) and the opponents' tables are read once for all of them.
use crate::config::SimulationConfig;
use crate::player::{betting_state, weighed_actions, LokiPlayer, OurHand};
use crate::postflop::Rule;
use crate::preflop::{self, Plan};
use crate::triple::ProbabilityTriple;
use crate::{assess, Knowledge};
use loki_assess::WeightTable;
use loki_cards::{mix, CardSet, HoleCards, HOLDINGS};
use loki_engine::Position;
use loki_engine::{Action, ByAction, Event, Round, SeatView};

/// How a simulating player (POKI) is asked (both values **ours**).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct QueryOptions {
    /// Trials of each holding's simulation (POKI itself plays up to 500 with an early
    /// stop): 32 (with 16 the query's best action matched POKI's own decision in fewer
    /// than half of 52 decisions of heads-up play against SOM; with 32, in more).
    pub simulation_trials: u32,
    /// The probability spread evenly over the legal actions of a simulated holding,
    /// the rest on its simulation's best action: 0.1.
    pub simulation_floor: f64,
    /// Opponent holdings drawn for each in-trial strength on a board without a runout
    /// table (the flop, turn and river of a pre-flop simulation): `None` takes the
    /// player's own (`simulation.strength_samples`, 48 for POKI).
    pub simulation_strength_samples: Option<u32>,
}

impl Default for QueryOptions {
    fn default() -> Self {
        QueryOptions {
            simulation_trials: 32,
            simulation_floor: 0.1,
            simulation_strength_samples: None,
        }
    }
}

/// What the player remembers of its own earlier decisions in a hand, for one holding.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct HoldingState {
    plan: Option<Plan>,
    semi_bluff_from: Option<Round>,
}

/// What a player would remember of its own earlier decisions in this hand, for every
/// holding it might hold (its pre-flop plan; the round of a semi-bluff that may
/// continue). Start one per hand.
#[derive(Debug, Clone)]
pub struct Holdings {
    states: Vec<HoldingState>,
}

impl Default for Holdings {
    fn default() -> Self {
        Holdings::new()
    }
}

impl Holdings {
    /// The start of a hand: no plan, no semi-bluff, for every holding.
    pub fn new() -> Holdings {
        Holdings {
            states: vec![HoldingState::default(); HOLDINGS],
        }
    }
    /// An event of the hand as the player at `me` sees it: another player's bet or raise
    /// ends every semi-bluff (as [`LokiPlayer`] ends its own).
    pub fn observe(&mut self, event: &Event, me: Position) {
        if let Event::Action(a) = event {
            if a.position != me && a.action == Action::Raise {
                for s in &mut self.states {
                    s.semi_bluff_from = None;
                }
            }
        }
    }
    /// The player took `action` at the decision `strategy` describes: each holding keeps
    /// the plan it chose there and, after a semi-bluff raise, the round of it.
    pub fn record(&mut self, strategy: &Strategy, action: Action) {
        for (s, d) in self.states.iter_mut().zip(&strategy.decisions) {
            let Some(d) = d else { continue };
            if s.plan.is_none() {
                s.plan = d.plan;
            }
            if action == Action::Raise && d.semi_bluff {
                s.semi_bluff_from = Some(strategy.round);
            }
        }
    }
    /// The plan remembered for holding `h`.
    pub fn plan(&self, h: usize) -> Option<Plan> {
        self.states.get(h).and_then(|s| s.plan)
    }
}

/// One holding's decision.
#[derive(Debug, Clone, Copy, PartialEq)]
struct HoldingDecision {
    triple: ProbabilityTriple,
    plan: Option<Plan>,
    semi_bluff: bool,
}

/// A player's strategy at one decision: a triple for each holding asked that does not
/// touch the board.
#[derive(Debug, Clone)]
pub struct Strategy {
    round: Round,
    decisions: Vec<Option<HoldingDecision>>,
}

impl Strategy {
    /// The triple of holding index `h` (`None`: not asked, or it touches the board).
    pub fn triple(&self, h: usize) -> Option<ProbabilityTriple> {
        self.decisions.get(h).copied().flatten().map(|d| d.triple)
    }
    /// The probability that holding `h` takes `action` (0 when not asked).
    pub fn probability(&self, h: usize, action: Action) -> f64 {
        self.triple(h).map_or(0.0, |t| t.get(action))
    }
    /// The round of the decision.
    pub fn round(&self) -> Round {
        self.round
    }
    /// Takes `other`'s answer for every holding this one did not answer.
    pub fn fill_from(&mut self, other: &Strategy) {
        for (d, o) in self.decisions.iter_mut().zip(&other.decisions) {
            if d.is_none() {
                *d = *o;
            }
        }
    }
    /// Holdings answered.
    pub fn answered(&self) -> usize {
        self.decisions.iter().filter(|d| d.is_some()).count()
    }
}

/// The triple of what the engine lets happen: a fold when checking is free is a check,
/// an illegal raise a call (the player's `legal_version`).
pub fn legal_triple(t: ProbabilityTriple, view: &SeatView<'_>) -> ProbabilityTriple {
    let legal = view.legal_actions();
    let [mut f, mut c, mut r] = t.to_array();
    if !legal.contains(Action::Raise) {
        c += r;
        r = 0.0;
    }
    if !(legal.contains(Action::Fold) && view.amount_to_call() > 0) {
        c += f;
        f = 0.0;
    }
    ProbabilityTriple::new([f, c, r])
}

/// The query triple of a simulated holding: the floor spread over the legal actions,
/// the rest on the best action.
fn simulated_triple(best: Action, floor: f64, view: &SeatView<'_>) -> ProbabilityTriple {
    let ok = weighed_actions(view);
    let n = ok.values().filter(|&&x| x).count() as f64;
    let floor = floor.clamp(0.0, 1.0);
    let p = ByAction::from_fn(|a| match (ok[a], a == best) {
        (false, _) => 0.0,
        (true, best) => floor / n + if best { 1.0 - floor } else { 0.0 },
    });
    legal_triple(ProbabilityTriple::new(p), view)
}

/// The seed of holding `h`'s query simulation at a decision (the player's own generator
/// is never drawn from).
fn query_seed(view: &SeatView<'_>, h: usize) -> u64 {
    mix(
        0x1b2_0017 ^ (view.events().count() as u64) << 20 ^ view.pot() as u64,
        h as u64,
    )
}

impl LokiPlayer {
    /// The player's strategy at `view` (its own turn) for every holding `h` with
    /// `ask[h]` that does not touch the board, as it would decide holding it, with the
    /// earlier decisions of the hand remembered in `holdings`. Changes nothing: not the
    /// player's models, generator or plan, nor the board cache's contents (the boards
    /// are the ones the player already holds).
    pub fn strategy(
        &self,
        view: &SeatView<'_>,
        holdings: &Holdings,
        ask: &[bool],
        options: &QueryOptions,
    ) -> Strategy {
        let board: CardSet = view.board().iter().copied().collect();
        let asked = |h: usize| ask.get(h).copied().unwrap_or(false);
        let mut decisions: Vec<Option<HoldingDecision>> = vec![None; HOLDINGS];
        let query_cfg = |sim: &SimulationConfig| SimulationConfig {
            trials: options.simulation_trials.max(1),
            z: 0.0,
            strength_samples: options
                .simulation_strength_samples
                .unwrap_or(sim.strength_samples),
            ..sim.clone()
        };
        let holes =
            HoleCards::all().filter(|hole| asked(hole.index()) && hole.set().is_disjoint(board));
        if view.round() == Round::Preflop {
            let ctx = self.preflop_context(view);
            let betting = betting_state(view);
            let sim = self.preflop_simulation(&ctx).map(query_cfg);
            for hole in holes {
                let h = hole.index();
                let plan = holdings.plan(h).unwrap_or_else(|| {
                    self.choose_plan(&ctx, self.know.income_rate(ctx.table, hole))
                });
                let triple = match &sim {
                    Some(cfg) => {
                        let outcome =
                            self.simulate_preflop(view, hole, plan, cfg, query_seed(view, h));
                        simulated_triple(outcome.action, options.simulation_floor, view)
                    }
                    None => legal_triple(
                        ProbabilityTriple::pure(preflop::plan_action(plan, &betting)),
                        view,
                    ),
                };
                decisions[h] = Some(HoldingDecision {
                    triple,
                    plan: Some(plan),
                    semi_bluff: false,
                });
            }
        } else {
            let tables = self.live_tables(view);
            let tables: Vec<&WeightTable> = tables.iter().map(|t| t.as_ref()).collect();
            let ranges = self.board_ranges(view);
            let sim = self.style().simulation.as_ref().map(query_cfg);
            for hole in holes {
                let h = hole.index();
                let state = holdings.states.get(h).copied().unwrap_or_default();
                let a = assess(hole, view.board(), view.round(), &tables, ranges.as_deref());
                let decision = match (&sim, &ranges) {
                    (Some(cfg), Some(board)) => {
                        let ours = OurHand {
                            hole,
                            ehs_now: a.ehs,
                            ppot1_now: a.ppot1,
                            plan: state.plan,
                        };
                        let outcome =
                            self.simulate(view, ours, board.as_ref(), cfg, query_seed(view, h));
                        HoldingDecision {
                            triple: simulated_triple(
                                outcome.action,
                                options.simulation_floor,
                                view,
                            ),
                            plan: None,
                            semi_bluff: false,
                        }
                    }
                    _ => {
                        let s = self.situation(view, &a, state.semi_bluff_from);
                        let (_, rule, triple) = self.rules(&s);
                        HoldingDecision {
                            triple: legal_triple(triple, view),
                            plan: None,
                            semi_bluff: rule == Rule::SemiBluff,
                        }
                    }
                };
                decisions[h] = Some(decision);
            }
        }
        Strategy {
            round: view.round(),
            decisions,
        }
    }

    /// The shared knowledge the player reads.
    pub fn knowledge(&self) -> &Knowledge {
        &self.know
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use loki_engine::ActionEvent;

    fn decision(plan: Option<Plan>, semi_bluff: bool) -> Option<HoldingDecision> {
        Some(HoldingDecision {
            triple: ProbabilityTriple::pure(Action::Raise),
            plan,
            semi_bluff,
        })
    }

    fn raise_by(position: usize, round: Round) -> Event {
        Event::Action(ActionEvent {
            position: Position::new(position),
            round,
            action: Action::Raise,
            amount: 4,
            bet_to: 4,
            bets_to_call: 0,
            all_in: false,
        })
    }

    #[test]
    fn holdings_remember_plans_and_semi_bluffs_as_the_player_does() {
        let mut hs = Holdings::new();
        let mut decisions = vec![None; HOLDINGS];
        decisions[3] = decision(Some(Plan::Make2), false);
        decisions[4] = decision(Some(Plan::Make0), false);
        let pre = Strategy {
            round: Round::Preflop,
            decisions,
        };
        hs.record(&pre, Action::Call);
        assert_eq!(hs.plan(3), Some(Plan::Make2));
        assert_eq!(hs.plan(4), Some(Plan::Make0));
        assert_eq!(hs.plan(5), None, "a holding not asked keeps no plan");
        // A later pre-flop decision does not change a plan (chosen at the first action).
        let mut decisions = vec![None; HOLDINGS];
        decisions[3] = decision(Some(Plan::Make4), false);
        hs.record(
            &Strategy {
                round: Round::Preflop,
                decisions,
            },
            Action::Raise,
        );
        assert_eq!(hs.plan(3), Some(Plan::Make2));
        // A semi-bluff raise on the flop is remembered for the holdings whose rule it was,
        // only when the action was a raise.
        let mut decisions = vec![None; HOLDINGS];
        decisions[3] = decision(None, true);
        decisions[4] = decision(None, false);
        let flop = Strategy {
            round: Round::Flop,
            decisions,
        };
        let mut called = hs.clone();
        called.record(&flop, Action::Call);
        assert_eq!(called.states[3].semi_bluff_from, None);
        hs.record(&flop, Action::Raise);
        assert_eq!(hs.states[3].semi_bluff_from, Some(Round::Flop));
        assert_eq!(hs.states[4].semi_bluff_from, None);
        // Our own raise keeps it; another player's ends it.
        hs.observe(&raise_by(1, Round::Turn), Position::new(1));
        assert_eq!(hs.states[3].semi_bluff_from, Some(Round::Flop));
        hs.observe(&raise_by(0, Round::Turn), Position::new(1));
        assert_eq!(hs.states[3].semi_bluff_from, None);
        assert_eq!(hs.plan(3), Some(Plan::Make2), "plans stay for the hand");
    }
}
