//! Shared validation of a spot (our hole cards and the board) and the list of live
//! opponent holdings: the pairs that contain no known card (Billings et al. 1998,
//! "Hand Assessment": 1,081 on the flop, 1,035 on the turn, 990 on the river).
use crate::AssessError;
use loki_cards::{Card, CardSet, Hand, HoleCards, HOLDINGS};

/// A validated spot.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Spot {
    /// Our cards plus the board.
    pub known: CardSet,
    /// The board's partial hand.
    pub board_hand: Hand,
    /// Our hand: hole cards plus board.
    pub our_hand: Hand,
}

/// Checks the board length (0, 3, 4, 5) and that all cards are distinct.
pub(crate) fn spot(hole: HoleCards, board: &[Card]) -> Result<Spot, AssessError> {
    if !matches!(board.len(), 0 | 3 | 4 | 5) {
        return Err(AssessError::BoardLength(board.len()));
    }
    let mut known = hole.set();
    for &c in board {
        if !known.insert(c) {
            return Err(AssessError::DuplicateCard(c));
        }
    }
    let board_hand = Hand::EMPTY.with_all(board);
    let our_hand = board_hand.with(hole.low()).with(hole.high());
    Ok(Spot {
        known,
        board_hand,
        our_hand,
    })
}

/// One live holding: its index and its two card indices (low first).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Live {
    pub h: u16,
    pub a: u8,
    pub b: u8,
}

/// Every holding that avoids `known`, in holding-index order.
pub(crate) fn live_holdings(known: CardSet) -> Vec<Live> {
    let mut out = Vec::with_capacity(1081);
    for h in 0..HOLDINGS {
        let (a, b) = HoleCards::pair_of_index(h).unwrap_or((0, 0));
        let m = (1u64 << a) | (1u64 << b);
        if m & known.bits() == 0 {
            out.push(Live { h: h as u16, a, b });
        }
    }
    out
}
