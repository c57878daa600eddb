//! Generates the evaluator's lookup tables (see `src/hand.rs` for how they are used).
//!
//! * `RANK_LOOKUP` (2^17 entries): the rank of the best flush or straight flush for every
//!   13-bit mask of one suit's ranks at `FLUSH_BASE | mask`, and around those a perfect
//!   hash from the OMPEval rank key `k` (the sum of one multiplier per card rank; unique
//!   for every multiset of at most 7 ranks with at most 4 of each) to the hand rank of
//!   the best non-flush five-card hand, 0 for fewer than five cards.
//! * `OFFSETS` (8,192 rows): displacement hashing (Tarjan-Yao). The hand's key holds
//!   `k * (2^39 + 2^16)`; the row is `key >> 51` (about `k >> 12`) and the column `k mod
//!   2^16`, and a row's keys go to slots `(2 column + offset) mod 2^17`; offsets found
//!   greedily (first fit, largest rows first, the table cyclic; entries of equal rank may
//!   share a slot) and stored shifted up by 15, so that the evaluator's index is
//!   `((key as u32) + OFFSETS[row]) >> 15`.
//!
//! The generator checks its own result: 7,462 distinct ranks, and every rank key (with
//! the smallest and the largest suit counters of a hand without a flush) and every flush
//! mask reads back its own rank through the evaluator's index arithmetic.
use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

/// OMPEval's rank multipliers (zekyll/OMPEval). Their sums are unique for every multiset
/// of at most 7 ranks with at most 4 of each; `main` re-checks this.
const RANK_MULT: [u32; 13] = [
    0x2000, 0x8001, 0x11000, 0x3a000, 0x91000, 0x176005, 0x366000, 0x41a013, 0x47802e, 0x479068,
    0x48c0e4, 0x48f211, 0x494493,
];
/// The hand key carries the rank key `k` (below 2^25) as `k * KEY_MUL` (wrapping): `k`'s
/// high bits fill the top of the word and `k mod 2^16` sits in bits 16..31, above the
/// four suit counters in bits 0..15.
const KEY_MUL: u64 = (1 << 39) + (1 << 16);
/// Row of the displacement hash: `key >> ROW_SHIFT`, below 8,192 by its type.
const ROW_SHIFT: u32 = 51;
/// Table index: `((key as u32) + OFFSETS[row]) >> INDEX_SHIFT`, below 2^17 by its type.
const INDEX_SHIFT: u32 = 15;
const TABLE_SIZE: usize = 1 << (32 - INDEX_SHIFT);
/// The flush ranks: slot `FLUSH_BASE | (13-bit rank mask of the flush suit)`.
const FLUSH_BASE: usize = TABLE_SIZE - 8192;
/// The suit counters of a hand without a flush: 3 to 3 + 4 in each 4-bit field.
const MAX_COUNTERS: u64 = 0x7777;
const MIN_COUNTERS: u64 = 0x3333;

/// A comparable value of the best five-card hand: category (0 = high card .. 8 = straight
/// flush) then up to five tie-break ranks, four bits each.
fn value(cat: u32, kickers: &[u32]) -> u32 {
    let mut v = cat;
    for i in 0..5 {
        v = v * 16 + kickers.get(i).copied().unwrap_or(0);
    }
    v
}

fn straight_top(mask: u32) -> Option<u32> {
    for top in (4..13).rev() {
        let m = 0x1f << (top - 4);
        if mask & m == m {
            return Some(top);
        }
    }
    // the wheel: A-2-3-4-5
    if mask & 0x100f == 0x100f {
        return Some(3);
    }
    None
}

fn top_bits(mask: u32, n: usize) -> Vec<u32> {
    (0..13)
        .rev()
        .filter(|r| mask & (1 << r) != 0)
        .take(n)
        .collect()
}

/// Best non-flush hand from rank counts (5 to 7 cards).
fn value_from_counts(counts: &[u32; 13]) -> u32 {
    let present: u32 = (0..13).filter(|&r| counts[r] > 0).map(|r| 1 << r).sum();
    let with = |n: u32| -> Vec<u32> {
        (0..13u32)
            .rev()
            .filter(|&r| counts[r as usize] >= n)
            .collect()
    };
    let quads = with(4);
    if let Some(&q) = quads.first() {
        let k = top_bits(present & !(1 << q), 1);
        return value(7, &[q, k[0]]);
    }
    let trips = with(3);
    let pairs = with(2);
    if let Some(&t) = trips.first() {
        if let Some(&p) = pairs.iter().find(|&&p| p != t) {
            return value(6, &[t, p]);
        }
    }
    if let Some(top) = straight_top(present) {
        return value(4, &[top]);
    }
    if let Some(&t) = trips.first() {
        let k = top_bits(present & !(1 << t), 2);
        return value(3, &[t, k[0], k[1]]);
    }
    if pairs.len() >= 2 {
        let (a, b) = (pairs[0], pairs[1]);
        let k = top_bits(present & !(1 << a) & !(1 << b), 1);
        return value(2, &[a, b, k[0]]);
    }
    if let Some(&p) = pairs.first() {
        let k = top_bits(present & !(1 << p), 3);
        return value(1, &[p, k[0], k[1], k[2]]);
    }
    value(0, &top_bits(present, 5))
}

/// Best flush or straight flush in one suit's rank mask (at least 5 bits).
fn value_from_flush(mask: u32) -> u32 {
    match straight_top(mask) {
        Some(top) => value(8, &[top]),
        None => value(5, &top_bits(mask, 5)),
    }
}

fn enumerate_counts(k: usize, left: u32, counts: &mut [u32; 13], out: &mut Vec<[u32; 13]>) {
    if k == 13 {
        out.push(*counts);
        return;
    }
    for c in 0..=left.min(4) {
        counts[k] = c;
        enumerate_counts(k + 1, left - c, counts, out);
    }
    counts[k] = 0;
}

/// Whether the compiler has `std::hint::cold_path` (stable since Rust 1.95): the
/// evaluator uses it to keep the flush branch out of the hot path, and builds without
/// it (a little slower) on older compilers.
fn has_cold_path() -> bool {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let Ok(out) = std::process::Command::new(rustc).arg("--version").output() else {
        return false;
    };
    let text = String::from_utf8_lossy(&out.stdout);
    // "rustc 1.95.0 (...)"
    let minor = text
        .split_whitespace()
        .nth(1)
        .and_then(|v| v.split('.').nth(1))
        .and_then(|m| m.parse::<u32>().ok());
    text.starts_with("rustc 1.") && minor.is_some_and(|m| m >= 95)
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo::rustc-check-cfg=cfg(loki_cold_path)");
    if has_cold_path() {
        println!("cargo::rustc-cfg=loki_cold_path");
    }
    // All rank multisets of 0..=7 cards.
    let mut multisets = Vec::new();
    enumerate_counts(0, 7, &mut [0; 13], &mut multisets);
    assert_eq!(multisets.len(), 76_155);

    // Distinct five-card values: every class appears among 5-card hands.
    let mut values = BTreeSet::new();
    for counts in &multisets {
        let n: u32 = counts.iter().sum();
        if n == 5 && counts.iter().all(|&c| c <= 4) {
            values.insert(value_from_counts(counts));
        }
    }
    for mask in 0u32..8192 {
        if mask.count_ones() == 5 {
            values.insert(value_from_flush(mask));
        }
    }
    assert_eq!(values.len(), 7462, "distinct five-card classes");
    // HandRank = (category + 1) << 12 | index within the category (ascending).
    let mut dense = HashMap::new();
    let mut per_cat = [0u32; 9];
    for v in &values {
        let cat = v >> 20;
        dense.insert(*v, ((cat + 1) << 12) | per_cat[cat as usize]);
        per_cat[cat as usize] += 1;
    }
    assert_eq!(per_cat, [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]);

    // One table of 2^17 ranks: the flush ranks at FLUSH_BASE | mask, and around them a
    // displacement perfect hash of the rank keys: row key >> 51, column (key as u32) >> 16
    // (k mod 2^16), slot (2 column + offset) mod 2^17 (the table is cyclic). Two entries
    // may share a slot when they have the same rank.
    let mut table: Vec<Option<u16>> = vec![None; TABLE_SIZE];
    for mask in 0u32..8192 {
        if (5..=7).contains(&mask.count_ones()) {
            table[FLUSH_BASE | mask as usize] = Some(dense[&value_from_flush(mask)] as u16);
        }
    }
    let mut rows: HashMap<u64, Vec<(usize, u16)>> = HashMap::new();
    let mut seen = HashMap::new();
    for counts in &multisets {
        let k: u32 = (0..13).map(|r| counts[r] * RANK_MULT[r]).sum();
        assert!(
            seen.insert(k, *counts).is_none(),
            "rank multipliers collide"
        );
        assert!(k < 1 << 25, "rank keys fit in 25 bits");
        let n: u32 = counts.iter().sum();
        let rank = if n >= 5 {
            dense[&value_from_counts(counts)] as u16
        } else {
            0
        };
        let key = u64::from(k).wrapping_mul(KEY_MUL);
        rows.entry(key >> ROW_SHIFT)
            .or_default()
            .push(((key as u32 >> 16) as usize, rank));
    }
    for cols in rows.values() {
        let mut c: Vec<usize> = cols.iter().map(|c| c.0).collect();
        c.sort_unstable();
        c.dedup();
        assert_eq!(c.len(), cols.len(), "columns are distinct within a row");
    }
    let n_rows = 1usize << (64 - ROW_SHIFT);
    let mut order: Vec<u64> = rows.keys().copied().collect();
    order.sort_by_key(|r| (std::cmp::Reverse(rows[r].len()), *r));
    let mut offsets = vec![0u32; n_rows];
    for row in order {
        let cols = &rows[&row];
        // index = ((column << 16 | counters) + (base << 15)) >> 15 = 2 column + base.
        let slot = |base: usize, c: usize| (2 * c + base) % TABLE_SIZE;
        let base = (0..TABLE_SIZE)
            .find(|&b| {
                cols.iter()
                    .all(|&(c, rank)| table[slot(b, c)].is_none_or(|v| v == rank))
            })
            .expect("the rank table is full");
        for &(c, rank) in cols {
            table[slot(base, c)] = Some(rank);
        }
        offsets[row as usize] = (base as u32) << INDEX_SHIFT;
    }
    let used = table.iter().filter(|s| s.is_some()).count();
    // Every rank key reads back its own rank through the evaluator's arithmetic, with the
    // smallest and the largest suit counters of a hand without a flush.
    for (&k, counts) in &seen {
        let n: u32 = counts.iter().sum();
        let want = if n >= 5 {
            dense[&value_from_counts(counts)] as u16
        } else {
            0
        };
        for counters in [MIN_COUNTERS, MAX_COUNTERS] {
            let key = u64::from(k).wrapping_mul(KEY_MUL).wrapping_add(counters);
            let row = (key >> ROW_SHIFT) as usize;
            let index = (key as u32).wrapping_add(offsets[row]) >> INDEX_SHIFT;
            assert_eq!(table[index as usize], Some(want), "rank key {k}");
        }
    }
    for mask in 0u32..8192 {
        if (5..=7).contains(&mask.count_ones()) {
            let want = dense[&value_from_flush(mask)] as u16;
            assert_eq!(
                table[FLUSH_BASE | mask as usize],
                Some(want),
                "flush {mask}"
            );
        }
    }

    let mut out = String::new();
    writeln!(out, "/// OMPEval rank multipliers, one per rank (2 .. A).").unwrap();
    writeln!(
        out,
        "pub(crate) const RANK_MULT: [u32; 13] = {RANK_MULT:?};"
    )
    .unwrap();
    writeln!(out, "pub(crate) const KEY_MUL: u64 = {KEY_MUL};").unwrap();
    writeln!(out, "pub(crate) const ROW_SHIFT: u32 = {ROW_SHIFT};").unwrap();
    writeln!(out, "pub(crate) const INDEX_SHIFT: u32 = {INDEX_SHIFT};").unwrap();
    writeln!(out, "pub(crate) const FLUSH_BASE: u64 = {FLUSH_BASE};").unwrap();
    writeln!(out, "pub(crate) const RANK_LOOKUP_USED: usize = {used};").unwrap();
    let lookup: Vec<u16> = table.iter().map(|s| s.unwrap_or(0)).collect();
    writeln!(
        out,
        "pub(crate) static RANK_LOOKUP: [u16; {TABLE_SIZE}] = {lookup:?};"
    )
    .unwrap();
    writeln!(
        out,
        "pub(crate) static OFFSETS: [u32; {n_rows}] = {offsets:?};"
    )
    .unwrap();
    let path = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("tables.rs");
    std::fs::write(path, out).unwrap();
}
