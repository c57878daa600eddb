//! The in-trial hand strength of POKI's simulations (Peña 1999 §5, "Selective sampling"):
//! in every trial each player's later actions are drawn from a probability triple that
//! reads the strength of its sampled holding on the sampled board. On the board of the
//! decision that strength is the range table's EHS (as the models use it); on a sampled
//! turn or river it is the cheaper **rank percentile** of the hand made on that board
//! among every holding that misses the board (HS against one uniform opponent without
//! card removal and without potential; ours, the sources leave the in-trial strength
//! open). Each runout's rank counts are built on first use (the holdings that make no
//! flush counted per rank pair, at most 91 evaluations, a microsecond or two) and shared
//! by every player, trial and rotation that meets the same runout; a query is one
//! evaluation and a pass over the counts. docs/poki.md, "The in-trial strength", has the
//! timings.
use loki_cards::{Card, CardSet, Hand, HandRank, HoleCards, HOLDINGS};
use std::sync::OnceLock;

/// The ranks of every holding that misses a board, as the ranks that occur and how many
/// holdings make each (not sorted: a query sums the counts below its rank in one pass,
/// cheaper than sorting for the few queries most runouts get).
///
/// A holding that makes no flush with the board has the rank of its two card ranks alone,
/// so such holdings are counted per rank pair (from the cards of each rank left) and
/// evaluated once per pair (at most 91); only the holdings that can make a flush are
/// evaluated one by one. The counts, and so every percentile, are those of sorting all
/// 1,081 (or 1,128) ranks (a test compares both on random boards); several times faster
/// to build and query (`cargo bench -p loki-bot --features bench --bench runout`).
#[derive(Debug, Clone)]
pub struct RankCounts {
    board: Hand,
    /// Ranks, each with the number of holdings that make it (a rank may come twice).
    ranks: Box<[u16]>,
    counts: Box<[u16]>,
    /// The holdings that miss the board.
    total: u32,
}

impl RankCounts {
    /// The rank counts of `board` (4 or 5 cards) plus each holding missing it.
    pub fn new(board: &[Card]) -> RankCounts {
        let set = board.iter().copied().collect::<CardSet>().bits();
        let hand = Hand::EMPTY.with_all(board);
        let mut suits = [0u8; 4];
        let mut left = [4u32; 13];
        for c in board {
            suits[usize::from(c.index() & 3)] += 1;
            left[usize::from(c.index() >> 2)] -= 1;
        }
        let free = |c: u8| set & (1u64 << c) == 0;
        let flushes = |a: u8, b: u8| {
            let (sa, sb) = (usize::from(a & 3), usize::from(b & 3));
            if sa == sb {
                suits[sa] + 2 >= 5
            } else {
                suits[sa] + 1 >= 5 || suits[sb] + 1 >= 5
            }
        };
        // The holdings of each rank pair (13 * high + low) that miss the board.
        let mut plain = [0u32; 169];
        for hi in 0..13 {
            for lo in 0..=hi {
                plain[hi * 13 + lo] = if lo == hi {
                    left[hi] * left[hi].saturating_sub(1) / 2
                } else {
                    left[lo] * left[hi]
                };
            }
        }
        let mut ranks: Vec<u16> = Vec::with_capacity(160);
        let mut counts: Vec<u16> = Vec::with_capacity(160);
        // The holdings that can make a flush (at most one suit has three board cards),
        // one by one, taken out of their rank pair's count.
        if let Some(s) = (0..4).find(|&s| suits[s] >= 3) {
            let suited = (0..13u8).map(|r| r * 4 + s as u8).filter(|&c| free(c));
            for a in suited {
                for b in (0..52u8).filter(|&b| b != a && free(b)) {
                    // Each pair once: two suited cards in index order.
                    if (b & 3) == s as u8 && b < a || !flushes(a, b) {
                        continue;
                    }
                    ranks.push(hand.with_index(a).with_index(b).rank().value());
                    counts.push(1);
                    plain[usize::from(a.max(b) >> 2) * 13 + usize::from(a.min(b) >> 2)] -= 1;
                }
            }
        }
        // The others: one evaluation per rank pair, of its first holding that misses the
        // board and makes no flush (they all rank alike).
        for hi in 0..13u8 {
            for lo in 0..=hi {
                let n = plain[usize::from(hi) * 13 + usize::from(lo)];
                if n == 0 {
                    continue;
                }
                let first = (0..16u8).find_map(|k| {
                    let (a, b) = (lo * 4 + (k >> 2), hi * 4 + (k & 3));
                    let fine = a != b && free(a) && free(b) && !flushes(a, b);
                    fine.then_some((a, b))
                });
                if let Some((a, b)) = first {
                    ranks.push(hand.with_index(a).with_index(b).rank().value());
                    counts.push(n as u16);
                }
            }
        }
        let total = counts.iter().map(|&n| u32::from(n)).sum();
        RankCounts {
            board: hand,
            ranks: ranks.into_boxed_slice(),
            counts: counts.into_boxed_slice(),
            total,
        }
    }
    /// The rank of a holding on this board.
    pub fn rank(&self, h: HoleCards) -> HandRank {
        self.board.with(h.low()).with(h.high()).rank()
    }
    /// The percentile of a rank: the share of the holdings below it, ties counting half.
    pub fn percentile(&self, rank: HandRank) -> f64 {
        let r = rank.value();
        let (mut below, mut tied) = (0u32, 0u32);
        for (&x, &n) in self.ranks.iter().zip(self.counts.iter()) {
            below += u32::from(n) * u32::from(x < r);
            tied += u32::from(n) * u32::from(x == r);
        }
        (f64::from(below) + f64::from(tied) / 2.0) / f64::from(self.total.max(1))
    }
    /// The strength of a holding on this board (its rank's percentile).
    pub fn strength(&self, h: HoleCards) -> f64 {
        self.percentile(self.rank(h))
    }
}

/// Every holding as (card mask, low card index, high card index), by holding index.
pub(crate) fn pairs() -> &'static [(u64, u8, u8)] {
    static PAIRS: OnceLock<Vec<(u64, u8, u8)>> = OnceLock::new();
    PAIRS.get_or_init(|| {
        (0..HOLDINGS)
            .filter_map(HoleCards::pair_of_index)
            .map(|(a, b)| ((1u64 << a) | (1u64 << b), a, b))
            .collect()
    })
}

/// The sorted ranks of the runouts of one flop or turn, built lazily.
pub struct RunoutStrengths {
    board: Vec<Card>,
    /// By the next card's index: the board plus that card.
    next: Box<[OnceLock<RankCounts>]>,
    /// On a flop, by `52 * low + high` of the two cards: the river board.
    river: Box<[OnceLock<RankCounts>]>,
}

impl std::fmt::Debug for RunoutStrengths {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RunoutStrengths({} cards)", self.board.len())
    }
}

fn slots(n: usize) -> Box<[OnceLock<RankCounts>]> {
    (0..n).map(|_| OnceLock::new()).collect()
}

impl RunoutStrengths {
    /// The (empty) tables of a 3- or 4-card board; other lengths have no runouts.
    pub fn new(board: &[Card]) -> RunoutStrengths {
        let (next, river) = match board.len() {
            3 => (52, 52 * 52),
            4 => (52, 0),
            _ => (0, 0),
        };
        RunoutStrengths {
            board: board.to_vec(),
            next: slots(next),
            river: slots(river),
        }
    }

    fn on_board(&self, card: Card) -> bool {
        self.board.contains(&card)
    }

    /// The board plus `card` (a flop's turn or a turn's river); `None` for a card on the
    /// board or a board without runouts.
    pub fn after(&self, card: Card) -> Option<&RankCounts> {
        if self.on_board(card) {
            return None;
        }
        let slot = self.next.get(usize::from(card.index()))?;
        Some(slot.get_or_init(|| RankCounts::new(&[&self.board[..], &[card]].concat())))
    }

    /// On a flop, the river board of the runout `turn`, `river` (either order).
    pub fn river(&self, turn: Card, river: Card) -> Option<&RankCounts> {
        let (a, b) = (
            turn.index().min(river.index()),
            turn.index().max(river.index()),
        );
        if a == b || self.on_board(turn) || self.on_board(river) {
            return None;
        }
        let slot = self.river.get(usize::from(a) * 52 + usize::from(b))?;
        Some(slot.get_or_init(|| RankCounts::new(&[&self.board[..], &[turn, river]].concat())))
    }

    /// Runout tables built so far.
    pub fn built(&self) -> usize {
        self.next
            .iter()
            .chain(self.river.iter())
            .filter(|s| s.get().is_some())
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use loki_cards::{evaluate, parse_cards};

    /// The percentile by a naive count over every holding missing the board.
    fn naive(board: &[Card], h: HoleCards) -> f64 {
        let set: CardSet = board.iter().copied().collect();
        let ours = evaluate(&[board, &h.cards()[..]].concat());
        let (mut below, mut tied, mut n) = (0.0, 0.0, 0.0);
        for o in HoleCards::all().filter(|o| o.set().is_disjoint(set)) {
            let theirs = evaluate(&[board, &o.cards()[..]].concat());
            n += 1.0;
            if theirs < ours {
                below += 1.0;
            } else if theirs == ours {
                tied += 1.0;
            }
        }
        (below + tied / 2.0) / n
    }

    /// The percentile of every rank from all the holdings' ranks sorted (the table's
    /// build before the rank pairs).
    fn by_full_sort(board: &[Card], rank: u16) -> f64 {
        let set: CardSet = board.iter().copied().collect();
        let hand = Hand::EMPTY.with_all(board);
        let mut ranks: Vec<u16> = pairs()
            .iter()
            .filter(|p| p.0 & set.bits() == 0)
            .map(|&(_, a, b)| hand.with_index(a).with_index(b).rank().value())
            .collect();
        ranks.sort_unstable();
        let below = ranks.partition_point(|&x| x < rank);
        let upto = below + ranks[below..].partition_point(|&x| x <= rank);
        (below as f64 + (upto - below) as f64 / 2.0) / ranks.len() as f64
    }

    proptest::proptest! {
        /// Every holding's strength, bit for bit, as from sorting every holding's rank,
        /// on random turn and river boards (flush boards, paired boards, board flushes
        /// come up among them; the fixed ones below pin the rare shapes).
        #[test]
        fn rank_pairs_give_the_percentiles_of_the_full_sort(
            cards in proptest::sample::subsequence((0u8..52).collect::<Vec<_>>(), 5),
            shuffle in proptest::prelude::any::<u64>(),
            river in proptest::prelude::any::<bool>(),
        ) {
            let mut board: Vec<Card> = cards.iter().map(|&i| Card::from_index(i).unwrap()).collect();
            board.rotate_left((shuffle % 5) as usize);
            board.truncate(if river { 5 } else { 4 });
            check_against_full_sort(&board);
        }
    }

    fn check_against_full_sort(board: &[Card]) {
        let table = RankCounts::new(board);
        let set: CardSet = board.iter().copied().collect();
        for h in HoleCards::all().filter(|h| h.set().is_disjoint(set)) {
            let r = table.rank(h);
            assert_eq!(
                table.strength(h).to_bits(),
                by_full_sort(board, r.value()).to_bits(),
                "{h} on {board:?}"
            );
        }
        // A rank no holding makes (below every one) has percentile 0.
        assert_eq!(table.percentile(HandRank::default()), 0.0);
    }

    #[test]
    fn rank_pairs_give_the_percentiles_of_the_full_sort_on_rare_boards() {
        for board in [
            "AhKhQhJhTh", // a royal flush on the board
            "2h5h9hJhKh", // a board flush
            "2h5h9hJhKs", // four to a flush
            "2h5h9hJsKs", // three to a flush
            "2c2d2h2s3c", // quads on the board
            "7c7d7h7s",   // a turn with quads
            "9s8s7s6s",   // four to a straight flush on the turn
            "AsAdKsKd5c", // two pair
        ] {
            check_against_full_sort(&parse_cards(board).unwrap());
        }
    }

    #[test]
    fn runout_strengths_match_a_naive_count() {
        let flop = parse_cards("Ah7d2c").unwrap();
        let r = RunoutStrengths::new(&flop);
        let [t, v] = [parse_cards("Ks").unwrap()[0], parse_cards("7h").unwrap()[0]];
        let river = parse_cards("Ah7d2cKs7h").unwrap();
        let turn = parse_cards("Ah7d2cKs").unwrap();
        for h in HoleCards::all().step_by(7) {
            if !h.set().is_disjoint(river.iter().copied().collect()) {
                continue;
            }
            assert_eq!(r.river(v, t).unwrap().strength(h), naive(&river, h), "{h}");
            assert_eq!(r.after(t).unwrap().strength(h), naive(&turn, h), "{h}");
        }
        // The nuts on the river are above every other holding.
        let quads = HoleCards::from_index(
            HoleCards::all()
                .find(|h| h.to_string() == "7s7c" || h.to_string() == "7c7s")
                .unwrap()
                .index(),
        )
        .unwrap();
        assert!(r.river(t, v).unwrap().strength(quads) > 0.999);
        assert_eq!(r.built(), 2);
        // A card on the board has no runout; a river board has none at all.
        assert!(r.after(flop[0]).is_none());
        assert!(r.river(t, t).is_none());
        let r5 = RunoutStrengths::new(&river);
        assert!(r5.after(parse_cards("2d").unwrap()[0]).is_none());
    }
}
