//! The next-card cache of a flop: every holding's six-card rank on each of the 49
//! possible turn cards, from which one hand's one-card potential (PPot1, NPot1: "the next
//! card wins it", Papp 1998 §6.5, as the pot-odds and semi-bluff rules read PPOT) against
//! any weight table costs one counts pass per (board, hand) and one weighted pass per
//! table, like the two-card [`RankCache`](super::RankCache).
//!
//! Building it is 49 x 1,176 six-card ranks: a hand without a flush has the rank of any
//! other with the same turn and hole ranks, so about 2,200 are evaluated and the others
//! looked up in a table by ranks (about 1,300 evaluations more for the hands with a
//! flush on the two-tone boards that allow one); the counts pass is 47 turn cards x
//! 1,176 holdings of 16-bit compares, written to auto-vectorise.
use super::board::BoardInfo;
use super::cache::{HandCounts, RankCache};
use crate::AssessError;
use loki_cards::{Card, HoleCards};
use std::sync::Arc;

/// The next-card cache of a flop: one hand's one-card counts from the river-rank cache's
/// type tables ([`RankCache`]) over the 49 turn cards as runouts (per group of turn cards
/// that rank alike, a table of six-card ranks by holding type).
#[derive(Clone)]
pub struct NextCardCache {
    cache: RankCache,
}

impl std::fmt::Debug for NextCardCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "NextCardCache({} holdings)", self.cache.info.n())
    }
}

impl NextCardCache {
    /// The cache of a three-card board.
    ///
    /// # Errors
    /// A board that is not three distinct cards.
    pub fn new(board: &[Card]) -> Result<NextCardCache, AssessError> {
        super::board::board_mask(board, &[3])?;
        let info = BoardInfo::new(board)?;
        NextCardCache::of_flop(&info).ok_or(AssessError::BoardLength(board.len()))
    }

    /// The cache of the flop `info` describes (`None` on a turn).
    pub(crate) fn of_flop(info: &BoardInfo) -> Option<NextCardCache> {
        let next = info.next_card()?;
        let (groups, ranks) = super::simd::type_tables(&next);
        Some(NextCardCache {
            cache: RankCache::from_types(Arc::new(next), groups, ranks),
        })
    }

    /// The weight-free one-card counts of a hand: for every opponent holding that avoids
    /// the board and our cards, on how many of the 45 turn cards they share it ends below
    /// and tied with us (then [`HandCounts::potential`] gives PPot1 and NPot1 against a
    /// table).
    ///
    /// # Errors
    /// [`AssessError::HoleTouchesBoard`] when the hole cards share a card with the board.
    pub fn hand_counts(&self, hole: HoleCards) -> Result<HandCounts, AssessError> {
        self.cache.hand_counts(hole)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{potential, Lookahead, WeightTable};
    use loki_cards::{parse_cards, HOLDINGS};

    #[test]
    fn one_card_potential_equals_the_direct_computation() {
        let mut w = [0.0; HOLDINGS];
        for (h, x) in w.iter_mut().enumerate() {
            *x = ((h * 7919) % 1000) as f64 / 1000.0;
        }
        let weights = WeightTable::from_weights(&w).unwrap();
        for (board, holes) in [
            ("3h4cJh", ["AdQc", "Th9h", "4d4s"]),
            ("JcQc8c", ["AcKd", "2h2d", "9c9d"]),
            ("7c7d7h", ["AsAd", "7s2c", "KhQh"]),
        ] {
            let b = parse_cards(board).unwrap();
            let cache = NextCardCache::new(&b).unwrap();
            for hole in holes {
                let hc: HoleCards = hole.parse().unwrap();
                let counts = cache.hand_counts(hc).unwrap();
                for table in [&WeightTable::uniform(), &weights] {
                    let got = counts.potential(table);
                    let want = potential(hc, &b, table, Lookahead::One).unwrap();
                    assert_eq!(want.runouts, 45);
                    for r in 0..3 {
                        assert!((got.hp_total[r] - want.hp_total[r]).abs() < 1e-9);
                        for c in 0..3 {
                            assert!((got.hp[r][c] - want.hp[r][c]).abs() < 1e-9);
                        }
                    }
                    assert!(
                        (got.ppot - want.ppot).abs() < 1e-12
                            && (got.npot - want.npot).abs() < 1e-12,
                        "{board} {hole}: {got:?} vs {want:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn bad_input() {
        assert!(NextCardCache::new(&parse_cards("3h4cJh2d").unwrap()).is_err());
        let cache = NextCardCache::new(&parse_cards("3h4cJh").unwrap()).unwrap();
        assert!(cache.hand_counts("3hAd".parse().unwrap()).is_err());
    }
}
