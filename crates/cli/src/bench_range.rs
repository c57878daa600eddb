//! `loki bench` entries of the range table (`loki-assess::range`): the exact EHS table of
//! a rainbow flop on one thread, and the weighted two-card HP table
//! of one hand from the board's river-rank cache.
use loki_assess::{RangeTable, RankCache, WeightTable};
use loki_cards::{parse_cards, HoleCards, HOLDINGS};
use serde_json::{Map, Value};
use std::hint::black_box;
use std::time::Instant;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

/// Adds `range_ehs_flop_ms` (median over several builds of the range table of the
/// rainbow flop 5s4dKh, one thread, no rank cache) and `potential2_cached_us` (median
/// time of one hand's full weighted two-card HP table against one opponent table with
/// the board's rank cache already built).
pub fn measure(quick: bool, out: &mut Map<String, Value>) {
    let (Ok(board), Ok(hole)) = (parse_cards("5s4dKh"), "AdQc".parse::<HoleCards>()) else {
        return;
    };
    let runs = if quick { 5 } else { 15 };
    let mut ms = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let table = RangeTable::new(black_box(&board));
        ms.push(t.elapsed().as_secs_f64() * 1e3);
        black_box(table.ok());
    }
    out.insert("range_ehs_flop_ms".into(), Value::from(round3(median(ms))));

    let Ok(cache) = RankCache::new(&board) else {
        return;
    };
    let mut w = [0.0; HOLDINGS];
    for (h, x) in w.iter_mut().enumerate() {
        let u = (h as u64 * 2_654_435_761 % (1 << 32)) as f64 / 4_294_967_296.0;
        *x = 0.01 + 0.99 * u;
    }
    let weights = WeightTable::from_weights(&w).unwrap_or_default();
    let reps = if quick { 50 } else { 200 };
    let mut us = Vec::new();
    for _ in 0..if quick { 5 } else { 9 } {
        let t = Instant::now();
        for _ in 0..reps {
            black_box(cache.potential2(black_box(hole), &weights).ok());
        }
        us.push(t.elapsed().as_secs_f64() * 1e6 / f64::from(reps));
    }
    out.insert(
        "potential2_cached_us".into(),
        Value::from(round3(median(us))),
    );
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}
