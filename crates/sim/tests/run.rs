//! A run through the library: the same ledgers whatever the thread count, though each
//! batch's tables play while the next batch's boards are prepared (the prefetch), and
//! whatever the batch size.
#![allow(missing_docs)]
use loki_sim::{Outcome, Run, RunSpec};

fn ledgers(spec: &RunSpec, threads: usize) -> (Vec<Vec<Vec<i64>>>, u64) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| {
        let mut run = Run::start(spec).unwrap();
        while !run.is_done() {
            run.play_batch().unwrap();
        }
        let decisions = run.decisions();
        match run.outcome() {
            Outcome::Whole(l) => (l.into_iter().map(|l| l.net).collect(), decisions),
            Outcome::Shard(_) => unreachable!("the whole run"),
        }
    })
}

#[test]
fn modeling_players_give_the_same_ledgers_at_any_thread_count_and_batch() {
    // POKI and SOM read the board cache that the prefetch fills; three tables per
    // match and two matches give the second thread work.
    let mut spec = RunSpec::new("POKI,SOM,GOM", 24, 5);
    spec.matches = 2;
    spec.batch = 3;
    let (one, d1) = ledgers(&spec, 1);
    let (two, d2) = ledgers(&spec, 2);
    assert_eq!(one, two);
    assert_eq!(d1, d2);
    spec.batch = 8;
    let (big, d3) = ledgers(&spec, 2);
    assert_eq!(one, big);
    assert_eq!(d1, d3);
    assert_eq!(one.len(), 2);
    for ledger in &one {
        assert_eq!(ledger.len(), 8, "24 hands are 8 deals of 3 seats");
        for deal in ledger {
            assert_eq!(deal.iter().sum::<i64>(), 0);
        }
    }
    // The players do not all break even: a run that played nothing would.
    assert!(one.iter().flatten().any(|d| d.iter().any(|&x| x != 0)));
}
