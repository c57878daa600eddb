//! Fitting a [`crate::ValueFunction`]'s stakes to a set of played deals by least squares
//! (ours; AIVAT learns or solves its value function, §4 of the paper). Every correction is
//! linear in the stakes, so a deal's reduced value is `fixed − Σ θᵢ·termᵢ`, where `fixed`
//! is the net less the corrections that do not depend on the stakes and `termᵢ` what the
//! stake `θᵢ` multiplies; the stakes that make the reduced values vary least are a least
//! squares fit. The `fit_value_function` examples of loki-sim (Loki's duplicate matches)
//! and loki-exploit (LBR's matches) gather the rows.

/// One deal (of one seat): its plain net, the reduced value's fixed part and the terms
/// each unknown stake multiplies.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Row {
    /// The plain net.
    pub net: f64,
    /// The net less the corrections that do not depend on the unknowns.
    pub fixed: f64,
    /// What each unknown multiplies.
    pub terms: Vec<f64>,
}

impl Row {
    /// The reduced value under the stakes `theta`.
    pub fn reduced(&self, theta: &[f64]) -> f64 {
        self.fixed
            - self
                .terms
                .iter()
                .zip(theta)
                .map(|(t, x)| t * x)
                .sum::<f64>()
    }
}

/// Least squares pulled slightly towards `prior` (so that an unknown without data keeps
/// it): `(XᵀX + λI) θ = Xᵀy + λ prior`, solved by Gaussian elimination with partial
/// pivoting; `prior`'s length is the number of unknowns.
pub fn least_squares(rows: &[Row], prior: &[f64]) -> Vec<f64> {
    let n = prior.len();
    let mut a = vec![vec![0.0; n + 1]; n];
    for r in rows {
        for (row, ti) in a.iter_mut().zip(&r.terms) {
            for (x, tj) in row.iter_mut().zip(&r.terms).take(n) {
                *x += ti * tj;
            }
            row[n] += ti * r.fixed;
        }
    }
    let lambda = 1e-3 * (0..n).map(|i| a[i][i]).sum::<f64>() / n.max(1) as f64 + 1e-9;
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += lambda;
        row[n] += lambda * prior[i];
    }
    for c in 0..n {
        let pivot = (c..n)
            .max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))
            .unwrap_or(c);
        a.swap(c, pivot);
        let top = a[c].clone();
        for (r, row) in a.iter_mut().enumerate() {
            if r != c {
                let f = row[c] / top[c];
                for k in c..=n {
                    row[k] -= f * top[k];
                }
            }
        }
    }
    (0..n).map(|i| a[i][n] / a[i][i]).collect()
}

/// The spread (standard deviation) of the reduced values under `theta` over the plain
/// values' spread: 0.5 halves an interval.
pub fn spread_ratio(rows: &[Row], theta: &[f64]) -> f64 {
    let sd = |f: &dyn Fn(&Row) -> f64| {
        let n = rows.len().max(1) as f64;
        let m = rows.iter().map(f).sum::<f64>() / n;
        (rows.iter().map(|r| (f(r) - m).powi(2)).sum::<f64>() / n).sqrt()
    };
    sd(&|r: &Row| r.reduced(theta)) / sd(&|r: &Row| r.net)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn least_squares_finds_the_stakes_that_made_the_values() {
        // fixed = 2·t0 − 3·t1 + noise-free: the fit gives (2, −3) and a spread of 0.
        let rows: Vec<Row> = (0..50)
            .map(|i| {
                let (t0, t1) = (f64::from(i % 7), f64::from((i * 3) % 11) - 5.0);
                Row {
                    net: 2.0 * t0 - 3.0 * t1 + 1.0,
                    fixed: 2.0 * t0 - 3.0 * t1,
                    terms: vec![t0, t1],
                }
            })
            .collect();
        let theta = least_squares(&rows, &[0.0, 0.0]);
        assert!(
            (theta[0] - 2.0).abs() < 0.01 && (theta[1] + 3.0).abs() < 0.01,
            "{theta:?}"
        );
        assert!(spread_ratio(&rows, &theta) < 0.01);
        // The prior's stakes leave the spread as it is.
        assert!(spread_ratio(&rows, &[0.0, 0.0]) > 0.99);
    }

    #[test]
    fn an_unknown_without_data_keeps_its_prior() {
        let rows: Vec<Row> = (0..20)
            .map(|i| Row {
                net: f64::from(i),
                fixed: f64::from(i),
                terms: vec![f64::from(i), 0.0],
            })
            .collect();
        let theta = least_squares(&rows, &[0.0, 0.7]);
        assert!(
            (theta[0] - 1.0).abs() < 0.01 && (theta[1] - 0.7).abs() < 1e-9,
            "{theta:?}"
        );
    }
}
