//! Effective hand strength (Billings et al. 1998, "Effective Hand Strength"):
//! `ehs = HS_n + (1 - HS_n) * PPot`, used for betting and re-weighting, and the reported
//! `ehs_npot = ehs - HS_n * NPot`. PPot is PPot2 on the flop, PPot1 on the turn and 0 on
//! the river.

/// EHS = HS_n + (1 - HS_n) * PPot.
#[inline]
pub fn ehs(hs_n: f64, ppot: f64) -> f64 {
    hs_n + (1.0 - hs_n) * ppot
}

/// EHS with negative potential: `ehs(hs_n, ppot) - hs_n * npot` (reported only).
#[inline]
pub fn ehs_npot(hs_n: f64, ppot: f64, npot: f64) -> f64 {
    ehs(hs_n, ppot) - hs_n * npot
}
