//! The evaluation harness on the hand-written fixtures: scores equal an independent
//! count, models see only the past, `score_from` only trains, intervals are seeded and
//! the results do not depend on the number of threads.
#![allow(missing_docs)]
use loki_engine::{Position, Round};
use loki_irc::eval::report::report;
use loki_irc::eval::{evaluate, evaluate_models, EvalOptions};
use loki_irc::predict::{model, models, OpponentPredictor, Probabilities, PublicHand};
use loki_irc::{load, Dataset, Decision, IrcHand, Spot};
use std::path::PathBuf;

fn fixtures() -> Dataset {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    load(&[dir.join("rootA"), dir.join("rootB")]).unwrap()
}

fn opts(resamples: usize) -> EvalOptions {
    EvalOptions {
        resamples,
        batch: 2,
        ..EvalOptions::default()
    }
}

/// Bits and accuracy of the population baseline, counted independently: counts per
/// (round, bets to call 0/1/2+) start at one, each decision is predicted before it is
/// counted, the floor mixes in 0.1% per class.
fn population_by_hand(d: &Dataset, from: u64) -> (u64, f64, f64) {
    let mut counts = [[1.0f64; 3]; 12];
    let (mut n, mut bits, mut correct) = (0u64, 0.0, 0.0);
    for h in &d.hands {
        for x in &h.decisions {
            let slot = x.spot.round.index() * 3 + (x.spot.bets_to_call as usize).min(2);
            let s: f64 = counts[slot].iter().sum();
            let p = counts[slot].map(|c| c / s);
            let a = x.class as usize;
            if h.timestamp >= from {
                n += 1;
                bits -= (0.997 * p[a] + 0.001).log2();
                let best = p.iter().copied().fold(0.0, f64::max);
                let ties = p.iter().filter(|&&q| q == best).count() as f64;
                if p[a] == best {
                    correct += 1.0 / ties;
                }
            }
            counts[slot][a] += 1.0;
        }
    }
    (n, bits, correct)
}

#[test]
fn population_scores_equal_an_independent_count() {
    let d = fixtures();
    let specs = vec![model("population").unwrap()];
    let r = report(&evaluate(&d, &specs, &opts(0), &|_| {}), &opts(0));
    let g = &r.models[0].1.all;
    let (n, bits, correct) = population_by_hand(&d, 0);
    assert_eq!(g.decisions, n);
    assert_eq!(
        n,
        d.hands
            .iter()
            .map(|h| h.decisions.len() as u64)
            .sum::<u64>()
    );
    assert!((g.bits_per_decision - bits / n as f64).abs() < 1e-12);
    assert!((g.accuracy - correct / n as f64).abs() < 1e-12);
    // No weight tables: uniform, no gain, percentile one half.
    assert_eq!(g.showdown_pairs, 4);
    assert!(g.holecard_bits_gained.abs() < 1e-6);
    assert!((g.holecard_percentile - 0.5).abs() < 1e-12);
    // The bot's decisions are reported apart.
    let bot_decisions: u64 = d
        .hands
        .iter()
        .map(|h| {
            h.decisions
                .iter()
                .filter(|x| loki_irc::is_bot_name(&h.names[x.spot.position]))
                .count() as u64
        })
        .sum();
    assert_eq!(r.models[0].1.bots.decisions, bot_decisions);
    assert_eq!(r.models[0].1.humans.decisions, n - bot_decisions);
}

#[test]
fn hands_before_score_from_only_train() {
    let d = fixtures();
    let from = d.hands[2].timestamp;
    let o = EvalOptions {
        score_from: Some(from),
        ..opts(0)
    };
    let specs = vec![model("population").unwrap()];
    let r = report(&evaluate(&d, &specs, &o, &|_| {}), &o);
    let g = &r.models[0].1.all;
    let (n, bits, _) = population_by_hand(&d, from);
    assert_eq!(g.decisions, n);
    assert!((g.bits_per_decision - bits / n as f64).abs() < 1e-12);
    assert_eq!(r.hands, d.hands.len() - 2);
}

/// A model that checks what it is shown.
struct Spy {
    calls: usize,
}

impl OpponentPredictor for Spy {
    fn begin_hand(&mut self, hand: &PublicHand<'_>) {
        assert!(hand.decisions().is_empty());
        assert!(hand.board().is_empty());
    }
    fn predict(&mut self, hand: &PublicHand<'_>, spot: &Spot) -> Probabilities {
        self.calls += 1;
        assert_eq!(hand.decisions().len(), spot.index, "only earlier decisions");
        assert_eq!(
            hand.board().len(),
            spot.round.board_len(),
            "only the board so far"
        );
        assert!(hand.board_values_at(Round::River).is_none() || spot.round == Round::River);
        [0.2, 0.5, 0.3].into()
    }
    fn observe(&mut self, hand: &PublicHand<'_>, d: &Decision) {
        assert_eq!(hand.decisions().last(), Some(d));
    }
    fn showdown_weights(&mut self, hand: &PublicHand<'_>, _: Position) -> Option<Vec<f64>> {
        assert_eq!(hand.board().len(), 5);
        assert!(hand.board_values().is_some());
        None
    }
    fn end_hand(&mut self, hand: &IrcHand, view: &PublicHand<'_>) {
        assert_eq!(view.decisions().len(), hand.decisions.len());
    }
}

#[test]
fn models_see_only_the_past() {
    let d = fixtures();
    let e = evaluate_models(
        &d,
        vec![("spy".into(), Box::new(Spy { calls: 0 }))],
        &opts(10),
        &|_| {},
    );
    let r = report(&e, &opts(10));
    let g = &r.models[0].1.all;
    let want: f64 = d
        .hands
        .iter()
        .flat_map(|h| &h.decisions)
        .map(|x| -(0.997 * [0.2, 0.5, 0.3][x.class as usize] + 0.001f64).log2())
        .sum();
    assert!((g.bits_per_decision - want / g.decisions as f64).abs() < 1e-12);
}

fn json(d: &Dataset, threads: usize) -> String {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| {
        let e = evaluate(d, &models(), &opts(50), &|_| {});
        serde_json::to_string(&report(&e, &opts(50))).unwrap()
    })
}

#[test]
fn every_model_gives_the_same_results_on_one_and_two_threads() {
    let d = fixtures();
    let one = json(&d, 1);
    assert_eq!(one, json(&d, 2));
    let v: serde_json::Value = serde_json::from_str(&one).unwrap();
    let names: Vec<&str> = v["models"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m[0].as_str().unwrap())
        .collect();
    for want in ["population", "per-player", "GOM", "SOM", "LOKI2", "SOM+ctx"] {
        assert!(names.contains(&want), "{names:?}");
    }
}

#[test]
fn intervals_are_seeded_and_bracket_the_estimates() {
    let d = fixtures();
    let specs = vec![model("per-player").unwrap(), model("SOM").unwrap()];
    let e = evaluate(&d, &specs, &opts(200), &|_| {});
    let a = report(&e, &opts(200));
    assert_eq!(
        serde_json::to_string(&a).unwrap(),
        serde_json::to_string(&report(&e, &opts(200))).unwrap()
    );
    let other = report(
        &e,
        &EvalOptions {
            seed: 2,
            ..opts(200)
        },
    );
    assert_ne!(
        serde_json::to_string(&a).unwrap(),
        serde_json::to_string(&other).unwrap()
    );
    for (_, m) in &a.models {
        let g = &m.all;
        let [lo, hi] = g.bits_per_decision_ci95;
        assert!(
            lo <= g.bits_per_decision && g.bits_per_decision <= hi,
            "{lo} {hi}"
        );
        let [lo, hi] = g.holecard_bits_gained_ci95;
        assert!(lo <= hi);
    }
    // A paired difference is the difference of the two estimates.
    let (pp, som) = (&a.models[0].1, &a.models[1].1);
    let diff = &som.differences["per-player"];
    assert!(
        (diff.bits_per_decision - (som.all.bits_per_decision - pp.all.bits_per_decision)).abs()
            < 1e-12
    );
    assert!(diff.bits_per_decision_ci95[0] <= diff.bits_per_decision_ci95[1]);
}
