//! Helpers shared by the integration tests: the weight rules of `public.json`, a
//! naive weighted reference implementation of Figures 1 and 2, and the reference
//! implementations the range code replaced (`reference/`).
#![allow(dead_code)]
pub mod reference;
use loki_assess::WeightTable;
use loki_cards::{Card, Hand, HoleCards, HOLDINGS};

/// The weight rule `rule` of public.json ("uniform", "hash" or "preflop").
pub fn weight_rule(rule: &str) -> WeightTable {
    let mut w = [0.0f64; HOLDINGS];
    for (h, x) in w.iter_mut().enumerate() {
        let (i, j) = HoleCards::pair_of_index(h).unwrap();
        *x = match rule {
            "uniform" => 1.0,
            "hash" => {
                let u = ((h as u64 * 2654435761) % (1u64 << 32)) as f64 / 4294967296.0;
                let p = 0.99 * u;
                0.01 + p
            }
            "preflop" => {
                let (a, b) = ((i / 4) as i64 + 2, (j / 4) as i64 + 2);
                let (hi, lo) = (a.max(b), a.min(b));
                let score = hi + lo - (hi - lo).min(4)
                    + if hi == lo { 12 } else { 0 }
                    + if i % 4 == j % 4 { 2 } else { 0 };
                (((score - 8) as f64) / 24.0).clamp(0.01, 1.0)
            }
            _ => panic!("unknown rule {rule}"),
        };
    }
    WeightTable::from_weights(&w).unwrap()
}

fn state(ours: u16, theirs: u16) -> usize {
    if ours > theirs {
        0
    } else if ours == theirs {
        1
    } else {
        2
    }
}

fn rank(cards: &[u8]) -> u16 {
    cards
        .iter()
        .fold(Hand::EMPTY, |h, &c| h.with_index(c))
        .rank()
        .value()
}

/// Naive Figure 1: (ahead, tied, behind).
pub fn naive_hs(hole: HoleCards, board: &[Card], w: &WeightTable) -> [f64; 3] {
    let b: Vec<u8> = board.iter().map(|c| c.index()).collect();
    let known: Vec<u8> = b
        .iter()
        .copied()
        .chain([hole.low().index(), hole.high().index()])
        .collect();
    let mut ours_cards = b.clone();
    ours_cards.extend([hole.low().index(), hole.high().index()]);
    let ours = rank(&ours_cards);
    let mut acc = [0.0; 3];
    for h in 0..HOLDINGS {
        let (i, j) = HoleCards::pair_of_index(h).unwrap();
        if known.contains(&i) || known.contains(&j) {
            continue;
        }
        let mut o = b.clone();
        o.extend([i, j]);
        acc[state(ours, rank(&o))] += w.at(h);
    }
    acc
}

/// Naive Figure 2 (holding-major): (hp, hp_total, runouts per holding).
pub fn naive_hp(
    hole: HoleCards,
    board: &[Card],
    w: &WeightTable,
    lookahead: usize,
) -> ([[f64; 3]; 3], [f64; 3], usize) {
    let b: Vec<u8> = board.iter().map(|c| c.index()).collect();
    let mine = [hole.low().index(), hole.high().index()];
    let mut hp = [[0.0; 3]; 3];
    let mut tot = [0.0; 3];
    let mut runouts = 0;
    for h in 0..HOLDINGS {
        let (i, j) = HoleCards::pair_of_index(h).unwrap();
        let dead: Vec<u8> = b.iter().copied().chain(mine).chain([i, j]).collect();
        if b.contains(&i) || b.contains(&j) || mine.contains(&i) || mine.contains(&j) {
            continue;
        }
        let now = {
            let mut o = b.clone();
            o.extend([i, j]);
            let mut m = b.clone();
            m.extend(mine);
            state(rank(&m), rank(&o))
        };
        tot[now] += w.at(h);
        let rest: Vec<u8> = (0..52u8).filter(|c| !dead.contains(c)).collect();
        let mut outs: Vec<Vec<u8>> = Vec::new();
        if lookahead == 1 {
            for &t in &rest {
                outs.push(vec![t]);
            }
        } else {
            for (x, &t) in rest.iter().enumerate() {
                for &r in &rest[x + 1..] {
                    outs.push(vec![t, r]);
                }
            }
        }
        runouts = outs.len();
        for e in outs {
            let mut o = b.clone();
            o.extend(&e);
            o.extend([i, j]);
            let mut m = b.clone();
            m.extend(&e);
            m.extend(mine);
            hp[now][state(rank(&m), rank(&o))] += w.at(h);
        }
    }
    (hp, tot, runouts)
}
