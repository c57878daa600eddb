//! The river-rank cache as dense rows (one signed byte per holding and runout: 1.4 MB on
//! a flop) and the counts pass over them: the reference that the type tables of
//! [`RankCache`](super::RankCache) are compared with, in the tests and in the criterion
//! bench (`cargo bench -p loki-assess --features bench --bench range -- rank_cache`).
use super::board::{BoardInfo, NONE};
use super::cache::HandCounts;
use super::sweep::{self, Fill};
use super::{FlopClasses, RangeTable};
use crate::AssessError;
use loki_cards::{Card, HoleCards};
use std::sync::Arc;

/// Every holding's river rank on every runout as its order among that runout's distinct
/// ranks, with a 256-entry "order -> rank" table per group of runouts that sweep alike;
/// holdings that touch a runout hold a sentinel above every order.
#[derive(Clone, Debug)]
pub struct RankRows {
    info: Arc<BoardInfo>,
    /// Runout-major: `y[runout * n + holding]` = dense order - 128 (127 = dead).
    y: Vec<i8>,
    /// Runout -> its rank table.
    groups: Vec<u16>,
    /// `ranks[table * 256 + order]` = the river rank of that dense order.
    ranks: Vec<u16>,
}

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
        let fill = if per_holding {
            Fill::PerHolding
        } else {
            Fill::PerGroup
        };
        let (table, (y, groups, ranks)) = RangeTable::build_filled(board, Some(fill), store)?;
        let info = Arc::clone(&table.info);
        Ok((
            table,
            RankRows {
                info,
                y,
                groups,
                ranks,
            },
        ))
    }

    /// The river rank of holding index `holding` on runout number `runout`, as
    /// [`RankCache::river_rank`](super::RankCache::river_rank).
    pub fn river_rank(&self, runout: usize, holding: usize) -> Option<u16> {
        let l = *self.info.local.get(holding)?;
        if l == NONE || runout >= self.info.runouts.len() {
            return None;
        }
        let v = *self.y.get(runout * self.info.n() + l as usize)?;
        if v == sweep::DEAD_DENSE {
            return None;
        }
        let order = (i32::from(v) + 128) as usize;
        let table = usize::from(*self.groups.get(runout)?);
        self.ranks.get(table * sweep::RANK_STRIDE + order).copied()
    }

    /// The weight-free counts of one hand, one byte compare per holding and runout
    /// (vectorised).
    ///
    /// # Errors
    /// [`AssessError::HoleTouchesBoard`] when the hole cards share a card with the board.
    pub fn hand_counts(&self, hole: HoleCards) -> Result<HandCounts, AssessError> {
        let info = &self.info;
        let n = info.n();
        let h = info.local[hole.index()];
        if h == NONE || n == 0 {
            return Err(AssessError::HoleTouchesBoard {
                hole: hole.to_string(),
            });
        }
        let h = h as usize;
        let hm = info.masks[h];
        let mut below = vec![0u16; n];
        let mut equal = vec![0u16; n];
        let rows: Vec<(usize, i8)> = info
            .runout_masks
            .iter()
            .enumerate()
            .filter(|&(_, &rm)| rm & hm == 0)
            .filter_map(|(ri, _)| Some((ri * n, *self.y.get(ri * n + h)?)))
            .collect();
        super::simd::count_rows(&self.y, &rows, &mut below, &mut equal);
        Ok(HandCounts::from_local(info, hole, h, &below, &equal))
    }
}
