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

#[test]
fn a_shard_says_its_tables_hands_and_file() {
    let spec = RunSpec {
        players: "BPM,BPT,BPL".into(),
        hands: 6,
        seed: 1,
        matches: 0,
        seating_block: 0,
        shard: loki_sim::Shard { index: 1, count: 3 },
        batch: 1,
        config: loki_bot::LokiConfig::default(),
    };
    let mut run = Run::start(&spec).unwrap();
    while !run.is_done() {
        run.play_batch().unwrap();
    }
    let hands = run.hands_played();
    let Outcome::Shard(r) = run.outcome() else {
        panic!("a shard")
    };
    assert_eq!(
        r.summary(hands, None, "out/shard-1-of-3.json"),
        format!("shard 1/3: tables 1..2 of 3, {hands} hands; out/shard-1-of-3.json")
    );
    assert!(r
        .summary(hands, Some(1), "f")
        .contains(" (1 played now, the rest before --resume); f"));
}

#[test]
fn a_checkpoint_seats_its_players_for_advice() {
    let spec = RunSpec {
        players: "SOM,BPM,call".into(),
        hands: 6,
        seed: 2,
        matches: 0,
        seating_block: 0,
        shard: loki_sim::Shard::ALL,
        batch: 1,
        config: loki_bot::LokiConfig::default(),
    };
    let mut run = Run::start(&spec).unwrap();
    run.play_batch().unwrap();
    let c = run.checkpoint(Default::default());
    let roster = loki_agent::Roster::new(loki_bot::LokiConfig::default()).unwrap();
    let som = c.seated(&roster, 0, 0, 3).unwrap();
    assert_eq!(som.kind, "SOM");
    assert_eq!(som.state, c.seat_state(0, 0).unwrap());
    use loki_sim::checkpoint::SeatStateError;
    assert_eq!(
        c.seated(&roster, 0, 0, 4).unwrap_err(),
        SeatStateError::OtherSeats(3)
    );
    assert!(matches!(
        c.seated(&roster, 0, 2, 3),
        Err(SeatStateError::NoState(2))
    ));
}
