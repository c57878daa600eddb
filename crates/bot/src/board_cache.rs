//! What a board tells every player alike, computed once per board and shared (across the
//! players of a table, the replays of a duplicate deal, and threads): the range table of
//! a flop or turn (the EHS of every holding as its owner sees it, with the river-rank
//! cache for fast weighted potentials, and on a flop the next-card cache for one-card
//! potentials) and, on the river, the river range table (every
//! holding's hand strength against one uniform opponent; on the river EHS = HS, Papp
//! 1998 §6.2). For the paper's re-weighting ranking ([`BoardRanges::field_ehs`]) it also
//! keeps, built on first use, the board's holdings in rank order and each holding's
//! uniform potential.
use crate::config::RankPotential;
use crate::runout::RunoutStrengths;
use loki_assess::range::{flop_classes, FlopClasses};
use loki_assess::AssessError;
use loki_assess::{BoardOrder, HandCounts, NextCardCache, RangeTable, RiverTable, WeightTable};
use loki_cards::{Card, CardSet, HoleCards, HOLDINGS};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Weight-free counts of each holding, computed when a player first asks (the same
/// holdings come up in every rotation of a duplicate deal).
type CountsSlots = Box<[OnceLock<Option<Arc<HandCounts>>>]>;

fn slots() -> CountsSlots {
    (0..HOLDINGS).map(|_| OnceLock::new()).collect()
}

/// A flop or turn: the range table with its river-rank cache, and on a flop the
/// next-card cache, with the counts asked for so far.
#[derive(Debug)]
pub struct DrawBoard {
    table: RangeTable,
    counts: CountsSlots,
    next_card: Option<(NextCardCache, CountsSlots)>,
    /// POKI's in-trial strengths of the runouts (built when a simulation first asks).
    runouts: OnceLock<RunoutStrengths>,
}

/// The kind of analysis of one board.
#[derive(Debug)]
enum Analysis {
    /// A flop or turn.
    Draw(Box<DrawBoard>),
    /// A river: HS (= EHS) of every holding against one uniform opponent.
    River(RiverTable),
}

/// The shared analysis of one board, with every holding's EHS in one dense array (read
/// once per holding by every re-weighting).
#[derive(Debug)]
pub struct BoardRanges {
    analysis: Analysis,
    ehs: Box<[f64; HOLDINGS]>,
    /// The holdings in rank order and each holding's uniform potential (PPot2 on a flop,
    /// PPot1 on a turn, 0 on a river; NaN for holdings touching the board).
    paper: OnceLock<Option<PaperRanking>>,
    /// Papp's crude potential PPOT_c of each holding (NaN for holdings touching the
    /// board), built on first use.
    crude: OnceLock<Box<[f64; HOLDINGS]>>,
    board: Vec<Card>,
}

/// What the paper's ranking needs of a board: the holdings in rank order and each
/// holding's uniform potential.
type PaperRanking = (BoardOrder, Box<[f64; HOLDINGS]>);

impl BoardRanges {
    /// Computes the analysis of a 3-, 4- or 5-card board.
    ///
    /// # Errors
    /// A bad board length or duplicate cards.
    pub fn new(board: &[Card]) -> Result<BoardRanges, AssessError> {
        BoardRanges::build(board, None)
    }

    /// [`BoardRanges::new`] with a flop's range table served from its suit class when
    /// `classes` holds it (the same analysis; see [`FlopClasses`]), else swept and its
    /// class stored.
    ///
    /// # Errors
    /// A bad board length or duplicate cards.
    pub fn new_in(board: &[Card], classes: &FlopClasses) -> Result<BoardRanges, AssessError> {
        BoardRanges::build(board, Some(classes))
    }

    fn build(board: &[Card], classes: Option<&FlopClasses>) -> Result<BoardRanges, AssessError> {
        let table = |b: &[Card]| match classes {
            Some(c) => RangeTable::with_rank_cache_in(b, c),
            None => RangeTable::with_rank_cache(b),
        };
        let analysis = match board.len() {
            3 | 4 => {
                let table = table(board)?;
                let next_card = table.next_card_cache().map(|cache| (cache, slots()));
                Analysis::Draw(Box::new(DrawBoard {
                    table,
                    counts: slots(),
                    next_card,
                    runouts: OnceLock::new(),
                }))
            }
            5 => Analysis::River(RiverTable::new(board)?),
            n => return Err(AssessError::BoardLength(n)),
        };
        let mut ehs = Box::new([f64::NAN; HOLDINGS]);
        for (h, v) in ehs.iter_mut().enumerate() {
            *v = match &analysis {
                Analysis::Draw(d) => d.table.ehs_at(h),
                Analysis::River(r) => r.ehs_at(h),
            };
        }
        Ok(BoardRanges {
            analysis,
            ehs,
            paper: OnceLock::new(),
            crude: OnceLock::new(),
            board: board.to_vec(),
        })
    }

    /// `strengths` of the board's holdings in rank order, each `x` raised to
    /// `x + (1 - x) PPot` by the potential term `potential` chooses; every holding's EHS
    /// when the board has no ranking.
    fn ranked(
        &self,
        potential: RankPotential,
        strengths: impl FnOnce(&BoardOrder) -> Box<[f64; HOLDINGS]>,
    ) -> Box<[f64; HOLDINGS]> {
        let Some((order, ppot)) = self.paper() else {
            return self.ehs.clone();
        };
        let ppot = match potential {
            RankPotential::Uniform => &**ppot,
            RankPotential::Crude => self.crude_potentials(),
        };
        let mut v = strengths(order);
        for (x, &p) in v.iter_mut().zip(ppot.iter()) {
            *x += (1.0 - *x) * p;
        }
        v
    }

    fn paper(&self) -> Option<&PaperRanking> {
        self.paper
            .get_or_init(|| {
                // The board was validated when the analysis was built.
                let order = BoardOrder::new(&self.board).ok()?;
                let mut ppot = Box::new([f64::NAN; HOLDINGS]);
                for (h, p) in ppot.iter_mut().enumerate() {
                    *p = match &self.analysis {
                        Analysis::Draw(d) => HoleCards::from_index(h)
                            .ok()
                            .and_then(|hc| d.table.ppot(hc))
                            .unwrap_or(f64::NAN),
                        Analysis::River(_) => 0.0,
                    };
                }
                Some((order, ppot))
            })
            .as_ref()
    }

    /// Every holding's value as the paper's re-weighting ranks it (Papp 1998 §7.2.3:
    /// "rank all hands according to EHS'", "we use HS1 instead of HS_n"): EHS' = HS1 +
    /// (1 - HS1) PPot, where HS1 is the hand strength against one opponent holding the
    /// field array of `tables` (the other live players' tables, normalized and averaged,
    /// as the opponent sees them: Papp §7.3.1) and PPot the range table's uniform potential, standing in for the lost
    /// crude estimate PPOT_c (which "ignores ... weight arrays"; ours: exact PPot2 on a
    /// flop, PPot1 on a turn, none on a river). NaN for holdings that touch the board.
    pub fn field_ehs(&self, tables: &[&WeightTable]) -> Box<[f64; HOLDINGS]> {
        self.field_ehs_with(tables, RankPotential::Uniform)
    }

    /// [`BoardRanges::field_ehs`] with the potential term chosen: the range table's
    /// uniform potential, or Papp's crude PPOT_c (§7.2.3, [`crate::crude_potential`]).
    pub fn field_ehs_with(
        &self,
        tables: &[&WeightTable],
        potential: RankPotential,
    ) -> Box<[f64; HOLDINGS]> {
        self.ranked(potential, |order| order.field_strengths(tables))
    }

    /// Every holding's EHS as a player facing the holders of `tables` computes it:
    /// HS_n = the product of its hand strengths against each table, plus `(1 - HS_n)`
    /// times the potential (see [`crate::config::RankBy::Multiway`]).
    pub fn multiway_ehs(
        &self,
        tables: &[&WeightTable],
        potential: RankPotential,
    ) -> Box<[f64; HOLDINGS]> {
        self.ranked(potential, |order| {
            if tables.is_empty() {
                return order.field_strengths(&[]);
            }
            let mut v = Box::new([1.0f64; HOLDINGS]);
            for t in tables {
                let s = order.field_strengths(&[t]);
                for (x, &y) in v.iter_mut().zip(s.iter()) {
                    *x *= y;
                }
            }
            v
        })
    }

    /// Every holding's crude potential PPOT_c on this board (NaN where it touches the
    /// board; 0 on a river).
    pub fn crude_potentials(&self) -> &[f64; HOLDINGS] {
        self.crude.get_or_init(|| {
            let board: CardSet = self.board.iter().copied().collect();
            let mut v = Box::new([f64::NAN; HOLDINGS]);
            for (h, x) in v.iter_mut().enumerate() {
                if let Ok(hc) = HoleCards::from_index(h) {
                    if hc.set().is_disjoint(board) {
                        *x = crate::crude_potential::crude_potential(hc, &self.board);
                    }
                }
            }
            v
        })
    }
    /// Every holding's EHS as its owner sees it, by holding index (NaN where it touches
    /// the board).
    pub fn ehs_all(&self) -> &[f64; HOLDINGS] {
        &self.ehs
    }
    /// The EHS of holding index `h` as its owner sees it (`None` if it touches the board).
    #[inline]
    pub fn ehs(&self, h: usize) -> Option<f64> {
        let v = self.ehs.get(h).copied().unwrap_or(f64::NAN);
        (!v.is_nan()).then_some(v)
    }
    /// POKI's in-trial strength tables of this flop's or turn's runouts (`None` on a
    /// river, which has none).
    pub fn runouts(&self) -> Option<&RunoutStrengths> {
        match &self.analysis {
            Analysis::Draw(d) => Some(
                d.runouts
                    .get_or_init(|| RunoutStrengths::new(d.table.board())),
            ),
            Analysis::River(_) => None,
        }
    }
    /// The range table (flop or turn).
    pub fn range_table(&self) -> Option<&RangeTable> {
        match &self.analysis {
            Analysis::Draw(d) => Some(&d.table),
            Analysis::River(_) => None,
        }
    }
    /// The weight-free counts of a holding against every opponent holding over every
    /// runout to the river (two cards on a flop, one on a turn; computed once per board
    /// and holding, then shared), from which a weighted potential costs one pass per
    /// opponent table.
    pub fn hand_counts(&self, hole: loki_cards::HoleCards) -> Option<Arc<HandCounts>> {
        match &self.analysis {
            Analysis::Draw(d) => d
                .counts
                .get(hole.index())?
                .get_or_init(|| {
                    d.table
                        .rank_cache()
                        .and_then(|c| c.hand_counts(hole).ok())
                        .map(Arc::new)
                })
                .clone(),
            Analysis::River(_) => None,
        }
    }

    /// The same for the next card only (one-card lookahead: PPot1 and NPot1): on a flop
    /// from the next-card cache, on a turn the river counts themselves.
    pub fn next_card_counts(&self, hole: loki_cards::HoleCards) -> Option<Arc<HandCounts>> {
        match &self.analysis {
            Analysis::Draw(d) => match &d.next_card {
                Some((cache, counts)) => counts
                    .get(hole.index())?
                    .get_or_init(|| cache.hand_counts(hole).ok().map(Arc::new))
                    .clone(),
                None => self.hand_counts(hole),
            },
            Analysis::River(_) => None,
        }
    }
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

/// Whether anyone but the cache holds an entry: a thread computing or waiting for it
/// (it holds the slot), or a player, table or batch holding the analysis. Both counts
/// are read under the cache's lock, and a new holder can only come through that lock,
/// so an entry seen as not held cannot become held while it is dropped.
fn held(slot: &Slot) -> bool {
    Arc::strong_count(slot) > 1
        || slot
            .get()
            .is_some_and(|r| r.as_ref().is_ok_and(|b| Arc::strong_count(b) > 1))
}

/// Boards the cache keeps after nobody holds them any more, at most (**ours**): past
/// this, asking for a new board first drops every board that no player, table or batch
/// holds. A hand holds its boards (each Loki player keeps the analyses of its hand's
/// boards until the next hand), a tournament batch holds the boards of its deals, so
/// memory stays flat without any driver clearing the cache. Idle boards are kept only
/// for a board that comes again, which outside a duplicate batch is rare, and a server
/// keeps one cache per table: so few are kept (the web load test, 50 tables x 20 hands,
/// peaked at 852-873 MiB of heap with 16 and at 306-312 MiB with 4).
pub const IDLE_BOARDS: usize = 4;

/// A thread-safe cache of board analyses: each board is computed once, even when several
/// threads ask for it at the same time. The cache owns the lifetime of its entries: a
/// board stays while anyone holds its analysis, and boards nobody holds are dropped once
/// more than [`IDLE_BOARDS`] entries are kept.
///
/// Flops are analysed with the flop class store that every board cache of the process
/// shares while one is alive ([`flop_classes`]): the first flop of each suit class is
/// swept, the others are served from it.
#[derive(Debug)]
pub struct BoardCache {
    map: Mutex<HashMap<u64, Slot>>,
    classes: Arc<FlopClasses>,
}

impl Default for BoardCache {
    fn default() -> BoardCache {
        BoardCache {
            map: Mutex::default(),
            classes: flop_classes(),
        }
    }
}

impl BoardCache {
    /// An empty cache.
    pub fn new() -> BoardCache {
        BoardCache::default()
    }

    /// The flop class store this cache reads and fills.
    pub fn classes(&self) -> &Arc<FlopClasses> {
        &self.classes
    }
    /// The analysis of `board` (computed on first use).
    ///
    /// # Errors
    /// A bad board.
    pub fn get(&self, board: &[Card]) -> Result<Arc<BoardRanges>, AssessError> {
        let set = distinct(board)?;
        let slot = {
            let mut map = self.map.lock().unwrap_or_else(|p| p.into_inner());
            if map.len() >= IDLE_BOARDS && !map.contains_key(&set.bits()) {
                map.retain(|_, slot| held(slot));
            }
            map.entry(set.bits()).or_default().clone()
        };
        slot.get_or_init(|| BoardRanges::new_in(board, &self.classes).map(Arc::new))
            .clone()
    }
    /// Drops every entry (those still held stay alive with their holders; the flop
    /// classes stay).
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
    use loki_cards::parse_cards;

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

    #[test]
    fn boards_nobody_holds_are_dropped_and_held_ones_kept() {
        let c = BoardCache::new();
        let mut deck = loki_cards::Deck::from_seed(7);
        let cards = deck.deal_n(52).unwrap().to_vec();
        let held = c.get(&cards[..5]).unwrap();
        // Rivers are cheap: fill the cache with boards nobody keeps.
        for i in 1..2 * IDLE_BOARDS {
            let b = &cards[i..i + 5];
            drop(c.get(b).unwrap());
            assert!(c.len() <= IDLE_BOARDS + 1, "{} boards kept", c.len());
        }
        // The held board survived every sweep: asking again gives the same analysis.
        assert!(Arc::ptr_eq(&held, &c.get(&cards[..5]).unwrap()));
        // Once let go, it is swept with the others.
        let weak = Arc::downgrade(&held);
        drop(held);
        for i in 0..IDLE_BOARDS {
            drop(c.get(&cards[40 - i..45 - i]).unwrap());
        }
        assert!(weak.upgrade().is_none(), "a board nobody holds stayed");
    }
}
