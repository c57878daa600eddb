//! `loki play` (the terminal game, over a pipe) and `loki serve` (the web server) through
//! the real binary: hands played line by line, the model view on request, refusals,
//! the person's profile saved and found again; the server's address line, its page, and
//! the clear errors of bad options.
#![allow(missing_docs)]
mod common;
use common::loki;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn tmp(name: &str) -> PathBuf {
    let d = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("loki-cli-people-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs `loki play ARGS` with `input` on its standard input.
fn play(args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_loki"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn play_in_the_terminal_over_a_pipe() {
    let dir = tmp("play");
    let db = dir.join("people.sqlite3");
    let db = db.to_str().unwrap();
    let args = [
        "--seats",
        "3",
        "--bots",
        "SOM,call",
        "--seed",
        "4",
        "--name",
        "Ann",
        "--profiles",
        db,
        "--hands",
        "3",
    ];
    // Calls all the way, with a look at the model, a bad word and a fold attempt.
    let input = "m\nxyz\n".to_string() + &"c\n\n".repeat(60);
    let (ok, out, err) = play(&args, &input);
    assert!(ok, "{err}");
    assert!(out.contains("they have not met you"), "{out}");
    assert!(
        out.contains("-- hand 1,") && out.contains("-- hand 3,"),
        "{out}"
    );
    assert!(!out.contains("-- hand 4,"), "stops after 3 hands");
    assert!(out.contains("your turn: "), "{out}");
    assert!(
        out.contains("SOM (SOM)") && out.contains("about Ann"),
        "the model view: {out}"
    );
    assert!(out.contains("unknown command \"xyz\""), "{out}");
    assert!(out.contains("result: "), "{out}");
    assert!(out.contains("3 hands played"), "{out}");
    // The profile: three hands of Ann's; the next session knows her.
    let shown = loki(&["profiles", "--profiles", db, "show", "Ann", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&shown.stdout).unwrap();
    assert_eq!(v["hands"], 3);
    let (ok, out, _) = play(&args, "q\n");
    assert!(ok);
    assert!(out.contains("they remember you"), "{out}");
    // A refused action says why and changes nothing; the end of the input ends the game.
    let (ok, out, _) = play(
        &[
            "--seats",
            "2",
            "--bots",
            "raise",
            "--seed",
            "1",
            "--no-profiles",
        ],
        &"r\n".repeat(12),
    );
    assert!(ok);
    assert!(
        out.contains("refused: raise is not allowed now: the raise cap is reached"),
        "{out}"
    );
    assert!(out.contains(" played, "), "{out}");
    // --model prints the model view before each turn, unasked.
    let (ok, out, _) = play(
        &[
            "--seats",
            "2",
            "--bots",
            "SOM",
            "--seed",
            "2",
            "--no-profiles",
            "--model",
        ],
        "c\nc\nq\n",
    );
    assert!(ok);
    let first_prompt = out.find("your turn").unwrap();
    assert!(out[..first_prompt].contains("about player"), "{out}");
}

#[test]
fn play_refuses_bad_options_with_one_line() {
    for (args, needle) in [
        (
            vec!["play", "--no-profiles", "--bots", "nobody"],
            "unknown player",
        ),
        (
            vec!["play", "--no-profiles", "--stakes", "4/2"],
            "bad stakes",
        ),
        (
            vec!["play", "--no-profiles", "--seats", "11"],
            "2 to 10 seats",
        ),
        (vec!["play", "--no-profiles", "--name", "<b>"], "bad name"),
        (
            vec![
                "play",
                "--no-profiles",
                "--seats",
                "3",
                "--bots",
                "SOM,GOM,BPM",
            ],
            "3 bots for 2 free seats",
        ),
        (
            vec!["serve", "--no-profiles", "--bots", "nobody", "--port", "0"],
            "unknown player",
        ),
        (
            vec!["serve", "--no-profiles", "--stakes", "x", "--port", "0"],
            "bad stakes",
        ),
    ] {
        let out = loki(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn serve_prints_its_address_and_serves_the_page() {
    let dir = tmp("serve");
    let mut child = Command::new(env!("CARGO_BIN_EXE_loki"))
        .args(["serve", "--port", "0", "--seed", "1", "--profiles"])
        .arg(dir.join("p.sqlite3"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let addr = first
        .trim()
        .strip_prefix("loki serve: http://")
        .and_then(|s| s.split('/').next())
        .unwrap_or_else(|| panic!("{first}"))
        .to_string();
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");
    let mut s = std::net::TcpStream::connect(&addr).unwrap();
    write!(
        s,
        "GET / HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut page = String::new();
    s.read_to_string(&mut page).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<script src=\"/app.js\">"), "{page}");
}

/// Runs `loki play ARGS` with `input` and extra environment variables.
fn play_env(
    args: &[&str],
    input: &str,
    env: &[(&str, &std::path::Path)],
) -> (bool, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_loki"));
    cmd.arg("play").args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_terminal_helps_shows_the_pot_and_asks_before_quitting_a_hand() {
    let dir = tmp("terminal");
    let db = dir.join("people.sqlite3");
    let db = db.to_str().unwrap();
    let base = [
        "--seats",
        "3",
        "--players",
        "raise,call",
        "--seed",
        "7",
        "--name",
        "Ann",
        "--profiles",
        db,
    ];
    // `?` and `help` list the commands; the prompt names the pot.
    let (ok, out, err) = play(&base, "?\nhelp\nq\ny\n");
    assert!(ok, "{err}");
    assert_eq!(
        out.matches("k = check only").count(),
        3,
        "greeting, ? and help: {out}"
    );
    let prompt = out.lines().find(|l| l.contains("your turn:")).unwrap();
    assert!(prompt.starts_with("pot "), "{prompt}");
    // `q` in the middle of a hand asks; `n` goes on, `y` plays the hand out, and it
    // counts in the summary and the profile.
    assert!(out.contains("a hand is in progress"), "{out}");
    assert!(out.contains("hands left in the middle: 1"), "{out}");
    assert!(out.contains("Ann: 1 hand, -"), "the blind is lost: {out}");
    let shown = loki(&["profiles", "--profiles", db, "show", "Ann", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&shown.stdout).unwrap();
    assert_eq!(v["hands"], 1);
    let (ok, out, _) = play(&base, "q\nn\nc\nq\ny\n");
    assert!(ok);
    assert_eq!(out.matches("Quit? [y/N]").count(), 2, "{out}");
    assert!(out.contains("Ann calls"), "n went on: {out}");
    // The end of the input in the middle of a hand plays it out too.
    let (ok, out, _) = play(&base, "");
    assert!(ok);
    assert!(out.contains("played out as check or fold"), "{out}");
    let v: serde_json::Value = serde_json::from_slice(
        &loki(&["profiles", "--profiles", db, "show", "Ann", "--json"]).stdout,
    )
    .unwrap();
    assert_eq!(v["hands"], 3);
}

#[test]
fn the_terminal_names_its_file_once_and_prints_cards_one_way() {
    let dir = tmp("named");
    let db = dir.join("people.sqlite3");
    let args = [
        "--seats",
        "2",
        "--players",
        "call",
        "--seed",
        "3",
        "--name",
        "Ann",
        "--hands",
        "3",
        "--profiles",
        db.to_str().unwrap(),
    ];
    let (ok, out, err) = play(&args, &"c\n\n".repeat(40));
    assert!(ok, "{err}");
    let named = format!("your statistics are kept in {}", db.display());
    assert_eq!(out.matches(&named).count(), 1, "{out}");
    // The cards dealt to the person read the same in the log and on the table.
    for line in out.lines().filter(|l| l.contains("you are dealt ")) {
        let cards = line.rsplit(' ').next().unwrap();
        assert_eq!(cards.len(), 4, "{line}");
        assert!(
            out.lines()
                .any(|l| l.contains("seat 0 Ann") && l.contains(cards)),
            "{cards}: {out}"
        );
    }
    // Results in words, with the hand's name.
    assert!(out.contains("*** "), "{out}");
}

#[test]
fn stakes_are_refused_or_played_as_given() {
    for (args, needle) in [
        (
            vec!["play", "--no-profiles", "--stakes", "3/5"],
            "must be even",
        ),
        (
            vec![
                "play",
                "--no-profiles",
                "--stakes",
                "2/4",
                "--blinds",
                "1,2",
            ],
            "shorthand",
        ),
        (
            vec!["play", "--no-profiles", "--hands", "0"],
            "'--hands <HANDS>': 0 is not in 1..=1000000",
        ),
        (vec!["play", "--no-profiles", "--name", "SOM"], "is a bot's"),
        (
            vec!["serve", "--no-profiles", "--max-tables", "0", "--port", "0"],
            "'--max-tables <MAX_TABLES>': 0 is not in 1..=100000",
        ),
        (
            vec!["serve", "--no-profiles", "--stakes", "3/5", "--port", "0"],
            "must be even",
        ),
        (
            vec![
                "serve",
                "--no-profiles",
                "--header-timeout",
                "0",
                "--port",
                "0",
            ],
            "'--header-timeout <HEADER_TIMEOUT>': 0 is not in 1..=3600",
        ),
    ] {
        let out = loki(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // --blinds and --bets play what they say.
    let (ok, out, _) = play(
        &[
            "--no-profiles",
            "--seats",
            "2",
            "--players",
            "call",
            "--blinds",
            "1,3",
            "--bets",
            "3,5",
            "--seed",
            "1",
            "--hands",
            "1",
        ],
        &"c\n".repeat(10),
    );
    assert!(ok);
    assert!(out.contains("stakes 3/5 (blinds 1/3)"), "{out}");
    assert!(out.contains("posts 3"), "{out}");
    // The old spelling --bots still works.
    let (ok, _, err) = play(
        &[
            "--no-profiles",
            "--bots",
            "call",
            "--seats",
            "2",
            "--hands",
            "1",
        ],
        "c\nc\nc\nc\n",
    );
    assert!(ok, "{err}");
}

#[test]
fn people_have_their_own_default_store() {
    let dir = tmp("xdg");
    let (ok, out, err) = play_env(
        &[
            "--seats",
            "2",
            "--players",
            "call",
            "--seed",
            "2",
            "--name",
            "Ann",
            "--hands",
            "1",
        ],
        &"c\n".repeat(10),
        &[("XDG_DATA_HOME", &dir), ("HOME", &dir)],
    );
    assert!(ok, "{err}");
    let people = dir.join("loki").join("people.sqlite3");
    assert!(people.exists(), "{out}");
    assert!(!dir.join("loki").join("profiles.sqlite3").exists());
    assert!(out.contains(&people.display().to_string()), "{out}");
}

#[test]
fn serve_with_its_port_in_use_says_so_once() {
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = busy.local_addr().unwrap().port().to_string();
    let out = loki(&["serve", "--no-profiles", "--port", &port]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("port is in use"), "{err}");
    assert_eq!(err.matches("loki").count(), 1, "{err}");
}

#[test]
fn the_terminal_model_view_filters_to_you_and_explains_ties() {
    let args = [
        "--no-profiles",
        "--seats",
        "4",
        "--players",
        "SOM,LOKI2,call",
        "--seed",
        "11",
        "--name",
        "Ann",
    ];
    // `y`: only what the bots believe about Ann.
    let (ok, out, err) = play(
        &args, "y
q
y
",
    );
    assert!(ok, "{err}");
    assert!(out.contains("about Ann"), "{out}");
    assert!(
        !out.contains("about call") && !out.contains("about LOKI2"),
        "{out}"
    );
    // `m`: about everyone; a bot's rule waits for the end of the hand (no study mode).
    let (ok, out, _) = play(
        &args, "m
g
q
y
",
    );
    assert!(ok);
    assert!(out.contains("about call"), "{out}");
    let before_end = &out[..out.find("*** ").unwrap()];
    assert!(!before_end.contains(" by rule "), "{before_end}");
    // Ties in words, in the list and under the charts; the charts' legend says ties.
    assert!(out.contains("no holding stands out"), "{out}");
    assert!(
        out.contains("classes of equal weight get the same shade (ties)"),
        "{out}"
    );
    // In study mode the rule is there during the hand, and the summary counts it.
    let mut study = args.to_vec();
    study.push("--study");
    let (ok, out, _) = play(
        &study, "c
m
q
y
",
    );
    assert!(ok);
    let before_end = &out[..out.find("*** ").unwrap()];
    assert!(before_end.contains(" by rule "), "{out}");
    assert!(out.contains("study mode: on in 1 of 1 hands"), "{out}");
}
