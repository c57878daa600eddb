//! [`Seat`], a player's table-wide identity, as a type of its own so that it cannot be
//! mixed up with a [`crate::Position`] (by which a hand orders its players, 0 = small
//! blind; see the crate's seating convention), and [`BySeat`], what is kept by seat.
//!
//! A player keeps their seat from hand to hand while their position moves round the
//! table (`(p + h) mod N` at a [`crate::Table`]); opponent models, HUD profiles and
//! per-player totals are kept by seat, a hand's vectors by position. Passing one where
//! the other is meant does not compile (shakmaty's `ByColor<T>` is the model).
use std::fmt;
use std::ops::{Index, IndexMut};

/// A seat at the table: who a player is, hand after hand (see the module).
///
/// ```
/// use loki_engine::{GameConfig, HandState, Position, Seat};
/// let config = GameConfig::paper(3).unwrap();
/// let mut hand = HandState::new(&config).unwrap();
/// hand.set_seats(&[2, 0, 1].map(Seat::new).into()).unwrap();
/// let first = Position::new(0);
/// assert_eq!(hand.view(first).seat_of(first), Seat::new(2));
/// ```
///
/// A position where a seat is meant does not compile:
///
/// ```compile_fail
/// use loki_engine::{GameConfig, HandState};
/// let config = GameConfig::paper(3).unwrap();
/// let mut hand = HandState::new(&config).unwrap();
/// hand.set_seats(&[2, 0, 1].into()).unwrap();
/// ```
///
/// ```compile_fail
/// use loki_engine::{GameConfig, HandState, Position};
/// let config = GameConfig::paper(3).unwrap();
/// let hand = HandState::new(&config).unwrap();
/// let view = hand.view(Position::new(0));
/// let position: Position = view.seat_of(Position::new(1));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Seat(usize);

impl Seat {
    /// Seat number `index` (0-based).
    pub const fn new(index: usize) -> Seat {
        Seat(index)
    }
    /// The seat's number (0-based), for indexing what is kept by seat.
    pub const fn index(self) -> usize {
        self.0
    }
    /// The seats of an `n`-seat table in order.
    pub fn all(n: usize) -> impl DoubleEndedIterator<Item = Seat> + ExactSizeIterator {
        (0..n).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl From<Seat> for usize {
    fn from(s: Seat) -> usize {
        s.0
    }
}

/// Values kept by seat (a table's players, their kinds, their totals): indexed by
/// [`Seat`], never by a position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BySeat<T>(Vec<T>);

impl<T> BySeat<T> {
    /// One value per seat, seat 0 first.
    pub fn new(values: Vec<T>) -> BySeat<T> {
        BySeat(values)
    }
    /// The values, seat 0 first.
    pub fn as_slice(&self) -> &[T] {
        &self.0
    }
    /// Number of seats.
    pub fn len(&self) -> usize {
        self.0.len()
    }
    /// Whether there is no seat.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<T> FromIterator<T> for BySeat<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> BySeat<T> {
        BySeat(iter.into_iter().collect())
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.0]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_shows_its_number_and_indexes_what_is_kept_by_seat() {
        let mut v: BySeat<i32> = [10, 20, 30].into_iter().collect();
        v[Seat::new(2)] += 1;
        assert_eq!(v.as_slice(), [10, 20, 31]);
        assert_eq!(v.len(), 3);
        assert_eq!(Seat::new(7).to_string(), "7");
        assert_eq!(usize::from(Seat::new(7)), 7);
        assert_eq!(Seat::all(3).map(Seat::index).collect::<Vec<_>>(), [0, 1, 2]);
    }
}
