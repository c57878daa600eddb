//! Rooms through the HTTP API: opening and joining, every person's answers checked for
//! the other seats' hidden cards, the time bank firing with nobody sending requests, a
//! person away sat out and back, coming back to a seat with and without the seat token,
//! the live stream, the chat, a spectator, and the limits.
#![allow(missing_docs)]
use crate::common;
use common::{check_last, check_watched_last, config, request, start, Client, Resp, Server};
use loki_engine::Event;
use loki_web::{RoomLimits, ServerConfig};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

fn room_config(bank_ms: u64, away_ms: u64) -> ServerConfig {
    let mut cfg = config(6, "SOM,GOM");
    cfg.rooms = RoomLimits {
        time_bank: Duration::from_millis(bank_ms),
        away: Duration::from_millis(away_ms),
        ..RoomLimits::default()
    };
    cfg
}

fn create(c: &mut Client, name: &str, extra: Value) -> Resp {
    let mut body = json!({ "name": name });
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    c.send("POST", "/api/rooms", Some(&body.to_string()))
}

fn path(id: &str, what: &str) -> String {
    format!("/api/room/{id}/{what}")
}

fn join(c: &mut Client, id: &str, name: &str) -> Resp {
    let body = json!({ "name": name }).to_string();
    c.send("POST", &path(id, "join"), Some(&body))
}

fn state(c: &mut Client, id: &str) -> Resp {
    c.send("GET", &path(id, "state"), None)
}

/// Checks an answer to the person in `you` against the hole cards dealt in its hand:
/// none of another seat's, unless shown.
fn check_hidden(server: &Server, id: &str, you: usize, r: &Resp) {
    let v = r.json();
    let Some((hand, cards)) = server.app.room_hole_cards(id) else {
        return;
    };
    if v["hand"].as_u64() != Some(hand) {
        return;
    }
    let shown: Vec<usize> = v["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["cards"].is_string() && s["seat"].as_u64() != Some(you as u64))
        .map(|s| s["seat"].as_u64().unwrap() as usize)
        .collect();
    if !shown.is_empty() {
        assert_eq!(
            v["result"]["showdown"], true,
            "cards shown before a showdown"
        );
    }
    // The room's id is hexadecimal: it may hold a card's letters ("5d").
    let body = r.body.replace(id, "");
    for (seat, card) in cards {
        if seat != you && !shown.contains(&seat) {
            assert!(
                !body.contains(&card),
                "seat {you} saw {card} of seat {seat}: {}",
                r.body
            );
        }
    }
}

/// Polls until `f` holds (at most `secs`).
fn wait(secs: u64, mut f: impl FnMut() -> bool) -> bool {
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(secs) {
        if f() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

#[test]
fn three_people_and_three_bots_play_without_seeing_each_others_cards() {
    let server = start(room_config(30_000, 60_000));
    let mut ann = Client::new(server.addr);
    let r = create(&mut ann, "Ann", json!({ "layout": "3*open,SOM,GOM,LOKI2" }));
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    let id = v["room"]["id"].as_str().unwrap().to_string();
    assert_eq!(id.len(), 32);
    assert!(v["seat_token"].as_str().is_some_and(|t| t.len() == 32));
    assert_eq!(v["you"], 0);
    let mut bob = Client::new(server.addr);
    let mut cy = Client::new(server.addr);
    assert_eq!(join(&mut bob, &id, "Bob").json()["you"], 1);
    // A name at the table is refused; a stranger cannot take a fourth seat.
    let mut other = Client::new(server.addr);
    assert_eq!(join(&mut other, &id, "bob").code(), "name_in_use");
    assert_eq!(join(&mut cy, &id, "Cy").json()["you"], 2);
    assert_eq!(join(&mut other, &id, "Dee").code(), "room_full");
    let mut people = [(0, ann), (1, bob), (2, cy)];
    let mut answers = 0;
    // A spectator of the full room (no cookie) never sees a hole card, not even one
    // shown at a showdown.
    let mut watcher = Client::new(server.addr);
    let mut watched = 0;
    let t = Instant::now();
    while server.app.room_records(&id).unwrap().len() < 12 {
        assert!(t.elapsed() < Duration::from_secs(60), "stuck");
        let r = watcher.send("GET", &path(&id, "watch"), None);
        assert_eq!(r.status, 200, "{}", r.body);
        let v = r.json();
        assert_eq!(
            (v["spectator"].clone(), v["you"].clone()),
            (json!(true), json!(6))
        );
        assert!(v["legal"].is_null() && v["log"] == json!([]) && v["model"].is_null());
        if let Some((hand, cards)) = server.app.room_hole_cards(&id) {
            if v["hand"].as_u64() == Some(hand) {
                let body = r.body.replace(&id, "");
                for (seat, card) in cards {
                    assert!(
                        !body.contains(&card),
                        "the spectator saw {card} of seat {seat}"
                    );
                }
                watched += 1;
            }
        }
        for (you, c) in people.iter_mut() {
            let r = state(c, &id);
            assert_eq!(r.status, 200, "{}", r.body);
            check_hidden(&server, &id, *you, &r);
            answers += 1;
            let v = r.json();
            if v["your_turn"] == true {
                let step = v["step"].as_u64().unwrap();
                let fold = v["legal"]["fold"] == true && (step + *you as u64) % 4 == 0;
                let body = json!({ "action": if fold { "fold" } else { "call" }, "step": step });
                let r = c.send("POST", &path(&id, "act"), Some(&body.to_string()));
                assert!(r.status == 200 || r.code() == "stale", "{}", r.body);
                if r.status == 200 {
                    check_hidden(&server, &id, *you, &r);
                }
            } else if v["in_progress"] == false {
                let r = c.send("POST", &path(&id, "next"), None);
                assert_eq!(r.status, 200, "{}", r.body);
            }
        }
    }
    assert!(answers > 30);
    assert!(watched > 10, "{watched} spectator's views checked");
    let r = watcher.send("GET", &path(&"0".repeat(32), "watch"), None);
    assert_eq!((r.status, r.code()), (404, "no_room".into()));
    // Each person's history: the person's own cards, the others' hidden unless shown.
    for (you, c) in people.iter_mut() {
        let r = c.send("GET", &path(&id, "history.phhs"), None);
        assert_eq!(r.status, 200);
        assert!(r.body.contains("????"), "{}", r.body);
        let records = server.app.room_records(&id).unwrap();
        let mine: Vec<_> = records
            .iter()
            .filter(|h| h.seats.iter().any(|s| s.index() == *you))
            .collect();
        assert_eq!(r.body.matches("hand = ").count(), mine.len(), "{}", r.body);
        for h in &mine {
            let me = h.seats.iter().position(|s| s.index() == *you).unwrap();
            for (p, hole) in h.hole.iter().enumerate() {
                let Some(hole) = hole else { continue };
                let text = hole.to_string();
                if p == me {
                    assert!(r.body.contains(&text), "own cards {text}");
                }
            }
        }
        // The same hands as plain text, each as the person saw it: the own cards, and
        // another seat's only where shown at the showdown.
        let t = c.send("GET", &path(&id, "history.txt"), None);
        assert_eq!(t.status, 200);
        assert!(t
            .header("content-disposition")
            .is_some_and(|d| d.contains("loki-room.txt")));
        let hands: Vec<&str> = t.body.split("\nHand ").collect();
        assert_eq!(hands.len(), mine.len(), "{}", t.body);
        let mut others_shown = 0;
        for (h, text) in mine.iter().zip(&hands) {
            let number = format!("{}:", h.hand_number + 1);
            assert!(
                text.trim_start_matches("Hand ").starts_with(&number),
                "{text}"
            );
            let me = h.seats.iter().position(|s| s.index() == *you).unwrap();
            let shown: Vec<usize> = h
                .events
                .iter()
                .filter_map(|e| match e {
                    Event::Showdown { hands } => Some(hands.iter().map(|s| s.position.index())),
                    _ => None,
                })
                .flatten()
                .collect();
            let tokens: Vec<&str> = text.split(|c: char| !c.is_ascii_alphanumeric()).collect();
            for (p, hole) in h.hole.iter().enumerate() {
                let hole = (*hole).expect("the server's record holds every card");
                let seen = hole.cards().iter().any(|card| {
                    let card = card.to_string();
                    tokens
                        .iter()
                        .any(|t| *t == card || (t.len() == 4 && (t[..2] == card || t[2..] == card)))
                });
                if p == me {
                    assert!(text.contains(&hole.to_string()), "own cards {hole}: {text}");
                } else if shown.contains(&p) {
                    others_shown += usize::from(seen);
                } else {
                    assert!(!seen, "seat {you} sees {hole} of position {p}: {text}");
                }
            }
        }
        assert!(others_shown > 0, "no showdown in the text history");
    }
    let records = server.app.room_records(&id).unwrap();
    for r in &records {
        assert_eq!(r.net.iter().sum::<i64>(), 0);
    }
    // The first hand is dealt when the room opens (Ann and the bots); once all three
    // people sit, every hand deals all six.
    assert_eq!(records.last().unwrap().seats.len(), 6);
    // The lobby lists no full room.
    let lobby = people[0].1.send("GET", "/api/lobby", None).json();
    assert_eq!(lobby["rooms"].as_array().unwrap().len(), 0);
}

#[test]
fn the_bankroll_board_counts_people_by_name_and_bots_by_kind() {
    let dir = std::env::temp_dir().join(format!("loki-room-board-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut cfg = room_config(300, 60_000);
    cfg.profiles = Some(dir.join("people.sqlite3"));
    let server = start(cfg);
    let mut ann = Client::new(server.addr);
    let v = create(&mut ann, "Ann", json!({ "layout": "open,call,call" })).json();
    let id = v["room"]["id"].as_str().unwrap().to_string();
    // The time bank plays Ann's hands by itself.
    assert!(wait(20, || server.app.room_records(&id).unwrap().len() >= 3));
    ann.send("POST", &path(&id, "leave"), None);
    let lobby = Client::new(server.addr)
        .send("GET", "/api/lobby", None)
        .json();
    assert_eq!(lobby["bankrolls_kept"], true);
    let board = lobby["board"].as_array().unwrap();
    let row = |name: &str, bot: bool| {
        board
            .iter()
            .find(|r| r["name"] == name && r["bot"] == bot)
            .unwrap_or_else(|| panic!("{name} in {board:?}"))
            .clone()
    };
    let ann = row("Ann", false);
    let call = row("call", true);
    assert!(ann["hands"].as_u64().unwrap() >= 3);
    // Two call bots count as one kind: twice Ann's hands, and the chips add to zero.
    assert_eq!(
        call["hands"].as_u64().unwrap(),
        2 * ann["hands"].as_u64().unwrap()
    );
    assert_eq!(
        ann["net"].as_i64().unwrap() + call["net"].as_i64().unwrap(),
        0
    );
}

#[test]
fn the_time_bank_fires_with_nobody_sending_anything() {
    let server = start(room_config(400, 60_000));
    let mut ann = Client::new(server.addr);
    let v = create(&mut ann, "Ann", json!({ "layout": "open,raise" })).json();
    let id = v["room"]["id"].as_str().unwrap().to_string();
    let first = v["step"].as_u64().unwrap();
    // Nobody sends anything: the person is folded or checked and hands go on.
    std::thread::sleep(Duration::from_millis(3000));
    let records = server.app.room_records(&id).unwrap();
    assert!(records.len() >= 2, "{} hands", records.len());
    let v = state(&mut ann, &id).json();
    assert!(v["step"].as_u64().unwrap() > first);
    if v["your_turn"] == true {
        assert!(v["time_left_ms"].as_u64().unwrap() <= 400);
    }
}

#[test]
fn a_silent_person_sits_out_and_a_request_brings_the_person_back() {
    let server = start(room_config(30_000, 500));
    let mut ann = Client::new(server.addr);
    let v = create(&mut ann, "Ann", json!({ "layout": "2*open,call" })).json();
    let id = v["room"]["id"].as_str().unwrap().to_string();
    let mut bob = Client::new(server.addr);
    join(&mut bob, &id, "Bob");
    // Bob keeps asking; Ann says nothing for longer than the limit.
    let sat_out = wait(5, || {
        let v = state(&mut bob, &id).json();
        v["people"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["seat"] == 0 && p["present"] == false)
    });
    assert!(sat_out);
    // Ann's next request brings her back to the table.
    let v = state(&mut ann, &id).json();
    assert_eq!(v["sitting_out"], false);
    // Sitting out by choice lasts until the person comes back by choice.
    let out = ann
        .send("POST", &path(&id, "sit"), Some(r#"{"out":true}"#))
        .json();
    assert_eq!(out["sitting_out"], true);
    assert_eq!(state(&mut ann, &id).json()["sitting_out"], true);
    let back = ann
        .send("POST", &path(&id, "sit"), Some(r#"{"out":false}"#))
        .json();
    assert_eq!(back["sitting_out"], false);
}

#[test]
fn a_seat_comes_back_only_with_its_name_and_seat_token() {
    let server = start(room_config(30_000, 60_000));
    let mut ann = Client::new(server.addr);
    let v = create(&mut ann, "Ann", json!({ "layout": "2*open,call" })).json();
    let id = v["room"]["id"].as_str().unwrap().to_string();
    let token = v["seat_token"].as_str().unwrap().to_string();
    let mut stranger = Client::new(server.addr);
    // The live seat cannot be taken by name, nor by a wrong token.
    assert_eq!(join(&mut stranger, &id, "Ann").code(), "name_in_use");
    let wrong = json!({ "name": "Ann", "seat_token": "0".repeat(32) }).to_string();
    let r = stranger.send("POST", &path(&id, "rejoin"), Some(&wrong));
    assert_eq!(r.code(), "bad_seat_token");
    let wrong_name = json!({ "name": "Bob", "seat_token": token }).to_string();
    let r = stranger.send("POST", &path(&id, "rejoin"), Some(&wrong_name));
    assert_eq!(r.code(), "bad_seat_token");
    assert_eq!(state(&mut stranger, &id).code(), "no_seat");
    // The seat's own browser may ask for its token again; nobody else.
    let r = ann.send("GET", &path(&id, "seat_token"), None);
    assert_eq!(
        r.json()["seat_token"].as_str(),
        Some(token.as_str()),
        "{}",
        r.body
    );
    assert_eq!(
        stranger.send("GET", &path(&id, "seat_token"), None).code(),
        "no_seat"
    );
    assert!(state(&mut ann, &id).json().get("seat_token").is_none());
    // While the seat's page is live (its stream open) the token takes nothing.
    let cookie = ann.cookie.clone().unwrap();
    let (live, _) = open_stream(&server, &id, "events", &cookie);
    assert!(wait(5, || server.app.streams_open() == 1));
    let mut thief = Client::new(server.addr);
    let right = json!({ "name": "Ann", "seat_token": token }).to_string();
    let r = thief.send("POST", &path(&id, "rejoin"), Some(&right));
    assert_eq!(
        (r.status, r.code()),
        (409, "seat_in_use".into()),
        "{}",
        r.body
    );
    assert_eq!(state(&mut thief, &id).code(), "no_seat");
    assert_eq!(state(&mut ann, &id).status, 200, "the owner keeps the seat");
    drop(live);
    assert!(wait(5, || server.app.streams_open() == 0));
    // A new browser (a lost cookie) with both comes back to the same seat; the old
    // browser's cookie no longer holds it.
    let mut again = Client::new(server.addr);
    let right = json!({ "name": "ann", "seat_token": token }).to_string();
    let r = again.send("POST", &path(&id, "rejoin"), Some(&right));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["you"], 0);
    assert_eq!(state(&mut again, &id).json()["you"], 0);
    assert_eq!(state(&mut ann, &id).code(), "no_seat");
    // Leaving gives the seat up.
    assert_eq!(again.send("POST", &path(&id, "leave"), None).status, 200);
    assert!(
        wait(5, || stranger
            .send("POST", &path(&id, "rejoin"), Some(&right))
            .code()
            == "no_room"),
        "the room closes with nobody in it"
    );
}

#[test]
fn names_that_look_alike_and_reserved_words_are_refused() {
    let server = start(room_config(30_000, 60_000));
    let mut ann = Client::new(server.addr);
    let v = create(&mut ann, "Ann", json!({ "layout": "3*open,call" })).json();
    let id = v["room"]["id"].as_str().unwrap().to_string();
    let mut other = Client::new(server.addr);
    // A Cyrillic А beside a Latin A.
    let r = join(&mut other, &id, "\u{410}nn");
    assert_eq!(
        (r.status, r.code()),
        (409, "name_in_use".into()),
        "{}",
        r.body
    );
    assert!(r.json()["error"].as_str().unwrap().contains("looks like"));
    for name in ["open", "Dealer", "ADMIN", "seat 2"] {
        let r = join(&mut other, &id, name);
        assert_eq!(
            (r.status, r.code()),
            (409, "name_reserved".into()),
            "{name}: {}",
            r.body
        );
    }
    for name in ["call", "SOM", "C\u{410}LL"] {
        assert_eq!(join(&mut other, &id, name).code(), "name_in_use", "{name}");
    }
    let mut opener = Client::new(server.addr);
    let r = create(&mut opener, "admin", json!({ "layout": "2*open,call" }));
    assert_eq!(r.code(), "name_reserved");
    assert_eq!(join(&mut other, &id, "Anne").status, 200);
}

#[test]
fn rooms_refuse_what_they_cannot_hold() {
    let mut cfg = room_config(30_000, 60_000);
    cfg.rooms.rooms_per_address = 2;
    cfg.rooms.streams_per_address = 2;
    let server = start(cfg);
    let mut c = Client::new(server.addr);
    for (extra, code) in [
        (json!({ "layout": "SOM,GOM" }), "bad_table"),
        (json!({ "layout": "11*open" }), "bad_table"),
        (json!({ "layout": "open,nobody" }), "bad_table"),
        (json!({ "layout": "x".repeat(300) }), "bad_table"),
        (json!({ "time_bank": 1 }), "bad_table"),
        (json!({ "time_bank": 100000 }), "bad_table"),
        (json!({ "stakes": "3/4" }), "bad_table"),
        (json!({ "seats": 4 }), "bad_request"),
    ] {
        let r = create(&mut c, "Ann", extra.clone());
        assert_eq!(r.code(), code, "{extra}: {}", r.body);
    }
    assert_eq!(create(&mut c, "SOM", json!({})).code(), "name_in_use");
    assert_eq!(create(&mut c, "Ann", json!({})).status, 200);
    let r = create(&mut c, "Ann", json!({}));
    let id = r.json()["room"]["id"].as_str().unwrap().to_string();
    let cookie = c.cookie.clone().unwrap();
    assert_eq!(create(&mut c, "Ann", json!({})).code(), "quota");
    // Unknown rooms and malformed ids.
    for bad in ["0".repeat(32), "x".into(), "../../etc".into()] {
        assert_eq!(join(&mut c, &bad, "Bo").status, 404, "{bad}");
    }
    // Live streams: bounded per address.
    let mut streams: Vec<TcpStream> = Vec::new();
    for _ in 0..2 {
        let (s, first) = open_stream(&server, &id, "events", &cookie);
        assert!(first.contains("event: view"), "{first}");
        streams.push(s);
    }
    let r = request(
        server.addr,
        "GET",
        &path(&id, "events"),
        &[("Cookie", cookie.as_str())],
        None,
    );
    assert_eq!(r.status, 429);
    // A spectator's stream counts among them.
    let r = request(server.addr, "GET", &path(&id, "watch/events"), &[], None);
    assert_eq!((r.status, r.code()), (429, "too_many".into()));
    drop(streams);
    assert!(wait(5, || server.app.streams_open() == 0));
}

/// Opens the live stream at `what` of the room (`events` with the seat's cookie,
/// `watch/events` with none) and reads its first event.
fn open_stream(server: &Server, id: &str, what: &str, cookie: &str) -> (TcpStream, String) {
    let mut s = TcpStream::connect(server.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let cookie = if cookie.is_empty() {
        String::new()
    } else {
        format!("Cookie: {cookie}\r\n")
    };
    let head = format!(
        "GET {} HTTP/1.1\r\nHost: {}\r\n{cookie}Accept: text/event-stream\r\n\r\n",
        path(id, what),
        server.addr
    );
    s.write_all(head.as_bytes()).unwrap();
    let mut r = BufReader::new(s.try_clone().unwrap());
    let mut text = String::new();
    loop {
        let mut line = String::new();
        let n = r.read_line(&mut line).unwrap();
        text.push_str(&line);
        if n == 0 || line.starts_with("data:") {
            break;
        }
    }
    (s, text)
}

#[test]
fn the_live_stream_sends_each_new_version() {
    let server = start(room_config(30_000, 60_000));
    let mut ann = Client::new(server.addr);
    let v = create(&mut ann, "Ann", json!({ "layout": "2*open,call" })).json();
    let id = v["room"]["id"].as_str().unwrap().to_string();
    let cookie = ann.cookie.clone().unwrap();
    let (s, first) = open_stream(&server, &id, "events", &cookie);
    assert!(first.contains("text/event-stream"), "{first}");
    let mut r = BufReader::new(s);
    // Bob joins: Ann's stream carries a view with Bob in it.
    let mut bob = Client::new(server.addr);
    join(&mut bob, &id, "Bob");
    let mut seen_bob = false;
    let t = Instant::now();
    while !seen_bob && t.elapsed() < Duration::from_secs(10) {
        let mut line = String::new();
        r.read_line(&mut line).unwrap();
        if let Some(data) = line.strip_prefix("data:") {
            let v: Value = serde_json::from_str(data.trim()).unwrap();
            assert_eq!(v["you"], 0);
            seen_bob = v["people"]
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p["name"] == "Bob");
        }
    }
    assert!(seen_bob);
}

#[test]
fn a_seat_in_one_room_is_nothing_in_another() {
    let server = start(room_config(30_000, 60_000));
    let mut ann = Client::new(server.addr);
    let a = create(&mut ann, "Ann", json!({ "layout": "2*open,call" })).json();
    let mut bob = Client::new(server.addr);
    let b = create(&mut bob, "Bob", json!({ "layout": "2*open,call" })).json();
    let (ida, idb) = (
        a["room"]["id"].as_str().unwrap(),
        b["room"]["id"].as_str().unwrap(),
    );
    // Ann's cookie names her room: in Bob's room she holds nothing.
    assert_eq!(state(&mut ann, idb).code(), "no_seat");
    let act = json!({ "action": "call", "step": 1 }).to_string();
    assert_eq!(
        ann.send("POST", &path(idb, "act"), Some(&act)).code(),
        "no_seat"
    );
    assert_eq!(
        ann.send("POST", &path(idb, "leave"), None).code(),
        "no_seat"
    );
    // Her own cookie value under Bob's room's cookie name is not Bob's seat either.
    let token = ann.cookie.clone().unwrap();
    let value = token.split_once('=').unwrap().1;
    let forged = format!("loki_room_{idb}={value}");
    let r = request(
        server.addr,
        "GET",
        &path(idb, "state"),
        &[("Cookie", forged.as_str())],
        None,
    );
    assert_eq!(r.code(), "no_seat");
    // A seat named in the body other than one's own is refused; hostile bodies too.
    let v = state(&mut ann, ida).json();
    let other = json!({ "seat": 1, "action": "call", "step": v["step"] }).to_string();
    assert_eq!(
        ann.send("POST", &path(ida, "act"), Some(&other)).code(),
        "not_your_seat"
    );
    for body in [
        "{}",
        "[]",
        r#"{"action":"allin","step":1}"#,
        r#"{"action":"call","step":-1}"#,
        r#"{"action":"call","step":1,"x":1}"#,
    ] {
        let r = ann.send("POST", &path(ida, "act"), Some(body));
        assert!(
            matches!(r.status, 400 | 422),
            "{body}: {} {}",
            r.status,
            r.body
        );
    }
    let long = json!({ "name": "Ann", "seat_token": "f".repeat(2000) }).to_string();
    assert_eq!(
        bob.send("POST", &path(ida, "rejoin"), Some(&long)).status,
        413
    );
}

fn say(c: &mut Client, id: &str, text: &str) -> Resp {
    let body = json!({ "text": text }).to_string();
    c.send("POST", &path(id, "chat"), Some(&body))
}

#[test]
fn the_chat_is_plain_text_bounded_and_rate_limited() {
    let server = start(room_config(30_000, 60_000));
    let mut ann = Client::new(server.addr);
    let v = create(&mut ann, "Ann", json!({ "layout": "2*open,call" })).json();
    let id = v["room"]["id"].as_str().unwrap().to_string();
    assert_eq!(v["chat"], json!([]));
    let mut bob = Client::new(server.addr);
    assert_eq!(join(&mut bob, &id, "Bob").status, 200);
    // Markup is said and sent back as it was typed (JSON text; the page shows it as text).
    let markup = "  <script>alert(1)</script> & <b>hi</b> ";
    let r = say(&mut ann, &id, markup);
    assert_eq!(r.status, 200, "{}", r.body);
    let chat = state(&mut bob, &id).json()["chat"].clone();
    assert_eq!(
        chat,
        json!([{ "n": 1, "seat": 0, "name": "Ann", "text": markup.trim() }])
    );
    // Empty, too long, control and direction-changing characters: refused, unsaid.
    let long = "x".repeat(loki_web::MAX_CHAT_CHARS + 1);
    for bad in [
        "",
        "   ",
        long.as_str(),
        "a\u{202e}b",
        "two\nlines",
        "bell\u{7}",
    ] {
        let r = say(&mut bob, &id, bad);
        assert_eq!((r.status, r.code()), (422, "bad_request".into()), "{bad:?}");
    }
    let most = "\u{e9}".repeat(loki_web::MAX_CHAT_CHARS);
    assert_eq!(say(&mut bob, &id, &most).status, 200);
    // Three lines at once, then one every two seconds: the fourth waits.
    assert_eq!(say(&mut ann, &id, "two").status, 200);
    assert_eq!(say(&mut ann, &id, "three").status, 200);
    let r = say(&mut ann, &id, "four");
    assert_eq!((r.status, r.code()), (429, "too_many".into()));
    assert!(r.header("retry-after").is_some());
    let texts: Vec<Value> = state(&mut ann, &id).json()["chat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].clone())
        .collect();
    assert_eq!(
        texts,
        [
            json!(markup.trim()),
            json!(most),
            json!("two"),
            json!("three")
        ]
    );
    // Nobody without a seat speaks, and no unknown field is taken.
    let mut eve = Client::new(server.addr);
    assert_eq!(say(&mut eve, &id, "hi").status, 401);
    let body = json!({ "text": "hi", "seat": 1 }).to_string();
    assert_eq!(
        bob.send("POST", &path(&id, "chat"), Some(&body)).status,
        422
    );
}

#[test]
fn spectators_and_the_lobby_are_held_to_a_rate_per_address() {
    let mut cfg = room_config(30_000, 60_000);
    cfg.limits.table_burst = 5.0;
    cfg.limits.table_rate = 0.1;
    let server = start(cfg);
    let mut ann = Client::new(server.addr);
    let v = create(&mut ann, "Ann", json!({ "layout": "open,call" })).json();
    let id = v["room"]["id"].as_str().unwrap().to_string();
    let mut eve = Client::new(server.addr);
    for _ in 0..5 {
        assert_eq!(eve.send("GET", &path(&id, "watch"), None).status, 200);
    }
    let r = eve.send("GET", &path(&id, "watch"), None);
    assert_eq!((r.status, r.code()), (429, "too_many".into()));
    assert_eq!(r.header("retry-after"), Some("1"));
    // The spectator's live stream and last hand draw on the same budget.
    for what in ["watch/events", "watch/last"] {
        let r = eve.send("GET", &path(&id, what), None);
        assert_eq!((r.status, r.code()), (429, "too_many".into()), "{what}");
    }
    // One budget for looking without a seat: the lobby waits too.
    let r = eve.send("GET", "/api/lobby", None);
    assert_eq!((r.status, r.header("retry-after")), (429, Some("1")));
    // The person's own requests are the person's, not the address's spectators'.
    assert_eq!(state(&mut ann, &id).status, 200);
}

#[test]
fn a_spectator_gets_the_live_stream_and_never_a_hole_card() {
    let server = start(room_config(30_000, 60_000));
    let mut ann = Client::new(server.addr);
    let v = create(&mut ann, "Ann", json!({ "layout": "open,SOM,call" })).json();
    let id = v["room"]["id"].as_str().unwrap().to_string();
    let (s, first) = open_stream(&server, &id, "watch/events", "");
    assert!(first.contains("text/event-stream"), "{first}");
    assert_eq!(server.app.streams_open(), 1);
    let stop = s.try_clone().unwrap();
    let first = first.lines().last().unwrap().to_string();
    // The spectator's events, read while Ann plays.
    let reader = std::thread::spawn(move || {
        let mut r = BufReader::new(s);
        let mut views = vec![first];
        let mut line = String::new();
        while r.read_line(&mut line).is_ok_and(|n| n > 0) {
            if line.starts_with("data:") {
                views.push(line.clone());
            }
            line.clear();
        }
        views
    });
    let mut v = state(&mut ann, &id).json();
    while server.app.room_records(&id).unwrap().len() < 6 {
        let step = v["step"].as_u64().unwrap();
        let r = if v["your_turn"] == true {
            let body = json!({ "action": "call", "step": step }).to_string();
            ann.send("POST", &path(&id, "act"), Some(&body))
        } else if v["in_progress"] == false {
            ann.send("POST", &path(&id, "next"), None)
        } else {
            state(&mut ann, &id)
        };
        assert_eq!(r.status, 200, "{}", r.body);
        v = r.json();
    }
    std::thread::sleep(Duration::from_millis(300));
    let live = server.app.room_hole_cards(&id).unwrap();
    stop.shutdown(std::net::Shutdown::Both).unwrap();
    let views = reader.join().unwrap();
    let records = server.app.room_records(&id).unwrap();
    let (mut between, mut showdowns) = (0, 0);
    for data in &views {
        let body = data.trim_start_matches("data:").trim();
        let v: Value = serde_json::from_str(body).unwrap();
        assert_eq!(
            (v["spectator"].clone(), v["you"].clone()),
            (json!(true), json!(3))
        );
        assert!(v["legal"].is_null() && v["log"] == json!([]) && v["result"].is_null());
        let hand = v["hand"].as_u64().unwrap();
        let cards: Vec<String> = match records.iter().find(|r| r.hand_number + 1 == hand) {
            Some(r) => r
                .hole
                .iter()
                .flatten()
                .flat_map(|h| h.cards())
                .map(|c| c.to_string())
                .collect(),
            None if live.0 == hand => live.1.iter().map(|(_, c)| c.clone()).collect(),
            None => panic!("hand {hand} unknown"),
        };
        let tokens = common::card_tokens(&body.replace(&id, ""));
        for card in cards {
            assert!(!tokens.contains(&card), "{card} in {body}");
        }
        between += usize::from(v["in_progress"] == false);
        let rec = records.iter().find(|r| r.hand_number + 1 == hand);
        showdowns += usize::from(
            v["in_progress"] == false && rec.is_some_and(|r| r.ranks.iter().any(Option::is_some)),
        );
    }
    assert!(views.len() > 12, "{} views", views.len());
    assert!(
        between > 0 && showdowns > 0,
        "{between} views between hands, {showdowns} after a showdown"
    );
    assert!(wait(5, || server.app.streams_open() == 0));
}

#[test]
fn the_last_hand_tells_each_person_and_spectator_only_what_they_saw() {
    let server = start(room_config(30_000, 60_000));
    let mut ann = Client::new(server.addr);
    let v = create(&mut ann, "Ann", json!({ "layout": "2*open,SOM,call" })).json();
    let id = v["room"]["id"].as_str().unwrap().to_string();
    let mut eve = Client::new(server.addr);
    let none = eve.send("GET", &path(&id, "watch/last"), None);
    assert_eq!((none.status, none.body.as_str()), (200, "null"));
    assert_eq!(ann.send("GET", &path(&id, "last"), None).body, "null");
    // Bob sits down during the first hand: it was not dealt to him.
    let mut bob = Client::new(server.addr);
    join(&mut bob, &id, "Bob");
    let mut people = [(0, ann), (1, bob)];
    let mut checked = None;
    let (mut told, mut unseen, mut showdowns) = (0, 0, 0);
    while server.app.room_records(&id).unwrap().len() < 8 {
        for (you, c) in people.iter_mut() {
            let v = state(c, &id).json();
            let step = v["step"].as_u64().unwrap();
            if v["your_turn"] == true {
                let fold = v["legal"]["fold"] == true && (step + *you as u64) % 3 == 0;
                let body = json!({ "action": if fold { "fold" } else { "call" }, "step": step });
                c.send("POST", &path(&id, "act"), Some(&body.to_string()));
            } else if v["in_progress"] == false {
                c.send("POST", &path(&id, "next"), None);
            }
        }
        // Between hands and during the next: the last finished hand, to each as seen.
        let records = server.app.room_records(&id).unwrap();
        let now = (records.len(), server.app.room_hole_cards(&id).map(|h| h.0));
        let Some(last) = records.last().filter(|_| checked != Some(now)) else {
            continue;
        };
        checked = Some(now);
        for (you, c) in people.iter_mut() {
            let me = last.seats.iter().position(|s| s.index() == *you);
            unseen += usize::from(me.is_none());
            check_last(&c.send("GET", &path(&id, "last"), None), last, me, &id);
        }
        check_watched_last(&eve.send("GET", &path(&id, "watch/last"), None), last, &id);
        told += 1;
        // A hand that reached a showdown: shown cards the players' replays hold and the
        // spectator's must not.
        showdowns += usize::from(
            last.events
                .iter()
                .any(|e| matches!(e, loki_engine::Event::Showdown { .. })),
        );
    }
    assert!(
        told >= 8 && unseen > 0 && showdowns > 0,
        "{told} last hands told, {unseen} not dealt to the person, {showdowns} showdowns"
    );
}
