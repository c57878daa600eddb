//! The river-rank cache as dense rows (one signed byte per holding and runout: 1.4 MB on
//! a flop) and the counts pass over them: the reference that the type tables of
//! `RankCache` (`crates/assess/src/range/cache.rs`) are compared with, in the tests and in
//! the criterion bench (`cargo bench -p loki-assess --features bench --bench range --
//! rank_cache`). The sweep still writes the dense rows (`Fill::PerGroup` and
//! `Fill::PerHolding` in `crates/assess/src/range/sweep.rs`).
use super::counts::count_rows;
use loki_assess::range::internals::{self, DenseRows, DEAD_DENSE, RANK_STRIDE};
use loki_assess::range::FlopClasses;
use loki_assess::{AssessError, HandCounts, RangeTable};
use loki_cards::{Card, HoleCards};

/// "No local index": the holding touches the board.
const NONE: u16 = u16::MAX;

/// Every holding's river rank on every runout as its order among that runout's distinct
/// ranks, with a 256-entry "order -> rank" table per group of runouts that sweep alike;
/// holdings that touch a runout hold a sentinel above every order.
#[derive(Clone, Debug)]
pub struct RankRows(DenseRows);

impl RankRows {
    /// The range table of a flop or turn with its rank cache as dense rows, written per
    /// runout group (`per_holding`: one lookup per holding and runout; the same bytes):
    /// the path a first flop decision took before the type tables. On a flop whose class
    /// `store` holds, only the cache part of the sweep runs; otherwise the whole sweep
    /// (and the class is stored).
    ///
    /// # Errors
    /// A board of the wrong length or with a repeated card.
    pub fn new(
        board: &[Card],
        per_holding: bool,
        store: Option<&FlopClasses>,
    ) -> Result<(RangeTable, RankRows), AssessError> {
        let (table, rows) = internals::dense_rows(board, per_holding, store)?;
        Ok((table, RankRows(rows)))
    }

    /// The river rank of holding index `holding` on runout number `runout`, as
    /// `RankCache::river_rank`.
    pub fn river_rank(&self, runout: usize, holding: usize) -> Option<u16> {
        let info = &self.0.board;
        let l = *info.local().get(holding)?;
        if l == NONE || runout >= info.runouts().len() {
            return None;
        }
        let v = *self.0.y.get(runout * info.n() + l as usize)?;
        if v == DEAD_DENSE {
            return None;
        }
        let order = (i32::from(v) + 128) as usize;
        let table = usize::from(*self.0.groups.get(runout)?);
        self.0.ranks.get(table * RANK_STRIDE + order).copied()
    }

    /// The weight-free counts of one hand, one byte compare per holding and runout
    /// (vectorised).
    ///
    /// # Errors
    /// [`AssessError::HoleTouchesBoard`] when the hole cards share a card with the board.
    pub fn hand_counts(&self, hole: HoleCards) -> Result<HandCounts, AssessError> {
        let info = &self.0.board;
        let n = info.n();
        let h = info.local()[hole.index()];
        if h == NONE || n == 0 {
            return Err(AssessError::HoleTouchesBoard {
                hole: hole.to_string(),
            });
        }
        let h = h as usize;
        let hm = info.masks()[h];
        let mut below = vec![0u16; n];
        let mut equal = vec![0u16; n];
        let rows: Vec<(usize, i8)> = info
            .runout_masks()
            .iter()
            .enumerate()
            .filter(|&(_, &rm)| rm & hm == 0)
            .filter_map(|(ri, _)| Some((ri * n, *self.0.y.get(ri * n + h)?)))
            .collect();
        count_rows(&self.0.y, &rows, &mut below, &mut equal);
        Ok(info.hand_counts(hole, h, &below, &equal))
    }
}
