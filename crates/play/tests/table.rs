//! The table as a player meets it: `check` and `bet` that mean what they say, a bot's own
//! strength and rule kept for the end of the hand (unless study mode), the result in
//! words (with the kicker that decides), the terminal's table within 80 columns, each
//! street's action labels, the HUD, a hand left in the middle, bots' names
//! refused to people, the histories (PHH with how each hand was played, plain text), and
//! in a room every person's view marking the seat to act (whose clock the page shows).
use loki_agent::Roster;
use loki_bot::LokiConfig;
use loki_engine::Position;
use loki_engine::{Action, Chips};
use loki_play::history::{person_phh_with_meta, person_text};
use loki_play::{
    Choice, PlayError, RoomSpec, Session, SpecError, Stakes, TableSpec, TableView, PERSON,
};
use loki_store::Profile;
use serde_json::Value;

fn session(bots: &str, seats: usize, seed: u64) -> Session {
    let mut spec = TableSpec::new("Ann", seed);
    spec.bots = bots.to_string();
    spec.seats = seats;
    Session::new(&spec, LokiConfig::default(), None).unwrap()
}

/// Deals until the person is to act with `want(view)` true; plays call otherwise.
fn find_turn(s: &mut Session, want: impl Fn(&TableView) -> bool) -> TableView {
    for _ in 0..400 {
        if !s.in_progress() {
            s.next_hand(s.step()).unwrap();
            continue;
        }
        let v = s.view();
        if want(&v) {
            return v;
        }
        s.act(PERSON, Action::Call, s.step()).unwrap();
    }
    panic!("no such turn");
}

#[test]
fn check_and_bet_mean_what_they_say() {
    let mut s = session("raise,call", 3, 1);
    // A bet is due: check is refused and changes nothing; call pays.
    let v = find_turn(&mut s, |v| v.legal.as_ref().is_some_and(|l| l.to_call > 0));
    let before = serde_json::to_string(&v).unwrap();
    let to_call = v.legal.unwrap().to_call;
    assert_eq!(
        s.choose(PERSON, Choice::Check, s.step()),
        Err(PlayError::CheckFacingBet { to_call })
    );
    assert_eq!(
        s.choose(PERSON, Choice::Bet, s.step()),
        Err(PlayError::BetFacingBet)
    );
    assert_eq!(serde_json::to_string(&s.view()).unwrap(), before);
    let e = PlayError::CheckFacingBet { to_call }.to_string();
    assert!(e.contains(&format!("{to_call} to call")), "{e}");
    // Nothing due: check checks; bet opens the betting after the flop.
    let mut s = session("call", 2, 3);
    let v = find_turn(&mut s, |v| {
        v.round.as_deref() != Some("preflop") && v.legal.as_ref().is_some_and(|l| l.to_call == 0)
    });
    let pot = v.pot;
    s.choose(PERSON, Choice::Check, s.step()).unwrap();
    let after = s.view();
    assert!(
        after.log.iter().any(|l| l.text == "Ann checks"),
        "{:?}",
        after.log
    );
    assert!(after.pot >= pot);
    let v = find_turn(&mut s, |v| {
        v.round.as_deref() != Some("preflop") && v.legal.as_ref().is_some_and(|l| l.to_call == 0)
    });
    let _ = v;
    s.choose(PERSON, Choice::Bet, s.step()).unwrap();
    assert!(s.view().log.iter().any(|l| l.text.starts_with("Ann bets ")));
}

fn strength_fields(v: &Value) -> Vec<String> {
    let mut found = Vec::new();
    for m in v["model"].as_array().into_iter().flatten() {
        let last = &m["last"];
        for k in [
            "rule",
            "triple",
            "hs",
            "hs_n",
            "ppot",
            "npot",
            "ppot1",
            "npot1",
            "ehs",
            "simulation",
        ] {
            if !last.is_null() && !last[k].is_null() {
                found.push(format!("{}.last.{k}", m["name"]));
            }
        }
        for b in m["beliefs"].as_array().into_iter().flatten() {
            if !b["hs"].is_null() {
                found.push(format!("{}.beliefs.{}.hs", m["name"], b["name"]));
            }
        }
    }
    found
}

#[test]
fn a_bots_own_strength_waits_for_the_end_of_the_hand_unless_study_mode() {
    let mut s = session("SOM,LOKI2,POKI,call", 5, 2);
    let (mut during, mut after, mut study_during) = (0, 0, 0);
    for h in 0..10 {
        if h == 6 {
            s.set_study(true);
        }
        s.next_hand(s.step()).unwrap();
        loop {
            let v = serde_json::to_value(s.view()).unwrap();
            let found = strength_fields(&v);
            if v["in_progress"] == true {
                if s.study() {
                    study_during += usize::from(!found.is_empty());
                    assert_eq!(v["study"], true);
                } else {
                    assert!(found.is_empty(), "hand {h}: {found:?}");
                    during += 1;
                    // Beliefs about the others are there: weight tables and frequencies.
                    assert!(v["model"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|m| m["beliefs"].as_array().is_some_and(|b| !b.is_empty())));
                }
                s.act(PERSON, Action::Call, s.step()).unwrap();
            } else {
                after += usize::from(!found.is_empty());
                break;
            }
        }
    }
    assert!(
        during > 10 && after >= 5 && study_during >= 2,
        "{during} {after} {study_during}"
    );
    // The summary and the history say which hands were played in study mode.
    assert_eq!(s.summary().study_hands, 4);
    let phh = person_phh_with_meta(s.history_with_meta());
    assert_eq!(phh.matches("_study_mode = true").count(), 4);
    assert_eq!(phh.matches("_study_mode = false").count(), 6);
    let text = person_text(s.history_with_meta());
    assert_eq!(text.matches("study mode on").count(), 4);
}

#[test]
fn results_are_told_in_words_and_add_up() {
    let mut s = session("call,call,SOM", 4, 5);
    let mut showdowns = 0;
    for _ in 0..12 {
        s.next_hand(s.step()).unwrap();
        while s.in_progress() {
            s.act(PERSON, Action::Call, s.step()).unwrap();
        }
        let v = s.view();
        let r = v.result.as_ref().unwrap();
        assert_eq!(r.banner.len(), r.pots.len());
        assert!(!r.banner.is_empty());
        // The pots hold the whole pot and the winners' shares are their winnings.
        let total: Chips = r.pots.iter().map(|p| p.amount).sum();
        assert_eq!(total, v.pot);
        for p in &r.pots {
            assert_eq!(p.shares.iter().map(|x| x.1).sum::<Chips>(), p.amount);
            let names: Vec<&str> = p
                .winners
                .iter()
                .map(|&w| v.seats[w].name.as_str())
                .collect();
            assert!(names.iter().all(|n| p.text.contains(n)), "{}", p.text);
            if p.winners.len() > 1 {
                assert!(p.text.contains(" split "), "{}", p.text);
            }
        }
        if r.showdown {
            showdowns += 1;
            for sh in &r.shown {
                // "pair of jacks", not "pair".
                assert!(
                    sh.hand.starts_with(&sh.category)
                        || sh.hand.ends_with(" high")
                        || sh.hand == "royal flush",
                    "{sh:?}"
                );
                if sh.category == "pair" {
                    assert!(sh.hand.starts_with("pair of "), "{sh:?}");
                }
            }
            let banner = &r.banner[0];
            assert!(banner.contains(" with "), "{banner}");
            assert!(v
                .log
                .iter()
                .any(|l| l.kind == "show" && l.text.contains('(')));
        }
    }
    assert!(showdowns >= 4, "{showdowns}");
}

#[test]
fn the_banner_names_the_kicker_that_decides_between_hands_of_one_name() {
    // Calling stations: many showdowns of several hands, often of one name.
    let mut s = session("call,call,call", 4, 7);
    let (mut kickers, mut plain) = (0, 0);
    for _ in 0..300 {
        s.next_hand(s.step()).unwrap();
        while s.in_progress() {
            s.act(PERSON, Action::Call, s.step()).unwrap();
        }
        let v = s.view();
        let r = v.result.as_ref().unwrap();
        if !r.showdown || r.pots.len() != 1 || r.pots[0].winners.len() != 1 {
            continue;
        }
        let seven = |seat: usize| {
            let shown = r.shown.iter().find(|x| x.seat == seat).unwrap();
            let mut c = v.board.clone();
            c.extend(shown.cards.cards());
            c
        };
        let winner = r.pots[0].winners[0];
        let shown = r.shown.iter().find(|x| x.seat == winner).unwrap();
        let beaten: Vec<Vec<_>> = r
            .shown
            .iter()
            .filter(|x| x.seat != winner)
            .map(|x| seven(x.seat))
            .collect();
        let refs: Vec<&[_]> = beaten.iter().map(Vec::as_slice).collect();
        let named = loki_play::hand_name::name_against(&seven(winner), &refs).unwrap();
        assert_eq!(r.pots[0].hand.as_deref(), Some(named.as_str()), "{r:?}");
        assert!(r.banner[0].ends_with(&format!(" with {named}")), "{r:?}");
        // Another hand of the winner's name: the card that decides is named.
        let same = r
            .shown
            .iter()
            .any(|x| x.seat != winner && x.hand == shown.hand);
        if same {
            assert!(r.banner[0].ends_with(" kicker"), "{r:?}");
            kickers += 1;
        } else {
            assert!(!r.banner[0].contains("kicker"), "{r:?}");
            plain += 1;
        }
    }
    assert!(kickers >= 10 && plain >= 10, "{kickers} {plain}");
}

#[test]
fn the_terminal_table_fits_eighty_columns_at_every_number_of_seats() {
    // The longest name, the largest stakes, study mode, raises and calls: the widest
    // numbers and labels a table shows.
    let name = "Abcdefghij Klmnopqrstu-_";
    assert_eq!(name.chars().count(), 24);
    for seats in [2, 6, 10] {
        let mut spec = TableSpec::new(name, 11);
        spec.bots = if seats == 2 {
            "raise"
        } else {
            "raise,call,LOKI2"
        }
        .into();
        spec.seats = seats;
        spec.study = true;
        spec.stakes = loki_play::Stakes::new(500_000, 1_000_000, 1_000_000, 1_000_000).unwrap();
        let mut s = Session::new(&spec, LokiConfig::default(), None).unwrap();
        let mut widest = 0;
        for hand in 0..12 {
            s.next_hand(s.step()).unwrap();
            loop {
                let v = s.view();
                let text = loki_play::text::table(&v);
                let lines: Vec<&str> = text.lines().collect();
                for l in &lines {
                    assert!(l.chars().count() <= 80, "{} columns: {l}\n{text}", l.len());
                    widest = widest.max(l.chars().count());
                }
                // Every seat has its line and its HUD.
                let rows: Vec<&&str> = lines
                    .iter()
                    .filter(|l| l.starts_with("> seat ") || l.starts_with("  seat "))
                    .collect();
                assert_eq!(rows.len(), seats, "{text}");
                assert_eq!(text.matches("VPIP ").count(), seats, "{text}");
                assert!(text.contains("bots see you: VPIP"), "{text}");
                for seat in &v.seats {
                    assert!(text.contains(&seat.name), "{text}");
                }
                if !s.in_progress() {
                    // The nets of the hand too.
                    let result = loki_play::text::result(&v);
                    assert!(result.starts_with("*** "), "{result}");
                    for l in result.lines().filter(|l| !l.starts_with("*** ")) {
                        assert!(l.chars().count() <= 80, "{l}\n{result}");
                    }
                    assert!(result.contains("result: "), "{result}");
                    break;
                }
                let raise = v.legal.as_ref().is_some_and(|l| l.raise);
                let action = if hand % 3 == 0 && raise {
                    Action::Raise
                } else {
                    Action::Call
                };
                s.act(PERSON, action, s.step()).unwrap();
            }
        }
        assert!(widest > 60, "{widest}");
    }
}

#[test]
fn each_street_starts_with_no_action_labels() {
    let mut s = session("call,call,call", 4, 8);
    let v = find_turn(&mut s, |v| v.round.as_deref() == Some("flop"));
    // On the flop, only the seats that acted on the flop carry a label.
    let flop_at = v.log.iter().rposition(|l| l.kind == "board").unwrap();
    for seat in &v.seats {
        let acted = v.log[flop_at..]
            .iter()
            .any(|l| l.seat == Some(seat.seat) && l.kind == "action");
        assert_eq!(seat.last_action.is_some(), acted, "{seat:?}");
        if !acted {
            assert_eq!(seat.bet, 0);
        }
    }
    // The log replays the table: the last line's pot is the pot, each action line's bet
    // the seat's bet in the round.
    assert_eq!(v.log.last().unwrap().pot, v.pot);
    for seat in &v.seats {
        let last = v.log[flop_at..]
            .iter()
            .rev()
            .find(|l| l.seat == Some(seat.seat) && l.bet.is_some());
        assert_eq!(last.map_or(0, |l| l.bet.unwrap()), seat.bet, "{seat:?}");
    }
    let board = v.log[flop_at].board.clone().unwrap();
    assert_eq!(board, v.board);
}

#[test]
fn the_hud_counts_what_the_bots_count() {
    let mut s = session("SOM,raise,call,random", 5, 4);
    for _ in 0..20 {
        s.next_hand(s.step()).unwrap();
        while s.in_progress() {
            let raise = s.view().legal.unwrap().raise;
            s.act(
                PERSON,
                if raise { Action::Raise } else { Action::Call },
                s.step(),
            )
            .unwrap();
        }
    }
    let v = s.view();
    let som = s.loki(1).unwrap();
    for seat in [0, 2, 3, 4] {
        let hud = &v.seats[seat].hud;
        assert_eq!(hud.hands, 20);
        // SOM's statistics of the seat give the same aggression factor.
        let mut p = Profile::empty("x");
        p.counts = som
            .model(loki_engine::Seat::new(seat))
            .unwrap()
            .stats
            .table();
        p.hands = 20;
        let af = p.hud().af;
        assert_eq!(hud.af.is_some(), af.is_some(), "seat {seat}");
        if let (Some(a), Some(af)) = (hud.af, af) {
            assert!((a - af).abs() < 1e-3, "seat {seat}: {a} {af}");
        }
    }
    // The raiser raises pre-flop in every hand it plays; the caller never.
    assert_eq!(v.seats[2].hud.pfr, 1.0);
    assert_eq!(v.seats[3].hud.pfr, 0.0);
    assert_eq!(v.seats[3].hud.vpip, 1.0);
    // The person raised whenever the cap allowed: the share of hands with a raise.
    let raised = s
        .history()
        .filter(|r| {
            let me = r.seats.iter().position(|x| x.index() == PERSON).unwrap();
            r.actions[0]
                .iter()
                .any(|&(p, a)| p == Position::new(me) && a == Action::Raise)
        })
        .count();
    assert!(raised >= 15, "{raised}");
    assert_eq!(v.seats[0].hud.pfr, raised as f64 / 20.0);
    // The HUD's JSON keys.
    let j = serde_json::to_value(&v).unwrap();
    for k in ["vpip", "pfr", "af", "hands"] {
        assert!(j["seats"][1]["hud"].get(k).is_some(), "{k}");
    }
}

#[test]
fn a_hand_left_in_the_middle_counts() {
    let mut s = session("raise,raise", 3, 6);
    let v = find_turn(&mut s, |v| {
        v.round.as_deref() == Some("flop") && v.seats[0].put_in > 0
    });
    let put_in = v.seats[PERSON].put_in;
    let played = s.hands_played();
    let net_before = s.net()[PERSON];
    let _ = s.take_profile_updates();
    assert!(s.abandon().unwrap());
    assert!(!s.in_progress());
    assert_eq!(s.hands_played(), played + 1);
    // The person folded (or checked to the end): the chips put in are lost.
    let lost = net_before - s.net()[PERSON];
    assert!(lost >= put_in, "{lost} {put_in}");
    assert_eq!(
        s.take_profile_updates().len(),
        1,
        "the profile gets the hand"
    );
    let sum = s.summary();
    assert_eq!(sum.abandoned_hands, 1);
    assert_eq!(sum.net, s.net()[PERSON]);
    assert!(person_text(s.history_with_meta()).contains("you left during the hand"));
    assert!(person_phh_with_meta(s.history_with_meta()).contains("_abandoned = true"));
    // Nothing to abandon between hands.
    assert!(!s.abandon().unwrap());
}

#[test]
fn people_cannot_take_a_bots_name() {
    for (name, bots) in [
        ("SOM", "SOM,GOM"),
        ("som-2", "SOM,SOM"),
        ("Call", "BPM"),
        ("LOKI2", "BPM"),
    ] {
        let mut spec = TableSpec::new(name, 1);
        spec.bots = bots.into();
        spec.seats = 3;
        let e = Session::new(&spec, LokiConfig::default(), None).err();
        assert!(
            matches!(e, Some(SpecError::BotName { .. })),
            "{name}: {e:?}"
        );
    }
    let mut spec = TableSpec::new("Somebody", 1);
    spec.bots = "SOM".into();
    spec.seats = 2;
    assert!(Session::new(&spec, LokiConfig::default(), None).is_ok());
}

#[test]
fn every_view_in_a_room_marks_the_seat_to_act() {
    let roster = Roster::new(LokiConfig::default()).unwrap();
    let spec = RoomSpec {
        seats: RoomSpec::layout("3*open,call", &roster).unwrap(),
        stakes: Stakes::default(),
        seed: 6,
    };
    let mut s = Session::room(&spec, LokiConfig::default()).unwrap();
    for name in ["Ann", "Bob", "Cy"] {
        s.take_seat(name, None).unwrap();
    }
    // Bob sits out: not dealt in, he sees the hand's public part only.
    s.set_present(1, false).unwrap();
    let mut turns = 0;
    for _ in 0..4 {
        s.next_hand(s.step()).unwrap();
        while let Some(seat) = s.seat_to_act() {
            for you in 0..3 {
                let v = s.view_for(you, false);
                let marked: Vec<usize> = v
                    .seats
                    .iter()
                    .filter(|x| x.to_act)
                    .map(|x| x.seat)
                    .collect();
                assert_eq!((v.to_act, marked), (Some(seat), vec![seat]), "seat {you}");
                assert_eq!((v.your_turn, v.legal.is_some()), (you == seat, you == seat));
            }
            turns += 1;
            s.act(seat, Action::Call, s.step()).unwrap();
        }
        let v = s.view_for(0, false);
        assert!(v.to_act.is_none() && v.seats.iter().all(|x| !x.to_act));
    }
    assert!(turns >= 8, "{turns} turns");
}
