//! Golden cases of all-ins short of a full bet or raise, each as PokerKit 0.7.7 plays it
//! (`python3 scripts/pokerkit_short_all_ins.py` prints the same table from PokerKit):
//! blinds 2/4, bets 4/8, the default cap; short all-ins of less than half, exactly half
//! and more than half a bet, and a full one for contrast. For each case: who acts after
//! the script, which actions are legal, the round's bets, and why a raise is refused.
//! The rule is in the module docs of `state.rs`.
#![allow(missing_docs)]
use loki_cards::{parse_cards, Card, HoleCards};
use loki_engine::Position;
use loki_engine::{Action, ActionError, GameConfig, GameSpec, HandState, Phase};
use ActionError::{CannotRaise, NotReopened, RaiseCap};

type Case = (
    &'static str,
    &'static [i64],
    &'static str,
    usize,
    &'static str,
    &'static [i64],
    Option<ActionError>,
);

/// (name, stacks by position, ACPC betting, position to act, legal actions, round bets,
/// why a raise is refused).
#[rustfmt::skip]
const CASES: &[Case] = &[
    ("pre-flop short raise +1: BB not yet acted", &[9, 100, 100], "rr", 1, "fcr", &[9, 4, 8], None),
    ("pre-flop short raise +2: BB not yet acted", &[10, 100, 100], "rr", 1, "fcr", &[10, 4, 8], None),
    ("pre-flop short raise +3: BB not yet acted", &[11, 100, 100], "rr", 1, "fcr", &[11, 4, 8], None),
    ("pre-flop short raise +4: BB not yet acted", &[12, 100, 100], "rr", 1, "fcr", &[12, 4, 8], None),
    ("pre-flop short raise +1: UTG acted", &[9, 100, 100], "rrc", 2, "fc", &[9, 9, 8], Some(NotReopened)),
    ("pre-flop short raise +2: UTG acted", &[10, 100, 100], "rrc", 2, "fc", &[10, 10, 8], Some(NotReopened)),
    ("pre-flop short raise +3: UTG acted", &[11, 100, 100], "rrc", 2, "fc", &[11, 11, 8], Some(NotReopened)),
    ("pre-flop short raise +4: UTG acted", &[12, 100, 100], "rrc", 2, "fcr", &[12, 12, 8], None),
    ("flop short raise +1: p2 not yet acted", &[100, 9, 100], "ccc/rr", 2, "fcr", &[4, 5, 0], None),
    ("flop short raise +2: p2 not yet acted", &[100, 10, 100], "ccc/rr", 2, "fcr", &[4, 6, 0], None),
    ("flop short raise +3: p2 not yet acted", &[100, 11, 100], "ccc/rr", 2, "fcr", &[4, 7, 0], None),
    ("flop short raise +4: p2 not yet acted", &[100, 12, 100], "ccc/rr", 2, "fcr", &[4, 8, 0], None),
    ("flop short raise +1: bettor p0", &[100, 9, 100], "ccc/rrc", 0, "fc", &[4, 5, 5], Some(NotReopened)),
    ("flop short raise +2: bettor p0", &[100, 10, 100], "ccc/rrc", 0, "fc", &[4, 6, 6], Some(NotReopened)),
    ("flop short raise +3: bettor p0", &[100, 11, 100], "ccc/rrc", 0, "fc", &[4, 7, 7], Some(NotReopened)),
    ("flop short raise +4: bettor p0", &[100, 12, 100], "ccc/rrc", 0, "fcr", &[4, 8, 8], None),
    ("flop short bet 1: p1", &[5, 100, 100], "ccc/r", 1, "fcr", &[1, 0, 0], None),
    ("flop short bet 2: p1", &[6, 100, 100], "ccc/r", 1, "fcr", &[2, 0, 0], None),
    ("flop short bet 3: p1", &[7, 100, 100], "ccc/r", 1, "fcr", &[3, 0, 0], None),
    ("flop short bet 1: p2 after a call", &[5, 100, 100], "ccc/rc", 2, "fcr", &[1, 1, 0], None),
    ("flop short bet 2: p2 after a call", &[6, 100, 100], "ccc/rc", 2, "fcr", &[2, 2, 0], None),
    ("flop short bet 3: p2 after a call", &[7, 100, 100], "ccc/rc", 2, "fcr", &[3, 3, 0], None),
    ("flop short bet 1: p1 after a raise", &[5, 100, 100], "ccc/rcr", 1, "fcr", &[1, 1, 5], None),
    ("flop short bet 2: p1 after a raise", &[6, 100, 100], "ccc/rcr", 1, "fcr", &[2, 2, 6], None),
    ("flop short bet 3: p1 after a raise", &[7, 100, 100], "ccc/rcr", 1, "fcr", &[3, 3, 7], None),
    ("pre-flop short first raise +1: SB", &[100, 100, 100, 5], "cr", 0, "fcr", &[2, 4, 4, 5], None),
    ("pre-flop short first raise +2: SB", &[100, 100, 100, 6], "cr", 0, "fcr", &[2, 4, 4, 6], None),
    ("pre-flop short first raise +3: SB", &[100, 100, 100, 7], "cr", 0, "fcr", &[2, 4, 4, 7], None),
    ("pre-flop short first raise +1: UTG", &[100, 100, 100, 5], "crcc", 2, "fcr", &[5, 5, 4, 5], None),
    ("pre-flop short first raise +2: UTG", &[100, 100, 100, 6], "crcc", 2, "fcr", &[6, 6, 4, 6], None),
    ("pre-flop short first raise +3: UTG", &[100, 100, 100, 7], "crcc", 2, "fcr", &[7, 7, 4, 7], None),
    ("two short raises +1 +1: bettor p0", &[100, 9, 100, 10], "cccc/rrcr", 0, "fc", &[4, 5, 5, 6], Some(NotReopened)),
    ("two short raises +2 +1: bettor p0", &[100, 10, 100, 11], "cccc/rrcr", 0, "fc", &[4, 6, 6, 7], Some(NotReopened)),
    ("two short raises +2 +2: bettor p0", &[100, 10, 100, 12], "cccc/rrcr", 0, "fcr", &[4, 6, 6, 8], None),
    ("two short raises +1 +3: bettor p0", &[100, 9, 100, 12], "cccc/rrcr", 0, "fcr", &[4, 5, 5, 8], None),
    ("two short raises +3 +3: bettor p0", &[100, 11, 100, 14], "cccc/rrcr", 0, "fcr", &[4, 7, 7, 10], None),
    ("two short raises +1 +1: caller p2", &[100, 9, 100, 10], "cccc/rrcrc", 2, "fc", &[6, 5, 5, 6], Some(NotReopened)),
    ("two short raises +2 +1: caller p2", &[100, 10, 100, 11], "cccc/rrcrc", 2, "fc", &[7, 6, 6, 7], Some(NotReopened)),
    ("two short raises +2 +2: caller p2", &[100, 10, 100, 12], "cccc/rrcrc", 2, "fc", &[8, 6, 6, 8], Some(NotReopened)),
    ("two short raises +1 +3: caller p2", &[100, 9, 100, 12], "cccc/rrcrc", 2, "fc", &[8, 5, 5, 8], Some(NotReopened)),
    ("two short raises +3 +3: caller p2", &[100, 11, 100, 14], "cccc/rrcrc", 2, "fc", &[10, 7, 7, 10], Some(NotReopened)),
    ("cap: a short raise counts", &[100, 100, 100, 11], "rrr", 1, "fc", &[15, 4, 8, 11], Some(RaiseCap)),
    ("big blind left alone with chips", &[100, 100, 1], "cf", 1, "c", &[2, 4, 1], Some(CannotRaise)),
    ("nobody can call more", &[5, 8, 100], "ccc/cr", 2, "fc", &[0, 4, 0], Some(CannotRaise)),
];

fn config(stacks: &[i64], max_raises: Option<u32>) -> GameConfig {
    GameConfig::new(GameSpec {
        seats: stacks.len(),
        small_blind: 2,
        big_blind: 4,
        small_bet: 4,
        big_bet: 8,
        max_raises,
        stacks: Some(stacks.to_vec()),
        ..GameSpec::default()
    })
    .unwrap()
}

fn play(stacks: &[i64], script: &str) -> HandState {
    play_capped(stacks, script, Some(3))
}

/// Deals fixed cards and plays `script` (ACPC betting, `/` where a board is dealt).
fn play_capped(stacks: &[i64], script: &str, max_raises: Option<u32>) -> HandState {
    let deck: Vec<Card> = parse_cards("AsKsQsJsTs9s8s7s6s5s4s3s2sAhKhQhJhTh9h8h").unwrap();
    let mut s = HandState::new(&config(stacks, max_raises)).unwrap();
    for p in Position::all(stacks.len()) {
        s.deal_hole(
            p,
            HoleCards::new(deck[2 * p.index()], deck[2 * p.index() + 1]).unwrap(),
        )
        .unwrap();
    }
    let mut board = deck[2 * stacks.len()..].iter().copied();
    for ch in script.chars() {
        if ch == '/' {
            let Phase::DealBoard(r) = s.phase() else {
                panic!("{script}: no board due: {:?}", s.phase())
            };
            let cards: Vec<Card> = board.by_ref().take(r.cards_dealt()).collect();
            s.deal_board(&cards).unwrap();
        } else {
            let a = Action::from_acpc_char(ch).unwrap();
            s.apply(a).unwrap_or_else(|e| panic!("{script}: {a}: {e}"));
        }
    }
    s
}

fn legal(s: &HandState) -> String {
    let l = s.legal_actions();
    [
        (Action::Fold, 'f'),
        (Action::Call, 'c'),
        (Action::Raise, 'r'),
    ]
    .into_iter()
    .filter(|(a, _)| l.contains(*a))
    .map(|(_, c)| c)
    .collect()
}

#[test]
fn short_all_ins_reopen_the_betting_as_in_pokerkit() {
    for (name, stacks, script, actor, want, bets, why) in CASES {
        let s = play(stacks, script);
        assert_eq!(
            s.to_act(),
            Some(Position::new(*actor)),
            "{name}: position to act"
        );
        assert_eq!(legal(&s), *want, "{name}: legal actions");
        assert_eq!(s.round_bets(), *bets, "{name}: round bets");
        assert_eq!(s.check(Action::Raise).err(), *why, "{name}: raise");
    }
}

#[test]
fn short_all_ins_reopen_only_while_they_add_up_to_a_full_raise() {
    // no cap. UTG (position 2) raises to 8, then all-ins to 10 and 12 (2 short each,
    // together a full raise), the small blind calls 12.
    // The big blind calls too: UTG owes 4, a full raise, and may re-raise.
    let s = play_capped(&[40, 40, 40, 10, 12], "rrrcc", None);
    assert_eq!(
        (s.to_act(), legal(&s).as_str()),
        (Some(Position::new(2)), "fcr")
    );
    assert_eq!(s.round_bets(), &[12, 12, 8, 10, 12]);
    // The big blind goes all-in to 13 instead, a third short all-in: UTG owes 5 but has
    // acted since the last full raise, and the new run of short all-ins (1) is not a full
    // raise yet, so it may only call or fold (PokerKit's rule, not "owes a full raise").
    let s = play_capped(&[40, 13, 40, 10, 12], "rrrcr", None);
    assert_eq!(
        (s.to_act(), legal(&s).as_str()),
        (Some(Position::new(2)), "fc")
    );
    assert_eq!(s.round_bets(), &[12, 13, 8, 10, 12]);
    assert_eq!(s.check(Action::Raise), Err(NotReopened));
}

#[test]
fn a_refused_raise_changes_nothing_and_calling_still_works() {
    // UTG raised to 8, the small blind went all-in to 9, the big blind called: UTG may
    // not re-raise the 1-chip short raise
    let mut s = play(&[9, 100, 100], "rrc");
    let events = s.events().len();
    assert_eq!(s.apply(Action::Raise), Err(NotReopened));
    assert_eq!(s.events().len(), events);
    assert_eq!(s.to_act(), Some(Position::new(2)));
    s.apply(Action::Call).unwrap();
    assert_eq!(s.phase(), Phase::DealBoard(loki_engine::Round::Flop));
    assert_eq!(s.contributions(), &[9, 9, 9]);
}

#[test]
fn the_raise_after_a_short_all_in_adds_a_full_bet_to_it() {
    // a 1-chip all-in bet on the flop is the round's first bet, so it is full: the
    // raise over it goes to 1 + 4, and it reopens for the all-in bettor's callers
    let s = play(&[5, 100, 100], "ccc/rcr");
    assert_eq!(s.round_bets(), &[1, 1, 5]);
    assert_eq!(s.bets_this_round(), 2);
    assert_eq!(s.raises_this_round(), 2);
    // pre-flop the first raise over the big blind is full even when short: 4 -> 5,
    // and the next raise goes to 5 + 4
    let s = play(&[100, 100, 100, 5], "crr");
    assert_eq!(s.round_bets(), &[9, 4, 4, 5]);
}

#[test]
fn a_short_all_in_counts_toward_the_cap() {
    // UTG 8, all-in 11 (short by 1), small blind 15: the big blind, the bet and 3
    // raises; without the short all-in counting the big blind could raise once more
    let s = play(&[100, 100, 100, 11], "rrr");
    assert_eq!(s.bets_this_round(), 4);
    assert_eq!(s.raises_this_round(), 3);
    assert_eq!(s.check(Action::Raise), Err(RaiseCap));
}

#[test]
fn the_big_blind_left_alone_with_chips_still_checks() {
    // the 1-chip all-in called short of the big blind and the small blind folded: the
    // big blind has not acted, so it is asked (PokerKit asks it), and may only check
    let mut s = play(&[100, 100, 1], "cf");
    assert_eq!(s.to_act(), Some(Position::new(1)));
    assert_eq!(legal(&s), "c");
    assert_eq!(s.check(Action::Raise), Err(CannotRaise));
    s.apply(Action::Call).unwrap();
    assert_eq!(s.phase(), Phase::DealBoard(loki_engine::Round::Flop));
    // when the big blind already covers everyone at the start, it is not asked at all
    let s = play(&[3, 100, 4], "cc");
    assert!(matches!(s.phase(), Phase::DealBoard(_)), "{:?}", s.phase());
}
