//! [`Position`], a player's place in one hand (0 = small blind, or the big blind
//! heads-up; see the crate's seating convention), as a type of its own so that it cannot
//! be mixed up with a [`crate::Seat`], a count or a holding index (shakmaty's typed
//! squares and colours are the model).
//!
//! A hand's vectors (hole cards, contributions, net chips) are kept by position; the
//! engine's calls that name a player in a hand ([`crate::HandState::view`],
//! [`crate::HandState::to_act`], the events, the driver's [`crate::Seating`]) take and
//! give a `Position`.
use std::fmt;
use std::ops::{Index, IndexMut};

/// A position in a hand (see the module).
///
/// ```
/// use loki_engine::{GameConfig, HandState, Position};
/// let config = GameConfig::paper(2).unwrap();
/// let mut hand = HandState::new(&config).unwrap();
/// hand.deal_hole(Position::new(0), "AsKd".parse().unwrap()).unwrap();
/// hand.deal_hole(Position::new(1), "7c2h".parse().unwrap()).unwrap();
/// assert_eq!(hand.to_act(), Some(Position::new(1)));
/// ```
///
/// A plain number where a position is meant does not compile:
///
/// ```compile_fail
/// use loki_engine::{GameConfig, HandState};
/// let config = GameConfig::paper(2).unwrap();
/// let hand = HandState::new(&config).unwrap();
/// let view = hand.view(0);
/// ```
///
/// ```compile_fail
/// use loki_engine::{GameConfig, HandState};
/// let config = GameConfig::paper(2).unwrap();
/// let hand = HandState::new(&config).unwrap();
/// let count: usize = hand.to_act().unwrap();
/// ```
///
/// Nor does a seat:
///
/// ```compile_fail
/// use loki_engine::{GameConfig, HandState, Seat};
/// let config = GameConfig::paper(2).unwrap();
/// let hand = HandState::new(&config).unwrap();
/// let view = hand.view(Seat::new(0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Position(usize);

impl Position {
    /// Position `index` (0-based).
    pub const fn new(index: usize) -> Position {
        Position(index)
    }
    /// The position's number (0-based), for indexing what is kept by position.
    pub const fn index(self) -> usize {
        self.0
    }
    /// The position `k` places after this one round an `n`-player table.
    pub const fn after(self, k: usize, n: usize) -> Position {
        Position((self.0 + k) % n)
    }
    /// The positions of an `n`-player hand in order.
    pub fn all(n: usize) -> impl DoubleEndedIterator<Item = Position> + ExactSizeIterator {
        (0..n).map(Position)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Values kept by position (a hand's bets, stacks, hole cards): indexed by [`Position`],
/// never by a seat or a plain number.
///
/// ```compile_fail
/// use loki_engine::ByPosition;
/// let bets: ByPosition<i64> = [1, 2].into_iter().collect();
/// let first = bets[0];
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct ByPosition<T>(Vec<T>);

impl<T> ByPosition<T> {
    /// One value per position, position 0 first.
    pub fn new(values: Vec<T>) -> ByPosition<T> {
        ByPosition(values)
    }
    /// `value` at each of `n` positions.
    pub fn filled(n: usize, value: T) -> ByPosition<T>
    where
        T: Clone,
    {
        ByPosition(vec![value; n])
    }
    /// The values, position 0 first.
    pub fn as_slice(&self) -> &[T] {
        &self.0
    }
    /// The values, position 0 first, to change in place.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.0
    }
    /// The values, position 0 first.
    pub fn into_vec(self) -> Vec<T> {
        self.0
    }
    /// Number of positions.
    pub fn len(&self) -> usize {
        self.0.len()
    }
    /// Whether there is no position.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// The value at `position`, if there is one.
    pub fn get(&self, position: Position) -> Option<&T> {
        self.0.get(position.0)
    }
    /// The value at `position` to change, if there is one.
    pub fn get_mut(&mut self, position: Position) -> Option<&mut T> {
        self.0.get_mut(position.0)
    }
    /// The values, position 0 first.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }
    /// The values, position 0 first, to change in place.
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.0.iter_mut()
    }
    /// Each position with its value.
    pub fn enumerate(&self) -> impl DoubleEndedIterator<Item = (Position, &T)> {
        self.0.iter().enumerate().map(|(p, v)| (Position(p), v))
    }
}

impl<'a, T> ByPosition<&'a mut T> {
    /// The entries of `by_seat` in the order of the positions that `seats` gives them:
    /// `by_seat[seats[p]]` at position `p` (the players of one hand). `None` unless
    /// `seats` names each seat of `by_seat` once.
    pub fn seated(by_seat: &'a mut [T], seats: &ByPosition<crate::Seat>) -> Option<Self> {
        if seats.len() != by_seat.len() {
            return None;
        }
        let mut slots: Vec<Option<&'a mut T>> = by_seat.iter_mut().map(Some).collect();
        seats
            .iter()
            .map(|s| slots.get_mut(s.index())?.take())
            .collect()
    }
}

impl ByPosition<crate::Seat> {
    /// The position of `seat` in a hand where position `p` belongs to seat `self[p]`
    /// (`None`: the seat is not dealt in).
    pub fn position_of(&self, seat: crate::Seat) -> Option<Position> {
        self.0.iter().position(|&s| s == seat).map(Position)
    }
}

impl<T, const N: usize> From<[T; N]> for ByPosition<T> {
    fn from(values: [T; N]) -> ByPosition<T> {
        ByPosition(values.into())
    }
}

impl<T> FromIterator<T> for ByPosition<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> ByPosition<T> {
        ByPosition(iter.into_iter().collect())
    }
}

impl<'a, T> IntoIterator for &'a ByPosition<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// Compared with a list of values, position 0 first (as tests and histories write them).
impl<T: PartialEq<U>, U> PartialEq<Vec<U>> for ByPosition<T> {
    fn eq(&self, other: &Vec<U>) -> bool {
        self.0 == *other
    }
}

impl<T: PartialEq<U>, U, const N: usize> PartialEq<[U; N]> for ByPosition<T> {
    fn eq(&self, other: &[U; N]) -> bool {
        self.0 == *other
    }
}

impl<T: PartialEq<U>, U> PartialEq<ByPosition<U>> for Vec<T> {
    fn eq(&self, other: &ByPosition<U>) -> bool {
        *self == other.0
    }
}

impl<T> IntoIterator for ByPosition<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<T> Index<Position> for ByPosition<T> {
    type Output = T;
    fn index(&self, position: Position) -> &T {
        &self.0[position.0]
    }
}

impl<T> IndexMut<Position> for ByPosition<T> {
    fn index_mut(&mut self, position: Position) -> &mut T {
        &mut self.0[position.0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_shows_its_number() {
        assert_eq!(Position::new(7).to_string(), "7");
        assert_eq!(Position::new(7).index(), 7);
        let all: Vec<usize> = Position::all(3).map(Position::index).collect();
        assert_eq!(all, [0, 1, 2]);
        assert!(Position::new(1) < Position::new(2));
        assert_eq!(Position::new(2).after(1, 3), Position::new(0));
        assert_eq!(Position::new(1).after(4, 3), Position::new(2));
    }

    #[test]
    fn what_is_kept_by_position_is_indexed_by_position() {
        let mut v = ByPosition::filled(3, 0);
        v[Position::new(2)] += 5;
        assert_eq!(v.as_slice(), [0, 0, 5]);
        assert_eq!(v.get(Position::new(3)), None);
        let found: Vec<(usize, i32)> = v.enumerate().map(|(p, &x)| (p.index(), x)).collect();
        assert_eq!(found, [(0, 0), (1, 0), (2, 5)]);
        // Compared with lists as the tests write them, and unequal where they differ.
        assert!(v == vec![0, 0, 5] && v == [0, 0, 5] && vec![0, 0, 5] == v);
        assert!(v != vec![0, 0, 4] && v != [0, 0] && vec![0, 5, 0] != v);
    }

    #[test]
    fn the_players_of_a_hand_are_put_in_position_order_by_their_seats() {
        use crate::Seat;
        let mut by_seat = ["seat 0", "seat 1", "seat 2"];
        // The button moved: seat 2 is the small blind, seat 0 the big blind.
        let seats: ByPosition<Seat> = [2, 0, 1].into_iter().map(Seat::new).collect();
        let seated = ByPosition::seated(&mut by_seat, &seats).unwrap();
        assert_eq!(seated[Position::new(0)], &mut "seat 2");
        assert_eq!(seated[Position::new(2)], &mut "seat 1");
        assert_eq!(seats.position_of(Seat::new(0)), Some(Position::new(1)));
        assert_eq!(seats.position_of(Seat::new(3)), None);
        // A seat named twice, a seat that is not there, a seat left out: no hand.
        for wrong in [vec![0, 0, 1], vec![0, 1, 3], vec![0, 1]] {
            let seats: ByPosition<Seat> = wrong.into_iter().map(Seat::new).collect();
            assert!(ByPosition::seated(&mut by_seat, &seats).is_none());
        }
    }
}
