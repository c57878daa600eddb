//! The plain records of a profile: observations in the 36 categories, what one hand adds,
//! and the profile with its frequencies and HUD statistics.
use serde::Serialize;

/// An action class: 0 fold, 1 check/call, 2 bet/raise (the order of Loki's probability
/// triples).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum ActionClass {
    /// Fold.
    Fold,
    /// Check or call.
    CheckCall,
    /// Bet or raise.
    BetRaise,
}

impl ActionClass {
    /// All three, in order.
    pub const ALL: [ActionClass; 3] = [
        ActionClass::Fold,
        ActionClass::CheckCall,
        ActionClass::BetRaise,
    ];
    /// 0, 1 or 2.
    pub fn index(self) -> usize {
        self as usize
    }
    /// The class of an index.
    pub fn from_index(i: usize) -> Option<ActionClass> {
        ActionClass::ALL.get(i).copied()
    }
}

/// One observed action: round 0 (pre-flop) ..= 3 (river), bets to call 0, 1 or 2 (2 or
/// more), and the action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Observation {
    /// 0 = pre-flop .. 3 = river.
    pub round: u8,
    /// 0, 1, or 2 meaning 2 or more.
    pub bets_to_call: u8,
    /// The action.
    pub action: ActionClass,
}

impl Observation {
    /// An observation; bets to call above 2 count as 2; `None` for a round above 3.
    pub fn new(round: usize, bets_to_call: usize, action: ActionClass) -> Option<Observation> {
        (round < 4).then(|| Observation {
            round: round as u8,
            bets_to_call: bets_to_call.min(2) as u8,
            action,
        })
    }
    pub(crate) fn from_indices(round: i64, bets: i64, action: i64) -> Option<Observation> {
        let action = ActionClass::from_index(usize::try_from(action).ok()?)?;
        let bets = usize::try_from(bets).ok().filter(|&b| b <= 2)?;
        Observation::new(usize::try_from(round).ok()?, bets, action)
    }
}

/// What one hand adds to one opponent's profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandDelta {
    /// The opponent's name.
    pub name: String,
    /// It put chips in voluntarily pre-flop (a call of more than nothing, or a raise).
    pub vpip: bool,
    /// It raised pre-flop.
    pub pfr: bool,
    /// Its actions in the hand, in order.
    pub observations: Vec<Observation>,
}

/// Everything stored about one opponent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Profile {
    /// The name.
    pub name: String,
    /// Hands observed.
    pub hands: u64,
    /// Hands in which it put chips in voluntarily pre-flop.
    pub vpip_hands: u64,
    /// Hands in which it raised pre-flop.
    pub pfr_hands: u64,
    /// Counts `[round][bets to call][fold, check/call, bet/raise]`.
    pub counts: [[[u32; 3]; 3]; 4],
    /// The most recent actions, oldest first.
    pub recent: Vec<Observation>,
}

/// The HUD statistics of a profile.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Hud {
    /// Hands observed.
    pub hands: u64,
    /// Voluntarily put money in pot: share of hands with a pre-flop call of more than
    /// nothing or a raise.
    pub vpip: f64,
    /// Pre-flop raise: share of hands with a pre-flop raise.
    pub pfr: f64,
    /// Aggression factor after the flop: bets and raises divided by calls of a bet (checks
    /// are not calls); infinite with raises and no calls, NaN with neither.
    pub aggression: f64,
}

impl Profile {
    /// An empty profile.
    pub fn empty(name: &str) -> Profile {
        Profile {
            name: name.to_string(),
            hands: 0,
            vpip_hands: 0,
            pfr_hands: 0,
            counts: [[[0; 3]; 3]; 4],
            recent: Vec::new(),
        }
    }

    /// Observed frequencies `[fold, check/call, bet/raise]` of one category and the
    /// number of observations (all zero without any).
    pub fn frequencies(&self, round: usize, bets_to_call: usize) -> ([f64; 3], u32) {
        let c = self.counts[round.min(3)][bets_to_call.min(2)];
        let n: u32 = c.iter().sum();
        if n == 0 {
            return ([0.0; 3], 0);
        }
        (c.map(|x| f64::from(x) / f64::from(n)), n)
    }

    /// The HUD statistics, from the same counts.
    pub fn hud(&self) -> Hud {
        let share = |k: u64| {
            if self.hands == 0 {
                0.0
            } else {
                k as f64 / self.hands as f64
            }
        };
        let (mut aggressive, mut calls) = (0u64, 0u64);
        for round in &self.counts[1..] {
            for (b, cell) in round.iter().enumerate() {
                aggressive += u64::from(cell[2]);
                if b > 0 {
                    calls += u64::from(cell[1]);
                }
            }
        }
        let aggression = if calls > 0 {
            aggressive as f64 / calls as f64
        } else if aggressive > 0 {
            f64::INFINITY
        } else {
            f64::NAN
        };
        Hud {
            hands: self.hands,
            vpip: share(self.vpip_hands),
            pfr: share(self.pfr_hands),
            aggression,
        }
    }
}
