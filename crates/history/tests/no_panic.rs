//! Bad input never panics: random edits of valid PHH and ACPC histories are either
//! replayed or reported with a hand and a line.
#![allow(missing_docs)]
use loki_engine::{GameConfig, GameSpec, Player, RandomPlayer, Table};
use loki_history::{read_history, write_acpc_log, write_phh, HistoryError};
use proptest::prelude::*;

fn sample(seed: u64, acpc: bool) -> String {
    let players = (0..3)
        .map(|i| {
            Box::new(RandomPlayer::new(format!("random-{}", i + 1), seed ^ i))
                as Box<dyn Player + Send>
        })
        .collect();
    let config = GameConfig::paper(3).unwrap();
    let records = Table::new(config, players, seed).unwrap().play(3).unwrap();
    let mut out = Vec::new();
    if acpc {
        write_acpc_log(&mut out, None, &records).unwrap();
    } else {
        write_phh(&mut out, &records).unwrap();
    }
    String::from_utf8(out).unwrap()
}

const PIECES: &[&str] = &[
    "",
    "0",
    "-1",
    "99999999999999999999",
    "p9",
    "p0",
    "cbr",
    "f",
    "cc",
    "sm",
    "??",
    "????",
    "sm ????",
    "d dh p2 ????",
    "As",
    "AsAs",
    "[",
    "]",
    "\"",
    "|",
    "/",
    ":",
    "r",
    "c",
    "STATE",
    "\n",
    "d db",
    "d dh p1",
    "1e400",
    "[[x]]",
    "variant = \"NT\"",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn edited_histories_never_panic(
        seed in 0u64..50,
        acpc in any::<bool>(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), 0..PIECES.len(), 0usize..4), 1..4),
    ) {
        let mut text = sample(seed, acpc);
        for (at, piece, cut) in edits {
            let mut i = at.index(text.len() + 1);
            while !text.is_char_boundary(i) {
                i -= 1;
            }
            let mut j = (i + cut).min(text.len());
            while !text.is_char_boundary(j) {
                j -= 1;
            }
            text.replace_range(i..j, PIECES[piece]);
        }
        match read_history(text.as_bytes(), &GameSpec::default()) {
            Ok((_, hands)) => {
                for h in hands {
                    if let Err(e) = h {
                        let HistoryError::Hand { line, .. } = e else {
                            return Err(TestCaseError::fail(format!("unexpected {e}")));
                        };
                        prop_assert!(line >= 1 && line <= text.lines().count().max(1) + 1);
                    }
                }
            }
            Err(HistoryError::UnknownFormat | HistoryError::Empty) => {}
            Err(e) => return Err(TestCaseError::fail(format!("unexpected {e}"))),
        }
    }
}
