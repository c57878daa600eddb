//! Every command trustworthy at its edges, run through the real binary: a closed stdout,
//! resumes from a cut or edited history, checkpoint or shard, numbers out of range, huge
//! arguments, unwritable outputs, errors as one line, history checks of every file,
//! profiles made only when a client plays, the stakes shorthand, one progress bar, the
//! `--bots` alias, the default seeds, negative numbers and a quiet stderr. Each test
//! reproduces a defect found by trying the commands as a new user would.
#![allow(missing_docs)]
mod common;
use common::loki;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn tmp(name: &str) -> PathBuf {
    let d =
        std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("loki-probes-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The command failed with exit status 2 and one line on stderr that contains `want`.
fn refused(o: &Output, want: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "{want}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.contains(want), "{want}: {err}");
}

/// Runs loki with its stdout a pipe whose reader is closed at once (before the command
/// has anything to print: it has yet to start).
fn closed_stdout(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_loki"))
        .args(args)
        .env("LOKI_CACHE_DIR", "off")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.wait_with_output().unwrap()
}

fn tournament_args<'a>(out: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut v = vec![
        "tournament",
        "--players",
        "SOM,BPM,BPT",
        "--hands",
        "150",
        "--batch",
        "10",
        "--seed",
        "3",
        "--quiet",
        "--out",
        out,
    ];
    v.extend_from_slice(extra);
    v
}

fn ok(o: Output) -> Output {
    assert!(o.status.success(), "{}", stderr(&o));
    o
}

#[test]
fn a_closed_stdout_is_a_normal_end_in_every_command() {
    let dir = tmp("pipe");
    let t = dir.join("t");
    let ts = t.to_str().unwrap();
    let phh = dir.join("h.phhs");
    let commands: Vec<Vec<&str>> = vec![
        tournament_args(ts, &[]),
        vec!["players"],
        vec!["config"],
        vec!["eval", "AsKsQsJsTs"],
        vec!["acpc", "game"],
        vec!["acpc", "game", "holdem.limit.2p.reverse_blinds"],
        vec!["assess", "--board", "3h4cJh", "--range"],
        vec![
            "advise",
            "--seats",
            "2",
            "--position",
            "1",
            "--hole",
            "AdQc",
            "--board",
            "3h4cJh",
            "--betting",
            "crrc/r",
            "--json",
        ],
        vec![
            "simulate",
            "--players",
            "call,raise",
            "--hands",
            "20",
            "--phh",
            phh.to_str().unwrap(),
        ],
        vec![
            "acpc",
            "match",
            "--players",
            "BPM,BPT",
            "--hands",
            "20",
            "-q",
        ],
    ];
    for args in &commands {
        let o = closed_stdout(args);
        let err = stderr(&o);
        assert!(
            matches!(o.status.code(), Some(0) | Some(141)),
            "{args:?}: {:?} {err}",
            o.status
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // The files of the run were written before anything was printed.
    for f in ["results.json", "profit.png", "checkpoint.json"] {
        assert!(t.join(f).exists(), "{f}");
    }
    assert!(phh.exists());
    let o = closed_stdout(&["history", "check", phh.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// A whole run with a hand history, then the same run's checkpoint with the history
/// file damaged.
#[test]
fn a_short_or_changed_history_is_refused_on_resume() {
    let dir = tmp("phh");
    let out = dir.join("t");
    let phh = dir.join("all.phhs");
    let (o, p) = (out.to_str().unwrap(), phh.to_str().unwrap());
    ok(loki(&tournament_args(o, &["--phh", p])));
    let bytes = std::fs::read(&phh).unwrap();
    // Cut short: refused, and the file is left as it was (not padded with NULs).
    std::fs::write(&phh, &bytes[..bytes.len() / 2]).unwrap();
    refused(
        &loki(&tournament_args(o, &["--phh", p, "--resume"])),
        "is not the history the checkpoint counted",
    );
    assert_eq!(
        std::fs::metadata(&phh).unwrap().len(),
        bytes.len() as u64 / 2
    );
    // Same length, one hand changed.
    let mut changed = bytes.clone();
    let at = bytes.len() / 3;
    changed[at] = if changed[at] == b'1' { b'2' } else { b'1' };
    std::fs::write(&phh, &changed).unwrap();
    refused(
        &loki(&tournament_args(o, &["--phh", p, "--resume"])),
        "and they differ",
    );
    // The file as written, with more after it (hands written after the checkpoint): the
    // resume cuts it back and goes on.
    let mut longer = bytes.clone();
    longer.extend_from_slice(b"\n[more]\n");
    std::fs::write(&phh, &longer).unwrap();
    ok(loki(&tournament_args(o, &["--phh", p, "--resume"])));
    assert_eq!(std::fs::read(&phh).unwrap(), bytes);
}

#[test]
fn edited_checkpoints_and_shards_are_refused() {
    let dir = tmp("tamper");
    let out = dir.join("t");
    let o = out.to_str().unwrap();
    ok(loki(&tournament_args(o, &[])));
    let ck = out.join("checkpoint.json");
    let good = std::fs::read(&ck).unwrap();
    let edit = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v: serde_json::Value = serde_json::from_slice(&good).unwrap();
        f(&mut v);
        std::fs::write(&ck, v.to_string()).unwrap();
    };
    // +1000 to one seat of one deal.
    edit(&|v| {
        let x = &mut v["matches"][0]["ledger"]["net"][3][0];
        *x = (x.as_i64().unwrap() + 1000).into();
    });
    refused(&loki(&tournament_args(o, &["--resume"])), "corrupt");
    // +1000 and -1000: the deal still sums to zero, the digest catches it.
    edit(&|v| {
        let x = &mut v["matches"][0]["ledger"]["net"][3][0];
        *x = (x.as_i64().unwrap() + 1000).into();
        let y = &mut v["matches"][0]["ledger"]["net"][3][1];
        *y = (y.as_i64().unwrap() - 1000).into();
    });
    refused(&loki(&tournament_args(o, &["--resume"])), "digest");
    std::fs::write(&ck, &good).unwrap();
    ok(loki(&tournament_args(o, &["--resume"])));

    // Shards: two shards merge; one number edited in one of them is refused, whether the
    // deal still sums to zero or not.
    let s0 = dir.join("s0");
    let s1 = dir.join("s1");
    ok(loki(&tournament_args(
        s0.to_str().unwrap(),
        &["--shard", "0/2"],
    )));
    ok(loki(&tournament_args(
        s1.to_str().unwrap(),
        &["--shard", "1/2"],
    )));
    let merged = dir.join("m");
    let merge = || {
        loki(&[
            "merge",
            s0.to_str().unwrap(),
            s1.to_str().unwrap(),
            "--out",
            merged.to_str().unwrap(),
        ])
    };
    ok(merge());
    let f = s1.join("shard-1-of-2.json");
    let good = std::fs::read(&f).unwrap();
    let mut v: serde_json::Value = serde_json::from_slice(&good).unwrap();
    let x = &mut v["matches"][0]["ledger"]["net"][5][0];
    *x = (x.as_i64().unwrap() + 4).into();
    std::fs::write(&f, v.to_string()).unwrap();
    refused(&merge(), "digest");
    // Sealed again by someone who knows how: the deal no longer sums to zero.
    let mut s: loki_sim::ShardResult = serde_json::from_value(v).unwrap();
    s.seal();
    std::fs::write(&f, serde_json::to_string(&s).unwrap()).unwrap();
    refused(&merge(), "do not sum to zero");
}

#[test]
fn resume_needs_a_checkpoint_and_a_rerun_does_not_overwrite_one() {
    let dir = tmp("resume");
    let out = dir.join("t");
    let o = out.to_str().unwrap();
    refused(&loki(&tournament_args(o, &["--resume"])), "no checkpoint");
    assert!(!out.join("results.json").exists());
    ok(loki(&tournament_args(o, &[])));
    let before = std::fs::read(out.join("checkpoint.json")).unwrap();
    refused(&loki(&tournament_args(o, &[])), "--force");
    assert_eq!(std::fs::read(out.join("checkpoint.json")).unwrap(), before);
    ok(loki(&tournament_args(o, &["--force"])));
    // A resumed shard counts all its hands (shard 0 of 2 holds one of the 3 tables: 50
    // deals, 50 hands, none played again).
    let s = dir.join("s");
    let so = s.to_str().unwrap();
    ok(loki(&tournament_args(so, &["--shard", "0/2"])));
    let o = ok(loki(&tournament_args(so, &["--shard", "0/2", "--resume"])));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains(", 50 hands (0 played now"), "{text}");
}

/// A fake dealer: sends `lines`, then closes the connection (as a crashed dealer's
/// socket does).
fn fake_dealer(lines: &'static [&'static str]) -> (u16, std::thread::JoinHandle<()>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let t = std::thread::spawn(move || {
        let (s, _) = listener.accept().unwrap();
        let mut r = BufReader::new(s.try_clone().unwrap());
        let mut version = String::new();
        r.read_line(&mut version).unwrap();
        let mut w = s;
        for l in lines {
            // (A client that gave up closes its end: writes may fail.)
            let _ = w.write_all(format!("{l}\r\n").as_bytes());
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    });
    (port, t)
}

fn client(port: u16) -> Output {
    client_with(port, &["--no-profiles"])
}

fn client_with(port: u16, extra: &[&str]) -> Output {
    let port = port.to_string();
    let mut args = vec!["acpc", "client", "--port", &port, "--player", "BPM"];
    args.extend_from_slice(extra);
    loki(&args)
}

const ONE_HAND: &[&str] = &["MATCHSTATE:0:0::7d3d|", "MATCHSTATE:0:0:f:7d3d|"];

#[test]
fn a_match_cut_off_mid_hand_is_not_a_finished_match() {
    // One whole hand (the other seat folds), then the dealer goes away: a finished match.
    let (port, t) = fake_dealer(&["MATCHSTATE:0:0::7d3d|", "MATCHSTATE:0:0:f:7d3d|"]);
    let o = client(port);
    t.join().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("1 hands"), "{}", stderr(&o));
    // One whole hand, then the next one begins and the dealer goes away mid-hand.
    let (port, t) = fake_dealer(&[
        "MATCHSTATE:0:0::7d3d|",
        "MATCHSTATE:0:0:f:7d3d|",
        "MATCHSTATE:1:1::|3d3h",
    ]);
    let o = client(port);
    t.join().unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("cut off"), "{err}");
    assert!(err.contains("after 1 finished hands"), "{err}");
}

#[test]
fn a_huge_argument_is_quoted_short() {
    let huge = "x".repeat(130_000);
    for args in [
        vec!["tournament", "--shard", huge.as_str()],
        vec![
            "tournament",
            "--players",
            huge.as_str(),
            "--out",
            "/nonexistent/x",
        ],
        vec!["eval", huge.as_str()],
    ] {
        let o = loki(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{}", &err[..err.len().min(300)]);
        assert!(err.len() < 600, "{} bytes: {}", err.len(), &err[..300]);
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
}

#[test]
fn numbers_out_of_range_are_refused_before_any_work() {
    let dir = tmp("bounds");
    let out = dir.join("t");
    let o = out.to_str().unwrap();
    for (args, want) in [
        (
            vec!["tournament", "--hands", "18446744073709551615", "--out", o],
            "--hands",
        ),
        (vec!["tournament", "--hands", "0", "--out", o], "--hands"),
        (
            vec!["tournament", "--threads", "0", "--out", o],
            "--threads",
        ),
        (
            vec!["tournament", "--threads", "10000", "--out", o],
            "--threads",
        ),
        (
            vec![
                "acpc",
                "match",
                "--players",
                "BPM,BPT",
                "--hands",
                "4294967296",
            ],
            "--hands",
        ),
        (
            vec![
                "acpc",
                "match",
                "--players",
                "BPM,BPT",
                "--hands",
                "18446744073709551615",
            ],
            "--hands",
        ),
        (
            vec![
                "acpc",
                "dealer",
                "--game",
                "holdem.limit.2p.reverse_blinds",
                "--hands",
                "4294967297",
                "--seed",
                "1",
                "a",
                "b",
            ],
            "--hands",
        ),
        (
            vec!["irc", "eval", "--resamples", "18446744073709551615"],
            "--resamples",
        ),
        (
            vec!["simulate", "--players", "call,raise", "--hands", "0"],
            "--hands",
        ),
    ] {
        refused(&loki(&args), want);
    }
    assert!(!out.exists(), "nothing was started");
}

#[test]
fn an_unwritable_out_is_found_before_the_work() {
    let dir = tmp("out");
    let folder = dir.to_str().unwrap();
    let started = std::time::Instant::now();
    // --out is a folder: refused at once (the work would take many minutes).
    refused(
        &loki(&["income-rates", "--seats", "10", "--out", folder, "--quiet"]),
        "cannot write",
    );
    refused(
        &loki(&[
            "frequencies",
            "--hands",
            "1000000000",
            "--out",
            folder,
            "--quiet",
        ]),
        "cannot write",
    );
    // Not a timing assertion of speed, only of not doing a billion hands.
    assert!(started.elapsed().as_secs() < 60);
}

#[test]
fn a_list_after_a_colon_reads_as_one_sentence() {
    // clap lists the missing arguments on the lines after its colon: joined with a
    // space, not as a "; " item of their own ("provided:; --position").
    let o = loki(&["advise", "--seats", "2", "--hole", "AsKs"]);
    refused(
        &o,
        "the following required arguments were not provided: --position <POSITION> (see --help)",
    );
    assert!(!stderr(&o).contains(":;"), "{}", stderr(&o));
    // A seat count out of range says what it needs and what it got, not "1 players".
    let o = loki(&["acpc", "match", "--players", "SOM", "--hands", "10"]);
    refused(&o, "a game needs 2 to 10 players, got 1");
}

#[test]
fn one_cause_is_one_line_once() {
    let dir = tmp("twice");
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "[model\nwindow = 3\n").unwrap();
    let b = bad.to_str().unwrap();
    let out = dir.join("t");
    for args in [
        vec!["config", "--config", b],
        vec!["players", "--config", b],
        vec!["tournament", "--config", b, "--out", out.to_str().unwrap()],
        vec![
            "advise",
            "--seats",
            "2",
            "--position",
            "1",
            "--hole",
            "AdQc",
            "--config",
            b,
        ],
    ] {
        let o = loki(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?} {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?} {err}");
        assert_eq!(err.matches("TOML parse error").count(), 1, "{args:?} {err}");
    }
    // A port in use.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let o = loki(&[
        "acpc",
        "dealer",
        "--game",
        "holdem.limit.2p.reverse_blinds",
        "--hands",
        "10",
        "--seed",
        "1",
        "--port",
        &format!("{port},0"),
        "a",
        "b",
    ]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.matches("in use").count(), 1, "{err}");
}

#[test]
fn history_check_checks_every_file_and_folder() {
    let dir = tmp("check");
    let sub = dir.join("a/b");
    std::fs::create_dir_all(&sub).unwrap();
    let good = sub.join("good.phhs");
    ok(loki(&[
        "simulate",
        "--players",
        "call,raise",
        "--hands",
        "5",
        "--phh",
        good.to_str().unwrap(),
    ]));
    let text = std::fs::read_to_string(&good).unwrap();
    // A bad hand: one action changed to an impossible one.
    let bad = dir.join("bad.phhs");
    std::fs::write(&bad, text.replacen("cbr", "xyz", 1)).unwrap();
    let missing = dir.join("missing.phhs");
    let o = loki(&[
        "history",
        "check",
        missing.to_str().unwrap(),
        bad.to_str().unwrap(),
        dir.join("a").to_str().unwrap(),
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{out} {err}");
    assert!(err.contains("missing.phhs"), "{err}");
    assert!(out.contains("good.phhs: 5 hands replay, 0 bad"), "{out}");
    assert!(out.contains("bad.phhs:"), "{out}");
    // Without the unreadable file: 1 for the bad hand.
    let o = loki(&[
        "history",
        "check",
        bad.to_str().unwrap(),
        dir.join("a").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
}

#[test]
fn a_no_limit_phh_file_says_its_variant() {
    let dir = tmp("variant");
    let f = dir.join("nl.phh");
    std::fs::write(
        &f,
        "variant = \"NT\"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [200, 200]\nactions = [\"d dh p1 AsKs\", \"d dh p2 7d2c\", \"p2 f\"]\n",
    )
    .unwrap();
    let o = loki(&["history", "check", f.to_str().unwrap()]);
    let all = format!("{}{}", String::from_utf8_lossy(&o.stdout), stderr(&o));
    assert!(
        all.contains("\"NT\" is not fixed-limit Texas hold'em"),
        "{all}"
    );
    assert!(!all.contains("small_bet"), "{all}");
}

#[test]
fn profile_files_are_made_only_by_a_client_that_plays() {
    let dir = tmp("profiles");
    // Nobody listens on the port: no database is created.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let db = dir.join("p.sqlite3");
    let o = client_with(
        port,
        &["--names", "a,b", "--profiles", db.to_str().unwrap()],
    );
    refused(&o, "cannot connect");
    assert!(!db.exists());
    // The folder of --profiles is a file: said so.
    let afile = dir.join("afile");
    std::fs::write(&afile, "x").unwrap();
    let (port, t) = fake_dealer(ONE_HAND);
    let inside = afile.join("p.sqlite3");
    let o = client_with(
        port,
        &["--names", "a,b", "--profiles", inside.to_str().unwrap()],
    );
    t.join().unwrap();
    refused(&o, "is a file, not a folder");
    // `irc eval --model list` needs no database.
    let o = ok(loki(&["irc", "eval", "--model", "list"]));
    assert!(!o.stdout.is_empty());
}

#[test]
fn a_client_without_names_saves_no_profiles() {
    let dir = tmp("names");
    let db = dir.join("p.sqlite3");
    let (port, t) = fake_dealer(ONE_HAND);
    let o = client_with(port, &["--profiles", db.to_str().unwrap()]);
    t.join().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!db.exists(), "profiles keyed by `seat N` were saved");
    // With names, the opponent's hand is saved under its name.
    let (port, t) = fake_dealer(ONE_HAND);
    let o = client_with(
        port,
        &["--names", "me,villain", "--profiles", db.to_str().unwrap()],
    );
    t.join().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = ok(loki(&[
        "profiles",
        "list",
        "--profiles",
        db.to_str().unwrap(),
    ]));
    let list = String::from_utf8_lossy(&o.stdout);
    assert!(list.contains("villain"), "{list}");
}

/// Plays one 3-seat match of `hands` hands through `loki acpc dealer`: seats A and B are
/// `loki acpc client`s that share the profile store `db`, seat C a client without
/// profiles.
fn three_seat_match(db: &str, hands: &str) {
    let mut dealer = Command::new(env!("CARGO_BIN_EXE_loki"))
        .args(["acpc", "dealer", "--start-timeout", "60000", "-q"])
        .args(["--game", "holdem.limit.3p", "--hands", hands, "--seed", "7"])
        .args(["A", "B", "C"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(dealer.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    let ports: Vec<String> = first.split_whitespace().map(str::to_string).collect();
    assert_eq!(ports.len(), 3, "{first}");
    let spawn = |port: &str, extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_loki"))
            .args(["acpc", "client", "--port", port, "--player", "BPM"])
            .args(extra)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let with_profiles = ["--names", "A,B,C", "--profiles", db];
    let clients = [
        spawn(&ports[0], &with_profiles),
        spawn(&ports[1], &with_profiles),
        spawn(&ports[2], &["--no-profiles"]),
    ];
    for c in clients {
        let o = c.wait_with_output().unwrap();
        assert!(o.status.success(), "{}", stderr(&o));
    }
    assert!(dealer.wait().unwrap().success());
}

#[test]
fn two_clients_of_one_match_count_each_hand_once() {
    let dir = tmp("once");
    let db = dir.join("p.sqlite3");
    let db = db.to_str().unwrap();
    let hands = |want: u64| {
        let o = ok(loki(&["profiles", "list", "--profiles", db]));
        let list = String::from_utf8_lossy(&o.stdout).into_owned();
        // A and B each watch the other (one count per hand), both watch C.
        for name in ["A", "B", "C"] {
            let line = list
                .lines()
                .find(|l| l.split_whitespace().next() == Some(name))
                .unwrap_or_else(|| panic!("{name} missing: {list}"));
            assert!(
                line.split_whitespace().any(|w| w == want.to_string()),
                "{name} should have {want} hands: {list}"
            );
        }
    };
    three_seat_match(db, "60");
    hands(60);
    // The same match again (same deal, same players): 60 new hands, not duplicates.
    three_seat_match(db, "60");
    hands(120);
}

#[test]
fn history_check_reads_the_game_from_an_acpc_log() {
    let dir = tmp("game");
    let log = dir.join("m.log");
    // The log of our dealer names its game (blinds 5,10, bets 10,20).
    ok(loki(&[
        "acpc",
        "match",
        "--players",
        "BPM,BPT",
        "--hands",
        "30",
        "-q",
        "--log",
        log.to_str().unwrap(),
    ]));
    let o = loki(&["history", "check", log.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out} {}", stderr(&o));
    assert!(out.contains("30 hands replay, 0 bad"), "{out}");
    // simulate's logs name their own stakes and replay as they are, also with other stakes.
    let sim = dir.join("s.log");
    ok(loki(&[
        "simulate",
        "--players",
        "call,raise,random",
        "--hands",
        "20",
        "--stakes",
        "10/20",
        "--acpc-log",
        sim.to_str().unwrap(),
    ]));
    let o = loki(&["history", "check", sim.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out} {}", stderr(&o));
    assert!(out.contains("20 hands replay, 0 bad"), "{out}");
}

/// `history check` on `path`: exit 0 and `hands` hands that replay.
fn checks_clean(path: &std::path::Path, hands: usize) {
    let o = loki(&["history", "check", path.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out} {}", stderr(&o));
    assert!(
        out.contains(&format!("{hands} hands replay, 0 bad")),
        "{out}"
    );
}

#[test]
fn loki_s_own_phh_with_unknown_cards_passes_its_checker() {
    let dir = tmp("unknown");
    // An IRC export writes the cards nobody saw as `????` (PHH's unknown cards).
    let irc = dir.join("irc.phhs");
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../irc/tests/data/rootA");
    ok(loki(&[
        "irc",
        "export",
        "--phh",
        irc.to_str().unwrap(),
        root,
    ]));
    let text = std::fs::read_to_string(&irc).unwrap();
    assert!(text.contains("????"), "{text}");
    checks_clean(&irc, 3);
    // `history convert` carries them through as they are, and an ACPC log, which states
    // every card, refuses them in one line without making the file.
    let back = dir.join("back.phhs");
    ok(loki(&[
        "history",
        "convert",
        irc.to_str().unwrap(),
        back.to_str().unwrap(),
    ]));
    let converted = std::fs::read_to_string(&back).unwrap();
    let without_seats: Vec<&str> = converted
        .lines()
        .filter(|l| !l.starts_with("seats = "))
        .collect();
    assert_eq!(without_seats, text.lines().collect::<Vec<_>>());
    let log = dir.join("irc.log");
    let o = loki(&[
        "history",
        "convert",
        irc.to_str().unwrap(),
        log.to_str().unwrap(),
    ]);
    assert_ne!(o.status.code(), Some(0));
    assert_eq!(stderr(&o).trim_end().lines().count(), 1, "{}", stderr(&o));
    assert!(stderr(&o).contains("unknown cards"), "{}", stderr(&o));
    assert!(!log.exists());
    // A showdown where a holding stays unknown replays: everything but who won is checked.
    let line = text
        .lines()
        .find(|l| l.contains(" sm ") && !l.contains("????"))
        .expect("a shown holding");
    let cards = line
        .trim()
        .trim_end_matches("\",")
        .rsplit(' ')
        .next()
        .unwrap();
    let f = dir.join("unshown.phhs");
    std::fs::write(&f, text.replace(line, &line.replace(cards, "????"))).unwrap();
    checks_clean(&f, 3);
    // A tournament's and simulate's PHH pass too.
    let out = dir.join("t");
    let phh = dir.join("t.phhs");
    ok(loki(&tournament_args(
        out.to_str().unwrap(),
        &["--phh", phh.to_str().unwrap()],
    )));
    checks_clean(&phh, 150);
    let sim = dir.join("s.phhs");
    ok(loki(&[
        "simulate",
        "--players",
        "call,raise,random",
        "--hands",
        "20",
        "--phh",
        sim.to_str().unwrap(),
    ]));
    checks_clean(&sim, 20);
}

#[test]
fn stakes_is_the_shorthand_of_blinds_and_bets() {
    let dir = tmp("stakes");
    let a = dir.join("a.phhs");
    let b = dir.join("b.phhs");
    let run = |p: &PathBuf, game: &[&str]| {
        let mut args = vec!["simulate", "--players", "call,raise", "--hands", "10"];
        args.extend_from_slice(game);
        args.extend_from_slice(&["--phh", p.to_str().unwrap()]);
        ok(loki(&args));
    };
    run(&a, &["--stakes", "2/4"]);
    run(&b, &["--blinds", "1,2", "--bets", "2,4"]);
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    refused(
        &loki(&["simulate", "--players", "call,raise", "--stakes", "3/6"]),
        "the small bet must be even",
    );
}

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn one_progress_bar_style_everywhere() {
    // Only crates/cli/src/progress.rs builds a bar style: every command's bar is the one
    // with whole-number rates ("668/s"); `loki exploit` drew its own with indicatif's
    // "{per_sec}" ("668.5509/s").
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    for dir in std::fs::read_dir(root.join("crates")).unwrap() {
        let src = dir.unwrap().path().join("src");
        if src.is_dir() {
            rust_files(&src, &mut files);
        }
    }
    let own: Vec<String> = files
        .iter()
        .filter(|f| !f.ends_with("cli/src/progress.rs"))
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            text.contains("ProgressStyle") || text.contains("per_sec}")
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(own.is_empty(), "bars of their own: {own:?}");
    // The one bar is quiet with -q in every command that draws it.
    for cmd in [
        &["tournament"][..],
        &["acpc", "match"],
        &["frequencies"],
        &["income-rates"],
        &["irc", "eval"],
        &["exploit"],
    ] {
        let mut args = cmd.to_vec();
        args.push("--help");
        let help = String::from_utf8(ok(loki(&args)).stdout).unwrap();
        assert!(help.contains("-q, --quiet"), "{cmd:?}: {help}");
    }
}

/// `loki ARGS --help` (stdout).
fn help(args: &[&str]) -> String {
    let mut v = args.to_vec();
    v.push("--help");
    String::from_utf8(ok(loki(&v)).stdout).unwrap()
}

#[test]
fn players_have_the_bots_alias_everywhere() {
    for cmd in [
        &["tournament"][..],
        &["simulate"],
        &["frequencies"],
        &["acpc", "match"],
        &["play"],
        &["serve"],
    ] {
        let h = help(cmd);
        assert!(
            h.contains("--players <PLAYERS>") && h.contains("alias: --bots"),
            "{cmd:?}: {h}"
        );
    }
    let a = ok(loki(&["simulate", "--bots", "call,raise", "--hands", "5"]));
    let b = ok(loki(&[
        "simulate",
        "--players",
        "call,raise",
        "--hands",
        "5",
    ]));
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn blinds_alone_mean_the_same_in_every_command() {
    // --blinds 2,4 alone: bets of the big blind and twice it, as in play and serve (it
    // used to keep simulate's default bets 2,4).
    let dir = tmp("blinds");
    let run = |name: &str, game: &[&str]| {
        let p = dir.join(name);
        let mut args = vec!["simulate", "--players", "call,raise", "--hands", "10"];
        args.extend_from_slice(game);
        args.extend_from_slice(&["--phh", p.to_str().unwrap()]);
        ok(loki(&args));
        std::fs::read(p).unwrap()
    };
    assert_eq!(
        run("a.phhs", &["--blinds", "2,4"]),
        run("b.phhs", &["--stakes", "4/8"])
    );
    assert_eq!(
        run("c.phhs", &["--bets", "4,8"]),
        run("d.phhs", &["--stakes", "4/8"])
    );
}

#[test]
fn seeds_default_to_1998_or_say_why_not() {
    for cmd in [
        &["tournament"][..],
        &["simulate"],
        &["frequencies"],
        &["income-rates"],
        &["exploit"],
        &["acpc", "match"],
        &["acpc", "client"],
        &["irc", "eval"],
    ] {
        let h = help(cmd);
        assert!(h.contains("[default: 1998]"), "{cmd:?}: {h}");
    }
    assert!(help(&["advise"]).contains("Default 0, not the 1998"));
    assert!(help(&["play"]).contains("(default: a random one)"));
    assert!(help(&["acpc", "dealer"]).contains("required, with no default"));
}

#[test]
fn negative_numbers_are_values_with_their_range() {
    refused(
        &loki(&["tournament", "--hands", "-5", "--out", "/nonexistent/x"]),
        "-5 is not in 1..=1000000000",
    );
    refused(
        &loki(&["simulate", "--players", "call,raise", "--hands", "-5"]),
        "-5 is not in 1..=10000000",
    );
    refused(
        &loki(&["exploit", "--player", "BPM", "--threads", "-1"]),
        "-1 is not in 1..=256",
    );
    refused(
        &loki(&["simulate", "--players", "call,raise", "--seed", "-1"]),
        "--seed <SEED>': it takes a whole number of 0 or more",
    );
}

#[test]
fn the_dealer_takes_its_ports_as_it_prints_them() {
    let free = || {
        std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port()
    };
    let line = format!("{} {}", free(), free());
    let o = loki(&[
        "acpc",
        "dealer",
        "--game",
        "holdem.limit.2p.reverse_blinds",
        "--hands",
        "1",
        "--seed",
        "1",
        "--start-timeout",
        "50",
        "-q",
        "--port",
        &line,
        "a",
        "b",
    ]);
    let printed = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        printed.lines().next(),
        Some(line.as_str()),
        "{}",
        stderr(&o)
    );
    refused(
        &loki(&[
            "acpc",
            "dealer",
            "--game",
            "holdem.limit.3p",
            "--hands",
            "1",
            "--seed",
            "1",
            "--port",
            "0 x",
            "a",
            "b",
            "c",
        ]),
        "'x' is not a port",
    );
}

#[test]
fn quiet_leaves_stderr_empty() {
    let dir = tmp("quiet");
    let out = dir.join("t");
    let o = ok(loki(&[
        "tournament",
        "--players",
        "BPM,BPT",
        "--hands",
        "20",
        "-q",
        "--out",
        out.to_str().unwrap(),
    ]));
    assert!(o.stderr.is_empty(), "{}", stderr(&o));
    let f = ok(loki(&[
        "frequencies",
        "--players",
        "3*GOM",
        "--hands",
        "30",
        "--tables",
        "1",
        "--iterations",
        "2",
        "-q",
    ]));
    assert!(f.stderr.is_empty(), "{}", stderr(&f));
}
