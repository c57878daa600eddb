//! The in-trial hand strength of POKI's simulations (Peña 1999 §5, "Selective sampling"):
//! in every trial each player's later actions are drawn from a probability triple that
//! reads the strength of its sampled holding on the sampled board. On the board of the
//! decision that strength is the range table's EHS (as the models use it); on a sampled
//! turn or river it is the cheaper **rank percentile** of the hand made on that board
//! among every holding that misses the board (HS against one uniform opponent without
//! card removal and without potential; ours, the sources leave the in-trial strength
//! open). Each runout's sorted ranks are built on first use (1,081 evaluations and a
//! sort, a few microseconds) and shared by every player, trial and rotation that meets
//! the same runout; a query is one evaluation and a binary search. docs/poki.md, "The in-trial
//! strength", has the timings.
use loki_cards::{Card, CardSet, Hand, HandRank, HoleCards, HOLDINGS};
use std::sync::OnceLock;

/// The ranks of every holding that misses a board, sorted.
#[derive(Debug, Clone)]
pub struct SortedRanks {
    board: Hand,
    ranks: Box<[u16]>,
}

impl SortedRanks {
    /// The sorted ranks of `board` (4 or 5 cards) plus each holding missing it.
    pub fn new(board: &[Card]) -> SortedRanks {
        let set: CardSet = board.iter().copied().collect();
        let hand = Hand::EMPTY.with_all(board);
        let mut ranks: Vec<u16> = Vec::with_capacity(HOLDINGS);
        for &(mask, a, b) in pairs() {
            if mask & set.bits() == 0 {
                ranks.push(hand.with_index(a).with_index(b).rank().value());
            }
        }
        ranks.sort_unstable();
        SortedRanks {
            board: hand,
            ranks: ranks.into_boxed_slice(),
        }
    }
    /// The rank of a holding on this board.
    pub fn rank(&self, h: HoleCards) -> HandRank {
        self.board.with(h.low()).with(h.high()).rank()
    }
    /// The percentile of a rank: the share of the holdings below it, ties counting half.
    pub fn percentile(&self, rank: HandRank) -> f64 {
        let r = rank.value();
        let below = self.ranks.partition_point(|&x| x < r);
        let upto = below + self.ranks[below..].partition_point(|&x| x <= r);
        let n = self.ranks.len().max(1) as f64;
        (below as f64 + (upto - below) as f64 / 2.0) / n
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
    next: Box<[OnceLock<SortedRanks>]>,
    /// On a flop, by `52 * low + high` of the two cards: the river board.
    river: Box<[OnceLock<SortedRanks>]>,
}

impl std::fmt::Debug for RunoutStrengths {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RunoutStrengths({} cards)", self.board.len())
    }
}

fn slots(n: usize) -> Box<[OnceLock<SortedRanks>]> {
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
    pub fn after(&self, card: Card) -> Option<&SortedRanks> {
        if self.on_board(card) {
            return None;
        }
        let slot = self.next.get(usize::from(card.index()))?;
        Some(slot.get_or_init(|| SortedRanks::new(&[&self.board[..], &[card]].concat())))
    }

    /// On a flop, the river board of the runout `turn`, `river` (either order).
    pub fn river(&self, turn: Card, river: Card) -> Option<&SortedRanks> {
        let (a, b) = (
            turn.index().min(river.index()),
            turn.index().max(river.index()),
        );
        if a == b || self.on_board(turn) || self.on_board(river) {
            return None;
        }
        let slot = self.river.get(usize::from(a) * 52 + usize::from(b))?;
        Some(slot.get_or_init(|| SortedRanks::new(&[&self.board[..], &[turn, river]].concat())))
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
