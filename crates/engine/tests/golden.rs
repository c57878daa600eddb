//! Golden hands: heads-up blinds, a capped raising war, a three-way split pot with an odd
//! chip, side pots with finite stacks, everyone folding to the big blind, and the rule
//! options.
#![allow(missing_docs)]
use loki_cards::{parse_cards, Card, HoleCards};
use loki_engine::Position;
use loki_engine::{
    Action, ActionError, Event, GameConfig, GameSpec, HandRecord, HandState, Phase, Round,
    RuleOptions,
};

fn h(s: &str) -> HoleCards {
    s.parse().unwrap()
}
fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

/// Deals `holes` then plays `script`: ACPC betting characters with `/` where the next
/// board (taken from `board`) is dealt.
fn play(config: &GameConfig, holes: &[&str], board: &str, script: &str) -> HandState {
    let mut s = HandState::new(config).unwrap();
    for (p, x) in holes.iter().enumerate() {
        s.deal_hole(Position::new(p), h(x)).unwrap();
    }
    let board = cards(board);
    let mut at = 0;
    for ch in script.chars() {
        if ch == '/' {
            let Phase::DealBoard(r) = s.phase() else {
                panic!("no board due at {script}: {:?}", s.phase())
            };
            s.deal_board(&board[at..at + r.cards_dealt()]).unwrap();
            at += r.cards_dealt();
        } else {
            let a = Action::from_acpc_char(ch).unwrap();
            s.apply(a)
                .unwrap_or_else(|e| panic!("{a} in {script}: {e}"));
        }
    }
    while let Phase::DealBoard(r) = s.phase() {
        s.deal_board(&board[at..at + r.cards_dealt()]).unwrap();
        at += r.cards_dealt();
    }
    s
}

fn tournament(n: usize) -> GameConfig {
    GameConfig::paper(n).unwrap()
}

#[test]
fn heads_up_reverse_blinds() {
    let c = tournament(2);
    let mut s = HandState::new(&c).unwrap();
    assert_eq!(
        s.events()[0],
        Event::BlindsPosted {
            amounts: vec![2, 1]
        }
    );
    assert_eq!(s.phase(), Phase::DealHole(Position::new(0)));
    assert!(s.apply(Action::Call).is_err());
    s.deal_hole(Position::new(1), h("AhKh")).unwrap();
    assert_eq!(s.phase(), Phase::DealHole(Position::new(0)));
    s.deal_hole(Position::new(0), h("7d3d")).unwrap();
    // position 1, the button and small blind, acts first pre-flop
    assert_eq!(s.to_act(), Some(Position::new(1)));
    assert_eq!(s.amount_to_call(Position::new(1)), 1);
    assert_eq!(s.bets_to_call(Position::new(1)), 1);
    s.apply(Action::Call).unwrap();
    // the big blind has the option; folding is not free
    assert_eq!(s.to_act(), Some(Position::new(0)));
    let legal = s.legal_actions();
    assert!(!legal.fold && legal.call && legal.raise);
    let before = s.events().len();
    assert_eq!(s.apply(Action::Fold), Err(ActionError::FoldWhenCheckFree));
    assert_eq!(s.events().len(), before);
    s.apply(Action::Call).unwrap();
    assert_eq!(s.phase(), Phase::DealBoard(Round::Flop));
    s.deal_board(&cards("5sKs7s")).unwrap();
    // position 0 acts first after the flop
    assert_eq!(s.to_act(), Some(Position::new(0)));
    // the ACPC example A: crrrc/cc/cc/rc
    let s = play(&c, &["7d3d", "2hAc"], "5sKs7s9s6h", "crrrc/cc/cc/rc");
    let r = s.result().unwrap();
    assert!(r.showdown);
    assert_eq!(r.contributions, vec![12, 12]);
    let rec = HandRecord::from_state(&s, vec!["a".into(), "b".into()], 0).unwrap();
    assert_eq!(rec.acpc_betting(), "crrrc/cc/cc/rc");
}

#[test]
fn capped_raising_war() {
    let c = tournament(3);
    let mut s = HandState::new(&c).unwrap();
    for (p, x) in ["AsAd", "KsKd", "QsQd"].iter().enumerate() {
        s.deal_hole(Position::new(p), h(x)).unwrap();
    }
    assert_eq!(s.to_act(), Some(Position::new(2))); // position 2 acts first pre-flop
    for _ in 0..3 {
        s.apply(Action::Raise).unwrap();
    }
    // the big blind plus three raises: 4 bets, capped
    assert_eq!(s.bets_this_round(), 4);
    assert_eq!(s.raises_this_round(), 3);
    assert_eq!(s.to_act(), Some(Position::new(2)));
    assert_eq!(s.amount_to_call(Position::new(2)), 4);
    assert_eq!(s.bets_to_call(Position::new(2)), 2);
    let n = s.events().len();
    assert_eq!(s.apply(Action::Raise), Err(ActionError::RaiseCap));
    assert_eq!(s.events().len(), n);
    assert!(!s.legal_actions().raise);
    s.apply(Action::Call).unwrap();
    s.apply(Action::Call).unwrap(); // position 0 calls the cap
    assert_eq!(s.phase(), Phase::DealBoard(Round::Flop));
    s.deal_board(&cards("2c7d9h")).unwrap();
    assert_eq!(s.to_act(), Some(Position::new(0)));
    // a bet plus three raises on the flop, then the cap
    for _ in 0..4 {
        s.apply(Action::Raise).unwrap();
    }
    assert_eq!(s.apply(Action::Raise), Err(ActionError::RaiseCap));
    assert_eq!(s.contributions(), &[16, 12, 14]);
    s.apply(Action::Call).unwrap();
    s.apply(Action::Call).unwrap();
    assert_eq!(s.contributions(), &[16, 16, 16]);
    assert_eq!(s.phase(), Phase::DealBoard(Round::Turn));
}

#[test]
fn three_way_split_pot_with_an_odd_chip() {
    // 4 players: 2 and 3 limp, 0 folds (1 chip dead), 1 checks: pot 7, three-way tie.
    let c = tournament(4);
    let s = play(
        &c,
        &["9c9d", "2c3c", "4d5d", "2h3h"],
        "AsKdQhJcTs",
        "ccfc/ccc/ccc/ccc",
    );
    let r = s.result().unwrap();
    assert_eq!(s.pot(), 7);
    // 7 = 3 + 2 + 2: the odd chip to the first winner in position order (position 1)
    assert_eq!(r.net, vec![-1, 1, 0, 0]);
    let Some(Event::PotAwarded { shares, .. }) = s
        .events()
        .iter()
        .find(|e| matches!(e, Event::PotAwarded { .. }))
    else {
        panic!()
    };
    assert_eq!(
        shares,
        &[1, 2, 3]
            .map(Position::new)
            .into_iter()
            .zip([3, 2, 2])
            .collect::<Vec<_>>()
    );
    let v = loki_engine::acpc_values(&r.contributions, &r.ranks);
    let (p1, p2) = (Position::new(1), Position::new(2));
    assert!((v[p1] - 1.0 / 3.0).abs() < 1e-9 && (v[p2] - 1.0 / 3.0).abs() < 1e-9);
}

#[test]
fn side_pots_with_finite_stacks() {
    let c = GameConfig::new(GameSpec {
        seats: 3,
        stacks: Some(vec![5, 20, 20]),
        ..GameSpec::default()
    })
    .unwrap();
    let mut s = HandState::new(&c).unwrap();
    for (p, x) in ["AsAd", "KsKd", "QsQd"].iter().enumerate() {
        s.deal_hole(Position::new(p), h(x)).unwrap();
    }
    s.apply(Action::Raise).unwrap(); // 2 raises to 4
    let e = s.apply(Action::Raise).unwrap().clone(); // 0 raises all-in to 5
    let Event::Action(a) = e else { panic!() };
    assert!(a.all_in && a.bet_to == 5 && a.amount == 4);
    s.apply(Action::Call).unwrap(); // 1 calls 5
    s.apply(Action::Call).unwrap(); // 2 calls 5
    s.deal_board(&cards("2c7d9h")).unwrap();
    assert_eq!(s.to_act(), Some(Position::new(1))); // 0 is all-in
    s.apply(Action::Raise).unwrap();
    s.apply(Action::Call).unwrap();
    s.deal_board(&cards("Jc")).unwrap();
    s.apply(Action::Call).unwrap();
    s.apply(Action::Call).unwrap();
    s.deal_board(&cards("3h")).unwrap();
    s.apply(Action::Call).unwrap();
    s.apply(Action::Call).unwrap();
    let r = s.result().unwrap();
    assert_eq!(r.contributions, vec![5, 7, 7]);
    // main pot 15 to AA, side pot 4 to KK
    assert_eq!(r.net, vec![10, -3, -7]);
    assert_eq!(r.finishing_stacks.as_ref().unwrap(), &[15, 17, 13]);
}

#[test]
fn all_in_players_skip_betting_and_the_board_runs_out() {
    let c = GameConfig::new(GameSpec {
        seats: 2,
        stacks: Some(vec![3, 50]),
        ..GameSpec::default()
    })
    .unwrap();
    // position 1 (small blind) raises, position 0 (big blind, stack 3) calls all-in
    let s = play(&c, &["2c2d", "AhKh"], "3s4s5s9dTd", "rc///");
    let r = s.result().unwrap();
    // the uncalled chip goes back to position 1
    assert_eq!(r.contributions, vec![3, 4]);
    assert_eq!(r.net, vec![3, -3]); // 2c2d makes a wheel
}

#[test]
fn everyone_folds_to_the_big_blind() {
    let c = tournament(4);
    let s = play(&c, &["9c9d", "2c3c", "4d5d", "2h3h"], "AsKdQhJcTs", "fff");
    let r = s.result().unwrap();
    assert!(!r.showdown);
    assert_eq!(r.net, vec![-1, 1, 0, 0]);
    assert!(s.board().is_empty());
    assert!(matches!(s.events().last(), Some(Event::HandEnd { .. })));
}

#[test]
fn rule_options() {
    // no cap heads-up
    let uncapped = GameConfig::new(GameSpec {
        rules: RuleOptions {
            uncapped_heads_up: true,
            ..RuleOptions::default()
        },
        ..GameSpec::default()
    })
    .unwrap();
    let s = play(
        &uncapped,
        &["AsAd", "KsKd"],
        "2c7d9hJc3h",
        "rrrrrrc/cc/cc/cc",
    );
    assert_eq!(s.result().unwrap().contributions, vec![14, 14]);
    // folding when checking is free
    let fold_free = GameConfig::new(GameSpec {
        seats: 3,
        rules: RuleOptions {
            fold_when_check_free: true,
            ..RuleOptions::default()
        },
        ..GameSpec::default()
    })
    .unwrap();
    let s = play(&fold_free, &["AsAd", "KsKd", "QsQd"], "2c7d9hJc3h", "ccc/f");
    assert!(!s.is_live(Position::new(0)));
    // a single blind: position 0 posts the big blind, position 1 acts first
    let single = GameConfig::new(GameSpec {
        seats: 3,
        rules: RuleOptions {
            single_blind: true,
            ..RuleOptions::default()
        },
        ..GameSpec::default()
    })
    .unwrap();
    let mut s = HandState::new(&single).unwrap();
    assert_eq!(
        s.events()[0],
        Event::BlindsPosted {
            amounts: vec![2, 0, 0]
        }
    );
    for (p, x) in ["AsAd", "KsKd", "QsQd"].iter().enumerate() {
        s.deal_hole(Position::new(p), h(x)).unwrap();
    }
    assert_eq!(s.to_act(), Some(Position::new(1)));
    // another first actor after the flop
    let first = GameConfig::new(GameSpec {
        seats: 3,
        rules: RuleOptions {
            postflop_first: Some(2),
            ..RuleOptions::default()
        },
        ..GameSpec::default()
    })
    .unwrap();
    let s = play(&first, &["AsAd", "KsKd", "QsQd"], "2c7d9hJc3h", "ccc");
    assert_eq!(s.to_act(), Some(Position::new(2)));
}

#[test]
fn bad_deals_are_refused_without_change() {
    let c = tournament(2);
    let mut s = HandState::new(&c).unwrap();
    s.deal_hole(Position::new(0), h("AsAd")).unwrap();
    assert!(s.deal_hole(Position::new(0), h("KsKd")).is_err());
    assert!(s.deal_hole(Position::new(1), h("AsKd")).is_err()); // duplicate As
    assert!(s.deal_hole(Position::new(7), h("KsKd")).is_err());
    assert!(s.deal_board(&cards("2c3c4c")).is_err()); // not due
    s.deal_hole(Position::new(1), h("KsKd")).unwrap();
    s.apply(Action::Call).unwrap();
    s.apply(Action::Call).unwrap();
    let n = s.events().len();
    assert!(s.deal_board(&cards("2c3c")).is_err());
    assert!(s.deal_board(&cards("2c3cAs")).is_err());
    assert!(s
        .deal_board(&[cards("2c3c")[0], cards("3c")[0], cards("3c")[0]])
        .is_err());
    assert_eq!(s.events().len(), n);
    assert!(s.deal_board(&cards("2c3c4c")).is_ok());
}

#[test]
fn views_hide_other_hole_cards() {
    let c = tournament(3);
    let mut s = HandState::new(&c).unwrap();
    for (p, x) in ["AsAd", "KsKd", "QsQd"].iter().enumerate() {
        s.deal_hole(Position::new(p), h(x)).unwrap();
    }
    let v = s.view(Position::new(1));
    assert_eq!(v.hole(), Some(h("KsKd")));
    let dealt: Vec<_> = v
        .events()
        .filter(|e| matches!(e, Event::HoleDealt { .. }))
        .collect();
    assert_eq!(dealt.len(), 1);
    assert!(v.legal_actions().is_empty()); // position 2 is to act
    assert!(s.view(Position::new(2)).legal_actions().call);
    assert_eq!(v.live(), vec![true, true, true]);
    assert_eq!(v.contributions(), &[1, 2, 0]);
}

#[test]
fn hidden_hole_cards_are_revealed_at_the_showdown() {
    // an ACPC client knows only its own cards (position 0 here)
    let c = tournament(2);
    let mut s = HandState::new(&c).unwrap();
    s.deal_hole(Position::new(0), h("7d3d")).unwrap();
    s.deal_hole_hidden(Position::new(1)).unwrap();
    assert!(s.deal_hole_hidden(Position::new(1)).is_err());
    let board = cards("5sKs7s9s6h");
    let mut at = 0;
    for ch in "crrrc/cc/cc/rc".chars() {
        if ch == '/' {
            let Phase::DealBoard(r) = s.phase() else {
                panic!()
            };
            s.deal_board(&board[at..at + r.cards_dealt()]).unwrap();
            at += r.cards_dealt();
        } else {
            s.apply(Action::from_acpc_char(ch).unwrap()).unwrap();
        }
    }
    assert_eq!(s.phase(), Phase::Reveal(Position::new(1)));
    assert!(s.reveal(Position::new(1), h("7d2h")).is_err()); // 7d is position 0's
    s.reveal(Position::new(1), h("2hAc")).unwrap();
    assert_eq!(s.result().unwrap().net, vec![12, -12]);
    // a hand won by a fold needs no reveal
    let mut s = HandState::new(&c).unwrap();
    s.deal_hole_hidden(Position::new(0)).unwrap();
    s.deal_hole(Position::new(1), h("AsAd")).unwrap();
    assert_eq!(s.view(Position::new(1)).hole(), Some(h("AsAd")));
    assert_eq!(s.view(Position::new(0)).hole(), None);
    s.apply(Action::Fold).unwrap();
    assert!(s.is_complete());
}
