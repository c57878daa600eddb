//! Per-board precomputation shared by the range table and the rank cache: the holdings
//! that do not touch the board (local indices), their flop (or turn) ranks and rank
//! classes, the runouts, and which holdings contain each card.
use crate::AssessError;
use loki_cards::{holding_index, Card, Hand, HOLDINGS};

/// "No local index": the holding touches the board.
pub(crate) const NONE: u16 = u16::MAX;

/// Everything about a board that does not depend on the runout.
#[derive(Clone, Debug)]
pub(crate) struct BoardInfo {
    /// The board cards, as given.
    pub board: Vec<Card>,
    /// Bit set of the board cards.
    pub board_mask: u64,
    /// The board as an incremental hand.
    pub board_hand: Hand,
    /// Local holding -> its two card indices (low, high).
    pub cards: Vec<(u8, u8)>,
    /// Local holding -> bit set of its two cards.
    pub masks: Vec<u64>,
    /// Local holding -> global holding index.
    pub global: Vec<u16>,
    /// Global holding index -> local index, or [`NONE`].
    pub local: Vec<u16>,
    /// Local holding -> rank on the current board (5 cards on a flop, 6 on a turn).
    pub x: Vec<u16>,
    /// Local holding -> index of its rank among the distinct ranks (ascending).
    pub xc: Vec<u16>,
    /// Number of distinct ranks.
    pub dx: usize,
    /// The runouts: two cards on a flop, one card (second = 255) on a turn.
    pub runouts: Vec<(u8, u8)>,
    /// Runout -> bit set of its cards.
    pub runout_masks: Vec<u64>,
    /// Runouts per (holding, opponent) pair: 990 on a flop, 44 on a turn.
    pub r: u32,
    /// Opponent holdings per holding: 1,081 on a flop, 1,035 on a turn.
    pub opponents: u32,
    /// Card -> local holdings that contain it.
    pub card_holdings: Vec<Vec<u16>>,
}

impl BoardInfo {
    /// Validates the board (3 or 4 distinct cards) and precomputes.
    pub fn new(board: &[Card]) -> Result<BoardInfo, AssessError> {
        if board.len() != 3 && board.len() != 4 {
            return Err(AssessError::BoardLength(board.len()));
        }
        let mut board_mask = 0u64;
        for &c in board {
            let bit = 1u64 << c.index();
            if board_mask & bit != 0 {
                return Err(AssessError::DuplicateCard(c));
            }
            board_mask |= bit;
        }
        let board_hand = Hand::EMPTY.with_all(board);
        let live: Vec<u8> = (0..52u8).filter(|&c| board_mask >> c & 1 == 0).collect();
        let mut cards = Vec::new();
        let mut global = Vec::new();
        let mut local = vec![NONE; HOLDINGS];
        for (ia, &a) in live.iter().enumerate() {
            for &b in &live[ia + 1..] {
                let g = holding_index(a, b).unwrap_or(0);
                local[g] = cards.len() as u16;
                cards.push((a, b));
                global.push(g as u16);
            }
        }
        let masks: Vec<u64> = cards.iter().map(|&(a, b)| 1u64 << a | 1u64 << b).collect();
        let x: Vec<u16> = cards
            .iter()
            .map(|&(a, b)| board_hand.with_index(a).with_index(b).rank().value())
            .collect();
        let mut distinct = x.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let xc = x
            .iter()
            .map(|v| distinct.partition_point(|d| d < v) as u16)
            .collect();
        let (runouts, r) = if board.len() == 3 {
            (cards.clone(), 990)
        } else {
            (live.iter().map(|&c| (c, 255u8)).collect(), 44)
        };
        let runout_masks = runouts
            .iter()
            .map(|&(a, b)| 1u64 << a | if b < 52 { 1u64 << b } else { 0 })
            .collect();
        let mut card_holdings = vec![Vec::new(); 52];
        for (i, &(a, b)) in cards.iter().enumerate() {
            card_holdings[a as usize].push(i as u16);
            card_holdings[b as usize].push(i as u16);
        }
        let nl = live.len() as u32 - 2;
        Ok(BoardInfo {
            board: board.to_vec(),
            board_mask,
            board_hand,
            cards,
            masks,
            global,
            local,
            x,
            xc,
            dx: distinct.len(),
            runouts,
            runout_masks,
            r,
            opponents: nl * (nl - 1) / 2,
            card_holdings,
        })
    }

    /// Number of holdings that do not touch the board.
    pub fn n(&self) -> usize {
        self.cards.len()
    }

    /// HS counts (ahead, tied, behind) of every local holding against every opponent
    /// holding that avoids it and the board: one sorted rank list plus per-card
    /// inclusion-exclusion.
    pub fn hs_counts(&self) -> Vec<[u32; 3]> {
        let mut sorted = self.x.clone();
        sorted.sort_unstable();
        (0..self.n())
            .map(|h| {
                let xh = self.x[h];
                let lt_all = sorted.partition_point(|&v| v < xh) as i64;
                let le_all = sorted.partition_point(|&v| v <= xh) as i64;
                let (mut lt, mut eq) = (lt_all, le_all - lt_all + 1);
                let (a, b) = self.cards[h];
                for c in [a, b] {
                    for &o in &self.card_holdings[c as usize] {
                        let xo = self.x[o as usize];
                        lt -= i64::from(xo < xh);
                        eq -= i64::from(xo == xh);
                    }
                }
                let ahead = lt.max(0) as u32;
                let tied = eq.max(0) as u32;
                [ahead, tied, self.opponents.saturating_sub(ahead + tied)]
            })
            .collect()
    }
}
