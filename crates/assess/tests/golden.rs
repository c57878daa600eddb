#![allow(missing_docs)]
//! Golden tests: the paper's Table 1 numbers and every case of public.json (copied from
//! the project's reference cases, tests/data/public.json).
mod common;

use common::weight_rule;
use loki_assess::*;
use loki_cards::{parse_cards, Card, HoleCards};
use serde_json::Value;

fn spot(hole: &str, board: &str) -> (HoleCards, Vec<Card>) {
    (hole.parse().unwrap(), parse_cards(board).unwrap())
}

fn close(got: f64, want: f64) -> bool {
    (got - want).abs() <= 2e-6_f64.max(1e-9 * want.abs())
}

#[test]
fn paper_table_1() {
    let (hole, board) = spot("AdQc", "3h4cJh");
    let w = WeightTable::uniform();
    let s = hand_strength(hole, &board, &w).unwrap();
    assert_eq!((s.ahead, s.tied, s.behind), (628.0, 9.0, 444.0));
    assert_eq!(format!("{:.3}", s.hs()), "0.585");
    let h5 = hs_n(hole, &board, &[&w; 5]).unwrap();
    assert_eq!(format!("{h5:.3}"), "0.069");
    let p2 = potential(hole, &board, &w, Lookahead::Two).unwrap();
    assert_eq!(
        p2.hp,
        [
            [449005.0, 3211.0, 169504.0],
            [0.0, 8370.0, 540.0],
            [91981.0, 1036.0, 346543.0]
        ]
    );
    assert_eq!(p2.hp_total, [628.0, 9.0, 444.0]);
    assert_eq!(p2.runouts, 990);
    assert_eq!(format!("{:.3} {:.3}", p2.ppot, p2.npot), "0.208 0.274");
    let p1 = potential(hole, &board, &w, Lookahead::One).unwrap();
    assert_eq!(p1.runouts, 45);
    assert_eq!(format!("{:.3} {:.3}", p1.ppot, p1.npot), "0.108 0.145");
    let a = Assessment::new(hole, &board, &w, 1).unwrap();
    assert!(close(a.ehs, 0.671539));
    // The drawing hand: "over 50%".
    let (hole, _) = spot("5h2h", "");
    let p = potential(hole, &board, &w, Lookahead::Two).unwrap();
    assert!(close(p.ppot, 0.596066));
}

#[test]
fn public_cases() {
    let d: Value =
        serde_json::from_str(include_str!("data/public.json")).expect("public.json parses");
    let cases = d["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 10);
    let f = |v: &Value| v.as_f64().unwrap();
    for c in cases {
        let id = c["id"].as_str().unwrap();
        let cards = |k: &str| -> String {
            c[k].as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_str().unwrap())
                .collect()
        };
        let (hole, board) = spot(&cards("hole"), &cards("board"));
        let w = weight_rule(c["weight_rule"].as_str().unwrap());
        let s = hand_strength(hole, &board, &w).unwrap();
        for (got, key) in [(s.ahead, "ahead"), (s.tied, "tied"), (s.behind, "behind")] {
            assert!(close(got, f(&c[key])), "{id} {key}: {got} vs {}", c[key]);
        }
        assert!(close(s.hs(), f(&c["hs"])), "{id} hs");
        let a3 = Assessment::new(hole, &board, &w, 3).unwrap();
        let a1 = Assessment::new(hole, &board, &w, 1).unwrap();
        assert!(close(a3.hs_n, f(&c["hs_n3"])), "{id} hs_n3");
        assert!(close(a3.ehs, f(&c["ehs_n3"])), "{id} ehs_n3");
        assert!(close(a1.ehs, f(&c["ehs_n1"])), "{id} ehs_n1");
        for (n, p, look) in [
            ("1", a3.potential1, Lookahead::One),
            ("2", a3.potential2, Lookahead::Two),
        ] {
            let key = format!("ppot{n}");
            if c.get(&key).is_none() {
                assert!(p.is_none(), "{id}: no {key} expected");
                continue;
            }
            let p = p.unwrap();
            assert_eq!(p.lookahead, look);
            assert!(close(p.ppot, f(&c[&key])), "{id} {key}: {}", p.ppot);
            assert!(close(p.npot, f(&c[&format!("npot{n}")])), "{id} npot{n}");
            assert_eq!(p.runouts as f64, f(&c[&format!("runouts{n}")]));
            let want = c[&format!("hp{n}")].as_array().unwrap();
            for (i, row) in want.iter().enumerate() {
                for (j, x) in row.as_array().unwrap().iter().enumerate() {
                    assert!(close(p.hp[i][j], f(x)), "{id} hp{n}[{i}][{j}]");
                }
                assert!(close(p.hp_total[i], f(&c["hp_total"][i])), "{id} hp_total");
            }
        }
    }
}

#[test]
fn weight_rule_fingerprints() {
    let d: Value = serde_json::from_str(include_str!("data/public.json")).unwrap();
    for rule in ["uniform", "hash", "preflop"] {
        let fp = &d["weight_rule_fingerprints"][rule];
        let w = weight_rule(rule);
        assert!((w.sum() - fp["sum_of_1326_weights"].as_f64().unwrap()).abs() < 2e-6);
        for (k, v) in fp["samples"].as_object().unwrap() {
            let h: usize = k.split(' ').next().unwrap().parse().unwrap();
            assert!((w.at(h) - v.as_f64().unwrap()).abs() <= 1e-6, "{rule} {k}");
        }
    }
}

#[test]
fn errors_not_panics() {
    let w = WeightTable::uniform();
    let (hole, board) = spot("AdQc", "3h4c");
    assert_eq!(
        hand_strength(hole, &board, &w),
        Err(AssessError::BoardLength(2))
    );
    let (hole, board) = spot("AdQc", "3h4cAd");
    assert!(matches!(
        hand_strength(hole, &board, &w),
        Err(AssessError::DuplicateCard(_))
    ));
    let (hole, board) = spot("AdQc", "3h4cJh5s");
    assert!(potential(hole, &board, &w, Lookahead::Two).is_err());
    let (hole, board) = spot("AdQc", "3h4cJh5s6s");
    assert!(potential(hole, &board, &w, Lookahead::One).is_err());
    let zero = WeightTable::filled(0.0);
    assert_eq!(
        hand_strength(hole, &board, &zero),
        Err(AssessError::NoLiveHolding)
    );
    let (hole, board) = spot("AdQc", "3h4cJh");
    let p = potential(hole, &board, &zero, Lookahead::Two).unwrap();
    assert_eq!((p.ppot, p.npot), (0.0, 0.0));
    assert!(Assessment::new(hole, &board, &w, 0).is_err());
}

#[test]
fn preflop_hs_orders_hands() {
    let w = WeightTable::uniform();
    let aa = hand_strength("AcAd".parse().unwrap(), &[], &w).unwrap();
    let s72 = hand_strength("7c2d".parse().unwrap(), &[], &w).unwrap();
    assert_eq!(aa.total(), 1225.0);
    assert_eq!(aa.behind, 0.0);
    let s32 = hand_strength("3c2d".parse().unwrap(), &[], &w).unwrap();
    assert!(
        aa.hs() > 0.99 && s72.hs() < 0.25 && s32.hs() < s72.hs(),
        "{} {}",
        aa.hs(),
        s72.hs()
    );
}
