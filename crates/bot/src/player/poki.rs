//! POKI's glue (Peña 1999 §5; Billings, Papp, Peña, Schaeffer, Szafron 1999, "Using
//! Selective-Sampling Simulations in Poker"): what a simulating player hands to
//! [`crate::simulation`] at its turn. Pre-flop, the income-rate percentiles stand in for
//! hand strength and our plan makes our in-trial actions; post-flop, the board's
//! analysis does. The live opponents come with their weight tables and their models'
//! thresholds and frequencies in each of Loki's 12 contexts.
use super::LokiPlayer;
use super::PreflopContext;
use crate::board_cache::BoardRanges;
use crate::config::{PreflopSimulation, SelfModel, SimulationConfig};
use crate::frequencies::{thresholds as thresholds_of, Context};
use crate::opponent_model::OpponentModel;
use crate::preflop::Plan;
use crate::reweight::{values_of, weighted_percentiles};
use crate::simulation::{self, SimOpponent, SimulationOutcome, SimulationSpot};
use crate::triple::ProbabilityTriple;
use loki_cards::HoleCards;
use loki_engine::Position;
use loki_engine::{Action, ByAction, ByContext, SeatView};

impl LokiPlayer {
    /// POKI's simulation settings when it simulates this pre-flop decision.
    pub(crate) fn preflop_simulation(&self, ctx: &PreflopContext) -> Option<&SimulationConfig> {
        let sim = self.style.simulation.as_ref()?;
        let wanted = match sim.preflop {
            PreflopSimulation::Never => false,
            PreflopSimulation::HeadsUp => ctx.heads_up,
            PreflopSimulation::Always => true,
        };
        wanted.then_some(sim)
    }

    /// POKI's pre-flop simulation: the income-rate percentiles as strengths, our plan
    /// making our in-trial pre-flop actions.
    pub(crate) fn simulate_preflop(
        &self,
        view: &SeatView<'_>,
        hole: HoleCards,
        plan: Plan,
        sim: &SimulationConfig,
        seed: u64,
    ) -> SimulationOutcome {
        let ranking = self.know.ranking(view.players());
        let strength = PreflopStrength(&ranking.percentile);
        let ours = ranking.percentile.get(hole.index()).copied().unwrap_or(0.5);
        let ours = OurHand {
            hole,
            ehs_now: ours,
            ppot1_now: 0.0,
            plan: Some(plan),
        };
        self.simulate(view, ours, &strength, sim, seed)
    }

    /// POKI's simulation of a decision (see [`crate::simulation`]): the live opponents'
    /// weight tables and their models' thresholds per context, the folded players'
    /// tables (every opponent's model exists from `begin_hand` on).
    pub(crate) fn simulate(
        &self,
        view: &SeatView<'_>,
        ours: OurHand,
        board: &dyn simulation::BoardStrength,
        cfg: &SimulationConfig,
        seed: u64,
    ) -> SimulationOutcome {
        let OurHand {
            hole,
            ehs_now,
            ppot1_now,
            plan,
        } = ours;
        let me = view.position();
        let n = view.players();
        let know = &self.know;
        let opponents: Vec<SimOpponent<'_>> = Position::all(n)
            .filter(|&p| p != me && view.is_live(p))
            .filter_map(|p| self.sim_opponent(view, p))
            .collect();
        let round = view.round();
        let put_in = Position::all(n)
            .map(|p| view.put_in_this_round(p))
            .collect();
        let spot = SimulationSpot {
            game: view.config(),
            me: me.index(),
            hole,
            board: view.board(),
            round,
            live: view.live(),
            round_bets: view.round_bets().to_vec(),
            needs_action: Position::all(n).map(|p| view.needs_action(p)).collect(),
            put_in,
            pot: view.pot(),
            level: view.bets_this_round(),
            opponents,
            own: match cfg.self_model {
                SelfModel::Off => None,
                m => self
                    .sim_opponent(view, me)
                    .map(|o| (SimOpponent { trust: 1.0, ..o }, m == SelfModel::All)),
            },
            folded: Position::all(n)
                .filter(|&p| p != me && !view.is_live(p))
                .filter_map(|p| self.models.get(&view.seat_of(p)))
                .map(OpponentModel::weights)
                .collect(),
            ppot1_now,
            rules: &self.style.postflop,
            smoothing: know.config.triples.smoothing,
            ehs_now,
            plan,
            strength_samples: cfg.strength_samples,
        };
        simulation::simulate(&spot, board, cfg, weighed_actions(view), seed)
    }
}

impl LokiPlayer {
    /// The player at position `p` as this player's simulation sees it: its model's
    /// table, thresholds and frequencies in each context, and trust.
    fn sim_opponent<'a>(&'a self, view: &SeatView<'_>, p: Position) -> Option<SimOpponent<'a>> {
        let seat = view.seat_of(p);
        let m = self.models.get(&seat)?;
        let mut frequencies = ByContext::default();
        for c in Context::all() {
            frequencies[c] = self.frequencies_of(seat, m, c);
        }
        Some(SimOpponent {
            position: p.index(),
            weights: m.weights(),
            thresholds: frequencies.map(|&f| thresholds_of(f)),
            frequencies,
            trust: m.trust_level(&self.know.config.model),
        })
    }

    /// What this player's simulation would draw for the player at position `actor`
    /// acting now (post-flop) with in-trial strength `strength` (the board's EHS of a
    /// holding): the in-trial triple and the alternatives it is measured against
    /// (`loki calibrate --actions`). `view` is this player's view; `to_call` the
    /// actor's bets to call and `legal` which of fold / call / raise it may take.
    pub fn predict_action(
        &self,
        view: &SeatView<'_>,
        actor: usize,
        holding: usize,
        board: &BoardRanges,
        to_call: usize,
        legal: ByAction<bool>,
    ) -> Option<ActionPrediction> {
        let o = self.sim_opponent(view, Position::new(actor))?;
        let strength = board.ehs(holding)?;
        let mine = view.hole().map_or(0, |h| h.set().bits());
        let values = values_of(|h| {
            let cards = HoleCards::from_index(h).ok()?.set().bits();
            if cards & mine != 0 {
                None
            } else {
                board.ehs(h)
            }
        });
        let in_range = weighted_percentiles(&values, o.weights)[holding];
        let ctx = Context::new(view.round(), to_call.min(2));
        let width = self.style.simulation.as_ref().map_or_else(
            || SimulationConfig::default().triple_width,
            |s| s.triple_width,
        );
        let live = Position::all(view.players())
            .filter(|&p| view.is_live(p))
            .count();
        let hs_n = simulation::multiway_strength(strength, live);
        let legal_only = |t: ByAction<f64>| {
            let mut t = t;
            for a in [Action::Fold, Action::Raise] {
                if !legal[a] {
                    t[Action::Call] += t[a];
                    t[a] = 0.0;
                }
            }
            t
        };
        let pure = SimOpponent { trust: 1.0, ..o };
        Some(ActionPrediction {
            frequencies: legal_only(ProbabilityTriple::new(o.frequencies[ctx]).by_action()),
            simulated: legal_only(o.triple(ctx, hs_n, width).by_action()),
            single: legal_only(o.triple(ctx, strength, width).by_action()),
            by_cards: legal_only(pure.triple(ctx, hs_n, width).by_action()),
            in_range: legal_only(o.triple(ctx, in_range, width).by_action()),
        })
    }
}

/// A simulation's prediction of one opponent's next action, with the alternatives
/// (each a distribution over fold / call / raise with the illegal actions' mass on the
/// call).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ActionPrediction {
    /// The context's plain frequencies (what a model blind to cards predicts).
    pub frequencies: ByAction<f64>,
    /// The in-trial triple (thresholds at HS_n, mixed with frequencies by trust).
    pub simulated: ByAction<f64>,
    /// The same without the multiway strength (thresholds at the plain strength).
    pub single: ByAction<f64>,
    /// The same without the trust mixing (thresholds alone).
    pub by_cards: ByAction<f64>,
    /// The in-trial triple at the holding's weighted percentile within the model's
    /// table of the actor (its EHS ranked among the holdings the model weighs), in
    /// place of HS_n.
    pub in_range: ByAction<f64>,
}

/// The actions a simulation weighs in `view`: folding when there is something to call,
/// checking or calling, and raising when it is legal.
pub fn weighed_actions(view: &SeatView<'_>) -> ByAction<bool> {
    let legal = view.legal_actions();
    ByAction::new(
        legal.contains(Action::Fold) && view.amount_to_call() > 0,
        true,
        legal.contains(Action::Raise),
    )
}

/// Pre-flop strength for a simulation: the income-rate percentile of each holding (the
/// value the models re-weight pre-flop by); no runout tables.
struct PreflopStrength<'a>(&'a [f64]);

impl simulation::BoardStrength for PreflopStrength<'_> {
    fn now(&self, h: usize) -> Option<f64> {
        self.0.get(h).copied()
    }
    fn runouts(&self) -> Option<&crate::runout::RunoutStrengths> {
        None
    }
}

/// Our side of a simulation: the holding, its strength now, the pre-flop plan.
#[derive(Debug, Clone, Copy)]
pub(crate) struct OurHand {
    pub(crate) hole: HoleCards,
    pub(crate) ehs_now: f64,
    /// Our PPot1 now (0 pre-flop).
    pub(crate) ppot1_now: f64,
    pub(crate) plan: Option<Plan>,
}
