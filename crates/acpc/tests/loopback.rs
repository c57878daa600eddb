//! Our client against our dealer over loopback: the dealer's scores equal replaying its
//! log through the engine, every client's own account agrees with the dealer's, and the
//! cards depend only on (seed, hand, position).
#![allow(missing_docs)]
mod common;
use common::{loki, options};
use loki_acpc::{run_match, HandDone, MatchReport};
use loki_engine::{ExamplePlayer, GameSpec, Player, RandomPlayer};
use loki_history::read_acpc;

fn play(
    players: Vec<Box<dyn Player + Send>>,
    names: &[&str],
    hands: u64,
    seed: u64,
) -> (MatchReport, String, Vec<HandDone>) {
    let mut log = Vec::new();
    let mut messages = Vec::new();
    let mut done = Vec::new();
    let report = run_match(
        options(names.len(), hands, seed, names),
        players,
        Some(&mut log),
        &mut messages,
        &mut |h| done.push(h.clone()),
    )
    .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&messages)));
    let messages = String::from_utf8(messages).unwrap();
    assert!(!messages.contains("WARNING"), "{messages}");
    (report, String::from_utf8(log).unwrap(), done)
}

fn check_against_replay(report: &MatchReport, log: &str, done: &[HandDone], hands: u64) {
    let template = GameSpec {
        small_blind: 5,
        big_blind: 10,
        small_bet: 10,
        big_bet: 20,
        ..GameSpec::default()
    };
    let replayed = read_acpc(log.as_bytes(), &template).unwrap();
    assert_eq!(
        replayed.len() as u64,
        hands,
        "one line per hand and a matching SCORE"
    );
    let n = report.result.totals.len();
    let mut totals = vec![0.0; n];
    for (r, d) in replayed.iter().zip(done) {
        let r = r.as_ref().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.record().unwrap().seats, d.record.seats);
        for (p, &net) in r.record().unwrap().net.enumerate() {
            // Integer splits equal the fractional values unless a pot was split unevenly.
            let value = d.values[p];
            assert!((net as f64 - value).abs() < 1.0, "{net} vs {value}");
            totals[d.record.seats[p].index()] += value;
        }
    }
    for (s, total) in totals.iter().enumerate() {
        assert!((total - report.result.totals[s]).abs() < 1e-6);
        assert_eq!(report.clients[s].hands, hands);
        assert_eq!(report.clients[s].seat, Some(s));
        assert!(
            (report.clients[s].net - report.result.totals[s]).abs() < 1e-6,
            "seat {s}: the client's own account {} vs the dealer's {}",
            report.clients[s].net,
            report.result.totals[s]
        );
    }
    assert!(report.result.totals.iter().sum::<f64>().abs() < 1e-6);
    assert!(log.lines().last().unwrap().starts_with("SCORE:"));
}

#[test]
fn heads_up_300_hands_replay_to_the_dealers_scores() {
    let players: Vec<Box<dyn Player + Send>> = vec![
        Box::new(loki("SOM", 1)),
        Box::new(RandomPlayer::new("random", 2)),
    ];
    let (report, log, done) = play(players, &["SOM", "random"], 300, 42);
    check_against_replay(&report, &log, &done, 300);
    assert!(report.clients[0].decisions.len() > 300);
}

#[test]
fn three_handed_300_hands_replay_to_the_dealers_scores() {
    let players: Vec<Box<dyn Player + Send>> = vec![
        Box::new(loki("SOM", 1)),
        Box::new(ExamplePlayer::new("example", 2)),
        Box::new(loki("BPM", 3)),
    ];
    let (report, log, done) = play(players, &["SOM", "example", "BPM"], 300, 7);
    check_against_replay(&report, &log, &done, 300);
}

#[test]
fn swapped_seats_with_the_same_seed_see_the_same_cards_by_position() {
    let mk = |a: u64, b: u64| -> Vec<Box<dyn Player + Send>> {
        vec![
            Box::new(RandomPlayer::new("a", a)),
            Box::new(RandomPlayer::new("b", b)),
        ]
    };
    let (_, log_a, _) = play(mk(1, 2), &["A", "B"], 50, 9);
    let (_, log_b, _) = play(mk(3, 4), &["B", "A"], 50, 9);
    let hole = |line: &str| {
        line.split(':')
            .nth(3)
            .unwrap()
            .split('/')
            .next()
            .unwrap()
            .to_string()
    };
    let states = |log: &str| -> Vec<String> {
        log.lines()
            .filter(|l| l.starts_with("STATE"))
            .map(hole)
            .collect()
    };
    let (a, b) = (states(&log_a), states(&log_b));
    assert_eq!(a.len(), 50);
    assert_eq!(a, b);
}
