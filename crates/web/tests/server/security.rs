//! The server's security promises, each as a test over real HTTP on loopback:
//! 1. no answer carries another seat's hole cards before it shows them (every answer of
//!    played sessions, refused ones, the history downloads and the histories of leaving
//!    mid-hand included), and, outside
//!    study mode, no answer during a hand carries a bot's own strength or rule;
//! 2. an action for a seat the browser does not own, out of turn, stale or not legal is
//!    refused with a clear message and changes nothing;
//! 3. every input is validated and bounded (body size, content type, unknown fields,
//!    names, cookies, request rates, table count);
//! 4. one browser cannot see or act at another's table;
//! 5. the server survives clients that go away mid-request and mid-hand;
//!    and the page's own protections (loopback host, same origin, headers, no outside
//!    resources).
#![allow(missing_docs)]
use crate::common;
use common::{card_tokens, config, request, start, Client};
use loki_engine::Position;
use loki_web::Limits;
use serde_json::Value;
use std::collections::HashSet;
use std::io::Write;
use std::net::TcpStream;

/// Every (path, card) in the strings of a JSON value.
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

fn shown_seats(v: &Value) -> HashSet<usize> {
    v["result"]["shown"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s["seat"].as_u64())
                .map(|s| s as usize)
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn no_answer_carries_another_seats_cards_before_the_showdown() {
    let server = start(config(6, "SOM,GOM,LOKI2,BPM,call"));
    let mut c = Client::new(server.addr);
    let mut answers = vec![c.join("Ann")];
    let mut showdowns = 0;
    let mut folds = 0;
    let mut state = answers[0].json();
    for h in 0..16u64 {
        if state["in_progress"].as_bool() != Some(true) {
            let r = c.next(state["step"].as_u64().unwrap());
            answers.push(r.clone());
            state = r.json();
        }
        // Refused requests and toggles answer too: record them.
        let step = state["step"].as_u64().unwrap();
        answers.push(c.act(3, "call", step));
        answers.push(c.act(0, "call", step + 5));
        answers.push(c.model(false));
        answers.push(c.model(true));
        answers.push(c.state());
        let played = c.finish_hand(answers.last().unwrap().json(), |s| (s + h) % 4 == 0);
        answers.extend(played);
        let last = answers.last().unwrap().json();
        state = last.clone();
        if last["result"]["showdown"].as_bool() == Some(true) {
            showdowns += 1;
        }
        if last["seats"][0]["folded"].as_bool() == Some(true) {
            folds += 1;
        }
        answers.push(c.send("GET", "/api/history.phhs", None));
        answers.push(c.send("GET", "/api/history.txt", None));
        answers.push(c.send("GET", "/api/summary", None));
    }
    assert!(
        showdowns >= 2 && folds >= 2,
        "{showdowns} showdowns, {folds} folds"
    );
    let records = server.app.room_records(&c.token()).unwrap();
    assert_eq!(records.len(), 16);
    let mut checked = 0;
    let mut during = 0;
    for r in &answers {
        if r.header("content-type") == Some("application/json") {
            let v = r.json();
            let Some(hand) = v["hand"].as_u64() else {
                continue;
            };
            if v["in_progress"] == true {
                assert_eq!(v["study"], false);
                let strength = own_strength(&v);
                assert!(strength.is_empty(), "hand {hand}: {strength:?}");
                during += 1;
            }
            let record = &records[hand as usize - 1];
            let shown = shown_seats(&v);
            let mut found = Vec::new();
            cards_in(&v, &mut Vec::new(), &mut found);
            for p in 0..6 {
                let seat = record.seats[Position::new(p)].index();
                if seat == 0 || shown.contains(&seat) {
                    continue;
                }
                for card in record.hole[Position::new(p)].iter().flat_map(|h| h.cards()) {
                    let card = card.to_string();
                    for (path, token) in &found {
                        assert!(
                            *token != card || path == "model.*.beliefs.*.top.*.cards",
                            "hand {hand}: seat {seat}'s {card} at {path}"
                        );
                    }
                }
            }
            checked += 1;
        } else {
            // The histories: per hand, only the person's and the shown cards.
            assert_eq!(r.status, 200);
            let hands = history_hands(&r.body);
            assert!(hands.len() <= records.len());
            hides_the_unshown_cards(&hands, &records);
        }
    }
    assert!(checked > 100, "{checked}");
    assert!(during > 30, "{during}");

    // Leaving in the middle of a hand: the answer's histories hold every hand, the one
    // left included, with only the person's cards, the board and the cards shown.
    let mut guard = 0;
    while state["your_turn"] != true {
        let step = state["step"].as_u64().unwrap();
        state = if state["in_progress"] == true {
            c.act(0, "call", step).json()
        } else {
            c.next(step).json()
        };
        guard += 1;
        assert!(guard < 50);
    }
    let left_in = state["hand"].as_u64().unwrap();
    let records = server.app.room_records(&c.token()).unwrap();
    assert_eq!(records.len() as u64, left_in - 1);
    let mine = card_tokens(state["seats"][0]["cards"].as_str().unwrap());
    assert_eq!(mine.len(), 2);
    let left = c.leave().json();
    let phh = left["history"]["phh"].as_str().unwrap();
    let text = left["history"]["text"].as_str().unwrap();
    let (phh, text) = (history_hands(phh), history_hands(text));
    assert_eq!(phh.len() as u64, left_in);
    assert_eq!(text.len() as u64, left_in);
    hides_the_unshown_cards(&phh, &records);
    hides_the_unshown_cards(&text, &records);
    let last = phh.last().unwrap();
    assert!(last.contains("_abandoned = true"), "{last}");
    let mut known: HashSet<String> = mine.into_iter().collect();
    for line in last
        .lines()
        .filter(|l| l.contains(" db ") || l.contains(" sm "))
    {
        known.extend(card_tokens(line));
    }
    for card in card_tokens(last)
        .into_iter()
        .chain(card_tokens(text.last().unwrap()))
    {
        assert!(known.contains(&card), "{card} in the hand left: {last}");
    }
}

/// A history download's hands (PHH or text).
fn history_hands(body: &str) -> Vec<&str> {
    if body.starts_with("[1]") {
        body.split("\n[").collect()
    } else {
        body.split("\n\nHand ").collect()
    }
}

/// Checks that each hand of a history (in the order of `records`) holds no hole card of
/// another seat unless it was shown.
fn hides_the_unshown_cards(hands: &[&str], records: &[loki_engine::HandRecord]) {
    for (text, record) in hands.iter().zip(records) {
        let tokens = card_tokens(text);
        for p in Position::all(record.seats.len()) {
            if record.seats[p].index() == 0 || record.ranks[p].is_some() {
                continue;
            }
            for card in record.hole[p].iter().flat_map(|h| h.cards()) {
                assert!(!tokens.contains(&card.to_string()), "{card} in {text}");
            }
        }
    }
}

/// The places of a bot's own strength or rule in a state.
fn own_strength(v: &Value) -> Vec<String> {
    let mut found = Vec::new();
    for m in v["model"].as_array().into_iter().flatten() {
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
            if !m["last"].is_null() && !m["last"][k].is_null() {
                found.push(format!("{}.last.{k}", m["name"]));
            }
        }
        for b in m["beliefs"].as_array().into_iter().flatten() {
            if !b["hs"].is_null() {
                found.push(format!("{}.beliefs.hs", m["name"]));
            }
        }
    }
    found
}

#[test]
fn refused_actions_change_nothing() {
    let server = start(config(3, "SOM,GOM"));
    let mut c = Client::new(server.addr);
    let mut state = c.join("Ann").json();
    // Find a turn where checking is free, so that folding is not legal.
    let mut guard = 0;
    loop {
        if state["your_turn"].as_bool() == Some(true) && state["legal"]["fold"] == false {
            break;
        }
        let step = state["step"].as_u64().unwrap();
        state = if state["in_progress"].as_bool() == Some(true) {
            c.act(0, "call", step).json()
        } else {
            c.next(step).json()
        };
        guard += 1;
        assert!(guard < 200);
    }
    let before = c.state().body;
    let step = state["step"].as_u64().unwrap();
    let refusals = [
        (c.act(1, "call", step), 403, "not_your_seat"),
        (c.act(2, "raise", step), 403, "not_your_seat"),
        (c.act(0, "call", step + 1), 409, "stale"),
        (c.act(0, "call", step - 1), 409, "stale"),
        (c.act(0, "fold", step), 422, "illegal"),
        (c.next(step), 409, "hand_in_progress"),
    ];
    for (r, status, code) in &refusals {
        assert_eq!(
            (r.status, r.code().as_str()),
            (*status, *code),
            "{}",
            r.body
        );
        assert!(r.json()["error"].as_str().unwrap().len() > 10);
    }
    assert_eq!(c.state().body, before, "nothing changed");
    // Out of turn: the hand is over.
    let answers = c.finish_hand(state, |_| false);
    let over = answers.last().unwrap().json();
    let step = over["step"].as_u64().unwrap();
    let before = c.state().body;
    let r = c.act(0, "call", step);
    assert_eq!((r.status, r.code().as_str()), (409, "no_hand"));
    assert_eq!(c.state().body, before);
    // The same action twice (a double click): the second is stale.
    let next = c.next(step).json();
    if next["your_turn"].as_bool() == Some(true) {
        let s = next["step"].as_u64().unwrap();
        assert_eq!(c.act(0, "call", s).status, 200);
        let after = c.state().body;
        assert_eq!(c.act(0, "call", s).code(), "stale");
        assert_eq!(c.state().body, after);
    }
}

#[test]
fn inputs_are_validated_and_bounded() {
    let mut cfg = config(3, "SOM,call");
    cfg.limits = Limits {
        body_bytes: 512,
        table_burst: 6.0,
        table_rate: 0.001,
        join_burst: 1000.0,
        max_tables: 3,
        ..Limits::default()
    };
    let server = start(cfg);
    let addr = server.addr;
    let mut c = Client::new(addr);
    let state = c.join("Ann").json();
    let cookie = c.cookie.clone().unwrap();
    let step = state["step"].as_u64().unwrap().to_string();
    let post = |path: &str, ct: &str, body: &str| {
        request(
            addr,
            "POST",
            path,
            &[("Cookie", &cookie), ("Content-Type", ct)],
            Some(body),
        )
    };
    // Oversized body, wrong type, bad JSON, unknown field, unknown action, bad types.
    let big = format!(
        "{{\"seat\":0,\"action\":\"call\",\"step\":{step},\"x\":\"{}\"}}",
        "a".repeat(2000)
    );
    let cases = [
        (post("/api/act", "application/json", &big), 413),
        (post("/api/act", "text/plain", "{}"), 415),
        (post("/api/act", "application/json", "{\"seat\":0,"), 400),
        (
            post(
                "/api/act",
                "application/json",
                &format!("{{\"seat\":0,\"action\":\"call\",\"step\":{step},\"sneaky\":1}}"),
            ),
            422,
        ),
        (
            post(
                "/api/act",
                "application/json",
                &format!("{{\"seat\":0,\"action\":\"allin\",\"step\":{step}}}"),
            ),
            422,
        ),
        (
            post(
                "/api/act",
                "application/json",
                "{\"seat\":-1,\"action\":\"call\",\"step\":0}",
            ),
            422,
        ),
    ];
    for (r, status) in &cases {
        assert_eq!(r.status, *status, "{}", r.body);
        assert_eq!(r.code(), "bad_request");
        assert!(r.json()["error"].as_str().unwrap().len() <= 200);
    }
    // Names: bounded and plain; the error says so.
    for name in [
        "",
        "   ",
        &"a".repeat(25),
        "<img src=x>",
        "a\u{0}b",
        &"z".repeat(100_000),
    ] {
        let mut d = Client::new(addr);
        let body = serde_json::json!({ "name": name }).to_string();
        let r = d.send("POST", "/api/join", Some(&body));
        let expect = if body.len() > 512 { 413 } else { 400 };
        assert_eq!(r.status, expect, "{name:?}: {}", r.body);
        assert!(d.cookie.is_none());
    }
    // Cookies that the server did not hand out find nothing.
    for bad in [
        "loki_table=",
        "loki_table=zz",
        "loki_table=0123456789abcdef0123456789abcdef",
        &format!("loki_table={}", "f".repeat(5000)),
    ] {
        let r = request(addr, "GET", "/api/state", &[("Cookie", bad)], None);
        assert_eq!((r.status, r.code().as_str()), (401, "no_table"), "{bad}");
    }
    // The table's request rate: 6 at once, then 429 (nothing changes).
    let mut refused = 0;
    for _ in 0..10 {
        if c.state().status == 429 {
            refused += 1;
        }
    }
    assert!(refused >= 4, "{refused}");
    assert_eq!(c.state().code(), "too_many");
    // Tables in all: 3, then 503.
    let mut codes = Vec::new();
    for i in 0..4 {
        codes.push(Client::new(addr).join(&format!("P{i}")).status);
    }
    assert_eq!(codes, [200, 200, 503, 503], "one table is Ann's");
    assert_eq!(server.app.tables_open(), 3);
}

#[test]
fn the_join_rate_per_address_is_bounded() {
    let mut cfg = config(2, "call");
    cfg.limits.join_burst = 3.0;
    cfg.limits.join_rate = 0.001;
    let server = start(cfg);
    let answers: Vec<_> = (0..5)
        .map(|i| Client::new(server.addr).join(&format!("P{i}")))
        .collect();
    let statuses: Vec<u16> = answers.iter().map(|r| r.status).collect();
    assert_eq!(statuses, [200, 200, 200, 429, 429]);
    // A refusal says when to try again: one join per 1 / join_rate seconds.
    assert_eq!(answers[3].header("retry-after"), Some("1000"));
    assert!(answers[3].json()["error"]
        .as_str()
        .unwrap()
        .contains("1000 s"));
}

#[test]
fn a_refused_join_does_not_use_up_the_join_rate() {
    let mut cfg = config(2, "call");
    cfg.limits.join_burst = 1.0;
    cfg.limits.join_rate = 0.001;
    let server = start(cfg);
    // A bad name and a bad table are refused, and leave the budget whole.
    let mut ann = Client::new(server.addr);
    assert_eq!(Client::new(server.addr).join("<b>").status, 400);
    assert_eq!(
        Client::new(server.addr)
            .join_with("Bo", serde_json::json!({ "seats": 99 }))
            .status,
        400
    );
    assert_eq!(ann.join("Ann").status, 200);
    // Ann's table took the one join; the next is refused for the rate.
    let r = Client::new(server.addr).join("Cy");
    assert_eq!((r.status, r.code().as_str()), (429, "too_many"));
}

#[test]
fn one_browser_cannot_see_or_act_at_anothers_table() {
    let server = start(config(3, "SOM,GOM"));
    let (mut a, mut b) = (Client::new(server.addr), Client::new(server.addr));
    let sa = a.join("Ann").json();
    let sb = b.join("Bob").json();
    assert_ne!(a.token(), b.token());
    assert_eq!(sa["seats"][0]["name"], "Ann");
    assert_eq!(sb["seats"][0]["name"], "Bob");
    let before = a.state().body;
    // Bob's requests name only Bob's table: whatever seat or step he names, Ann's table
    // does not move.
    let step_a = sa["step"].as_u64().unwrap();
    for seat in 0..3 {
        let _ = b.act(seat, "fold", step_a);
        let _ = b.act(seat, "raise", step_a);
    }
    let _ = b.next(step_a);
    let _ = b.model(false);
    assert_eq!(b.state().json()["seats"][0]["name"], "Bob");
    assert_eq!(a.state().body, before);
    // No cookie, a guessed token, or Ann's token with a changed digit: no table.
    let mut guessed = a.token();
    let last = guessed.pop().unwrap();
    guessed.push(if last == '0' { '1' } else { '0' });
    for cookie in [
        None,
        Some(format!("loki_table={guessed}")),
        Some("loki_table=00000000000000000000000000000000".to_string()),
    ] {
        let mut x = Client::with_cookie(server.addr, cookie);
        assert_eq!(x.state().status, 401);
        assert_eq!(x.act(0, "call", step_a).status, 401);
        assert_eq!(x.send("GET", "/api/history.phhs", None).status, 401);
        assert_eq!(x.leave().status, 401);
    }
    assert_eq!(a.state().body, before);
    // Bob leaving closes Bob's table only; a new join gets a new token.
    let old_b = b.token();
    assert_eq!(b.leave().status, 200);
    assert_eq!(
        Client::with_cookie(server.addr, Some(format!("loki_table={old_b}")))
            .state()
            .status,
        401
    );
    assert_eq!(a.state().body, before);
    b.join("Bob");
    assert_ne!(b.token(), old_b);
}

#[test]
fn the_server_survives_clients_that_go_away() {
    let server = start(config(4, "SOM,LOKI2,GOM"));
    let mut a = Client::new(server.addr);
    let state = a.join("Ann").json();
    let cookie = a.cookie.clone().unwrap();
    // A request cut off in its body, one cut off in its headers, and one sent whole
    // whose answer nobody reads.
    for partial in [
        format!("POST /api/act HTTP/1.1\r\nHost: {}\r\nCookie: {cookie}\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n{{\"seat\":0,", server.addr),
        format!("GET /api/state HTTP/1.1\r\nHost: {}\r\nCook", server.addr),
    ] {
        let mut s = TcpStream::connect(server.addr).unwrap();
        s.write_all(partial.as_bytes()).unwrap();
        drop(s);
    }
    let step = state["step"].as_u64().unwrap();
    let body = format!("{{\"seat\":0,\"action\":\"call\",\"step\":{step}}}");
    let whole = format!(
        "POST /api/act HTTP/1.1\r\nHost: {}\r\nCookie: {cookie}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        server.addr,
        body.len()
    );
    for _ in 0..3 {
        let mut s = TcpStream::connect(server.addr).unwrap();
        s.write_all(whole.as_bytes()).unwrap();
        drop(s);
    }
    // The table is whole: the action went through at most once, and play goes on.
    let now = a.state();
    assert_eq!(now.status, 200);
    let now = now.json();
    let moved = now["step"].as_u64().unwrap() - step;
    assert!(moved <= 1, "{moved}");
    let answers = a.finish_hand(now, |_| false);
    let over = answers
        .last()
        .map_or_else(|| a.state().json(), |r| r.json());
    assert_eq!(over["in_progress"], false);
    assert_eq!(a.next(over["step"].as_u64().unwrap()).status, 200);
    // A reload mid-hand finds the same table.
    let again = a.state().json();
    assert_eq!(again["hand"], 2);
    // Others are served all along.
    assert_eq!(Client::new(server.addr).join("Bob").status, 200);
}

#[test]
fn only_loopback_hosts_and_our_own_origin() {
    let server = start(config(2, "call"));
    let addr = server.addr;
    let port = addr.port();
    for host in [
        "evil.example",
        &format!("evil.example:{port}"),
        "127.0.0.1:1",
        "",
    ] {
        let r = request(addr, "GET", "/", &[("Host", host)], None);
        assert_eq!(r.status, 403, "{host}");
    }
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("LOCALHOST:{port}"),
    ] {
        assert_eq!(
            request(addr, "GET", "/", &[("Host", &host)], None).status,
            200,
            "{host}"
        );
    }
    let body = Some("{\"name\":\"Ann\"}");
    let evil = request(
        addr,
        "POST",
        "/api/join",
        &[("Origin", "http://evil.example")],
        body,
    );
    assert_eq!((evil.status, evil.code().as_str()), (403, "forbidden"));
    assert!(evil.header("set-cookie").is_none());
    let own = format!("http://{addr}");
    assert_eq!(
        request(addr, "POST", "/api/join", &[("Origin", &own)], body).status,
        200
    );
}

#[test]
fn the_page_keeps_to_itself() {
    let server = start(config(2, "call"));
    for (path, ct) in [
        ("/", "text/html; charset=utf-8"),
        ("/app.js", "text/javascript; charset=utf-8"),
        ("/common.js", "text/javascript; charset=utf-8"),
        ("/lobby", "text/html; charset=utf-8"),
        ("/room.js", "text/javascript; charset=utf-8"),
        ("/app.css", "text/css; charset=utf-8"),
        ("/favicon.svg", "image/svg+xml"),
        ("/favicon-turn.svg", "image/svg+xml"),
        ("/api/state", "application/json"),
        ("/nothing", "application/json"),
    ] {
        let r = request(server.addr, "GET", path, &[], None);
        assert_eq!(r.header("content-type"), Some(ct), "{path}");
        let csp = r.header("content-security-policy").unwrap();
        assert!(csp.contains("default-src 'none'") && csp.contains("frame-ancestors 'none'"));
        assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(r.header("x-frame-options"), Some("DENY"));
        // Nothing is fetched from elsewhere: the only outside name is SVG's namespace.
        let outside = r.body.replace("http://www.w3.org/2000/svg", "");
        assert!(
            !outside.contains("http://") && !outside.contains("https://"),
            "{path}"
        );
        assert!(
            !outside.contains("innerHTML"),
            "{path}: text only through textContent"
        );
    }
    // One page for a table of one person and for the rooms.
    let page = request(server.addr, "GET", "/", &[], None).body;
    assert_eq!(request(server.addr, "GET", "/lobby", &[], None).body, page);
    // The cookie cannot be read by scripts nor sent by other sites.
    let mut c = Client::new(server.addr);
    let r = c.join("Ann");
    let set = r.header("set-cookie").unwrap();
    for part in ["HttpOnly", "SameSite=Strict", "Path=/"] {
        assert!(set.contains(part), "{set}");
    }
    assert_eq!(c.token().len(), 32);
}
