//! Unknown hole cards (PHH's `????`): a hand whose unknown holdings fold, win without a
//! showdown or are shown later is checked in full; a showdown with an unknown holding is
//! checked for everything but who won (its finishing stacks for conservation only); and
//! the PHH writer and reader round-trip hands with hidden cards (property test).
#![allow(missing_docs)]
use loki_cards::{rng_from_seed, uniform_below, HoleCards};
use loki_engine::Position;
use loki_engine::{Event, GameConfig, GameSpec, HandRecord, Player, RandomPlayer, Table};
use loki_history::{read_phh, write_phh, write_phh_replayed, Outcome, ReplayedHand};
use proptest::prelude::*;

/// Heads-up, p2 (the small blind) raises and p1 calls down; p2 bets the river, p1 calls.
fn heads_up(p1: &str, p1_shows: &str, p2_shows: &str, finishing: Option<&str>) -> String {
    let fin = finishing.map_or(String::new(), |f| format!("finishing_stacks = {f}\n"));
    format!(
        r#"variant = "FT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [52, 52]
actions = [
  "d dh p1 {p1}",
  "d dh p2 7h4c",
  "p2 cbr 4",
  "p1 cc",
  "d db 4sAh7d",
  "p1 cc",
  "p2 cbr 2",
  "p1 cc",
  "d db Qc",
  "p1 cc",
  "p2 cbr 4",
  "p1 cc",
  "d db 3c",
  "p1 cc",
  "p2 cbr 4",
  "p1 cc",
  "p2 sm {p2_shows}",
  "p1 sm {p1_shows}",
]
{fin}"#
    )
}

fn one(text: &str) -> Result<ReplayedHand, String> {
    let mut hands = read_phh(text.as_bytes()).map_err(|e| e.to_string())?;
    assert_eq!(hands.len(), 1);
    hands.remove(0).map_err(|e| e.to_string())
}

#[test]
fn an_unknown_holding_shown_at_the_showdown_is_checked_in_full() {
    // p1's cards are unknown when dealt and shown at the end: the hand settles as if
    // they had been known (p2's pair of sevens beats p1's pair of threes).
    let h = one(&heads_up("????", "8c3s", "7h4c", Some("[38, 66]"))).unwrap();
    let r = h.record().expect("settled");
    assert_eq!(r.net, vec![-14, 14]);
    assert_eq!(
        r.hole[Position::new(0)],
        Some("8c3s".parse::<HoleCards>().unwrap())
    );
    // ... and the finishing stacks are still compared with the engine's
    let e = one(&heads_up("????", "8c3s", "7h4c", Some("[66, 38]"))).unwrap_err();
    assert!(e.contains("finishing stacks [66, 38] differ"), "{e}");
    // a shown card that is already on the board is refused
    let e = one(&heads_up("????", "Ah3s", "7h4c", None)).unwrap_err();
    assert!(e.contains("p1 shows"), "{e}");
}

#[test]
fn a_showdown_with_an_unknown_holding_checks_what_it_can() {
    // p1 never shows: who won is unknown.
    let h = one(&heads_up("????", "????", "7h4c", None)).unwrap();
    let Outcome::Unsettled(u) = &h.outcome else {
        panic!("settled without p1's cards")
    };
    assert_eq!(u.unknown, vec![0]);
    assert_eq!(u.contributions, vec![14, 14]);
    assert_eq!(u.finishing_stacks, None);
    // finishing stacks that keep every chip and stay within the pot are accepted,
    // whichever player won (both results are possible)
    for fin in ["[38, 66]", "[66, 38]", "[52, 52]"] {
        let h = one(&heads_up("????", "????", "7h4c", Some(fin))).unwrap();
        assert!(h.record().is_none());
    }
    // chips made or lost are not
    let e = one(&heads_up("????", "????", "7h4c", Some("[38, 67]"))).unwrap_err();
    assert!(
        e.contains("do not keep the starting stacks' 104 chips"),
        "{e}"
    );
    let e = one(&heads_up("????", "????", "7h4c", Some("[30, 74]"))).unwrap_err();
    assert!(e.contains("p1 finishes with 30, outside 38..=66"), "{e}");
    // half-known cards are not supported, with a clear reason
    let e = one(&heads_up("8c??", "????", "7h4c", None)).unwrap_err();
    assert!(e.contains("partly unknown cards `8c??`"), "{e}");
}

#[test]
fn a_folded_unknown_holding_checks_the_folders_stack() {
    let text = r#"variant = "FT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [50, 50, 50]
actions = [
  "d dh p1 ????",
  "d dh p2 ????",
  "d dh p3 ????",
  "p3 cbr 4",
  "p1 f",
  "p2 cc",
  "d db 4sAh7d",
  "p2 cc",
  "p3 cc",
  "d db Qc",
  "p2 cc",
  "p3 cc",
  "d db 3c",
  "p2 cc",
  "p3 cc",
  "p2 sm ????",
  "p3 sm ????",
]
finishing_stacks = [FIN]
"#;
    let h = one(&text.replace("FIN", "49, 55, 46")).unwrap();
    assert!(h.record().is_none());
    // p1 folded its small blind: it must finish with 49
    let e = one(&text.replace("FIN", "50, 54, 46")).unwrap_err();
    assert!(
        e.contains("p1 folded after putting in 1, so finishes with 49"),
        "{e}"
    );
}

/// Hides the cards of some positions as an observer would: dealt `????`, and at a
/// showdown either shown (`reveal`) or never. Returns the record to write and the hole
/// cards the reader should find.
fn hide(r: &HandRecord, mask: u16, reveal: u16) -> (HandRecord, Vec<Option<HoleCards>>, bool) {
    let mut out = r.clone();
    let mut expect = r.hole.clone();
    let mut unsettled = false;
    for (p, expected) in expect.iter_mut().enumerate() {
        if mask >> p & 1 == 0 {
            continue;
        }
        for e in &mut out.played.events {
            if matches!(*e, Event::HoleDealt { position, .. } if position == Position::new(p)) {
                *e = Event::HoleHidden {
                    position: Position::new(p),
                };
            }
        }
        let at_showdown = r.ranks[Position::new(p)].is_some();
        if at_showdown && reveal >> p & 1 == 1 {
            continue; // dealt unknown, shown at the end
        }
        out.played.hole[Position::new(p)] = None;
        *expected = None;
        unsettled |= at_showdown;
    }
    (out, expect.as_slice().to_vec(), unsettled)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]
    #[test]
    fn hands_with_unknown_cards_round_trip(seed in any::<u64>()) {
        let mut rng = rng_from_seed(seed);
        let seats = 2 + uniform_below(&mut rng, 8) as usize;
        let finite = uniform_below(&mut rng, 3) == 0;
        let config = GameConfig::new(GameSpec {
            seats,
            stacks: finite.then(|| (0..seats).map(|_| 1 + i64::from(uniform_below(&mut rng, 40))).collect()),
            ..GameSpec::default()
        }).unwrap();
        let players = (0..seats)
            .map(|i| Box::new(RandomPlayer::new(format!("random-{}", i + 1), seed ^ i as u64)) as Box<dyn Player + Send>)
            .collect();
        let records = Table::new(config, players, seed).unwrap().play(100).unwrap();
        let mut written = Vec::new();
        let mut expected = Vec::new();
        for r in &records {
            let mask = uniform_below(&mut rng, 1 << seats) as u16;
            let reveal = uniform_below(&mut rng, 1 << seats) as u16;
            let (w, hole, unsettled) = hide(r, mask, reveal);
            written.push(w);
            expected.push((hole, unsettled));
        }
        let mut phh = Vec::new();
        write_phh(&mut phh, &written).unwrap();
        let text = String::from_utf8(phh).unwrap();
        let back = read_phh(text.as_bytes()).unwrap();
        prop_assert_eq!(back.len(), records.len());
        let mut replayed = Vec::new();
        for ((r, (hole, unsettled)), b) in records.iter().zip(&expected).zip(back) {
            let b = b.map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            match &b.outcome {
                Outcome::Settled(got) => {
                    prop_assert!(!unsettled);
                    prop_assert_eq!(&got.hole, hole);
                    prop_assert_eq!(&got.net, &r.net);
                    prop_assert_eq!(&got.ranks, &r.ranks);
                    prop_assert_eq!(&got.finishing_stacks, &r.finishing_stacks);
                    prop_assert_eq!(&got.actions, &r.actions);
                    prop_assert_eq!(&got.board, &r.board);
                }
                Outcome::Unsettled(u) => {
                    prop_assert!(unsettled);
                    prop_assert_eq!(&u.hole, hole);
                    prop_assert_eq!(&u.contributions, &r.contributions);
                    prop_assert_eq!(&u.board, &r.board);
                    prop_assert_eq!(u.finishing_stacks.as_deref(), Some(r.finishing_stacks.as_slice()));
                    prop_assert!(!u.unknown.is_empty());
                }
            }
            replayed.push(b);
        }
        // `history convert`'s writer carries the unknown cards through unchanged
        let mut again = Vec::new();
        write_phh_replayed(&mut again, &replayed).unwrap();
        prop_assert_eq!(String::from_utf8(again).unwrap(), text);
    }
}
