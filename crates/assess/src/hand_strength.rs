//! Hand strength by weighted enumeration (Billings et al. 1998, "Hand Strength",
//! Figure 1; weighted as in "Weighting the Enumeration"): every opponent holding that
//! avoids the known cards adds its weight to `ahead`, `tied` or `behind`, and
//! HS = (ahead + tied/2) / (ahead + tied + behind). Against several opponents HS_n is
//! the product of the per-opponent HS (HS^n when they share one table).
//!
//! Pre-flop (no board) the holdings are compared as two-card hands: a pair beats no
//! pair, then the higher card, then the lower card (suits never matter).
use crate::spot::spot;
use crate::{AssessError, WeightTable};
use loki_cards::{Card, HoleCards};

/// Weighted ahead/tied/behind sums of one hand against one weight table.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct HandStrength {
    /// Sum of the weights of live holdings we beat.
    pub ahead: f64,
    /// Sum of the weights of live holdings we tie.
    pub tied: f64,
    /// Sum of the weights of live holdings that beat us.
    pub behind: f64,
}

impl HandStrength {
    /// Total weight of the live holdings.
    pub fn total(&self) -> f64 {
        self.ahead + self.tied + self.behind
    }
    /// HS = (ahead + tied/2) / total; 0 when the total is 0.
    pub fn hs(&self) -> f64 {
        let t = self.total();
        if t > 0.0 {
            (self.ahead + self.tied / 2.0) / t
        } else {
            0.0
        }
    }
}

/// Pre-flop value of two cards: pairs above everything, then high card, then low card.
#[inline]
pub(crate) fn preflop_value(a: u8, b: u8) -> u16 {
    let (ra, rb) = ((a / 4) as u16, (b / 4) as u16);
    let (hi, lo) = if ra >= rb { (ra, rb) } else { (rb, ra) };
    if hi == lo {
        1000 + hi
    } else {
        hi * 13 + lo
    }
}

/// The weighted hand strength of `hole` on `board` (0, 3, 4 or 5 cards) against one
/// opponent holding cards with the weights of `weights`. Holdings that contain a known
/// card are never counted.
///
/// # Errors
/// A bad board length, a duplicate card, or no live holding with a positive weight.
pub fn hand_strength(
    hole: HoleCards,
    board: &[Card],
    weights: &WeightTable,
) -> Result<HandStrength, AssessError> {
    let s = spot(hole, board)?;
    let w = weights.weights();
    let known = s.known.bits();
    let mut acc = [0.0f64; 3];
    if board.is_empty() {
        let ours = preflop_value(hole.low().index(), hole.high().index());
        for_live(known, |h, a, b| {
            acc[state(ours, preflop_value(a, b))] += w[h];
        });
    } else {
        let ours = s.our_hand.rank().value();
        let base = s.board_hand;
        // Two accumulators break the store-to-load chain.
        let mut acc2 = [0.0f64; 3];
        let mut flip = false;
        for_live(known, |h, a, b| {
            let v = base.with_index(a).with_index(b).rank().value();
            let x = if flip { &mut acc2 } else { &mut acc };
            x[state(ours, v)] += w[h];
            flip = !flip;
        });
        for (x, y) in acc.iter_mut().zip(acc2) {
            *x += y;
        }
    }
    let r = HandStrength {
        ahead: acc[0],
        tied: acc[1],
        behind: acc[2],
    };
    if r.total() > 0.0 {
        Ok(r)
    } else {
        Err(AssessError::NoLiveHolding)
    }
}

/// 0 = ahead, 1 = tied, 2 = behind (our value vs the opponent's; higher is better).
#[inline(always)]
pub(crate) fn state(ours: u16, theirs: u16) -> usize {
    (theirs >= ours) as usize + (theirs > ours) as usize
}

/// HS_n: the product of our HS against each opponent's table (`&[&t; n]` for n opponents
/// sharing one table gives HS^n).
///
/// # Errors
/// As [`hand_strength`]; also an empty opponent list.
pub fn hs_n(
    hole: HoleCards,
    board: &[Card],
    opponents: &[&WeightTable],
) -> Result<f64, AssessError> {
    if opponents.is_empty() {
        return Err(AssessError::Opponents(0));
    }
    let mut p = 1.0;
    for t in opponents {
        p *= hand_strength(hole, board, t)?.hs();
    }
    Ok(p)
}

/// Calls `f(holding index, low card, high card)` for every holding that avoids `known`,
/// in holding-index order.
#[inline(always)]
fn for_live(known: u64, mut f: impl FnMut(usize, u8, u8)) {
    let mut h = 0usize;
    for a in 0..52u8 {
        let rest = 51 - a as usize;
        if known & (1u64 << a) != 0 {
            h += rest;
            continue;
        }
        for b in a + 1..52u8 {
            if known & (1u64 << b) == 0 {
                f(h, a, b);
            }
            h += 1;
        }
    }
}
