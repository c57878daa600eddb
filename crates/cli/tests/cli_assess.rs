//! The `loki assess` and `loki income-rates` contracts, run through the real binary.
#![allow(missing_docs)]
mod common;
use common::loki;
use std::io::Write;

fn json(o: &std::process::Output) -> serde_json::Map<String, serde_json::Value> {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    v.as_object().unwrap().clone()
}

fn keys(m: &serde_json::Map<String, serde_json::Value>) -> Vec<&str> {
    let mut k: Vec<&str> = m.keys().map(String::as_str).collect();
    k.sort_unstable();
    k
}

fn weights_file(text: &str) -> tempfile_like::Tmp {
    tempfile_like::Tmp::new(text)
}

mod tempfile_like {
    use super::*;
    pub struct Tmp(pub std::path::PathBuf);
    impl Tmp {
        pub fn new(text: &str) -> Tmp {
            use std::sync::atomic::{AtomicUsize, Ordering};
            static N: AtomicUsize = AtomicUsize::new(0);
            let p = std::env::temp_dir().join(format!(
                "loki-weights-{}-{}.json",
                std::process::id(),
                N.fetch_add(1, Ordering::SeqCst)
            ));
            std::fs::File::create(&p)
                .unwrap()
                .write_all(text.as_bytes())
                .unwrap();
            Tmp(p)
        }
        pub fn path(&self) -> &str {
            self.0.to_str().unwrap()
        }
    }
    impl Drop for Tmp {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }
}

#[test]
fn paper_example_json() {
    let m = json(&loki(&[
        "assess", "--hole", "AdQc", "--board", "3h4cJh", "--json",
    ]));
    assert_eq!(
        keys(&m),
        [
            "ahead", "behind", "ehs", "ehs_npot", "hp1", "hp2", "hs", "hs_n", "npot1", "npot2",
            "ppot1", "ppot2", "tied"
        ]
    );
    assert_eq!(m["ahead"], 628.0);
    assert_eq!(m["tied"], 9.0);
    assert_eq!(m["behind"], 444.0);
    assert_eq!(
        m["hp2"],
        serde_json::json!([
            [449005.0, 3211.0, 169504.0],
            [0.0, 8370.0, 540.0],
            [91981.0, 1036.0, 346543.0]
        ])
    );
    let hs = m["hs"].as_f64().unwrap();
    assert_eq!(hs, 0.5851063829787234, "full precision");
    let m5 = json(&loki(&[
        "assess",
        "--hole",
        "QcAd",
        "--board",
        "3h 4c Jh",
        "--opponents",
        "5",
        "--json",
    ]));
    assert!((m5["hs_n"].as_f64().unwrap() - hs.powi(5)).abs() < 1e-15);
}

#[test]
fn street_keys() {
    let turn = json(&loki(&[
        "assess", "--hole", "AdQc", "--board", "3h4cJh9s", "--json",
    ]));
    assert_eq!(
        keys(&turn),
        ["ahead", "behind", "ehs", "ehs_npot", "hp1", "hs", "hs_n", "npot1", "ppot1", "tied"]
    );
    let river = json(&loki(&[
        "assess",
        "--hole",
        "AdQc",
        "--board",
        "3h4cJh9s2s",
        "--json",
    ]));
    assert_eq!(
        keys(&river),
        ["ahead", "behind", "ehs", "ehs_npot", "hs", "hs_n", "tied"]
    );
    assert_eq!(river["ehs"], river["hs_n"]);
    let pre = json(&loki(&["assess", "--hole", "AdQc", "--json"]));
    assert_eq!(
        pre["ahead"].as_f64().unwrap()
            + pre["tied"].as_f64().unwrap()
            + pre["behind"].as_f64().unwrap(),
        1225.0
    );
    let text = loki(&["assess", "--hole", "AdQc", "--board", "3h4cJh"]);
    assert!(text.status.success());
    let s = String::from_utf8_lossy(&text.stdout);
    assert!(s.contains("449005") && s.contains("PPot 0.208324"), "{s}");
}

fn fails_cleanly(args: &[&str], needle: &str) {
    let o = loki(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}");
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(e.trim().lines().count(), 1, "one line: {e}");
    assert!(e.starts_with("loki: error:"), "{e}");
    assert!(e.contains(needle), "{e} should mention {needle}");
    assert!(o.stdout.is_empty());
}

#[test]
fn bad_spots_exit_2() {
    fails_cleanly(
        &["assess", "--hole", "AdQc", "--board", "3h4c", "--json"],
        "0, 3, 4 or 5",
    );
    fails_cleanly(
        &["assess", "--hole", "AdQc", "--board", "3h4cJh9s2s7d"],
        "0, 3, 4 or 5",
    );
    fails_cleanly(
        &["assess", "--hole", "AdQc", "--board", "3h4cAd", "--json"],
        "duplicate card",
    );
    fails_cleanly(
        &["assess", "--hole", "AdAd", "--board", "3h4cJh"],
        "duplicate card",
    );
    fails_cleanly(&["assess", "--hole", "AdQz"], "bad hole cards");
    fails_cleanly(
        &["assess", "--hole", "AdQc", "--opponents", "0"],
        "opponents",
    );
}

#[test]
fn weights_file_rules() {
    let dup = weights_file(r#"{"AcKd": 0.5, "KdAc": 0.25}"#);
    fails_cleanly(
        &[
            "assess",
            "--hole",
            "AdQc",
            "--board",
            "3h4cJh",
            "--weights",
            dup.path(),
        ],
        "listed twice",
    );
    let dup2 = weights_file(r#"{"2c2d": 0.5, "2c2d": 0.5}"#);
    fails_cleanly(
        &["assess", "--hole", "AdQc", "--weights", dup2.path()],
        "listed twice",
    );
    let out = weights_file(r#"{"AcKd": 1.5}"#);
    fails_cleanly(
        &["assess", "--hole", "AdQc", "--weights", out.path()],
        "outside [0, 1]",
    );
    let neg = weights_file(r#"{"AcKd": -0.1}"#);
    fails_cleanly(
        &["assess", "--hole", "AdQc", "--weights", neg.path()],
        "outside [0, 1]",
    );
    let unknown = weights_file(r#"{"AcXd": 0.5}"#);
    fails_cleanly(
        &["assess", "--hole", "AdQc", "--weights", unknown.path()],
        "unknown holding",
    );
    let notobj = weights_file("[0.5]");
    fails_cleanly(
        &["assess", "--hole", "AdQc", "--weights", notobj.path()],
        "bad weights file",
    );
    fails_cleanly(
        &[
            "assess",
            "--hole",
            "AdQc",
            "--weights",
            "/nonexistent/w.json",
        ],
        "cannot read",
    );
    // Every live holding at weight 0 (known-card holdings are ignored whatever they say).
    let mut all = serde_json::Map::new();
    for i in 0..52u8 {
        for j in i + 1..52 {
            let c = |x: u8| {
                format!(
                    "{}{}",
                    "23456789TJQKA".as_bytes()[(x / 4) as usize] as char,
                    "cdhs".as_bytes()[(x % 4) as usize] as char
                )
            };
            all.insert(format!("{}{}", c(j), c(i)), 0.0.into());
        }
    }
    let zero = weights_file(&serde_json::Value::Object(all).to_string());
    fails_cleanly(
        &[
            "assess",
            "--hole",
            "AdQc",
            "--board",
            "3h4cJh",
            "--weights",
            zero.path(),
        ],
        "positive weight",
    );
    // Weights on holdings with known cards do not matter; reversed card order is accepted.
    let a = weights_file(r#"{"AdKs": 0.0, "KsKh": 0.5}"#);
    let b = weights_file(r#"{"KhKs": 0.5}"#);
    let ja = json(&loki(&[
        "assess",
        "--hole",
        "AdQc",
        "--board",
        "3h4cJh",
        "--weights",
        a.path(),
        "--json",
    ]));
    let jb = json(&loki(&[
        "assess",
        "--hole",
        "AdQc",
        "--board",
        "3h4cJh",
        "--weights",
        b.path(),
        "--json",
    ]));
    assert_eq!(ja, jb);
    assert_eq!(ja["behind"], 443.5);
}

#[test]
fn income_rates_small_run() {
    let out = std::env::temp_dir().join(format!("loki-ir-{}.csv", std::process::id()));
    let o = loki(&[
        "income-rates",
        "--seats",
        "3",
        "--games",
        "2000",
        "--seed",
        "7",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&out).unwrap();
    let _ = std::fs::remove_file(&out);
    assert!(text.contains("--seats 3 --games 2000 --seed 7"));
    let rows: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(rows[0], "hand,ir3");
    assert_eq!(rows.len(), 170);
    assert!(rows[1].starts_with("AA,"));
    let o = loki(&["income-rates", "--seats", "11", "--out", "/tmp/x.csv"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn range_equals_single_hand_assess() {
    let o = loki(&["assess", "--board", "3h4cJh", "--range", "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let m = v.as_object().unwrap();
    assert_eq!(m.len(), 1176);
    for h in ["AdQc", "5h2h", "QdTd", "JcJs"] {
        let one = loki(&["assess", "--hole", h, "--board", "3h4cJh", "--json"]);
        let w: serde_json::Value = serde_json::from_slice(&one.stdout).unwrap();
        let key = m
            .keys()
            .find(|k| {
                let a: loki_cards::HoleCards = k.parse().unwrap();
                a == h.parse().unwrap()
            })
            .unwrap();
        let (x, y) = (m[key].as_f64().unwrap(), w["ehs"].as_f64().unwrap());
        assert!((x - y).abs() < 1e-12, "{h}: {x} vs {y}");
    }
    let t = loki(&["assess", "--board", "3h4cJh2d", "--range", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&t.stdout).unwrap();
    assert_eq!(v.as_object().unwrap().len(), 1128);
    for bad in [
        &["assess", "--board", "3h4cJh2d5s", "--range"][..],
        &["assess", "--board", "3h4c", "--range"],
        &["assess", "--board", "3h3h4c", "--range"],
        &["assess", "--hole", "AdQc", "--board", "3h4cJh", "--range"],
    ] {
        let o = loki(bad);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
    }
}
