//! The hand at a person's table: who sits in each seat, the hand being played or the
//! last one played, and what the session keeps of a finished hand beside its record (how
//! it was played, the biggest pots).
use loki_agent::SeatedPlayer;
use loki_bot::DecisionTrace;
use loki_engine::{ByPosition, Chips, HandDriver, HandState, Position, Seat};
use serde::Serialize;

/// How a finished hand was played, beside its record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct HandMeta {
    /// Study mode was on at some point of the hand.
    pub study: bool,
    /// The person left in the middle of it (the rest was played as check or fold).
    pub abandoned: bool,
}

/// One of the session's biggest pots.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BigPot {
    /// The hand's number, from 1.
    pub hand: u64,
    /// Chips in the pot.
    pub pot: Chips,
    /// The person's net in the hand.
    pub net: Chips,
    /// Who won it, in words.
    pub result: Vec<String>,
}

/// Who sits in a seat.
pub(crate) enum Occupant {
    /// The person.
    Person,
    /// A bot: a Loki-family player (its decisions are traced and its models shown) or a
    /// simple one (call, raise, random).
    Bot(Box<SeatedPlayer>),
}

/// The hand being played or the last one played.
pub(crate) struct Hand {
    /// The hand number (from 0).
    pub(crate) number: u64,
    /// The hand's cards and state, driven by the engine's one hand loop.
    pub(crate) driver: HandDriver,
    /// The seat of each position.
    pub(crate) seats: ByPosition<Seat>,
    /// Each seat's last decision trace in this hand (Loki players only).
    pub(crate) traces: Vec<Option<DecisionTrace>>,
    pub(crate) finished: bool,
    /// Study mode was on at some point of the hand.
    pub(crate) study: bool,
    /// The person left in the middle of the hand.
    pub(crate) abandoned: bool,
}

impl Hand {
    /// The hand so far.
    pub(crate) fn state(&self) -> &HandState {
        self.driver.state()
    }
    /// The position of a seat in this hand.
    pub(crate) fn position_of(&self, seat: usize) -> Option<Position> {
        self.seats.position_of(Seat::new(seat))
    }
    /// The seat of `position` as the table numbers its seats.
    pub(crate) fn seat_of(&self, position: Position) -> usize {
        self.seats[position].index()
    }
}
