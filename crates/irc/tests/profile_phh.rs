//! Player profiles (36 categories and HUD statistics counted by hand) and the PHH export
//! (golden text, and the hands PHH cannot express) on the hand-written fixtures.
#![allow(missing_docs)]
use loki_irc::phh::{expressible, write_hand, PhhSkip};
use loki_irc::profile::{players, profile};
use loki_irc::{load, Dataset};
use std::path::PathBuf;

fn fixtures() -> Dataset {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    load(&[dir.join("rootA"), dir.join("rootB")]).unwrap()
}

#[test]
fn bob_profile_counted_by_hand() {
    let d = fixtures();
    let p = profile(&d, "bob").unwrap();
    // Replayed hands of bob: 800000100, 800000200, 800000300, 800000500, 800100000.
    assert_eq!(p.profile.hands, 5);
    assert_eq!(p.profile.counts[0][0], [0, 1, 0]); // checks his big blind
    assert_eq!(p.profile.counts[0][1], [2, 2, 0]); // calls twice, folds twice facing a bet
    assert_eq!(p.profile.counts[1][0], [0, 2, 1]);
    assert_eq!(p.profile.counts[1][1], [1, 2, 0]); // the quit is a fold
    assert_eq!(p.profile.counts[2][0], [0, 2, 0]);
    assert_eq!(p.profile.counts[2][1], [1, 0, 0]);
    assert_eq!(p.profile.counts[3][0], [0, 0, 1]);
    let h = p.hud;
    assert_eq!(h.vpip, Some(2.0 / 5.0));
    assert_eq!(h.pfr, Some(0.0));
    assert_eq!(h.af, Some(1.0));
    assert_eq!(h.wtsd, Some(1.0 / 3.0));
    assert_eq!(h.wsd, Some(1.0));
    assert_eq!(p.showdowns.len(), 1);
    assert_eq!(p.showdowns[0].net, 55);
    assert_eq!(p.showdowns[0].cards.to_string(), "QsQd");
    assert!(profile(&d, "nobody").is_none());
    // The player list: hands dealt (replayed or not), then replayed.
    let list = players(&d);
    let names: Vec<&str> = list.iter().map(|p| p.nick.as_str()).collect();
    assert_eq!(names, ["alice", "bob", "carol", "erin", "dave", "testbot"]);
    assert_eq!(
        (list[1].hands, list[1].replayed, list[1].decisions),
        (6, 5, 15)
    );
    let bot = list.iter().find(|p| p.nick == "testbot").unwrap();
    assert!(bot.bot && bot.showdowns == 1);
}

const HAND_1: &str = r#"[1]
variant = "FT"
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
small_bet = 10
big_bet = 20
starting_stacks = [1000, 1000, 1000]
actions = [
  "d dh p1 ????",
  "d dh p2 QsQd",
  "d dh p3 AsKd",
  "p3 cbr 20",
  "p1 f",
  "p2 cc",
  "d db 2c7d9h",
  "p2 cc",
  "p3 cbr 10",
  "p2 cc",
  "d db Js",
  "p2 cc",
  "p3 cc",
  "d db Qc",
  "p2 cbr 20",
  "p3 cc",
  "p2 sm QsQd",
  "p3 sm AsKd",
]
hand = 800000100
players = ["alice", "bob", "carol"]
finishing_stacks = [995, 1055, 950]
"#;

#[test]
fn phh_export() {
    let d = fixtures();
    let mut out = Vec::new();
    write_hand(&mut out, 1, &d.hands[0]).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), HAND_1);
    let reasons: Vec<Result<(), PhhSkip>> = d.hands.iter().map(expressible).collect();
    assert_eq!(
        reasons,
        vec![
            Ok(()),
            Err(PhhSkip::HeadsUpPostflop),
            Ok(()),
            Ok(()),
            Ok(()),
            Ok(())
        ]
    );
    // The single blind: position 1 posts 10 alone.
    let mut out = Vec::new();
    write_hand(&mut out, 3, &d.hands[2]).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("blinds_or_straddles = [10, 0, 0, 0]"),
        "{text}"
    );
    // An all-in for less than a raise.
    let mut out = Vec::new();
    write_hand(&mut out, 4, &d.hands[3]).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("\"p2 cbr 25\""), "{text}");
    assert!(text.contains("finishing_stacks = [990, 55, 955]"), "{text}");
}
