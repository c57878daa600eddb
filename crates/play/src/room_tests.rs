//! Tests of rooms: layouts, seats and names, sitting out and coming back, the time
//! bank's check-or-fold, and, over random rooms and random play, that no person's view
//! ever holds a hole card of another seat that was not shown.
use super::*;
use crate::name_skeleton;
use crate::TableView;
use loki_engine::Position;
use loki_engine::{Action, Chips, Event};
use proptest::prelude::*;

fn roster() -> Roster {
    Roster::new(LokiConfig::default()).unwrap()
}

/// A room of `layout` with `people` seated in its open seats, in order.
fn room(layout: &str, seed: u64, people: &[&str]) -> Session {
    let seats = RoomSpec::layout(layout, &roster()).unwrap();
    let spec = RoomSpec {
        seats,
        stakes: Stakes::default(),
        seed,
    };
    let mut s = Session::room(&spec, LokiConfig::default()).unwrap();
    for name in people {
        s.take_seat(name, None).unwrap();
    }
    s
}

/// The hole cards of the hand in progress (or last) by seat, and the seats that showed.
fn holes(s: &Session) -> (Vec<(usize, String)>, Vec<usize>) {
    let Some(h) = &s.hand else {
        return (Vec::new(), Vec::new());
    };
    let mut cards = Vec::new();
    for (p, hole) in Position::all(h.seats.len()).zip(h.state().hole_cards()) {
        if let Some(hole) = hole {
            for c in hole.cards() {
                cards.push((h.seat_of(p), c.to_string()));
            }
        }
    }
    let shown = h
        .state()
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Showdown { hands } => Some(hands.iter().map(|x| h.seat_of(x.position))),
            _ => None,
        })
        .flatten()
        .collect();
    (cards, shown)
}

/// Checks every taken seat's view for other seats' unshown hole cards: in the JSON
/// without the model view (whose beliefs list holdings by name), and in the seats'
/// cards with it.
fn check_views(s: &Session) -> Result<(), TestCaseError> {
    let (cards, shown) = holes(s);
    for you in (0..s.names().len()).filter(|&x| s.is_taken(x)) {
        let json = serde_json::to_string(&s.view_for(you, false)).unwrap();
        for (seat, card) in &cards {
            if *seat != you && !shown.contains(seat) {
                prop_assert!(
                    !json.contains(card.as_str()),
                    "seat {you} sees {card} of seat {seat}: {json}"
                );
            }
        }
        let with_model: TableView = s.view_for(you, true);
        for info in &with_model.seats {
            if info.cards.is_some() {
                prop_assert!(info.seat == you || shown.contains(&info.seat));
            }
        }
        prop_assert_eq!(with_model.you, you);
    }
    Ok(())
}

#[test]
fn layouts_name_seats_for_people_and_bots() {
    let r = roster();
    let seats = RoomSpec::layout("2*open,SOM,call,open", &r).unwrap();
    assert_eq!(seats.len(), 5);
    assert_eq!(seats[0], SeatKind::Person);
    assert_eq!(seats[2], SeatKind::Bot("SOM".into()));
    assert_eq!(seats[3], SeatKind::Bot("call".into()));
    for (bad, what) in [
        ("SOM,GOM", "no person"),
        ("open", "one seat"),
        ("11*open", "eleven seats"),
        ("18446744073709551615*open,2*open", "an overflowing count"),
        ("open,nobody", "an unknown kind"),
        ("open,,SOM", "an empty entry"),
        ("open,<b>", "a bad name"),
    ] {
        assert!(RoomSpec::layout(bad, &r).is_err(), "{what}");
    }
}

#[test]
fn people_take_open_seats_under_names_of_their_own() {
    let mut s = room("open,SOM,open,call", 1, &[]);
    assert_eq!(s.open_seats(), [0, 2]);
    assert_eq!(s.names()[0], "seat 1");
    assert!(matches!(
        s.next_hand(s.step()),
        Err(PlayError::NotEnoughPlayers { people: 0, .. })
    ));
    assert_eq!(s.take_seat(" Ann ", None).unwrap(), 0);
    for (name, refused) in [
        ("ann", "a name at the table"),
        ("SOM-1", "a name made from a kind"),
        ("Call", "a bot's seat name"),
        ("som", "a kind"),
        ("a/b", "a bad name"),
    ] {
        assert!(s.take_seat(name, None).is_err(), "{refused}");
    }
    assert_eq!(s.take_seat("Bob", None).unwrap(), 2);
    assert!(matches!(s.take_seat("Cy", None), Err(SpecError::RoomFull)));
    assert_eq!(s.names(), ["Ann", "SOM", "Bob", "call"]);
    // A vacated seat is open again, to another name.
    s.vacate(2).unwrap();
    assert_eq!(s.open_seats(), [2]);
    assert_eq!(s.take_seat("Cy", None).unwrap(), 2);
}

#[test]
fn names_that_only_look_alike_and_reserved_words_are_refused() {
    let mut s = room("4*open,SOM", 1, &["Ann", "Bill"]);
    for (name, taken) in [
        ("\u{410}nn", "Ann"),             // Cyrillic А
        ("\u{430}\u{43f}\u{43f}", "Ann"), // not alike: п is no n
        ("\u{391}NN", "Ann"),             // Greek Α
        ("\u{FF21}nn", "Ann"),            // fullwidth Ａ
        ("BiII", "Bill"),                 // capital I for l
        ("B1ll", "Bill"),
    ] {
        let got = s.take_seat(name, None);
        if name.contains('\u{43f}') {
            assert!(got.is_ok(), "{name:?} does not look like {taken:?}");
            let seat = got.unwrap();
            s.vacate(seat).unwrap();
            continue;
        }
        match got {
            Err(SpecError::NameLooksLike { taken: t, .. }) => assert_eq!(t, taken, "{name:?}"),
            other => panic!("{name:?} beside {taken:?}: {other:?}"),
        }
    }
    assert!(matches!(
        s.take_seat("ANN", None),
        Err(SpecError::NameTaken(_))
    ));
    for name in [
        "open",
        "OPEN",
        "Dealer",
        "admin",
        "\u{430}dmin",
        "seat 3",
        "Seat-10",
    ] {
        assert!(
            matches!(s.take_seat(name, None), Err(SpecError::ReservedName { .. })),
            "{name:?} is reserved"
        );
    }
    for name in ["S\u{39F}M", "s0m", "call", "C\u{410}LL", "S\u{41E}M-2"] {
        assert!(
            matches!(s.take_seat(name, None), Err(SpecError::BotName { .. })),
            "{name:?} is a bot's"
        );
    }
    assert_eq!(s.take_seat("Seattle", None).unwrap(), 2);
    assert_eq!(s.take_seat("Anna", None).unwrap(), 3);
}

#[test]
fn skeletons_fold_case_look_alikes_and_separators() {
    assert_eq!(name_skeleton(" Ann "), "ann");
    assert_eq!(name_skeleton("\u{410}\u{43d}\u{43d}"), "ahh");
    assert_eq!(name_skeleton("Mary-Jo"), name_skeleton("mary_jo"));
    assert_eq!(name_skeleton("Mary  Jo"), "mary jo");
    assert_eq!(name_skeleton("Kern"), name_skeleton("Kem"));
    assert_ne!(name_skeleton("Ann"), name_skeleton("Anna"));
}

/// Plays the hand in progress to its end, every person calling.
fn call_down(s: &mut Session) {
    while let Some(seat) = s.seat_to_act() {
        s.act(seat, Action::Call, s.step()).unwrap();
    }
}

#[test]
fn a_new_person_in_a_seat_is_a_new_opponent_to_the_bots() {
    let mut s = room("open,SOM", 2, &["Ann"]);
    for _ in 0..5 {
        s.next_hand(s.step()).unwrap();
        call_down(&mut s);
    }
    let seen = |s: &Session| {
        s.loki(1)
            .unwrap()
            .model(Seat::new(0))
            .map_or(0, |m| m.stats.total())
    };
    assert!(seen(&s) > 0);
    let ann_net = s.view_for(0, false).seats[0].net;
    s.vacate(0).unwrap();
    s.take_seat("Cy", None).unwrap();
    assert_eq!(seen(&s), 0, "Ann's actions are not Cy's");
    // Nor her chips: Cy's net starts at zero; the table's nets still add up.
    assert_eq!(s.view_for(0, false).seats[0].net, 0);
    assert_eq!(s.net()[0], ann_net);
    assert_eq!(s.net().iter().sum::<Chips>(), 0);
}

#[test]
fn a_person_sitting_out_is_not_dealt_in_and_pays_nothing() {
    let mut s = room("3*open,call", 3, &["Ann", "Bob", "Cy"]);
    s.set_present(1, false).unwrap();
    for _ in 0..6 {
        s.next_hand(s.step()).unwrap();
        assert_eq!(s.hand.as_ref().unwrap().position_of(1), None);
        let v = s.view_for(1, true);
        assert!(v.in_progress && v.seats.iter().all(|x| x.cards.is_none()));
        assert!(v.log.is_empty() && v.legal.is_none());
        call_down(&mut s);
    }
    assert_eq!(s.net()[1], 0);
    assert_eq!(s.net().iter().sum::<Chips>(), 0);
    // Back: dealt in from the next hand.
    s.set_present(1, true).unwrap();
    s.next_hand(s.step()).unwrap();
    assert!(s.hand.as_ref().unwrap().position_of(1).is_some());
    assert!(s.view_for(1, false).seats[1].cards.is_some());
    // Everyone else away: one person and one bot still make a hand; nobody, no hand.
    call_down(&mut s);
    s.set_present(0, false).unwrap();
    s.set_present(2, false).unwrap();
    s.next_hand(s.step()).unwrap();
    call_down(&mut s);
    s.set_present(1, false).unwrap();
    assert!(matches!(
        s.next_hand(s.step()),
        Err(PlayError::NotEnoughPlayers {
            players: 1,
            people: 0
        })
    ));
    assert!(s.set_present(3, false).is_err(), "a bot's seat");
}

#[test]
fn sitting_out_in_a_hand_checks_when_free_else_folds() {
    let mut s = room("2*open,raise", 5, &["Ann", "Bob"]);
    s.next_hand(s.step()).unwrap();
    // The raise bot bets whenever it may: a person facing it folds when away.
    let seat = s.seat_to_act().unwrap();
    s.set_present(seat, false).unwrap();
    let h = s.hand.as_ref().unwrap();
    let p = h.position_of(seat).unwrap();
    assert!(!h.state().is_live(p) || h.state().is_complete() || s.seat_to_act() != Some(seat));
    let hands = s.hands_played();
    call_down(&mut s);
    assert_eq!(s.hands_played(), hands + 1);
}

#[test]
fn the_time_bank_checks_or_folds_the_person_to_act() {
    let mut s = room("2*open,call", 9, &["Ann", "Bob"]);
    let mut checked = 0;
    let mut folded = 0;
    for _ in 0..12 {
        s.next_hand(s.step()).unwrap();
        while let Some(seat) = s.seat_to_act() {
            let h = s.hand.as_ref().unwrap();
            let p = h.position_of(seat).unwrap();
            let free = h.state().amount_to_call(p) == 0;
            let step = s.step();
            // A stale step changes nothing.
            assert_eq!(s.time_out(step + 1).unwrap(), None);
            assert_eq!(s.time_out(step).unwrap(), Some(seat));
            assert_eq!(s.time_out(step).unwrap(), None, "once per step");
            let h = s.hand.as_ref().unwrap();
            if free {
                checked += 1;
                assert!(h.state().is_live(p));
            } else {
                folded += 1;
                assert!(!h.state().is_live(p));
            }
        }
    }
    assert!(
        checked > 0 && folded > 0,
        "{checked} checks, {folded} folds"
    );
    assert_eq!(s.time_out(s.step()).unwrap(), None, "no hand in progress");
}

#[test]
fn the_turn_outlives_other_peoples_comings_and_goings_but_not_an_action() {
    let mut s = room("3*open,call", 4, &["Ann", "Bob"]);
    assert_eq!(s.turn(), None, "no hand");
    s.next_hand(s.step()).unwrap();
    let turn = s.turn().unwrap();
    assert_eq!(Some(turn.seat), s.seat_to_act());
    assert_eq!(turn.hand, 1);
    let other = if turn.seat == 0 { 1 } else { 0 };
    // Another person sits out, comes back, a third person sits down and leaves: the
    // step moves on, the turn does not.
    let step = s.step();
    s.set_present(other, false).unwrap();
    s.set_present(other, true).unwrap();
    let third = s.take_seat("Cid", None).unwrap();
    s.vacate(third).unwrap();
    assert!(s.step() > step);
    assert_eq!(s.turn(), Some(turn));
    // The person's own action ends it.
    s.act(turn.seat, Action::Call, s.step()).unwrap();
    assert_ne!(s.turn(), Some(turn));
    call_down(&mut s);
    assert_eq!(s.turn(), None, "the hand is over");
}

#[test]
fn a_room_is_one_seed_one_game() {
    let run = |seed| {
        let mut s = room("2*open,SOM,random", seed, &["Ann", "Bob"]);
        for _ in 0..5 {
            s.next_hand(s.step()).unwrap();
            call_down(&mut s);
        }
        s.history().cloned().collect::<Vec<_>>()
    };
    assert_eq!(run(4), run(4));
    assert_ne!(run(4), run(5));
}

/// One random event of a room.
#[derive(Debug, Clone)]
enum Move {
    /// The person to act acts (an index into the legal actions).
    Act(u8),
    /// The person to act runs out of time.
    TimeOut,
    /// A seat's person sits out or comes back.
    Toggle(u8),
    /// A new hand, if none is in progress.
    Next,
}

fn moves() -> impl Strategy<Value = Move> {
    prop_oneof![
        6 => any::<u8>().prop_map(Move::Act),
        1 => Just(Move::TimeOut),
        1 => any::<u8>().prop_map(Move::Toggle),
        3 => Just(Move::Next),
    ]
}

fn layouts() -> impl Strategy<Value = String> {
    let seat = prop_oneof![
        3 => Just("open"),
        1 => Just("call"),
        1 => Just("raise"),
        1 => Just("random"),
        1 => Just("BPM"),
    ];
    proptest::collection::vec(seat, 1..=9).prop_map(|mut v| {
        v.insert(0, "open");
        v.join(",")
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn no_person_ever_sees_another_seat_hidden_cards(
        layout in layouts(),
        seed in any::<u64>(),
        script in proptest::collection::vec(moves(), 1..120),
    ) {
        let mut s = room(&layout, seed, &[]);
        for i in 0..s.open_seats().len() {
            s.take_seat(&format!("P{i}"), None).unwrap();
        }
        check_views(&s)?;
        for m in script {
            match m {
                Move::Act(k) => {
                    if let Some(seat) = s.seat_to_act() {
                        let h = s.hand.as_ref().unwrap();
                        let legal = h.state().legal_actions();
                        let options: Vec<Action> =
                            Action::ALL.into_iter().filter(|a| legal.contains(*a)).collect();
                        let a = options[usize::from(k) % options.len()];
                        s.act(seat, a, s.step()).unwrap();
                    }
                }
                Move::TimeOut => {
                    s.time_out(s.step()).unwrap();
                }
                Move::Toggle(k) => {
                    let seat = usize::from(k) % s.names().len();
                    if s.is_taken(seat) {
                        s.set_present(seat, !s.is_present(seat)).unwrap();
                    }
                }
                Move::Next => {
                    if !s.in_progress() {
                        match s.next_hand(s.step()) {
                            Ok(()) | Err(PlayError::NotEnoughPlayers { .. }) => {}
                            Err(e) => prop_assert!(false, "{e}"),
                        }
                    }
                }
            }
            check_views(&s)?;
        }
        prop_assert_eq!(s.net().iter().sum::<Chips>(), 0);
        for r in s.history() {
            prop_assert_eq!(r.net.iter().sum::<Chips>(), 0);
        }
    }
}
