//! One value per action, in the order fold, check/call, bet/raise: the order of Loki's
//! action categories (Billings et al. 1998, "Computing Initial Weights"; Papp 1998 §7.1)
//! and of Peña's probability triples (Peña 1999 §4). Counts, frequencies, triples and a
//! simulation's values of each action are a [`ByAction`], indexed by [`Action`] and
//! serialized as the plain array `[fold, call, raise]`.
use crate::Action;
use std::ops::{Index, IndexMut};

/// A value for each of fold, check/call and bet/raise (printed by `{:?}` as the array).
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(transparent)
)]
pub struct ByAction<T>(pub [T; 3]);

impl<T> ByAction<T> {
    /// The values of fold, check/call and bet/raise.
    pub const fn new(fold: T, call: T, raise: T) -> ByAction<T> {
        ByAction([fold, call, raise])
    }
    /// The value `f(a)` of each action `a`.
    pub fn from_fn(f: impl FnMut(Action) -> T) -> ByAction<T> {
        ByAction(Action::ALL.map(f))
    }
    /// A value per action computed from this one's.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByAction<U> {
        ByAction(self.0.map(f))
    }
    /// Every action with its value, fold first.
    pub fn iter(&self) -> impl Iterator<Item = (Action, &T)> {
        Action::ALL.into_iter().zip(&self.0)
    }
    /// The values, fold first.
    pub fn values(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }
}

impl<T: Copy> ByAction<T> {
    /// The same value for every action.
    pub const fn splat(value: T) -> ByAction<T> {
        ByAction([value; 3])
    }
    /// The value of folding.
    pub fn fold(&self) -> T {
        self.0[0]
    }
    /// The value of checking or calling.
    pub fn call(&self) -> T {
        self.0[1]
    }
    /// The value of betting or raising.
    pub fn raise(&self) -> T {
        self.0[2]
    }
}

impl<T: Copy + std::iter::Sum> ByAction<T> {
    /// The sum of the three values.
    pub fn total(&self) -> T {
        self.0.iter().copied().sum()
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for ByAction<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// `[fold, call, raise]`, each value formatted with the given options (`{:.3}` gives
/// `[0.100, 0.200, 0.700]`).
impl<T: std::fmt::Display> std::fmt::Display for ByAction<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("[")?;
        for (i, v) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            v.fmt(f)?;
        }
        f.write_str("]")
    }
}

impl<T: PartialEq> PartialEq<[T; 3]> for ByAction<T> {
    fn eq(&self, other: &[T; 3]) -> bool {
        self.0 == *other
    }
}

impl<T> Index<Action> for ByAction<T> {
    type Output = T;
    fn index(&self, a: Action) -> &T {
        &self.0[a.index()]
    }
}

impl<T> IndexMut<Action> for ByAction<T> {
    fn index_mut(&mut self, a: Action) -> &mut T {
        &mut self.0[a.index()]
    }
}

impl<T> From<[T; 3]> for ByAction<T> {
    fn from(values: [T; 3]) -> ByAction<T> {
        ByAction(values)
    }
}

impl<T> From<ByAction<T>> for [T; 3] {
    fn from(values: ByAction<T>) -> [T; 3] {
        values.0
    }
}

impl<T> IntoIterator for ByAction<T> {
    type Item = T;
    type IntoIter = std::array::IntoIter<T, 3>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a ByAction<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_index_in_triple_order() {
        let mut v = ByAction::new(1u32, 2, 3);
        v[Action::Raise] += 10;
        assert_eq!((v.fold(), v.call(), v.raise()), (1, 2, 13));
        assert_eq!(v[Action::Fold], 1);
        assert_eq!(v.total(), 16);
        assert_eq!(<[u32; 3]>::from(v), [1, 2, 13]);
        let pairs: Vec<(Action, u32)> = v.iter().map(|(a, &x)| (a, x)).collect();
        assert_eq!(
            pairs,
            vec![(Action::Fold, 1), (Action::Call, 2), (Action::Raise, 13)]
        );
        assert_eq!(ByAction::from_fn(Action::index), ByAction::new(0, 1, 2));
        assert_eq!(v.map(|x| x * 2).0, [2, 4, 26]);
        assert_eq!(ByAction::splat(7).into_iter().sum::<i32>(), 21);
        assert_eq!(format!("{v:?}"), "[1, 2, 13]");
        let p = ByAction::new(0.1, 0.25, -0.0);
        assert_eq!(
            format!("{p:.3}"),
            format!("[{:.3}, {:.3}, {:.3}]", p.fold(), p.call(), p.raise())
        );
        assert_eq!(v, [1, 2, 13]);
    }
}
