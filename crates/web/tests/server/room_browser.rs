//! Rooms in real browsers, one browser session each: a spectator of a heads-up room on
//! the live stream and the last hand's replay; a pre-action that acts when the turn
//! comes; rooms of 2 to 10 seats at 1400 x 900 and 1280 x 720 on the person's turn and
//! after a showdown: every control and every seat in view without scrolling, no seat over
//! the felt; at 390 x 844 no sideways scrolling (`room-seats-*.png`). The helpers that
//! drive a room's page are shared with `a_hundred_hands.rs`.
//!
//! Needs Chromium and ChromeDriver as `browser.rs` does (skipped without them unless
//! `LOKI_REQUIRE_BROWSER=1`).
#![allow(missing_docs)]
use crate::chrome;
use crate::common;
use crate::webdriver;
use chrome::{browser, start_driver, FLAGS};
use common::{config, start};
use loki_engine::Position;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use webdriver::Client;

pub(crate) async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.expect("script")
}

/// Waits (at most 30 s) until the script returns true.
pub(crate) async fn until(c: &Client, what: &str, script: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while js(c, script).await != Value::Bool(true) {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

/// The tests' single-threaded runtime (the server runs on its own).
pub(crate) fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// A new browser session with its own profile.
pub(crate) async fn session(port: u16, chromium: &std::path::Path, name: &str) -> Client {
    session_as(port, chromium, name, false).await
}

/// A new browser session with its own profile; `phone`: a 390 x 844 phone emulated.
pub(crate) async fn session_as(
    port: u16,
    chromium: &std::path::Path,
    name: &str,
    phone: bool,
) -> Client {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("room-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut args: Vec<String> = FLAGS.iter().map(|s| s.to_string()).collect();
    args.push("--window-size=1280,720".into());
    // Three windows at once: none of them is throttled as a window in the background.
    for flag in [
        "--disable-background-timer-throttling",
        "--disable-renderer-backgrounding",
        "--disable-backgrounding-occluded-windows",
    ] {
        args.push(flag.into());
    }
    args.push(format!("--user-data-dir={}", dir.display()));
    let mut options = json!({ "binary": chromium, "args": args });
    if phone {
        options["mobileEmulation"] = json!({
            "deviceMetrics": { "width": 390, "height": 844, "pixelRatio": 1.0, "touch": true }
        });
    }
    let caps = json!({ "browserName": "chrome", "goog:chromeOptions": options });
    Client::connect(port, caps)
        .await
        .expect("a WebDriver session")
}

/// Saves a screenshot in `target/tmp/e2e/`.
pub(crate) async fn save(c: &Client, name: &str) {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("e2e");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(name), c.screenshot().await.unwrap()).unwrap();
}

/// Sets the tab's pace of the bots to instant (before the room's page loads).
pub(crate) async fn pace_zero(c: &Client, base: &str) {
    c.goto(&format!("{base}/lobby")).await.unwrap();
    js(c, "sessionStorage.setItem('loki-pace', '0'); return true").await;
}

/// A new browser `tag` at the lobby with the bots' pace instant, where Ann opens a room of
/// `fields` (the create form's, `create-name` and `create-layout` among them); the page
/// and the room's address once Ann sits in it.
pub(crate) async fn opens_room(
    port: u16,
    chromium: &std::path::Path,
    base: &str,
    tag: &str,
    fields: &[(&str, &str)],
) -> (Client, String) {
    let ann = session(port, chromium, tag).await;
    pace_zero(&ann, base).await;
    fill_and_submit(&ann, fields, "create-button").await;
    until(&ann, "the room", "return !!window.lokiView").await;
    let url: String = js(&ann, "return location.href")
        .await
        .as_str()
        .unwrap()
        .into();
    (ann, url)
}

/// A new browser `tag` where `name` takes a seat of the room at `url` (the bots' pace
/// instant).
pub(crate) async fn joins_room(
    port: u16,
    chromium: &std::path::Path,
    base: &str,
    url: &str,
    name: &str,
    tag: &str,
) -> Client {
    let c = session(port, chromium, tag).await;
    pace_zero(&c, base).await;
    c.goto(url).await.unwrap();
    fill_and_submit(&c, &[("room-name", name)], "room-join-button").await;
    until(&c, "the seat", "return !!window.lokiView").await;
    c
}

/// Fills a form field and submits its form by the button.
pub(crate) async fn fill_and_submit(c: &Client, fields: &[(&str, &str)], button: &str) {
    for (id, value) in fields {
        let script = format!("document.getElementById({id:?}).value = {value:?}; return true");
        js(c, &script).await;
    }
    js(
        c,
        &format!("document.getElementById({button:?}).click(); return true"),
    )
    .await;
}

/// The person's view in the page, as JSON text.
pub(crate) async fn view_text(c: &Client) -> Option<String> {
    js(
        c,
        "return window.lokiView ? JSON.stringify(window.lokiView) : null",
    )
    .await
    .as_str()
    .map(String::from)
}

/// Makes the page `width` x `height` (a phone: touch and a mobile viewport) through the
/// DevTools protocol, the same browser session at every size.
async fn viewport(c: &Client, width: u32, height: u32, phone: bool) {
    let metrics =
        json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone });
    c.cdp("Emulation.setDeviceMetricsOverride", metrics)
        .await
        .expect("the viewport");
    let size = format!("return window.innerWidth === {width} && window.innerHeight === {height}");
    until(c, "the viewport", &size).await;
    // The page fits its table to the window now, not when the event comes.
    js(c, "window.dispatchEvent(new Event('resize')); return true").await;
}

/// What of the room's page is out of place: each shown control (the buttons of the
/// person's turn or of the next hand, the countdown on the person's turn, the header's
/// switch and buttons) and each seat's box not wholly in the window without scrolling,
/// each seat over the felt, and sideways scrolling.
async fn room_out_of_place(c: &Client) -> Vec<String> {
    let v = js(
        c,
        "const shown = (e) => !e.hidden && !e.closest('[hidden]');
         const box = (e) => e.getBoundingClientRect();
         const inView = (r) => window.scrollY === 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth && r.height > 0;
         const out = [];
         const controls = ['act-fold', 'act-call', 'act-raise', 'next-hand', 'room-sit', 'room-leave', 'model-toggle'].map(i => document.getElementById(i)).filter(shown);
         if (window.lokiView.your_turn) controls.push(document.getElementById('room-clock'));
         for (const e of controls) if (!inView(box(e))) out.push(e.id + ' out of view');
         // The felt: an ellipse on a wide screen, a rectangle on a phone.
         const f = box(document.getElementById('felt'));
         const round = getComputedStyle(document.getElementById('felt')).position === 'absolute';
         const inside = (x, y) => {
           if (x <= f.left || x >= f.right || y <= f.top || y >= f.bottom) return false;
           if (!round) return true;
           const a = f.width / 2, b = f.height / 2, dx = x - (f.left + a), dy = y - (f.top + b);
           return (dx * dx) / (a * a) + (dy * dy) / (b * b) < 1;
         };
         const over = (r) => {
           for (let i = 0; i <= 20; i++) {
             const x = r.left + (r.width * i) / 20, y = r.top + (r.height * i) / 20;
             if (inside(x, r.top) || inside(x, r.bottom) || inside(r.left, y) || inside(r.right, y)) return true;
           }
           return false;
         };
         document.querySelectorAll('.seat').forEach((s, i) => {
           if (!inView(box(s))) out.push('seat ' + i + ' out of view');
           if (over(box(s))) out.push('seat ' + i + ' over the felt');
         });
         const d = document.documentElement;
         if (d.scrollWidth > d.clientWidth || document.body.scrollWidth > d.clientWidth) out.push('sideways scrolling');
         return out;",
    )
    .await;
    serde_json::from_value(v).expect("a list of texts")
}

/// On a phone, each seat that cannot be reached by scrolling the page up and down: not
/// wholly within the window's width, or not drawn, or over the felt.
fn phone_unreachable() -> &'static str {
    "const felt = document.getElementById('felt').getBoundingClientRect();
     const out = [];
     document.querySelectorAll('.seat').forEach((s, i) => {
       const r = s.getBoundingClientRect();
       if (r.height === 0 || r.left < 0 || r.right > window.innerWidth) out.push('seat ' + i);
       if (r.left < felt.right && felt.left < r.right && r.top < felt.bottom && felt.top < r.bottom) out.push('seat ' + i + ' over the felt');
     });
     return out;"
}

/// Rooms of 2 to 10 seats (the person in the first, Loki players and open seats after
/// it), in one browser at 1400 x 900 and 1280 x 720 on the person's turn (its buttons and
/// countdown showing) and after the hand (its next-hand button): every control and every
/// seat in the window without scrolling, no seat over the felt, no sideways scrolling;
/// at 390 x 844 (a phone), no sideways scrolling and every seat within the width, off
/// the felt. A 1400 x 900 shot of each room in `target/tmp/e2e/room-seats-<n>.png`
/// (`-showdown` after the hand) and a phone's after the hand (`-phone`).
#[test]
fn every_room_fits() {
    let Some((chromium, driver)) = browser() else {
        return;
    };
    let mut cfg = config(6, "call");
    cfg.rooms.rooms_per_address = 20;
    let server = start(cfg);
    let (_driver, port) = start_driver(&driver);
    let t0 = Instant::now();
    runtime().block_on(async {
        let base = format!("http://{}", server.addr);
        let c = session(port, &chromium, "seats").await;
        pace_zero(&c, &base).await;
        const BOTS: [&str; 5] = ["SOM", "GOM", "LOKI2", "BPM", "BPT"];
        const SIZES: [(u32, u32); 2] = [(1400, 900), (1280, 720)];
        // The lowest seat or button after a showdown at 1280 x 720 (px from the top).
        let mut lowest = 0f64;
        for seats in 2..=10usize {
            // The person, then a Loki player and an open seat in turn.
            let layout: Vec<&str> = std::iter::once("open")
                .chain((1..seats).map(|i| if i % 2 == 1 { BOTS[i / 2 % 5] } else { "open" }))
                .collect();
            viewport(&c, 1400, 900, false).await;
            c.goto(&format!("{base}/lobby")).await.unwrap();
            until(&c, "the lobby", "return !document.getElementById('lobby').hidden").await;
            let layout = layout.join(",");
            fill_and_submit(&c, &[("create-name", "Ann"), ("create-layout", &layout)], "create-button").await;
            until(&c, "the room", &format!("return !!window.lokiView && document.querySelectorAll('.seat').length === {seats}")).await;
            // On the person's turn (with its countdown), then after the hand.
            until(&c, "the person's turn", "return window.lokiView.your_turn && !document.getElementById('act-call').hidden && document.getElementById('room-clock').textContent.startsWith('You have')").await;
            for (width, height) in SIZES {
                viewport(&c, width, height, false).await;
                let out = room_out_of_place(&c).await;
                assert!(out.is_empty(), "{seats} seats at {width}x{height}, the person's turn: {out:?}");
                if width == 1400 {
                    save(&c, &format!("room-seats-{seats}.png")).await;
                }
            }
            viewport(&c, 390, 844, true).await;
            let out = room_out_of_place(&c).await;
            assert!(!out.contains(&"sideways scrolling".to_string()), "{seats} seats on a phone");
            // Hands called down until one ends in a showdown (the result on the felt,
            // the cards shown in the seats): the next-hand button and every seat in view.
            viewport(&c, 1400, 900, false).await;
            let mut showdown = false;
            for _ in 0..12 {
                let mut guard = 0;
                while js(&c, "return !window.lokiView.in_progress && !document.getElementById('next-hand').hidden").await != Value::Bool(true) {
                    js(&c, "const b = ['act-call', 'act-fold'].map(i => document.getElementById(i)).find(b => !b.hidden); if (b) b.click(); return true").await;
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    guard += 1;
                    assert!(guard < 1000, "{seats} seats: the hand never ended");
                }
                if js(&c, "return window.lokiView.result.showdown").await == Value::Bool(true) {
                    showdown = true;
                    break;
                }
                let hand = js(&c, "return window.lokiView.hand").await;
                js(&c, "document.getElementById('next-hand').click(); return true").await;
                until(&c, "the next hand", &format!("return window.lokiView.hand !== {hand}")).await;
            }
            assert!(showdown, "{seats} seats: no showdown in 12 hands");
            for (width, height) in SIZES {
                viewport(&c, width, height, false).await;
                let out = room_out_of_place(&c).await;
                assert!(out.is_empty(), "{seats} seats at {width}x{height}, the hand over: {out:?}");
                if height == 720 {
                    let low = js(&c, "return Math.max(...[...document.querySelectorAll('.seat, #actions')].map(e => e.getBoundingClientRect().bottom))").await;
                    lowest = lowest.max(low.as_f64().unwrap_or(f64::MAX));
                }
                if width == 1400 {
                    save(&c, &format!("room-seats-{seats}-showdown.png")).await;
                }
            }
            viewport(&c, 390, 844, true).await;
            let out = room_out_of_place(&c).await;
            assert!(!out.contains(&"sideways scrolling".to_string()), "{seats} seats on a phone");
            let unreachable = js(&c, phone_unreachable()).await;
            assert_eq!(unreachable, json!([]), "{seats} seats on a phone");
            save(&c, &format!("room-seats-{seats}-phone.png")).await;
            // What Loki believes: one panel per Loki player at the table, each with its
            // weight tables (the 6-seat room).
            if seats == 6 {
                viewport(&c, 1400, 900, false).await;
                js(&c, "document.getElementById('model-toggle').click(); return true").await;
                let bots = layout.split(',').filter(|k| *k != "open").count();
                let shown = format!("return !document.getElementById('model-panel').hidden && document.querySelectorAll('#models details.model').length === {bots} && document.querySelectorAll('#models .belief .grid').length > 0");
                until(&c, "what Loki believes", &shown).await;
                save(&c, "room-seats-6-model.png").await;
            }
            // Giving the seat up asks first: "Keep it" keeps it, then it is given up.
            js(&c, "document.getElementById('room-leave').click(); return true").await;
            until(&c, "the question", "return !document.getElementById('room-leave-ask').hidden").await;
            js(&c, "document.getElementById('room-leave-no').click(); return true").await;
            let kept = js(&c, "return document.getElementById('room-leave-ask').hidden && location.pathname.startsWith('/room/')").await;
            assert_eq!(kept, serde_json::json!(true), "{seats} seats: kept");
            js(&c, "document.getElementById('room-leave').click(); document.getElementById('room-leave-yes').click(); return true").await;
            until(&c, "the lobby again", "return location.pathname === '/lobby'").await;
        }
        c.close().await.unwrap();
        println!("at 1280 x 720 the lowest seat or button ends {lowest:.0} px from the top");
    });
    println!(
        "rooms of 2 to 10 seats at three sizes in {:.1} s",
        t0.elapsed().as_secs_f64()
    );
}

/// Two people heads-up: while Bob is to act, Ann's tab says nothing and Bob's says it is
/// his turn (the title and the icon); Ann chooses *Call any* before her turn and, Bob
/// calling each time, her page acts for her when her turn comes (nobody clicks for her),
/// and the choice is cleared. Before that, Ann's chat line of markup shows on Bob's page
/// as the text she typed.
#[test]
fn a_pre_action_acts_when_the_turn_comes_and_the_tab_says_whose_turn() {
    let Some((chromium, driver)) = browser() else {
        return;
    };
    let server = start(config(6, "call"));
    let (_driver, port) = start_driver(&driver);
    runtime().block_on(async {
        let base = format!("http://{}", server.addr);
        let (ann, url) = opens_room(port, &chromium, &base, "pre-ann", &[("create-name", "Ann"), ("create-layout", "open,open")]).await;
        let bob = joins_room(port, &chromium, &base, &url, "Bob", "pre-bob").await;
        // Ann's chat line of markup reaches Bob's page as the text she typed.
        let markup = "<img src=x onerror=\"window.pwned=1\"><b>hi</b> & bye";
        fill_and_submit(&ann, &[("room-chat-text", markup)], "room-chat-say").await;
        let seen = format!("const l = document.querySelector('#room-chat li'); return !!l && l.textContent === {:?}", format!("Ann: {markup}"));
        until(&bob, "the chat line", &seen).await;
        let inert = js(&bob, "return !document.querySelector('#room-chat img, #room-chat b') && window.pwned === undefined").await;
        assert_eq!(inert, json!(true), "the chat line is text");
        assert_eq!(js(&ann, "return document.getElementById('room-chat-text').value").await, json!(""));
        let mine = "return window.lokiView.log.filter(e => e.kind === 'action' && e.seat === window.lokiView.you).length";
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            assert!(Instant::now() < deadline, "Ann's pre-action never acted");
            // Bob's turn, Ann in the hand with her pre-actions showing.
            let bob_turn = js(&bob, "return window.lokiView.your_turn && !document.getElementById('act-call').hidden").await;
            let ann_waits = js(&ann, "return !document.getElementById('pre-actions').hidden").await;
            if bob_turn != json!(true) || ann_waits != json!(true) {
                for c in [&ann, &bob] {
                    js(c, "const b = document.getElementById('next-hand'); if (!window.lokiView.in_progress && !b.hidden) b.click(); return true").await;
                }
                if js(&ann, "return window.lokiView.your_turn").await == json!(true) {
                    js(&ann, "document.getElementById('act-call').click(); return true").await;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
            let title = js(&bob, "return [document.title, document.getElementById('icon').getAttribute('href')]").await;
            assert!(title[0].as_str().unwrap().starts_with("\u{25b6} Your turn"), "{title}");
            assert_eq!(title[1], "/favicon-turn.svg");
            let title = js(&ann, "return [document.title, document.getElementById('icon').getAttribute('href')]").await;
            assert!(!title[0].as_str().unwrap().contains("Your turn"), "{title}");
            assert_eq!(title[1], "/favicon.svg");
            let hand = js(&ann, "return window.lokiView.hand").await;
            let before = js(&ann, mine).await.as_u64().unwrap();
            js(&ann, "document.getElementById('pre-call').click(); return true").await;
            // Bob calls until Ann's turn comes: her page acts alone.
            let acted = Instant::now();
            loop {
                assert!(acted.elapsed() < Duration::from_secs(20), "Ann's pre-action never acted");
                if js(&ann, "return window.lokiView.hand").await != hand {
                    break;
                }
                if js(&ann, mine).await.as_u64().unwrap() > before {
                    let cleared = js(&ann, "return !document.getElementById('pre-call').checked").await;
                    assert_eq!(cleared, json!(true), "the pre-action is cleared");
                    ann.close().await.unwrap();
                    bob.close().await.unwrap();
                    return;
                }
                js(&bob, "const b = document.getElementById('act-call'); if (window.lokiView.your_turn && !b.hidden) b.click(); return true").await;
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    });
}

/// A spectator of a full room (the person and a bot): the join form offers to watch; the
/// page then shows the table (card backs for the players still in), live on the
/// spectators' stream, and never a hole card, in its view or in its page, while the
/// person plays hands to their end. A hand the person folded is replayed by *Last hand*
/// while the next is played: in the person's page with the person's cards only, in the
/// spectator's with none, each at the pace and then back to the live table.
#[test]
fn a_spectator_sees_the_table_and_no_hole_card() {
    let Some((chromium, driver)) = browser() else {
        return;
    };
    let server = start(config(6, "call"));
    let (_driver, port) = start_driver(&driver);
    runtime().block_on(async {
        let base = format!("http://{}", server.addr);
        let (ann, url) = opens_room(port, &chromium, &base, "watched-ann", &[("create-name", "Ann"), ("create-layout", "open,call")]).await;
        let id = url.rsplit('/').next().unwrap().to_string();
        let eve = session(port, &chromium, "watcher").await;
        pace_zero(&eve, &base).await;
        eve.goto(&url).await.unwrap();
        until(&eve, "the join form", "return !document.getElementById('room-join').hidden").await;
        js(&eve, "document.getElementById('room-watch').click(); return true").await;
        until(&eve, "the table", "return !!window.lokiView && window.lokiView.spectator && document.querySelectorAll('.seat').length === 2").await;
        let controls = js(&eve, "return ['room-sit', 'room-leave', 'act-call', 'next-hand'].every(i => { const e = document.getElementById(i); return e.hidden || !!e.closest('[hidden]'); })").await;
        assert_eq!(controls, json!(true), "a spectator has no seat's controls");
        let (mut backs, mut views) = (false, 0);
        let deadline = Instant::now() + Duration::from_secs(60);
        while server.app.room_records(&id).unwrap().len() < 5 {
            assert!(Instant::now() < deadline, "five hands took too long");
            js(&ann, "const b = ['act-call', 'next-hand'].map(i => document.getElementById(i)).find(b => !b.hidden); if (b) b.click(); return true").await;
            let Some(text) = view_text(&eve).await else { continue };
            let v: Value = serde_json::from_str(&text).unwrap();
            let faces = js(&eve, "return document.querySelectorAll('.seat [data-card]').length").await;
            assert_eq!(faces, json!(0), "a hole card in the spectator's page");
            if let Some((hand, cards)) = server.app.room_hole_cards(&id) {
                if v["hand"].as_u64() == Some(hand) {
                    let body = text.replace(&id, "");
                    for (seat, card) in cards {
                        assert!(!body.contains(&card), "the spectator saw {card} of seat {seat}");
                    }
                    views += 1;
                }
            }
            backs |= js(&eve, "return document.querySelectorAll('.seat .card.back').length === 4").await == json!(true);
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(views > 5 && backs, "{views} views checked, card backs seen: {backs}");
        let live = js(&eve, "return document.getElementById('room-live').textContent").await;
        assert_eq!(live, json!("live"), "the spectator's page on the live stream");
        // Ann plays until she folds a hand, then asks for the next: while it is played,
        // both pages replay the folded hand, Ann's with her own cards, the spectator's
        // with none, and then show the live table again.
        let deadline = Instant::now() + Duration::from_secs(60);
        let folded = loop {
            assert!(Instant::now() < deadline, "Ann never folded");
            let last = server.app.room_records(&id).unwrap().pop();
            let now = server.app.room_hole_cards(&id).map(|h| h.0);
            if let Some(r) = last.filter(|r| r.ranks.iter().all(Option::is_none)) {
                if now == Some(r.hand_number + 1) {
                    break r;
                }
            }
            js(&ann, "const b = ['act-fold', 'act-call', 'next-hand'].map(i => document.getElementById(i)).find(b => !b.hidden); if (b) b.click(); return true").await;
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        let hand = folded.hand_number + 1;
        let next = format!("return window.lokiView.hand === {} && window.lokiView.in_progress", hand + 1);
        until(&ann, "the next-hand button", "return !document.getElementById('next-hand').hidden").await;
        js(&ann, "document.getElementById('next-hand').click(); return true").await;
        until(&ann, "the next hand", &next).await;
        until(&eve, "the next hand", &next).await;
        let me = folded.seats.iter().position(|s| s.index() == 0).unwrap();
        let own: Vec<String> = folded.hole[Position::new(me)].unwrap().cards().iter().map(|c| c.to_string()).collect();
        for (c, mine) in [(&ann, own.clone()), (&eve, vec![])] {
            js(c, "sessionStorage.setItem('loki-pace', '200'); window.lokiReplay = []; return true").await;
            until(c, "the last-hand button", "return !document.getElementById('last-hand').hidden").await;
            js(c, "document.getElementById('last-hand').click(); return true").await;
            let (mut faces, mut banner, mut during) = (Vec::new(), String::new(), 0);
            let deadline = Instant::now() + Duration::from_secs(30);
            loop {
                assert!(Instant::now() < deadline, "the replay never ended");
                let seen = js(c, "return [document.body.dataset.lastHand || null, [...document.querySelectorAll('.seat [data-card]')].map(e => e.dataset.card), document.getElementById('banner').textContent, document.getElementById('hand-info').textContent]").await;
                if seen[0].is_null() && during > 0 {
                    break;
                }
                if seen[0] == json!(hand.to_string()) {
                    during += 1;
                    for f in seen[1].as_array().unwrap() {
                        let f = f.as_str().unwrap().to_string();
                        assert!(mine.contains(&f), "{f} in the replay of hand {hand}, own cards {mine:?}");
                        faces.push(f);
                    }
                    let text = seen[2].as_str().unwrap();
                    if !text.is_empty() {
                        banner = text.to_string();
                        assert!(seen[3].as_str().unwrap().contains("last hand"), "{seen}");
                    }
                }
                tokio::time::sleep(Duration::from_millis(40)).await;
            }
            assert!(banner.contains("folded"), "the replay's result: {banner:?}");
            assert!(mine.iter().all(|m| faces.contains(m)), "own cards {mine:?} not in the replay");
            let back = js(c, &format!("return window.lokiReplay.length > 0 && document.body.dataset.replaying === '0' && !document.getElementById('hand-info').textContent.includes('last hand') && window.loki.state().hand === {}", hand + 1)).await;
            assert_eq!(back, json!(true), "the replay paced, then the live table");
        }
        let faces = js(&eve, "return document.querySelectorAll('.seat [data-card]').length").await;
        assert_eq!(faces, json!(0), "a hole card in the spectator's page");
        ann.close().await.unwrap();
        eve.close().await.unwrap();
    });
}
