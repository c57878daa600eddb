//! The `loki simulate` and `loki history` contracts, run through the real binary.
#![allow(missing_docs)]
mod common;
use common::loki;
use std::path::PathBuf;

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("loki-cli-history-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn s(p: &std::path::Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn simulate_writes_histories_that_check_and_convert() {
    let (phh, log) = (tmp("a.phhs"), tmp("a.log"));
    let o = loki(&[
        "simulate",
        "--players",
        "2*RANDOM,call,raise",
        "--hands",
        "50",
        "--seed",
        "7",
        "--phh",
        s(&phh),
        "--acpc-log",
        s(&log),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = loki(&["history", "check", s(&phh), s(&log)]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("50 hands replay, 0 bad"), "{out}");
    // the same seed gives identical histories
    let (phh2, log2) = (tmp("b.phhs"), tmp("b.log"));
    let o = loki(&[
        "simulate",
        "--players",
        "2*random,call,raise",
        "--hands",
        "50",
        "--seed",
        "7",
        "--phh",
        s(&phh2),
        "--acpc-log",
        s(&log2),
    ]);
    assert!(o.status.success());
    assert_eq!(std::fs::read(&phh).unwrap(), std::fs::read(&phh2).unwrap());
    assert_eq!(std::fs::read(&log).unwrap(), std::fs::read(&log2).unwrap());
    // ACPC log -> PHH gives back the same PHH; PHH -> ACPC gives the same STATE lines
    let (conv_phh, conv_log) = (tmp("c.phhs"), tmp("c.log"));
    let o = loki(&["history", "convert", s(&log), s(&conv_phh)]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        std::fs::read_to_string(&phh).unwrap(),
        std::fs::read_to_string(&conv_phh).unwrap()
    );
    let o = loki(&["history", "convert", s(&phh), s(&conv_log)]);
    assert!(o.status.success());
    let strip = |t: String| {
        t.lines()
            .filter(|l| !l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(
        strip(std::fs::read_to_string(&log).unwrap()),
        strip(std::fs::read_to_string(&conv_log).unwrap())
    );
}

#[test]
fn logs_at_other_stakes_check_without_flags_after_simulate_and_convert() {
    // Neither log states the stakes in its lines: the header's game name does.
    let (phh, log, conv) = (tmp("d.phhs"), tmp("d.log"), tmp("d-converted.log"));
    let o = loki(&[
        "simulate",
        "--players",
        "call,raise",
        "--hands",
        "20",
        "--seed",
        "5",
        "--stakes",
        "4/8",
        "--phh",
        s(&phh),
        "--acpc-log",
        s(&log),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = loki(&["history", "convert", s(&phh), s(&conv)]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&conv).unwrap();
    assert!(
        text.starts_with("# name/game/hands/seed d loki.limit.2p.blinds-2-4.bets-4-8.game 20 0\n"),
        "{text}"
    );
    for file in [&log, &conv] {
        let o = loki(&["history", "check", s(file)]);
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(
            o.status.success() && out.contains("20 hands replay, 0 bad"),
            "{out}"
        );
    }
}

#[test]
fn check_reports_bad_hands_with_status_1() {
    let log = tmp("bad.log");
    std::fs::write(
        &log,
        "STATE:0:cc/cc/cc/cc:7d3d|2hAc/5sKs7s/9s/6h:2|-2:a|b\nSTATE:1:rrrrc/cc/cc/cc:7d3d|2hAc/5sKs7s/9s/6h:0|0:a|b\n",
    )
    .unwrap();
    let o = loki(&["history", "check", s(&log)]);
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("hand 1, line 2: illegal raise by p1: the raise cap is reached"),
        "{out}"
    );
    assert!(out.contains("1 hand replays, 1 bad"), "{out}");
}

#[test]
fn check_of_a_folder_without_histories_is_an_error() {
    let empty = tmp("empty-folder");
    std::fs::create_dir_all(&empty).unwrap();
    std::fs::write(empty.join("notes.txt"), "not a history\n").unwrap();
    let o = loki(&["history", "check", s(&empty)]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("no hand histories found in"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    // An empty history file is an error too.
    let none = tmp("none.phhs");
    std::fs::write(&none, "").unwrap();
    let o = loki(&["history", "check", s(&none)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&o.stderr).is_empty());
}

#[test]
fn one_hand_is_singular() {
    let phh = tmp("one.phhs");
    let o = loki(&[
        "simulate",
        "--players",
        "call,raise",
        "--hands",
        "1",
        "--phh",
        s(&phh),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.starts_with("1 hand, seed "), "{out}");
    let o = loki(&["history", "check", s(&phh)]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("1 hand replays, 0 bad"));
}

#[test]
fn bad_arguments_are_one_line_and_exit_2() {
    let o = loki(&["simulate", "--players", "2*nobody,call", "--hands", "1"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with("loki: error: unknown player \"nobody\""),
        "{err}"
    );
    assert_eq!(err.trim().lines().count(), 1);
    let o = loki(&["simulate", "--players", "call", "--hands", "1"]);
    assert_eq!(o.status.code(), Some(2));
    let junk = tmp("junk.txt");
    std::fs::write(&junk, "hello\n").unwrap();
    let o = loki(&["history", "check", s(&junk)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown history format"));
    // An empty file (or blank lines and comments only) is said to be empty.
    let empty = tmp("empty.phhs");
    std::fs::write(&empty, "\n# nothing\n\n").unwrap();
    let o = loki(&["history", "check", s(&empty)]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("holds no hand"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}
