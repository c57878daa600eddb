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
#[cfg(any(test, feature = "bench"))]
use loki_cards::{Hand, HOLDINGS};
use std::sync::Arc;

/// "No local index": the holding touches the board.
#[cfg(any(test, feature = "bench"))]
const NONE: u16 = u16::MAX;
/// The rank of a holding that touches the turn card: above every real rank, so that it
/// counts as neither below nor tied with ours.
#[cfg(any(test, feature = "bench"))]
const DEAD: u16 = u16::MAX;

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

/// Each live holding's rank on the flop and on every turn card, one evaluation or lookup
/// per holding and turn card: the reference [`NextCardCache`] is compared with.
#[cfg(any(test, feature = "bench"))]
#[doc(hidden)]
#[derive(Clone)]
pub struct NextCardRanks {
    /// Local holding -> global holding index.
    global: Vec<u16>,
    /// Global holding index -> local index, or [`NONE`].
    local: Vec<u16>,
    /// Local holding -> bit set of its two cards.
    masks: Vec<u64>,
    /// Local holding -> five-card rank on the flop.
    now: Vec<u16>,
    /// The 49 turn cards.
    turns: Vec<u8>,
    /// Turn-major: `ranks[t * n + k]` = six-card rank of local holding k with turn card
    /// `turns[t]`, or [`DEAD`] if k contains it.
    ranks: Vec<u16>,
}

#[cfg(any(test, feature = "bench"))]
impl NextCardRanks {
    /// The ranks of a three-card board; with `share`, hands without a flush take their
    /// rank from a table by (turn rank, hole ranks) once one of them was evaluated.
    ///
    /// # Errors
    /// A board that is not three distinct cards.
    pub fn new(board: &[Card], share: bool) -> Result<NextCardRanks, AssessError> {
        let board_mask = super::board::board_mask(board, &[3])?;
        let base = Hand::EMPTY.with_all(board);
        let mut global = Vec::with_capacity(1176);
        let mut local = vec![NONE; HOLDINGS];
        let mut masks = Vec::with_capacity(1176);
        let mut cards = Vec::with_capacity(1176);
        let mut now = Vec::with_capacity(1176);
        for (h, slot) in local.iter_mut().enumerate() {
            let Some((a, b)) = HoleCards::pair_of_index(h) else {
                continue;
            };
            let m = (1u64 << a) | (1u64 << b);
            if m & board_mask != 0 {
                continue;
            }
            *slot = global.len() as u16;
            global.push(h as u16);
            masks.push(m);
            cards.push((a, b));
            now.push(base.with_index(a).with_index(b).rank().value());
        }
        let turns: Vec<u8> = (0..52u8)
            .filter(|&c| board_mask & (1u64 << c) == 0)
            .collect();
        let n = global.len();
        let mut ranks = vec![DEAD; turns.len() * n];
        // Without a flush a six-card rank depends on the ranks alone: by (turn rank,
        // hole ranks), 0 until evaluated. Only a suit with three of the four board cards
        // can make a flush with two hole cards.
        let mut plain = vec![0u16; 13 * 169];
        let suit_counts =
            |mask: u64| [0, 1, 2, 3].map(|s| (mask >> s & 0x0001_1111_1111_1111).count_ones());
        for (t, &card) in turns.iter().enumerate() {
            let with_turn = base.with_index(card);
            let bit = 1u64 << card;
            let counts = suit_counts(board_mask | bit);
            let flush_suit = (0..4u8).find(|&s| counts[usize::from(s)] >= 3);
            let turn_rank = usize::from(card / 4) * 169;
            let Some(row) = ranks.get_mut(t * n..(t + 1) * n) else {
                continue;
            };
            for ((y, &mask), &(a, b)) in row.iter_mut().zip(&masks).zip(&cards) {
                if mask & bit != 0 {
                    continue;
                }
                let flush = flush_suit.is_some_and(|s| {
                    counts[usize::from(s)] + u32::from(a % 4 == s) + u32::from(b % 4 == s) >= 5
                });
                let slot = plain.get_mut(turn_rank + usize::from(a / 4) * 13 + usize::from(b / 4));
                *y = match slot {
                    Some(p) if !flush && share => {
                        if *p == 0 {
                            *p = with_turn.with_index(a).with_index(b).rank().value();
                        }
                        *p
                    }
                    _ => with_turn.with_index(a).with_index(b).rank().value(),
                };
            }
        }
        Ok(NextCardRanks {
            global,
            local,
            masks,
            now,
            turns,
            ranks,
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
        let h = self.local.get(hole.index()).copied().unwrap_or(NONE);
        if h == NONE {
            return Err(AssessError::HoleTouchesBoard {
                hole: hole.to_string(),
            });
        }
        let h = usize::from(h);
        let n = self.global.len();
        let hm = self.masks[h];
        let mut below = vec![0u16; n];
        let mut equal = vec![0u16; n];
        for (t, &card) in self.turns.iter().enumerate() {
            if hm & (1u64 << card) != 0 {
                continue;
            }
            let row = &self.ranks[t * n..(t + 1) * n];
            let ours = row[h];
            for ((b, e), &x) in below.iter_mut().zip(equal.iter_mut()).zip(row) {
                *b += u16::from(x < ours);
                *e += u16::from(x == ours);
            }
        }
        let xh = self.now[h];
        let mut groups: [Vec<(u16, f64, f64)>; 3] = Default::default();
        for k in (0..n).filter(|&k| self.masks[k] & hm == 0) {
            let state = match xh.cmp(&self.now[k]) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 2,
            };
            groups[state].push((self.global[k], f64::from(below[k]), f64::from(equal[k])));
        }
        // Every opponent holding shares 45 turn cards with us (52 - 3 - 2 - 2).
        Ok(HandCounts::from_groups(hole, 45, groups))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{potential, Lookahead, WeightTable};
    use loki_cards::parse_cards;

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

    /// The type tables give the counts of one rank per holding and turn card (itself
    /// the same with ranks shared by hands without a flush as with every one evaluated)
    /// on every flop class, seen through a suit relabelling, for twelve hands each.
    #[test]
    fn type_tables_count_as_the_ranks_of_every_holding_on_every_flop_class() {
        let card = |i: u8| loki_cards::Card::from_index(i).unwrap();
        let flops = crate::range::classes::canonical_flops();
        assert_eq!(flops.len(), 1_755);
        for f in flops {
            let b = f.map(|c| card(c / 4 * 4 + [3, 1, 0, 2][usize::from(c % 4)]));
            let (shared, evaluated) = (
                NextCardRanks::new(&b, true).unwrap(),
                NextCardRanks::new(&b, false).unwrap(),
            );
            assert!(
                shared.ranks == evaluated.ranks && shared.now == evaluated.now,
                "{b:?}"
            );
            let cache = NextCardCache::new(&b).unwrap();
            for &g in shared.global.iter().step_by(shared.global.len() / 12) {
                let hole = HoleCards::from_index(usize::from(g)).unwrap();
                assert!(
                    cache.hand_counts(hole).unwrap() == shared.hand_counts(hole).unwrap(),
                    "{hole} on {b:?}"
                );
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
