//! The reader and the replay on hand-written fixtures (tests/data/rootA, rootB): merging
//! roots, the rebuilt order of play of each hand, skip reasons, and malformed lines as
//! typed errors with file and line.
#![allow(missing_docs)]
use loki_engine::Position;
use loki_engine::{Action, Round};
use loki_irc::{load, IrcError, LineError, Skip};
use std::path::PathBuf;

fn data(root: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(root)
}

fn order(h: &loki_irc::IrcHand) -> String {
    h.decisions
        .iter()
        .map(|d| format!("{}{}", h.irc_positions[d.spot.position], d.symbol))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn two_roots_merge_and_every_hand_is_replayed_or_counted() {
    let d = load(&[data("rootA"), data("rootB")]).unwrap();
    let s = &d.stats;
    assert_eq!(s.hands, 8);
    assert_eq!(s.replayed, 6);
    assert_eq!(
        s.lines.duplicate_lines, 5,
        "hand 800000100 is in both roots"
    );
    assert_eq!(s.skipped.get("missing pdb lines"), Some(&1));
    assert_eq!(
        s.skipped.get("actions left over (quit or kick mid-round)"),
        Some(&1)
    );
    assert_eq!(
        d.players,
        vec!["alice", "bob", "carol", "dave", "erin", "testbot"]
    );
    let times: Vec<u64> = d.hands.iter().map(|h| h.timestamp).collect();
    assert_eq!(
        times,
        vec![800000100, 800000200, 800000300, 800000450, 800000500, 800100000]
    );
    let skips: Vec<(u64, Skip)> = d.skips.clone();
    assert_eq!(
        skips[0],
        (
            800000350,
            Skip::PlayerLines {
                expected: 3,
                found: 2
            }
        )
    );
    assert_eq!(
        skips[1],
        (
            800000400,
            Skip::Leftover {
                position: 2,
                round: Round::Preflop
            }
        )
    );
    // One root alone has fewer hands.
    let a = load(&[data("rootA")]).unwrap();
    assert_eq!((a.stats.hands, a.stats.replayed), (6, 4));
}

#[test]
fn order_of_play_is_rebuilt() {
    let d = load(&[data("rootA"), data("rootB")]).unwrap();
    let h = &d.hands[0];
    // Pre-flop: position 3 raises first, then the blinds; after the flop the first live
    // player from position 1 acts first.
    assert_eq!(order(h), "3r 1f 2c 2k 3b 2c 2k 3k 2b 3c");
    assert_eq!(h.names, vec!["alice", "bob", "carol"]);
    assert_eq!(h.showdown, [1, 2].map(Position::new));
    assert_eq!(h.replayed_net, Some(h.recorded_net()));
    let rounds: Vec<Round> = h.decisions.iter().map(|d| d.spot.round).collect();
    assert_eq!(rounds[3], Round::Flop);
    assert_eq!(rounds[9], Round::River);
    // The situation of each decision: bets to call and the pot before the action.
    let d0 = h.decisions[0].spot;
    assert_eq!(
        (d0.bets_to_call, d0.to_call, d0.pot, d0.live),
        (1, 10, 15, 3)
    );
    assert_eq!(d0.bets_this_round, 1);
    let d1 = h.decisions[1].spot;
    assert_eq!((d1.bets_to_call, d1.to_call, d1.pot), (2, 15, 35));
    assert_eq!(h.decisions[3].spot.live, 2);
    // Heads-up: the small blind (position 1) acts first in every round.
    let hu = &d.hands[1];
    assert_eq!(order(hu), "1c 2k 1b 2r 1c 1k 2b 1f");
    assert_eq!(hu.irc_positions, vec![2, 1]);
    assert!(hu.showdown.is_empty());
    // One blind (posted by position 1 alone): position 2 acts first.
    let sb = &d.hands[2];
    assert_eq!(order(sb), "2f 3f 4f");
    assert_eq!(sb.put_in, vec![10, 0, 0, 0]);
    // An all-in big blind raises for less; the board is dealt without more betting.
    let ai = &d.hands[3];
    assert_eq!(order(ai), "3r 1f 2A 3c");
    let a = ai.decisions[2];
    assert_eq!((a.class, a.action), (Action::Raise, Action::Raise));
    assert_eq!(ai.board.len(), 5);
    assert_eq!(ai.put_in, vec![5, 25, 25]);
    assert_eq!(ai.revealed().len(), 2);
    // A quit counts as a fold.
    let q = &d.hands[4];
    assert_eq!(order(q), "3c 1c 2k 1k 2k 3b 1f 2Q");
    assert_eq!(q.decisions[7].class, Action::Fold);
}

fn scratch(name: &str) -> PathBuf {
    let dir =
        std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("loki-irc-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("holdem/199504/pdb")).unwrap();
    dir
}

#[test]
fn malformed_lines_are_errors_with_file_and_line() {
    let root = scratch("bad");
    let month = root.join("holdem/199504");
    std::fs::write(
        month.join("hdb"),
        "800000100   1   1  2  0/0 0/0 0/0 1/15\n",
    )
    .unwrap();
    std::fs::write(month.join("hroster"), "800000100  2 al bo\n").unwrap();
    std::fs::write(
        month.join("pdb/pdb.al"),
        "al 800000100 2 1 Bf - - - 100 5 0\nal 800000101 2 1 Bx - - - 100 5 0\n",
    )
    .unwrap();
    match load(std::slice::from_ref(&root)) {
        Err(IrcError::Line { path, line, error }) => {
            assert!(path.ends_with("pdb/pdb.al"), "{}", path.display());
            assert_eq!(line, 2);
            assert!(matches!(error, LineError::Actions { field: 5, .. }));
        }
        other => panic!("{other:?}"),
    }
    std::fs::write(
        month.join("pdb/pdb.al"),
        "bo 800000100 2 1 Bf - - - 100 5 0\n",
    )
    .unwrap();
    assert!(matches!(
        load(std::slice::from_ref(&root)),
        Err(IrcError::Line {
            error: LineError::Nick { .. },
            ..
        })
    ));
    std::fs::remove_file(month.join("hroster")).unwrap();
    assert!(matches!(
        load(std::slice::from_ref(&root)),
        Err(IrcError::Missing(_))
    ));
    assert!(matches!(
        load(&[root.join("holdem")]),
        Err(IrcError::NotARoot(_))
    ));
    let _ = std::fs::remove_dir_all(&root);
}
