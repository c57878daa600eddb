//! Hands counted once however many clients of one match save them: two observers of one
//! match count each key once, a later run of the same match counts again, an observer
//! that never closed (a killed client) stops counting others only while it is fresh,
//! the claims stay within their window, and a version-1 file gains the tables.
#![allow(missing_docs)]
use loki_store::{Action, HandDelta, Observation, Store, CLAIM_WINDOW, SCHEMA_VERSION};
use std::path::PathBuf;

fn tmp(name: &str) -> PathBuf {
    let d = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("loki-once-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d.join("profiles.sqlite3")
}

fn delta(name: &str) -> HandDelta {
    HandDelta {
        name: name.into(),
        vpip: true,
        pfr: false,
        observations: vec![Observation::new(0, 1, Action::Call).unwrap()],
    }
}

fn hands(s: &Store, name: &str) -> u64 {
    s.profile(name).unwrap().map_or(0, |p| p.hands)
}

#[test]
fn two_observers_of_one_match_count_each_hand_once() {
    let path = tmp("two");
    let mut a = Store::open(&path).unwrap();
    let mut b = Store::open(&path).unwrap();
    let (oa, ob) = (a.open_observer().unwrap(), b.open_observer().unwrap());
    for key in 0..50u64 {
        // A sees the hand of C and B, B the hand of C and A: C's is shared.
        let k = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        assert_eq!(
            a.record_hand_once(&[delta("B"), delta("C")], 8, oa, k)
                .unwrap(),
            2
        );
        assert_eq!(
            b.record_hand_once(&[delta("A"), delta("C")], 8, ob, k)
                .unwrap(),
            1
        );
    }
    assert_eq!(
        (hands(&a, "A"), hands(&a, "B"), hands(&a, "C")),
        (50, 50, 50)
    );
    let p = a.profile("C").unwrap().unwrap();
    assert_eq!(p.vpip_hands, 50);
    assert_eq!(
        p.counts.0[0][1].call(),
        50,
        "the actions are counted once too"
    );
    a.close_observer(oa).unwrap();
    b.close_observer(ob).unwrap();
    // The same match again (same keys): new hands, counted.
    let (oa, ob) = (a.open_observer().unwrap(), b.open_observer().unwrap());
    for key in 0..50u64 {
        let k = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        a.record_hand_once(&[delta("C")], 8, oa, k).unwrap();
        b.record_hand_once(&[delta("C")], 8, ob, k).unwrap();
    }
    assert_eq!(hands(&a, "C"), 100);
    // An observer that registered after another one's claim, while that one is open
    // (the startup of one match), still finds it a duplicate.
    a.record_hand_once(&[delta("C")], 8, oa, 7777).unwrap();
    let late = b.open_observer().unwrap();
    assert_eq!(b.record_hand_once(&[delta("C")], 8, late, 7777).unwrap(), 0);
    // Once it is closed, a later observer counts the same key.
    a.close_observer(oa).unwrap();
    let later = b.open_observer().unwrap();
    assert_eq!(
        b.record_hand_once(&[delta("C")], 8, later, 7777).unwrap(),
        1
    );
}

#[test]
fn the_claims_stay_in_their_window() {
    let path = tmp("window");
    let mut s = Store::open(&path).unwrap();
    let o = s.open_observer().unwrap();
    let n = CLAIM_WINDOW as u64 + 300;
    for k in 0..n {
        s.record_hand_once(&[delta("C")], 8, o, k).unwrap();
    }
    assert_eq!(hands(&s, "C"), n);
    assert_eq!(s.claims().unwrap(), CLAIM_WINDOW as u64);
}

#[test]
fn a_version_1_store_gains_the_claims() {
    let path = tmp("v1");
    {
        let mut s = Store::open(&path).unwrap();
        s.record_hand(&[delta("C")], 8).unwrap();
    }
    {
        let c = rusqlite::Connection::open(&path).unwrap();
        c.execute_batch("DROP TABLE claim; DROP TABLE observer; PRAGMA user_version = 1;")
            .unwrap();
    }
    let mut s = Store::open(&path).unwrap();
    let o = s.open_observer().unwrap();
    assert_eq!(s.record_hand_once(&[delta("C")], 8, o, 1).unwrap(), 1);
    assert_eq!(hands(&s, "C"), 2);
    let c = rusqlite::Connection::open(&path).unwrap();
    let v: i32 = c
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(v, SCHEMA_VERSION);
}
