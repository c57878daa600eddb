//! Crate internals for the reference implementations that the integration tests
//! (`crates/assess/tests/common/reference/`) and the criterion benches compare the fast
//! code with: the board set-up, the dense river-rank rows the sweep still writes for
//! them, the sweep's type tables written either way, and a raw [`HandCounts`]
//! constructor. Hidden from the documentation and not an API: nothing outside this
//! crate's tests and benches may use it. Always compiled (no feature), so that the tests'
//! build and the binary's share one copy of this crate and of every crate above it. Read-only views: no
//! production field is made public.
use super::board::BoardInfo;
/// The suit permutations and their action on cards and card masks (the references'
/// helpers too).
pub use super::board::{map_card, map_mask, suit_perms};
use super::sweep::{self, Fill};
use super::{simd, FlopClasses, HandCounts, RangeTable};
use crate::AssessError;
use loki_cards::{Card, HoleCards};
use std::sync::Arc;

/// The dense value of a holding that touches the runout in [`DenseRows::y`].
pub const DEAD_DENSE: i8 = sweep::DEAD_DENSE;
/// Entries of each rank table in [`DenseRows::ranks`].
pub const RANK_STRIDE: usize = sweep::RANK_STRIDE;

/// A board's set-up (`BoardInfo`), read through accessors.
#[derive(Clone, Debug)]
pub struct Board(Arc<BoardInfo>);

impl Board {
    /// The set-up of a flop or turn.
    ///
    /// # Errors
    /// [`AssessError::BoardLength`] or [`AssessError::DuplicateCard`].
    pub fn new(board: &[Card]) -> Result<Board, AssessError> {
        Ok(Board(Arc::new(BoardInfo::new(board)?)))
    }

    /// The flop's set-up with one card of lookahead (`None` on a turn).
    pub fn next_card(&self) -> Option<Board> {
        self.0.next_card().map(|b| Board(Arc::new(b)))
    }

    /// Holdings that do not touch the board.
    pub fn n(&self) -> usize {
        self.0.n()
    }

    /// Bit set of the board cards.
    pub fn board_mask(&self) -> u64 {
        self.0.board_mask
    }

    /// Local holding -> its two card indices (low, high).
    pub fn cards(&self) -> &[(u8, u8)] {
        &self.0.cards
    }

    /// Local holding -> bit set of its two cards.
    pub fn masks(&self) -> &[u64] {
        &self.0.masks
    }

    /// Local holding -> global holding index.
    pub fn global(&self) -> &[u16] {
        &self.0.global
    }

    /// Global holding index -> local index, or `u16::MAX`.
    pub fn local(&self) -> &[u16] {
        &self.0.local
    }

    /// Local holding -> rank on the current board.
    pub fn x(&self) -> &[u16] {
        &self.0.x
    }

    /// Number of distinct ranks on the current board.
    pub fn dx(&self) -> usize {
        self.0.dx
    }

    /// Card pair `52 * a + b` (either order) -> its rank class, or `u16::MAX`.
    pub fn pair_xc(&self) -> &[u16] {
        &self.0.pair_xc
    }

    /// The runouts (a turn's: `(card, 255)`).
    pub fn runouts(&self) -> &[(u8, u8)] {
        &self.0.runouts
    }

    /// Runout -> bit set of its cards.
    pub fn runout_masks(&self) -> &[u64] {
        &self.0.runout_masks
    }

    /// The suit permutations fixing the board, as permutations of local holdings.
    pub fn holding_perms(&self) -> &[Vec<u16>] {
        &self.0.holding_perms
    }

    /// The number of runout orbits.
    pub fn orbit_count(&self) -> usize {
        self.0.orbits.len()
    }

    /// The runout orbits as (representative, members (runout, permutation index)).
    pub fn orbits(&self) -> Vec<(usize, Vec<(usize, usize)>)> {
        let orbits = &self.0.orbits;
        (0..orbits.len())
            .map(|o| (orbits.rep(o).unwrap_or(0), orbits.members(o).to_vec()))
            .collect()
    }

    /// The counts of the hand `hole` at local index `h` from its per-holding tallies, as
    /// the rank cache makes them (`HandCounts::from_local`).
    pub fn hand_counts(
        &self,
        hole: HoleCards,
        h: usize,
        below: &[u16],
        equal: &[u16],
    ) -> HandCounts {
        HandCounts::from_local(&self.0, hole, h, below, equal)
    }
}

/// [`HandCounts`] from its parts: the opponent holdings (global indices) grouped by
/// state now (ahead `starts[0]..starts[1]`, tied, behind), their runouts ending below
/// and tied with us, `r` runouts per pair.
pub fn hand_counts(
    hole: HoleCards,
    r: u32,
    global: Vec<u16>,
    below: Vec<f64>,
    equal: Vec<f64>,
    starts: [usize; 4],
) -> HandCounts {
    HandCounts::from_parts(hole, r, global, below, equal, starts)
}

/// The rank cache as dense rows, filled by the sweep ([`dense_rows`]).
#[derive(Clone, Debug)]
pub struct DenseRows {
    /// The board's set-up.
    pub board: Board,
    /// Runout-major: `y[runout * n + holding]` = dense order - 128 ([`DEAD_DENSE`] =
    /// dead).
    pub y: Vec<i8>,
    /// Runout -> its rank table.
    pub groups: Vec<u16>,
    /// `ranks[table * RANK_STRIDE + order]` = the river rank of that dense order.
    pub ranks: Vec<u16>,
}

/// The range table of a flop or turn with the rank cache as dense rows, written per
/// runout group or (`per_holding`) one lookup per holding and runout; on a flop whose
/// class `store` holds, only the cache part of the sweep runs.
///
/// # Errors
/// A board of the wrong length or with a repeated card.
pub fn dense_rows(
    board: &[Card],
    per_holding: bool,
    store: Option<&FlopClasses>,
) -> Result<(RangeTable, DenseRows), AssessError> {
    let fill = if per_holding {
        Fill::PerHolding
    } else {
        Fill::PerGroup
    };
    let (table, (y, groups, ranks)) = RangeTable::build_filled(board, Some(fill), store)?;
    let board = Board(Arc::clone(&table.info));
    Ok((
        table,
        DenseRows {
            board,
            y,
            groups,
            ranks,
        },
    ))
}

/// A flop's (or turn's) set-up and the cache part of its sweep, the type tables built
/// from the rows shared by groups with the same runout ranks (`by_pair` false) or
/// written pair by pair of live card types (the reference); the number of entries.
pub fn type_tables(board: &[Card], by_pair: bool) -> usize {
    let Ok(info) = BoardInfo::new(board) else {
        return 0;
    };
    let mut groups = vec![0u16; info.runouts.len()];
    let mut ranks = Vec::new();
    let mut no_rows: [i8; 0] = [];
    let fill = if by_pair {
        Fill::TypesPerPair
    } else {
        Fill::Types
    };
    simd::sweep(
        &info,
        Some((&mut no_rows[..], &mut groups[..], &mut ranks)),
        fill,
        false,
    );
    ranks.len()
}

/// A board's set-up (`BoardInfo::new`) alone; the number of orbits (0 for a bad board).
pub fn board_set_up(board: &[Card]) -> usize {
    BoardInfo::new(board).map_or(0, |info| info.orbits.len())
}
