//! The re-weighting written as a single loop (factor, sums and weights together, the best
//! value by a running maximum): the reference that `tests/reweighting.rs` compares the
//! crate's re-weighting with bit for bit, and that `benches/decision.rs` times beside it.
//! Included by both with `#[path]`; not part of the crate.
#![allow(dead_code)]
use loki_assess::WeightTable;
use loki_bot::figure3::Figure3;
use loki_bot::reweight::{law_of, Values};

/// `reweight_table_with` (with the mean) as one loop: the law applied and the weighted
/// mean factor over the re-weighted holdings.
pub fn reweight_table_in_one_loop(
    base: &WeightTable,
    out: &mut WeightTable,
    (mu, sigma): (f64, f64),
    floor: f64,
    trust: f64,
    values: &Values,
    keep_best: bool,
) -> (Figure3, f64) {
    let best = keep_best.then(|| {
        values
            .iter()
            .filter(|v| !v.is_nan())
            .fold(f64::NEG_INFINITY, |a, &b| a.max(b))
    });
    let law = law_of((mu, sigma), floor, best);
    let mean = apply_factors_in_one_loop(Some(base), out, values, floor, trust, |v| law.factor(v));
    (law, mean)
}

/// `set_factors` and `mean_factor` in one loop: the weights written, the weighted mean
/// factor returned.
pub fn apply_factors_in_one_loop(
    base: Option<&WeightTable>,
    out: &mut WeightTable,
    values: &Values,
    floor: f64,
    trust: f64,
    factor: impl Fn(f64) -> f64,
) -> f64 {
    let trust = trust.clamp(0.0, 1.0);
    let (mut sum_w, mut sum_wf) = (0.0f64, 0.0f64);
    let src: Option<&Values> = base.map(|b| b.weights());
    let dst = out.weights_mut();
    for (h, &v) in values.iter().enumerate() {
        let w = src.map_or(dst[h], |s| s[h]);
        dst[h] = if v.is_nan() {
            w
        } else {
            let f = factor(v);
            sum_w += w;
            sum_wf += w * f;
            let g = if trust >= 1.0 {
                f
            } else {
                trust * f + (1.0 - trust)
            };
            (w * g).max(floor)
        };
    }
    if sum_w > 0.0 {
        sum_wf / sum_w
    } else {
        1.0
    }
}
