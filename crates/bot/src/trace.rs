//! The decision trace: why a player acted as it did, as typed values (Billings et al.
//! 1998, "Hand Assessment" and "Betting Strategy"): the round and cards, the assessment,
//! the pre-flop plan or the post-flop rule that fired, the probability triple, the action,
//! and for each live opponent the model behind it. `Display` prints it for people and
//! serde as JSON for programs, so the CLI, the network client and the web page render one
//! thing.
use crate::assessment::HandAssessment;
use crate::frequencies::ActionFrequencies;
use crate::postflop::Rule;
use crate::preflop::Plan;
use crate::simulation::SimulationOutcome;
use crate::triple::ProbabilityTriple;
use loki_assess::StartingHandGrid;
use loki_cards::{Card, HoleCards};
use loki_engine::{Action, Chips, Position, Round, Seat};
use serde::{Serialize, Serializer};
use std::fmt;

/// Serializes a value through its `Display` ("flop", "raise", ...).
fn display<T: fmt::Display, S: Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(v)
}

/// What decided the action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecisionRule {
    /// A pre-flop plan (Papp §6.1), printed "preflop-make2" and so on.
    Plan(Plan),
    /// A post-flop rule (Papp §6.2-6.6).
    Postflop(Rule),
    /// The player was not dealt cards it can see (it checks or calls).
    NoCards,
    /// POKI: the action of highest value in a selective-sampling simulation (Peña §5).
    Simulation,
}

impl fmt::Display for DecisionRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecisionRule::Plan(p) => write!(f, "preflop-{}", p.name()),
            DecisionRule::Postflop(r) => f.write_str(r.name()),
            DecisionRule::NoCards => f.write_str("no-cards"),
            DecisionRule::Simulation => f.write_str("simulation"),
        }
    }
}

impl Serialize for DecisionRule {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// One live opponent as the player sees it at a decision.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OpponentTrace {
    /// The opponent's position in the hand.
    pub position: Position,
    /// The opponent's seat (its identity across hands).
    pub seat: Seat,
    /// Our hand strength against this opponent's weight table (post-flop).
    pub hs: Option<f64>,
    /// The most likely holdings and their share of the live weight (with detail on).
    pub top_holdings: Vec<(HoleCards, f64)>,
    /// The weight table on the 13 x 13 starting-hand chart (with detail on).
    pub grid: Option<StartingHandGrid>,
    /// The frequencies [fold, call, raise] the model uses in the current context.
    pub frequencies: ActionFrequencies,
    /// Observations behind them in this context.
    pub observations: u32,
    /// A calibrated model's trust that this opponent's actions follow its cards.
    pub trust: Option<f64>,
}

/// Everything behind one decision.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DecisionTrace {
    /// The player's name.
    pub player: String,
    /// The round.
    #[serde(serialize_with = "display")]
    pub round: Round,
    /// Our hole cards (`None` if hidden from us).
    pub hole: Option<HoleCards>,
    /// The board.
    pub board: Vec<Card>,
    /// The post-flop assessment (its fields appear at the top level in JSON).
    #[serde(flatten)]
    pub assessment: Option<HandAssessment>,
    /// The income rate of our hand (pre-flop).
    pub income_rate: Option<f64>,
    /// The pre-flop plan.
    #[serde(serialize_with = "plan_name")]
    pub plan: Option<Plan>,
    /// Pot odds of a call.
    pub pot_odds: f64,
    /// Chips to call.
    pub to_call: Chips,
    /// Chips in the pot.
    pub pot: Chips,
    /// What decided.
    pub rule: DecisionRule,
    /// The probability triple [fold, call, raise] the action was drawn from (pure for
    /// deterministic players).
    pub triple: ProbabilityTriple,
    /// The action taken ("call" includes a check, "raise" a bet).
    #[serde(serialize_with = "display")]
    pub action: Action,
    /// The opponents still in the hand.
    pub opponents: Vec<OpponentTrace>,
    /// POKI: the simulation's value of each action (chips), standard errors and trials.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub simulation: Option<SimulationOutcome>,
}

fn plan_name<S: Serializer>(p: &Option<Plan>, s: S) -> Result<S::Ok, S::Error> {
    match p {
        Some(p) => s.serialize_str(p.name()),
        None => s.serialize_none(),
    }
}

fn opt(x: Option<f64>) -> String {
    x.map_or_else(|| "-".to_string(), |v| format!("{v:.4}"))
}

impl fmt::Display for DecisionTrace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hole = self
            .hole
            .map_or_else(|| "??".to_string(), |h| h.to_string());
        let board: String = self.board.iter().map(|c| c.to_string()).collect();
        writeln!(
            f,
            "{} {} on '{}' ({}): {}",
            self.player, hole, board, self.round, self.action
        )?;
        writeln!(
            f,
            "rule: {}   triple [fold, call, raise]: {}",
            self.rule, self.triple
        )?;
        if let Some(sim) = &self.simulation {
            let ev = |i: Action| {
                sim.ev[i].map_or_else(
                    || "-".to_string(),
                    |v| format!("{v:+.2} +- {:.2}", sim.se[i]),
                )
            };
            writeln!(
                f,
                "simulation: {} trials{}  EV fold {}  call {}  raise {} (chips)",
                sim.trials,
                if sim.stopped_early {
                    " (early stop)"
                } else {
                    ""
                },
                ev(Action::Fold),
                ev(Action::Call),
                ev(Action::Raise)
            )?;
        }
        let a = self.assessment.as_ref();
        writeln!(
            f,
            "hs {}  hs_n {}  ppot {}  npot {}  ehs {}  income rate {}  pot odds {:.4}  to call {}  pot {}",
            opt(a.map(|a| a.hs)),
            opt(a.map(|a| a.hs_n)),
            opt(a.map(|a| a.ppot)),
            opt(a.map(|a| a.npot)),
            opt(a.map(|a| a.ehs)),
            opt(self.income_rate),
            self.pot_odds,
            self.to_call,
            self.pot
        )?;
        for o in &self.opponents {
            let top: Vec<String> = o
                .top_holdings
                .iter()
                .map(|(h, w)| format!("{h} {w:.3}"))
                .collect();
            write!(
                f,
                "  position {} (seat {}): frequencies {:.2} ({} obs.)  hs {}",
                o.position,
                o.seat,
                o.frequencies,
                o.observations,
                opt(o.hs)
            )?;
            if let Some(t) = o.trust {
                write!(f, "  trust {t:.2}")?;
            }
            if !top.is_empty() {
                write!(f, "  top: {}", top.join(", "))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
