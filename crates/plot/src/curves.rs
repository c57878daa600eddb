//! The numbers behind the profit plot: per deal and seat the net chips averaged over the
//! matches, each player type's cumulative profit after each deal (averaged over
//! its copies), the standard deviation of its per-deal profit, and the final ranking the
//! legend follows (best first).
/// One player type's curve: its name, the cumulative average profit after each deal and
/// the standard deviation of its per-deal profit over the whole run.
#[derive(Clone, Debug, PartialEq)]
pub struct Curve {
    /// The player type (`BPM`, `SOM`, ...).
    pub kind: String,
    /// Cumulative profit (chips) after deal 1, 2, ...
    pub points: Vec<f64>,
    /// Standard deviation of the type's per-deal profit (0 with fewer than two deals).
    pub sd: f64,
}

impl Curve {
    /// The profit at the end of the run (0 for an empty curve).
    pub fn last(&self) -> f64 {
        self.points.last().copied().unwrap_or(0.0)
    }
}

/// Per deal and seat, the net chips averaged over the matches (each match's net chips
/// by deal and seat; one match gives its own values; deals beyond the shortest match
/// are left out).
pub fn average<M: AsRef<[Vec<i64>]>>(matches: &[M]) -> Vec<Vec<f64>> {
    let deals = matches.iter().map(|l| l.as_ref().len()).min().unwrap_or(0);
    let m = matches.len().max(1) as f64;
    (0..deals)
        .map(|d| {
            let seats = matches[0].as_ref()[d].len();
            (0..seats)
                .map(|i| {
                    matches
                        .iter()
                        .map(|l| l.as_ref()[d].get(i).copied().unwrap_or(0) as f64)
                        .sum::<f64>()
                        / m
                })
                .collect()
        })
        .collect()
}

/// The cumulative average profit per player type after each deal, in the order the
/// types first appear in `kinds` (one kind per seat).
pub fn curves(net: &[Vec<f64>], kinds: &[String]) -> Vec<Curve> {
    let mut names: Vec<&String> = Vec::new();
    for k in kinds {
        if !names.contains(&k) {
            names.push(k);
        }
    }
    names
        .into_iter()
        .map(|k| {
            let idx: Vec<usize> = (0..kinds.len()).filter(|&i| kinds[i] == *k).collect();
            let per_deal: Vec<f64> = net
                .iter()
                .map(|d| idx.iter().map(|&i| d[i]).sum::<f64>() / idx.len() as f64)
                .collect();
            let mut acc = 0.0;
            let points = per_deal
                .iter()
                .map(|x| {
                    acc += x;
                    acc
                })
                .collect();
            Curve {
                kind: k.clone(),
                points,
                sd: sd(&per_deal),
            }
        })
        .collect()
}

/// Sample standard deviation (0 for fewer than two values).
fn sd(xs: &[f64]) -> f64 {
    let n = xs.len();
    if n < 2 {
        return 0.0;
    }
    let mean = xs.iter().sum::<f64>() / n as f64;
    (xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1) as f64).sqrt()
}

/// The legend's order: the indices of `curves` by final profit, best first (the final
/// ranking of the results table); ties keep the order of the player list.
pub fn ranking_order(curves: &[Curve]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..curves.len()).collect();
    order.sort_by(|&a, &b| curves[b].last().total_cmp(&curves[a].last()));
    order
}

/// A whole number with thousands separators: 100000 -> "100,000", -1234 -> "-1,234".
pub fn thousands(x: f64) -> String {
    let v = x.round() as i64;
    let digits = v.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    if v < 0 {
        format!("-{out}")
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0.0), "0");
        assert_eq!(thousands(999.0), "999");
        assert_eq!(thousands(1000.0), "1,000");
        assert_eq!(thousands(100000.4), "100,000");
        assert_eq!(thousands(-1234567.0), "-1,234,567");
    }

    #[test]
    fn curves_average_the_copies_of_a_kind_and_accumulate() {
        // Seats: A, B, A. Deal 1: A wins 4 and 0 (mean 2), B loses 4; deal 2: A -2, -4.
        let net = vec![vec![4.0, -4.0, 0.0], vec![-2.0, 6.0, -4.0]];
        let c = curves(&net, &kinds(&["A", "B", "A"]));
        assert_eq!(c.len(), 2);
        assert_eq!(c[0].kind, "A");
        assert_eq!(c[0].points, vec![2.0, -1.0]);
        assert_eq!(c[1].points, vec![-4.0, 2.0]);
        // per-deal A: 2, -3 -> sd = |2 - -3| / sqrt 2
        assert!((c[0].sd - 5.0 / 2f64.sqrt()).abs() < 1e-12);
    }

    #[test]
    fn average_of_matches_is_per_deal_and_seat() {
        let a = vec![vec![2, -2], vec![1, -1]];
        let b = vec![vec![4, -4]];
        // Only the deals both matches hold.
        assert_eq!(average(&[a, b]), vec![vec![3.0, -3.0]]);
    }

    #[test]
    fn legend_runs_best_first_and_ties_keep_the_list_order() {
        let curve = |kind: &str, last: f64| Curve {
            kind: kind.into(),
            points: vec![0.0, last],
            sd: 1.0,
        };
        let c = vec![
            curve("BPM", -5.0),
            curve("BPT", 3.0),
            curve("GOM", 7.0),
            curve("SOM", 3.0),
            curve("BPL", -9.0),
        ];
        assert_eq!(ranking_order(&c), vec![2, 1, 3, 0, 4]);
    }
}
