//! `loki bench`: the built-in benchmark of the hot paths (Stockfish's `bench` idea). With
//! `--json` it prints exactly one flat JSON object on stdout; progress goes to stderr.
//! The measurements are `loki_sim::bench`.
use anyhow::Result;
use clap::Args;
use loki_sim::bench::{self, tidy, BENCH_SEED};
use serde_json::{Map, Value};
use std::process::ExitCode;

#[derive(Args)]
pub struct BenchArgs {
    /// Print one flat JSON object on stdout.
    #[arg(long)]
    json: bool,
    /// Smaller workloads, and the per-kind keys of SOM, GOM, LOKI2 and SOMC (not POKI):
    /// finishes in under 20 seconds.
    #[arg(long)]
    quick: bool,
    /// Print only the behavior signature: a hash of the results of a fixed short
    /// tournament of the whole player family (default configuration) and the number of
    /// decisions made. A refactor must leave it unchanged.
    #[arg(long, conflicts_with_all = ["json", "quick"])]
    signature: bool,
}

fn progress(json: bool, msg: &str) {
    if !json {
        eprintln!("bench: {msg}");
    } else {
        eprintln!("{msg}");
    }
}

pub fn run(a: BenchArgs) -> Result<ExitCode> {
    if a.signature {
        println!("{}", loki_sim::signature()?);
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = Map::new();
    let n = if a.quick { 2_000_000 } else { 10_000_000 };
    progress(a.json, &format!("eval_random: {n} random 7-card hands"));
    let hands = bench::random_hands(n, BENCH_SEED);
    let r = (0..3)
        .map(|_| bench::eval_random_per_s(&hands))
        .fold(0.0, f64::max);
    out.insert("eval_random_per_s".into(), Value::from(r.round()));
    let limit = if a.quick { 6 } else { 52 };
    progress(
        a.json,
        "eval_enumerate: 7-card hands in lexicographic order",
    );
    let (count, e) = bench::eval_enumerate(limit);
    if limit == 52 {
        debug_assert_eq!(count, 133_784_560);
    }
    out.insert("eval_enumerate_per_s".into(), Value::from(e.round()));
    progress(
        a.json,
        "hs_flop / potential2_flop: Ad Qc on 3h 4c Jh, uniform weights",
    );
    bench::measure_assess(a.quick, &mut out);
    bench::measure_play(a.quick, &mut out, &mut |m| progress(a.json, m))?;
    loki_sim::new_board::measure_new_boards(a.quick, BENCH_SEED, &mut out, &mut |m| {
        progress(a.json, m)
    })?;
    progress(
        a.json,
        "range: range table of a rainbow flop, cached two-card potential",
    );
    bench::measure_range(a.quick, &mut out);
    for v in out.values_mut() {
        if let Some(x) = v.as_f64().filter(|_| v.is_f64()) {
            *v = Value::from(tidy(x));
        }
    }
    if a.json {
        println!("{}", Value::Object(out));
    } else {
        for (k, v) in &out {
            println!("{k:<28} {v}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
