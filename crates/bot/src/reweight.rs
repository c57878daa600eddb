//! Re-weighting of an opponent's weight table (Billings et al. 1998, Figure 3; Papp 1998
//! §7.2.1; Peña 1999 §4).
//!
//! * Loki-1: each holding's factor is `(ehs - mu + sigma) / (2 sigma)` clamped to
//!   [0.01, 1]; the new weight is `max(0.01, weight * factor)` (Papp: no weight below
//!   0.01, so no legal holding is ever "impossible").
//! * Loki-2: the factor is the probability-triple entry of the observed action:
//!   `max(0.01, weight * pt[action])`.
use crate::figure3::{ramp, FactorBody, Figure3, FloorRule};
use crate::triple::ProbabilityTriple;
use loki_assess::WeightTable;

/// Figure 3's re-weighting factor, clamped to [low, 1].
pub fn reweight_factor(ehs: f64, mu: f64, sigma: f64, low: f64) -> f64 {
    ramp(ehs, mu, sigma).clamp(low, 1.0)
}

/// The new weight after a Loki-1 re-weighting: the factor applied, floored at `floor`.
pub fn reweighted(old: f64, ehs: f64, mu: f64, sigma: f64, floor: f64) -> f64 {
    Figure3::new(mu, sigma, floor).reweighted(old, ehs, FloorRule::Weight)
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

/// The values a re-weighting reads, by holding index: NaN for a holding it leaves alone
/// (one touching a known card).
pub type Values = [f64; loki_cards::HOLDINGS];

/// A table of values on the heap, every one NaN (built there, not on the stack and
/// copied).
fn nan_values() -> Box<Values> {
    let v = vec![f64::NAN; loki_cards::HOLDINGS].into_boxed_slice();
    match v.try_into() {
        Ok(b) => b,
        Err(_) => Box::new([f64::NAN; loki_cards::HOLDINGS]),
    }
}

/// The values `value(h)` of every holding (NaN where it is `None`).
pub fn values_of(value: impl Fn(usize) -> Option<f64>) -> Box<Values> {
    let mut v = nan_values();
    for (h, x) in v.iter_mut().enumerate() {
        if let Some(y) = value(h) {
            *x = y;
        }
    }
    v
}

/// Each holding's weighted percentile within `weights`: the weight of the holdings
/// with a lower value plus half that of the holdings with the same value, over the
/// weight of all holdings with a value (NaN stays NaN). See
/// [`crate::config::ThresholdScale::Range`].
pub fn weighted_percentiles(values: &Values, weights: &WeightTable) -> Box<Values> {
    let w = weights.weights();
    let mut order: Vec<usize> = (0..values.len()).filter(|&h| !values[h].is_nan()).collect();
    order.sort_unstable_by(|&a, &b| values[a].total_cmp(&values[b]).then(a.cmp(&b)));
    let total: f64 = order.iter().map(|&h| w[h]).sum();
    let mut out = nan_values();
    if total <= 0.0 {
        return out;
    }
    let (mut below, mut i) = (0.0f64, 0);
    while i < order.len() {
        let v = values[order[i]];
        let mut j = i;
        let mut tied = 0.0;
        while j < order.len() && values[order[j]] == v {
            tied += w[order[j]];
            j += 1;
        }
        let q = (below + 0.5 * tied) / total;
        for &h in &order[i..j] {
            out[h] = q;
        }
        below += tied;
        i = j;
    }
    out
}

/// Re-weights every holding `h` whose value `values[h]` is not NaN (holdings touching
/// known cards are left alone): `new = max(floor, base * factor)`, reading from `base`
/// and writing into `out`.
///
/// When even the best value is below `mu + sigma` (an action whose frequency says it is
/// rare or impossible: a frequency of 0 puts mu at 1), the factors are scaled so that
/// the most likely holding keeps factor 1 (ours; Figure 3's factors are relative
/// likelihoods, and without the scaling the floor would weigh twice as much against even
/// the nuts). If no holding reaches `mu - sigma`, mu is lowered to `best - sigma`.
///
/// `trust` in [0, 1] mixes the factor with 1 (see [`set_factors`]). Returns the factor
/// law applied and the weighted mean factor over the re-weighted holdings (before
/// mixing; the evidence of [`crate::trust`] compares the factor of a shown hand with it).
pub fn reweight_table(
    base: &WeightTable,
    out: &mut WeightTable,
    mu: f64,
    sigma: f64,
    floor: f64,
    trust: f64,
    values: &Values,
) -> (Figure3, f64) {
    let (law, mean) = reweight_table_with(base, out, (mu, sigma), floor, trust, values, true, true);
    // Asked for, the mean is always there.
    (law, mean.unwrap_or(1.0))
}

/// [`reweight_table`] with the rare-action rule chosen (`keep_best` scales the factors
/// and lowers mu as described there, ours; without it Figure 3 is applied as it stands),
/// and the weighted mean factor only `with_mean`: its in-order sums are most of the cost
/// of the re-weighting, and a model that keeps no evidence has no use for it (the
/// weights then come from [`set_factors`], the same bit for bit).
#[allow(clippy::too_many_arguments)]
pub fn reweight_table_with(
    base: &WeightTable,
    out: &mut WeightTable,
    (mu, sigma): (f64, f64),
    floor: f64,
    trust: f64,
    values: &Values,
    keep_best: bool,
    with_mean: bool,
) -> (Figure3, Option<f64>) {
    let law = law_of((mu, sigma), floor, keep_best.then(|| best_value(values)));
    let mean = with_mean.then(|| law.with_factor(MeanFactor(base.weights(), values)));
    law.with_factor(SetFactors {
        base: Some(base),
        out,
        values,
        floor,
        trust,
    });
    (law, mean)
}

/// Figure 3's law for `(mu, sigma)`; with the value `best` of the best holding, the law
/// that keeps it in the table: when the ramp would give it nothing, the ramp moves down
/// to end at it, and the factors are divided by its ramp value so that it keeps a factor
/// of 1. The law [`reweight_table_with`] applies (`best` the largest value that is not
/// NaN, with `keep_best`).
pub fn law_of((mu, sigma): (f64, f64), floor: f64, best: Option<f64>) -> Figure3 {
    let sigma = sigma.max(1e-9);
    let Some(best) = best else {
        return Figure3::new(mu, sigma, floor);
    };
    let mu = if ramp(best, mu, sigma) <= 0.0 {
        best - sigma
    } else {
        mu
    };
    let divisor = match ramp(best, mu, sigma) {
        r if r > 0.0 && r < 1.0 => r,
        _ => 1.0,
    };
    Figure3 {
        mu,
        sigma,
        divisor,
        floor,
    }
}

/// The largest value that is not NaN (minus infinity if none), in eight lanes: a maximum
/// is exact in any order (only the sign of a zero could differ, and every use of the
/// best value subtracts from it or compares it).
fn best_value(values: &Values) -> f64 {
    let larger = |a: f64, b: f64| if b > a { b } else { a };
    let mut lanes = [f64::NEG_INFINITY; 8];
    let chunks = values.chunks_exact(8);
    let rest = chunks.remainder();
    for c in chunks {
        for (a, &v) in lanes.iter_mut().zip(c) {
            *a = larger(*a, v);
        }
    }
    rest.iter()
        .chain(&lanes)
        .fold(f64::NEG_INFINITY, |a, &b| larger(a, b))
}

/// [`set_factors`] as a [`FactorBody`] (its arguments but the factor, named).
pub struct SetFactors<'a> {
    /// The table read, or `None` to re-weight `out` in place.
    pub base: Option<&'a WeightTable>,
    /// The table written.
    pub out: &'a mut WeightTable,
    /// Each holding's value (NaN: keeps its weight).
    pub values: &'a Values,
    /// The least weight of a re-weighted holding.
    pub floor: f64,
    /// How far the factor is believed, in [0, 1].
    pub trust: f64,
}

impl FactorBody<()> for SetFactors<'_> {
    #[inline(always)]
    fn run(self, factor: impl Fn(f64) -> f64) {
        let SetFactors {
            base,
            out,
            values,
            floor,
            trust,
        } = self;
        set_factors(base, out, values, floor, trust, factor)
    }
}

/// [`mean_factor`] (weights read, values), as a [`FactorBody`].
pub struct MeanFactor<'a>(pub &'a Values, pub &'a Values);

impl FactorBody<f64> for MeanFactor<'_> {
    #[inline(always)]
    fn run(self, factor: impl Fn(f64) -> f64) -> f64 {
        mean_factor(self.0, self.1, factor)
    }
}

/// The weighted mean of a re-weighting's factor `factor(value)` over the holdings it
/// re-weights (those with a value), weighted by the table `base` it reads (1 if they
/// weigh nothing): the evidence of [`crate::trust`] compares the factor of a shown hand
/// with it. The sums are taken in holding order, as the single loop took them.
pub fn mean_factor(base: &Values, values: &Values, factor: impl Fn(f64) -> f64) -> f64 {
    let (mut sum_w, mut sum_wf) = (0.0f64, 0.0f64);
    for (&w, &v) in base.iter().zip(values.iter()) {
        if v.is_nan() {
            continue;
        }
        sum_w += w;
        sum_wf += w * factor(v);
    }
    if sum_w > 0.0 {
        sum_wf / sum_w
    } else {
        1.0
    }
}

/// The one loop of every re-weighting (Loki-1's Figure 3 and Loki-2's triples): each
/// holding with a value gets `max(floor, w * g)`, where `w` is its weight in `base` (or
/// in `out` itself when `base` is `None`), `f = factor(value)` and `g = trust * f + 1 -
/// trust` (`trust` in [0, 1]: how far the opponent's actions are believed to follow its
/// cards, 1 being Loki; see [`crate::trust`]). Holdings without a value keep `w`. Each
/// holding alone, with no running sum, so the compiler can use vector lanes; the weighted
/// mean factor is [`mean_factor`]'s, taken only when it is needed.
#[inline(always)]
pub fn set_factors(
    base: Option<&WeightTable>,
    out: &mut WeightTable,
    values: &Values,
    floor: f64,
    trust: f64,
    factor: impl Fn(f64) -> f64,
) {
    let trust = trust.clamp(0.0, 1.0);
    if trust >= 1.0 {
        set_weights(base, out, values, |w, v| (w * factor(v)).max(floor));
    } else {
        set_weights(base, out, values, |w, v| {
            (w * (trust * factor(v) + (1.0 - trust))).max(floor)
        });
    }
}

/// Each holding with a value gets `new(w, value)`, `w` its weight in `base` (or in `out`
/// when `base` is `None`); the others keep `w`.
#[inline(always)]
fn set_weights(
    base: Option<&WeightTable>,
    out: &mut WeightTable,
    values: &Values,
    new: impl Fn(f64, f64) -> f64,
) {
    let dst = out.weights_mut();
    match base {
        Some(b) => {
            for ((w, &old), &v) in dst.iter_mut().zip(b.weights()).zip(values.iter()) {
                *w = if v.is_nan() { old } else { new(old, v) };
            }
        }
        None => {
            // Every weight written (its own where it has no value): a select, not a
            // branch, so that the loop can take vector lanes.
            for (w, &v) in dst.iter_mut().zip(values.iter()) {
                *w = if v.is_nan() { *w } else { new(*w, v) };
            }
        }
    }
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
    fn rare_actions_keep_the_best_holding_at_full_weight() {
        let base = WeightTable::uniform();
        let mut out = WeightTable::uniform();
        let value = values_of(|h: usize| Some(h as f64 / 1325.0));
        // mu 1, sigma 0.1: unscaled the best holding would get 0.5.
        reweight_table(&base, &mut out, 1.0, 0.1, 0.01, 1.0, &value);
        assert_eq!(out.at(1325), 1.0);
        assert!((out.at(1300) - (1300.0 / 1325.0 - 0.9) / 0.1).abs() < 1e-9);
        assert_eq!(out.at(1000), 0.01);
        // An ordinary threshold is Figure 3 unchanged.
        reweight_table(&base, &mut out, 0.5, 0.1, 0.01, 1.0, &value);
        assert_eq!(out.at(1325), 1.0);
        let v = 700.0 / 1325.0;
        assert!((out.at(700) - reweight_factor(v, 0.5, 0.1, 0.01)).abs() < 1e-12);
        // Everything below mu - sigma: mu moves down to the best value minus sigma.
        reweight_table(&base, &mut out, 2.0, 0.1, 0.01, 1.0, &value);
        assert_eq!(out.at(1325), 1.0);
        assert!(out.at(1320) < 1.0 && out.at(1320) > 0.01);
    }

    #[test]
    fn trust_mixes_the_factor_with_one() {
        let base = WeightTable::uniform();
        let mut out = WeightTable::uniform();
        let value = values_of(|h: usize| Some(h as f64 / 1325.0));
        let (law, mean) = reweight_table(&base, &mut out, 0.5, 0.1, 0.01, 0.25, &value);
        let v = 700.0 / 1325.0;
        assert!((out.at(700) - (0.25 * law.factor(v) + 0.75)).abs() < 1e-12);
        assert!((out.at(0) - (0.25 * 0.01 + 0.75)).abs() < 1e-12);
        // No trust: nothing changes.
        reweight_table(&base, &mut out, 0.5, 0.1, 0.01, 0.0, &value);
        assert_eq!(out, WeightTable::uniform());
        // The mean factor over a uniform table: about half the holdings above 0.6, a
        // ramp between 0.4 and 0.6.
        assert!((mean - 0.5).abs() < 0.01, "{mean}");
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
}
