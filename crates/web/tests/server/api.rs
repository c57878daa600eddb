//! The API of a real poker client, over real HTTP on loopback: the cookie renewed by
//! every answer about a table, `check` that never pays, names (a bot's and one in use at
//! a live table refused), a table chosen in the request (seats, bots, stakes), the HUD,
//! study mode, the summary (on demand and when leaving, a hand left in the middle
//! counted), the plain-text history, the last hand told as the person saw it, and every
//! answer JSON (405, 414, 431 and 400 included).
#![allow(missing_docs)]
use crate::common;
use common::{check_last, config, raw, request, start, Client};
use loki_store::Store;
use serde_json::{json, Value};

/// Plays calls until the person is to act with `want` true, dealing as needed.
fn until_turn(c: &mut Client, mut state: Value, want: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..300 {
        let step = state["step"].as_u64().unwrap();
        if state["in_progress"] == false {
            state = c.next(step).json();
            continue;
        }
        if want(&state) {
            return state;
        }
        let r = c.act(0, "call", step);
        assert_eq!(r.status, 200, "{}", r.body);
        state = r.json();
    }
    panic!("no such turn");
}

#[test]
fn every_answer_about_a_table_renews_its_cookie() {
    let server = start(config(3, "call,raise"));
    let mut c = Client::new(server.addr);
    let state = c.join("Ann").json();
    let token = c.token();
    let expect = format!("loki_table={token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=7200");
    assert_eq!(c.last_set_cookie.as_deref(), Some(expect.as_str()));
    let step = state["step"].as_u64().unwrap();
    let answers = [
        ("state", c.state()),
        ("act", c.act(0, "call", step)),
        ("model", c.model(true)),
        ("summary", c.send("GET", "/api/summary", None)),
        ("phh", c.send("GET", "/api/history.phhs", None)),
        ("text", c.send("GET", "/api/history.txt", None)),
    ];
    for (what, r) in &answers {
        assert_eq!(r.status, 200, "{what}: {}", r.body);
        assert_eq!(r.header("set-cookie"), Some(expect.as_str()), "{what}");
    }
    // A refused action renews nothing (it names no table it may use) but keeps it.
    let r = c.act(0, "call", 9999);
    assert_eq!(r.status, 409);
    assert_eq!(c.token(), token);
}

#[test]
fn the_last_hand_tells_the_persons_own_cards_and_only_those_shown() {
    let server = start(config(4, "call,raise,call"));
    let mut c = Client::new(server.addr);
    let mut state = c.join("Ann").json();
    let token = c.token();
    let r = c.send("GET", "/api/last", None);
    assert_eq!((r.status, r.body.as_str()), (200, "null"));
    for hand in 0..8u64 {
        let answers = c.finish_hand(state.clone(), |step| (hand + step) % 5 == 0);
        let end = answers.last().map_or(state, |r| r.json());
        let records = server.app.room_records(&token).unwrap();
        let last = records.last().unwrap();
        let me = last.seats.iter().position(|s| s.index() == 0);
        check_last(&c.send("GET", "/api/last", None), last, me, &token);
        // While the next hand is played: the finished one, never the hand in progress.
        state = c.next(end["step"].as_u64().unwrap()).json();
        assert_eq!(state["in_progress"], true);
        check_last(&c.send("GET", "/api/last", None), last, me, &token);
    }
}

#[test]
fn check_never_pays_a_bet() {
    let server = start(config(3, "raise,call"));
    let mut c = Client::new(server.addr);
    let state = c.join("Ann").json();
    let state = until_turn(&mut c, state, |s| s["legal"]["to_call"].as_i64() > Some(0));
    let step = state["step"].as_u64().unwrap();
    let before = c.state().body;
    let r = c.act(0, "check", step);
    assert_eq!(
        (r.status, r.code().as_str()),
        (422, "illegal"),
        "{}",
        r.body
    );
    assert!(r.json()["error"].as_str().unwrap().contains("to call"));
    let r = c.act(0, "bet", step);
    assert_eq!((r.status, r.code().as_str()), (422, "illegal"));
    assert_eq!(c.state().body, before, "nothing changed");
    // `call` calls; and where nothing is due, `check` checks.
    let after = c.act(0, "call", step);
    assert_eq!(after.status, 200);
    let state = until_turn(&mut c, after.json(), |s| s["legal"]["to_call"] == 0);
    let r = c.act(0, "check", state["step"].as_u64().unwrap());
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.json()["log"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["text"] == "Ann checks"));
}

#[test]
fn names_of_bots_and_of_live_tables_are_refused() {
    let server = start(config(3, "SOM,call"));
    for name in ["SOM", "som", "Call", "GOM-2", "LOKI2"] {
        let r = Client::new(server.addr).join(name);
        assert_eq!(
            (r.status, r.code().as_str()),
            (409, "name_in_use"),
            "{name}: {}",
            r.body
        );
        assert!(
            r.json()["error"].as_str().unwrap().contains("bot"),
            "{}",
            r.body
        );
    }
    let mut ann = Client::new(server.addr);
    assert_eq!(ann.join("Ann Lee").status, 200);
    // Another browser may not take the name of a live table, in any case.
    let mut other = Client::new(server.addr);
    let r = other.join("ann lee");
    assert_eq!((r.status, r.code().as_str()), (409, "name_in_use"));
    assert!(r.json()["error"]
        .as_str()
        .unwrap()
        .contains("not an account"));
    assert!(other.cookie.is_none());
    // The same browser may sit again under its name (its old table closes first).
    assert_eq!(ann.join("Ann Lee").status, 200);
    // Once Ann leaves, the name is free.
    assert_eq!(ann.leave().status, 200);
    assert_eq!(other.join("Ann Lee").status, 200);
}

#[test]
fn the_request_chooses_the_table() {
    let server = start(config(6, "SOM,GOM,LOKI2,BPM,BPT"));
    let mut c = Client::new(server.addr);
    let s = c
        .join_with(
            "Ann",
            json!({"seats": 3, "players": "LOKI2,call", "stakes": "10/20"}),
        )
        .json();
    assert_eq!(s["seats"].as_array().unwrap().len(), 3);
    let kinds: Vec<&str> = s["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["you", "LOKI2", "call"]);
    assert_eq!(s["stakes"], json!([5, 10, 10, 20]));
    let s = c
        .join_with(
            "Ann",
            json!({"seats": 2, "bots": "call", "blinds": "1,3", "bets": "3,5"}),
        )
        .json();
    assert_eq!(s["stakes"], json!([1, 3, 3, 5]));
    for (bad, needle) in [
        (json!({"seats": 11}), "2 to 10 seats"),
        (json!({"seats": 1}), "2 to 10 seats"),
        (json!({"players": "nobody"}), "unknown player"),
        (json!({"stakes": "3/5"}), "even"),
        (json!({"stakes": "4/2"}), "bad stakes"),
        (
            json!({"seats": 3, "players": "SOM,GOM,BPM"}),
            "3 bots for 2 free seats",
        ),
        (json!({"players": "SOM,".repeat(60)}), "longer than"),
    ] {
        let r = Client::new(server.addr).join_with("Bo", bad.clone());
        assert_eq!(
            (r.status, r.code().as_str()),
            (400, "bad_table"),
            "{bad}: {}",
            r.body
        );
        assert!(
            r.json()["error"].as_str().unwrap().contains(needle),
            "{bad}: {}",
            r.body
        );
    }
    let r = Client::new(server.addr).join_with("Bo", json!({"seats": "x"}));
    assert_eq!(r.status, 422);
    // The form's options: every kind, and the defaults.
    let o = request(server.addr, "GET", "/api/options", &[], None).json();
    let names: Vec<&str> = o["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["name"].as_str().unwrap())
        .collect();
    for k in [
        "SOM", "GOM", "LOKI2", "POKI", "BPM", "call", "raise", "random",
    ] {
        assert!(names.contains(&k), "{k}");
    }
    assert_eq!(o["seats"], 6);
    assert_eq!(o["stakes"], "2/4");
}

#[test]
fn the_state_carries_each_seats_hud() {
    let server = start(config(4, "raise,call,SOM"));
    let mut c = Client::new(server.addr);
    let mut state = c.join("Ann").json();
    // Play six hands by calling.
    let mut played = 0;
    while played < 6 {
        let step = state["step"].as_u64().unwrap();
        state = if state["in_progress"] == true {
            c.act(0, "call", step).json()
        } else {
            played += 1;
            c.next(step).json()
        };
    }
    for seat in state["seats"].as_array().unwrap() {
        let hud = &seat["hud"];
        for k in ["vpip", "pfr", "af", "hands"] {
            assert!(hud.get(k).is_some(), "{k} in {hud}");
        }
        assert_eq!(hud["hands"], 6, "{seat}");
    }
    // The raiser raised pre-flop in every hand; the caller never did.
    assert_eq!(state["seats"][1]["hud"]["pfr"], 1.0);
    assert_eq!(state["seats"][2]["hud"]["pfr"], 0.0);
    assert_eq!(state["seats"][2]["hud"]["vpip"], 1.0);
    // The existing keys stay.
    for k in [
        "seat",
        "name",
        "kind",
        "position",
        "role",
        "folded",
        "bet",
        "put_in",
        "net",
        "cards",
        "last_action",
        "to_act",
    ] {
        assert!(state["seats"][0].get(k).is_some(), "{k}");
    }
}

fn strength(v: &Value) -> usize {
    let mut n = 0;
    for m in v["model"].as_array().into_iter().flatten() {
        for k in ["rule", "triple", "hs", "ehs"] {
            n += usize::from(!m["last"].is_null() && !m["last"][k].is_null());
        }
        for b in m["beliefs"].as_array().into_iter().flatten() {
            n += usize::from(!b["hs"].is_null());
        }
    }
    n
}

#[test]
fn study_mode_says_so_and_shows_strength_during_the_hand() {
    let server = start(config(4, "SOM,LOKI2,GOM"));
    let mut c = Client::new(server.addr);
    let state = c.join("Ann").json();
    let state = until_turn(&mut c, state, |s| {
        s["model"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| !m["last"].is_null())
    });
    assert_eq!(state["study"], false);
    assert_eq!(strength(&state), 0, "{}", state["model"]);
    let on = c
        .send("POST", "/api/model", Some("{\"study\":true}"))
        .json();
    assert_eq!(on["study"], true);
    assert!(strength(&on) > 0);
    let r = c
        .send(
            "POST",
            "/api/model",
            Some("{\"study\":false,\"show\":true}"),
        )
        .json();
    assert_eq!(r["study"], false);
    assert_eq!(strength(&r), 0);
    // The hand counts as a study-mode hand in the summary and the history.
    let answers = c.finish_hand(r, |_| false);
    let over = answers
        .last()
        .map_or_else(|| c.state().json(), |a| a.json());
    assert!(strength(&over) > 0, "revealed once the hand is over");
    let sum = c.send("GET", "/api/summary", None).json();
    assert_eq!(sum["study_hands"], 1);
    let phh = c.send("GET", "/api/history.phhs", None).body;
    assert!(phh.contains("_study_mode = true"), "{phh}");
    let text = c.send("GET", "/api/history.txt", None);
    assert_eq!(
        text.header("content-disposition"),
        Some("attachment; filename=\"loki-session.txt\"")
    );
    assert!(text.body.contains("study mode on"), "{}", text.body);
}

#[test]
fn leaving_mid_hand_counts_the_hand_and_answers_the_summary_and_both_histories() {
    let dir = std::env::temp_dir().join(format!("loki-web-api-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("people.sqlite3");
    let mut cfg = config(3, "raise,raise");
    cfg.profiles = Some(path.clone());
    let server = start(cfg);
    let mut c = Client::new(server.addr);
    let state = c.join("Ann").json();
    // One whole hand, then leave in the middle of the second, after putting chips in.
    let answers = c.finish_hand(state, |_| false);
    let over = answers.last().unwrap().json();
    let second = c.next(over["step"].as_u64().unwrap()).json();
    let second = until_turn(&mut c, second, |s| {
        s["seats"][0]["put_in"].as_i64() > Some(0)
    });
    assert_eq!(second["hand"], 2);
    let net_before = second["seats"][0]["net"].as_i64().unwrap();
    let sum_before = c.send("GET", "/api/summary", None).json();
    assert_eq!(sum_before["hands"], 1);
    let phh_before = c.send("GET", "/api/history.phhs", None).body;
    let text_before = c.send("GET", "/api/history.txt", None).body;
    assert!(phh_before.starts_with("[1]") && !phh_before.contains("[2]"));
    let r = c.leave();
    assert_eq!(r.status, 200);
    let v = r.json();
    assert_eq!(v["left"], true);
    let sum = &v["summary"];
    assert_eq!(sum["hands"], 2);
    assert_eq!(sum["abandoned_hands"], 1);
    assert!(sum["net"].as_i64().unwrap() < net_before, "{sum}");
    for k in [
        "net",
        "bb_per_100",
        "vpip",
        "pfr",
        "af",
        "biggest_pots",
        "name",
    ] {
        assert!(sum.get(k).is_some(), "{k}");
    }
    // Both histories, the hand left in the middle after the finished one, marked.
    let phh = v["history"]["phh"].as_str().unwrap();
    let text = v["history"]["text"].as_str().unwrap();
    assert!(phh.starts_with(&phh_before), "{phh}");
    let left = &phh[phh_before.len()..];
    assert!(left.starts_with("\n[2]\n"), "{left}");
    assert!(
        left.ends_with("_study_mode = false\n_abandoned = true\n"),
        "{left}"
    );
    assert_eq!(phh.matches("_abandoned").count(), 1);
    assert!(text.starts_with(&text_before), "{text}");
    let left = &text[text_before.len()..];
    assert!(
        left.starts_with("Hand 2: bets 2/4, blinds 1/2; you left during the hand"),
        "{left}"
    );
    assert!(left.contains("Ann folds"), "{left}");
    assert!(c.cookie.is_none());
    // The profile has both hands.
    let p = Store::open(&path).unwrap().profile("Ann").unwrap().unwrap();
    assert_eq!(p.hands, 2);
}

#[test]
fn every_answer_is_json() {
    let server = start(config(2, "call"));
    let a = server.addr;
    let host = format!("Host: {a}\r\n");
    let check = |r: common::Resp, status: u16, code: &str| {
        assert_eq!(r.status, status, "{}", r.body);
        assert_eq!(
            r.header("content-type"),
            Some("application/json"),
            "{status}"
        );
        assert_eq!(r.code(), code, "{}", r.body);
        assert!(r.header("content-security-policy").is_some());
    };
    // Methods a path does not take.
    check(
        request(a, "GET", "/api/act", &[], None),
        405,
        "method_not_allowed",
    );
    check(
        request(a, "DELETE", "/api/state", &[], None),
        405,
        "method_not_allowed",
    );
    check(request(a, "PUT", "/", &[], None), 405, "method_not_allowed");
    // Long request lines: ours (8 KiB) and beyond the HTTP library's (64 KiB).
    for n in [9_000, 70_000, 300_000] {
        let line = format!(
            "GET /{} HTTP/1.1\r\n{host}Connection: close\r\n\r\n",
            "a".repeat(n)
        );
        check(raw(a, line.as_bytes()), 414, "uri_too_long");
    }
    // A long header, too many headers, a head too large, a malformed request.
    let long = format!(
        "GET / HTTP/1.1\r\n{host}X-Long: {}\r\n\r\n",
        "b".repeat(9_000)
    );
    check(raw(a, long.as_bytes()), 431, "header_too_large");
    let many = format!("GET / HTTP/1.1\r\n{host}{}\r\n", "X-A: b\r\n".repeat(100));
    check(raw(a, many.as_bytes()), 431, "too_many_headers");
    let large = format!(
        "GET / HTTP/1.1\r\n{host}{}\r\n",
        format!("X-A: {}\r\n", "c".repeat(4000)).repeat(5)
    );
    check(raw(a, large.as_bytes()), 431, "head_too_large");
    check(raw(a, b"G\x01T / HTTP/1.1\r\n\r\n"), 400, "bad_request");
    check(
        raw(
            a,
            format!("POST /api/act HTTP/1.1\r\n{host}Content-Length: x\r\n\r\n").as_bytes(),
        ),
        400,
        "bad_request",
    );
    // Unknown paths.
    check(request(a, "GET", "/nowhere", &[], None), 404, "not_found");
    // The server is well.
    assert_eq!(request(a, "GET", "/", &[], None).status, 200);
}

#[test]
fn heads_must_come_in_time_and_one_address_holds_few_connections() {
    use std::io::{Read, Write};
    use std::net::TcpStream;
    use std::time::Duration;
    let mut cfg = config(2, "call");
    cfg.limits.header_timeout = Duration::from_secs(6);
    cfg.limits.connections_per_address = 6;
    let server = start(cfg);
    let a = server.addr;
    // Six half-open connections: three silent, three cut off in their headers.
    let mut open = Vec::new();
    for i in 0..6 {
        let mut s = TcpStream::connect(a).unwrap();
        if i % 2 == 1 {
            s.write_all(format!("GET /api/state HTTP/1.1\r\nHost: {a}\r\nCook").as_bytes())
                .unwrap();
        }
        open.push(s);
    }
    let wait = |what: &str, f: &dyn Fn() -> bool| {
        let t = std::time::Instant::now();
        while !f() {
            assert!(t.elapsed() < Duration::from_secs(60), "{what}");
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    wait("six connections", &|| server.app.connections_open() == 6);
    // More from the same address are answered at once, 429 with Retry-After, and
    // closed ...
    let refused = |mut s: TcpStream, status: &str| {
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        s.write_all(format!("GET / HTTP/1.1\r\nHost: {a}\r\n\r\n").as_bytes())
            .unwrap();
        let mut text = String::new();
        s.read_to_string(&mut text).unwrap();
        assert!(text.starts_with(&format!("HTTP/1.1 {status} ")), "{text}");
        let lower = text.to_ascii_lowercase();
        assert!(lower.contains("\r\nretry-after: 5\r\n"), "{text}");
        assert!(lower.contains("\r\nconnection: close\r\n"), "{text}");
        let body = &text[text.find("\r\n\r\n").unwrap() + 4..];
        serde_json::from_str::<serde_json::Value>(body).unwrap()["code"]
            .as_str()
            .unwrap()
            .to_string()
    };
    for _ in 0..3 {
        assert_eq!(refused(TcpStream::connect(a).unwrap(), "429"), "too_many");
    }
    assert_eq!(server.app.connections_open(), 6, "the six are still open");
    // ... while another address is served.
    let other: std::net::IpAddr = "127.0.0.2".parse().unwrap();
    let r = common::request_from(Some(other), a, "GET", "/", &[], None);
    assert_eq!(r.status, 200);
    // The six are closed once the time for a head is over, without an answer.
    let closed = |mut s: TcpStream| {
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let mut buf = [0u8; 64];
        matches!(s.read(&mut buf), Ok(0) | Err(_))
    };
    for s in open {
        assert!(closed(s));
    }
    wait("every connection closed", &|| {
        server.app.connections_open() == 0
    });
    assert_eq!(request(a, "GET", "/", &[], None).status, 200);
    // A server that holds as many connections as it may in all answers 503.
    drop(server);
    let mut cfg = config(2, "call");
    cfg.limits.max_connections = 2;
    let server = start(cfg);
    let a = server.addr;
    let open: Vec<TcpStream> = (0..2).map(|_| TcpStream::connect(a).unwrap()).collect();
    wait("two connections", &|| server.app.connections_open() == 2);
    let from = common::connect_from(other, a);
    assert_eq!(refused(from, "503"), "busy");
    drop(open);
}

#[test]
fn a_body_must_come_in_time() {
    use std::io::{Read, Write};
    use std::net::TcpStream;
    use std::time::{Duration, Instant};
    let mut cfg = config(2, "call");
    cfg.limits.body_timeout = Duration::from_secs(2);
    let server = start(cfg);
    let a = server.addr;
    // A head that promises 500 bytes of body, then one byte every half second.
    let mut s = TcpStream::connect(a).unwrap();
    s.write_all(
        format!(
            "POST /api/join HTTP/1.1\r\nHost: {a}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{{"
        )
        .as_bytes(),
    )
    .unwrap();
    s.set_read_timeout(Some(Duration::from_millis(500)))
        .unwrap();
    let start = Instant::now();
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no answer to a slow body"
        );
        match s.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => answer.extend_from_slice(&buf[..n]),
            Err(_) => {
                // Still waiting: trickle another byte (it may fail once the server closed).
                let _ = s.write_all(b" ");
            }
        }
    }
    let text = String::from_utf8_lossy(&answer);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("slow_body"), "{text}");
    // The server is well and the connection is counted no more.
    assert_eq!(request(a, "GET", "/", &[], None).status, 200);
    while server.app.connections_open() > 0 {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the slow connection stays"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn one_address_holds_a_quota_of_tables() {
    let mut cfg = config(2, "call");
    cfg.limits.tables_per_address = 2;
    let server = start(cfg);
    let mut here: Vec<Client> = (0..3).map(|_| Client::new(server.addr)).collect();
    let statuses: Vec<u16> = here
        .iter_mut()
        .enumerate()
        .map(|(i, c)| c.join(&format!("P{i}")).status)
        .collect();
    assert_eq!(statuses, [200, 200, 429]);
    let r = Client::new(server.addr).join("P9");
    assert_eq!(r.code(), "quota");
    assert!(r.json()["error"].as_str().unwrap().contains("2 tables"));
    // Another address has its own quota; a browser's new table replaces its own.
    let other: std::net::IpAddr = "127.0.0.2".parse().unwrap();
    assert_eq!(Client::from(server.addr, other).join("Q").status, 200);
    assert_eq!(here[0].join("P0").status, 200);
    // Leaving frees a place.
    assert_eq!(here[1].leave().status, 200);
    assert_eq!(here[2].join("P2").status, 200);
    assert_eq!(server.app.tables_open(), 3);
}
