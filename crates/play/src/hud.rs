//! The HUD of a seat: VPIP, PFR, aggression factor and hands seen, the figures poker
//! clients show on each seat. They come from what every hand adds to a profile
//! (`loki_agent::hand_delta`: the actions in Loki's 36 categories, exactly what a Loki
//! player records of each opponent, and the hand's VPIP/PFR flags), added up per seat in
//! memory as the profile store adds them on disk, and read through `Profile::hud`.
use crate::belief::round4;
use loki_store::{HandDelta, Profile};
use serde::Serialize;

/// One seat's HUD.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct HudView {
    /// Share of hands with a voluntary pre-flop call or raise.
    pub vpip: f64,
    /// Share of hands with a pre-flop raise.
    pub pfr: f64,
    /// Aggression factor after the flop: bets and raises per call of a bet; `None` (JSON
    /// `null`) while the seat has not called a bet after the flop.
    pub af: Option<f64>,
    /// Hands seen.
    pub hands: u64,
}

/// The HUD of a profile.
pub fn hud_of(p: &Profile) -> HudView {
    let h = p.hud();
    HudView {
        vpip: round4(h.vpip.unwrap_or(0.0)),
        pfr: round4(h.pfr.unwrap_or(0.0)),
        af: h.af.map(round4),
        hands: h.hands,
    }
}

/// Adds one hand to a profile in memory (as `Store::record_hand` adds it on disk; the
/// recent-action window is not kept: the HUD does not use it).
pub fn add_hand(p: &mut Profile, d: &HandDelta) {
    p.add(d, 0);
}

/// Two profiles of one player added up (a stored profile and a session's hands).
pub fn merged(a: &Profile, b: &Profile) -> Profile {
    let mut out = a.clone();
    out.hands += b.hands;
    out.vpip_hands += b.vpip_hands;
    out.pfr_hands += b.pfr_hands;
    out.counts.add(&b.counts);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use loki_store::{Action, Observation};

    #[test]
    fn hands_add_up_to_the_hud() {
        use Action::{Call, Fold, Raise};
        let mut p = Profile::empty("x");
        // A hand: (round, bets to call, action) of each decision.
        let mut add = |vpip, pfr, seen: &[(usize, usize, Action)]| {
            let observations = seen
                .iter()
                .map(|&(r, b, a)| Observation::new(r, b, a).unwrap())
                .collect();
            let name = "x".into();
            add_hand(
                &mut p,
                &HandDelta {
                    name,
                    vpip,
                    pfr,
                    observations,
                },
            );
        };
        // Hand 1: calls pre-flop, bets the flop, calls a bet on the turn.
        add(true, false, &[(0, 1, Call), (1, 0, Raise), (2, 1, Call)]);
        // Hand 2: raises pre-flop, checks and raises on the flop.
        add(true, true, &[(0, 1, Raise), (1, 0, Call), (1, 1, Raise)]);
        // Hand 3: folds.
        add(false, false, &[(0, 1, Fold)]);
        let h = hud_of(&p);
        assert_eq!(h.hands, 3);
        assert_eq!(h.vpip, round4(2.0 / 3.0));
        assert_eq!(h.pfr, round4(1.0 / 3.0));
        // Two bets or raises after the flop per one call of a bet (the check is no call).
        assert_eq!(h.af, Some(2.0));
        let none = hud_of(&Profile::empty("y"));
        assert_eq!((none.hands, none.af), (0, None));
        let both = merged(&p, &p);
        assert_eq!(hud_of(&both).hands, 6);
        assert_eq!(hud_of(&both).af, Some(2.0));
        // serde: af is null when undefined.
        let j = serde_json::to_value(none).unwrap();
        assert!(j["af"].is_null() && j["vpip"] == 0.0);
    }
}
