//! The flop class cache file: a simulation and a tournament give the same results cold
//! (no file), writing the file, and reading it; a damaged file is ignored and replaced;
//! `loki cache show` and `clear`.
#![allow(missing_docs)]
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn loki_in(cache: &str, args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_loki"))
        .args(args)
        .env("LOKI_CACHE_DIR", cache)
        .env_remove("LOKI_CACHE_VERBOSE")
        .output()
        .expect("run loki");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("loki-cli-cache-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap()
}

#[test]
fn simulate_gives_the_same_hands_cold_and_from_the_file() {
    let dir = temp_dir("simulate");
    let cache = dir.join("cache");
    let cache = cache.to_str().unwrap();
    let file = Path::new(cache).join("flop-classes.bin");
    let run = |env: &str, extra: &[&str], phh: &str| {
        let phh = dir.join(phh);
        let mut args = vec![
            "simulate",
            "--players",
            "SOM,GOM,SOM",
            "--hands",
            "150",
            "--seed",
            "5",
            "--phh",
        ];
        args.push(phh.to_str().unwrap());
        args.extend_from_slice(extra);
        let out = loki_in(env, &args);
        (String::from_utf8(out.stdout).unwrap(), text(&phh))
    };
    let cold = run("off", &[], "cold.phhs");
    assert!(!file.exists(), "LOKI_CACHE_DIR=off writes nothing");
    let flag = run(cache, &["--no-class-cache"], "flag.phhs");
    assert!(!file.exists(), "--no-class-cache writes nothing");
    let first = run(cache, &[], "first.phhs");
    assert!(file.exists(), "the first run writes the file");
    let written = std::fs::read(&file).unwrap();
    let second = run(cache, &[], "second.phhs");
    assert_eq!(
        std::fs::read(&file).unwrap(),
        written,
        "nothing new: not rewritten"
    );
    assert_eq!(cold, flag);
    assert_eq!(cold, first);
    assert_eq!(
        cold, second,
        "the same hands with the classes read from the file"
    );

    // A damaged file: ignored (the same hands) and replaced by a good one.
    let mut bad = written.clone();
    let at = bad.len() / 2;
    bad[at] ^= 1;
    std::fs::write(&file, &bad).unwrap();
    let damaged = run(cache, &[], "damaged.phhs");
    assert_eq!(cold, damaged);
    assert_eq!(std::fs::read(&file).unwrap(), written, "rewritten whole");

    let show = loki_in(cache, &["cache", "show"]);
    let show = String::from_utf8(show.stdout).unwrap();
    assert!(show.contains("of 1755 classes"), "{show}");
    let clear = loki_in(cache, &["cache", "clear"]);
    assert!(String::from_utf8_lossy(&clear.stdout).contains("removed"));
    assert!(!file.exists());
    let show = loki_in(cache, &["cache", "show"]);
    assert!(String::from_utf8_lossy(&show.stdout).contains("no file"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_tournament_gives_the_same_results_cold_and_from_the_file() {
    let dir = temp_dir("tournament");
    let cache = dir.join("cache");
    let cache = cache.to_str().unwrap();
    let run = |env: &str, out: &str| {
        let out = dir.join(out);
        let o = loki_in(
            env,
            &[
                "tournament",
                "--players",
                "SOM,GOM,BPL",
                "--hands",
                "120",
                "--seed",
                "3",
                "--threads",
                "2",
                "--quiet",
                "--out",
                out.to_str().unwrap(),
            ],
        );
        (
            String::from_utf8(o.stdout).unwrap(),
            text(&out.join("results.json")),
        )
    };
    let cold = run("off", "cold");
    let first = run(cache, "first");
    assert!(Path::new(cache).join("flop-classes.bin").exists());
    let second = run(cache, "second");
    assert_eq!(cold, first);
    assert_eq!(cold, second);
    std::fs::remove_dir_all(&dir).unwrap();
}
