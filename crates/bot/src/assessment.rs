//! The assessment step of a post-flop decision (Billings et al. 1998, "Hand Assessment",
//! Figures 1 and 2; Papp 1998 §6.2, Eq. 6.4): our hand strength against each live
//! opponent's own weight table, HS_n as their product, the hand potential against the
//! field table (the average of the live opponents' normalized tables, see
//! [`WeightTable::field`]) both to the river (PPot2 on the flop, PPot1 on the turn) and
//! for the next card alone (PPot1), and the effective hand strength
//! `ehs = HS_n + (1 - HS_n) PPot` that the betting rules read (Papp Eq. 6.4); the
//! pot-odds and semi-bluff rules read PPot1 (Papp §6.5: "the next card wins it").
use crate::board_cache::BoardRanges;
use loki_assess::{hand_strength, hand_strengths, WeightTable};
use loki_cards::{Card, CardSet, HoleCards};
use loki_engine::Round;
use serde::Serialize;

/// What a player knows about its hand at a post-flop decision.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HandAssessment {
    /// Hand strength against one opponent holding the field table.
    pub hs: f64,
    /// HS_n: the product of the hand strengths against each live opponent's table.
    pub hs_n: f64,
    /// Positive potential against the field table: two-card lookahead on the flop
    /// (PPot2), one card on the turn (PPot1), 0 on the river.
    pub ppot: f64,
    /// Negative potential, with the same lookahead.
    pub npot: f64,
    /// Positive potential of the next card alone (PPot1; 0 on the river): "the next card
    /// wins it", as the pot-odds and semi-bluff rules read PPOT (Papp §6.4-6.5).
    pub ppot1: f64,
    /// Negative potential of the next card alone (NPot1).
    pub npot1: f64,
    /// Effective hand strength `hs_n + (1 - hs_n) ppot` (Papp's EHS').
    pub ehs: f64,
    /// Hand strength against each live opponent's table, in the order the tables were
    /// given.
    #[serde(skip)]
    pub per_opponent: Vec<f64>,
}

/// Assesses `hole` on a flop, turn or river `board` against the live opponents' weight
/// `tables`; `ranges` is the board's shared analysis (its cached counts give the
/// potential; without it the potential is 0).
pub fn assess(
    hole: HoleCards,
    board: &[Card],
    round: Round,
    tables: &[&WeightTable],
    ranges: Option<&BoardRanges>,
) -> HandAssessment {
    let per_opponent: Vec<f64> = match hand_strengths(hole, board, tables) {
        Ok(v) => v.iter().map(|h| h.map_or(0.5, |h| h.hs())).collect(),
        Err(_) => vec![0.5; tables.len()],
    };
    let hs_n: f64 = per_opponent.iter().product();
    let known: CardSet = board.iter().copied().collect::<CardSet>().union(hole.set());
    let field = WeightTable::field(tables, known);
    let draw = matches!(round, Round::Flop | Round::Turn);
    // On a flop or turn the cached counts give HS against the field table as well.
    let (ppot, npot, field_hs) = ranges
        .filter(|_| draw)
        .and_then(|b| b.hand_counts(hole))
        .map_or((0.0, 0.0, None), |c| {
            let p = c.potential(&field);
            (p.ppot, p.npot, Some(p.hs))
        });
    let (ppot1, npot1) = match (ranges, round) {
        (Some(b), Round::Flop) => b.next_card_counts(hole).map_or((0.0, 0.0), |c| {
            let p = c.potential(&field);
            (p.ppot, p.npot)
        }),
        (_, Round::Turn) => (ppot, npot),
        _ => (0.0, 0.0),
    };
    let ehs = hs_n + (1.0 - hs_n) * ppot;
    let hs = field_hs.unwrap_or_else(|| hand_strength(hole, board, &field).map_or(0.5, |h| h.hs()));
    HandAssessment {
        hs,
        hs_n,
        ppot,
        npot,
        ppot1,
        npot1,
        ehs,
        per_opponent,
    }
}
