//! The range table: the exact effective hand strength of every holding on a flop or turn
//! against one uniform opponent, and the board's river-rank cache for per-decision
//! weighted potentials.
//!
//! # What it computes
//!
//! Loki re-weights an opponent's weight table after each action by ranking every
//! holding by its EHS as its owner would see it (Billings, Papp, Schaeffer, Szafron 1998,
//! "Weighting the Enumeration"). The paper used a crude PPot estimate there; we compute
//! it exactly. For a board of 3 (flop) or 4 (turn) cards, every holding that does not
//! touch the board (1,176 on a flop, 1,128 on a turn) gets HS against one uniform
//! opponent holding any other pair, the exact 3x3 HP table (two-card lookahead on the
//! flop: 990 turn/river pairs per opponent; one card on the turn: 44 rivers), PPot, NPot
//! and `EHS = HS + (1 - HS) * PPot`, with the formulas of `crates/assess/tests/data/public.json`
//! (uniform weights, `n = 1`). The table depends on the board alone, so it is computed
//! once per board and shared (it is `Send + Sync`; wrap it in an `Arc`). An observer
//! ignores the holdings that contain its own cards.
//!
//! # Algorithm (runout-major, per holding type)
//!
//! Write x for a holding's rank on the current board and y for its rank on the river.
//! For a pair (h, o) and a runout r, the HP cell `HP[now][final]` is decided by
//! sign(x_h - x_o) and sign(y_h - y_o). For every runout r, each holding h live on r needs six counts over
//! the opponents o live on r and disjoint from h: `a1 = #{x_o < x_h, y_o < y_h}`,
//! `a2 = #{x_o < x_h, y_o = y_h}`, `b1 = #{x_o = x_h, y_o < y_h}`,
//! `b2 = #{x_o = x_h, y_o = y_h}`, `n1 = #{y_o < y_h}`, `n2 = #{y_o = y_h}`. Summed over
//! runouts they give all nine cells, because every disjoint pair shares exactly R
//! runouts (R = 990 or 44), so the x-only totals are R times the HS counts:
//! `HP[A][A] = a1`, `HP[A][T] = a2`, `HP[A][B] = R*ahead - a1 - a2`, `HP[T][A] = b1`,
//! `HP[T][T] = b2`, `HP[T][B] = R*tied - b1 - b2`, `HP[B][A] = n1 - a1 - b1`,
//! `HP[B][T] = n2 - a2 - b2`, `HP[B][B] = R*behind - HP[B][A] - HP[B][T]`.
//!
//! Per runout the 47 live cards are grouped into *card types* (rank, and whether the
//! card is of the flush suit s), and holdings into *holding types* (pairs of card
//! types): about 91 without a flush suit, up to about 270 with one. Two invariants make
//! every live holding of a type share x and y:
//!
//! * at most one suit has 3 or more cards on a 5-card board (3 + 3 > 5), so no other
//!   suit can make a flush with two hole cards;
//! * a flush on the flop (or turn) board plus two cards needs 3 (or 3-4) board cards of
//!   one suit, and then that suit is s on every runout.
//!
//! The types are sorted by y (a two-pass radix sort) and swept in y-tie groups; running
//! counts over the (at most about 170) distinct x values, one for all holdings and one
//! per card type, give each type's counts with two queries (before and after its tie
//! group is inserted). The running counts are blocked prefix sums (`prefix.rs`): an
//! insert is two 16-lane vector adds, a query two loads, whatever the number of x values. Card removal is inclusion-exclusion: the count over all live holdings,
//! minus the holdings through our first card, minus those through our second (both
//! depend only on the card's type), plus the holding itself. The counts are added per
//! (flush suit, type key); the holdings that touch the runout take back what their type
//! added, and at the end each holding collects its type's sums under each of the five
//! flush-suit values. HS comes from one sorted x list plus per-card corrections.
//!
//! Verified against a naive Figure-2 loop with exact integer equality
//! (`tests/range.rs`).
//!
//! Suit symmetry: the suit permutations that map the board onto itself form a group G
//! (trivial on a rainbow unpaired flop, 6 on a monotone flop). Only one runout per
//! G-orbit is swept, its counts multiplied by the orbit size, and at the end
//! `total(h) = (1/|G|) * sum over g in G of W(g(h))` (exact integer division). Monotone
//! flops sweep 344 runouts instead of 1,176, two-tone flops 721.
//!
//! Runout groups: two runouts sweep identically when they have the same flush suit and
//! the same card types (rank, of the flush suit or not) of their runout cards: the live
//! card types then come in the same numbers and every holding type has the same x and
//! y. Each group of orbit representatives is swept once, its counts multiplied by the
//! group's runouts; only the take-back of the holdings that touch a runout (and the cache
//! rows) stays per runout. A rainbow flop sweeps 289 groups instead of 1,176 runouts
//! (91 rank pairs without a flush suit plus 198 runouts with one), a two-tone flop 355,
//! a monotone flop 266, a turn as few as 23.
//!
//! Hot loops are portable Rust written to auto-vectorise; on x86-64 with AVX2 the sweep
//! and the counts pass are compiled a second time with AVX2 and picked at run time (the
//! one `unsafe` call site is in `simd.rs`).
//!
//! # River-rank cache
//!
//! [`RangeTable::with_rank_cache`] (or [`RankCache::new`]) also keeps every holding's
//! river rank on every runout, by holding type: per runout group (the runouts that sweep
//! alike), one table of river ranks by ordered pair of card types (26 x 26 entries of 16
//! bits), and per runout its group and flush suit. A live holding's river rank on a
//! runout is its group's entry for the holding's type under the runout's flush suit (a
//! suit permutation maps the group's representative onto each of its runouts, the
//! representative's flush suit onto the runout's). On a rainbow flop that is 289 tables,
//! 391 KB, where one byte per holding and runout took 1.4 MB (plus 148 KB of rank
//! tables); the tests and the criterion bench keep those dense rows as the reference
//! (`tests/common/reference/rows.rs`). A hand without a flush has the river rank of every hand with the same
//! runout and hole ranks, and a hand with a flush ranks by its cards of the flush suit
//! alone: a flop served from its class builds each group's table from the rows of hole
//! ranks that the groups with the same runout ranks share (evaluated once per board),
//! with the entries of dead types marked and those of hands with a flush evaluated once
//! per set of flush-suit hole cards (`sweep::type_table`; a flop swept in full writes the
//! table from the holding types it sweeps). A flop's tables take one buffer of the
//! largest size (355 groups, 480 KB), kept by the flop class store for the next flop's
//! cache (`spare.rs`).
//!
//! [`RankCache::hand_counts`] then does one weight-free pass per (board, hand): per
//! opponent holding, how many shared runouts end below or tied with us, tallied by type
//! (`by_type.rs`: per group and flush suit a 676-entry compare-and-add, per runout card a
//! 26-entry one, then a few lookups per holding; the same integers as one compare per
//! holding and runout, which a test checks on every flop class). [`HandCounts::potential`]
//! turns that into the weighted HS, HP table, PPot and NPot against one opponent
//! [`WeightTable`](crate::WeightTable) in one branch-free pass over about 1,100
//! holdings grouped by their state now. [`RankCache::potentials`] does one hand against
//! several tables. The next-card cache ([`NextCardCache`], one card of lookahead on a
//! flop) is the same structure over the 49 turn cards.
//!
//! # Flop classes
//!
//! A flop's table is a function of the board alone and suits are symmetric before the
//! flop, so the sweep's sums on one flop of a suit class (1,755 classes) give every flop
//! of the class its sums, with each holding mapped through the suit permutation
//! (`classes.rs`). A [`FlopClasses`] store keeps them (31.8 KB a class,
//! 55.8 MB for all, a 64 MB budget): a flop whose class is stored costs the board's
//! set-up, the HS counts and, with the rank cache, the cache part of the sweep (the
//! holding types' river ranks), about a seventh of a full sweep with the cache and a
//! thirtieth without. Served and swept tables are the same (a test compares
//! them on every class). In random deals the store holds 727 classes after 1,000 flops
//! (27 % of them served), 1,697 after 10,000 (83 %) and all after about 20,000;
//! [`FlopClasses::fill_all`] stores every class at once (about 5 s of one core).
//!
//! # Timings
//!
//! Range-table rows: `cargo run --release -p loki-assess --example range_time -- BOARD
//! 31 [cache]`, the minimum of 31 builds swept in full on one thread (shared 2-vCPU Intel guest, AVX2;
//! the median is within 5 % of it when the other core is idle, and up to 2.5 times it
//! when other developers' builds preempt us). Before the runout groups and the blocked
//! prefix counts, the rainbow flop took 6.3 ms (minimum; median 10.4 ms in the same
//! interleaved runs). Other rows: `cargo bench -p loki-assess --features bench --bench range` (criterion
//! medians, an AMD EPYC guest, load average about 2-3); the design prototype
//! (the project's range-table research note) was measured idle; our naive single-holding loop
//! takes 4.7 ms here against its 3.1-3.4 ms there.
//!
//! | operation | time |
//! |---|---:|
//! | range table, rainbow 5s4dKh (289 sweeps) | 2.6 ms |
//! | range table, two-tone 3h4cJh (slowest texture: 355 sweeps, many with a flush suit) | 3.0 ms |
//! | range table, monotone JcQc8c | 2.7 ms |
//! | range table, rainbow paired 9d2s9h | 1.9 ms |
//! | range table, trips 7c7d7h | 1.3 ms |
//! | range table, turn 3h4cJh2d (PPot1) | 0.34 ms |
//! | range table + rank cache (type tables), rainbow flop (criterion, load about 5) | 2.3 ms |
//! | range table, a flop served from its class, rainbow / two-tone (criterion, load about 4.5; swept 2.2 / 2.5 ms in the same run) | 0.032 / 0.043 ms |
//! | range table + rank cache (type tables from shared rows), served from its class, rainbow / two-tone (as dense rows: 0.76 / 1.29 ms; type tables written pair by pair: 0.28 / 0.31 ms) | 0.105 / 0.124 ms |
//! | cached two-card HP table, one hand vs 1 table | 83 us |
//! | cached two-card HP table, one hand vs 10 tables | 99 us |
//! | weighted pass alone (one more table) | 1.2 us |
//! | cached one-card HP table on the turn, vs 1 table | 9.8 us |
//! | naive Figure-2 loop, one holding on a flop | 4.7 ms |
//!
//! The naive table would be 1,176 x 4.7 ms = 5.6 s: the range table is about 2,000 times
//! faster.
mod board;
mod by_type;
mod cache;
mod classes;
#[doc(hidden)]
pub mod internals;
mod next_card;
mod prefix;
mod river;
mod simd;
mod spare;
mod sweep;

pub use cache::{CachedPotential, HandCounts, RankCache};
pub use classes::{
    canonical_flops, check_class_bytes, flop_classes, is_canonical_flop, ClassBytesError,
    ClassStats, FlopClasses, CLASS_BYTES, CLASS_STORE_BYTES, CLASS_SUMS_VERSION,
};
pub use next_card::NextCardCache;
pub use river::RiverTable;

use crate::AssessError;
use board::{BoardInfo, NONE};
use classes::FlopClass;
use loki_cards::{Card, HoleCards};
use rayon::prelude::*;
use std::sync::Arc;
use sweep::Fill;

/// The rank cache's parts as filled by the sweep: with [`Fill::Types`] (no dense rows)
/// each runout's group and the groups' type tables; otherwise the dense rows, each
/// runout's rank table and the rank tables.
type CacheParts = (Vec<i8>, Vec<u16>, Vec<u16>);

/// Exact integer counts of one holding against one uniform opponent: HS counts and the
/// 3x3 HP table (rows: now ahead / tied / behind, columns: final ahead / tied / behind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct HoldingCounts {
    /// Opponent holdings we beat on the current board.
    pub ahead: u32,
    /// Opponent holdings we tie.
    pub tied: u32,
    /// Opponent holdings that beat us.
    pub behind: u32,
    /// HP cells: (opponent holding, runout) pairs by state now and at the river.
    pub hp: [[u32; 3]; 3],
}

impl HoldingCounts {
    /// Hand strength `(ahead + tied / 2) / total`.
    pub fn hs(&self) -> f64 {
        let total = f64::from(self.ahead) + f64::from(self.tied) + f64::from(self.behind);
        if total > 0.0 {
            (f64::from(self.ahead) + f64::from(self.tied) / 2.0) / total
        } else {
            0.0
        }
    }

    /// All derived values with `r` runouts per opponent holding (uniform weights).
    pub fn potential(&self, r: u32) -> CachedPotential {
        let hp = self.hp.map(|row| row.map(f64::from));
        let total = [
            f64::from(self.ahead),
            f64::from(self.tied),
            f64::from(self.behind),
        ];
        CachedPotential::from_sums(hp, total, f64::from(r))
    }
}

/// The range table of one flop or turn: see the module docs.
#[derive(Clone, Debug)]
pub struct RangeTable {
    info: Arc<BoardInfo>,
    counts: Vec<HoldingCounts>,
    values: Vec<CachedPotential>,
    cache: Option<RankCache>,
}

impl RangeTable {
    /// The range table of a flop (3 cards) or turn (4 cards), without the rank cache,
    /// swept in full.
    ///
    /// # Errors
    /// [`AssessError::BoardLength`] or [`AssessError::DuplicateCard`].
    pub fn new(board: &[Card]) -> Result<RangeTable, AssessError> {
        Ok(RangeTable::build(board, false)?.0)
    }

    /// [`RangeTable::new`] with a flop whose suit class `classes` holds served from it
    /// (the same table); another flop is swept and its class stored.
    ///
    /// # Errors
    /// As [`RangeTable::new`].
    pub fn new_in(board: &[Card], classes: &FlopClasses) -> Result<RangeTable, AssessError> {
        Ok(RangeTable::build_filled(board, None, Some(classes))?.0)
    }

    /// The range table plus the board's river-rank cache (filled during the same pass;
    /// costs about 1.6 MB and a little time on a flop).
    ///
    /// # Errors
    /// [`AssessError::BoardLength`] or [`AssessError::DuplicateCard`].
    pub fn with_rank_cache(board: &[Card]) -> Result<RangeTable, AssessError> {
        RangeTable::with_rank_cache_filled(board, None)
    }

    /// [`RangeTable::with_rank_cache`] with a flop whose suit class `classes` holds
    /// served from it (the same table and cache: only the cache part of the sweep runs);
    /// another flop is swept and its class stored.
    ///
    /// # Errors
    /// As [`RangeTable::with_rank_cache`].
    pub fn with_rank_cache_in(
        board: &[Card],
        classes: &FlopClasses,
    ) -> Result<RangeTable, AssessError> {
        RangeTable::with_rank_cache_filled(board, Some(classes))
    }

    fn with_rank_cache_filled(
        board: &[Card],
        store: Option<&FlopClasses>,
    ) -> Result<RangeTable, AssessError> {
        let (mut table, (_, groups, ranks)) =
            RangeTable::build_filled(board, Some(Fill::Types), store)?;
        let mut cache = RankCache::from_types(Arc::clone(&table.info), groups, ranks);
        cache.spares = store.map(|s| Arc::clone(s.spares()));
        table.cache = Some(cache);
        Ok(table)
    }

    /// The table and, if asked, the rank cache's type tables.
    pub(crate) fn build(
        board: &[Card],
        cache: bool,
    ) -> Result<(RangeTable, CacheParts), AssessError> {
        RangeTable::build_filled(board, cache.then_some(Fill::Types), None)
    }

    /// The table (and the rank cache's parts as `cache` asks); on a flop whose class
    /// `store` holds, the sums are the class's, mapped through the suit permutation, and
    /// the sweep only fills the cache.
    fn build_filled(
        board: &[Card],
        cache: Option<Fill>,
        store: Option<&FlopClasses>,
    ) -> Result<(RangeTable, CacheParts), AssessError> {
        let info = BoardInfo::new(board)?;
        let class = match (&info.board[..], store) {
            (&[a, b, c], Some(_)) => Some(FlopClass::of([a, b, c].map(|x| x.index()))),
            _ => None,
        };
        let stored = class.and_then(|c| store.and_then(|s| s.get(&c)));
        let n = info.n();
        let runouts = info.runouts.len();
        let (mut y, mut groups, mut ranks) = match cache {
            Some(Fill::Types) => (
                Vec::new(),
                vec![0u16; runouts],
                match store {
                    Some(s) if board.len() == 3 => s.spares().flop_tables(),
                    _ => Vec::new(),
                },
            ),
            Some(_) => (
                vec![sweep::DEAD_DENSE; runouts * n],
                vec![0u16; runouts],
                Vec::with_capacity(400 * sweep::RANK_STRIDE),
            ),
            None => (Vec::new(), Vec::new(), Vec::new()),
        };
        let fill = cache.unwrap_or(Fill::Types);
        let rows = cache.map(|_| (&mut y[..], &mut groups[..], &mut ranks));
        let sums = match (stored, class) {
            (Some(by_holding), Some(class)) => {
                if rows.is_some() {
                    simd::sweep(&info, rows, fill, false);
                }
                info.cards
                    .iter()
                    .map(|&(a, b)| {
                        by_holding
                            .get(class.holding(a, b))
                            .copied()
                            .unwrap_or_default()
                    })
                    .collect()
            }
            _ => {
                let sums = simd::sweep(&info, rows, fill, true);
                if let (Some(class), Some(store)) = (class, store) {
                    store.insert(&class, &info.cards, &sums);
                }
                sums
            }
        };
        let hs = info.hs_counts();
        let r = info.r;
        let counts: Vec<HoldingCounts> = sums
            .iter()
            .zip(&hs)
            .map(|(s, &[ahead, tied, behind])| {
                let [a1, a2, b1, b2, n1, n2] = *s;
                let ra = r * ahead;
                let rt = r * tied;
                let rb = r * behind;
                let ba = n1.wrapping_sub(a1).wrapping_sub(b1);
                let bt = n2.wrapping_sub(a2).wrapping_sub(b2);
                HoldingCounts {
                    ahead,
                    tied,
                    behind,
                    hp: [
                        [a1, a2, ra.wrapping_sub(a1).wrapping_sub(a2)],
                        [b1, b2, rt.wrapping_sub(b1).wrapping_sub(b2)],
                        [ba, bt, rb.wrapping_sub(ba).wrapping_sub(bt)],
                    ],
                }
            })
            .collect();
        let values = counts.iter().map(|c| c.potential(r)).collect();
        Ok((
            RangeTable {
                info: Arc::new(info),
                counts,
                values,
                cache: None,
            },
            (y, groups, ranks),
        ))
    }

    /// The board.
    pub fn board(&self) -> &[Card] {
        &self.info.board
    }

    /// Runouts per (holding, opponent) pair: 990 on a flop, 44 on a turn.
    pub fn runouts(&self) -> u32 {
        self.info.r
    }

    /// Opponent holdings per holding: 1,081 on a flop, 1,035 on a turn.
    pub fn opponents(&self) -> u32 {
        self.info.opponents
    }

    fn slot(&self, index: usize) -> Option<usize> {
        let l = *self.info.local.get(index)?;
        (l != NONE).then_some(l as usize)
    }

    /// EHS of a holding (`None` if it touches the board).
    pub fn ehs(&self, h: HoleCards) -> Option<f64> {
        self.slot(h.index()).map(|l| self.values[l].ehs())
    }

    /// EHS of holding index `index` (0..1326); NaN if it touches the board or is out of
    /// range.
    pub fn ehs_at(&self, index: usize) -> f64 {
        self.slot(index).map_or(f64::NAN, |l| self.values[l].ehs())
    }

    /// HS of a holding against one uniform opponent (`None` if it touches the board).
    pub fn hs(&self, h: HoleCards) -> Option<f64> {
        self.slot(h.index()).map(|l| self.values[l].hs)
    }

    /// PPot (PPot2 on a flop, PPot1 on a turn; `None` if the holding touches the board).
    pub fn ppot(&self, h: HoleCards) -> Option<f64> {
        self.slot(h.index()).map(|l| self.values[l].ppot)
    }

    /// NPot (NPot2 on a flop, NPot1 on a turn; `None` if the holding touches the board).
    pub fn npot(&self, h: HoleCards) -> Option<f64> {
        self.slot(h.index()).map(|l| self.values[l].npot)
    }

    /// All values of a holding as a [`CachedPotential`] with uniform weights.
    pub fn assessment(&self, h: HoleCards) -> Option<CachedPotential> {
        self.slot(h.index()).map(|l| self.values[l])
    }

    /// The exact integer counts of a holding (`None` if it touches the board).
    pub fn counts(&self, h: HoleCards) -> Option<HoldingCounts> {
        self.slot(h.index()).map(|l| self.counts[l])
    }

    /// EHS of all 1,326 holdings in holding-index order (NaN for those touching the
    /// board).
    pub fn ehs_all(&self) -> Vec<f64> {
        (0..loki_cards::HOLDINGS).map(|i| self.ehs_at(i)).collect()
    }

    /// The next-card cache of this flop (`None` on a turn): the same as
    /// [`NextCardCache::new`], from the board set-up this table has.
    pub fn next_card_cache(&self) -> Option<NextCardCache> {
        NextCardCache::of_flop(&self.info)
    }

    /// The river-rank cache, if built with [`RangeTable::with_rank_cache`].
    pub fn rank_cache(&self) -> Option<&RankCache> {
        self.cache.as_ref()
    }
}

impl FlopClasses {
    /// Sweeps every flop class not stored yet, in parallel on rayon's pool (about 5 s
    /// of one core for all 1,755), so that every later flop is served from its class:
    /// the state a long run reaches by itself after some 20,000 flops. Returns the
    /// classes swept.
    pub fn fill_all(&self) -> usize {
        classes::canonical_flops()
            .into_par_iter()
            .filter(|f| !self.contains(&FlopClass::of(*f)))
            .map(|f| {
                let board: Result<Vec<Card>, _> = f.iter().map(|&c| Card::from_index(c)).collect();
                board.ok().map_or(0, |b| {
                    let swept = RangeTable::build_filled(&b, None, Some(self));
                    usize::from(swept.is_ok())
                })
            })
            .sum()
    }
}

/// The bytes of the class of canonical flop `key` swept afresh (as
/// [`FlopClasses::class_bytes`] gives a stored class): what a class kept from another
/// process must equal. `None` for a key that is not a canonical flop. About 3 ms.
pub fn class_bytes_swept(key: [u8; 3]) -> Option<Vec<u8>> {
    if !classes::is_canonical_flop(key) {
        return None;
    }
    let board: Vec<Card> = key
        .iter()
        .map(|&c| Card::from_index(c))
        .collect::<Result<_, _>>()
        .ok()?;
    let store = FlopClasses::new(CLASS_BYTES);
    RangeTable::build_filled(&board, None, Some(&store)).ok()?;
    store.class_bytes(key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use loki_cards::parse_cards;

    /// A store's classes go out as bytes and come back the same: the swept bytes of a
    /// class equal the stored ones, a second store filled from the bytes serves the same
    /// table, and bad keys, lengths and dead-holding sums are refused.
    #[test]
    fn classes_round_trip_through_bytes() {
        let store = FlopClasses::new(CLASS_STORE_BYTES);
        let card = |i: u8| Card::from_index(i).unwrap();
        let flops = [[0u8, 5, 10], [0, 4, 8], [0, 1, 2], [0, 4, 17]];
        for f in flops {
            RangeTable::new_in(&f.map(card), &store).unwrap();
        }
        let keys = store.class_keys();
        assert_eq!(keys.len(), 4);
        let other = FlopClasses::new(CLASS_STORE_BYTES);
        for &k in &keys {
            let bytes = store.class_bytes(k).unwrap();
            assert_eq!(bytes.len(), CLASS_BYTES);
            assert_eq!(class_bytes_swept(k).unwrap(), bytes);
            assert_eq!(other.insert_class_bytes(k, &bytes), Ok(true));
            assert_eq!(other.insert_class_bytes(k, &bytes), Ok(false), "once");
        }
        assert_eq!(other.class_keys(), keys);
        for f in flops {
            let a = RangeTable::new_in(&f.map(card), &other).unwrap();
            let b = RangeTable::new(&f.map(card)).unwrap();
            assert!(a.counts == b.counts && a.values == b.values);
        }
        assert_eq!(other.stats().hits, 4);
        let k = keys[0];
        let bytes = store.class_bytes(k).unwrap();
        assert_eq!(
            other.insert_class_bytes([1, 0, 2], &bytes),
            Err(ClassBytesError::NotCanonical([1, 0, 2]))
        );
        assert_eq!(
            other.insert_class_bytes([0, 1, 52], &bytes),
            Err(ClassBytesError::NotCanonical([0, 1, 52]))
        );
        assert_eq!(
            other.insert_class_bytes(k, &bytes[1..]),
            Err(ClassBytesError::Length(CLASS_BYTES - 1))
        );
        let mut dead = bytes.clone();
        let h = loki_cards::holding_index(k[0], 51).unwrap();
        dead[h * 24] = 1;
        assert_eq!(
            FlopClasses::new(CLASS_STORE_BYTES).insert_class_bytes(k, &dead),
            Err(ClassBytesError::DeadHolding(k))
        );
        assert!(class_bytes_swept([1, 0, 2]).is_none());
        assert_eq!(FlopClasses::new(0).insert_class_bytes(k, &bytes), Ok(false));
    }

    #[test]
    fn errors_and_paper_example() {
        let c = |s: &str| parse_cards(s).unwrap();
        assert!(matches!(
            RangeTable::new(&c("3h4c")),
            Err(AssessError::BoardLength(2))
        ));
        assert!(matches!(
            RangeTable::new(&[c("3h")[0], c("4c")[0], c("3h")[0]]),
            Err(AssessError::DuplicateCard(_))
        ));
        // The paper's Table 1 values are checked in tests/range.rs.
        let t = RangeTable::new(&c("3h4cJh")).unwrap();
        assert!(t
            .ehs(HoleCards::new(c("3h")[0], c("2c")[0]).unwrap())
            .is_none());
        assert!(t.ehs_at(5000).is_nan());
        fn shared<T: Send + Sync>() {}
        shared::<HandCounts>();
        shared::<RangeTable>();
        shared::<RankCache>();
    }

    fn canonical_flops() -> Vec<[u8; 3]> {
        classes::canonical_flops()
    }

    /// The per-group fill of the rank cache writes the same bytes as the per-holding
    /// reference (and the sweep the same sums) on every flop up to suit isomorphism and
    /// on turns of every texture.
    #[test]
    fn per_group_fill_equals_per_holding_fill() {
        let flops = canonical_flops();
        assert_eq!(flops.len(), 1_755);
        let card = |i: u8| Card::from_index(i).unwrap();
        let mut boards: Vec<Vec<Card>> = flops.iter().map(|f| f.map(card).to_vec()).collect();
        for (i, f) in flops.iter().enumerate().step_by(29) {
            let turn = (0..52u8)
                .rev()
                .find(|t| !f.contains(t) && usize::from(*t) % 7 != i % 7);
            if let Some(t) = turn {
                boards.push(f.iter().chain([t].iter()).map(|&x| card(x)).collect());
            }
        }
        for board in boards {
            let info = BoardInfo::new(&board).unwrap();
            let (n, runouts) = (info.n(), info.runouts.len());
            let mut rows = [(); 2].map(|_| {
                (
                    vec![sweep::DEAD_DENSE; runouts * n],
                    vec![0u16; runouts],
                    Vec::new(),
                )
            });
            let [(y1, g1, r1), (y2, g2, r2)] = &mut rows;
            let s1 = simd::sweep(
                &info,
                Some((&mut y1[..], &mut g1[..], r1)),
                Fill::PerGroup,
                true,
            );
            let s2 = simd::sweep(
                &info,
                Some((&mut y2[..], &mut g2[..], r2)),
                Fill::PerHolding,
                true,
            );
            assert!(s1 == s2, "sums differ on {board:?}");
            assert!(y1 == y2, "dense ranks differ on {board:?}");
            assert!(g1 == g2, "runout tables differ on {board:?}");
            assert!(r1 == r2, "rank tables differ on {board:?}");
        }
    }

    /// A flop served from its suit class (the class's sums through the suit permutation,
    /// the sweep filling only the cache rows) gives the same counts, values, cache rows
    /// and rank tables as the flop swept in full: every flop class, each seen through
    /// two suit relabellings that move it.
    #[test]
    fn flops_served_from_their_class_equal_flops_swept_in_full() {
        let store = FlopClasses::new(CLASS_STORE_BYTES);
        let card = |i: u8| Card::from_index(i).unwrap();
        let relabel = |f: [u8; 3], p: [u8; 4]| f.map(|c| card(c / 4 * 4 + p[usize::from(c % 4)]));
        assert_eq!(store.fill_all(), 1_755);
        assert_eq!(store.fill_all(), 0, "every class stored once");
        let mut served = 0;
        for f in canonical_flops() {
            for p in [[1, 2, 3, 0], [3, 0, 2, 1]] {
                let board = relabel(f, p);
                let (a, rows_a) =
                    RangeTable::build_filled(&board, Some(Fill::Types), Some(&store)).unwrap();
                let (b, rows_b) =
                    RangeTable::build_filled(&board, Some(Fill::Types), None).unwrap();
                assert!(a.counts == b.counts, "counts differ on {board:?}");
                assert!(a.values == b.values, "values differ on {board:?}");
                assert!(rows_a == rows_b, "cache rows differ on {board:?}");
                served += 1;
            }
        }
        let stats = store.stats();
        assert_eq!(stats.classes, 1_755);
        assert_eq!(stats.hits, served);
        assert_eq!(stats.bytes, 1_755 * CLASS_BYTES);
    }

    /// The type tables built from the rows shared by the groups with the same runout
    /// ranks (dead types marked, hands with a flush evaluated) are the tables written pair
    /// by pair of live card types: every flop up to suit isomorphism, its next-card
    /// set-up (one card of lookahead), and turns of every texture.
    #[test]
    fn type_tables_from_shared_rows_equal_the_tables_written_by_pair() {
        let card = |i: u8| Card::from_index(i).unwrap();
        let mut boards: Vec<Vec<Card>> = Vec::new();
        for (i, f) in canonical_flops().iter().enumerate() {
            boards.push(f.map(card).to_vec());
            if i % 5 == 0 {
                let t = (0..52u8).find(|t| !f.contains(t) && usize::from(*t) % 3 == i % 3);
                if let Some(t) = t {
                    boards.push(f.iter().chain([t].iter()).map(|&x| card(x)).collect());
                }
            }
        }
        let tables = |info: &BoardInfo, fill: Fill| {
            let mut groups = vec![0u16; info.runouts.len()];
            let mut ranks = Vec::new();
            let mut no_rows: [i8; 0] = [];
            simd::sweep(
                info,
                Some((&mut no_rows[..], &mut groups[..], &mut ranks)),
                fill,
                false,
            );
            (groups, ranks)
        };
        let compared: usize = boards
            .par_iter()
            .map(|board| {
                let info = BoardInfo::new(board).unwrap();
                let mut infos = vec![info.clone()];
                infos.extend(info.next_card());
                for info in &infos {
                    let (g1, r1) = tables(info, Fill::Types);
                    let (g2, r2) = tables(info, Fill::TypesPerPair);
                    assert!(g1 == g2, "groups differ on {board:?}");
                    assert!(r1.len() == r2.len() && !r1.is_empty(), "{board:?}");
                    if let Some(i) = (0..r1.len()).find(|&i| r1[i] != r2[i]) {
                        let (g, e) = (i / sweep::TYPE_TABLE, i % sweep::TYPE_TABLE);
                        let ri = g1.iter().position(|&x| usize::from(x) == g);
                        panic!(
                            "type tables differ on {board:?}, group {g} (runout {:?}), types \
                             {} and {}: {} against {}",
                            ri.map(|r| info.runouts[r]),
                            e / sweep::CT,
                            e % sweep::CT,
                            r1[i],
                            r2[i]
                        );
                    }
                }
                infos.len()
            })
            .sum();
        assert!(compared > 2 * 1_755, "{compared} set-ups compared");
    }

    /// The suit-symmetry reduction is a separate step: with it switched off, every
    /// holding's sums and every cached rank are the same.
    #[test]
    fn symmetry_reduction_changes_nothing() {
        for b in [
            "JcQc8c", "3h4cJh", "9d2s9h", "7c7d7h", "5s4dKh", "3h4cJh2h", "JcQc8c9c",
        ] {
            let board = parse_cards(b).unwrap();
            let info = BoardInfo::new(&board).unwrap();
            let plain = info.clone().without_symmetry();
            assert!(info.orbits.len() <= plain.orbits.len());
            let n = info.n();
            let runouts = info.runouts.len();
            let mut y1 = vec![sweep::DEAD_DENSE; runouts * n];
            let mut g1 = vec![0u16; runouts];
            let mut r1 = Vec::new();
            let mut y2 = y1.clone();
            let mut g2 = g1.clone();
            let mut r2 = r1.clone();
            let s1 = simd::sweep(
                &info,
                Some((&mut y1[..], &mut g1[..], &mut r1)),
                Fill::PerGroup,
                true,
            );
            let s2 = sweep::sweep(
                &plain,
                Some((&mut y2[..], &mut g2[..], &mut r2)),
                Fill::PerHolding,
                true,
            );
            assert!(s1 == s2, "sums differ on {b}");
            assert!(y1 == y2, "dense ranks differ on {b}");
            // Each runout's rank table (the plain sweep groups fewer runouts together).
            let per_runout = |g: &[u16], r: &[u16]| -> Vec<u16> {
                g.iter()
                    .flat_map(|&t| {
                        let t = usize::from(t) * sweep::RANK_STRIDE;
                        r[t..t + sweep::RANK_STRIDE].to_vec()
                    })
                    .collect()
            };
            assert!(
                per_runout(&g1, &r1) == per_runout(&g2, &r2),
                "rank tables differ on {b}"
            );
        }
        let orbits = |b: &str| {
            BoardInfo::new(&parse_cards(b).unwrap())
                .unwrap()
                .orbits
                .len()
        };
        assert_eq!(orbits("JcQc8c"), 344);
        assert_eq!(orbits("3h4cJh"), 721);
        assert_eq!(orbits("9d2s9h"), 744);
        assert_eq!(orbits("7c7d7h"), 378);
        assert_eq!(orbits("5s4dKh"), 1176);
    }
}
