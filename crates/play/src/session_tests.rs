//! Tests of a one-person table: seating, zero-sum hands and the moving button, one
//! session a seed, and requests refused without a change.
use super::*;
use crate::PlayError;
use loki_engine::Action;

fn session(bots: &str, seats: usize, seed: u64) -> Session {
    let mut spec = TableSpec::new("Ann", seed);
    spec.bots = bots.to_string();
    spec.seats = seats;
    Session::new(&spec, LokiConfig::default(), None).unwrap()
}

/// Plays `hands` hands with a fixed policy; returns every action taken.
fn play(s: &mut Session, hands: usize, policy: impl Fn(&Session) -> Action) -> Vec<Action> {
    let mut taken = Vec::new();
    for _ in 0..hands {
        s.next_hand(s.step()).unwrap();
        while s.in_progress() {
            let a = policy(s);
            s.act(PERSON, a, s.step()).unwrap();
            taken.push(a);
        }
    }
    taken
}

fn legal(s: &Session) -> loki_engine::LegalActions {
    s.hand.as_ref().unwrap().state().legal_actions()
}

#[test]
fn the_bots_fill_the_seats_in_order() {
    let s = session("SOM,call", 5, 1);
    assert_eq!(s.kinds(), ["you", "SOM", "call", "SOM", "call"]);
    assert_eq!(s.names(), ["Ann", "SOM-1", "call-1", "SOM-2", "call-2"]);
    assert!(s.loki(1).is_some() && s.loki(2).is_none());
    let mut spec = TableSpec::new("Ann", 1);
    spec.seats = 3;
    let refused = |spec: &TableSpec| Session::new(spec, LokiConfig::default(), None).err();
    spec.bots = "SOM,GOM,BPM".into();
    assert!(matches!(
        refused(&spec),
        Some(SpecError::Bots {
            bots: 3,
            free: 2,
            ..
        })
    ));
    spec.bots = "nobody".into();
    assert!(matches!(refused(&spec), Some(SpecError::Roster(_))));
    spec.bots = "SOM".into();
    spec.person = "<b>".into();
    assert!(matches!(refused(&spec), Some(SpecError::Name(_))));
}

#[test]
fn hands_are_zero_sum_and_the_button_moves() {
    let mut s = session("SOM,GOM,BPM", 4, 7);
    play(&mut s, 12, |s| {
        if legal(s).raise {
            Action::Raise
        } else {
            Action::Call
        }
    });
    assert_eq!(s.hands_played(), 12);
    assert_eq!(s.net().iter().sum::<Chips>(), 0);
    for (h, r) in s.history().enumerate() {
        assert_eq!(r.net.iter().sum::<Chips>(), 0);
        assert_eq!(
            r.seats,
            (0..4).map(|p| Seat::new((p + h) % 4)).collect::<Vec<_>>()
        );
    }
    assert_eq!(*s.bankroll.last().unwrap(), s.net()[PERSON]);
    assert_eq!(s.take_profile_updates().len(), 12);
    assert!(s.take_profile_updates().is_empty());
}

#[test]
fn one_seed_gives_one_session() {
    let run = |seed| {
        let mut s = session("SOM,LOKI2,random", 4, seed);
        play(&mut s, 8, |s| {
            if legal(s).fold && s.step() % 3 == 0 {
                Action::Fold
            } else {
                Action::Call
            }
        });
        s.history().cloned().collect::<Vec<_>>()
    };
    assert_eq!(run(3), run(3));
    assert_ne!(run(3), run(4));
}

#[test]
fn refused_requests_change_nothing() {
    let mut s = session("SOM,GOM", 3, 11);
    // No hand yet.
    assert_eq!(s.act(PERSON, Action::Call, 0), Err(PlayError::NoHand));
    s.next_hand(0).unwrap();
    // Play until the person may not fold for free or the hand ends; find a turn.
    let mut guard = 0;
    while s.seat_to_act() != Some(PERSON) {
        s.next_hand(s.step()).unwrap();
        guard += 1;
        assert!(guard < 50);
    }
    let step = s.step();
    let snapshot = |s: &Session| (s.step(), s.hand.as_ref().unwrap().state().events().to_vec());
    let before = snapshot(&s);
    for seat in [1, 2, 3, 99] {
        assert_eq!(
            s.act(seat, Action::Call, step),
            Err(PlayError::NotYourSeat { seat, yours: 0 })
        );
    }
    assert_eq!(
        s.act(PERSON, Action::Call, step + 1),
        Err(PlayError::Stale {
            current: step,
            got: step + 1
        })
    );
    assert!(matches!(
        s.act(PERSON, Action::Call, step.wrapping_sub(1)),
        Err(PlayError::Stale { .. })
    ));
    assert_eq!(s.next_hand(step), Err(PlayError::HandInProgress));
    let l = legal(&s);
    for a in Action::ALL.into_iter().filter(|a| !l.contains(*a)) {
        assert!(matches!(
            s.act(PERSON, a, step),
            Err(PlayError::Illegal { action, .. }) if action == a
        ));
    }
    assert_eq!(snapshot(&s), before);
    // A legal action goes through; the same request again is stale.
    s.act(PERSON, Action::Call, step).unwrap();
    assert!(matches!(
        s.act(PERSON, Action::Call, step),
        Err(PlayError::Stale { .. })
    ));
}

#[test]
fn a_finished_hand_refuses_actions_until_the_next_deal() {
    let mut s = session("call", 2, 5);
    s.next_hand(0).unwrap();
    while s.in_progress() {
        s.act(PERSON, Action::Call, s.step()).unwrap();
    }
    let step = s.step();
    assert_eq!(s.act(PERSON, Action::Call, step), Err(PlayError::NoHand));
    assert_eq!(s.step(), step);
    s.next_hand(step).unwrap();
    assert_eq!(s.hands_played(), 1);
}
