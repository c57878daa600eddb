//! `loki acpc` and `loki profiles` through the real binary: a dealer process and two client
//! processes, the log replayed by `loki history check`, profiles saved and shown, and the
//! clear errors (no-limit game, foreign profile file).
#![allow(missing_docs)]
mod common;
use common::loki;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

fn tmp(name: &str) -> PathBuf {
    let d =
        std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("loki-cli-acpc-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_loki"))
}

/// Starts a dealer and returns it with its ports (read from its first line).
fn dealer(dir: &Path, args: &[&str]) -> (Child, Vec<u16>, BufReader<std::process::ChildStdout>) {
    let mut child = bin()
        .current_dir(dir)
        .args(["acpc", "dealer", "--start-timeout", "60000", "-q"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    let ports = first
        .split_whitespace()
        .map(|p| p.parse().unwrap())
        .collect();
    (child, ports, out)
}

fn client(dir: &Path, port: u16, extra: &[&str]) -> Child {
    bin()
        .current_dir(dir)
        .args(["acpc", "client", "--port", &port.to_string()])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn dealer_and_clients_as_processes_with_profiles_that_carry_over() {
    let dir = tmp("processes");
    let db = dir.join("p.sqlite3");
    let db = db.to_str().unwrap();
    for round in 0..2 {
        let (d, ports, mut out) = dealer(
            &dir,
            &[
                "--game",
                "holdem.limit.2p.reverse_blinds",
                "--hands",
                "120",
                "--seed",
                &round.to_string(),
                "--log",
                "m",
                "Alice",
                "Bob",
            ],
        );
        let a = client(
            &dir,
            ports[0],
            &[
                "--player",
                "SOM",
                "--profiles",
                db,
                "--names",
                "Alice,Bob",
                "--log",
                "t.txt",
                "-v",
            ],
        );
        let b = client(&dir, ports[1], &["--player", "random", "--no-profiles"]);
        let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
        let d = d.wait_with_output().unwrap();
        assert!(d.status.success(), "{}", String::from_utf8_lossy(&d.stderr));
        assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
        assert!(b.status.success(), "{}", String::from_utf8_lossy(&b.stderr));
        let mut score = String::new();
        out.read_line(&mut score).unwrap();
        assert!(
            score.starts_with("SCORE:") && score.trim_end().ends_with(":Alice|Bob"),
            "{score}"
        );
        let err = String::from_utf8_lossy(&d.stderr);
        assert!(!err.contains("WARNING") && !err.contains("ERROR"), "{err}");
        // -v: one printed trace per decision of the Loki client (its `rule:` line).
        let stderr = String::from_utf8_lossy(&a.stderr);
        let decisions = stderr.lines().filter(|l| l.starts_with("rule: ")).count();
        assert!(decisions > 120, "{decisions}");
        // The second match starts from the first one's profile of Bob: the observations
        // behind the first decision's frequencies, "(N obs.)".
        let first_opponent = stderr
            .lines()
            .find(|l| l.starts_with("  position "))
            .expect("an opponent line");
        let seen: u64 = first_opponent
            .split(" obs.)")
            .next()
            .and_then(|x| x.rsplit('(').next())
            .and_then(|x| x.parse().ok())
            .expect("an observation count");
        if round == 0 {
            assert!(seen < 10, "{seen}");
        } else {
            assert!(seen > 20, "{seen}");
        }
        let check = loki(&[
            "history",
            "check",
            dir.join("m.log").to_str().unwrap(),
            "--blinds",
            "5,10",
            "--bets",
            "10,20",
        ]);
        assert!(
            check.status.success(),
            "{}",
            String::from_utf8_lossy(&check.stdout)
        );
        let transcript = std::fs::read_to_string(dir.join("t.txt")).unwrap();
        assert!(transcript.starts_with("<-  VERSION:2.0.0\nS-> MATCHSTATE:0:0::"));
        let list = loki(&["profiles", "--profiles", db, "list"]);
        assert_eq!(
            String::from_utf8_lossy(&list.stdout),
            format!("Bob\t{}\n", 120 * (round + 1)),
            "the client saves its opponents only"
        );
    }
    let show = loki(&["profiles", "--profiles", db, "show", "Bob", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&show.stdout).unwrap();
    assert_eq!(v["hands"], 240);
    let vpip = v["vpip"].as_f64().unwrap();
    assert!(
        vpip > 0.3 && vpip <= 1.0,
        "a random player plays most hands: {vpip}"
    );
    let counts: u64 = v["counts"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r.as_array().unwrap())
        .flat_map(|b| b.as_array().unwrap())
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert!(counts > 240);
    // The last 20 actions of each context (round, bets to call) it acted in.
    let recent = v["recent"].as_array().unwrap().len();
    assert!(recent > 20 && recent <= 12 * 20, "{recent}");
    let text =
        String::from_utf8_lossy(&loki(&["profiles", "--profiles", db, "show", "Bob"]).stdout)
            .to_string();
    assert!(
        text.starts_with("Bob: 240 hands, VPIP ") && text.contains("aggression factor"),
        "{text}"
    );
    let export = String::from_utf8_lossy(&loki(&["profiles", "--profiles", db, "export"]).stdout)
        .to_string();
    let lines: Vec<&str> = export.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0].split('\t').count(), 4 + 36);
    assert!(loki(&["profiles", "--profiles", db, "reset", "Bob"])
        .status
        .success());
    assert!(!loki(&["profiles", "--profiles", db, "reset", "Bob"])
        .status
        .success());
    assert_eq!(loki(&["profiles", "--profiles", db, "list"]).stdout, b"");
}

#[test]
fn match_prints_sb_and_mbb_per_hand_with_intervals() {
    let o = loki(&[
        "acpc",
        "match",
        "--players",
        "SOM,call,random",
        "--hands",
        "60",
        "--seed",
        "4",
        "--duplicate",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("60 hands x 3 seatings (duplicate)"), "{out}");
    assert!(out.contains("sb/hand") && out.contains("mbb/hand"));
    let rows: Vec<Vec<&str>> = out
        .lines()
        .skip(2)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows.len(), 3);
    let chips: f64 = rows.iter().map(|r| r[1].parse::<f64>().unwrap()).sum();
    assert!(chips.abs() < 1e-6, "zero-sum: {out}");
    for r in &rows {
        let (sb, mbb): (f64, f64) = (r[2].parse().unwrap(), r[4].parse().unwrap());
        assert!(
            (sb * 1000.0 - mbb).abs() <= 0.5 + 1e-9,
            "small bet = big blind: {r:?}"
        );
    }
    assert!(String::from_utf8_lossy(&o.stderr).contains("hands/s"));
}

#[test]
fn clear_errors_for_no_limit_games_and_foreign_profile_files() {
    let dir = tmp("errors");
    let nl = dir.join("nl.game");
    std::fs::write(&nl, "GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 20000 20000\nblind = 100 50\nfirstPlayer = 2 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n").unwrap();
    let o = loki(&[
        "acpc",
        "dealer",
        "--game",
        nl.to_str().unwrap(),
        "--hands",
        "1",
        "--seed",
        "1",
        "a",
        "b",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("no-limit games are not supported"), "{err}");
    let foreign = dir.join("notes.txt");
    std::fs::write(&foreign, "my notes").unwrap();
    // (A client opens its profiles once it has connected, and only with --names.)
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    let o = loki(&[
        "acpc",
        "client",
        "--port",
        &port,
        "--names",
        "a,b",
        "--profiles",
        foreign.to_str().unwrap(),
    ]);
    drop(listener);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not an SQLite database"));
    assert_eq!(std::fs::read_to_string(&foreign).unwrap(), "my notes");
    let o = loki(&[
        "acpc",
        "match",
        "--players",
        "SOM,BPM",
        "--game",
        "holdem.limit.3p",
        "--hands",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(2));
}
