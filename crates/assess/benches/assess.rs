#![allow(missing_docs)]
//! Weighted hand strength and the two-card hand-potential table for Ad Qc on 3h 4c Jh:
//! loki against the same loops written with the crates.io peer `pokers` 0.10.0 (same
//! run, same inputs). Results are asserted equal before timing.
use criterion::{criterion_group, criterion_main, Criterion};
use loki_assess::{hand_strength, potential, Lookahead, WeightTable};
use loki_cards::{parse_cards, Card, HoleCards, HOLDINGS};
use std::hint::black_box;

/// pokers orders suits s, h, c, d; loki c, d, h, s (both index 4 * rank + suit).
fn pk(c: u8) -> pokers::Hand {
    let suit = [2u8, 3, 1, 0][(c % 4) as usize];
    pokers::CARDS[(4 * (c / 4) + suit) as usize]
}

fn state(ours: u16, theirs: u16) -> usize {
    (theirs >= ours) as usize + (theirs > ours) as usize
}

/// Figure 1 with pokers, weighted: (ahead, tied, behind).
fn pokers_hs(hole: [u8; 2], board: &[u8], w: &[f64; HOLDINGS]) -> [f64; 3] {
    let known = board.iter().chain(&hole).fold(0u64, |m, &c| m | 1 << c);
    let b = board
        .iter()
        .fold(pokers::Hand::default(), |h, &c| h + pk(c));
    let ours = (b + pk(hole[0]) + pk(hole[1])).evaluate();
    let mut acc = [0.0; 3];
    for i in 0..52u8 {
        if known & (1 << i) != 0 {
            continue;
        }
        let bi = b + pk(i);
        for j in i + 1..52u8 {
            if known & (1 << j) != 0 {
                continue;
            }
            let h = i as usize * (103 - i as usize) / 2 + (j - i - 1) as usize;
            acc[state(ours, (bi + pk(j)).evaluate())] += w[h];
        }
    }
    acc
}

/// Figure 2 with pokers, weighted, holding-major (the paper's loop order).
fn pokers_hp2(hole: [u8; 2], board: &[u8], w: &[f64; HOLDINGS]) -> [[f64; 3]; 3] {
    let known = board.iter().chain(&hole).fold(0u64, |m, &c| m | 1 << c);
    let b = board
        .iter()
        .fold(pokers::Hand::default(), |h, &c| h + pk(c));
    let me = b + pk(hole[0]) + pk(hole[1]);
    let ours_now = me.evaluate();
    let mut hp = [[0.0; 3]; 3];
    for i in 0..52u8 {
        for j in i + 1..52u8 {
            let m = (1u64 << i) | (1u64 << j);
            if known & m != 0 {
                continue;
            }
            let x = w[i as usize * (103 - i as usize) / 2 + (j - i - 1) as usize];
            let opp = b + pk(i) + pk(j);
            let now = state(ours_now, opp.evaluate());
            let dead = known | m;
            for t in 0..52u8 {
                if dead & (1 << t) != 0 {
                    continue;
                }
                let (mt, ot) = (me + pk(t), opp + pk(t));
                for r in t + 1..52u8 {
                    if dead & (1 << r) != 0 {
                        continue;
                    }
                    hp[now][state((mt + pk(r)).evaluate(), (ot + pk(r)).evaluate())] += x;
                }
            }
        }
    }
    hp
}

fn benches(c: &mut Criterion) {
    let hole: HoleCards = "AdQc".parse().unwrap();
    let board: Vec<Card> = parse_cards("3h4cJh").unwrap();
    let h2 = [hole.low().index(), hole.high().index()];
    let b: Vec<u8> = board.iter().map(|c| c.index()).collect();
    let w = WeightTable::uniform();

    let s = hand_strength(hole, &board, &w).unwrap();
    assert_eq!(pokers_hs(h2, &b, w.weights()), [s.ahead, s.tied, s.behind]);
    assert_eq!([s.ahead, s.tied, s.behind], [628.0, 9.0, 444.0]);
    let p = potential(hole, &board, &w, Lookahead::Two).unwrap();
    assert_eq!(pokers_hp2(h2, &b, w.weights()), p.hp);

    let mut g = c.benchmark_group("hs_flop");
    g.bench_function("loki", |bn| {
        bn.iter(|| black_box(hand_strength(black_box(hole), black_box(&board), &w).unwrap()))
    });
    g.bench_function("pokers", |bn| {
        bn.iter(|| black_box(pokers_hs(black_box(h2), black_box(&b), w.weights())))
    });
    g.finish();

    let mut g = c.benchmark_group("potential2_flop");
    g.sample_size(20);
    g.bench_function("loki", |bn| {
        bn.iter(|| {
            black_box(potential(black_box(hole), black_box(&board), &w, Lookahead::Two).unwrap())
        })
    });
    g.bench_function("pokers_naive", |bn| {
        bn.iter(|| black_box(pokers_hp2(black_box(h2), black_box(&b), w.weights())))
    });
    g.finish();
}

criterion_group!(assess, benches);
criterion_main!(assess);
