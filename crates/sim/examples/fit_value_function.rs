//! Fits the reduced estimator's value function (loki-variance's `ValueFunction`) to the
//! players: from the flop on, the stake each deal's correction multiplies, a factor of
//! the pot and the bets to come from each live player, by round and number of live
//! players, chosen by least squares to make each duplicate deal's reduced value vary
//! least. The fit is made on one seed's deals and judged on another's; it prints the
//! table to put in `FITTED` (crates/variance/src/correction.rs).
//!
//! `cargo run --release -p loki-sim --example fit_value_function -- [HANDS] [SEED]`
//! (defaults 400000 and 91001, which made `FITTED`): the hands are shared among the matches of `MATCHES`
//! (Figure 4's ten seats, and heads-up Loki matches), and the judging deals are half as
//! many, from other seeds.
// Matrix code reads best with its indices.
#![allow(clippy::needless_range_loop)]
use loki_engine::{Action, Event};
use loki_sim::{Run, RunSpec};
use loki_variance::{corrections, live_bucket, Stake, ValueFunction, LIVE_BUCKETS};
use std::collections::BTreeMap;

/// The matches fitted on, with their share of the hands.
const MATCHES: [(&str, u64); 3] = [
    ("2*BPM,2*BPT,2*BPL,2*GOM,2*SOM", 1),
    ("SOM,GOM", 1),
    ("SOM,BPM", 1),
];

/// Unknowns: (pot, bets) for each round from the flop and each live bucket.
const UNKNOWNS: usize = 3 * LIVE_BUCKETS * 2;

/// One duplicate deal of one seat: the plain net, the reduced net's fixed part (the net
/// less the pre-flop corrections) and the terms each unknown multiplies.
#[derive(Default)]
struct Row {
    net: f64,
    fixed: f64,
    terms: Vec<f64>,
}

fn unit(pot: f64, bets: f64) -> ValueFunction {
    let mut v = ValueFunction::uniform(0.0);
    v.deals = [[Stake { pot, bets }; LIVE_BUCKETS]; 4];
    v
}

/// Every (match, deal, seat)'s row of a run.
fn rows(players: &str, hands: u64, seed: u64) -> Result<Vec<Row>, Box<dyn std::error::Error>> {
    let mut run = Run::start(&RunSpec::new(players, hands, seed))?;
    run.keep_records(true);
    let preflop = ValueFunction::default();
    let mut by_deal: BTreeMap<(u64, u64, usize), Row> = BTreeMap::new();
    while !run.is_done() {
        for h in run.play_batch()? {
            let r = &h.record;
            let pots = corrections(r, |_, _| None, unit(1.0, 0.0))?;
            let bets = corrections(r, |_, _| None, unit(0.0, 1.0))?;
            let pre = corrections(r, |_, _| None, preflop)?;
            let mut bucket = [0; 4];
            let mut live = r.net.len();
            for e in &r.events {
                match e {
                    Event::Action(a) if a.action == Action::Fold => live -= 1,
                    Event::BoardDealt { round, .. } => bucket[round.index()] = live_bucket(live),
                    _ => {}
                }
            }
            for (p, &net) in r.net.iter().enumerate() {
                let row = by_deal
                    .entry((h.match_index, h.deal, h.seats[p].index()))
                    .or_insert_with(|| Row {
                        terms: vec![0.0; UNKNOWNS],
                        ..Row::default()
                    });
                row.net += net as f64;
                row.fixed += net as f64 - pre.by_round[0][p];
                for round in 1..4 {
                    let at = ((round - 1) * LIVE_BUCKETS + bucket[round]) * 2;
                    row.terms[at] += pots.by_round[round][p];
                    row.terms[at + 1] += bets.by_round[round][p];
                }
            }
        }
        eprint!("\r{players}: {} hands", run.hands_played());
    }
    eprintln!();
    Ok(by_deal.into_values().collect())
}

/// The rows of each match of [`MATCHES`].
fn all_rows(hands: u64, seed: u64) -> Result<Vec<Vec<Row>>, Box<dyn std::error::Error>> {
    let total: u64 = MATCHES.iter().map(|m| m.1).sum();
    MATCHES
        .iter()
        .zip(seed..)
        .map(|((players, share), seed)| rows(players, hands * share / total, seed))
        .collect()
}

/// Least squares pulled slightly towards `prior` (so a bucket without data keeps it):
/// `(XᵀX + λI) θ = Xᵀy + λ prior`, solved by Gaussian elimination.
fn fit(rows: &[Row], prior: &[f64]) -> Vec<f64> {
    let n = UNKNOWNS;
    let mut a = vec![vec![0.0; n + 1]; n];
    for r in rows {
        for i in 0..n {
            for j in 0..n {
                a[i][j] += r.terms[i] * r.terms[j];
            }
            a[i][n] += r.terms[i] * r.fixed;
        }
    }
    let lambda = 1e-3 * (0..n).map(|i| a[i][i]).sum::<f64>() / n as f64 + 1e-9;
    for i in 0..n {
        a[i][i] += lambda;
        a[i][n] += lambda * prior[i];
    }
    for c in 0..n {
        let pivot = (c..n)
            .max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))
            .unwrap_or(c);
        a.swap(c, pivot);
        for r in 0..n {
            if r != c {
                let f = a[r][c] / a[c][c];
                for k in c..=n {
                    a[r][k] -= f * a[c][k];
                }
            }
        }
    }
    (0..n).map(|i| a[i][n] / a[i][i]).collect()
}

/// The spread of the reduced per-deal values with `theta`, over the plain one.
fn ratio(rows: &[Row], theta: &[f64]) -> f64 {
    let sd = |f: &dyn Fn(&Row) -> f64| {
        let m = rows.iter().map(f).sum::<f64>() / rows.len() as f64;
        (rows.iter().map(|r| (f(r) - m).powi(2)).sum::<f64>() / rows.len() as f64).sqrt()
    };
    let reduced = |r: &Row| r.fixed - r.terms.iter().zip(theta).map(|(t, x)| t * x).sum::<f64>();
    sd(&reduced) / sd(&|r: &Row| r.net)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let hands: u64 = args.first().map_or(Ok(400_000), |s| s.parse())?;
    let seed: u64 = args.get(1).map_or(Ok(91_001), |s| s.parse())?;
    let train: Vec<Row> = all_rows(hands, seed)?.into_iter().flatten().collect();
    let test = all_rows(hands / 2, seed + 100)?;
    let prior: Vec<f64> = (0..UNKNOWNS).map(|_| 1.0).collect();
    let theta = fit(&train, &prior);
    println!("const FITTED: [[Stake; LIVE_BUCKETS]; 3] = [");
    for round in 0..3 {
        let line: Vec<String> = (0..LIVE_BUCKETS)
            .map(|b| {
                let at = (round * LIVE_BUCKETS + b) * 2;
                format!("stake({:.2}, {:.2})", theta[at], theta[at + 1])
            })
            .collect();
        println!("    [{}],", line.join(", "));
    }
    println!("];");
    println!("spread of the reduced deals over the plain ones, on other deals:");
    for ((players, _), rows) in MATCHES.iter().zip(&test) {
        println!(
            "  {players}: {:.3} with one bet to come everywhere, {:.3} fitted",
            ratio(rows, &prior),
            ratio(rows, &theta)
        );
    }
    Ok(())
}
