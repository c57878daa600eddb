//! Pre-flop betting (Papp 1998 §6.1 and Appendix B; Peña 1999): a plan chosen at the
//! player's first pre-flop action and kept for the rest of the round.
//!
//! The plan is the most aggressive one whose threshold `base + increment * position` is at
//! most the hand's income rate, where `position` is the number of live players still to act
//! after us before the small blind's next turn (the button counts 0), and the thresholds
//! depend on the expected number of players (each player yet to act counts as 0.6) and on
//! the player's tightness.
use crate::config::{GroupThresholds, PlanThresholds, PreflopConfig};
use loki_engine::Action;
use serde::{Deserialize, Serialize};

/// A player's pre-flop tightness (Papp: tight, moderate, loose).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tightness {
    /// Conservative.
    Tight,
    /// Between.
    Moderate,
    /// Liberal.
    Loose,
}

/// A tightness name that is not tight, moderate or loose.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown tightness '{0}' (tight, moderate, loose)")]
pub struct UnknownTightness(pub String);

impl std::str::FromStr for Tightness {
    type Err = UnknownTightness;
    fn from_str(s: &str) -> Result<Tightness, UnknownTightness> {
        match s.to_ascii_lowercase().as_str() {
            "tight" => Ok(Tightness::Tight),
            "moderate" => Ok(Tightness::Moderate),
            "loose" => Ok(Tightness::Loose),
            _ => Err(UnknownTightness(s.to_string())),
        }
    }
}

/// A pre-flop plan: how many bets the player is willing to put in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Plan {
    /// Fold if continuing costs anything; otherwise check.
    Make0,
    /// Small blind only: complete the blind when unraised, otherwise fold (Papp's Call0.5).
    CallHalf,
    /// Small blind only: call up to one and a half bets (Papp's Call1.5).
    CallOneAndHalf,
    /// Call one bet; fold to two or more unless money is already in voluntarily; bet if
    /// nobody has (never pre-flop, where the big blind is a bet).
    Make1,
    /// Raise while fewer than two bets were made this round, then call.
    Make2,
    /// Raise until the betting is capped, then call.
    Make4,
}

impl Plan {
    /// The name shown in traces: "make0", "call0.5", ...
    pub fn name(self) -> &'static str {
        match self {
            Plan::Make0 => "make0",
            Plan::CallHalf => "call0.5",
            Plan::CallOneAndHalf => "call1.5",
            Plan::Make1 => "make1",
            Plan::Make2 => "make2",
            Plan::Make4 => "make4",
        }
    }
}

/// What the plan choice needs to know at the first pre-flop action.
#[derive(Debug, Clone, Copy)]
pub struct PlanInputs {
    /// Income rate (x1000) of our hand in the table for the expected player count.
    pub income_rate: f64,
    /// Live players acting after us before the small blind's next turn.
    pub position: usize,
    /// The expected number of players (us, players in, 0.6 per player yet to act).
    pub expected_players: f64,
    /// Whether we are the small blind.
    pub small_blind: bool,
}

/// The expected player count: ourselves, each opponent already in counts 1, each
/// opponent yet to act counts `probability_play`.
pub fn expected_players(already_in: usize, yet_to_act: usize, probability_play: f64) -> f64 {
    1.0 + already_in as f64 + yet_to_act as f64 * probability_play
}

fn group(cfg: &PreflopConfig, expected: f64) -> &GroupThresholds {
    let n = expected.round() as i64;
    if n <= 2 {
        &cfg.group2
    } else if n <= 4 {
        &cfg.group3_4
    } else {
        &cfg.group5
    }
}

fn thresholds(cfg: &PreflopConfig, expected: f64, tight: Tightness) -> PlanThresholds {
    let g = group(cfg, expected);
    match tight {
        Tightness::Tight => g.tight,
        Tightness::Moderate => g.moderate,
        Tightness::Loose => g.loose,
    }
}

/// Chooses the plan (Papp Eq. 6.1).
pub fn choose_plan(cfg: &PreflopConfig, tight: Tightness, x: &PlanInputs) -> Plan {
    let th = thresholds(cfg, x.expected_players, tight);
    let at = |t: crate::config::Threshold| t.base + t.increment * x.position as f64;
    if x.income_rate >= at(th.make4) {
        Plan::Make4
    } else if x.income_rate >= at(th.make2) {
        Plan::Make2
    } else if x.small_blind {
        let sb = group(cfg, x.expected_players).small_blind;
        if x.income_rate >= sb.call_one_and_half {
            Plan::CallOneAndHalf
        } else if x.income_rate >= sb.call_half {
            Plan::CallHalf
        } else {
            Plan::Make0
        }
    } else if x.income_rate >= at(th.make1) {
        Plan::Make1
    } else {
        Plan::Make0
    }
}

/// The betting state a plan reacts to.
#[derive(Debug, Clone, Copy)]
pub struct BettingState {
    /// Chips to call.
    pub to_call: i64,
    /// The bet size of this round.
    pub bet: i64,
    /// Bets made this round, the big blind counting as the first pre-flop.
    pub bets_this_round: usize,
    /// Whether we already put money in voluntarily this round (blinds do not count).
    pub voluntarily_in: bool,
    /// Whether a raise is legal.
    pub can_raise: bool,
}

/// The action a plan takes.
pub fn plan_action(plan: Plan, s: &BettingState) -> Action {
    let to_call_bets = if s.bet > 0 {
        s.to_call as f64 / s.bet as f64
    } else {
        0.0
    };
    let fold_or_check = if s.to_call > 0 {
        Action::Fold
    } else {
        Action::Call
    };
    let raise_or_call = if s.can_raise {
        Action::Raise
    } else {
        Action::Call
    };
    match plan {
        Plan::Make0 => fold_or_check,
        Plan::CallHalf | Plan::CallOneAndHalf => {
            let most = if plan == Plan::CallHalf { 0.5 } else { 1.5 };
            if to_call_bets <= most || s.voluntarily_in {
                Action::Call
            } else {
                fold_or_check
            }
        }
        Plan::Make1 => {
            if s.bets_this_round == 0 {
                raise_or_call
            } else if to_call_bets >= 2.0 && !s.voluntarily_in {
                Action::Fold
            } else {
                Action::Call
            }
        }
        Plan::Make2 => {
            if s.bets_this_round < 2 {
                raise_or_call
            } else {
                Action::Call
            }
        }
        Plan::Make4 => raise_or_call,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pena_example_button_a8_moderate_is_make2() {
        // Dealer button (position 0), A-8, 4 active players, moderate, IR 338: Make2.
        let cfg = PreflopConfig::default();
        let x = PlanInputs {
            income_rate: 338.0,
            position: 0,
            expected_players: 4.0,
            small_blind: false,
        };
        assert_eq!(choose_plan(&cfg, Tightness::Moderate, &x), Plan::Make2);
        // The published pair: tight, 3-4 players, Make2 = [200, 50].
        let x = PlanInputs {
            income_rate: 299.0,
            position: 2,
            ..x
        };
        assert_eq!(choose_plan(&cfg, Tightness::Tight, &x), Plan::Make1);
        let x = PlanInputs {
            income_rate: 300.0,
            ..x
        };
        assert_eq!(choose_plan(&cfg, Tightness::Tight, &x), Plan::Make2);
    }

    #[test]
    fn tighter_needs_more() {
        let cfg = PreflopConfig::default();
        let x = PlanInputs {
            income_rate: 250.0,
            position: 3,
            expected_players: 6.0,
            small_blind: false,
        };
        assert_eq!(choose_plan(&cfg, Tightness::Loose, &x), Plan::Make1);
        assert_eq!(choose_plan(&cfg, Tightness::Tight, &x), Plan::Make0);
    }

    #[test]
    fn plans_act_as_papp_describes() {
        let s = |to_call, bets, vol| BettingState {
            to_call,
            bet: 2,
            bets_this_round: bets,
            voluntarily_in: vol,
            can_raise: true,
        };
        // Make0: check for free, fold otherwise.
        assert_eq!(plan_action(Plan::Make0, &s(0, 1, false)), Action::Call);
        assert_eq!(plan_action(Plan::Make0, &s(2, 1, false)), Action::Fold);
        // Make1: call one bet, fold to two unless already in.
        assert_eq!(plan_action(Plan::Make1, &s(2, 1, false)), Action::Call);
        assert_eq!(plan_action(Plan::Make1, &s(4, 2, false)), Action::Fold);
        assert_eq!(plan_action(Plan::Make1, &s(4, 3, true)), Action::Call);
        // Make2: raise to two bets, then call.
        assert_eq!(plan_action(Plan::Make2, &s(2, 1, false)), Action::Raise);
        assert_eq!(plan_action(Plan::Make2, &s(2, 2, false)), Action::Call);
        // Make4: raise until capped.
        assert_eq!(plan_action(Plan::Make4, &s(2, 3, true)), Action::Raise);
        let capped = BettingState {
            can_raise: false,
            ..s(2, 4, true)
        };
        assert_eq!(plan_action(Plan::Make4, &capped), Action::Call);
        // Small blind: complete for half a bet, fold to a raise.
        assert_eq!(plan_action(Plan::CallHalf, &s(1, 1, false)), Action::Call);
        assert_eq!(plan_action(Plan::CallHalf, &s(3, 2, false)), Action::Fold);
        assert_eq!(
            plan_action(Plan::CallOneAndHalf, &s(3, 2, false)),
            Action::Call
        );
    }
}
