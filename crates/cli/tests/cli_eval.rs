//! The `loki eval` and `loki bench` contracts, run through the real binary.
#![allow(missing_docs)]
mod common;
use common::loki;

#[test]
fn eval_prints_best_five_and_category() {
    let o = loki(&["eval", "As", "Ks", "Qs", "Js", "Ts", "9h", "2c"]);
    assert!(o.status.success());
    assert_eq!(
        String::from_utf8_lossy(&o.stdout).trim(),
        "As Ks Qs Js Ts  (straight flush)"
    );
    let o = loki(&["eval", "AdQc3h4cJh", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["category"], "high card");
    assert_eq!(v["best"], serde_json::json!(["Ad", "Qc", "Jh", "4c", "3h"]));
    let o = loki(&["eval", "2c", "2d", "Kh", "Kc", "Kd", "9h"]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("full house"));
}

#[test]
fn eval_bad_input_is_one_line_and_exit_2() {
    for args in [
        &["eval", "As", "Ks", "Zz"][..],
        &["eval", "As", "As", "Qs", "Js", "Ts"],
        &["eval", "As", "Ks", "Qs", "Js"],
        &["eval", "AsKsQsJsTs9h8h7h"],
        &["eval", "1x2c3c4c5c"],
    ] {
        let o = loki(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.starts_with("loki: error:"), "{err}");
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn bench_json_is_one_flat_object() {
    let o = loki(&["bench", "--json", "--quick"]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let obj = v.as_object().unwrap();
    for k in [
        "eval_random_per_s",
        "eval_enumerate_per_s",
        "range_ehs_flop_ms",
        "potential2_cached_us",
        "decision_flop_ms",
        "poki_decision_flop_ms",
        "poki_decision_flop_ms_early_stop",
        "tournament_hands_per_s",
        "som_first_flop_ms_hu",
        "som_first_turn_ms_hu",
        "som_first_river_ms_hu",
        "som_first_flop_ms_10",
        "som_first_turn_ms_10",
        "som_first_river_ms_10",
        "som_selfplay_hands_per_s",
        "gom_first_flop_ms_hu",
        "gom_selfplay_hands_per_s",
        "loki2_first_flop_ms_10",
        "loki2_selfplay_hands_per_s",
        "somc_first_turn_ms_hu",
        "somc_selfplay_hands_per_s",
        "som_first_flop_ms_hu_cold",
        "flop_classes_fill_ms",
    ] {
        assert!(obj[k].as_f64().unwrap() > 0.0, "{k}");
    }
    assert!(obj.values().all(|x| !x.is_object() && !x.is_array()));
    // POKI's per-kind keys are the full bench's only.
    assert!(!obj.contains_key("poki_first_flop_ms_hu"));
}
