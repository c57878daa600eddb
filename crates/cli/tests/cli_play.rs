//! The tournament, advise and players commands through the real binary.
#![allow(missing_docs)]
mod common;
use common::loki;
use std::path::Path;

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("loki-test-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn results(dir: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("results.json")).unwrap()).unwrap()
}

#[test]
fn tournament_is_zero_sum_and_thread_independent() {
    let (a, b) = (tmp("t1"), tmp("t2"));
    let args = |d: &Path, t: &str| {
        vec![
            "tournament".to_string(),
            "--players".into(),
            "BPM,GOM,SOM,call".into(),
            "--hands".into(),
            "120".into(),
            "--seed".into(),
            "5".into(),
            "--threads".into(),
            t.into(),
            "--batch".into(),
            "7".into(),
            "--quiet".into(),
            "--out".into(),
            d.display().to_string(),
        ]
    };
    let run = |v: Vec<String>| loki(&v.iter().map(|s| s.as_str()).collect::<Vec<_>>());
    let o = run(args(&a, "1"));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("sb/hand"));
    assert!(run(args(&b, "2")).status.success());
    let ra = std::fs::read(a.join("results.json")).unwrap();
    assert_eq!(
        ra,
        std::fs::read(b.join("results.json")).unwrap(),
        "1 and 2 threads"
    );
    let r = results(&a);
    assert_eq!(r["hands"], 120);
    assert_eq!(r["deals"], 30);
    let profits: i64 = r["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["profit"].as_i64().unwrap())
        .sum();
    assert_eq!(profits, 0);
    for k in ["name", "kind", "profit", "sb_per_hand", "ci95", "hands"] {
        assert!(r["players"][0].get(k).is_some(), "{k}");
    }
    assert_eq!(r["differences"].as_array().unwrap().len(), 6);
    assert!(a.join("profit.png").exists());
}

#[test]
fn tournament_resume_gives_the_same_results() {
    let (full, part) = (tmp("full"), tmp("part"));
    let base = [
        "tournament",
        "--players",
        "2*SOM,LOKI2,BPL",
        "--seed",
        "9",
        "--batch",
        "5",
        "--quiet",
    ];
    let with = |d: &Path, hands: &str, extra: &[&str]| {
        let mut v: Vec<String> = base.iter().map(|s| s.to_string()).collect();
        v.extend([
            "--hands".into(),
            hands.into(),
            "--out".into(),
            d.display().to_string(),
        ]);
        v.extend(extra.iter().map(|s| s.to_string()));
        v
    };
    let run = |v: Vec<String>| loki(&v.iter().map(|s| s.as_str()).collect::<Vec<_>>());
    let phh_full = full.join("h.phhs");
    let phh_part = part.join("h.phhs");
    std::fs::create_dir_all(&full).unwrap();
    std::fs::create_dir_all(&part).unwrap();
    assert!(
        run(with(&full, "80", &["--phh", phh_full.to_str().unwrap()]))
            .status
            .success()
    );
    // A run stopped after 40 hands (its checkpoint), then resumed to 80.
    assert!(
        run(with(&part, "40", &["--phh", phh_part.to_str().unwrap()]))
            .status
            .success()
    );
    let ck = std::fs::read_to_string(part.join("checkpoint.json")).unwrap();
    let mut c: loki_sim::Checkpoint = serde_json::from_str(&ck).unwrap();
    // Pretend the 40-hand run was an interrupted 80-hand run: same inputs but hands
    // (sealed again: loki refuses an edited checkpoint).
    c.inputs.hands = 80;
    c.inputs.deals = 20;
    c.seal();
    std::fs::write(
        part.join("checkpoint.json"),
        serde_json::to_string(&c).unwrap(),
    )
    .unwrap();
    let o = run(with(
        &part,
        "80",
        &["--resume", "--phh", phh_part.to_str().unwrap()],
    ));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(results(&full), results(&part));
    assert_eq!(
        std::fs::read(&phh_full).unwrap(),
        std::fs::read(&phh_part).unwrap()
    );
    // A checkpoint of other inputs is refused.
    let o = run(with(&part, "84", &["--resume"]));
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn advise_json_and_errors() {
    let o = loki(&[
        "advise",
        "--seats",
        "10",
        "--position",
        "0",
        "--hole",
        "AdQc",
        "--board",
        "3h4cJh",
        "--betting",
        "ffcrccffccc/",
        "--json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(["fold", "call", "raise"].contains(&v["action"].as_str().unwrap()));
    assert!(v["ehs"].as_f64().unwrap() > 0.0 && v["hs"].as_f64().is_some());
    assert_eq!(v["triple"].as_array().unwrap().len(), 3);
    assert!(!v["rule"].as_str().unwrap().is_empty());
    let o = loki(&[
        "advise",
        "--seats",
        "6",
        "--position",
        "2",
        "--hole",
        "AsAh",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["action"], "raise");
    assert!(v["ehs"].is_null());
    for bad in [
        &[
            "advise",
            "--seats",
            "10",
            "--position",
            "4",
            "--hole",
            "AdQc",
            "--board",
            "3h4cJh",
            "--betting",
            "ffcrccffccc/",
        ][..],
        &[
            "advise",
            "--seats",
            "3",
            "--position",
            "0",
            "--hole",
            "AdAd",
        ],
        &[
            "advise",
            "--seats",
            "3",
            "--position",
            "0",
            "--hole",
            "AdQc",
            "--betting",
            "x",
        ],
        &[
            "advise",
            "--seats",
            "11",
            "--position",
            "0",
            "--hole",
            "AdQc",
        ],
        &[
            "advise",
            "--seats",
            "3",
            "--position",
            "2",
            "--hole",
            "AdQc",
            "--board",
            "3h4cJh",
        ],
    ] {
        let o = loki(bad);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert_eq!(String::from_utf8_lossy(&o.stderr).trim().lines().count(), 1);
    }
}

#[test]
fn players_lists_the_family() {
    let o = loki(&["players"]);
    let s = String::from_utf8_lossy(&o.stdout);
    for k in [
        "BPM", "BPT", "BPL", "GOM", "SOM", "LOKI2", "TP", "TA", "LP", "LA", "call", "raise",
        "random",
    ] {
        assert!(s.lines().any(|l| l.starts_with(k)), "{k}");
    }
    let o = loki(&[
        "tournament",
        "--players",
        "2*BPM,nobody",
        "--quiet",
        "--out",
        "/nonexistent/x",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown player"));
}

/// FNV-1a 64, as `loki bench --signature` hashes results.json.
fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[test]
fn signature_is_the_hash_of_the_tournament_results() {
    let o = loki(&["bench", "--signature"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let line = String::from_utf8_lossy(&o.stdout).trim().to_string();
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words.len(), 4, "{line}");
    assert_eq!((words[0], words[2]), ("signature", "decisions"));
    assert!(words[3].parse::<u64>().unwrap() > 500, "{line}");
    // The same tournament through `loki tournament` plays the deals it hashes: its
    // results in their first form (`loki_sim::signature::behavior_json`), rebuilt from the
    // checkpoint it leaves.
    let d = tmp("sig");
    let o = loki(&[
        "tournament",
        "--players",
        "BPM,BPT,BPL,GOM,SOM,LOKI2,TP,TA,LP,LA",
        "--hands",
        "500",
        "--seed",
        "1998",
        "--quiet",
        "--out",
        d.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let checkpoint: loki_sim::Checkpoint =
        serde_json::from_str(&std::fs::read_to_string(d.join("checkpoint.json")).unwrap()).unwrap();
    let ledgers: Vec<loki_sim::DealLedger> =
        checkpoint.matches.into_iter().map(|m| m.ledger).collect();
    let kinds: Vec<String> = results(&d)["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["kind"].as_str().unwrap().to_string())
        .collect();
    let bytes = loki_sim::signature::behavior_json(&checkpoint.inputs, &ledgers, &kinds).unwrap();
    assert_eq!(format!("{:016x}", fnv1a64(bytes.as_bytes())), words[1]);
}

#[test]
fn advise_from_a_tournament_checkpoint() {
    let d = tmp("advise-ck");
    let o = loki(&[
        "tournament",
        "--players",
        "GOM,SOM,TP,LA",
        "--hands",
        "400",
        "--seed",
        "3",
        "--quiet",
        "--out",
        d.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let ck = d.join("checkpoint.json");
    let advise = |player: Option<&str>, seats: &str| {
        let mut args = vec![
            "advise",
            "--seats",
            seats,
            "--position",
            "0",
            "--hole",
            "AdQc",
            "--betting",
            "rc",
            "--checkpoint",
            ck.to_str().unwrap(),
            "--seat",
            "1",
            "--json",
        ];
        if let Some(p) = player {
            args.extend(["--player", p]);
        }
        loki(&args)
    };
    // Seat 1 is the SOM: it has seen its opponents for 100 deals.
    let o = advise(None, "4");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["player"], "SOM");
    let obs: u64 = v["opponents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["observations"].as_u64().unwrap())
        .sum();
    assert!(obs > 20, "{v}");
    // The same statistics in a GOM: the same observations, the generic frequencies.
    let g: serde_json::Value = serde_json::from_slice(&advise(Some("GOM"), "4").stdout).unwrap();
    assert_eq!(g["player"], "GOM");
    assert_ne!(
        g["opponents"][0]["frequencies"],
        v["opponents"][0]["frequencies"]
    );
    // The tournament's seat count is required.
    let o = advise(None, "5");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--seats 4"));
}

#[test]
fn poki_preset_is_thread_independent_and_advise_shows_the_simulation() {
    let (a, b) = (tmp("poki1"), tmp("poki2"));
    let run = |d: &Path, t: &str| {
        loki(&[
            "tournament",
            "--preset",
            "poki",
            "--hands",
            "60",
            "--threads",
            t,
            "--quiet",
            "--out",
            &d.display().to_string(),
        ])
    };
    let o = run(&a, "1");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(run(&b, "2").status.success());
    assert_eq!(
        std::fs::read(a.join("results.json")).unwrap(),
        std::fs::read(b.join("results.json")).unwrap(),
        "1 and 2 threads"
    );
    let r = results(&a);
    let kinds: Vec<&str> = r["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["kind"].as_str().unwrap())
        .collect();
    assert!(kinds.contains(&"POKI") && kinds.len() == 9, "{kinds:?}");
    // A post-flop decision of POKI prints each action's value and the trials.
    let o = loki(&[
        "advise",
        "--seats",
        "4",
        "--position",
        "3",
        "--hole",
        "AdQc",
        "--board",
        "3h4cJh",
        "--betting",
        "cccc/ccc",
        "--player",
        "POKI",
        "--json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let t = &v;
    assert_eq!(t["rule"], "simulation", "{v}");
    let sim = &t["simulation"];
    let trials = sim["trials"].as_u64().unwrap();
    assert!((100..=500).contains(&trials), "{sim}");
    assert!(
        sim["ev"][0].is_null(),
        "folding is not offered when checking is free"
    );
    assert!(sim["ev"][1].as_f64().is_some() && sim["ev"][2].as_f64().is_some());
}

#[test]
fn out_must_be_a_directory() {
    let d = tmp("out-file");
    std::fs::create_dir_all(&d).unwrap();
    let file = d.join("afile");
    std::fs::write(&file, "x").unwrap();
    let o = loki(&[
        "tournament",
        "--players",
        "call,raise",
        "--hands",
        "4",
        "--quiet",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--out must be a directory"), "{err}");
    assert!(!err.contains("File exists"), "{err}");
}

#[test]
fn ctrl_c_says_how_to_resume() {
    let d = tmp("ctrl-c");
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_loki"))
        .env("LOKI_CACHE_DIR", "off")
        .args([
            "tournament",
            "--players",
            "SOM,GOM",
            "--hands",
            "1000000",
            "--batch",
            "1",
            "--quiet",
            "--out",
            d.to_str().unwrap(),
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let checkpoint = d.join("checkpoint.json");
    let start = std::time::Instant::now();
    while !checkpoint.exists() {
        assert!(start.elapsed().as_secs() < 120, "no checkpoint");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("loki: interrupted"), "{err}");
    let last = err.trim().lines().last().unwrap().trim();
    assert!(
        last.starts_with("loki tournament --players SOM,GOM"),
        "{err}"
    );
    assert!(last.ends_with("--resume"), "{err}");
}
