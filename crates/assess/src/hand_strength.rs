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

/// [`hand_strength`] against several tables in one pass over the opponent holdings (each
/// holding evaluated once): element `i` equals `hand_strength(hole, board, tables[i])`
/// bit for bit (the same sums in the same order), `None` where that is an error.
///
/// # Errors
/// A bad board length or a duplicate card.
pub fn hand_strengths(
    hole: HoleCards,
    board: &[Card],
    tables: &[&WeightTable],
) -> Result<Vec<Option<HandStrength>>, AssessError> {
    if board.is_empty() || tables.len() < 2 {
        return Ok(tables
            .iter()
            .map(|w| hand_strength(hole, board, w).ok())
            .collect());
    }
    let s = spot(hole, board)?;
    let known = s.known.bits();
    let ours = s.our_hand.rank().value();
    let base = s.board_hand;
    let k = tables.len();
    // Per table the two alternating accumulators of `hand_strength`.
    let mut acc = vec![[[0.0f64; 3]; 2]; k];
    let mut flip = 0usize;
    for_live(known, |h, a, b| {
        let v = base.with_index(a).with_index(b).rank().value();
        let st = state(ours, v);
        for (x, w) in acc.iter_mut().zip(tables) {
            x[flip][st] += w.weights()[h];
        }
        flip ^= 1;
    });
    Ok(acc
        .into_iter()
        .map(|[mut a, b]| {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
            let r = HandStrength {
                ahead: a[0],
                tied: a[1],
                behind: a[2],
            };
            (r.total() > 0.0).then_some(r)
        })
        .collect())
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

#[cfg(test)]
mod tests {
    use super::*;
    use loki_cards::{parse_cards, HOLDINGS};

    #[test]
    fn several_tables_in_one_pass_equal_one_at_a_time_bit_for_bit() {
        let tables: Vec<WeightTable> = (0..4u64)
            .map(|t| {
                let mut w = [0.0; HOLDINGS];
                for (h, x) in w.iter_mut().enumerate() {
                    let z = (h as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15 ^ t);
                    *x = (z >> 11) as f64 / (1u64 << 53) as f64;
                }
                WeightTable::from_weights(&w).unwrap()
            })
            .collect();
        let refs: Vec<&WeightTable> = tables.iter().collect();
        for (hole, board) in [
            ("AdQc", "3h4cJh"),
            ("7s7d", "7h8h9hTc"),
            ("2c3d", "AsKsQsJsTs"),
            ("KhKd", ""),
        ] {
            let c = parse_cards(hole).unwrap();
            let hole = HoleCards::new(c[0], c[1]).unwrap();
            let board = parse_cards(board).unwrap();
            let all = hand_strengths(hole, &board, &refs).unwrap();
            for (one, w) in all.iter().zip(&refs) {
                let single = hand_strength(hole, &board, w).ok();
                assert_eq!(
                    one.map(|h| h.hs().to_bits()),
                    single.map(|h| h.hs().to_bits())
                );
                assert_eq!(*one, single);
            }
        }
        // A board that repeats a card is an error, as for one table.
        let c = parse_cards("AdQc").unwrap();
        let hole = HoleCards::new(c[0], c[1]).unwrap();
        assert!(hand_strengths(hole, &parse_cards("AdKh2c").unwrap(), &refs).is_err());
    }
}
