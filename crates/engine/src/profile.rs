//! What a table learns of one player over many hands, as plain records: its actions in
//! the 36 categories ([`ActionCounts`]), its most recent actions ([`Observation`]s, for
//! Loki-2's window, Peña 1999), what one hand adds ([`HandDelta`]), and the [`Profile`]
//! with the HUD statistics real players' trackers show ([`Hud`]: VPIP, PFR, aggression
//! factor, went to showdown, won at showdown). The one profile type: the profile store
//! (`loki-store`) persists it, the IRC profiles (`loki-irc`) compute it from the real
//! database, the person's table shows it.
use crate::context::{ActionCounts, Context};
use crate::{Action, ByAction, Round};

/// One observed action: round 0 (pre-flop) ..= 3 (river), bets to call 0, 1 or 2 (2 or
/// more), and the action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Observation {
    /// 0 = pre-flop .. 3 = river.
    pub round: u8,
    /// 0, 1, or 2 meaning 2 or more.
    pub bets_to_call: u8,
    /// The action.
    pub action: Action,
}

impl Observation {
    /// An observation; bets to call above 2 count as 2; `None` for a round above 3.
    pub fn new(round: usize, bets_to_call: usize, action: Action) -> Option<Observation> {
        (round < 4).then(|| Observation {
            round: round as u8,
            bets_to_call: bets_to_call.min(2) as u8,
            action,
        })
    }
    /// An observation from stored integers (action 0 fold, 1 check/call, 2 bet/raise);
    /// `None` for anything out of range.
    pub fn from_indices(round: i64, bets: i64, action: i64) -> Option<Observation> {
        let action = *Action::ALL.get(usize::try_from(action).ok()?)?;
        let bets = usize::try_from(bets).ok().filter(|&b| b <= 2)?;
        Observation::new(usize::try_from(round).ok()?, bets, action)
    }
    /// Its context.
    pub fn context(self) -> Context {
        Context::new(
            Round::ALL
                .get(usize::from(self.round))
                .copied()
                .unwrap_or(Round::River),
            usize::from(self.bets_to_call),
        )
    }
}

/// What one hand adds to one player's profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandDelta {
    /// The player's name.
    pub name: String,
    /// It put chips in voluntarily pre-flop (a call of more than nothing, or a raise).
    pub vpip: bool,
    /// It raised pre-flop.
    pub pfr: bool,
    /// Its actions in the hand, in order.
    pub observations: Vec<Observation>,
}

/// Everything kept about one player.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
    pub counts: ActionCounts,
    /// The most recent actions, oldest first.
    pub recent: Vec<Observation>,
}

/// HUD statistics (`None` where there was no opportunity, or where the source does not
/// know: the profile store does not keep showdowns).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hud {
    /// Hands observed.
    pub hands: u64,
    /// Voluntarily put money in pot: share of hands with a pre-flop call of more than
    /// nothing or a raise.
    pub vpip: Option<f64>,
    /// Pre-flop raise: share of hands with a pre-flop raise.
    pub pfr: Option<f64>,
    /// Aggression factor after the flop: bets and raises divided by calls of a bet
    /// (checks are not calls); `None` without a call.
    pub af: Option<f64>,
    /// Went to showdown, of the hands that saw the flop.
    pub wtsd: Option<f64>,
    /// Won at showdown, of the showdowns.
    pub wsd: Option<f64>,
}

/// `a / b`, or `None` when `b` is 0.
pub fn ratio(a: u64, b: u64) -> Option<f64> {
    (b > 0).then(|| a as f64 / b as f64)
}

impl Profile {
    /// An empty profile.
    pub fn empty(name: &str) -> Profile {
        Profile {
            name: name.to_string(),
            ..Profile::default()
        }
    }

    /// Observed frequencies `[fold, check/call, bet/raise]` of one category and the
    /// number of observations (all zero without any).
    pub fn frequencies(&self, round: usize, bets_to_call: usize) -> (ByAction<f64>, u32) {
        let round = Round::ALL
            .get(round.min(3))
            .copied()
            .unwrap_or(Round::River);
        self.counts.frequencies(Context::new(round, bets_to_call))
    }

    /// Post-flop bets and raises, and calls of a bet (for the aggression factor).
    pub fn aggression_counts(&self) -> (u64, u64) {
        let (mut aggressive, mut calls) = (0u64, 0u64);
        for (c, cell) in self.counts.iter() {
            if c.round == Round::Preflop {
                continue;
            }
            aggressive += u64::from(cell.raise());
            if c.bets_to_call > 0 {
                calls += u64::from(cell.call());
            }
        }
        (aggressive, calls)
    }

    /// The HUD statistics of these counts (no showdown statistics).
    pub fn hud(&self) -> Hud {
        let (aggressive, calls) = self.aggression_counts();
        Hud {
            hands: self.hands,
            vpip: ratio(self.vpip_hands, self.hands),
            pfr: ratio(self.pfr_hands, self.hands),
            af: ratio(aggressive, calls),
            wtsd: None,
            wsd: None,
        }
    }

    /// Adds what one hand adds (the recent window keeps the last `window` actions of
    /// each context).
    pub fn add(&mut self, delta: &HandDelta, window: usize) {
        self.hands += 1;
        self.vpip_hands += u64::from(delta.vpip);
        self.pfr_hands += u64::from(delta.pfr);
        for o in &delta.observations {
            self.counts.record(o.context(), o.action);
            self.recent.push(*o);
        }
        let mut kept = Vec::with_capacity(self.recent.len());
        for (i, o) in self.recent.iter().enumerate().rev() {
            let later = self.recent[i + 1..]
                .iter()
                .filter(|x| x.round == o.round && x.bets_to_call == o.bets_to_call)
                .count();
            if later < window {
                kept.push(*o);
            }
        }
        kept.reverse();
        self.recent = kept;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hud_of_counts() {
        let mut p = Profile::empty("x");
        let d = HandDelta {
            name: "x".into(),
            vpip: true,
            pfr: false,
            observations: vec![
                Observation::new(0, 1, Action::Call).unwrap(),
                Observation::new(1, 0, Action::Raise).unwrap(),
                Observation::new(1, 1, Action::Call).unwrap(),
                Observation::new(2, 0, Action::Call).unwrap(),
            ],
        };
        p.add(&d, 20);
        p.add(
            &HandDelta {
                name: "x".into(),
                vpip: false,
                pfr: false,
                observations: vec![Observation::new(0, 1, Action::Fold).unwrap()],
            },
            1,
        );
        let h = p.hud();
        assert_eq!((h.hands, h.vpip, h.pfr), (2, Some(0.5), Some(0.0)));
        // One post-flop raise, one call of a bet (the turn check is not a call).
        assert_eq!(h.af, Some(1.0));
        assert_eq!(p.frequencies(0, 1), (ByAction::new(0.5, 0.5, 0.0), 2));
        // Window 1: only the fold is kept of the two pre-flop actions facing a bet.
        assert_eq!(p.recent.iter().filter(|o| o.round == 0).count(), 1);
        assert_eq!(p.recent.len(), 4);
        assert_eq!(Profile::empty("y").hud().vpip, None);
    }
}
