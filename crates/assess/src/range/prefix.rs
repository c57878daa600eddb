//! Running prefix counts over the rank classes of the range-table sweep (see `sweep.rs`):
//! "how much weight has been inserted at rank class <= c", with an insert and a query of
//! a few vector instructions each, whatever the number of classes.
//!
//! The classes are cut into blocks of [`LANES`]; a block keeps the prefix counts within
//! itself, and one more row of blocks keeps, per block, the weight inserted in the blocks
//! before it. An insert adds to the tail of one block and to the blocks after it (two
//! fixed-width, branch-free vector adds while there are at most 16 x 16 = 256 classes);
//! a query adds two values. Counts are `u16` (at most 1,081 holdings are live).

/// Classes per block (16 `u16` lanes: one AVX2 register, two SSE2 registers).
pub(crate) const LANES: usize = 16;

/// `FROM[k][j]` is all ones when `j >= k`: the lanes an insert at lane `k` reaches.
static FROM: [[u16; LANES]; LANES + 1] = {
    let mut t = [[0u16; LANES]; LANES + 1];
    let mut k = 0;
    while k <= LANES {
        let mut j = k;
        while j < LANES {
            t[k][j] = u16::MAX;
            j += 1;
        }
        k += 1;
    }
    t
};

/// Adds `w` to the lanes of `v` that `mask` selects (one vector add).
#[inline(always)]
fn add_masked(v: &mut [u16; LANES], mask: &[u16; LANES], w: u16) {
    let (mut x, m) = (*v, *mask);
    for j in 0..LANES {
        x[j] = x[j].wrapping_add(w & m[j]);
    }
    *v = x;
}

/// The prefix counts of one counter.
#[derive(Clone, Debug)]
pub(crate) struct Prefix {
    /// Per block: weight inserted in this block at a class <= the lane's.
    inner: Vec<[u16; LANES]>,
    /// Per block (in rows of [`LANES`] blocks): weight inserted in earlier blocks.
    outer: Vec<[u16; LANES]>,
}

impl Prefix {
    /// A counter over `classes` rank classes, all zero.
    pub fn new(classes: usize) -> Prefix {
        let blocks = classes.div_ceil(LANES).max(1);
        Prefix {
            inner: vec![[0; LANES]; blocks],
            outer: vec![[0; LANES]; blocks.div_ceil(LANES)],
        }
    }

    /// Sets every count to zero.
    pub fn clear(&mut self) {
        self.inner.fill([0; LANES]);
        self.outer.fill([0; LANES]);
    }

    /// Adds `w` at class `c` (so to every prefix count from `c` on).
    #[inline(always)]
    pub fn add(&mut self, c: usize, w: u16) {
        let (b, i) = (c / LANES, c % LANES);
        if let Some(block) = self.inner.get_mut(b) {
            add_masked(block, &FROM[i], w);
        }
        // Blocks after b, i.e. from block b + 1 on: in row r that is lane b + 1 - 16 r.
        for (row, chunk) in self.outer.iter_mut().enumerate() {
            let k = (b + 1).saturating_sub(row * LANES).min(LANES);
            add_masked(chunk, &FROM[k], w);
        }
    }

    /// The weights inserted at classes < `c` and at classes <= `c`.
    #[inline(always)]
    pub fn lt_le(&self, c: usize) -> (u16, u16) {
        let (b, i) = (c / LANES, c % LANES);
        let outer = self.outer.get(b / LANES).map_or(0, |row| row[b % LANES]);
        let Some(block) = self.inner.get(b) else {
            return (0, 0);
        };
        let le = block[i].wrapping_add(outer);
        // Below lane 0 of a block is everything in the blocks before it.
        let lt = if i > 0 {
            block[i - 1].wrapping_add(outer)
        } else {
            outer
        };
        (lt, le)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against a plain array of counts, over several block counts and random inserts.
    #[test]
    fn equals_plain_counts() {
        for classes in [1, 15, 16, 17, 170, 256, 257, 300] {
            let mut p = Prefix::new(classes);
            let mut plain = vec![0u16; classes];
            let mut state = 0x9e37_79b9_7f4a_7c15u64 ^ classes as u64;
            for step in 0..500 {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                let c = (state >> 33) as usize % classes;
                let w = (state >> 20) as u16 % 7;
                p.add(c, w);
                plain[c] += w;
                if step % 97 == 0 {
                    p.clear();
                    plain.fill(0);
                }
                let q = (state >> 40) as usize % classes;
                let le: u16 = plain[..=q].iter().sum();
                let lt: u16 = plain[..q].iter().sum();
                assert_eq!(p.lt_le(q), (lt, le), "{classes} classes, step {step}");
            }
        }
    }
}
