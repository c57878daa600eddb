//! Duplicate-tournament checks: zero-sum per deal, exact symmetry for identical
//! deterministic players, and results independent of the thread count.
#![allow(missing_docs)]
use loki_agent::{Roster, RosterError, SeatPlayer, SeatedPlayer};
use loki_bot::LokiConfig;
use loki_cards::mix;
use loki_engine::GameConfig;
use loki_sim::{DuplicateTables, PlayerFactory};

struct Factory {
    roster: Roster,
    kinds: Vec<String>,
    seed: u64,
}

impl PlayerFactory for Factory {
    fn make(
        &self,
        seat: usize,
        rotation: usize,
        match_seed: u64,
    ) -> Result<SeatedPlayer, RosterError> {
        let kind = &self.kinds[seat];
        let seed = mix(self.seed ^ match_seed, (rotation * 16 + seat) as u64);
        let player = self.roster.make(kind, kind, seed)?;
        Ok(SeatedPlayer::new(SeatPlayer::Simple(player)))
    }
}

fn run(kinds: &[&str], deals: u64, threads: usize) -> Vec<Vec<i64>> {
    let f = Factory {
        roster: Roster::new(LokiConfig::default()).unwrap(),
        kinds: kinds.iter().map(|s| s.to_string()).collect(),
        seed: 99,
    };
    let config = GameConfig::paper(kinds.len()).unwrap();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| {
        let mut t = DuplicateTables::new(config, 7, &f).unwrap();
        let mut left = deals;
        while left > 0 {
            let b = left.min(7);
            t.play_batch(b, &f).unwrap();
            left -= b;
        }
        t.ledger().net.clone()
    })
}

#[test]
fn identical_deterministic_players_net_exactly_zero() {
    for n in [2, 3, 6, 10] {
        let kinds = vec!["call"; n];
        for deal in run(&kinds, 20, 2) {
            assert!(deal.iter().all(|&x| x == 0), "{n} seats: {deal:?}");
        }
    }
}

#[test]
fn zero_sum_per_deal_and_thread_independent() {
    let kinds = ["random", "call", "raise", "random", "random"];
    let one = run(&kinds, 30, 1);
    let two = run(&kinds, 30, 2);
    assert_eq!(one, two);
    assert_eq!(one.len(), 30);
    for deal in &one {
        assert_eq!(deal.iter().sum::<i64>(), 0);
    }
    // The raiser and the caller do not break even against random players every deal.
    assert!(one.iter().any(|d| d[2] != 0));
}
