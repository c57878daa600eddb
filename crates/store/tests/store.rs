//! The profile store: counts and windows add up, concurrent writers lose nothing, a killed
//! writer loses at most the hand in progress, and foreign or corrupt files are refused
//! untouched.
#![allow(missing_docs)]
use loki_store::{Action, HandDelta, Observation, Store, StoreError};
use proptest::prelude::*;
use std::path::PathBuf;

fn tmp(name: &str) -> PathBuf {
    let d =
        std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("loki-store-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d.join("profiles.sqlite3")
}

fn obs(r: usize, b: usize, a: usize) -> Observation {
    Observation::new(r, b, Action::ALL[a]).unwrap()
}

fn delta(name: &str, o: &[(usize, usize, usize)]) -> HandDelta {
    let observations: Vec<Observation> = o.iter().map(|&(r, b, a)| obs(r, b, a)).collect();
    HandDelta {
        name: name.into(),
        vpip: observations
            .iter()
            .any(|o| o.round == 0 && o.action == Action::Raise),
        pfr: observations
            .iter()
            .any(|o| o.round == 0 && o.action == Action::Raise),
        observations,
    }
}

#[test]
fn hands_add_up_and_the_window_keeps_the_last_actions() {
    let path = tmp("basic");
    let mut s = Store::open(&path).unwrap();
    assert!(s.profile("Bob").unwrap().is_none());
    s.record_hand(
        &[
            delta("Bob", &[(0, 1, 2), (1, 0, 1)]),
            delta("Carol", &[(0, 1, 0)]),
        ],
        3,
    )
    .unwrap();
    s.record_hand(
        &[delta(
            "Bob",
            &[(2, 5, 1), (3, 1, 0), (1, 0, 2), (1, 0, 0), (1, 0, 1)],
        )],
        3,
    )
    .unwrap();
    let bob = s.profile("Bob").unwrap().unwrap();
    assert_eq!(bob.hands, 2);
    assert_eq!(bob.pfr_hands, 1);
    assert_eq!(bob.counts[0][1], [0, 0, 1]);
    assert_eq!(bob.counts[2][2], [0, 1, 0], "5 bets to call count as 2+");
    // Each context keeps its last 3: the flop facing 0 bets drops its first action.
    assert_eq!(
        bob.recent,
        vec![
            obs(0, 1, 2),
            obs(2, 2, 1),
            obs(3, 1, 0),
            obs(1, 0, 2),
            obs(1, 0, 0),
            obs(1, 0, 1)
        ]
    );
    assert_eq!(
        s.names().unwrap(),
        vec![("Bob".to_string(), 2), ("Carol".to_string(), 1)]
    );
    drop(s);
    // Reopened, the data is there; reset removes one opponent only.
    let mut s = Store::open_existing(&path).unwrap();
    assert!(s.reset("Carol").unwrap());
    assert!(!s.reset("Carol").unwrap());
    assert_eq!(s.profiles().unwrap().len(), 1);
    assert!(matches!(
        s.record_hand(&[delta("", &[])], 3),
        Err(StoreError::BadName(_))
    ));
    assert!(matches!(
        Store::open_existing(&path.with_extension("nothing")),
        Err(StoreError::Missing(_))
    ));
}

#[test]
fn two_concurrent_writers_for_1000_hands_lose_no_count() {
    let path = tmp("concurrent");
    Store::open(&path).unwrap();
    let writers: Vec<_> = (0..2)
        .map(|w| {
            let path = path.clone();
            std::thread::spawn(move || {
                let mut s = Store::open(&path).unwrap();
                for h in 0..1000usize {
                    let a = (h + w) % 3;
                    s.record_hand(
                        &[
                            delta("Shared", &[(h % 4, h % 3, a), (0, 1, 2)]),
                            delta(&format!("Own{w}"), &[(1, 0, 1)]),
                        ],
                        20,
                    )
                    .unwrap();
                }
            })
        })
        .collect();
    for w in writers {
        w.join().unwrap();
    }
    let s = Store::open_existing(&path).unwrap();
    let shared = s.profile("Shared").unwrap().unwrap();
    assert_eq!(shared.hands, 2000);
    assert_eq!(shared.pfr_hands, 2000);
    let total = shared.counts.total();
    assert_eq!(total, 4000);
    assert_eq!(
        shared.counts[0][1].raise(),
        2000 + {
            // The varying observation lands in (0, 1, 2) when h % 4 == 0, h % 3 == 1 and
            // (h + w) % 3 == 2.
            let mut k = 0;
            for w in 0..2 {
                for h in 0..1000usize {
                    if h % 4 == 0 && h % 3 == 1 && (h + w) % 3 == 2 {
                        k += 1;
                    }
                }
            }
            k
        }
    );
    // The last 20 actions of each of the 12 contexts it acted in.
    assert_eq!(shared.recent.len(), 12 * 20);
    for w in 0..2 {
        let own = s.profile(&format!("Own{w}")).unwrap().unwrap();
        assert_eq!((own.hands, own.counts[1][0].call()), (1000, 1000));
    }
}

/// The child half of the kill test: writes hands of three observations each and reports
/// every commit on stdout, until killed.
#[test]
fn child_writer() {
    let Ok(path) = std::env::var("LOKI_STORE_CHILD") else {
        return;
    };
    let mut s = Store::open(std::path::Path::new(&path)).unwrap();
    for h in 0.. {
        s.record_hand(&[delta("Victim", &[(0, 1, 1), (1, 0, 2), (2, 1, 0)])], 20)
            .unwrap();
        println!("committed {}", h + 1);
    }
}

#[test]
fn a_killed_writer_loses_at_most_the_hand_in_progress() {
    use std::io::BufRead;
    let path = tmp("killed");
    let mut child = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "child_writer",
            "--nocapture",
            "--test-threads",
            "1",
        ])
        .env("LOKI_STORE_CHILD", &path)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let note = |line: std::io::Result<String>, committed: &mut u64| {
        if let Some(k) = line.unwrap().strip_prefix("committed ") {
            *committed = k.parse().unwrap();
        }
    };
    let mut committed = 0u64;
    for line in out.by_ref() {
        note(line, &mut committed);
        if committed >= 200 {
            break;
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    // The child went on until it was killed: what it printed since counts too (a hand
    // committed but not yet printed is the one that may be there beyond the count).
    for line in out {
        note(line, &mut committed);
    }
    assert!(committed >= 200);
    let s = Store::open_existing(&path).unwrap();
    let p = s.profile("Victim").unwrap().unwrap();
    // Every committed hand is there, and no hand is there in part.
    assert!(
        p.hands >= committed && p.hands <= committed + 1,
        "{} vs {committed}",
        p.hands
    );
    let total: u64 = p.counts.total();
    assert_eq!(total, 3 * p.hands);
    assert_eq!(p.counts[1][0].raise() as u64, p.hands);
}

#[test]
fn foreign_and_corrupt_files_are_refused_untouched() {
    let text = tmp("text");
    std::fs::write(&text, "hello, I am a spreadsheet\n").unwrap();
    assert!(matches!(Store::open(&text), Err(StoreError::NotSqlite(_))));
    assert_eq!(
        std::fs::read_to_string(&text).unwrap(),
        "hello, I am a spreadsheet\n"
    );

    let foreign = tmp("foreign");
    {
        let c = rusqlite::Connection::open(&foreign).unwrap();
        c.execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
            .unwrap();
    }
    let before = std::fs::read(&foreign).unwrap();
    assert!(matches!(Store::open(&foreign), Err(StoreError::Foreign(_))));
    assert_eq!(std::fs::read(&foreign).unwrap(), before);

    let corrupt = tmp("corrupt");
    {
        let mut s = Store::open(&corrupt).unwrap();
        for i in 0..300 {
            s.record_hand(
                &[delta(
                    &format!("player number {i}"),
                    &[(0, 1, 1), (1, 1, 2)],
                )],
                20,
            )
            .unwrap();
        }
    }
    // Fold the WAL into the file, then damage pages in the middle.
    {
        let c = rusqlite::Connection::open(&corrupt).unwrap();
        c.execute_batch("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;")
            .unwrap();
    }
    let mut bytes = std::fs::read(&corrupt).unwrap();
    assert!(bytes.len() > 4 * 4096, "{}", bytes.len());
    for b in &mut bytes[4096 + 100..3 * 4096] {
        *b = 0xA5;
    }
    std::fs::write(&corrupt, &bytes).unwrap();
    let err = Store::open(&corrupt).unwrap_err();
    assert!(matches!(err, StoreError::Corrupt(..)), "{err}");
    assert_eq!(std::fs::read(&corrupt).unwrap(), bytes, "never replaced");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn counts_are_sums_and_the_window_is_the_tail(
        hands in prop::collection::vec(prop::collection::vec((0usize..4, 0usize..5, 0usize..3), 0..6), 1..25),
        window in 1usize..12,
    ) {
        let path = tmp("prop");
        let mut s = Store::open(&path).unwrap();
        let mut want = [[[0u32; 3]; 3]; 4];
        let mut all = Vec::new();
        for h in &hands {
            s.record_hand(&[delta("P", h)], window).unwrap();
            for &(r, b, a) in h {
                want[r][b.min(2)][a] += 1;
                all.push(obs(r, b, a));
            }
        }
        let p = s.profile("P").unwrap().unwrap();
        prop_assert_eq!(p.hands, hands.len() as u64);
        prop_assert_eq!(p.counts.0, want);
        // The last `window` actions of each context, in the order they were recorded.
        let mut later = vec![0usize; all.len()];
        for i in 0..all.len() {
            let ctx = |o: &Observation| (o.round, o.bets_to_call);
            later[i] = all[i + 1..].iter().filter(|o| ctx(o) == ctx(&all[i])).count();
        }
        let tail: Vec<Observation> = all
            .iter()
            .zip(&later)
            .filter(|(_, &n)| n < window)
            .map(|(o, _)| *o)
            .collect();
        prop_assert_eq!(p.recent, tail);
    }
}

/// Clients that open one new file at the same moment all get the store: none is
/// answered busy or takes the half-made file for another program's (the schema is
/// created in one transaction and the file's identity read from one snapshot).
#[test]
fn clients_opening_one_new_file_at_once_all_get_the_store() {
    let dir = tmp("race").parent().unwrap().to_path_buf();
    for round in 0..30 {
        let path = dir.join(format!("p{round}.sqlite3"));
        let barrier = std::sync::Arc::new(std::sync::Barrier::new(4));
        let opened: Vec<Result<(), String>> = (0..4)
            .map(|_| {
                let (path, barrier) = (path.clone(), barrier.clone());
                std::thread::spawn(move || {
                    barrier.wait();
                    Store::open(&path).map(drop).map_err(|e| e.to_string())
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|t| t.join().unwrap())
            .collect();
        for r in &opened {
            assert!(r.is_ok(), "round {round}: {r:?}");
        }
    }
}
