//! The weight table: one weight in [0, 1] per hole-card pair (1,326 entries, indexed by
//! the holding index of `loki-cards`). A weight is the probability that the opponent
//! would have played that holding the way observed so far (Billings et al. 1998,
//! "Weighting the Enumeration"; Peña 1999). Sums are taken in `f64`: the reference
//! values need about 1e-9 relative precision.
use crate::AssessError;
use loki_cards::{CardSet, HoleCards, StartingHand, HOLDINGS};

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

    /// The field table of several opponents (Loki's potential against all live
    /// opponents at once): the average of the tables, each normalized to sum 1 over the
    /// holdings that avoid `known`, then scaled so that the largest weight is 1 (only the
    /// ratios matter to an enumeration). A table with no live weight is left out; no
    /// tables give the uniform table.
    pub fn field(tables: &[&WeightTable], known: CardSet) -> WeightTable {
        if tables.is_empty() {
            return WeightTable::uniform();
        }
        let mut field = WeightTable::filled(0.0);
        let acc = field.weights_mut();
        for t in tables {
            let s = t.live_sum(known);
            if s <= 0.0 {
                continue;
            }
            let k = 1.0 / s;
            for (a, &x) in acc.iter_mut().zip(t.w.iter()) {
                *a += x * k;
            }
        }
        let max = acc.iter().copied().fold(0.0, f64::max);
        if max > 0.0 {
            let k = 1.0 / max;
            for x in acc.iter_mut() {
                *x = (*x * k).min(1.0);
            }
        }
        field
    }

    /// The sum of the weights of the holdings that avoid `known`.
    pub fn live_sum(&self, known: CardSet) -> f64 {
        (0..HOLDINGS)
            .filter(|&h| avoids(h, known))
            .map(|h| self.w[h])
            .sum()
    }

    /// The `n` holdings with the largest weights among those avoiding `known`, each with
    /// its share of the total live weight, largest first (ties broken by holding index);
    /// holdings of weight 0 are left out.
    pub fn top_holdings(&self, known: CardSet, n: usize) -> Vec<(HoleCards, f64)> {
        let mut top: Vec<(usize, f64)> = Vec::with_capacity(n + 1);
        let mut total = 0.0;
        for (h, &x) in self.w.iter().enumerate() {
            if !avoids(h, known) {
                continue;
            }
            total += x;
            if x <= 0.0 {
                continue;
            }
            if top.len() < n || top.last().is_some_and(|l| x > l.1) {
                let at = top.partition_point(|t| t.1 >= x);
                top.insert(at, (h, x));
                top.truncate(n);
            }
        }
        if total <= 0.0 {
            return Vec::new();
        }
        top.into_iter()
            .filter_map(|(h, x)| Some((HoleCards::from_index(h).ok()?, x / total)))
            .collect()
    }

    /// The table as the 13 x 13 starting-hand grid: for each class, the average weight of
    /// its holdings that avoid `known` (`None` when every holding of the class touches a
    /// known card). `grid[row][col]` with rows and columns in rank order from the ace
    /// down; suited classes above the diagonal (row = high rank), offsuit below (row =
    /// low rank), pairs on it: the usual starting-hand chart.
    pub fn starting_hand_grid(&self, known: CardSet) -> StartingHandGrid {
        let mut sum = [[0.0f64; 13]; 13];
        let mut count = [[0u32; 13]; 13];
        for (h, &x) in self.w.iter().enumerate() {
            if !avoids(h, known) {
                continue;
            }
            let Ok(hc) = HoleCards::from_index(h) else {
                continue;
            };
            let (r, c) = StartingHandGrid::cell(StartingHand::of(hc));
            sum[r][c] += x;
            count[r][c] += 1;
        }
        let mut cells = [[None; 13]; 13];
        for r in 0..13 {
            for c in 0..13 {
                if count[r][c] > 0 {
                    cells[r][c] = Some(sum[r][c] / f64::from(count[r][c]));
                }
            }
        }
        StartingHandGrid { cells }
    }
}

/// A weight per starting-hand class on the usual 13 x 13 chart (see
/// [`WeightTable::starting_hand_grid`]); `Display` prints it with two decimals.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct StartingHandGrid {
    /// `cells[row][col]`, ace first; `None` for a class with no live holding.
    pub cells: [[Option<f64>; 13]; 13],
}

impl StartingHandGrid {
    /// The ranks of the rows and columns, ace first.
    pub const RANKS: [char; 13] = [
        'A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2',
    ];
    /// The (row, col) cell of a class: suited above the diagonal, offsuit below.
    pub fn cell(s: StartingHand) -> (usize, usize) {
        let hi = 12 - s.high() as usize;
        let lo = 12 - s.low() as usize;
        if s.is_suited() {
            (hi, lo)
        } else {
            (lo, hi)
        }
    }
}

impl std::fmt::Display for StartingHandGrid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "   ")?;
        for c in Self::RANKS {
            write!(f, "{c:>5}")?;
        }
        writeln!(f)?;
        for (r, row) in self.cells.iter().enumerate() {
            write!(f, "{:>3}", Self::RANKS[r])?;
            for x in row {
                match x {
                    Some(v) => write!(f, "{v:>5.2}")?,
                    None => write!(f, "{:>5}", "-")?,
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Whether holding index `h` avoids every card of `known`.
#[inline]
fn avoids(h: usize, known: CardSet) -> bool {
    HoleCards::pair_of_index(h)
        .is_some_and(|(a, b)| known.bits() & ((1u64 << a) | (1u64 << b)) == 0)
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
        t.set(HoleCards::from_index(0).unwrap(), 7.0);
        assert_eq!(t.at(0), 1.0);
    }

    #[test]
    fn grid_cells_and_classes_agree() {
        // One class a cell: the 169 classes fill the 13 x 13 grid.
        let cells: std::collections::HashSet<_> = (0..loki_cards::STARTING_HANDS)
            .map(|i| StartingHandGrid::cell(StartingHand::from_index(i).unwrap()))
            .collect();
        assert_eq!(cells.len(), 169);
        let aks: StartingHand = "AKs".parse().unwrap();
        assert_eq!(StartingHandGrid::cell(aks), (0, 1));
        let ako: StartingHand = "AKo".parse().unwrap();
        assert_eq!(StartingHandGrid::cell(ako), (1, 0));
        let deuces: StartingHand = "22".parse().unwrap();
        assert_eq!(StartingHandGrid::cell(deuces), (12, 12));
    }

    #[test]
    fn grid_averages_live_holdings() {
        let mut t = WeightTable::filled(0.0);
        let aa: Vec<HoleCards> = HoleCards::all()
            .filter(|h| StartingHand::of(*h).to_string() == "AA")
            .collect();
        assert_eq!(aa.len(), 6);
        t.set(aa[0], 1.0);
        let g = t.starting_hand_grid(CardSet::EMPTY);
        assert!((g.cells[0][0].unwrap() - 1.0 / 6.0).abs() < 1e-12);
        // With one ace known only 3 AA holdings are live.
        let known: CardSet = [aa[5].cards()[0]].into_iter().collect();
        let live = HoleCards::all()
            .filter(|h| StartingHand::of(*h).to_string() == "AA" && h.set().is_disjoint(known))
            .collect::<Vec<_>>();
        assert_eq!(live.len(), 3);
        let g = t.starting_hand_grid(known);
        let expect = if live.contains(&aa[0]) {
            1.0 / 3.0
        } else {
            0.0
        };
        assert!((g.cells[0][0].unwrap() - expect).abs() < 1e-12);
        assert!(g.to_string().lines().count() == 14);
    }

    #[test]
    fn field_and_top_holdings() {
        let aa: HoleCards = "AsAh".parse().unwrap();
        let kk: HoleCards = "KsKh".parse().unwrap();
        let mut a = WeightTable::filled(0.0);
        a.set(aa, 1.0);
        let mut b = WeightTable::filled(0.0);
        b.set(kk, 0.5);
        b.set(aa, 0.5);
        // Normalized: a = {AA: 1}, b = {AA: 0.5, KK: 0.5}; average {AA: 0.75, KK: 0.25},
        // scaled to a maximum of 1.
        let f = WeightTable::field(&[&a, &b], CardSet::EMPTY);
        assert_eq!(f.get(aa), 1.0);
        assert!((f.get(kk) - 1.0 / 3.0).abs() < 1e-12);
        let top = f.top_holdings(CardSet::EMPTY, 5);
        assert_eq!(top.len(), 2);
        assert_eq!(top[0].0, aa);
        assert!((top[0].1 - 0.75).abs() < 1e-12);
        // A known card removes holdings from both.
        let known: CardSet = [aa.cards()[0]].into_iter().collect();
        assert_eq!(f.top_holdings(known, 5).len(), 1);
        assert_eq!(WeightTable::field(&[], known), WeightTable::uniform());
    }
}
