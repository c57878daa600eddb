//! Times the range table of one flop (default the rainbow 5s4dKh of `loki bench`):
//! `cargo run --release -p loki-assess --example range_time -- [BOARD] [RUNS] [cache]`
//! prints the median and the minimum of RUNS builds (default 15) in milliseconds, one
//! thread; with `cache`, of the table plus the board's river-rank cache. Every build
//! sweeps in full; with `served` after `cache` (or as the third argument), every build
//! but the first finds the flop's suit class stored (`range::FlopClasses`).
use loki_assess::range::{FlopClasses, CLASS_STORE_BYTES};
use loki_assess::RangeTable;
use loki_cards::parse_cards;
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let board = parse_cards(args.get(1).map_or("5s4dKh", String::as_str)).expect("a board");
    let runs: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(15);
    let cache = args.get(3).is_some_and(|a| a == "cache");
    let served = args.iter().skip(3).any(|a| a == "served");
    let classes = FlopClasses::new(CLASS_STORE_BYTES);
    let mut ms: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            match (cache, served) {
                (true, true) => {
                    black_box(RangeTable::with_rank_cache_in(black_box(&board), &classes).ok());
                }
                (true, false) => {
                    black_box(RangeTable::with_rank_cache(black_box(&board)).ok());
                }
                (false, true) => {
                    black_box(RangeTable::new_in(black_box(&board), &classes).ok());
                }
                (false, false) => {
                    black_box(RangeTable::new(black_box(&board)).ok());
                }
            }
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    ms.sort_by(f64::total_cmp);
    println!(
        "range table{}{} {}: median {:.3} ms, min {:.3} ms over {runs} runs",
        if cache { " + rank cache" } else { "" },
        if served {
            " (served from its class)"
        } else {
            ""
        },
        args.get(1).map_or("5s4dKh", String::as_str),
        ms[runs / 2],
        ms[0]
    );
}
