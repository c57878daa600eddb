//! Loki's 36 action categories (Billings et al. 1998, "Computing Initial Weights"; Papp
//! 1998 §7.1): an action (fold, check/call, bet/raise) in a [`Context`], the round and
//! the bets to call (0, 1, or 2 meaning "2 or more"). [`ByContext`] holds one value per
//! context (counts, frequencies, thresholds) and is the one shape every crate uses for
//! them: the Loki player's statistics, the stored profiles and the IRC profiles.
use crate::{Action, ByAction, Round};
use std::ops::{Index, IndexMut};

/// The context of an action: round and bets to call (0, 1, or 2 meaning "2 or more").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Context {
    /// The round.
    pub round: Round,
    /// Bets to call, capped at 2.
    pub bets_to_call: usize,
}

impl Context {
    /// The context of facing `bets_to_call` bets in `round` (2 or more count as 2).
    pub fn new(round: Round, bets_to_call: usize) -> Context {
        Context {
            round,
            bets_to_call: bets_to_call.min(2),
        }
    }
    /// The 12 contexts in order: pre-flop with 0, 1, 2+ bets to call, then the flop, ...
    pub fn all() -> impl Iterator<Item = Context> {
        Round::ALL
            .into_iter()
            .flat_map(|r| (0..3).map(move |b| Context::new(r, b)))
    }
    /// The position of this context in [`Context::all`] (0 to 11).
    pub fn index(self) -> usize {
        self.round.index() * 3 + self.bets_to_call
    }
}

/// One value per context, indexed `[round][bets to call]` (serialized as that nested
/// array, 4 x 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(transparent)
)]
pub struct ByContext<T>(pub [[T; 3]; 4]);

/// Action counts `[fold, check/call, bet/raise]` in each of the 36 categories.
pub type ActionCounts = ByContext<ByAction<u32>>;

impl<T> ByContext<T> {
    /// The same value in every context.
    pub fn splat(value: T) -> ByContext<T>
    where
        T: Copy,
    {
        ByContext([[value; 3]; 4])
    }
    /// The value of a round (0 pre-flop ... 3 river) and bets to call (capped at 2);
    /// `None` for a round above 3.
    pub fn get(&self, round: usize, bets_to_call: usize) -> Option<&T> {
        self.0.get(round)?.get(bets_to_call.min(2))
    }
    /// Every context with its value, in [`Context::all`] order.
    pub fn iter(&self) -> impl Iterator<Item = (Context, &T)> {
        Context::all().zip(self.0.iter().flatten())
    }
    /// Every value, mutably, in [`Context::all`] order.
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.0.iter_mut().flatten()
    }
    /// A value per context computed from this one's.
    pub fn map<U>(&self, mut f: impl FnMut(&T) -> U) -> ByContext<U> {
        ByContext(std::array::from_fn(|r| {
            std::array::from_fn(|b| f(&self.0[r][b]))
        }))
    }
}

/// The row of a round (0 pre-flop ... 3 river): `[bets to call 0, 1, 2+]`.
impl<T> Index<usize> for ByContext<T> {
    type Output = [T; 3];
    fn index(&self, round: usize) -> &[T; 3] {
        &self.0[round]
    }
}

impl<T> IndexMut<usize> for ByContext<T> {
    fn index_mut(&mut self, round: usize) -> &mut [T; 3] {
        &mut self.0[round]
    }
}

impl<T> Index<Context> for ByContext<T> {
    type Output = T;
    fn index(&self, c: Context) -> &T {
        &self.0[c.round.index()][c.bets_to_call.min(2)]
    }
}

impl<T> IndexMut<Context> for ByContext<T> {
    fn index_mut(&mut self, c: Context) -> &mut T {
        &mut self.0[c.round.index()][c.bets_to_call.min(2)]
    }
}

impl<T: std::ops::AddAssign + Copy> ByContext<ByAction<T>> {
    /// Adds another table's counts, context by context.
    pub fn add(&mut self, other: &ByContext<ByAction<T>>) {
        for (a, b) in self.values_mut().zip(other.0.iter().flatten()) {
            for action in Action::ALL {
                a[action] += b[action];
            }
        }
    }
}

impl ActionCounts {
    /// Counts one action in its context.
    pub fn record(&mut self, c: Context, a: Action) {
        self[c][a] += 1;
    }
    /// All observations.
    pub fn total(&self) -> u64 {
        self.iter()
            .map(|(_, c)| c.values().map(|&x| u64::from(x)).sum::<u64>())
            .sum()
    }
    /// The frequencies `[fold, check/call, bet/raise]` of one context and its number of
    /// observations (all zero without any).
    pub fn frequencies(&self, c: Context) -> (ByAction<f64>, u32) {
        let n: u32 = self[c].total();
        if n == 0 {
            return (ByAction::splat(0.0), 0);
        }
        (self[c].map(|x| f64::from(x) / f64::from(n)), n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contexts_index_the_nested_array() {
        let mut t = ActionCounts::default();
        t.record(Context::new(Round::Turn, 5), Action::Raise);
        t.record(Context::new(Round::Preflop, 0), Action::Call);
        assert_eq!(t.0[2][2].0, [0, 0, 1], "5 bets to call count as 2 or more");
        assert_eq!(t.0[0][0].0, [0, 1, 0]);
        assert_eq!(t.total(), 2);
        let order: Vec<usize> = Context::all().map(Context::index).collect();
        assert_eq!(order, (0..12).collect::<Vec<_>>());
        let seen: Vec<(Context, [u32; 3])> = t
            .iter()
            .filter(|(_, c)| c.total() > 0)
            .map(|(k, c)| (k, c.0))
            .collect();
        assert_eq!(
            seen,
            vec![
                (Context::new(Round::Preflop, 0), [0, 1, 0]),
                (Context::new(Round::Turn, 2), [0, 0, 1])
            ]
        );
        assert_eq!(
            t.frequencies(Context::new(Round::Turn, 2)),
            (ByAction::new(0.0, 0.0, 1.0), 1)
        );
        assert_eq!(t.get(4, 0), None);
        assert_eq!(t.map(|c| c.call()).0[0][0], 1);
    }
}
