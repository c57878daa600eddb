//! Figure 3's re-weighting factor (Billings et al. 1998, Figure 3; Papp 1998 §7.2.1): the
//! linear ramp from `mu - sigma` to `mu + sigma` around an action's threshold `mu`, with
//! a floor. Written here once: the Loki-1 re-weighting ([`crate::reweight`]), the
//! smoothed thresholds of the probability triples ([`crate::triple`]) and the IRC
//! predictor's re-weighting read it.

/// Figure 3's linear ramp, not clamped: 0 at `mu - sigma`, 1/2 at `mu`, 1 at `mu + sigma`,
/// `(v - mu + sigma) / (2 sigma)`; a step at `mu` (1 at or above, else 0) when
/// `sigma <= 0`.
#[inline]
pub fn ramp(v: f64, mu: f64, sigma: f64) -> f64 {
    if sigma <= 0.0 {
        return if v >= mu { 1.0 } else { 0.0 };
    }
    (v - mu + sigma) / (2.0 * sigma)
}

/// A computation over a re-weighting law's factor (a loop over the holdings, say): handed
/// the factor as a closure of its own type by the law's `with_factor`
/// ([`Figure3::with_factor`], [`crate::trust::Law::with_factor`]), it is compiled once
/// per kind of factor with the factor inlined, the kind chosen outside it.
pub trait FactorBody<R> {
    /// Runs with `factor`, the law's factor of a holding's value.
    fn run(self, factor: impl Fn(f64) -> f64) -> R;
}

/// A value, as a [`FactorBody`]: its factor.
impl FactorBody<f64> for f64 {
    fn run(self, factor: impl Fn(f64) -> f64) -> f64 {
        factor(self)
    }
}

/// Where the floor of a Figure 3 re-weighting applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FloorRule {
    /// On the factor and on the new weight, `max(floor, weight * factor)` (Papp 1998
    /// §7.2.1: no weight below 0.01, so no legal holding is ever "impossible"). Loki's.
    Weight,
    /// On the factor alone, `weight * factor`: a weight may fall below the floor over
    /// several re-weightings (ours; the IRC predictor's).
    Factor,
}

/// Figure 3's factor as applied to one table: threshold, spread, the floor, and the
/// divisor that keeps the most likely holding at factor 1 (see
/// [`crate::reweight::reweight_table`]).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Figure3 {
    /// The threshold (after lowering, if no holding reached `mu - sigma`).
    pub mu: f64,
    /// The spread.
    pub sigma: f64,
    /// The divisor of the raw factor (1 unless even the best value is below `mu + sigma`).
    pub divisor: f64,
    /// The lowest factor.
    pub floor: f64,
}

impl Figure3 {
    /// Figure 3 as it stands: threshold `mu`, spread `sigma`, factors in [floor, 1].
    pub fn new(mu: f64, sigma: f64, floor: f64) -> Figure3 {
        Figure3 {
            mu,
            sigma,
            divisor: 1.0,
            floor,
        }
    }
    /// The factor of a value: `ramp(v) / divisor` (see [`ramp`]), clamped to [floor, 1].
    #[inline]
    pub fn factor(&self, v: f64) -> f64 {
        (ramp(v, self.mu, self.sigma) / self.divisor).clamp(self.floor, 1.0)
    }
    /// Runs `body` with this law's factor. With a divisor of 1 (every law but that of an
    /// action rare enough to be scaled) the factor skips the division by it, the same
    /// bit for bit (`x / 1.0` is `x`) with one division per holding instead of two, the
    /// cost of a re-weighting's loop.
    #[inline(always)]
    pub fn with_factor<R>(&self, body: impl FactorBody<R>) -> R {
        let f = *self;
        if f.divisor == 1.0 {
            body.run(move |v| ramp(v, f.mu, f.sigma).clamp(f.floor, 1.0))
        } else {
            body.run(move |v| f.factor(v))
        }
    }
    /// The new weight of a holding of weight `old` and value `v`: `old * factor(v)`,
    /// floored as `rule` says.
    pub fn reweighted(&self, old: f64, v: f64, rule: FloorRule) -> f64 {
        let w = old * self.factor(v);
        match rule {
            FloorRule::Weight => w.max(self.floor),
            FloorRule::Factor => w,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_floor_rule_decides_whether_a_weight_may_fall_below_the_floor() {
        let law = Figure3::new(0.6, 0.2, 0.01);
        assert_eq!(law.reweighted(0.5, 0.0, FloorRule::Weight), 0.01);
        assert_eq!(law.reweighted(0.5, 0.0, FloorRule::Factor), 0.005);
        let mid = law.reweighted(0.5, 0.6, FloorRule::Factor);
        assert_eq!(
            (mid, law.reweighted(0.5, 0.6, FloorRule::Weight)),
            (0.25, 0.25)
        );
        // No spread: a step at mu.
        assert_eq!((ramp(0.59, 0.6, 0.0), ramp(0.6, 0.6, 0.0)), (0.0, 1.0));
    }
}
