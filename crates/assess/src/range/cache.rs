//! The board's river-rank cache and the weighted single-hand potential computed from it.
use super::board::{BoardInfo, NONE};
use super::by_type::TypeTables;
use super::spare::Spares;
use super::sweep::{card_type, flush_suit, ABSENT, CT, TYPE_TABLE};
use crate::{AssessError, WeightTable};
use loki_cards::HoleCards;
use std::sync::Arc;

/// The river rank of every holding that avoids the board on every runout (two cards on a
/// flop: 1,176 runouts x 1,176 holdings; one card on a turn: 48 x 1,128), stored by
/// holding type: the runouts fall into groups that sweep alike (on a rainbow flop 289),
/// and each group keeps one table of river ranks by holding type (an ordered pair of card
/// types, a card's type being its rank and whether it is of the runout's flush suit):
/// a live holding's river rank on a runout is its group's entry for the holding's type
/// under the runout's flush suit. About 0.4 MB on a flop; the same ranks as one byte per
/// holding and runout (1.4 MB), which the tests keep as the reference.
#[derive(Clone, Debug)]
pub struct RankCache {
    pub(crate) info: Arc<BoardInfo>,
    /// Runout -> its group (the index of its type table).
    pub(crate) groups: Vec<u16>,
    /// Runout -> its flush-suit value (the suit of three or more of its five or six
    /// cards, 4 for none).
    pub(crate) suits: Vec<u8>,
    /// `ranks[group * TYPE_TABLE + a * CT + b]`: the river rank of the holdings of card
    /// types `a` and `b` on the group's runouts ([`ABSENT`] for a type with none live).
    pub(crate) ranks: Vec<u16>,
    /// Where the type tables' buffer goes when the cache is dropped (the spares of the
    /// flop class store it was built with, if any; `spare.rs`).
    pub(crate) spares: Option<Arc<Spares>>,
}

/// The weight-free part of a hand's potential on a cached board: for every opponent
/// holding `k` that avoids our hole cards and the board, how many of the runouts they
/// share end with `k` below our hand and how many tie. One pass per (board, hand) serves
/// every opponent weight table.
#[derive(Clone, Debug, PartialEq)]
pub struct HandCounts {
    hole: HoleCards,
    r: u32,
    /// Opponent holdings (global indices) grouped by state now from our side: ahead
    /// `starts[0]..starts[1]`, tied `starts[1]..starts[2]`, behind `starts[2]..`.
    global: Vec<u16>,
    /// Per opponent: runouts ending with the opponent below us.
    below: Vec<f64>,
    /// Per opponent: runouts ending tied.
    equal: Vec<f64>,
    starts: [usize; 4],
}

/// A weighted hand assessment against one opponent table (the conventions of
/// `crates/assess/tests/data/public.json`): HS counts, the 3x3 HP table (rows: now ahead / tied /
/// behind; columns: final ahead / tied / behind; weights added once per runout), PPot
/// and NPot with `R` runouts per holding.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CachedPotential {
    /// Weight of opponent holdings we beat now.
    pub ahead: f64,
    /// Weight of opponent holdings we tie now.
    pub tied: f64,
    /// Weight of opponent holdings that beat us now.
    pub behind: f64,
    /// HP cells, weighted once per runout.
    pub hp: [[f64; 3]; 3],
    /// Weighted holdings in each state now (`[ahead, tied, behind]`).
    pub hp_total: [f64; 3],
    /// Hand strength `(ahead + tied / 2) / total` (0 for an empty table).
    pub hs: f64,
    /// Positive potential (0 when its denominator is 0).
    pub ppot: f64,
    /// Negative potential (0 when its denominator is 0).
    pub npot: f64,
}

impl CachedPotential {
    /// Effective hand strength `HS + (1 - HS) * PPot`.
    pub fn ehs(&self) -> f64 {
        self.hs + (1.0 - self.hs) * self.ppot
    }

    /// Builds the derived values from the sums (public.json formulas).
    pub(crate) fn from_sums(hp: [[f64; 3]; 3], total: [f64; 3], r: f64) -> CachedPotential {
        let [ahead, tied, behind] = total;
        let all = ahead + tied + behind;
        let hs = if all > 0.0 {
            (ahead + tied / 2.0) / all
        } else {
            0.0
        };
        let (a, t, b) = (0, 1, 2);
        let pden = r * (behind + tied / 2.0);
        let ppot = if pden > 0.0 {
            (hp[b][a] + hp[b][t] / 2.0 + hp[t][a] / 2.0) / pden
        } else {
            0.0
        };
        let nden = r * (ahead + tied / 2.0);
        let npot = if nden > 0.0 {
            (hp[a][b] + hp[t][b] / 2.0 + hp[a][t] / 2.0) / nden
        } else {
            0.0
        };
        CachedPotential {
            ahead,
            tied,
            behind,
            hp,
            hp_total: total,
            hs,
            ppot,
            npot,
        }
    }
}

impl HandCounts {
    /// Counts from their parts as the fields hold them, for the reference
    /// implementations of the tests and benches (`range::internals::hand_counts`).
    pub(crate) fn from_parts(
        hole: HoleCards,
        r: u32,
        global: Vec<u16>,
        below: Vec<f64>,
        equal: Vec<f64>,
        starts: [usize; 4],
    ) -> HandCounts {
        HandCounts {
            hole,
            r,
            global,
            below,
            equal,
            starts,
        }
    }

    /// Counts from the per-holding tallies of the hand at local index `h` on the board
    /// `info` describes: `below[k]` and `equal[k]`, the runouts shared with local holding
    /// `k` that end with `k` below us and tied (read only for holdings that avoid ours).
    pub(crate) fn from_local(
        info: &BoardInfo,
        hole: HoleCards,
        h: usize,
        below: &[u16],
        equal: &[u16],
    ) -> HandCounts {
        let hm = info.masks[h];
        let xh = info.x[h];
        let mut groups: [Vec<usize>; 3] = Default::default();
        for k in (0..info.n()).filter(|&k| info.masks[k] & hm == 0) {
            let state = match xh.cmp(&info.x[k]) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 2,
            };
            groups[state].push(k);
        }
        let order: Vec<usize> = groups.concat();
        let starts = [
            0,
            groups[0].len(),
            groups[0].len() + groups[1].len(),
            order.len(),
        ];
        let count = |v: &[u16], k: usize| f64::from(v.get(k).copied().unwrap_or(0));
        HandCounts {
            hole,
            r: info.r,
            global: order.iter().map(|&k| info.global[k]).collect(),
            below: order.iter().map(|&k| count(below, k)).collect(),
            equal: order.iter().map(|&k| count(equal, k)).collect(),
            starts,
        }
    }

    /// The hole cards these counts belong to.
    pub fn hole(&self) -> HoleCards {
        self.hole
    }

    /// Runouts per opponent holding (990 on a flop, 44 on a turn).
    pub fn runouts(&self) -> u32 {
        self.r
    }

    /// The weighted pass: HS, HP and the potentials against one opponent table (about
    /// 1,100 multiply-adds).
    pub fn potential(&self, weights: &WeightTable) -> CachedPotential {
        let w = weights.weights();
        let r = f64::from(self.r);
        let mut hp = [[0.0f64; 3]; 3];
        let mut total = [0.0f64; 3];
        for row in 0..3 {
            let range = self.starts[row]..self.starts[row + 1];
            let (Some(g), Some(b), Some(e)) = (
                self.global.get(range.clone()),
                self.below.get(range.clone()),
                self.equal.get(range),
            ) else {
                continue;
            };
            let (mut sw, mut sb, mut se) = (0.0f64, 0.0f64, 0.0f64);
            for ((&g, &b), &e) in g.iter().zip(b).zip(e) {
                let wk = w.get(g as usize).copied().unwrap_or(0.0);
                sw += wk;
                sb += wk * b;
                se += wk * e;
            }
            // Every opponent shares exactly R runouts with us: the rest end above us.
            total[row] = sw;
            hp[row] = [sb, se, r * sw - sb - se];
        }
        CachedPotential::from_sums(hp, total, r)
    }
}

impl Drop for RankCache {
    /// A flop's type tables go back to the spares of the store it was built with
    /// (`spare.rs`).
    fn drop(&mut self) {
        if let Some(spares) = &self.spares {
            spares.give_back(std::mem::take(&mut self.ranks));
        }
    }
}

impl RankCache {
    /// The cache of the board `info` describes from the sweep's type tables (filled with
    /// [`Fill::Types`](super::sweep::Fill::Types)).
    pub(crate) fn from_types(info: Arc<BoardInfo>, groups: Vec<u16>, ranks: Vec<u16>) -> RankCache {
        let suits = info
            .runout_masks
            .iter()
            .map(|&m| flush_suit(info.board_mask | m) as u8)
            .collect();
        RankCache {
            info,
            groups,
            suits,
            ranks,
            spares: None,
        }
    }

    /// Builds the cache of a flop (3 cards) or turn (4 cards) on its own (the range
    /// table's pass fills it too, see [`super::RangeTable::with_rank_cache`]).
    ///
    /// # Errors
    /// A board of the wrong length or with a repeated card.
    pub fn new(board: &[loki_cards::Card]) -> Result<RankCache, AssessError> {
        let (table, (_, groups, ranks)) = super::RangeTable::build(board, true)?;
        Ok(RankCache::from_types(table.info, groups, ranks))
    }

    /// The board cards.
    pub fn board(&self) -> &[loki_cards::Card] {
        &self.info.board
    }

    /// Cards of lookahead: 2 on a flop, 1 on a turn.
    pub fn lookahead(&self) -> usize {
        if self.info.board.len() == 3 {
            2
        } else {
            1
        }
    }

    /// The cached river rank of holding index `holding` (0..1326) on runout number
    /// `runout` (in the order of [`RankCache::runouts`]); `None` if either is out of range,
    /// the holding touches the board, or it touches the runout.
    pub fn river_rank(&self, runout: usize, holding: usize) -> Option<u16> {
        let info = &self.info;
        let l = usize::from(*info.local.get(holding)?);
        let (&(a, b), &mask) = (info.cards.get(l)?, info.masks.get(l)?);
        if mask & *info.runout_masks.get(runout)? != 0 {
            return None;
        }
        let s = usize::from(*self.suits.get(runout)?);
        let key = usize::from(card_type(usize::from(a), s)) * CT
            + usize::from(card_type(usize::from(b), s));
        let group = usize::from(*self.groups.get(runout)?);
        self.ranks
            .get(group * TYPE_TABLE + key)
            .copied()
            .filter(|&y| y != ABSENT)
    }

    /// The runouts, in cache order: card index pairs on a flop, `(card, 255)` on a turn.
    pub fn runouts(&self) -> &[(u8, u8)] {
        &self.info.runouts
    }

    /// The weight-free counts of one hand: per runout group and flush suit, which holding
    /// types end below or tied with ours, then per holding its types' totals less the
    /// runouts through its own cards (a few tens of thousands of operations on a flop; the
    /// same counts as one compare per holding and runout).
    ///
    /// # Errors
    /// [`AssessError::HoleTouchesBoard`] when the hole cards share a card with the board.
    pub fn hand_counts(&self, hole: HoleCards) -> Result<HandCounts, AssessError> {
        let info = &self.info;
        let h = info.local[hole.index()];
        if h == NONE || info.n() == 0 {
            return Err(AssessError::HoleTouchesBoard {
                hole: hole.to_string(),
            });
        }
        let h = h as usize;
        let tables = TypeTables {
            info,
            groups: &self.groups,
            suits: &self.suits,
            ranks: &self.ranks,
        };
        let (below, equal) = super::simd::hand_tally(&tables, h);
        Ok(HandCounts::from_local(info, hole, h, &below, &equal))
    }

    /// The weighted potential of one hand against one opponent table: the hand's counts
    /// pass plus one weighted pass. On a flop this is the two-card lookahead (PPot2,
    /// NPot2), on a turn the one-card lookahead (PPot1, NPot1).
    ///
    /// # Errors
    /// [`AssessError::HoleTouchesBoard`] when the hole cards share a card with the board.
    pub fn potential(
        &self,
        hole: HoleCards,
        weights: &WeightTable,
    ) -> Result<CachedPotential, AssessError> {
        Ok(self.hand_counts(hole)?.potential(weights))
    }

    /// [`RankCache::potential`] on a flop only (two-card lookahead).
    ///
    /// # Errors
    /// [`AssessError::WrongStreet`] on a turn cache; otherwise as [`RankCache::potential`].
    pub fn potential2(
        &self,
        hole: HoleCards,
        weights: &WeightTable,
    ) -> Result<CachedPotential, AssessError> {
        self.check_lookahead(2)?;
        self.potential(hole, weights)
    }

    /// [`RankCache::potential`] on a turn only (one-card lookahead).
    ///
    /// # Errors
    /// [`AssessError::WrongStreet`] on a flop cache; otherwise as [`RankCache::potential`].
    pub fn potential1(
        &self,
        hole: HoleCards,
        weights: &WeightTable,
    ) -> Result<CachedPotential, AssessError> {
        self.check_lookahead(1)?;
        self.potential(hole, weights)
    }

    /// One hand against several opponent tables: one counts pass, then one cheap
    /// weighted pass per table.
    ///
    /// # Errors
    /// [`AssessError::HoleTouchesBoard`] when the hole cards share a card with the board.
    pub fn potentials(
        &self,
        hole: HoleCards,
        tables: &[&WeightTable],
    ) -> Result<Vec<CachedPotential>, AssessError> {
        let counts = self.hand_counts(hole)?;
        Ok(tables.iter().map(|t| counts.potential(t)).collect())
    }

    fn check_lookahead(&self, lookahead: usize) -> Result<(), AssessError> {
        if self.lookahead() == lookahead {
            Ok(())
        } else {
            Err(AssessError::WrongStreet {
                lookahead,
                board_len: self.info.board.len(),
            })
        }
    }
}
