#![allow(missing_docs)]
//! The range table on every flop up to suit isomorphism (1,755 classes), against an
//! independent computation for every one of the 1,176 holdings: the single-hand
//! two-card hand potential (`loki_assess::potential`, uniform weights, whose sums are
//! exact integers) and the HS counts it implies, plus the naive Figure-2 loop of
//! `tests/range.rs` on one holding per flop.
//!
//! Too slow for the default test run (about 1,755 x 1,176 single-hand potentials, some
//! 15-30 CPU minutes); run it once, in the background, with
//!
//! ```text
//! nice cargo test --release -p loki-assess --test range_all_flops -- --ignored --nocapture
//! ```
//!
//! It uses every thread (rayon); the result does not depend on the thread count.
use loki_assess::{potential, HoldingCounts, Lookahead, RangeTable, WeightTable};
use loki_cards::{Card, Hand, HoleCards};
use rayon::prelude::*;

/// The 1,755 flops up to suit isomorphism: each flop's smallest image under the 24 suit
/// permutations, deduplicated.
fn flop_classes() -> Vec<[u8; 3]> {
    let mut perms = Vec::new();
    for a in 0..4u8 {
        for b in 0..4u8 {
            for c in 0..4u8 {
                for d in 0..4u8 {
                    if [a, b, c, d].iter().fold(0u8, |m, &x| m | 1 << x) == 15 {
                        perms.push([a, b, c, d]);
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    for x in 0..52u8 {
        for y in x + 1..52 {
            for z in y + 1..52 {
                let canon = perms
                    .iter()
                    .map(|p| {
                        let mut f = [x, y, z].map(|c| c / 4 * 4 + p[(c % 4) as usize]);
                        f.sort_unstable();
                        f
                    })
                    .min()
                    .unwrap_or([x, y, z]);
                if canon == [x, y, z] {
                    out.push(canon);
                }
            }
        }
    }
    out
}

/// The naive Figure-2 loop (as in `tests/range.rs`): every opponent, every runout.
fn naive(board: &[Card], hole: HoleCards) -> HoldingCounts {
    let mut dead = 0u64;
    for c in board.iter().chain(hole.cards().iter()) {
        dead |= 1 << c.index();
    }
    let bh = Hand::EMPTY.with_all(board);
    let ours = bh.with(hole.low()).with(hole.high());
    let mut out = HoldingCounts::default();
    for o in HoleCards::all() {
        let om = o.set().bits();
        if om & dead != 0 {
            continue;
        }
        let theirs = bh.with(o.low()).with(o.high());
        let now = 1 - ours.rank().cmp(&theirs.rank()) as i32;
        match now {
            0 => out.ahead += 1,
            1 => out.tied += 1,
            _ => out.behind += 1,
        }
        let live: Vec<u8> = (0..52u8).filter(|&c| (dead | om) >> c & 1 == 0).collect();
        for (i, &t) in live.iter().enumerate() {
            for &r in &live[i + 1..] {
                let fin = 1 - ours
                    .with_indices(&[t, r])
                    .rank()
                    .cmp(&theirs.with_indices(&[t, r]).rank()) as i32;
                out.hp[now as usize][fin as usize] += 1;
            }
        }
    }
    out
}

/// Every mismatch of one flop, as text.
fn check_flop(flop: [u8; 3], uniform: &WeightTable) -> Vec<String> {
    let board: Vec<Card> = flop
        .iter()
        .filter_map(|&c| Card::from_index(c).ok())
        .collect();
    let mut bad = Vec::new();
    let Ok(table) = RangeTable::new(&board) else {
        return vec![format!("{flop:?}: no table")];
    };
    let live: Vec<HoleCards> = HoleCards::all()
        .filter(|h| h.cards().iter().all(|c| !board.contains(c)))
        .collect();
    if live.len() != 1176 {
        bad.push(format!("{flop:?}: {} holdings", live.len()));
    }
    for (i, &h) in live.iter().enumerate() {
        let Some(k) = table.counts(h) else {
            bad.push(format!("{flop:?} {h}: no counts"));
            continue;
        };
        let Ok(p) = potential(h, &board, uniform, Lookahead::Two) else {
            bad.push(format!("{flop:?} {h}: no potential"));
            continue;
        };
        let hp = k.hp.map(|row| row.map(f64::from));
        let total = [k.ahead, k.tied, k.behind].map(f64::from);
        if hp != p.hp || total != p.hp_total {
            bad.push(format!(
                "{flop:?} {h}: table {:?} {total:?}, single hand {:?} {:?}",
                k.hp, p.hp, p.hp_total
            ));
        }
        // One holding per flop (a different one on each flop) against the naive loop.
        if i == flop.iter().map(|&c| usize::from(c)).sum::<usize>() % live.len() {
            let n = naive(&board, h);
            if n != k {
                bad.push(format!("{flop:?} {h}: table {k:?}, naive {n:?}"));
            }
        }
    }
    bad
}

#[test]
#[ignore = "about 15-30 CPU minutes: run with --ignored (see the module docs)"]
fn every_flop_class_equals_single_hand_potential() {
    let flops = flop_classes();
    assert_eq!(flops.len(), 1755);
    let uniform = WeightTable::uniform();
    let start = std::time::Instant::now();
    let bad: Vec<String> = flops
        .par_iter()
        .flat_map_iter(|&f| check_flop(f, &uniform))
        .collect();
    println!(
        "range table on all {} flop classes x 1,176 holdings: {} mismatches ({:.0} s)",
        flops.len(),
        bad.len(),
        start.elapsed().as_secs_f64()
    );
    for b in bad.iter().take(20) {
        println!("{b}");
    }
    assert!(bad.is_empty());
}

#[test]
fn there_are_1755_flop_classes() {
    let flops = flop_classes();
    assert_eq!(flops.len(), 1755);
    // Sanity of the canonical form: the suit-isomorphism classes of the paper's flop.
    assert!(flops.iter().all(|f| f[0] < f[1] && f[1] < f[2]));
}
