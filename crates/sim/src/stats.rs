//! Statistics of a duplicate tournament: per-deal samples, means and 95% confidence
//! intervals (normal approximation over deals: half-width 1.96 s / sqrt(n); over
//! independent matches Student's t on M - 1 degrees of freedom), and paired differences
//! between player kinds, each with a two-sided p-value, printed better minus worse, and
//! significant under Holm's step-down procedure at a 5% family-wise level over all the
//! differences of a table.
use serde::{Deserialize, Serialize};

/// The family-wise level of the significance decisions.
pub const ALPHA: f64 = 0.05;

/// `ln Γ(x)` for `x > 0` (Lanczos, g = 7, 9 terms: about 15 digits).
fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection: Γ(x) Γ(1 - x) = π / sin(π x).
        return (std::f64::consts::PI / (std::f64::consts::PI * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut a = G[0];
    let t = x + 7.5;
    for (i, g) in G.iter().enumerate().skip(1) {
        a += g / (x + i as f64);
    }
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

/// The continued fraction of the regularized incomplete beta function (modified Lentz).
fn beta_cf(a: f64, b: f64, x: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let (qab, qap, qam) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 - qab * x / qap;
    if d.abs() < TINY {
        d = TINY;
    }
    d = 1.0 / d;
    let mut h = d;
    for m in 1..=300 {
        let m = f64::from(m);
        let m2 = 2.0 * m;
        let aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d;
        if d.abs() < TINY {
            d = TINY;
        }
        c = 1.0 + aa / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        h *= d * c;
        let aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d;
        if d.abs() < TINY {
            d = TINY;
        }
        c = 1.0 + aa / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        let del = d * c;
        h *= del;
        if (del - 1.0).abs() < 1e-15 {
            break;
        }
    }
    h
}

/// The regularized incomplete beta function `I_x(a, b)` for `a, b > 0`, `0 <= x <= 1`.
fn incomplete_beta(a: f64, b: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let front =
        (ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln()).exp();
    if x < (a + 1.0) / (a + b + 2.0) {
        front * beta_cf(a, b, x) / a
    } else {
        1.0 - front * beta_cf(b, a, 1.0 - x) / b
    }
}

/// The two-sided p-value of Student's t statistic `t` on `df` degrees of freedom:
/// `P(|T| >= |t|)`.
pub fn t_two_sided_p(t: f64, df: f64) -> f64 {
    if t.is_nan() {
        return 1.0;
    }
    if t.is_infinite() {
        return 0.0;
    }
    incomplete_beta(df / 2.0, 0.5, df / (df + t * t)).clamp(0.0, 1.0)
}

/// The quantile `t_{p, df}` of Student's t distribution for `0.5 <= p < 1` (e.g.
/// `t_quantile(0.975, 1.0)` = 12.706), by bisection on [`t_two_sided_p`].
pub fn t_quantile(p: f64, df: f64) -> f64 {
    let target = 2.0 * (1.0 - p);
    if target >= 1.0 {
        return 0.0;
    }
    let mut hi = 1.0;
    while t_two_sided_p(hi, df) > target && hi < 1e12 {
        hi *= 2.0;
    }
    let mut lo = 0.0;
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if t_two_sided_p(mid, df) > target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The two-sided p-value of a standard normal statistic `z`: `P(|Z| >= |z|)` (the
/// regularized incomplete gamma `Q(1/2, z^2/2)`, by its series or continued fraction).
pub fn normal_two_sided_p(z: f64) -> f64 {
    if z.is_nan() {
        return 1.0;
    }
    if z.is_infinite() {
        return 0.0;
    }
    let x = 0.5 * z * z;
    if x == 0.0 {
        return 1.0;
    }
    let a = 0.5;
    let front = (-x + a * x.ln() - ln_gamma(a)).exp();
    if x < a + 1.0 {
        // P(a, x) by its series.
        let (mut sum, mut del, mut ap) = (1.0 / a, 1.0 / a, a);
        for _ in 0..500 {
            ap += 1.0;
            del *= x / ap;
            sum += del;
            if del.abs() < sum.abs() * 1e-16 {
                break;
            }
        }
        (1.0 - front * sum).clamp(0.0, 1.0)
    } else {
        // Q(a, x) by its continued fraction (modified Lentz).
        const TINY: f64 = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / TINY;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..500 {
            let an = -f64::from(i) * (f64::from(i) - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < TINY {
                d = TINY;
            }
            c = b + an / c;
            if c.abs() < TINY {
                c = TINY;
            }
            d = 1.0 / d;
            let del = d * c;
            h *= del;
            if (del - 1.0).abs() < 1e-16 {
                break;
            }
        }
        (front * h).clamp(0.0, 1.0)
    }
}

/// Holm's step-down procedure: which of the hypotheses with p-values `p` are rejected
/// at family-wise level `alpha`. The p-values are taken in ascending order; the k-th
/// smallest (k = 0, 1, ...) is rejected while `p (m - k) <= alpha`, and the procedure
/// stops at the first that is not (m = the number of hypotheses).
pub fn holm(p: &[f64], alpha: f64) -> Vec<bool> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let mut rejected = vec![false; m];
    for (k, &i) in order.iter().enumerate() {
        if p[i] * (m - k) as f64 <= alpha {
            rejected[i] = true;
        } else {
            break;
        }
    }
    rejected
}

/// Mean, standard deviation and 95% half-width of the mean of independent values
/// (matches) by Student's t on `n - 1` degrees of freedom: `t_{0.975, n-1} sd / sqrt(n)`
/// (`None` below 2 values: no spread to measure).
pub fn mean_ci95_t(xs: &[f64]) -> (f64, f64, Option<f64>) {
    let n = xs.len();
    if n == 0 {
        return (0.0, 0.0, None);
    }
    let mean = xs.iter().sum::<f64>() / n as f64;
    if n < 2 {
        return (mean, 0.0, None);
    }
    let sd = (xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1) as f64).sqrt();
    let t = t_quantile(0.975, (n - 1) as f64);
    (mean, sd, Some(t * sd / (n as f64).sqrt()))
}

/// Mean and 95% half-width of a sample.
pub fn mean_ci95(xs: &[f64]) -> (f64, f64) {
    let n = xs.len();
    if n == 0 {
        return (0.0, 0.0);
    }
    let mean = xs.iter().sum::<f64>() / n as f64;
    if n < 2 {
        return (mean, f64::INFINITY);
    }
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1) as f64;
    (mean, 1.96 * (var / n as f64).sqrt())
}

/// One seat's results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatResult {
    /// The seat's name (kind and copy number, e.g. "SOM#2").
    pub name: String,
    /// The player kind.
    pub kind: String,
    /// Net chips over all hands.
    pub profit: i64,
    /// Small bets won per hand.
    pub sb_per_hand: f64,
    /// Half-width of the 95% confidence interval of `sb_per_hand` over deals.
    pub ci95: f64,
    /// Hands played.
    pub hands: u64,
}

/// One kind's results, averaged over its copies.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KindResult {
    /// The kind.
    pub kind: String,
    /// Number of copies.
    pub copies: usize,
    /// Average net chips per copy.
    pub profit: f64,
    /// Small bets per hand.
    pub sb_per_hand: f64,
    /// Half-width of the 95% confidence interval over deals.
    pub ci95: f64,
    /// Hands played per copy.
    pub hands: u64,
    /// The run's table only: the kind's sb/hand in each match and their t interval.
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub over_matches: Option<OverMatches>,
    /// The same estimated with the reduced values (`loki-variance`), when every deal has
    /// them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reduced: Option<Reduced>,
}

/// An estimate from the reduced values: sb/hand and its 95% interval over deals.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Reduced {
    /// Small bets per hand.
    pub sb_per_hand: f64,
    /// Half-width of the 95% confidence interval over deals.
    pub ci95: f64,
}

/// A difference from the reduced values, oriented as its plain difference (`a` − `b`,
/// which may be negative here).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ReducedDifference {
    /// sb/hand of `a` minus that of `b`.
    pub sb_per_hand: f64,
    /// Half-width of its 95% confidence interval over deals.
    pub ci95: f64,
    /// Two-sided p-value (normal approximation), before Holm's correction.
    pub p_value: f64,
    /// Significant under Holm's procedure at 5% over the reduced differences of the table.
    pub significant: bool,
}

/// A kind's results match by match (in `results.json`, beside its pooled results).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OverMatches {
    /// Its sb/hand in each match (match order; one value without `--matches`).
    pub matches: Vec<f64>,
    /// Half-width of the 95% interval of their mean by Student's t on M - 1 degrees of
    /// freedom (`None`, null in JSON, below 2 matches).
    pub ci95_matches: Option<f64>,
}

/// The paired difference between two kinds, the better first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Difference {
    /// The better kind (the higher sb/hand).
    pub a: String,
    /// The worse kind.
    pub b: String,
    /// sb/hand of `a` minus that of `b` (not negative).
    pub sb_per_hand: f64,
    /// Half-width of its 95% confidence interval over deals.
    pub ci95: f64,
    /// Whether it is significant under Holm's step-down procedure at a 5% family-wise
    /// level over all the differences of its table.
    pub significant: bool,
    /// The two-sided p-value of the paired difference over deals (normal approximation,
    /// as the interval), before Holm's correction.
    #[serde(default = "one")]
    pub p_value: f64,
    /// The same from the reduced values, when every deal has them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reduced: Option<ReducedDifference>,
}

fn one() -> f64 {
    1.0
}

/// Millionths of a chip per chip: the unit of [`DealLedger::reduced`].
pub const MICRO: f64 = 1e6;

/// A reduced value in chips as the ledger keeps it (rounded to a millionth of a chip).
pub fn to_micro(chips: f64) -> i64 {
    (chips * MICRO).round() as i64
}

/// Per-deal results: `net[deal][seat]`, the seat's chips summed over the rotations.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DealLedger {
    /// Net chips per deal per seat.
    pub net: Vec<Vec<i64>>,
    /// The same reduced by the corrections of `loki-variance`, in millionths of a chip
    /// ([`MICRO`]; integers, so that sums over rotations, batches and shards are exact in
    /// any order); same shape, empty in a checkpoint written before the reduced estimator.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reduced: Vec<Vec<i64>>,
}

impl DealLedger {
    /// Whether every deal has its reduced values.
    pub fn has_reduced(&self) -> bool {
        !self.net.is_empty() && self.reduced.len() == self.net.len()
    }
    /// Appends other deals (the reduced values are kept only while both have them).
    pub fn extend(&mut self, other: &DealLedger) {
        let keep = (self.net.is_empty() || self.has_reduced()) && other.has_reduced();
        self.net.extend(other.net.iter().cloned());
        if keep {
            self.reduced.extend(other.reduced.iter().cloned());
        } else {
            self.reduced.clear();
        }
    }
}

impl AsRef<[Vec<i64>]> for DealLedger {
    fn as_ref(&self) -> &[Vec<i64>] {
        &self.net
    }
}

/// The summary tables of a tournament.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Per seat.
    pub players: Vec<SeatResult>,
    /// Per kind.
    pub kinds: Vec<KindResult>,
    /// Per pair of kinds.
    pub differences: Vec<Difference>,
}

/// Summarizes a ledger. `names[i]`/`kinds[i]` describe seat `i`; each deal was played
/// `rotations` times; `small_bet` converts chips to small bets.
pub fn summarize(
    ledger: &DealLedger,
    names: &[String],
    kinds: &[String],
    rotations: usize,
    small_bet: i64,
) -> Summary {
    let seats = names.len();
    let deals = ledger.net.len();
    let scale = 1.0 / (rotations as f64 * small_bet as f64);
    let hands = (deals * rotations) as u64;
    let per_seat =
        |i: usize| -> Vec<f64> { ledger.net.iter().map(|d| d[i] as f64 * scale).collect() };
    let players = (0..seats)
        .map(|i| {
            let xs = per_seat(i);
            let (m, ci) = mean_ci95(&xs);
            SeatResult {
                name: names[i].clone(),
                kind: kinds[i].clone(),
                profit: ledger.net.iter().map(|d| d[i]).sum(),
                sb_per_hand: m,
                ci95: ci,
                hands,
            }
        })
        .collect::<Vec<_>>();
    let mut kind_names: Vec<String> = Vec::new();
    for k in kinds {
        if !kind_names.contains(k) {
            kind_names.push(k.clone());
        }
    }
    // A kind's per-deal values from `rows` (chips in units of `unit`), in sb per hand
    // per copy.
    let series = |k: &str, rows: &[Vec<i64>], unit: f64| -> Vec<f64> {
        let idx: Vec<usize> = (0..seats).filter(|&i| kinds[i] == k).collect();
        rows.iter()
            .map(|d| {
                idx.iter().map(|&i| d[i] as f64 / unit).sum::<f64>() * scale / idx.len() as f64
            })
            .collect()
    };
    let kind_series = |k: &str| series(k, &ledger.net, 1.0);
    let reduced_series = |k: &str| {
        ledger
            .has_reduced()
            .then(|| series(k, &ledger.reduced, MICRO))
    };
    let kinds_out = kind_names
        .iter()
        .map(|k| {
            let xs = kind_series(k);
            let (m, ci) = mean_ci95(&xs);
            let idx: Vec<usize> = (0..seats).filter(|&i| &kinds[i] == k).collect();
            KindResult {
                kind: k.clone(),
                copies: idx.len(),
                profit: idx.iter().map(|&i| players[i].profit as f64).sum::<f64>()
                    / idx.len() as f64,
                sb_per_hand: m,
                ci95: ci,
                hands,
                over_matches: None,
                reduced: reduced_series(k).map(|xs| {
                    let (m, ci) = mean_ci95(&xs);
                    Reduced {
                        sb_per_hand: m,
                        ci95: ci,
                    }
                }),
            }
        })
        .collect::<Vec<_>>();
    let mut differences = Vec::new();
    for (ai, a) in kind_names.iter().enumerate() {
        for b in &kind_names[ai + 1..] {
            let (xa, xb) = (kind_series(a), kind_series(b));
            let d: Vec<f64> = xa.iter().zip(&xb).map(|(x, y)| x - y).collect();
            let (m, ci) = mean_ci95(&d);
            let sign = if m < 0.0 { -1.0 } else { 1.0 };
            let reduced = reduced_series(a).zip(reduced_series(b)).map(|(ra, rb)| {
                let d: Vec<f64> = ra.iter().zip(&rb).map(|(x, y)| sign * (x - y)).collect();
                let (m, ci) = mean_ci95(&d);
                ReducedDifference {
                    sb_per_hand: m,
                    ci95: ci,
                    p_value: normal_two_sided_p(m / (ci / 1.96)),
                    significant: false,
                }
            });
            let (a, b, m) = if m < 0.0 { (b, a, -m) } else { (a, b, m) };
            differences.push(Difference {
                a: a.clone(),
                b: b.clone(),
                sb_per_hand: m,
                ci95: ci,
                significant: false,
                p_value: normal_two_sided_p(m / (ci / 1.96)),
                reduced,
            });
        }
    }
    let p: Vec<f64> = differences.iter().map(|d| d.p_value).collect();
    for (d, r) in differences.iter_mut().zip(holm(&p, ALPHA)) {
        d.significant = r;
    }
    if differences.iter().all(|d| d.reduced.is_some()) {
        let p: Vec<f64> = differences
            .iter()
            .filter_map(|d| d.reduced.map(|r| r.p_value))
            .collect();
        for (d, r) in differences.iter_mut().zip(holm(&p, ALPHA)) {
            if let Some(x) = d.reduced.as_mut() {
                x.significant = r;
            }
        }
    }
    Summary {
        players,
        kinds: kinds_out,
        differences,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_and_interval() {
        let (m, ci) = mean_ci95(&[1.0, 2.0, 3.0, 4.0]);
        assert_eq!(m, 2.5);
        // s = sqrt(5/3); ci = 1.96 s / 2
        assert!((ci - 1.96 * (5.0f64 / 3.0).sqrt() / 2.0).abs() < 1e-12);
        assert_eq!(mean_ci95(&[]), (0.0, 0.0));
    }

    #[test]
    fn summary_kinds_and_differences() {
        let ledger = DealLedger {
            net: vec![
                vec![4, -4, 0],
                vec![8, -4, -4],
                vec![0, 0, 0],
                vec![4, -2, -2],
            ],
            reduced: Vec::new(),
        };
        let names = vec!["A#1".into(), "B#1".into(), "B#2".into()];
        let kinds = vec!["A".into(), "B".into(), "B".into()];
        let s = summarize(&ledger, &names, &kinds, 2, 2);
        assert_eq!(s.players[0].profit, 16);
        assert_eq!(s.players[0].hands, 8);
        // 16 chips / 2 per small bet / 8 hands = 1 sb/hand.
        assert!((s.players[0].sb_per_hand - 1.0).abs() < 1e-12);
        assert_eq!(s.kinds[1].copies, 2);
        assert!((s.kinds[1].sb_per_hand + 0.5).abs() < 1e-12);
        assert_eq!(s.differences.len(), 1);
        assert!((s.differences[0].sb_per_hand - 1.5).abs() < 1e-12);
        assert!(s.differences[0].significant);
        assert!(s.differences[0].p_value < 0.05);
    }

    #[test]
    fn differences_are_better_minus_worse() {
        // B wins 1 chip a deal from A: the difference is B - A, positive.
        let ledger = DealLedger {
            net: vec![vec![-2, 2], vec![0, 0], vec![-4, 4], vec![-2, 2]],
            reduced: Vec::new(),
        };
        let names = vec!["A#1".into(), "B#1".into()];
        let kinds = vec!["A".into(), "B".into()];
        let s = summarize(&ledger, &names, &kinds, 2, 1);
        let d = &s.differences[0];
        assert_eq!((d.a.as_str(), d.b.as_str()), ("B", "A"));
        assert!((d.sb_per_hand - 2.0).abs() < 1e-12);
        // mean 2, sd of the differences sqrt(8/3), se sqrt(8/3)/2: z = 2.449.
        let z = 2.0 / ((8.0f64 / 3.0).sqrt() / 2.0);
        assert!((d.p_value - normal_two_sided_p(z)).abs() < 1e-12);
        assert!((d.p_value - 0.014_306).abs() < 1e-5, "{}", d.p_value);
    }

    #[test]
    fn t_quantiles_match_the_tables() {
        for (df, want) in [
            (1.0, 12.706),
            (2.0, 4.303),
            (3.0, 3.182),
            (7.0, 2.365),
            (30.0, 2.042),
            (1000.0, 1.962),
        ] {
            let t = t_quantile(0.975, df);
            assert!((t - want).abs() < 5e-4, "df {df}: {t} != {want}");
        }
        assert!((t_quantile(0.95, 10.0) - 1.812).abs() < 5e-4);
        assert_eq!(t_quantile(0.5, 4.0), 0.0);
        // Its p-value is the complement.
        assert!((t_two_sided_p(2.365, 7.0) - 0.05).abs() < 1e-4);
        assert!((t_two_sided_p(0.0, 7.0) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn normal_p_values_match_the_tables() {
        for (z, want) in [
            (0.0, 1.0),
            (1.0, 0.317_310_5),
            (1.96, 0.049_995_8),
            (-2.575_829, 0.01),
            (3.290_527, 0.001),
        ] {
            let p = normal_two_sided_p(z);
            assert!((p - want).abs() < 1e-6, "z {z}: {p} != {want}");
        }
        assert_eq!(normal_two_sided_p(f64::INFINITY), 0.0);
        assert_eq!(normal_two_sided_p(f64::NAN), 1.0);
    }

    #[test]
    fn holm_steps_down_and_stops() {
        // Sorted: 0.005 x 4 = 0.02 reject, 0.01 x 3 = 0.03 reject, 0.03 x 2 = 0.06 stop.
        assert_eq!(
            holm(&[0.01, 0.04, 0.03, 0.005], 0.05),
            vec![true, false, false, true]
        );
        // It stops at the first failure even when a later p would pass on its own.
        assert_eq!(holm(&[0.03, 0.026], 0.05), vec![false, false]);
        assert_eq!(holm(&[0.02, 0.026], 0.05), vec![true, true]);
        // Bonferroni would reject only the first; Holm rejects the second at 0.05 / 1.
        assert_eq!(holm(&[0.001, 0.04], 0.05), vec![true, true]);
        assert!(holm(&[], 0.05).is_empty());
    }

    #[test]
    fn the_interval_over_matches_is_students_t() {
        // Two matches 0.01 and 0.02: sd 0.00707, t_{0.975,1} = 12.706.
        let (m, sd, ci) = mean_ci95_t(&[0.01, 0.02]);
        assert!((m - 0.015).abs() < 1e-12);
        assert!((sd - 0.005 * 2f64.sqrt()).abs() < 1e-12);
        let ci = ci.unwrap();
        assert!((ci - 12.706 * sd / 2f64.sqrt()).abs() < 1e-5, "{ci}");
        // Eight matches: t_{0.975,7} = 2.365.
        let xs = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0];
        let (_, sd, ci) = mean_ci95_t(&xs);
        assert!((ci.unwrap() - 2.365 * sd / 8f64.sqrt()).abs() < 1e-3);
        assert_eq!(mean_ci95_t(&[0.3]), (0.3, 0.0, None));
        assert_eq!(mean_ci95_t(&[]), (0.0, 0.0, None));
    }
}
