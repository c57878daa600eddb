//! The holdings of one board in rank order, from which the weighted hand strength of
//! *every* holding against one weight table costs one pass (Billings et al. 1998, "Hand
//! Strength", Figure 1, weighted as in "Weighting the Enumeration"; run for all 1,081
//! holdings at once, as re-weighting with HS1 against a field array needs: Papp 1998
//! §7.2.3 and §7.3.1).
//!
//! For a holding h = (c1, c2) of rank class k, the weight of the opponent holdings it
//! beats is the weight of all holdings below k, minus those through c1, minus those
//! through c2 (no holding below k contains both: only h itself does, and it is in class
//! k). Ties are the same over class k, plus h's own weight once (it was taken away
//! twice). So one prefix sum over the classes and one per card (48 holdings each) give
//! every holding's ahead / tied / behind weights: about 1,176 x 10 additions instead of
//! 1,176 x 1,081 lookups. Built once per board (1,176 evaluations and a sort).
use crate::{AssessError, WeightTable};
use loki_cards::{Card, CardSet, Hand, HoleCards, HOLDINGS};

/// One holding of the board: its index, its two cards, its rank class and where its
/// class starts and ends in each card's list.
#[derive(Debug, Clone, Copy)]
struct Entry {
    h: u16,
    cards: [u8; 2],
    class: u16,
    /// Per card: (holdings of the card below this class, holdings up to and including it).
    span: [(u8, u8); 2],
}

/// The holdings of one board (3, 4 or 5 cards) ordered by rank; see the module docs.
#[derive(Debug, Clone)]
pub struct BoardOrder {
    board: Vec<Card>,
    entries: Vec<Entry>,
    classes: usize,
    /// Per card: the holdings through it (entry positions), sorted by class.
    by_card: Vec<Vec<u16>>,
}

impl BoardOrder {
    /// The order of a 3-, 4- or 5-card board.
    ///
    /// # Errors
    /// A bad board length or a duplicate card.
    pub fn new(board: &[Card]) -> Result<BoardOrder, AssessError> {
        if !matches!(board.len(), 3..=5) {
            return Err(AssessError::BoardLength(board.len()));
        }
        let mut known = CardSet::EMPTY;
        for &c in board {
            if !known.insert(c) {
                return Err(AssessError::DuplicateCard(c));
            }
        }
        let base = Hand::EMPTY.with_all(board);
        let mut ranked: Vec<(u16, u16, [u8; 2])> = Vec::with_capacity(1176);
        for h in 0..HOLDINGS {
            let Some((a, b)) = HoleCards::pair_of_index(h) else {
                continue;
            };
            if known.bits() & ((1u64 << a) | (1u64 << b)) != 0 {
                continue;
            }
            let r = base.with_index(a).with_index(b).rank().value();
            ranked.push((r, h as u16, [a, b]));
        }
        ranked.sort_unstable();
        let mut entries = Vec::with_capacity(ranked.len());
        let mut class = 0u16;
        for (i, &(r, h, cards)) in ranked.iter().enumerate() {
            if i > 0 && ranked[i - 1].0 != r {
                class += 1;
            }
            entries.push(Entry {
                h,
                cards,
                class,
                span: [(0, 0); 2],
            });
        }
        let classes = usize::from(class) + 1;
        let mut by_card: Vec<Vec<u16>> = vec![Vec::new(); 52];
        for (i, e) in entries.iter().enumerate() {
            for &c in &e.cards {
                by_card[usize::from(c)].push(i as u16);
            }
        }
        for i in 0..entries.len() {
            let e = entries[i];
            for (k, &c) in e.cards.iter().enumerate() {
                let list = &by_card[usize::from(c)];
                let below = list.partition_point(|&j| entries[usize::from(j)].class < e.class);
                let upto = list.partition_point(|&j| entries[usize::from(j)].class <= e.class);
                entries[i].span[k] = (below as u8, upto as u8);
            }
        }
        Ok(BoardOrder {
            board: board.to_vec(),
            entries,
            classes,
            by_card,
        })
    }

    /// The board.
    pub fn board(&self) -> &[Card] {
        &self.board
    }

    /// The hand strength of every holding that avoids the board against one opponent
    /// holding cards with the weights of `weights` (Figure 1: `(ahead + tied / 2) /
    /// total` over the opponent holdings that avoid the board and the holding), by
    /// holding index; NaN for holdings that touch the board, and 0 for a holding with no
    /// opponent weight left (as [`crate::HandStrength::hs`]).
    pub fn strengths(&self, weights: &WeightTable) -> Box<[f64; HOLDINGS]> {
        let w = weights.weights();
        let n = self.entries.len();
        // Weight per class, then the weight below each class.
        let mut class_w = vec![0.0f64; self.classes + 1];
        let mut ew = vec![0.0f64; n];
        for (x, e) in ew.iter_mut().zip(&self.entries) {
            *x = w[usize::from(e.h)];
            class_w[usize::from(e.class)] += *x;
        }
        let mut below = vec![0.0f64; self.classes + 1];
        let mut acc = 0.0;
        for (b, &c) in below.iter_mut().zip(&class_w) {
            *b = acc;
            acc += c;
        }
        let total = acc;
        // Per card: the prefix sums of its holdings' weights in class order.
        let mut card_prefix: Vec<Vec<f64>> = Vec::with_capacity(52);
        for list in &self.by_card {
            let mut p = Vec::with_capacity(list.len() + 1);
            let mut s = 0.0;
            p.push(0.0);
            for &j in list {
                s += ew[usize::from(j)];
                p.push(s);
            }
            card_prefix.push(p);
        }
        let mut out = Box::new([f64::NAN; HOLDINGS]);
        for (e, &own) in self.entries.iter().zip(&ew) {
            let k = usize::from(e.class);
            let (mut ahead, mut tied, mut all) = (below[k], class_w[k] + own, total + own);
            for (&c, &(lt, le)) in e.cards.iter().zip(&e.span) {
                let p = &card_prefix[usize::from(c)];
                let (lt, le) = (usize::from(lt), usize::from(le));
                ahead -= p[lt];
                tied -= p[le] - p[lt];
                all -= p[p.len() - 1];
            }
            let (ahead, tied, all) = (ahead.max(0.0), tied.max(0.0), all.max(0.0));
            out[usize::from(e.h)] = if all > 0.0 {
                ((ahead + tied / 2.0) / all).clamp(0.0, 1.0)
            } else {
                0.0
            };
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand_strength;
    use loki_cards::parse_cards;

    #[test]
    fn every_holding_matches_the_single_hand_enumeration() {
        for b in ["3h4cJh", "7c7d7h", "JcQc8c9c", "Ah7d2cKs7h", "2s3s4s5s6s"] {
            let board = parse_cards(b).unwrap();
            let order = BoardOrder::new(&board).unwrap();
            // A skewed table: weights from a hash of the index, some zero.
            let mut w = [0.0f64; HOLDINGS];
            for (h, x) in w.iter_mut().enumerate() {
                let v = (h.wrapping_mul(2_654_435_761) >> 7) % 101;
                *x = if v < 15 { 0.0 } else { v as f64 / 100.0 };
            }
            let table = WeightTable::from_weights(&w).unwrap();
            for t in [&WeightTable::uniform(), &table] {
                let all = order.strengths(t);
                for hole in HoleCards::all() {
                    let v = all[hole.index()];
                    match hand_strength(hole, &board, t) {
                        Ok(s) => assert!((v - s.hs()).abs() < 1e-9, "{b} {hole}: {v} {}", s.hs()),
                        Err(AssessError::NoLiveHolding) => assert_eq!(v, 0.0),
                        Err(_) => assert!(v.is_nan(), "{b} {hole}"),
                    }
                }
            }
        }
    }

    #[test]
    fn bad_boards_are_errors() {
        let c = |s: &str| parse_cards(s).unwrap();
        assert!(BoardOrder::new(&c("3h4c")).is_err());
        assert!(BoardOrder::new(&[c("3h")[0], c("3h")[0], c("4c")[0]]).is_err());
        assert_eq!(BoardOrder::new(&c("3h4cJh")).unwrap().board().len(), 3);
    }
}
