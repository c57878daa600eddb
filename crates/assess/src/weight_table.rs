//! The weight table: one weight in [0, 1] per hole-card pair (1,326 entries, indexed by
//! the holding index of `loki-cards`). A weight is the probability that the opponent
//! would have played that holding the way observed so far (Billings et al. 1998,
//! "Weighting the Enumeration"; Peña 1999). Sums are taken in `f64`: the reference
//! values need about 1e-9 relative precision.
use crate::AssessError;
use loki_cards::{HoleCards, HOLDINGS};

/// One weight per holding.
#[derive(Clone, PartialEq)]
pub struct WeightTable {
    w: Box<[f64; HOLDINGS]>,
}

impl std::fmt::Debug for WeightTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "WeightTable(sum {})", self.sum())
    }
}

impl Default for WeightTable {
    fn default() -> WeightTable {
        WeightTable::uniform()
    }
}

impl WeightTable {
    /// Every holding at weight 1.
    pub fn uniform() -> WeightTable {
        WeightTable::filled(1.0)
    }
    /// Every holding at weight `w` (clamped to [0, 1]; NaN becomes 0).
    pub fn filled(w: f64) -> WeightTable {
        WeightTable {
            w: Box::new([clamp01(w); HOLDINGS]),
        }
    }
    /// A table from 1,326 weights in holding-index order.
    ///
    /// # Errors
    /// A weight outside [0, 1] or NaN.
    pub fn from_weights(w: &[f64; HOLDINGS]) -> Result<WeightTable, AssessError> {
        for (h, &x) in w.iter().enumerate() {
            if !(0.0..=1.0).contains(&x) {
                return Err(AssessError::WeightOutOfRange {
                    holding: HoleCards::from_index(h)
                        .map(|hc| hc.to_string())
                        .unwrap_or_default(),
                    weight: x,
                });
            }
        }
        Ok(WeightTable { w: Box::new(*w) })
    }
    /// The weight of a holding.
    #[inline]
    pub fn get(&self, h: HoleCards) -> f64 {
        self.w[h.index()]
    }
    /// The weight of holding index `h` (< 1326).
    #[inline]
    pub fn at(&self, h: usize) -> f64 {
        self.w[h]
    }
    /// Sets the weight of a holding (clamped to [0, 1]; NaN becomes 0).
    pub fn set(&mut self, h: HoleCards, w: f64) {
        self.w[h.index()] = clamp01(w);
    }
    /// Sets the weight of holding index `h` (< 1326; clamped to [0, 1]).
    pub fn set_at(&mut self, h: usize, w: f64) {
        self.w[h] = clamp01(w);
    }
    /// All weights in holding-index order.
    #[inline]
    pub fn weights(&self) -> &[f64; HOLDINGS] {
        &self.w
    }
    /// Sets every weight to `w` in place (clamped to [0, 1]; NaN becomes 0).
    pub fn fill(&mut self, w: f64) {
        self.w.fill(clamp01(w));
    }
    /// Copies another table's weights in place (no allocation).
    pub fn copy_from(&mut self, other: &WeightTable) {
        self.w.copy_from_slice(&other.w[..]);
    }
    /// All weights, mutable, for bulk updates; the caller keeps them in [0, 1].
    #[inline]
    pub fn weights_mut(&mut self) -> &mut [f64; HOLDINGS] {
        &mut self.w
    }
    /// Sum of all weights.
    pub fn sum(&self) -> f64 {
        self.w.iter().sum()
    }
}

fn clamp01(w: f64) -> f64 {
    if w.is_nan() {
        0.0
    } else {
        w.clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniform_and_bounds() {
        let t = WeightTable::uniform();
        assert_eq!(t.sum(), 1326.0);
        let mut w = [0.5; HOLDINGS];
        w[3] = 1.5;
        assert!(WeightTable::from_weights(&w).is_err());
        let mut t = WeightTable::filled(0.5);
        t.set_at(0, 7.0);
        assert_eq!(t.at(0), 1.0);
    }
}
