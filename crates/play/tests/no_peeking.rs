//! No message to the person carries another seat's hole cards before that seat shows
//! them: every view of every step of played sessions (model view on, refused requests
//! and toggles included) is searched for every card of every other seat, and so is the
//! PHH download. The only cards of other seats allowed are those shown at the hand's
//! showdown, and the holdings a Loki player *believes* likely (its top holdings), which
//! are beliefs computed from the board alone.
use loki_bot::LokiConfig;
use loki_cards::{rng_from_seed, uniform_below, Card};
use loki_engine::Action;
use loki_engine::Position;
use loki_play::history::{person_phh, person_phh_with_meta, person_text};
use loki_play::{Session, TableSpec, PERSON};
use serde_json::Value;
use std::collections::HashSet;

/// Every card-like token (`[2-9TJQKA][cdhs]`) of a text.
fn card_tokens(s: &str) -> Vec<String> {
    let b = s.as_bytes();
    (0..b.len().saturating_sub(1))
        .filter(|&i| b"23456789TJQKA".contains(&b[i]) && b"cdhs".contains(&b[i + 1]))
        .map(|i| s[i..i + 2].to_string())
        .collect()
}

/// Every (path, card) in the strings of a JSON value, skipping the belief lists.
fn cards_in(v: &Value, path: &mut Vec<String>, out: &mut Vec<(String, String)>) {
    match v {
        Value::String(s) => {
            for c in card_tokens(s) {
                out.push((path.join("."), c));
            }
        }
        Value::Array(a) => {
            for x in a {
                path.push("*".into());
                cards_in(x, path, out);
                path.pop();
            }
        }
        Value::Object(m) => {
            for (k, x) in m {
                path.push(k.clone());
                cards_in(x, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

/// The seats shown at the showdown in a message.
fn shown_seats(v: &Value) -> HashSet<usize> {
    v["result"]["shown"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s["seat"].as_u64().map(|x| x as usize))
                .collect()
        })
        .unwrap_or_default()
}

/// Checks the messages of one finished hand against everyone's cards.
fn check_hand(messages: &[Value], hole: &[(usize, [Card; 2])]) -> usize {
    let mut checked = 0;
    for m in messages {
        let shown = shown_seats(m);
        let mut found = Vec::new();
        cards_in(m, &mut Vec::new(), &mut found);
        for (seat, cards) in hole {
            if *seat == PERSON || shown.contains(seat) {
                continue;
            }
            for c in cards {
                let c = c.to_string();
                for (path, token) in &found {
                    if *token == c && path != "model.*.beliefs.*.top.*.cards" {
                        panic!("seat {seat}'s card {c} at {path} in {m}");
                    }
                }
            }
        }
        checked += 1;
    }
    checked
}

fn play_and_check(bots: &str, seats: usize, seed: u64, hands: usize) -> (usize, usize, usize) {
    let mut spec = TableSpec::new("Ann", seed);
    spec.bots = bots.into();
    spec.seats = seats;
    spec.show_model = true;
    let mut s = Session::new(&spec, LokiConfig::default(), None).unwrap();
    let mut rng = rng_from_seed(seed ^ 0xABCD);
    let (mut messages, mut showdowns, mut folds) = (0, 0, 0);
    for _ in 0..hands {
        let mut these = Vec::new();
        let mut record = |s: &Session| these.push(serde_json::to_value(s.view()).unwrap());
        s.next_hand(s.step()).unwrap();
        record(&s);
        while s.in_progress() {
            let v = s.view();
            let l = v.legal.clone().unwrap();
            // Refused requests are answered with the view too: record it after each.
            let _ = s.act(1, Action::Call, s.step());
            record(&s);
            let _ = s.act(PERSON, Action::Call, s.step() + 7);
            s.set_show_model(false);
            record(&s);
            s.set_show_model(true);
            let legal: Vec<Action> = [
                (l.fold, Action::Fold),
                (l.call, Action::Call),
                (l.raise, Action::Raise),
            ]
            .into_iter()
            .filter(|x| x.0)
            .map(|x| x.1)
            .collect();
            // Call mostly, so that showdowns come; fold and raise sometimes.
            let a = match uniform_below(&mut rng, 10) {
                0 if l.fold => Action::Fold,
                1 | 2 => legal[legal.len() - 1],
                _ => Action::Call,
            };
            if a == Action::Fold {
                folds += 1;
            }
            s.act(PERSON, a, s.step()).unwrap();
            record(&s);
        }
        let last = s.history().last().unwrap().clone();
        if last.ranks.iter().any(|r| r.is_some()) {
            showdowns += 1;
        }
        let hole: Vec<(usize, [Card; 2])> = Position::all(seats)
            .map(|p| {
                (
                    last.seats[p].index(),
                    last.hole[p].expect("every holding is dealt").cards(),
                )
            })
            .collect();
        messages += check_hand(&these, &hole);
        // The history as downloaded: only the person's and shown cards.
        let phh = person_phh(s.history().last());
        let shown: HashSet<usize> = Position::all(seats)
            .filter(|&p| last.ranks[p].is_some())
            .map(|p| last.seats[p].index())
            .collect();
        // ... and as PHH with how the hand was played, and as plain text.
        let with_meta = person_phh_with_meta(s.history_with_meta().last());
        let text = person_text(s.history_with_meta().last());
        for (seat, cards) in &hole {
            if *seat == PERSON || shown.contains(seat) {
                continue;
            }
            for c in cards {
                for t in [&phh, &with_meta, &text] {
                    assert!(!card_tokens(t).contains(&c.to_string()), "{c} in {t}");
                }
            }
        }
    }
    (messages, showdowns, folds)
}

#[test]
fn no_view_carries_another_seats_cards_before_the_showdown() {
    let mut total = (0, 0, 0);
    for (bots, seats, seed) in [
        ("SOM,GOM,LOKI2,BPM,BPT", 6, 1),
        ("SOM,call", 3, 2),
        ("LOKI2", 2, 3),
        ("GOM,raise,random,SOM", 10, 4),
    ] {
        let (m, sd, f) = play_and_check(bots, seats, seed, 12);
        total = (total.0 + m, total.1 + sd, total.2 + f);
    }
    // The test saw what it must: many messages, showdowns and folds.
    assert!(total.0 > 300, "{total:?}");
    assert!(total.1 >= 5, "{total:?}");
    assert!(total.2 >= 3, "{total:?}");
}

#[test]
fn the_check_finds_a_leak() {
    // The checker itself: a message with a bot's card outside the beliefs fails.
    let hole = [
        (PERSON, ["As".parse().unwrap(), "Kd".parse().unwrap()]),
        (1, ["2c".parse().unwrap(), "7h".parse().unwrap()]),
    ];
    let ok = serde_json::json!({"log": [{"text": "flop: 3c 4d 5s"}], "model": [{"beliefs": [{"top": [{"cards": "7h2c"}]}]}]});
    assert_eq!(check_hand(&[ok], &hole), 1);
    let shown = serde_json::json!({"result": {"shown": [{"seat": 1, "cards": "7h2c"}]}, "seats": [{"cards": "7h2c"}]});
    assert_eq!(check_hand(&[shown], &hole), 1);
    let bad = serde_json::json!({"seats": [{"cards": null}, {"cards": "7h2c"}]});
    assert!(std::panic::catch_unwind(|| check_hand(&[bad], &hole)).is_err());
    let bad = serde_json::json!({"log": [{"text": "SOM-1 holds 2c"}]});
    assert!(std::panic::catch_unwind(|| check_hand(&[bad], &hole)).is_err());
}
