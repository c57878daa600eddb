//! The bankroll board: results add up per person and per bot kind across sessions, and a
//! store of schema version 2 gains the board when opened, its profiles kept.
#![allow(missing_docs)]
use loki_store::{Action, HandDelta, HandResult, Observation, Store, SCHEMA_VERSION};
use std::path::PathBuf;

fn tmp(name: &str) -> PathBuf {
    let dir =
        std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("loki-bankroll-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("people.sqlite3")
}

fn result(name: &str, bot: bool, net: i64, big_blind: i64) -> HandResult {
    HandResult {
        name: name.into(),
        bot,
        net,
        big_blind,
    }
}

#[test]
fn results_add_up_across_sessions() {
    let path = tmp("add");
    {
        let mut s = Store::open(&path).unwrap();
        s.record_results(&[result("Ann", false, 6, 2), result("SOM", true, -6, 2)])
            .unwrap();
    }
    let mut s = Store::open(&path).unwrap();
    // Another room at other stakes: big blinds, not chips, make bb/100.
    s.record_results(&[result("Ann", false, -10, 10), result("SOM", true, 10, 10)])
        .unwrap();
    // A person named like a bot kind is another row.
    s.record_results(&[result("SOM", false, 4, 2)]).unwrap();
    let board = s.bankrolls(10).unwrap();
    assert_eq!(board.len(), 3);
    let ann = board.iter().find(|r| r.name == "Ann").unwrap();
    assert_eq!((ann.hands, ann.net), (2, -4));
    // (3 - 1) big blinds in 2 hands: 100 bb/100.
    assert_eq!(ann.bb_per_100, 100.0);
    let som = board.iter().find(|r| r.name == "SOM" && r.bot).unwrap();
    assert_eq!((som.hands, som.net, som.bb_per_100), (2, 4, -100.0));
    assert_eq!(s.bankrolls(1).unwrap().len(), 1);
    // Bad names write nothing.
    assert!(s
        .record_results(&[result("Bo", false, 1, 2), result("", false, 1, 2)])
        .is_err());
    assert!(s.bankrolls(10).unwrap().iter().all(|r| r.name != "Bo"));
}

#[test]
fn a_version_2_store_gains_the_board() {
    let path = tmp("v2");
    let delta = HandDelta {
        name: "Ann".into(),
        observations: vec![Observation {
            round: 0,
            bets_to_call: 1,
            action: Action::Call,
        }],
        vpip: true,
        pfr: false,
    };
    {
        let mut s = Store::open(&path).unwrap();
        s.record_hand(&[delta], 8).unwrap();
    }
    {
        let c = rusqlite::Connection::open(&path).unwrap();
        c.execute_batch("DROP TABLE bankroll; PRAGMA user_version = 2;")
            .unwrap();
    }
    let mut s = Store::open(&path).unwrap();
    s.record_results(&[result("Ann", false, 2, 2)]).unwrap();
    assert_eq!(s.bankrolls(10).unwrap()[0].hands, 1);
    assert_eq!(s.profile("Ann").unwrap().unwrap().hands, 1);
    let c = rusqlite::Connection::open(&path).unwrap();
    let v: i32 = c
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(v, SCHEMA_VERSION);
    assert_eq!(v, 3);
}
