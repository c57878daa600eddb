//! What a board tells every player alike, computed once per board and shared (across the
//! players of a table, the replays of a duplicate deal, and threads): the range table of
//! a flop or turn (the EHS of every holding as its owner sees it, with the river-rank
//! cache for fast weighted potentials) and, on the river, every holding's hand strength
//! against one uniform opponent (on the river EHS = HS; Papp 1998 §6.2).
use loki_assess::AssessError;
use loki_assess::{HandCounts, RangeTable};
use loki_cards::{Card, CardSet, Hand, HOLDINGS};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The shared analysis of one board.
#[derive(Debug)]
pub enum BoardRanges {
    /// A flop or turn: the range table with its river-rank cache, and the weight-free
    /// counts of each holding a player asked about (the same holdings come up in every
    /// rotation of a duplicate deal).
    Draw(Box<RangeTable>, Box<[OnceLock<Option<Arc<HandCounts>>>]>),
    /// A river: HS of every holding against one uniform opponent (NaN if it touches
    /// the board).
    River(Box<[f64; HOLDINGS]>),
}

impl BoardRanges {
    /// Computes the analysis of a 3-, 4- or 5-card board.
    ///
    /// # Errors
    /// A bad board length or duplicate cards.
    pub fn new(board: &[Card]) -> Result<BoardRanges, AssessError> {
        match board.len() {
            3 | 4 => Ok(BoardRanges::Draw(
                Box::new(RangeTable::with_rank_cache(board)?),
                (0..HOLDINGS).map(|_| OnceLock::new()).collect(),
            )),
            5 => Ok(BoardRanges::River(river_hs(board)?)),
            n => Err(AssessError::BoardLength(n)),
        }
    }
    /// The EHS of holding index `h` as its owner sees it (`None` if it touches the board).
    pub fn ehs(&self, h: usize) -> Option<f64> {
        let v = match self {
            BoardRanges::Draw(t, _) => t.ehs_at(h),
            BoardRanges::River(r) => r.get(h).copied().unwrap_or(f64::NAN),
        };
        (!v.is_nan()).then_some(v)
    }
    /// The range table (flop or turn).
    pub fn range_table(&self) -> Option<&RangeTable> {
        match self {
            BoardRanges::Draw(t, _) => Some(t),
            BoardRanges::River(_) => None,
        }
    }
    /// The weight-free counts of a holding against every opponent holding over every
    /// runout (flop or turn; computed once per board and holding, then shared), from
    /// which a weighted potential costs one pass per opponent table.
    pub fn hand_counts(&self, hole: loki_cards::HoleCards) -> Option<Arc<HandCounts>> {
        match self {
            BoardRanges::Draw(t, counts) => counts
                .get(hole.index())?
                .get_or_init(|| {
                    t.rank_cache()
                        .and_then(|c| c.hand_counts(hole).ok())
                        .map(Arc::new)
                })
                .clone(),
            BoardRanges::River(_) => None,
        }
    }
}

/// HS of every holding on a 5-card board against one uniform opponent holding any other
/// pair: sort the live holdings by rank, count below/equal globally, then remove the
/// holdings that share a card with ours (inclusion-exclusion per card). O(n log n).
fn river_hs(board: &[Card]) -> Result<Box<[f64; HOLDINGS]>, AssessError> {
    let set = distinct(board)?;
    if set.len() != 5 {
        return Err(AssessError::BoardLength(set.len()));
    }
    let base = Hand::EMPTY.with_all(board);
    let mut ranks = vec![u16::MAX; HOLDINGS];
    let mut live = Vec::with_capacity(1081);
    for (h, rank) in ranks.iter_mut().enumerate() {
        let (a, b) = loki_cards::HoleCards::pair_of_index(h).unwrap_or((0, 0));
        if set.bits() & ((1u64 << a) | (1u64 << b)) == 0 {
            *rank = base.with_index(a).with_index(b).rank().value();
            live.push(h);
        }
    }
    let mut sorted: Vec<u16> = live.iter().map(|&h| ranks[h]).collect();
    sorted.sort_unstable();
    // Per card: the sorted ranks of live holdings containing it.
    let mut by_card: Vec<Vec<u16>> = vec![Vec::new(); 52];
    for &h in &live {
        let (a, b) = loki_cards::HoleCards::pair_of_index(h).unwrap_or((0, 0));
        by_card[a as usize].push(ranks[h]);
        by_card[b as usize].push(ranks[h]);
    }
    for v in &mut by_card {
        v.sort_unstable();
    }
    let below = |v: &[u16], r: u16| v.partition_point(|&x| x < r);
    let upto = |v: &[u16], r: u16| v.partition_point(|&x| x <= r);
    let mut out = Box::new([f64::NAN; HOLDINGS]);
    for &h in &live {
        let (a, b) = loki_cards::HoleCards::pair_of_index(h).unwrap_or((0, 0));
        let r = ranks[h];
        let (ca, cb) = (&by_card[a as usize], &by_card[b as usize]);
        // Opponent holdings sharing a card with ours: those containing a, those containing
        // b; the holding {a, b} itself is in both (and ties with us).
        let lt = below(&sorted, r) - below(ca, r) - below(cb, r);
        let le = upto(&sorted, r) - upto(ca, r) - upto(cb, r) + 1;
        let total = sorted.len() - ca.len() - cb.len() + 1;
        let tied = le - lt;
        out[h] = (lt as f64 + tied as f64 / 2.0) / total as f64;
    }
    Ok(out)
}

/// The set of `cards`, refusing a card given twice.
fn distinct(cards: &[Card]) -> Result<CardSet, AssessError> {
    let mut set = CardSet::EMPTY;
    for &c in cards {
        if !set.insert(c) {
            return Err(AssessError::DuplicateCard(c));
        }
    }
    Ok(set)
}

/// One board's entry: computed once by whichever thread asks first; the others wait.
type Slot = Arc<OnceLock<Result<Arc<BoardRanges>, AssessError>>>;

/// A thread-safe cache of board analyses: each board is computed once, even when several
/// threads ask for it at the same time. Entries stay until [`BoardCache::clear`].
#[derive(Debug, Default)]
pub struct BoardCache {
    map: Mutex<HashMap<u64, Slot>>,
}

impl BoardCache {
    /// An empty cache.
    pub fn new() -> BoardCache {
        BoardCache::default()
    }
    /// The analysis of `board` (computed on first use).
    ///
    /// # Errors
    /// A bad board.
    pub fn get(&self, board: &[Card]) -> Result<Arc<BoardRanges>, AssessError> {
        let set = distinct(board)?;
        let slot = {
            let mut map = self.map.lock().unwrap_or_else(|p| p.into_inner());
            map.entry(set.bits()).or_default().clone()
        };
        slot.get_or_init(|| BoardRanges::new(board).map(Arc::new))
            .clone()
    }
    /// Drops every entry.
    pub fn clear(&self) {
        self.map.lock().unwrap_or_else(|p| p.into_inner()).clear();
    }
    /// Number of boards held.
    pub fn len(&self) -> usize {
        self.map.lock().unwrap_or_else(|p| p.into_inner()).len()
    }
    /// Whether the cache is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use loki_cards::{parse_cards, HoleCards};

    #[test]
    fn river_hs_matches_a_naive_count() {
        let board = parse_cards("2s7h9dTsJd").unwrap();
        let r = river_hs(&board).unwrap();
        let set: CardSet = board.iter().copied().collect();
        for h in (0..HOLDINGS).step_by(37) {
            let hc = HoleCards::from_index(h).unwrap();
            if !hc.set().is_disjoint(set) {
                assert!(r[h].is_nan());
                continue;
            }
            let ours = loki_cards::evaluate(&[&board[..], &hc.cards()[..]].concat());
            let (mut a, mut t, mut n) = (0.0, 0.0, 0.0);
            for o in HoleCards::all() {
                if !o.set().is_disjoint(set.union(hc.set())) {
                    continue;
                }
                let theirs = loki_cards::evaluate(&[&board[..], &o.cards()[..]].concat());
                n += 1.0;
                if ours > theirs {
                    a += 1.0;
                } else if ours == theirs {
                    t += 1.0;
                }
            }
            assert!((r[h] - (a + t / 2.0) / n).abs() < 1e-12, "{hc}");
        }
    }

    #[test]
    fn cache_computes_once() {
        let c = BoardCache::new();
        let b = parse_cards("3h4cJh").unwrap();
        let x = c.get(&b).unwrap();
        let mut b2 = b.clone();
        b2.reverse();
        let y = c.get(&b2).unwrap();
        assert!(Arc::ptr_eq(&x, &y));
        assert_eq!(c.len(), 1);
        assert!(c.get(&[]).is_err());
    }
}
