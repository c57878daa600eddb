//! The `loki irc` contracts on the hand-written fixtures of `crates/irc/tests/data`, run
//! through the real binary.
#![allow(missing_docs)]
mod common;
use common::loki;
use std::path::PathBuf;

fn root(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../irc/tests/data")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn check_players_and_profile() {
    let (a, b) = (root("rootA"), root("rootB"));
    let o = loki(&["irc", "check", &a, &b, "--verbose"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(
        out.starts_with("8 hands read, 6 replayed, 2 skipped"),
        "{out}"
    );
    assert!(
        out.contains("hand 800000350: 2 pdb lines for 3 players"),
        "{out}"
    );
    let o = loki(&["irc", "players", &a, &b, "--json"]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v[0]["nick"], "alice");
    assert_eq!(v[5]["bot"], true);
    let o = loki(&["irc", "profile", &a, &b, "bob"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(
        out.contains("VPIP 40.0%  PFR 0.0%  AF 1.00  WTSD 33.3%  W$SD 100.0%"),
        "{out}"
    );
    let o = loki(&["irc", "profile", &a, &b, "bob", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["hands"], 5);
    assert_eq!(v["counts"][1][0], serde_json::json!([0, 2, 1]));
    let o = loki(&["irc", "profile", &a, "nobody"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn export_writes_the_expressible_hands() {
    let dir = std::env::temp_dir().join(format!("loki-cli-irc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let phh = dir.join("irc.phhs");
    let o = loki(&[
        "irc",
        "export",
        &root("rootA"),
        &root("rootB"),
        "--phh",
        phh.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(out.contains("5 hands written"), "{out}");
    assert!(out.contains("1  heads-up betting after the flop"), "{out}");
    let text = std::fs::read_to_string(&phh).unwrap();
    assert_eq!(text.matches("variant = \"FT\"").count(), 5);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn eval_json_has_every_model_and_key() {
    let o = loki(&[
        "irc",
        "eval",
        &root("rootA"),
        &root("rootB"),
        "--json",
        "--resamples",
        "20",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    for name in ["population", "per-player", "GOM", "SOM", "LOKI2", "SOM+ctx"] {
        let m = &v[name];
        for key in [
            "decisions",
            "bits_per_decision",
            "bits_per_decision_ci95",
            "accuracy",
            "accuracy_ci95",
            "showdown_pairs",
            "holecard_bits_gained",
            "holecard_bits_gained_ci95",
            "holecard_percentile",
            "holecard_percentile_ci95",
            "humans",
            "bots",
            "differences",
        ] {
            assert!(!m[key].is_null(), "{name}: {key}");
        }
        assert_eq!(m["decisions"], 34);
        assert_eq!(m["showdown_pairs"], 4);
    }
    assert!(v["SOM"]["differences"]["per-player"]["bits_per_decision"].is_number());
    // One model, scored from a time on.
    let o = loki(&[
        "irc",
        "eval",
        &root("rootA"),
        "--model",
        "per-player",
        "--score-from",
        "800000400",
        "--json",
        "--quiet",
        "--resamples",
        "10",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v.as_object().unwrap().len(), 1);
    assert_eq!(v["per-player"]["decisions"], 4);
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    let o = loki(&["irc", "eval", &root("rootA"), "--model", "nope", "--quiet"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("unknown model `nope`"), "{err}");
    let o = loki(&["irc", "players", "/nonexistent/irc"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("no holdem/YYYYMM folder"), "{err}");
    let o = loki(&["irc", "eval", &root("rootA"), "--model", "list"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("SOM+ctx"));
}
