//! Sharded tournaments: shards played as separate processes merge to the bytes of the
//! unsharded run; truncated, duplicated, missing and mismatched shards are refused.
#![allow(missing_docs)]
mod common;
use common::loki;
use std::path::{Path, PathBuf};

fn tmp(name: &str) -> PathBuf {
    let d =
        std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("loki-shards-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn tournament(out: &Path, seed: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "tournament",
        "--players",
        "SOM,LOKI2,BPM",
        "--hands",
        "150",
        "--matches",
        "2",
        "--seed",
        seed,
        "--batch",
        "7",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let o = loki(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    o
}

fn merge(dirs: &[&Path], out: &Path) -> std::process::Output {
    let mut args: Vec<String> = vec!["merge".into()];
    args.extend(dirs.iter().map(|d| d.display().to_string()));
    args.extend(["--out".into(), out.display().to_string()]);
    loki(&args.iter().map(|s| s.as_str()).collect::<Vec<_>>())
}

#[test]
fn shards_merge_to_the_bytes_of_the_whole_run() {
    let root = tmp("merge");
    let whole = root.join("whole");
    tournament(&whole, "11", &[]);
    // 6 tables (2 matches x 3 rotations) in 4 shards: shards split matches.
    let shards: Vec<PathBuf> = (0..4).map(|i| root.join(format!("s{i}"))).collect();
    for (i, d) in shards.iter().enumerate() {
        let shard = format!("{i}/4");
        let o = tournament(d, "11", &["--shard", &shard]);
        assert!(String::from_utf8_lossy(&o.stdout).contains(&format!("shard {i}/4")));
        assert!(!d.join("results.json").exists());
    }
    let merged = root.join("merged");
    let dirs: Vec<&Path> = shards.iter().map(|p| p.as_path()).collect();
    let o = merge(&dirs, &merged);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for f in ["results.json", "profit.png"] {
        assert_eq!(
            std::fs::read(whole.join(f)).unwrap(),
            std::fs::read(merged.join(f)).unwrap(),
            "{f}"
        );
    }
    // deals.csv: the whole run's, the merge's the same bytes, and each shard's rows
    // (its own rotations) add up to the whole run's.
    let whole_csv = std::fs::read_to_string(whole.join("deals.csv")).unwrap();
    assert_eq!(
        whole_csv,
        std::fs::read_to_string(merged.join("deals.csv")).unwrap()
    );
    let net = |csv: &str| -> std::collections::BTreeMap<(String, String, String), i64> {
        let mut m = std::collections::BTreeMap::new();
        for line in csv.lines().skip(1) {
            let f: Vec<&str> = line.split(',').collect();
            let key = (f[0].to_string(), f[1].to_string(), f[3].to_string());
            *m.entry(key).or_insert(0) += f[6].parse::<i64>().unwrap();
        }
        m
    };
    let mut from_shards = std::collections::BTreeMap::new();
    for (i, d) in shards.iter().enumerate() {
        let csv = std::fs::read_to_string(d.join(format!("deals-{i}-of-4.csv"))).unwrap();
        for (k, v) in net(&csv) {
            *from_shards.entry(k).or_insert(0) += v;
        }
    }
    assert_eq!(from_shards, net(&whole_csv));
    let r: serde_json::Value =
        serde_json::from_slice(&std::fs::read(merged.join("results.json")).unwrap()).unwrap();
    // Summed per kind, deals.csv gives results.json's profit x copies.
    for k in r["kinds"].as_array().unwrap() {
        let kind = k["kind"].as_str().unwrap();
        let chips: i64 = whole_csv
            .lines()
            .skip(1)
            .map(|l| l.split(',').collect::<Vec<_>>())
            .filter(|f| f[5] == kind)
            .map(|f| f[6].parse::<i64>().unwrap())
            .sum();
        let want = k["profit"].as_f64().unwrap() * k["copies"].as_f64().unwrap();
        assert!((chips as f64 - want).abs() < 1e-6, "{kind}");
        assert_eq!(k["matches"].as_array().unwrap().len(), 2);
        assert!(k["ci95_matches"].is_number());
    }
    assert_eq!(r["per_match"].as_array().unwrap().len(), 2);
    assert_eq!(r["between_matches"].as_array().unwrap().len(), 3);

    let fails = |dirs: &[&Path], want: &str| {
        let o = merge(dirs, &root.join("bad"));
        assert_eq!(o.status.code(), Some(2), "{want}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(want), "{want}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    };
    // A missing shard.
    fails(&dirs[..3], "missing shards of 4: 3");
    // A shard given twice.
    fails(
        &[dirs[0], dirs[1], dirs[2], dirs[3], dirs[1]],
        "given twice",
    );
    // A shard of another run (another seed).
    let other = root.join("other");
    tournament(&other, "12", &["--shard", "3/4"]);
    fails(&[dirs[0], dirs[1], dirs[2], &other], "another run");
    // A truncated shard file.
    let cut = root.join("cut");
    std::fs::create_dir_all(&cut).unwrap();
    let bytes = std::fs::read(dirs[3].join("shard-3-of-4.json")).unwrap();
    std::fs::write(cut.join("shard-3-of-4.json"), &bytes[..bytes.len() / 2]).unwrap();
    fails(
        &[dirs[0], dirs[1], dirs[2], &cut],
        "not a complete shard file",
    );
    // A shard file whose ledgers were tampered with (a table taken out).
    let odd = root.join("odd");
    std::fs::create_dir_all(&odd).unwrap();
    // (sealed again, as someone who knows the digest would: the content check still
    // refuses it).
    let mut v: loki_sim::ShardResult = serde_json::from_slice(&bytes).unwrap();
    v.matches[0].rotations.pop();
    v.seal();
    std::fs::write(
        odd.join("shard-3-of-4.json"),
        serde_json::to_string(&v).unwrap(),
    )
    .unwrap();
    fails(
        &[dirs[0], dirs[1], dirs[2], &odd],
        "cover tables other than",
    );
    // Shards of a different shard count.
    let five = root.join("five");
    tournament(&five, "11", &["--shard", "0/5"]);
    fails(&[dirs[0], dirs[1], dirs[2], &five], "shards");
}

#[test]
fn a_shard_resumes_from_its_checkpoint() {
    let root = tmp("resume");
    let full = root.join("full");
    tournament(&full, "5", &["--shard", "1/3"]);
    let part = root.join("part");
    // Interrupt by playing a shorter run, then pretend it was this run's checkpoint.
    let o = loki(&[
        "tournament",
        "--players",
        "SOM,LOKI2,BPM",
        "--hands",
        "75",
        "--matches",
        "2",
        "--seed",
        "5",
        "--batch",
        "7",
        "--quiet",
        "--shard",
        "1/3",
        "--out",
        part.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let ck = part.join("checkpoint-1-of-3.json");
    let mut c: loki_sim::Checkpoint = serde_json::from_slice(&std::fs::read(&ck).unwrap()).unwrap();
    c.inputs.hands = 150;
    c.inputs.deals = 50;
    c.seal();
    std::fs::write(&ck, serde_json::to_string(&c).unwrap()).unwrap();
    std::fs::remove_file(part.join("shard-1-of-3.json")).unwrap();
    tournament(&part, "5", &["--shard", "1/3", "--resume"]);
    assert_eq!(
        std::fs::read(full.join("shard-1-of-3.json")).unwrap(),
        std::fs::read(part.join("shard-1-of-3.json")).unwrap()
    );
}
