//! A bounded load test of rooms on loopback: rooms of three people and three Loki
//! players at once, every person a thread polling the HTTP API (no browser), playing
//! hands until the room has played its count, then leaving. No request may fail, every
//! room must close once its people leave, and the server's heap (counted by a wrapping
//! allocator) must come back to where it started.
//!
//! The default run plays 6 rooms of 3 hands; the full test (50 rooms of 20 hands) is
//! `cargo test --release -p loki-web --test room_load -- --ignored --nocapture`.
#![allow(missing_docs)]
mod common;
use cap::Cap;
use common::{config, start, Client};
use serde_json::json;
use std::alloc::System;
use std::time::{Duration, Instant};

#[global_allocator]
static HEAP: Cap<System> = Cap::new(System, usize::MAX);

fn mib(b: usize) -> f64 {
    b as f64 / (1024.0 * 1024.0)
}

/// One person: plays until the room has `hands` finished hands (as the person's view
/// counts them), then leaves. Returns (requests, errors).
fn person(mut c: Client, id: String, hands: usize, i: usize) -> (usize, Vec<String>) {
    let mut requests = 0;
    let mut errors = Vec::new();
    let t = Instant::now();
    let mut ready_for = None;
    loop {
        if t.elapsed() > Duration::from_secs(600) {
            errors.push("stuck".into());
            break;
        }
        let r = c.send("GET", &format!("/api/room/{id}/state"), None);
        requests += 1;
        if r.status != 200 {
            errors.push(format!("state: {} {}", r.status, r.body));
            break;
        }
        let v = r.json();
        if v["hands_played"].as_u64().unwrap_or(0) as usize >= hands {
            break;
        }
        if v["your_turn"] == true {
            let step = v["step"].as_u64().unwrap_or(0);
            let fold = v["legal"]["fold"] == true && (step as usize + i) % 5 == 0;
            let body = json!({ "action": if fold { "fold" } else { "call" }, "step": step });
            let r = c.send(
                "POST",
                &format!("/api/room/{id}/act"),
                Some(&body.to_string()),
            );
            requests += 1;
            if r.status != 200 && r.code() != "stale" {
                errors.push(format!("act: {} {}", r.status, r.body));
                break;
            }
        } else if v["in_progress"] == false && ready_for != v["hand"].as_u64() {
            ready_for = v["hand"].as_u64();
            let r = c.send("POST", &format!("/api/room/{id}/next"), None);
            requests += 1;
            if r.status != 200 {
                errors.push(format!("next: {} {}", r.status, r.body));
                break;
            }
        } else {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    let r = c.send("POST", &format!("/api/room/{id}/leave"), None);
    requests += 1;
    if r.status != 200 {
        errors.push(format!("leave: {} {}", r.status, r.body));
    }
    (requests, errors)
}

fn load(rooms: usize, hands: usize) {
    let mut cfg = config(6, "SOM,GOM");
    cfg.seed = None;
    cfg.rooms.rooms_per_address = rooms;
    cfg.rooms.max_rooms = rooms;
    let server = start(cfg);
    let addr = server.addr;
    // Warm up (runtime, pools, first allocations), then take the baseline.
    let mut c = Client::new(addr);
    let r = c.send(
        "POST",
        "/api/rooms",
        Some(r#"{"name":"warm","layout":"open,call"}"#),
    );
    let id = r.json()["room"]["id"].as_str().unwrap().to_string();
    c.send("POST", &format!("/api/room/{id}/leave"), None);
    assert!(wait_closed(&server));
    let base = HEAP.allocated();
    let t = Instant::now();
    let mut threads = Vec::new();
    for k in 0..rooms {
        let mut ann = Client::new(addr);
        let body = json!({ "name": format!("a{k}"), "layout": "3*open,SOM,GOM,LOKI2" });
        let r = ann.send("POST", "/api/rooms", Some(&body.to_string()));
        assert_eq!(r.status, 200, "{}", r.body);
        let id = r.json()["room"]["id"].as_str().unwrap().to_string();
        let mut people = vec![ann];
        for name in ["b", "c"] {
            let mut p = Client::new(addr);
            let body = json!({ "name": format!("{name}{k}") }).to_string();
            let r = p.send("POST", &format!("/api/room/{id}/join"), Some(&body));
            assert_eq!(r.status, 200, "{}", r.body);
            people.push(p);
        }
        for (i, p) in people.into_iter().enumerate() {
            let id = id.clone();
            threads.push(std::thread::spawn(move || person(p, id, hands, i)));
        }
    }
    let mut peak = base;
    let mut peak_rooms = 0;
    while threads.iter().any(|t| !t.is_finished()) {
        peak = peak.max(HEAP.allocated());
        peak_rooms = peak_rooms.max(server.app.rooms_open());
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut requests = 0;
    let mut errors = Vec::new();
    for t in threads {
        let (r, e) = t.join().unwrap();
        requests += r;
        errors.extend(e);
    }
    let secs = t.elapsed().as_secs_f64();
    assert!(
        wait_closed(&server),
        "rooms left open: {}",
        server.app.rooms_open()
    );
    let after = HEAP.allocated();
    println!(
        "{rooms} rooms x {hands} hands (3 people, SOM, GOM, LOKI2): {requests} requests in {secs:.1} s, \
         {} errors; {peak_rooms} rooms at once; heap {:.2} MiB before, {:.2} MiB at the peak, {:.2} MiB after",
        errors.len(),
        mib(base),
        mib(peak),
        mib(after)
    );
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(peak_rooms, rooms);
    assert!(
        after <= base + (1 << 20),
        "{} -> {} MiB",
        mib(base),
        mib(after)
    );
    assert!(peak > base + (1 << 20), "the rooms did hold memory");
}

/// Waits until every room has closed (the rooms' clock closes a room nobody sits in).
fn wait_closed(server: &common::Server) -> bool {
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(10) {
        if server.app.rooms_open() == 0 {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

#[test]
fn rooms_of_three_people_and_three_bots_come_and_go() {
    load(6, 3);
}

#[test]
#[ignore = "the full load test (50 rooms x 20 hands); run with --ignored"]
fn fifty_rooms_of_twenty_hands() {
    load(50, 20);
}
