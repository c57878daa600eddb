//! Events: the single source of truth of a hand. Histories, views and players all consume
//! them; a seat sees every event except the other seats' hole-card deals.
use crate::{Action, ByPosition, Chips, Position, Round};
use loki_cards::{Card, HandRank, HoleCards};

/// One player action as it happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ActionEvent {
    /// The acting position.
    pub position: Position,
    /// The round.
    pub round: Round,
    /// The action.
    pub action: Action,
    /// Chips put in by this action.
    pub amount: Chips,
    /// The player's total bet in this round after the action (PHH's `cbr` amount).
    pub bet_to: Chips,
    /// Bets the player faced when acting: `ceil(amount to call / bet size)` (0, 1, 2, ...).
    pub bets_to_call: u32,
    /// The action left the player all-in.
    pub all_in: bool,
}

/// A hand shown at the showdown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ShownHand {
    /// The position.
    pub position: Position,
    /// The hole cards.
    pub cards: HoleCards,
    /// The rank of the best five of the seven cards (serialized as its value; not read
    /// back by serde: recompute it from the cards and the board).
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "serialize_rank", skip_deserializing)
    )]
    pub rank: HandRank,
}

#[cfg(feature = "serde")]
fn serialize_rank<S: serde::Serializer>(rank: &HandRank, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u16(rank.value())
}

/// Something that happened in a hand.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Event {
    /// The blinds posted, by position.
    BlindsPosted {
        /// Chips posted by each position.
        amounts: Vec<Chips>,
    },
    /// Hole cards dealt to a position (visible only to that position in a view).
    HoleDealt {
        /// The position.
        position: Position,
        /// The cards.
        cards: HoleCards,
    },
    /// Hole cards dealt to a position that the observer cannot see (see
    /// [`crate::HandState::deal_hole_hidden`]).
    HoleHidden {
        /// The position.
        position: Position,
    },
    /// Board cards dealt at the start of a round.
    BoardDealt {
        /// The round that starts.
        round: Round,
        /// The new cards.
        cards: Vec<Card>,
    },
    /// A player action.
    Action(ActionEvent),
    /// A betting round ended.
    RoundEnd {
        /// The round.
        round: Round,
        /// The pot after the round.
        pot: Chips,
    },
    /// The showdown: hands shown in PokerKit's showdown order (the last river aggressor
    /// first, else from position 0).
    Showdown {
        /// The shown hands.
        hands: Vec<ShownHand>,
    },
    /// A pot (main or side) awarded.
    PotAwarded {
        /// The pot size.
        amount: Chips,
        /// Positions eligible for the pot.
        eligible: Vec<Position>,
        /// (position, chips) for each winner, in position order.
        shares: Vec<(Position, Chips)>,
    },
    /// The hand ended.
    HandEnd {
        /// Net chips by position.
        net: ByPosition<Chips>,
    },
}

impl Event {
    /// Whether the seat at `position` may see this event.
    pub fn visible_to(&self, position: Position) -> bool {
        match self {
            Event::HoleDealt { position: p, .. } => *p == position,
            _ => true,
        }
    }
}
