//! Flops up to suit isomorphism: one range-table sweep per class of flops, served to
//! every flop of the class with the holdings mapped through the suit permutation.
//!
//! Suits are symmetric before the flop, so the 22,100 flops fall into 1,755 classes
//! (the flops a relabelling of the suits maps onto each other); a holding's counts
//! against one uniform opponent (HS counts, the 3x3 HP table: the sweep's six sums) are
//! the same on a flop and on its image under any suit permutation, for the image of the
//! holding. The range table of Billings et al. 1998 ("Weighting the Enumeration")
//! depends on the board alone, so the sweep's sums of one flop of a class give the sums
//! of every flop of it exactly (integers, no rounding).
//!
//! [`FlopClasses`] keeps those sums per class (indexed by global holding, so 1,326 x 24
//! bytes = 31.8 KB a class; all 1,755 classes in 55.8 MB) up to a byte budget, for
//! every thread that holds it: [`RangeTable::new_in`](super::RangeTable::new_in) and
//! [`RangeTable::with_rank_cache_in`](super::RangeTable::with_rank_cache_in) read and
//! fill it, and [`flop_classes`] gives the store shared by every board cache of the
//! process while one is alive. The river-rank cache (about 0.4 MB a flop) is not kept:
//! it is rebuilt for each flop by the cache part of the sweep alone.
//!
//! A store's classes go out and come back as bytes ([`FlopClasses::class_bytes`],
//! [`FlopClasses::insert_class_bytes`], [`class_bytes_swept`] to check them against a
//! fresh sweep), so that an edge crate (`loki-classfile`) can keep them in a file for the
//! next process; nothing here reads or writes files.
use super::board::map_card;
use super::spare::Spares;
use super::sweep::Sums;
use loki_cards::{holding_index, HOLDINGS};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};

/// The store's byte budget (**ours**): room for every flop class (55.8 MB) with a
/// margin, so a long run keeps all of them; past it, new classes are not kept.
pub const CLASS_STORE_BYTES: usize = 64 << 20;

/// The bytes one class takes in the store (its sums by global holding index).
pub const CLASS_BYTES: usize = HOLDINGS * std::mem::size_of::<Sums>();

/// The version of the sums a class holds (**ours**): bumped whenever the sweep's sums or
/// their layout change, so that bytes kept from an older build are never read as the
/// current ones.
pub const CLASS_SUMS_VERSION: u32 = 1;

/// Why a class's bytes were refused ([`FlopClasses::insert_class_bytes`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClassBytesError {
    /// The key is not a canonical flop (three distinct cards, ascending, the smallest of
    /// its suit relabellings).
    #[error("{0:?} is not a canonical flop")]
    NotCanonical([u8; 3]),
    /// The bytes are not [`CLASS_BYTES`] long.
    #[error("{0} bytes for a class of {CLASS_BYTES}")]
    Length(usize),
    /// A holding that touches the flop has sums other than zero.
    #[error("sums on a holding that touches the flop {0:?}")]
    DeadHolding([u8; 3]),
}

/// Whether `key` is a canonical flop: three distinct cards below 52, ascending, the
/// smallest of its 24 suit relabellings.
pub fn is_canonical_flop(key: [u8; 3]) -> bool {
    key[0] < key[1] && key[1] < key[2] && key[2] < 52 && FlopClass::of(key).key == key
}

/// Checks the bytes of the class of `key` as [`FlopClasses::insert_class_bytes`] does,
/// without storing them.
///
/// # Errors
/// As [`FlopClasses::insert_class_bytes`].
pub fn check_class_bytes(key: [u8; 3], bytes: &[u8]) -> Result<(), ClassBytesError> {
    if !is_canonical_flop(key) {
        return Err(ClassBytesError::NotCanonical(key));
    }
    if bytes.len() != CLASS_BYTES {
        return Err(ClassBytesError::Length(bytes.len()));
    }
    let dead = key
        .iter()
        .flat_map(|&c| (0..52u8).filter_map(move |o| loki_cards::holding_index(c, o)));
    for h in dead {
        let sums = bytes.get(h * 24..h * 24 + 24).unwrap_or_default();
        if sums.iter().any(|&b| b != 0) {
            return Err(ClassBytesError::DeadHolding(key));
        }
    }
    Ok(())
}

/// The sums of a class's bytes, checked ([`check_class_bytes`]).
fn class_sums(key: [u8; 3], bytes: &[u8]) -> Result<Vec<Sums>, ClassBytesError> {
    check_class_bytes(key, bytes)?;
    let mut sums = vec![[0u32; 6]; HOLDINGS];
    for (slot, chunk) in sums.iter_mut().zip(bytes.chunks_exact(24)) {
        for (x, word) in slot.iter_mut().zip(chunk.chunks_exact(4)) {
            *x = u32::from_le_bytes([word[0], word[1], word[2], word[3]]);
        }
    }
    Ok(sums)
}

/// The sums as bytes: each holding's six `u32` in order, little-endian.
fn sums_to_bytes(sums: &[Sums]) -> Vec<u8> {
    sums.iter()
        .flat_map(|s| s.iter().flat_map(|x| x.to_le_bytes()))
        .collect()
}

/// A flop's class: the smallest of its 24 suit relabellings (card indices ascending,
/// compared as a triple) and a permutation `perm` of the suits that maps the flop onto
/// it (card `c` goes to `c / 4 * 4 + perm[c % 4]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct FlopClass {
    /// The canonical flop, card indices ascending.
    pub key: [u8; 3],
    /// Suit `s` of the flop is suit `perm[s]` of the canonical flop.
    pub perm: [u8; 4],
}

/// All 24 permutations of the four suits.
const SUIT_PERMS: [[u8; 4]; 24] = {
    let mut out = [[0u8; 4]; 24];
    let mut n = 0;
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            let mut c = 0;
            while c < 4 {
                if a != b && a != c && b != c && a + b + c >= 3 && a + b + c <= 6 {
                    let d = 6 - a - b - c;
                    out[n] = [a, b, c, d];
                    n += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
};

impl FlopClass {
    /// The class of a flop given as three distinct card indices (any order).
    pub fn of(flop: [u8; 3]) -> FlopClass {
        let mut best: Option<FlopClass> = None;
        for perm in &SUIT_PERMS {
            let mut key = flop.map(|c| map_card(c, perm));
            key.sort_unstable();
            if best.is_none_or(|b| key < b.key) {
                best = Some(FlopClass { key, perm: *perm });
            }
        }
        best.unwrap_or(FlopClass {
            key: flop,
            perm: [0, 1, 2, 3],
        })
    }

    /// The global index, on the canonical flop, of the holding `(a, b)` of this flop.
    #[inline]
    pub fn holding(&self, a: u8, b: u8) -> usize {
        holding_index(map_card(a, &self.perm), map_card(b, &self.perm)).unwrap_or(0)
    }
}

/// The sums of the flop classes swept so far, by canonical flop, up to a byte budget.
#[derive(Debug)]
pub struct FlopClasses {
    map: Mutex<HashMap<[u8; 3], Arc<[Sums]>>>,
    budget: usize,
    hits: AtomicU64,
    misses: AtomicU64,
    /// Spare buffers for the flops' type tables (`spare.rs`).
    spares: Arc<Spares>,
}

/// What a [`FlopClasses`] store holds and how often it served a flop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ClassStats {
    /// Flops served from a stored class.
    pub hits: u64,
    /// Flops swept (their class was not stored yet).
    pub misses: u64,
    /// Classes stored.
    pub classes: usize,
    /// Bytes of the stored sums.
    pub bytes: usize,
}

impl FlopClasses {
    /// An empty store that keeps classes while they fit in `budget` bytes.
    pub fn new(budget: usize) -> FlopClasses {
        FlopClasses {
            map: Mutex::new(HashMap::new()),
            budget,
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
            spares: Arc::default(),
        }
    }

    /// The spare buffers of the flops' type tables.
    pub(crate) fn spares(&self) -> &Arc<Spares> {
        &self.spares
    }

    /// The stored sums of a class (by global holding index on the canonical flop), if
    /// any; counts a hit or a miss.
    pub(crate) fn get(&self, class: &FlopClass) -> Option<Arc<[Sums]>> {
        let found = self
            .map
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&class.key)
            .cloned();
        let counter = if found.is_some() {
            &self.hits
        } else {
            &self.misses
        };
        counter.fetch_add(1, Ordering::Relaxed);
        found
    }

    /// Keeps the sums of a flop of `class` (local holdings `cards`, their `sums`) if the
    /// budget allows.
    pub(crate) fn insert(&self, class: &FlopClass, cards: &[(u8, u8)], sums: &[Sums]) {
        let mut by_holding = vec![[0u32; 6]; HOLDINGS];
        for (&(a, b), s) in cards.iter().zip(sums) {
            if let Some(slot) = by_holding.get_mut(class.holding(a, b)) {
                *slot = *s;
            }
        }
        let mut map = self.map.lock().unwrap_or_else(|p| p.into_inner());
        if (map.len() + 1) * CLASS_BYTES <= self.budget {
            map.entry(class.key).or_insert_with(|| by_holding.into());
        }
    }

    /// Whether the store holds `class` (not counted as a hit or a miss).
    pub(crate) fn contains(&self, class: &FlopClass) -> bool {
        self.map
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .contains_key(&class.key)
    }

    /// Hits, misses and what is stored.
    pub fn stats(&self) -> ClassStats {
        let classes = self.map.lock().unwrap_or_else(|p| p.into_inner()).len();
        ClassStats {
            hits: self.hits.load(Ordering::Relaxed),
            misses: self.misses.load(Ordering::Relaxed),
            classes,
            bytes: classes * CLASS_BYTES,
        }
    }

    /// The canonical flops of the stored classes, ascending.
    pub fn class_keys(&self) -> Vec<[u8; 3]> {
        let mut keys: Vec<[u8; 3]> = self
            .map
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .keys()
            .copied()
            .collect();
        keys.sort_unstable();
        keys
    }

    /// The stored sums of the class of canonical flop `key` as [`CLASS_BYTES`] bytes
    /// (each global holding's six `u32`, little-endian), if stored; not counted as a hit.
    pub fn class_bytes(&self, key: [u8; 3]) -> Option<Vec<u8>> {
        let sums = self
            .map
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&key)
            .cloned()?;
        Some(sums_to_bytes(&sums))
    }

    /// Stores the class of canonical flop `key` from its bytes (as
    /// [`FlopClasses::class_bytes`] gives them) if the budget allows and it is not
    /// stored yet; returns whether it was added. The caller vouches that the bytes are
    /// the sweep's (a file's checksum and [`class_bytes_swept`] on a sample).
    ///
    /// # Errors
    /// A key that is not a canonical flop, bytes of the wrong length, or sums on a
    /// holding that touches the flop.
    pub fn insert_class_bytes(&self, key: [u8; 3], bytes: &[u8]) -> Result<bool, ClassBytesError> {
        let sums = class_sums(key, bytes)?;
        let mut map = self.map.lock().unwrap_or_else(|p| p.into_inner());
        if map.contains_key(&key) || (map.len() + 1) * CLASS_BYTES > self.budget {
            return Ok(false);
        }
        map.insert(key, sums.into());
        Ok(true)
    }

    /// Drops every stored class (the counters stay).
    pub fn clear(&self) {
        self.map.lock().unwrap_or_else(|p| p.into_inner()).clear();
    }
}

/// Every flop up to suit isomorphism (1,755): the flops that are their own class's
/// canonical flop, in ascending order.
pub fn canonical_flops() -> Vec<[u8; 3]> {
    let mut out = Vec::with_capacity(1_755);
    for a in 0..52u8 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                if FlopClass::of([a, b, c]).key == [a, b, c] {
                    out.push([a, b, c]);
                }
            }
        }
    }
    out
}

/// The store shared by everyone who holds it: the one alive if any (held by a board
/// cache, a bench), else a new empty one ([`CLASS_STORE_BYTES`] at most). It is freed
/// when the last holder lets it go, so a process that stops playing gets its memory back.
pub fn flop_classes() -> Arc<FlopClasses> {
    static SHARED: Mutex<Weak<FlopClasses>> = Mutex::new(Weak::new());
    let mut shared = SHARED.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(store) = shared.upgrade() {
        return store;
    }
    let store = Arc::new(FlopClasses::new(CLASS_STORE_BYTES));
    *shared = Arc::downgrade(&store);
    store
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_flop_has_one_of_1755_classes() {
        assert_eq!(SUIT_PERMS.len(), 24);
        let mut classes = std::collections::HashSet::new();
        for a in 0..52u8 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    let class = FlopClass::of([c, a, b]);
                    let mut mapped = [a, b, c].map(|x| map_card(x, &class.perm));
                    mapped.sort_unstable();
                    assert_eq!(mapped, class.key);
                    classes.insert(class.key);
                }
            }
        }
        assert_eq!(classes.len(), 1_755);
    }

    #[test]
    fn the_budget_bounds_the_store() {
        let store = FlopClasses::new(CLASS_BYTES);
        let (c1, c2) = (FlopClass::of([0, 5, 10]), FlopClass::of([0, 4, 8]));
        assert!(store.get(&c1).is_none());
        store.insert(&c1, &[(12, 13)], &[[1, 2, 3, 4, 5, 6]]);
        store.insert(&c2, &[(12, 13)], &[[1, 2, 3, 4, 5, 6]]);
        let got = store.get(&c1).unwrap();
        assert_eq!(got[c1.holding(12, 13)], [1, 2, 3, 4, 5, 6]);
        assert!(store.get(&c2).is_none(), "over budget");
        let s = store.stats();
        assert_eq!(
            (s.hits, s.misses, s.classes, s.bytes),
            (1, 2, 1, CLASS_BYTES)
        );
    }
}
