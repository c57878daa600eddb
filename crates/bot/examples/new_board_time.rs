//! Where the time of a first decision on a new flop goes (docs/speed.md): each piece of
//! the board's analysis (the range table and caches of `loki_assess::range`, the paper
//! ranking's order of Papp 1998 §7.2.3) and of the decision (the assessment of Billings
//! et al. 1998, "Hand Assessment") timed alone on random flops, medians.
//!
//! `cargo run --release -p loki-bot --example new_board_time -- [FLOPS]`
use loki_assess::range::{FlopClasses, CLASS_STORE_BYTES};
use loki_assess::{hand_strengths, BoardOrder, NextCardCache, RangeTable, WeightTable};
use loki_bot::assess;
use loki_bot::board_cache::BoardRanges;
use loki_cards::{Deck, HoleCards, HOLDINGS};
use loki_engine::Round;
use std::hint::black_box;
use std::time::Instant;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Milliseconds of one call of `f`.
fn ms<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let t = Instant::now();
    let x = f();
    (t.elapsed().as_secs_f64() * 1e3, x)
}

/// A skewed weight table, as after a few re-weightings.
fn skewed(seed: usize) -> WeightTable {
    let mut w = [0.0; HOLDINGS];
    for (h, x) in w.iter_mut().enumerate() {
        let u =
            ((h + seed * 7919).wrapping_mul(2_654_435_761) % (1 << 32)) as f64 / 4_294_967_296.0;
        *x = 0.01 + 0.99 * u;
    }
    WeightTable::from_weights(&w).unwrap_or_default()
}

fn main() {
    let flops: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(41);
    let names = [
        "range table alone (RangeTable::new)",
        "range table + river-rank cache",
        "next-card cache",
        "BoardRanges::new (all of the above + EHS array)",
        "paper ranking: BoardOrder::new",
        "paper ranking: order + uniform PPot array (first field_ehs)",
        "field_ehs, 1 table (each re-weighting, heads-up)",
        "field_ehs, 9 tables (each re-weighting, ten seats)",
        "assess, 1 table, first (hand counts built)",
        "assess, 1 table, again (counts cached)",
        "assess, 9 tables, again",
        "hand_strengths, 9 tables",
        "range table + river-rank cache, the last 5 kept (as a board cache keeps them)",
        "range table, its flop class stored",
        "range table + river-rank cache, its flop class stored",
        "BoardRanges::new, its flop class stored",
    ];
    let mut t: Vec<Vec<f64>> = vec![Vec::new(); names.len()];
    let tables: Vec<WeightTable> = (0..9).map(skewed).collect();
    let one: Vec<&WeightTable> = tables.iter().take(1).collect();
    let nine: Vec<&WeightTable> = tables.iter().collect();
    let mut kept = std::collections::VecDeque::new();
    for i in 0..flops {
        let mut deck = Deck::from_seed(1998 + i as u64);
        let Some(cards) = deck.deal_n(5).map(<[_]>::to_vec) else {
            continue;
        };
        let board = &cards[..3];
        let Ok(hole) = HoleCards::new(cards[3], cards[4]) else {
            continue;
        };
        // Swept in full (the first flop of its class), then served from its class.
        t[0].push(ms(|| black_box(RangeTable::new(board).ok())).0);
        t[1].push(ms(|| black_box(RangeTable::with_rank_cache(board).ok())).0);
        t[2].push(ms(|| black_box(NextCardCache::new(board).ok())).0);
        let (x, ranges) = ms(|| BoardRanges::new(board));
        t[3].push(x);
        let Ok(ranges) = ranges else { continue };
        let classes = FlopClasses::new(CLASS_STORE_BYTES);
        let _ = RangeTable::new_in(board, &classes);
        t[13].push(ms(|| black_box(RangeTable::new_in(board, &classes).ok())).0);
        t[14].push(ms(|| black_box(RangeTable::with_rank_cache_in(board, &classes).ok())).0);
        t[15].push(ms(|| black_box(BoardRanges::new_in(board, &classes).ok())).0);
        t[4].push(ms(|| black_box(BoardOrder::new(board).ok())).0);
        t[5].push(ms(|| black_box(ranges.field_ehs(&one))).0);
        t[6].push(ms(|| black_box(ranges.field_ehs(&one))).0);
        t[7].push(ms(|| black_box(ranges.field_ehs(&nine))).0);
        t[8].push(ms(|| black_box(assess(hole, board, Round::Flop, &one, Some(&ranges)))).0);
        t[9].push(ms(|| black_box(assess(hole, board, Round::Flop, &one, Some(&ranges)))).0);
        t[10].push(ms(|| black_box(assess(hole, board, Round::Flop, &nine, Some(&ranges)))).0);
        t[11].push(ms(|| black_box(hand_strengths(hole, board, &nine).ok())).0);
        let (x, table) = ms(|| RangeTable::with_rank_cache(board).ok());
        t[12].push(x);
        kept.push_back(table);
        if kept.len() > 5 {
            kept.pop_front();
        }
    }
    println!("median over {flops} random flops, milliseconds:");
    for (name, v) in names.iter().zip(t) {
        println!("{:>8.3}  {name}", median(v));
    }
}
