//! The river range table: every holding's hand strength on a 5-card board against one
//! uniform opponent holding any other pair. On the river EHS = HS (Papp 1998 §6.2), so
//! this is the river's counterpart of the flop and turn range tables that re-weighting
//! ranks holdings by (Billings et al. 1998, "Weighting the Enumeration").
//!
//! Sort the live holdings by rank and count below/equal globally, then take out the
//! holdings that share a card with ours (inclusion-exclusion per card): O(n log n).
use crate::AssessError;
use loki_cards::{Card, CardSet, Hand, HoleCards, HOLDINGS};

/// HS of every holding on one river board (NaN for holdings that touch the board).
#[derive(Clone)]
pub struct RiverTable {
    hs: Box<[f64; HOLDINGS]>,
}

impl std::fmt::Debug for RiverTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RiverTable")
    }
}

impl RiverTable {
    /// The table of a 5-card board.
    ///
    /// # Errors
    /// A board that is not 5 distinct cards.
    pub fn new(board: &[Card]) -> Result<RiverTable, AssessError> {
        let mut set = CardSet::EMPTY;
        for &c in board {
            if !set.insert(c) {
                return Err(AssessError::DuplicateCard(c));
            }
        }
        if board.len() != 5 {
            return Err(AssessError::BoardLength(board.len()));
        }
        let base = Hand::EMPTY.with_all(board);
        let mut ranks = vec![u16::MAX; HOLDINGS];
        let mut live = Vec::with_capacity(1081);
        for (h, rank) in ranks.iter_mut().enumerate() {
            let Some((a, b)) = HoleCards::pair_of_index(h) else {
                continue;
            };
            if set.bits() & ((1u64 << a) | (1u64 << b)) == 0 {
                *rank = base.with_index(a).with_index(b).rank().value();
                live.push((h, a, b));
            }
        }
        let mut sorted: Vec<u16> = live.iter().map(|&(h, _, _)| ranks[h]).collect();
        sorted.sort_unstable();
        // Per card: the sorted ranks of the live holdings containing it.
        let mut by_card: Vec<Vec<u16>> = vec![Vec::new(); 52];
        for &(h, a, b) in &live {
            by_card[usize::from(a)].push(ranks[h]);
            by_card[usize::from(b)].push(ranks[h]);
        }
        for v in &mut by_card {
            v.sort_unstable();
        }
        let below = |v: &[u16], r: u16| v.partition_point(|&x| x < r);
        let upto = |v: &[u16], r: u16| v.partition_point(|&x| x <= r);
        let mut hs = Box::new([f64::NAN; HOLDINGS]);
        for &(h, a, b) in &live {
            let r = ranks[h];
            let (ca, cb) = (&by_card[usize::from(a)], &by_card[usize::from(b)]);
            // Opponent holdings sharing a card with ours: those containing a, those
            // containing b; the holding {a, b} itself is in both (and ties with us).
            let lt = below(&sorted, r) - below(ca, r) - below(cb, r);
            let le = upto(&sorted, r) - upto(ca, r) - upto(cb, r) + 1;
            let total = sorted.len() - ca.len() - cb.len() + 1;
            let tied = le - lt;
            hs[h] = (lt as f64 + tied as f64 / 2.0) / total as f64;
        }
        Ok(RiverTable { hs })
    }

    /// The HS (= EHS) of holding index `h`: NaN if it touches the board or `h >= 1326`.
    pub fn ehs_at(&self, h: usize) -> f64 {
        self.hs.get(h).copied().unwrap_or(f64::NAN)
    }

    /// The HS (= EHS) of a holding, `None` if it touches the board.
    pub fn ehs(&self, h: HoleCards) -> Option<f64> {
        let v = self.ehs_at(h.index());
        (!v.is_nan()).then_some(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use loki_cards::parse_cards;

    #[test]
    fn river_hs_matches_a_naive_count() {
        for text in ["2s7h9dTsJd", "AhKhQhJhTh", "2c2d2h2s3c", "5s5d9c9hKs"] {
            let board = parse_cards(text).unwrap();
            let t = RiverTable::new(&board).unwrap();
            let set: CardSet = board.iter().copied().collect();
            for h in (0..HOLDINGS).step_by(23) {
                let hc = HoleCards::from_index(h).unwrap();
                if !hc.set().is_disjoint(set) {
                    assert!(t.ehs(hc).is_none());
                    continue;
                }
                let ours = loki_cards::evaluate(&[&board[..], &hc.cards()[..]].concat());
                let (mut a, mut tie, mut n) = (0.0, 0.0, 0.0);
                for o in HoleCards::all() {
                    if !o.set().is_disjoint(set.union(hc.set())) {
                        continue;
                    }
                    let theirs = loki_cards::evaluate(&[&board[..], &o.cards()[..]].concat());
                    n += 1.0;
                    if ours > theirs {
                        a += 1.0;
                    } else if ours == theirs {
                        tie += 1.0;
                    }
                }
                assert!(
                    (t.ehs_at(h) - (a + tie / 2.0) / n).abs() < 1e-12,
                    "{text} {hc}"
                );
            }
        }
    }

    #[test]
    fn bad_boards() {
        assert!(RiverTable::new(&parse_cards("2s7h9dTs").unwrap()).is_err());
        let s2 = loki_cards::Card::from_index(3).unwrap();
        let mut board = parse_cards("2s7h9dTs").unwrap();
        board.push(s2);
        assert!(matches!(
            RiverTable::new(&board),
            Err(AssessError::DuplicateCard(_))
        ));
    }
}
