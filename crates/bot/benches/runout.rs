//! POKI's in-trial runout tables (docs/poki.md, "The in-trial strength"): one river
//! board's rank counts built from the rank pairs beside the build it replaced (every
//! holding evaluated and the 1,081 ranks sorted), in one run
//! (`cargo bench -p loki-bot --features bench --bench runout`).
#![allow(missing_docs)]
use criterion::{criterion_group, criterion_main, Criterion};
use loki_bot::runout::RankCounts;
use loki_cards::{parse_cards, CardSet, Hand, HoleCards};

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("runout_ranks");
    // A board without a flush draw and one with three hearts (more holdings one by one).
    for board in ["Ah7d2cKs9h", "Ah7h2cKs9h"] {
        let river = parse_cards(board).unwrap();
        let set: CardSet = river.iter().copied().collect();
        let hand = Hand::EMPTY.with_all(&river);
        let holes: Vec<HoleCards> = HoleCards::all()
            .filter(|h| h.set().is_disjoint(set))
            .collect();
        // The build before the rank counts: every holding evaluated, the ranks sorted.
        let sorted = || {
            let mut v: Vec<u16> = holes
                .iter()
                .map(|h| hand.with(h.low()).with(h.high()).rank().value())
                .collect();
            v.sort_unstable();
            v
        };
        g.bench_function(format!("{board}/every_holding_sorted"), |b| b.iter(sorted));
        g.bench_function(format!("{board}/rank_pairs"), |b| {
            b.iter(|| RankCounts::new(&river))
        });
        // A build and the percentiles of two holdings, as a heads-up trial asks of a river.
        let (p, q) = (holes[100], holes[700]);
        g.bench_function(format!("{board}/every_holding_sorted_two_queries"), |b| {
            b.iter(|| {
                let v = sorted();
                [p, q].map(|h| {
                    let r = hand.with(h.low()).with(h.high()).rank().value();
                    let below = v.partition_point(|&x| x < r);
                    let upto = below + v[below..].partition_point(|&x| x <= r);
                    (below as f64 + (upto - below) as f64 / 2.0) / v.len() as f64
                })
            })
        });
        g.bench_function(format!("{board}/rank_pairs_two_queries"), |b| {
            b.iter(|| {
                let t = RankCounts::new(&river);
                [p, q].map(|h| t.strength(h))
            })
        });
    }
    g.finish();
}

criterion_group!(runout, benches);
criterion_main!(runout);
