//! `loki bench`: the built-in benchmark of the hot paths (Stockfish's `bench` idea). With
//! `--json` it prints exactly one flat JSON object on stdout; progress goes to stderr.
use anyhow::Result;
use clap::Args;
use loki_cards::{rng_from_seed, uniform_below, Hand};
use serde_json::{Map, Value};
use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Args)]
pub struct BenchArgs {
    /// Print one flat JSON object on stdout.
    #[arg(long)]
    json: bool,
    /// Smaller workloads: finishes in under 20 seconds.
    #[arg(long)]
    quick: bool,
    /// Print only the behavior signature: a hash of the results of a fixed short
    /// tournament of the whole player family (default configuration) and the number of
    /// decisions made. A refactor must leave it unchanged.
    #[arg(long, conflicts_with_all = ["json", "quick"])]
    signature: bool,
}

/// The fixed seed of every benchmark input.
pub const BENCH_SEED: u64 = 0x10c1_1998;

fn progress(json: bool, msg: &str) {
    if !json {
        eprintln!("bench: {msg}");
    } else {
        eprintln!("{msg}");
    }
}

/// `n` random 7-card hands, seven distinct card indices each.
pub fn random_hands(n: usize, seed: u64) -> Vec<[u8; 7]> {
    let mut rng = rng_from_seed(seed);
    (0..n)
        .map(|_| {
            let mut used = 0u64;
            let mut h = [0u8; 7];
            for slot in &mut h {
                loop {
                    let c = uniform_below(&mut rng, 52) as u8;
                    if used & (1 << c) == 0 {
                        used |= 1 << c;
                        *slot = c;
                        break;
                    }
                }
            }
            h
        })
        .collect()
}

/// Evaluations per second over random hands, built from their seven cards in the loop.
pub fn eval_random_per_s(hands: &[[u8; 7]]) -> f64 {
    let start = Instant::now();
    let mut acc = 0u64;
    for h in hands {
        let hand = h.iter().fold(Hand::EMPTY, |acc, &c| acc.with_index(c));
        acc = acc.wrapping_add(hand.rank().value() as u64);
    }
    black_box(acc);
    hands.len() as f64 / start.elapsed().as_secs_f64()
}

/// All 7-card hands whose lowest card index is below `first_limit` (52 = all
/// 133,784,560), in lexicographic order, built incrementally. Returns (count, per second).
pub fn eval_enumerate(first_limit: usize) -> (u64, f64) {
    let start = Instant::now();
    let mut n = 0u64;
    let mut acc = 0u64;
    for a in 0..first_limit.min(46) {
        let ha = Hand::EMPTY.with_index(a as u8);
        for b in a + 1..47 {
            let hb = ha.with_index(b as u8);
            for c in b + 1..48 {
                let hc = hb.with_index(c as u8);
                for d in c + 1..49 {
                    let hd = hc.with_index(d as u8);
                    for e in d + 1..50 {
                        let he = hd.with_index(e as u8);
                        for f in e + 1..51 {
                            let hf = he.with_index(f as u8);
                            for g in f + 1..52 {
                                acc =
                                    acc.wrapping_add(hf.with_index(g as u8).rank().value() as u64);
                                n += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    black_box(acc);
    (n, n as f64 / start.elapsed().as_secs_f64())
}

pub fn run(a: BenchArgs) -> Result<ExitCode> {
    if a.signature {
        println!("{}", loki_sim::signature()?);
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = Map::new();
    let n = if a.quick { 2_000_000 } else { 10_000_000 };
    progress(a.json, &format!("eval_random: {n} random 7-card hands"));
    let hands = random_hands(n, BENCH_SEED);
    let r = (0..3)
        .map(|_| eval_random_per_s(&hands))
        .fold(0.0, f64::max);
    out.insert("eval_random_per_s".into(), Value::from(r.round()));
    let limit = if a.quick { 6 } else { 52 };
    progress(
        a.json,
        "eval_enumerate: 7-card hands in lexicographic order",
    );
    let (count, e) = eval_enumerate(limit);
    if limit == 52 {
        debug_assert_eq!(count, 133_784_560);
    }
    out.insert("eval_enumerate_per_s".into(), Value::from(e.round()));
    crate::bench_assess::measure(a.quick, &mut out);
    crate::bench_play::measure(a.quick, &mut out)?;
    progress(
        a.json,
        "range: range table of a rainbow flop, cached two-card potential",
    );
    crate::bench_range::measure(a.quick, &mut out);
    if a.json {
        println!("{}", Value::Object(out));
    } else {
        for (k, v) in &out {
            println!("{k:<28} {v}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
