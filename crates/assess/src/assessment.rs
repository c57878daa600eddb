//! One hand assessed against N opponents who share one weight table, as `loki assess`
//! prints it (Billings et al. 1998, "Hand Assessment"): weighted HS, HS_n = HS^n, the
//! hand potential tables (one-card lookahead on the flop and turn, two-card on the flop),
//! and EHS with PPot = PPot2 on the flop, PPot1 on the turn, 0 on the river.
use crate::{ehs, ehs_npot, hand_strength, potential, AssessError, HandStrength, Lookahead};
use crate::{Potential, WeightTable};
use loki_cards::{Card, HoleCards};

/// Everything about one hand against `opponents` opponents sharing one table.
#[derive(Debug, Clone, PartialEq)]
pub struct Assessment {
    /// Our hole cards.
    pub hole: HoleCards,
    /// The board (0, 3, 4 or 5 cards).
    pub board: Vec<Card>,
    /// Number of opponents (all share the table).
    pub opponents: usize,
    /// Weighted ahead/tied/behind against one opponent.
    pub strength: HandStrength,
    /// HS against one opponent.
    pub hs: f64,
    /// HS_n = HS^opponents.
    pub hs_n: f64,
    /// One-card lookahead (flop and turn).
    pub potential1: Option<Potential>,
    /// Two-card lookahead (flop only).
    pub potential2: Option<Potential>,
    /// The PPot used for EHS: PPot2 on the flop, PPot1 on the turn, 0 otherwise.
    pub ppot: f64,
    /// The NPot matching `ppot`.
    pub npot: f64,
    /// EHS = HS_n + (1 - HS_n) * PPot.
    pub ehs: f64,
    /// EHS - HS_n * NPot.
    pub ehs_npot: f64,
}

impl Assessment {
    /// Assesses `hole` on `board` against `opponents` opponents sharing `weights`.
    ///
    /// # Errors
    /// A bad board length, a duplicate card, no live holding with a positive weight, or
    /// `opponents` outside 1..=22.
    pub fn new(
        hole: HoleCards,
        board: &[Card],
        weights: &WeightTable,
        opponents: usize,
    ) -> Result<Assessment, AssessError> {
        if !(1..=22).contains(&opponents) {
            return Err(AssessError::Opponents(opponents));
        }
        let strength = hand_strength(hole, board, weights)?;
        let hs = strength.hs();
        let hs_n = hs.powi(opponents as i32);
        let (potential1, potential2) = match board.len() {
            3 => (
                Some(potential(hole, board, weights, Lookahead::One)?),
                Some(potential(hole, board, weights, Lookahead::Two)?),
            ),
            4 => (Some(potential(hole, board, weights, Lookahead::One)?), None),
            _ => (None, None),
        };
        let (ppot, npot) = match (&potential1, &potential2) {
            (_, Some(p)) | (Some(p), None) => (p.ppot, p.npot),
            _ => (0.0, 0.0),
        };
        Ok(Assessment {
            hole,
            board: board.to_vec(),
            opponents,
            strength,
            hs,
            hs_n,
            potential1,
            potential2,
            ppot,
            npot,
            ehs: ehs(hs_n, ppot),
            ehs_npot: ehs_npot(hs_n, ppot, npot),
        })
    }
}
