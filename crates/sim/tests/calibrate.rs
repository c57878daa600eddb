//! The calibration yardstick (`loki calibrate`): every Loki player's model of every other
//! player scored on the true holding after each post-flop action, in self-play.
#![allow(missing_docs)]
use loki_bot::LokiConfig;
use loki_sim::{calibrate, Calibration, CalibrationSpec};

fn run(config: &LokiConfig, players: &str, hands: u64, tables: u64, seed: u64) -> Calibration {
    let spec = CalibrationSpec {
        players: players.into(),
        hands,
        tables,
        seed,
    };
    calibrate(config, &spec, &|_| {}).unwrap()
}

#[test]
fn the_same_seed_gives_the_same_scores_at_any_thread_count() {
    let config = LokiConfig::default();
    let with = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| run(&config, "SOM,GOM,BPM,random", 160, 4, 3))
    };
    let one = with(1);
    assert_eq!(one, with(2));
    assert!(one.rows.iter().map(|r| r.key.events).sum::<u64>() > 500);
    // Another seed scores other hands.
    assert_ne!(one, run(&config, "SOM,GOM,BPM,random", 160, 4, 4));
}

#[test]
fn gom_knows_the_basic_players_better_than_no_reweighting_does() {
    let c = run(&LokiConfig::default(), "GOM,3*BPM", 1500, 3, 28);
    let row = c.overall("GOM", "BPM").unwrap();
    assert!(row.key.events > 2000, "{}", row.key.events);
    // Significantly more bits on the true holding than its table of the flop.
    assert!(row.gain.mean - row.gain.ci95 > 0.1, "{row:?}");
    // Neither too strong nor too weak a belief on average.
    assert!((0.42..0.58).contains(&row.below.mean), "{row:?}");
    // BPM does not re-weight after the flop: its model is its table of the flop.
    let bpm = c.overall("BPM", "GOM").unwrap();
    assert_eq!(bpm.gain.mean, 0.0);
    assert_eq!(bpm.bits, bpm.reference_bits);
    // Rows per round and action add up to the overall one.
    let by_round: u64 = ["flop", "turn", "river"]
        .iter()
        .filter_map(|r| c.row("GOM", "BPM", r, "all"))
        .map(|r| r.key.events)
        .sum();
    assert_eq!(by_round, row.key.events);
}

#[test]
fn a_field_without_a_loki_player_has_nothing_to_score() {
    let spec = CalibrationSpec {
        players: "call,random".into(),
        hands: 10,
        tables: 1,
        seed: 1,
    };
    let e = calibrate(&LokiConfig::default(), &spec, &|_| {}).unwrap_err();
    assert!(e.to_string().contains("no Loki player"), "{e}");
}

#[test]
fn a_small_fixed_run_scores_its_golden_values() {
    // 60 hands of GOM, SOM, BPM and random at one table, seed 9: every number follows
    // from the deal, the players and the scoring; a change of any of them shows here.
    let c = run(&LokiConfig::default(), "GOM,SOM,BPM,random", 60, 1, 9);
    let golden = [
        (
            "GOM",
            "BPM",
            31,
            18,
            0.8810672717024696,
            0.6181854087546342,
            0.39340621085557226,
        ),
        (
            "GOM",
            "random",
            71,
            28,
            -0.20093492494368567,
            -0.12190098251065101,
            0.5178073661373614,
        ),
        (
            "SOM",
            "BPM",
            31,
            18,
            1.5339308013467,
            0.38106835194338773,
            0.39851311818040225,
        ),
        (
            "SOM",
            "random",
            71,
            28,
            -0.20207494878233526,
            -0.11746473403287346,
            0.5150893278681096,
        ),
    ];
    for (o, a, events, hands, bits, gain, below) in golden {
        let r = c.overall(o, a).unwrap();
        assert_eq!((r.key.events, r.key.hands), (events, hands), "{o} {a}");
        for (got, want) in [
            (r.bits.mean, bits),
            (r.gain.mean, gain),
            (r.below.mean, below),
        ] {
            assert!((got - want).abs() < 1e-9, "{o} {a}: {got} != {want}");
        }
    }
}

#[test]
fn a_simulation_predicts_a_calling_station_and_ranks_the_generators() {
    // `call` never folds, bets or raises: after a few hands every model's plain
    // frequencies say so, and a triple on cards (a raise when the holding is strong)
    // can only lose against them; its shown cards do not follow its actions, so the
    // calibrated model's trust moves POKI's in-trial triple to the frequencies.
    let c = run(&LokiConfig::default(), "POKI,SOM,call", 600, 2, 31);
    let poki = c
        .actions
        .iter()
        .find(|r| r.key.is("POKI", "call", "all", "all"))
        .unwrap();
    assert!(poki.key.events > 300, "{poki:?}");
    assert!(poki.frequency_bits.mean < 0.3, "{poki:?}");
    assert!(poki.hits.mean > 0.9, "{poki:?}");
    assert!(poki.bits.mean <= poki.by_cards_bits.mean, "{poki:?}");
    // Only checks and calls: no row for a bet, a raise or a fold.
    for action in ["bet", "raise", "fold"] {
        assert!(!c
            .actions
            .iter()
            .any(|r| r.key.actor == "call" && r.key.action == action));
    }
    // The rows per action add up to each round's.
    let flop: u64 = ["check", "bet", "call", "raise", "fold"]
        .iter()
        .filter_map(|a| {
            c.actions
                .iter()
                .find(|r| r.key.is("SOM", "POKI", "flop", a))
        })
        .map(|r| r.key.events)
        .sum();
    let all = c
        .actions
        .iter()
        .find(|r| r.key.is("SOM", "POKI", "flop", "all"))
        .unwrap();
    assert_eq!(flop, all.key.events);
    assert!(all.key.events > 0);
}

#[test]
fn a_small_fixed_run_predicts_its_golden_actions() {
    // The run of the holdings' golden test: SOM's simulation predicting BPM (whose
    // actions follow its cards: the cards help) and random (they do not: they cost).
    // Predicting after the action was observed, or scoring another action, changes them.
    let c = run(&LokiConfig::default(), "GOM,SOM,BPM,random", 60, 1, 9);
    let golden = [
        (
            "BPM",
            47,
            25,
            1.014660311180207,
            0.6331603008750863,
            0.851063829787234,
        ),
        (
            "random",
            83,
            32,
            1.2916265237522901,
            1.3792182336520789,
            0.42168674698795183,
        ),
    ];
    for (actor, events, hands, frequency_bits, bits, hits) in golden {
        let r = c
            .actions
            .iter()
            .find(|r| r.key.is("SOM", actor, "all", "all"))
            .unwrap();
        assert_eq!((r.key.events, r.key.hands), (events, hands), "{actor}");
        for (got, want) in [
            (r.frequency_bits.mean, frequency_bits),
            (r.bits.mean, bits),
            (r.hits.mean, hits),
        ] {
            assert!((got - want).abs() < 1e-9, "{actor}: {got} != {want}");
        }
    }
}
