//! The behavior signature (`loki bench --signature`, after Stockfish's `bench`): the
//! FNV-1a hash of the results of a fixed short duplicate tournament of the whole player
//! family with the default configuration, and the number of decisions made. Any change
//! of behavior changes it; a refactor must not. The results hashed are the
//! `results.json` of that tournament in its first form ([`behavior_json`]: inputs,
//! players, kinds and differences in seat order, with no p-values or per-match values),
//! frozen so that what results.json reports may grow without changing the signature.
use crate::results::Inputs;
use crate::run::{Outcome, Run, RunError, RunSpec};
use crate::stats::{summarize, DealLedger, KindResult, SeatResult};
use loki_engine::digest::fnv1a64;
use serde::Serialize;

/// The whole player family, one seat each: the field of the signature.
pub const SIGNATURE_FIELD: &str = "BPM,BPT,BPL,GOM,SOM,LOKI2,TP,TA,LP,LA";
/// Hands of the signature tournament.
pub const SIGNATURE_HANDS: u64 = 500;
/// Seed of the signature tournament.
pub const SIGNATURE_SEED: u64 = 1998;

/// The signature: the hash of the tournament's `results.json` and the decisions made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Signature {
    /// FNV-1a 64 of `results.json`.
    pub hash: u64,
    /// Player decisions (actions) made.
    pub decisions: u64,
}

impl std::fmt::Display for Signature {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "signature {:016x} decisions {}",
            self.hash, self.decisions
        )
    }
}

/// Plays the signature tournament (about a second on two cores).
///
/// # Errors
/// A bug: the field is fixed.
pub fn signature() -> Result<Signature, RunError> {
    let mut spec = RunSpec::new(SIGNATURE_FIELD, SIGNATURE_HANDS, SIGNATURE_SEED);
    spec.batch = 25;
    let mut run = Run::start(&spec)?;
    while !run.is_done() {
        run.play_batch()?;
    }
    let Outcome::Whole(ledgers) = run.outcome() else {
        unreachable!("the signature plays the whole run")
    };
    Ok(Signature {
        hash: fnv1a64(behavior_json(run.inputs(), &ledgers, run.kinds())?.as_bytes()),
        decisions: run.decisions(),
    })
}

/// A difference as results.json first wrote it: the kinds in seat order.
#[derive(Serialize)]
struct FirstDifference<'a> {
    a: &'a str,
    b: &'a str,
    sb_per_hand: f64,
    ci95: f64,
    significant: bool,
}

/// results.json in its first form.
#[derive(Serialize)]
struct FirstResults<'a> {
    #[serde(flatten)]
    inputs: &'a Inputs,
    players: &'a [SeatResult],
    kinds: &'a [KindResult],
    differences: Vec<FirstDifference<'a>>,
}

/// The bytes the signature hashes: the `results.json` of a one-match run (its first
/// match's ledger) in its first form: the inputs, the players, the kinds and each pair
/// of kinds in seat order (the earlier kind first, its sb/hand minus the later's, with
/// its 95% interval over deals and whether the interval excludes 0).
///
/// # Errors
/// A value JSON cannot hold (a bug).
pub fn behavior_json(
    inputs: &Inputs,
    ledgers: &[DealLedger],
    kinds: &[String],
) -> Result<String, serde_json::Error> {
    // The plain values only: the reduced ones came later.
    let ledger = DealLedger {
        net: ledgers.first().map(|l| l.net.clone()).unwrap_or_default(),
        reduced: Vec::new(),
    };
    let n = inputs.seats.len();
    let s = summarize(&ledger, &inputs.seats, kinds, n, inputs.game.small_bet);
    let order = |k: &str| s.kinds.iter().position(|x| x.kind == k);
    let differences = s
        .differences
        .iter()
        .map(|d| {
            let (a, b, m) = if order(&d.a) > order(&d.b) {
                (&d.b, &d.a, -d.sb_per_hand)
            } else {
                (&d.a, &d.b, d.sb_per_hand)
            };
            FirstDifference {
                a,
                b,
                sb_per_hand: m,
                ci95: d.ci95,
                significant: m.abs() > d.ci95,
            }
        })
        .collect();
    let first = FirstResults {
        inputs,
        players: &s.players,
        kinds: &s.kinds,
        differences,
    };
    Ok(serde_json::to_string_pretty(&first)? + "\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hashed_results_keep_their_first_form() {
        let ledger = DealLedger {
            net: vec![vec![-2, 2, 0], vec![0, 2, -2]],
            reduced: vec![
                vec![-1_000_000, 1_000_000, 0],
                vec![500_000, 500_000, -1_000_000],
            ],
        };
        let seats: Vec<String> = vec!["A".into(), "B".into(), "C".into()];
        let kinds = seats.clone();
        let mut inputs = Inputs::new(7, "A,B,C", &seats, 6, serde_json::Value::Null, "0.0.0");
        inputs.game.small_bet = 1;
        let json = behavior_json(&inputs, &[ledger], &kinds).unwrap();
        let want = r#"{
  "loki_version": "0.0.0",
  "seed": 7,
  "player_list": "A,B,C",
  "seats": [
    "A",
    "B",
    "C"
  ],
  "hands": 6,
  "deals": 2,
  "rotations": 3,
  "seating_block": 10,
  "game": {
    "small_blind": 1,
    "big_blind": 2,
    "small_bet": 1,
    "big_bet": 4
  },
  "configuration": null,
  "players": [
    {
      "name": "A",
      "kind": "A",
      "profit": -2,
      "sb_per_hand": -0.3333333333333333,
      "ci95": 0.6533333333333333,
      "hands": 6
    },
    {
      "name": "B",
      "kind": "B",
      "profit": 4,
      "sb_per_hand": 0.6666666666666666,
      "ci95": 0.0,
      "hands": 6
    },
    {
      "name": "C",
      "kind": "C",
      "profit": -2,
      "sb_per_hand": -0.3333333333333333,
      "ci95": 0.6533333333333333,
      "hands": 6
    }
  ],
  "kinds": [
    {
      "kind": "A",
      "copies": 1,
      "profit": -2.0,
      "sb_per_hand": -0.3333333333333333,
      "ci95": 0.6533333333333333,
      "hands": 6
    },
    {
      "kind": "B",
      "copies": 1,
      "profit": 4.0,
      "sb_per_hand": 0.6666666666666666,
      "ci95": 0.0,
      "hands": 6
    },
    {
      "kind": "C",
      "copies": 1,
      "profit": -2.0,
      "sb_per_hand": -0.3333333333333333,
      "ci95": 0.6533333333333333,
      "hands": 6
    }
  ],
  "differences": [
    {
      "a": "A",
      "b": "B",
      "sb_per_hand": -1.0,
      "ci95": 0.6533333333333333,
      "significant": true
    },
    {
      "a": "A",
      "b": "C",
      "sb_per_hand": 0.0,
      "ci95": 1.3066666666666666,
      "significant": false
    },
    {
      "a": "B",
      "b": "C",
      "sb_per_hand": 1.0,
      "ci95": 0.6533333333333333,
      "significant": true
    }
  ]
}
"#;
        assert_eq!(json, want);
    }
}
