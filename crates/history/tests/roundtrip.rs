//! Every history written replays to the same result: random tables (2-10 seats, random,
//! call and raise players, sometimes finite stacks or a single blind) are written as PHH
//! and ACPC logs, read back and replayed. 150 x 200 = 30,000 hands.
#![allow(missing_docs)]
use loki_cards::{rng_from_seed, uniform_below};
use loki_engine::{
    CallPlayer, GameConfig, GameSpec, HandRecord, Player, RaisePlayer, RandomPlayer, RuleOptions,
    Table,
};
use loki_history::{read_acpc, read_phh, write_acpc_log, write_phh, AcpcHeader};
use proptest::prelude::*;

fn same_hand(a: &HandRecord, b: &HandRecord) -> Result<(), TestCaseError> {
    prop_assert_eq!(&a.hole, &b.hole);
    prop_assert_eq!(&a.board, &b.board);
    prop_assert_eq!(&a.actions, &b.actions);
    prop_assert_eq!(&a.net, &b.net);
    prop_assert_eq!(&a.contributions, &b.contributions);
    prop_assert_eq!(&a.names, &b.names);
    prop_assert_eq!(&a.seats, &b.seats);
    prop_assert_eq!(a.hand_number, b.hand_number);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]
    #[test]
    fn written_histories_replay_to_the_same_result(seed in any::<u64>()) {
        let mut rng = rng_from_seed(seed);
        let seats = 2 + uniform_below(&mut rng, 9) as usize;
        let finite = uniform_below(&mut rng, 3) == 0;
        let single_blind = seats > 2 && uniform_below(&mut rng, 5) == 0;
        let config = GameConfig::new(GameSpec {
            seats,
            stacks: finite.then(|| (0..seats).map(|_| 1 + i64::from(uniform_below(&mut rng, 40))).collect()),
            rules: RuleOptions { single_blind, ..RuleOptions::default() },
            ..GameSpec::default()
        }).unwrap();
        let players: Vec<Box<dyn Player + Send>> = (0..seats)
            .map(|i| {
                let name = format!("p{i}");
                match uniform_below(&mut rng, 3) {
                    0 => Box::new(RandomPlayer::new(name, seed ^ i as u64)) as Box<dyn Player + Send>,
                    1 => Box::new(CallPlayer::new(name)),
                    _ => Box::new(RaisePlayer::new(name)),
                }
            })
            .collect();
        let records = Table::new(config, players, seed).unwrap().play(200).unwrap();

        let mut phh = Vec::new();
        write_phh(&mut phh, &records).unwrap();
        let back = read_phh(&phh[..]).unwrap();
        prop_assert_eq!(back.len(), records.len());
        for (r, b) in records.iter().zip(back) {
            let b = b.map_err(|e| TestCaseError::fail(format!("{e}\n{}", String::from_utf8_lossy(&phh))))?;
            same_hand(r, b.record().unwrap())?;
            prop_assert_eq!(&r.finishing_stacks, &b.record().unwrap().finishing_stacks);
        }
        if !finite && !single_blind {
            let mut log = Vec::new();
            let header = AcpcHeader { match_name: "t".into(), game_file: "g".into(), hands: 200, seed };
            write_acpc_log(&mut log, Some(&header), &records).unwrap();
            let back = read_acpc(&log[..], &GameSpec::default()).unwrap();
            prop_assert_eq!(back.len(), records.len());
            for (r, b) in records.iter().zip(back) {
                let b = b.map_err(|e| TestCaseError::fail(e.to_string()))?;
                same_hand(r, b.record().unwrap())?;
            }
        }
    }
}
