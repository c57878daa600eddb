//! Public features of a decision's situation beyond Loki's (round, bets to call): the
//! kind of context Davidson's neural predictor used (players in the hand, players yet to
//! act, whether the player already acted this round, who bet last, raises so far, whether
//! a raise is possible).
use super::PublicHand;
use crate::hand::Spot;
use loki_engine::Action;

/// The features of one spot, all small integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Features {
    /// Round index 0..4.
    pub round: u8,
    /// Bets to call, 0, 1 or 2 (2 or more).
    pub to_call: u8,
    /// Players not folded: 0 = two, 1 = three, 2 = four or more.
    pub live: u8,
    /// Live players other than this one who have not acted yet this round: 0, 1, 2+.
    pub unacted: u8,
    /// The player already acted this round: 0 no, 1 last by checking or calling, 2 last
    /// by betting or raising.
    pub acted: u8,
    /// The player made the last bet or raise of the previous round.
    pub aggressor: bool,
    /// Bets and raises so far this round: 0..=3 (3 = three or more).
    pub raises: u8,
    /// A raise is legal.
    pub can_raise: bool,
}

impl Features {
    /// The features of `spot` given the decisions before it (`hand.decisions()`).
    pub fn of(hand: &PublicHand<'_>, spot: &Spot) -> Features {
        let p = spot.position;
        let n = hand.seats();
        let mut folded = [false; 10];
        let mut acted = [0u8; 10];
        let mut last_raiser: [Option<usize>; 4] = [None; 4];
        for d in hand.decisions() {
            let q = d.spot.position.min(9);
            if d.class == Action::Fold {
                folded[q] = true;
            }
            if d.spot.round == spot.round {
                acted[q] = if d.class == Action::Raise { 2 } else { 1 };
            }
            if d.class == Action::Raise {
                last_raiser[d.spot.round.index()] = Some(q);
            }
        }
        let unacted = (0..n.min(10))
            .filter(|&q| q != p && !folded[q] && acted[q] == 0)
            .count();
        let prev = spot.round.index().checked_sub(1);
        Features {
            round: spot.round.index() as u8,
            to_call: spot.bets_to_call.min(2) as u8,
            live: (spot.live.clamp(2, 4) - 2) as u8,
            unacted: unacted.min(2) as u8,
            acted: acted[p.min(9)],
            aggressor: prev.is_some_and(|r| last_raiser[r] == Some(p)),
            raises: spot.bets_this_round.min(3) as u8,
            can_raise: spot.can_raise,
        }
    }
    /// Loki's 12 contexts: round x bets to call.
    pub fn coarse(&self) -> usize {
        usize::from(self.round) * 3 + usize::from(self.to_call)
    }
    /// Nested context keys, coarse to fine: Loki's 12; plus last aggressor, whether and
    /// how the player acted this round, raises; plus players in, players yet to act,
    /// whether a raise is legal.
    pub fn keys(&self) -> [u64; 3] {
        let k0 = self.coarse() as u64;
        let k1 = ((k0 * 2 + u64::from(self.aggressor)) * 3 + u64::from(self.acted)) * 4
            + u64::from(self.raises);
        let k2 = ((k1 * 3 + u64::from(self.live)) * 3 + u64::from(self.unacted)) * 2
            + u64::from(self.can_raise);
        [k0, k1, k2]
    }
}
