//! Statistics of a duplicate tournament: per-deal samples, means and 95% confidence
//! intervals (normal approximation over deals: half-width 1.96 s / sqrt(n)), and paired
//! differences between player kinds. A difference whose interval includes 0 is reported
//! as not significant.
use serde::{Deserialize, Serialize};

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
}

/// The paired difference between two kinds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Difference {
    /// The first kind.
    pub a: String,
    /// The second kind.
    pub b: String,
    /// sb/hand of `a` minus that of `b`.
    pub sb_per_hand: f64,
    /// Half-width of its 95% confidence interval over deals.
    pub ci95: f64,
    /// Whether the interval excludes 0.
    pub significant: bool,
}

/// Per-deal results: `net[deal][seat]`, the seat's chips summed over the rotations.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DealLedger {
    /// Net chips per deal per seat.
    pub net: Vec<Vec<i64>>,
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
    let kind_series = |k: &str| -> Vec<f64> {
        let idx: Vec<usize> = (0..seats).filter(|&i| kinds[i] == k).collect();
        ledger
            .net
            .iter()
            .map(|d| idx.iter().map(|&i| d[i] as f64).sum::<f64>() * scale / idx.len() as f64)
            .collect()
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
            }
        })
        .collect::<Vec<_>>();
    let mut differences = Vec::new();
    for (ai, a) in kind_names.iter().enumerate() {
        for b in &kind_names[ai + 1..] {
            let (xa, xb) = (kind_series(a), kind_series(b));
            let d: Vec<f64> = xa.iter().zip(&xb).map(|(x, y)| x - y).collect();
            let (m, ci) = mean_ci95(&d);
            differences.push(Difference {
                a: a.clone(),
                b: b.clone(),
                sb_per_hand: m,
                ci95: ci,
                significant: m.abs() > ci,
            });
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
    }
}
