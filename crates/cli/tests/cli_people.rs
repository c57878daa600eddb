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
    let d = std::env::temp_dir().join(format!("loki-cli-people-{}-{name}", std::process::id()));
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
    assert!(out.contains("hands played"), "{out}");
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
