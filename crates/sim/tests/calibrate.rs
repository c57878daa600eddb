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
    assert!(one.rows.iter().map(|r| r.events).sum::<u64>() > 500);
    // Another seed scores other hands.
    assert_ne!(one, run(&config, "SOM,GOM,BPM,random", 160, 4, 4));
}

#[test]
fn gom_knows_the_basic_players_better_than_no_reweighting_does() {
    let c = run(&LokiConfig::default(), "GOM,3*BPM", 1500, 3, 28);
    let row = c.overall("GOM", "BPM").unwrap();
    assert!(row.events > 2000, "{}", row.events);
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
        .map(|r| r.events)
        .sum();
    assert_eq!(by_round, row.events);
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
