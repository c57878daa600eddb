//! Public features of a decision's situation beyond Loki's (round, bets to call): the
//! kind of context Davidson's neural predictor used (players in the hand, players yet to
//! act, whether the player already acted this round, who bet last, raises so far, whether
//! a raise is possible). The features themselves are `loki-bot`'s
//! [`SpotFeatures`], which the SOMC player reads too; here they are read off an IRC hand.
use super::PublicHand;
use crate::hand::Spot;
use loki_bot::context_model::{self, SpotFeatures};

/// The features of one spot.
pub type Features = SpotFeatures;

/// The features of `spot` given the decisions before it (`hand.decisions()`).
pub fn features(hand: &PublicHand<'_>, spot: &Spot) -> Features {
    let mut f = SpotFeatures::of(
        context_model::Spot {
            players: hand.seats(),
            position: spot.position,
            round: spot.round,
            bets_to_call: spot.bets_to_call,
            bets_this_round: spot.bets_this_round,
            can_raise: spot.can_raise,
        },
        hand.decisions()
            .iter()
            .map(|d| (d.spot.position, d.spot.round, d.class)),
    );
    // The hand's own count of live players (a player who left the table is not live).
    f.live = (spot.live.clamp(2, 4) - 2) as u8;
    f
}
