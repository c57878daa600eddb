//! Timings behind POKI's in-trial strength (docs/poki.md): building one runout's sorted
//! ranks, one strength query, and a four-player flop simulation of 500 trials with the
//! runout tables cold (built during the simulation) and warm.
//!
//! `cargo run --release -p loki-bot --example poki_time`
use loki_assess::WeightTable;
use loki_bot::board_cache::BoardRanges;
use loki_bot::config::{PostflopConfig, SimulationConfig};
use loki_bot::runout::RankCounts;
use loki_bot::simulation::{simulate, SimOpponent, SimulationSpot};
use loki_cards::{parse_cards, HoleCards};
use loki_engine::{ByAction, ByContext, GameConfig, Round};
use std::time::Instant;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let river = parse_cards("Ah7d2cKs9h").unwrap();
    let build: Vec<f64> = (0..201)
        .map(|_| {
            let t = Instant::now();
            let r = RankCounts::new(&river);
            std::hint::black_box(&r);
            t.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    println!(
        "rank counts of one river board: {:.1} us (median of 201)",
        median(build)
    );
    let table = RankCounts::new(&river);
    let holes: Vec<HoleCards> = HoleCards::all()
        .filter(|h| h.set().is_disjoint(river.iter().copied().collect()))
        .collect();
    let t = Instant::now();
    let mut acc = 0.0;
    for _ in 0..100 {
        for h in &holes {
            acc += table.strength(*h);
        }
    }
    let per = t.elapsed().as_secs_f64() * 1e9 / (100 * holes.len()) as f64;
    println!("one strength query: {per:.0} ns ({acc:.0})");

    let game = GameConfig::paper(4).unwrap();
    let board = parse_cards("Ah7d2c").unwrap();
    let rules = PostflopConfig::default();
    let cfg = SimulationConfig {
        z: 0.0,
        ..SimulationConfig::default()
    };
    let uniform = WeightTable::uniform();
    let hole =
        HoleCards::new(parse_cards("Kd").unwrap()[0], parse_cards("Kc").unwrap()[0]).unwrap();
    let spot = SimulationSpot {
        game: &game,
        me: 0,
        hole,
        board: &board,
        round: Round::Flop,
        live: vec![true; 4],
        round_bets: vec![0; 4],
        needs_action: vec![true; 4],
        put_in: vec![false; 4],
        pot: 8,
        level: 0,
        opponents: (1..4)
            .map(|p| SimOpponent {
                position: p,
                weights: &uniform,
                thresholds: ByContext([[(0.6, 0.3), (0.8, 0.45), (0.9, 0.6)]; 4]),
                frequencies: ByContext([[[0.3, 0.3, 0.4], [0.45, 0.35, 0.2], [0.6, 0.3, 0.1]]; 4])
                    .map(|&f| ByAction(f)),
                trust: 1.0,
            })
            .collect(),
        rules: &rules,
        smoothing: 0.05,
        ehs_now: 0.6,
        own: None,
        folded: Vec::new(),
        ppot1_now: 0.0,
        plan: None,
        strength_samples: 48,
    };
    let (mut cold, mut warm) = (Vec::new(), Vec::new());
    for seed in 0..15 {
        let ranges = BoardRanges::new(&board).unwrap();
        let t = Instant::now();
        let a = simulate(&spot, &ranges, &cfg, [false, true, true], seed);
        cold.push(t.elapsed().as_secs_f64() * 1e3);
        let built = ranges.runouts().map_or(0, |r| r.built());
        let t = Instant::now();
        let b = simulate(&spot, &ranges, &cfg, [false, true, true], seed + 100);
        warm.push(t.elapsed().as_secs_f64() * 1e3);
        std::hint::black_box((a, b, built));
    }
    let ranges = BoardRanges::new(&board).unwrap();
    simulate(&spot, &ranges, &cfg, [false, true, true], 0);
    println!(
        "four players on the flop, 500 trials: {:.2} ms with the runout tables cold ({} built), {:.2} ms warm (medians of 15)",
        median(cold),
        ranges.runouts().map_or(0, |r| r.built()),
        median(warm)
    );
}
