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
//! twice). One sweep over the classes in rank order, keeping a running weight per card,
//! gives every holding's ahead / tied / behind weights: about 1,176 x 10 additions
//! instead of 1,176 x 1,081 lookups. Built once per board (1,176 evaluations and a sort).
use crate::{AssessError, WeightTable};
use loki_cards::{Card, CardSet, Hand, HoleCards, HOLDINGS};

/// The holdings of one board (3, 4 or 5 cards) ordered by rank; see the module docs.
#[derive(Debug, Clone)]
pub struct BoardOrder {
    board: Vec<Card>,
    /// The holdings that avoid the board, by rank (ascending).
    holding: Vec<u16>,
    /// Their two cards.
    cards: Vec<[u8; 2]>,
    /// Where each rank class starts in that order, and the end.
    class_start: Vec<u16>,
    /// The holdings that touch the board.
    dead: Vec<u16>,
}

/// The sum of all weights, in four interleaved partial sums (a chain the compiler can
/// vectorize).
fn sum(w: &[f64; HOLDINGS]) -> f64 {
    let mut acc = [0.0f64; 4];
    for c in w.chunks_exact(4) {
        for (a, &x) in acc.iter_mut().zip(c) {
            *a += x;
        }
    }
    let tail: f64 = w.chunks_exact(4).remainder().iter().sum();
    acc.iter().sum::<f64>() + tail
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
        let mut dead = Vec::new();
        for h in 0..HOLDINGS {
            let Some((a, b)) = HoleCards::pair_of_index(h) else {
                continue;
            };
            if known.bits() & ((1u64 << a) | (1u64 << b)) != 0 {
                dead.push(h as u16);
                continue;
            }
            let r = base.with_index(a).with_index(b).rank().value();
            ranked.push((r, h as u16, [a, b]));
        }
        ranked.sort_unstable();
        let mut class_start = Vec::new();
        for (i, &(r, _, _)) in ranked.iter().enumerate() {
            if i == 0 || ranked[i - 1].0 != r {
                class_start.push(i as u16);
            }
        }
        class_start.push(ranked.len() as u16);
        Ok(BoardOrder {
            board: board.to_vec(),
            holding: ranked.iter().map(|x| x.1).collect(),
            cards: ranked.iter().map(|x| x.2).collect(),
            class_start,
            dead,
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
        let ew: Vec<f64> = self.holding.iter().map(|&h| w[usize::from(h)]).collect();
        self.strengths_of(&ew)
    }

    /// [`BoardOrder::strengths`] against the field array of several tables (Papp 1998
    /// §7.3.1): each table normalized to sum 1 over the holdings that avoid the board,
    /// then averaged (the same values as against [`WeightTable::field`] of the board,
    /// without building it). A table with no weight left is skipped; no tables at all is
    /// the uniform field.
    pub fn field_strengths(&self, tables: &[&WeightTable]) -> Box<[f64; HOLDINGS]> {
        let mut field = [0.0f64; HOLDINGS];
        let mut any = false;
        for t in tables {
            let w = t.weights();
            let s = sum(w) - self.dead.iter().map(|&h| w[usize::from(h)]).sum::<f64>();
            if s <= 0.0 {
                continue;
            }
            any = true;
            let k = 1.0 / s;
            for (x, &y) in field.iter_mut().zip(w.iter()) {
                *x += y * k;
            }
        }
        let ew: Vec<f64> = if any {
            self.holding
                .iter()
                .map(|&h| field[usize::from(h)])
                .collect()
        } else {
            vec![1.0; self.holding.len()]
        };
        self.strengths_of(&ew)
    }

    /// The strengths against the weights `ew` of the holdings in rank order.
    fn strengths_of(&self, ew: &[f64]) -> Box<[f64; HOLDINGS]> {
        let n = self.holding.len();
        // One sweep up the classes: `card[c]` is the weight of the holdings through card
        // c swept so far, `below` that of all of them.
        let mut card = [0.0f64; 52];
        let mut below = 0.0f64;
        let mut ahead = vec![0.0f64; n];
        let mut tied = vec![0.0f64; n];
        for k in self.class_start.windows(2) {
            let r = usize::from(k[0])..usize::from(k[1]);
            let cards = &self.cards[r.clone()];
            let w = &ew[r.clone()];
            let mut class_w = 0.0;
            for (((a, t), &[x, y]), &own) in ahead[r.clone()]
                .iter_mut()
                .zip(&mut tied[r.clone()])
                .zip(cards)
                .zip(w)
            {
                let before = card[usize::from(x)] + card[usize::from(y)];
                *a = below - before;
                *t = before + own;
                class_w += own;
            }
            for (&[x, y], &own) in cards.iter().zip(w) {
                card[usize::from(x)] += own;
                card[usize::from(y)] += own;
            }
            for (t, &[x, y]) in tied[r].iter_mut().zip(cards) {
                *t += class_w - card[usize::from(x)] - card[usize::from(y)];
            }
            below += class_w;
        }
        // Built on the heap (not on the stack and copied).
        let mut out: Box<[f64; HOLDINGS]> = vec![f64::NAN; HOLDINGS]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| Box::new([f64::NAN; HOLDINGS]));
        for ((((&h, &[x, y]), &own), &a), &t) in self
            .holding
            .iter()
            .zip(&self.cards)
            .zip(ew)
            .zip(&ahead)
            .zip(&tied)
        {
            let all = (below + own - card[usize::from(x)] - card[usize::from(y)]).max(0.0);
            let (a, t) = (a.max(0.0), t.max(0.0));
            out[usize::from(h)] = if all > 0.0 {
                ((a + t / 2.0) / all).clamp(0.0, 1.0)
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
    fn the_field_is_the_average_of_the_normalized_tables() {
        let board = parse_cards("Kd7c2s").unwrap();
        let known: CardSet = board.iter().copied().collect();
        let order = BoardOrder::new(&board).unwrap();
        let mut a = [0.01f64; HOLDINGS];
        let mut b = [0.5f64; HOLDINGS];
        for h in (0..HOLDINGS).step_by(3) {
            a[h] = 1.0;
        }
        for h in (0..HOLDINGS).step_by(7) {
            b[h] = 0.0;
        }
        let (a, b) = (
            WeightTable::from_weights(&a).unwrap(),
            WeightTable::from_weights(&b).unwrap(),
        );
        let fused = order.field_strengths(&[&a, &b]);
        let built = order.strengths(&WeightTable::field(&[&a, &b], known));
        for h in 0..HOLDINGS {
            let (x, y) = (fused[h], built[h]);
            assert!(x.is_nan() == y.is_nan() && (x.is_nan() || (x - y).abs() < 1e-12));
        }
        // No tables: the uniform field.
        let uniform = order.strengths(&WeightTable::uniform());
        let none = order.field_strengths(&[]);
        assert!((0..HOLDINGS).all(|h| none[h].is_nan() || (none[h] - uniform[h]).abs() < 1e-12));
    }

    #[test]
    fn bad_boards_are_errors() {
        let c = |s: &str| parse_cards(s).unwrap();
        assert!(BoardOrder::new(&c("3h4c")).is_err());
        assert!(BoardOrder::new(&[c("3h")[0], c("3h")[0], c("4c")[0]]).is_err());
        assert_eq!(BoardOrder::new(&c("3h4cJh")).unwrap().board().len(), 3);
    }
}
