//! `loki acpc match`'s reduced estimate: the chance corrections keep each player's mean
//! (within the two intervals) and narrow its interval, heads-up and three-handed.
use loki_acpc::GameDef;
use loki_agent::Roster;
use loki_sim::loopback::{play, LoopbackSpec};

fn report(kinds: &[&str], hands: u64, seed: u64) -> loki_sim::loopback::LoopbackReport {
    let n = kinds.len();
    let spec = LoopbackSpec {
        game: GameDef::holdem(n).unwrap(),
        game_name: format!("{}.game", GameDef::holdem_name(n)),
        kinds: kinds.iter().map(|k| k.to_string()).collect(),
        hands,
        seed,
        duplicate: false,
    };
    let roster = Roster::new(Default::default()).unwrap();
    play(&spec, &roster, &mut |_| Ok(None), &mut || {}).unwrap()
}

#[test]
fn the_reduced_estimate_keeps_the_mean_and_narrows_the_interval() {
    for (kinds, seed) in [
        (&["SOM", "random"][..], 3),
        (&["BPM", "call", "random"][..], 4),
    ] {
        let r = report(kinds, 400, seed);
        for p in &r.players {
            let (plain, plain_ci) = p.sb_per_hand;
            let (reduced, reduced_ci) = p.reduced_sb_per_hand;
            assert!(
                (plain - reduced).abs() < plain_ci + reduced_ci,
                "{}: {plain} ± {plain_ci} against {reduced} ± {reduced_ci}",
                p.name
            );
            assert!(
                reduced_ci < 0.9 * plain_ci,
                "{}: {reduced_ci} vs {plain_ci}",
                p.name
            );
        }
        // Zero-sum: the corrections sum to zero over the seats of every hand.
        let sum: f64 = r.players.iter().map(|p| p.reduced_sb_per_hand.0).sum();
        assert!(sum.abs() < 1e-9, "{sum}");
    }
}
