//! The range table per flop texture and on the turn (swept in full), a flop served from
//! its suit class against the same flop swept, the type tables from shared rows against
//! the tables written pair by pair and the board's set-up flat against nested, the rank
//! cache as type tables against
//! dense rows (built and one hand counted), the next-card cache as type tables against
//! one rank per holding and turn card, the cached weighted potential of one
//! hand against 1 and 10 opponent tables, and a naive single-holding Figure-2 loop as the
//! baseline (the naive table would be 1,176 times that). The replaced paths are the
//! reference implementations of the tests (`tests/common/reference/`, included here).
#![allow(missing_docs)]
#[allow(dead_code)]
#[path = "../tests/common/reference/mod.rs"]
mod reference;

use criterion::{criterion_group, criterion_main, Criterion};
use loki_assess::range::{internals, FlopClasses, CLASS_STORE_BYTES};
use loki_assess::NextCardCache;
use loki_assess::{RangeTable, RankCache, WeightTable};
use loki_cards::{parse_cards, Card, Hand, HoleCards, HOLDINGS};
use reference::{next_card::NextCardRanks, rows::RankRows};
use std::hint::black_box;

fn naive_one(board: &[Card], hole: HoleCards) -> [[u32; 3]; 3] {
    let mut dead = 0u64;
    for c in board.iter().chain(hole.cards().iter()) {
        dead |= 1 << c.index();
    }
    let bh = Hand::EMPTY.with_all(board);
    let ours = bh.with(hole.low()).with(hole.high());
    let mut hp = [[0u32; 3]; 3];
    for o in HoleCards::all() {
        let om = o.set().bits();
        if om & dead != 0 {
            continue;
        }
        let theirs = bh.with(o.low()).with(o.high());
        let now = (1 - ours.rank().cmp(&theirs.rank()) as i32) as usize;
        let live: Vec<u8> = (0..52u8).filter(|&c| (dead | om) >> c & 1 == 0).collect();
        for (i, &t) in live.iter().enumerate() {
            for &r in &live[i + 1..] {
                let fin = 1 - ours
                    .with_indices(&[t, r])
                    .rank()
                    .cmp(&theirs.with_indices(&[t, r]).rank()) as i32;
                hp[now][fin as usize] += 1;
            }
        }
    }
    hp
}

fn tables(n: usize) -> Vec<WeightTable> {
    (0..n)
        .map(|t| {
            let mut w = [0.0; HOLDINGS];
            for (h, x) in w.iter_mut().enumerate() {
                let u = ((h as u64 + 7 * t as u64) * 2654435761 % (1 << 32)) as f64;
                *x = 0.01 + 0.99 * u / 4294967296.0;
            }
            WeightTable::from_weights(&w).unwrap_or_default()
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("range_table");
    g.sample_size(20);
    for (name, b) in [
        ("rainbow_5s4dKh", "5s4dKh"),
        ("two_tone_3h4cJh", "3h4cJh"),
        ("monotone_JcQc8c", "JcQc8c"),
        ("paired_9d2s9h", "9d2s9h"),
        ("turn_3h4cJh2d", "3h4cJh2d"),
    ] {
        let board = parse_cards(b).unwrap();
        g.bench_function(name, |bn| {
            bn.iter(|| RangeTable::new(black_box(&board)).unwrap())
        });
    }
    g.finish();

    // A flop served from its suit class (the class's sums stored, the sweep filling only
    // the rank cache) against the same flop swept in full, same run, per texture: with
    // the rank cache (what a player's first flop decision builds) and without.
    let mut g = c.benchmark_group("flop_class");
    g.sample_size(30);
    for (name, b) in [
        ("rainbow_5s4dKh", "5s4dKh"),
        ("two_tone_3h4cJh", "3h4cJh"),
        ("monotone_JcQc8c", "JcQc8c"),
        ("paired_9d2s9h", "9d2s9h"),
    ] {
        let board = parse_cards(b).unwrap();
        // Stores the class (any flop of it would do).
        let classes = FlopClasses::new(CLASS_STORE_BYTES);
        RangeTable::new_in(&board, &classes).unwrap();
        g.bench_function(format!("{name}_with_rank_cache_swept"), |bn| {
            bn.iter(|| RangeTable::with_rank_cache(black_box(&board)).unwrap())
        });
        g.bench_function(format!("{name}_with_rank_cache_served"), |bn| {
            bn.iter(|| RangeTable::with_rank_cache_in(black_box(&board), &classes).unwrap())
        });
        g.bench_function(format!("{name}_swept"), |bn| {
            bn.iter(|| RangeTable::new(black_box(&board)).unwrap())
        });
        g.bench_function(format!("{name}_served"), |bn| {
            bn.iter(|| RangeTable::new_in(black_box(&board), &classes).unwrap())
        });
    }
    g.finish();

    // The cache part of a first flop decision's sweep (the board's set-up and its type
    // tables), the tables built from the rows shared by groups with the same runout ranks
    // (ours) against the tables written pair by pair of live card types, same run, per
    // texture; and the board's set-up alone, flat against one vector per orbit.
    let mut g = c.benchmark_group("type_tables");
    g.sample_size(30);
    for (name, b) in [
        ("rainbow_5s4dKh", "5s4dKh"),
        ("two_tone_3h4cJh", "3h4cJh"),
        ("monotone_JcQc8c", "JcQc8c"),
        ("paired_9d2s9h", "9d2s9h"),
        ("turn_3h4cJh2d", "3h4cJh2d"),
    ] {
        let board = parse_cards(b).unwrap();
        g.bench_function(format!("{name}_shared_rows"), |bn| {
            bn.iter(|| internals::type_tables(black_box(&board), false))
        });
        g.bench_function(format!("{name}_by_pair"), |bn| {
            bn.iter(|| internals::type_tables(black_box(&board), true))
        });
    }
    g.finish();
    let mut g = c.benchmark_group("board_set_up");
    g.sample_size(30);
    for (name, b) in [("rainbow_5s4dKh", "5s4dKh"), ("two_tone_3h4cJh", "3h4cJh")] {
        let board = parse_cards(b).unwrap();
        g.bench_function(format!("{name}_flat"), |bn| {
            bn.iter(|| internals::board_set_up(black_box(&board)))
        });
        g.bench_function(format!("{name}_nested"), |bn| {
            bn.iter(|| reference::board::set_up(black_box(&board)))
        });
    }
    g.finish();

    // What a first decision on a new board builds and reads of the rank cache, same
    // run, per texture: the range table with the type tables (ours) and one hand's
    // counts over them, against the table with the dense rows (one byte per holding and
    // runout, per runout group) and the counts pass over those rows; flops served from
    // their class (as in a long run), the turn swept.
    let mut g = c.benchmark_group("rank_cache");
    g.sample_size(30);
    let hole: HoleCards = "Ad9s".parse().unwrap();
    for (name, b) in [
        ("rainbow_5s4dKh", "5s4dKh"),
        ("two_tone_3h4cJh", "3h4cJh"),
        ("monotone_JcQc8c", "JcQc8c"),
        ("turn_3h4cJh2d", "3h4cJh2d"),
    ] {
        let board = parse_cards(b).unwrap();
        let classes = FlopClasses::new(CLASS_STORE_BYTES);
        RangeTable::new_in(&board, &classes).unwrap();
        g.bench_function(format!("{name}_type_tables"), |bn| {
            bn.iter(|| {
                let t = RangeTable::with_rank_cache_in(black_box(&board), &classes).unwrap();
                t.rank_cache().unwrap().hand_counts(hole).unwrap()
            })
        });
        g.bench_function(format!("{name}_dense_rows"), |bn| {
            bn.iter(|| {
                let (_, rows) = RankRows::new(black_box(&board), false, Some(&classes)).unwrap();
                rows.hand_counts(hole).unwrap()
            })
        });
    }
    g.finish();
    // The next-card cache built and one hand counted, same run, per texture: type tables
    // over the turn cards from the flop's range table set-up (ours, as a first flop
    // decision builds it), from nothing, and one six-card rank per holding and turn card.
    let mut g = c.benchmark_group("next_card");
    g.sample_size(30);
    for (name, b) in [
        ("rainbow_5s4dKh", "5s4dKh"),
        ("two_tone_3h4cJh", "3h4cJh"),
        ("monotone_JcQc8c", "JcQc8c"),
    ] {
        let board = parse_cards(b).unwrap();
        let table = RangeTable::new(&board).unwrap();
        g.bench_function(format!("{name}_type_tables"), |bn| {
            bn.iter(|| {
                let cache = black_box(&table).next_card_cache().unwrap();
                cache.hand_counts(hole).unwrap()
            })
        });
        g.bench_function(format!("{name}_type_tables_alone"), |bn| {
            bn.iter(|| {
                let cache = NextCardCache::new(black_box(&board)).unwrap();
                cache.hand_counts(hole).unwrap()
            })
        });
        g.bench_function(format!("{name}_every_rank"), |bn| {
            bn.iter(|| {
                let ranks = NextCardRanks::new(black_box(&board), false).unwrap();
                ranks.hand_counts(hole).unwrap()
            })
        });
    }
    g.finish();
    let board = parse_cards("5s4dKh").unwrap();

    let mut g = c.benchmark_group("cached_potential");
    let cache = RankCache::new(&board).unwrap();
    let hole: HoleCards = "AdQc".parse().unwrap();
    let ts = tables(10);
    let refs: Vec<&WeightTable> = ts.iter().collect();
    g.bench_function("flop_1_table", |bn| {
        bn.iter(|| cache.potential2(black_box(hole), &ts[0]).unwrap())
    });
    g.bench_function("flop_10_tables", |bn| {
        bn.iter(|| cache.potentials(black_box(hole), &refs).unwrap())
    });
    let counts = cache.hand_counts(hole).unwrap();
    g.bench_function("flop_weighted_pass_only", |bn| {
        bn.iter(|| counts.potential(black_box(&ts[1])))
    });
    let turn = RankCache::new(&parse_cards("5s4dKh2c").unwrap()).unwrap();
    g.bench_function("turn_1_table", |bn| {
        bn.iter(|| turn.potential1(black_box(hole), &ts[0]).unwrap())
    });
    g.finish();

    let mut g = c.benchmark_group("naive_baseline");
    g.sample_size(10);
    g.bench_function("one_holding_flop_5s4dKh", |bn| {
        bn.iter(|| naive_one(black_box(&board), hole))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
