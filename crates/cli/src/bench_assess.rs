//! `loki bench` keys of the assessment crate: `hs_flop_ns` (one weighted HS on a flop,
//! 1,081 showdowns) and `potential2_flop_us` (the full weighted two-card HP table for one
//! hand, from nothing), both for Ad Qc on 3h 4c Jh with uniform weights.
use loki_assess::{hand_strength, potential, Lookahead, WeightTable};
use loki_cards::{parse_cards, HoleCards};
use serde_json::{Map, Value};
use std::hint::black_box;
use std::time::Instant;

/// Best of three timings of `reps` calls of `f`, in seconds per call.
fn time_per_call(reps: u32, mut f: impl FnMut()) -> f64 {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..reps {
                f();
            }
            t.elapsed().as_secs_f64() / f64::from(reps)
        })
        .fold(f64::INFINITY, f64::min)
}

/// Adds `hs_flop_ns` and `potential2_flop_us` to `out`.
pub fn measure(quick: bool, out: &mut Map<String, Value>) {
    eprintln!("hs_flop / potential2_flop: Ad Qc on 3h 4c Jh, uniform weights");
    let (Ok(hole), Ok(board)) = ("AdQc".parse::<HoleCards>(), parse_cards("3h4cJh")) else {
        return;
    };
    let w = WeightTable::uniform();
    let hs = time_per_call(if quick { 20_000 } else { 200_000 }, || {
        black_box(hand_strength(black_box(hole), black_box(&board), &w).ok());
    });
    out.insert(
        "hs_flop_ns".into(),
        Value::from((hs * 1e9 * 10.0).round() / 10.0),
    );
    let p2 = time_per_call(if quick { 100 } else { 1_000 }, || {
        black_box(potential(black_box(hole), black_box(&board), &w, Lookahead::Two).ok());
    });
    out.insert(
        "potential2_flop_us".into(),
        Value::from((p2 * 1e6 * 10.0).round() / 10.0),
    );
}
