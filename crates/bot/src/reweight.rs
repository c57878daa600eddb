//! Re-weighting of an opponent's weight table (Billings et al. 1998, Figure 3; Papp 1998
//! §7.2.1; Peña 1999 §4).
//!
//! * Loki-1: each holding's factor is `(ehs - mu + sigma) / (2 sigma)` clamped to
//!   [0.01, 1]; the new weight is `max(0.01, weight * factor)` (Papp: no weight below
//!   0.01, so no legal holding is ever "impossible").
//! * Loki-2: the factor is the probability-triple entry of the observed action:
//!   `max(0.01, weight * pt[action])`.
use crate::triple::ProbabilityTriple;
use loki_assess::WeightTable;

/// Figure 3's re-weighting factor, clamped to [low, 1].
pub fn reweight_factor(ehs: f64, mu: f64, sigma: f64, low: f64) -> f64 {
    if sigma <= 0.0 {
        return if ehs >= mu { 1.0 } else { low };
    }
    ((ehs - mu + sigma) / (2.0 * sigma)).clamp(low, 1.0)
}

/// The new weight after a Loki-1 re-weighting: the factor applied, floored at `floor`.
pub fn reweighted(old: f64, ehs: f64, mu: f64, sigma: f64, floor: f64) -> f64 {
    (old * reweight_factor(ehs, mu, sigma, floor)).max(floor)
}

/// The new weight after a probability-triple re-weighting, floored at `floor`.
pub fn reweighted_by_triple(
    old: f64,
    pt: ProbabilityTriple,
    action: loki_engine::Action,
    floor: f64,
) -> f64 {
    (old * pt.get(action)).max(floor)
}

/// Re-weights every holding `h` with `value(h) = Some(ehs)` (holdings mapped to `None`,
/// e.g. those touching known cards, are left alone): `new = max(floor, base * factor)`,
/// reading from `base` and writing into `out`.
pub fn reweight_table(
    base: &WeightTable,
    out: &mut WeightTable,
    mu: f64,
    sigma: f64,
    floor: f64,
    value: impl Fn(usize) -> Option<f64>,
) {
    let src = base.weights();
    for (h, (x, &w)) in out.weights_mut().iter_mut().zip(src.iter()).enumerate() {
        *x = match value(h) {
            Some(v) => reweighted(w, v, mu, sigma, floor),
            None => w,
        };
    }
}

/// Maps a percentile `p` in [0, 1] to a value of `sorted` (ascending) by nearest point
/// (Papp §7.2.2: a pre-flop mu is a percentile, converted to the income-rate scale through
/// the sorted income rates of the 1,326 holdings).
pub fn percentile_value(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = (p.clamp(0.0, 1.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figure3_and_papp_examples() {
        // Qd Td at ehs 0.22 with mu 0.6, sigma 0.2: factor 0.01.
        assert_eq!(reweight_factor(0.22, 0.6, 0.2, 0.01), 0.01);
        // ehs = mu gives 0.5.
        assert!((reweight_factor(0.6, 0.6, 0.2, 0.01) - 0.5).abs() < 1e-12);
        assert_eq!(reweight_factor(0.81, 0.6, 0.2, 0.01), 1.0);
        // Paper: a 30% caller, median +200, sigma 100: 1.0 above +300, 0.01 below +100.
        assert_eq!(reweight_factor(350.0, 200.0, 100.0, 0.01), 1.0);
        assert_eq!(reweight_factor(50.0, 200.0, 100.0, 0.01), 0.01);
        assert!((reweight_factor(200.0, 200.0, 100.0, 0.01) - 0.5).abs() < 1e-12);
    }

    #[test]
    fn triple_examples() {
        use loki_engine::Action;
        // 0.7 x 0.2 = 0.14 (seed 000); 0.9 x 0.2 = 0.18 (seed 004).
        let pt = ProbabilityTriple::new([0.0, 0.2, 0.8]);
        assert!((reweighted_by_triple(0.7, pt, Action::Call, 0.01) - 0.14).abs() < 1e-12);
        assert!((reweighted_by_triple(0.9, pt, Action::Call, 0.01) - 0.18).abs() < 1e-12);
        assert_eq!(reweighted_by_triple(0.5, pt, Action::Fold, 0.01), 0.01);
    }

    #[test]
    fn percentiles() {
        let v: Vec<f64> = (0..101).map(f64::from).collect();
        assert_eq!(percentile_value(&v, 0.3), 30.0);
        assert_eq!(percentile_value(&v, 2.0), 100.0);
    }
}
