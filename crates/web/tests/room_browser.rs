//! A room in real browsers: three people in three sessions of one ChromeDriver (each
//! its own profile, so its own cookies) with three bots, through the rooms page. One
//! opens the room in the lobby, the others take seats through its link; they play 100
//! hands (`LOKI_ROOM_HANDS`, 30 to 1,000), each person's browser on a thread of its own,
//! calling down in one hand of three and folding when allowed in the others; each
//! person's every view checked for the
//! other seats' hidden cards (the server's deal as the reference), and every hand,
//! written as PHH with every card, replayed through the engine to the same pot split and
//! stacks; one person's browser closes mid-way (sat out once
//! its page is gone) and the person comes back from a new browser with name and seat
//! token; one person lets the time bank run out while its countdown shows. At the end,
//! the first person's page is shot at 1400 x 900 and the third person comes back on an
//! emulated phone (390 x 844) with no sideways scrolling (`target/tmp/e2e/room-*.png`).
//! A spectator watches from a fourth browser: no hole card in its views or its page.
//! A spectator of a heads-up room on the live stream, and the last hand's replay.
//!
//! Rooms of 2 to 10 seats in one browser, at 1400 x 900 and 1280 x 720 on the person's
//! turn and after a showdown: every control and every seat in view without scrolling, no
//! seat over the felt; at 390 x 844 no sideways scrolling (`room-seats-*.png`).
//!
//! Needs Chromium and ChromeDriver as `browser.rs` does (skipped without them unless
//! `LOKI_REQUIRE_BROWSER=1`).
#![allow(missing_docs)]
mod common;
use common::{config, start, Server};
use loki_engine::Position;
#[path = "common/chrome.rs"]
mod chrome;
#[path = "common/webdriver.rs"]
mod webdriver;
use chrome::{browser, start_driver, FLAGS};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use webdriver::Client;

async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.expect("script")
}

/// Waits (at most 30 s) until the script returns true.
async fn until(c: &Client, what: &str, script: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while js(c, script).await != Value::Bool(true) {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

/// The tests' single-threaded runtime (the server runs on its own).
fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// A new browser session with its own profile.
async fn session(port: u16, chromium: &std::path::Path, name: &str) -> Client {
    session_as(port, chromium, name, false).await
}

/// A new browser session with its own profile; `phone`: a 390 x 844 phone emulated.
async fn session_as(port: u16, chromium: &std::path::Path, name: &str, phone: bool) -> Client {
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
async fn save(c: &Client, name: &str) {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("e2e");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(name), c.screenshot().await.unwrap()).unwrap();
}

/// Sets the tab's pace of the bots to instant (before the room's page loads).
async fn pace_zero(c: &Client, base: &str) {
    c.goto(&format!("{base}/lobby")).await.unwrap();
    js(c, "sessionStorage.setItem('loki-pace', '0'); return true").await;
}

/// A new browser `tag` at the lobby with the bots' pace instant, where Ann opens a room of
/// `fields` (the create form's, `create-name` and `create-layout` among them); the page
/// and the room's address once Ann sits in it.
async fn opens_room(
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
async fn joins_room(
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
async fn fill_and_submit(c: &Client, fields: &[(&str, &str)], button: &str) {
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
async fn view_text(c: &Client) -> Option<String> {
    js(
        c,
        "return window.lokiView ? JSON.stringify(window.lokiView) : null",
    )
    .await
    .as_str()
    .map(String::from)
}

/// Checks a person's view against the server's deal: no other seat's card unless
/// shown. Returns the view.
fn check(server: &Server, id: &str, text: &str) -> Value {
    let v: Value = serde_json::from_str(text).unwrap();
    let you = v["you"].as_u64().unwrap() as usize;
    if let Some((hand, cards)) = server.app.room_hole_cards(id) {
        if v["hand"].as_u64() == Some(hand) {
            // The room's id and the seat token are hexadecimal: they may hold a
            // card's letters ("4d").
            let mut body = text.replace(id, "");
            if let Some(t) = v["seat_token"].as_str() {
                body = body.replace(t, "");
            }
            for (seat, card) in cards {
                let shown = v["seats"][seat]["cards"].is_string();
                if seat != you && !shown {
                    assert!(
                        !body.contains(&card),
                        "seat {you} sees {card} of seat {seat}: {body}"
                    );
                }
                if seat != you && shown {
                    assert_eq!(v["result"]["showdown"], true);
                }
            }
        }
    }
    v
}

/// Acts for the person if it is the person's turn and the buttons show, or asks for the
/// next hand when one is over, in one round trip; returns the view the page held before
/// (JSON text), or `None` before it has one. A person calls every bet in one hand of
/// three (the hand number modulo 3 is the person's seat modulo 3) and folds when
/// allowed in the others, so that every person plays hands to a showdown and a hand
/// waits on few clicks. With `idle_cy`, Cy (seat 2) lets a turn run.
async fn see_and_play(c: &Client, idle_cy: bool) -> Option<String> {
    let script = format!(
        "const v = window.lokiView; if (!v) return null; const text = JSON.stringify(v); \
         if ({idle_cy} && v.you === 2 && v.your_turn) return text; \
         const mine = v.hand % 3 === v.you % 3; \
         const ids = v.your_turn ? (mine ? ['act-call', 'act-fold'] : ['act-fold', 'act-call']) : v.in_progress === false ? ['next-hand'] : []; \
         const b = ids.map(i => document.getElementById(i)).find(b => b && !b.hidden); \
         if (b) b.click(); return text"
    );
    js(c, &script).await.as_str().map(String::from)
}

/// What the people's threads and the test's own thread share.
struct Shared<'a> {
    server: &'a Server,
    id: String,
    /// Views checked.
    views: AtomicUsize,
    /// Cy is to let one decision run out (from hand 20).
    idle_cy: AtomicBool,
    /// Cy's page showed the countdown of that decision.
    countdown_seen: AtomicBool,
    /// The room's clock moved the table on without Cy.
    timed_out: AtomicBool,
}

/// A person's browser, played on a thread of its own (each person sees the turn as soon
/// as the page does, as three people at three tables would), until `stop`; gives the
/// browser back.
fn plays<'s>(
    scope: &'s std::thread::Scope<'s, '_>,
    c: Client,
    stop: &'s AtomicBool,
    shared: &'s Shared<'s>,
) -> std::thread::ScopedJoinHandle<'s, Client> {
    scope.spawn(move || {
        runtime().block_on(async {
            while !stop.load(Ordering::SeqCst) {
                let idle = shared.idle_cy.load(Ordering::SeqCst) && !shared.timed_out.load(Ordering::SeqCst);
                let Some(text) = see_and_play(&c, idle).await else {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                };
                let v = check(shared.server, &shared.id, &text);
                shared.views.fetch_add(1, Ordering::SeqCst);
                if idle && v["you"] == 2 && v["your_turn"] == true {
                    // The page starts its countdown when it renders this view.
                    until(&c, "the countdown", "return document.getElementById('room-clock').textContent.startsWith('You have')").await;
                    shared.countdown_seen.store(true, Ordering::SeqCst);
                    let step = v["step"].as_u64().unwrap();
                    // Nobody clicks for Cy: the server's clock moves the table on.
                    until(&c, "the time bank", &format!("return window.lokiView.step !== {step}")).await;
                    shared.timed_out.store(true, Ordering::SeqCst);
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            c
        })
    })
}

/// Stops every person's thread when dropped, a failed check included (the scope would
/// otherwise wait for them forever).
struct StopAll<'a>(&'a [AtomicBool]);

impl Drop for StopAll<'_> {
    fn drop(&mut self) {
        for s in self.0 {
            s.store(true, Ordering::SeqCst);
        }
    }
}

/// The browser a person's thread gives back (its panic passed on).
fn joined(h: std::thread::ScopedJoinHandle<'_, Client>) -> Client {
    h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))
}

#[test]
fn three_people_and_three_bots_play_a_hundred_hands_in_three_browsers() {
    let Some((chromium, driver)) = browser() else {
        return;
    };
    // LOKI_ROOM_HANDS plays another number of hands (30 to 1,000; 100 by default).
    let hands_wanted: usize = std::env::var("LOKI_ROOM_HANDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(100, |n: usize| n.clamp(30, 1_000));
    let mut cfg = config(6, "call");
    cfg.rooms.time_bank = Duration::from_secs(3);
    cfg.rooms.away = Duration::from_secs(2);
    let server = start(cfg);
    let (_driver, port) = start_driver(&driver);
    let t0 = Instant::now();
    let rt = runtime();
    let (mut people, eve, base, url, id, token) = rt.block_on(async {
        let base = format!("http://{}", server.addr);
        let fields = [("create-name", "Ann"), ("create-layout", "3*open,SOM,GOM,LOKI2"), ("create-bank", "5")];
        let (ann, url) = opens_room(port, &chromium, &base, "ann", &fields).await;
        let id = url.rsplit('/').next().unwrap().to_string();
        let mut people = vec![ann];
        for name in ["Bob", "Cy"] {
            people.push(joins_room(port, &chromium, &base, &url, name, name).await);
        }
        // A spectator watches the full room from a fourth browser.
        let eve = session(port, &chromium, "eve-watching").await;
        pace_zero(&eve, &base).await;
        eve.goto(&url).await.unwrap();
        until(&eve, "the join form", "return !document.getElementById('room-join').hidden").await;
        js(&eve, "document.getElementById('room-watch').click(); return true").await;
        until(&eve, "the spectator's table", "return !!window.lokiView && window.lokiView.spectator").await;
        // Every page gets its views from the live stream.
        for c in &people {
            until(c, "the live stream", "return document.getElementById('room-live').textContent === 'live'").await;
        }
        // The seat token is shown once, at sitting down.
        let token = js(&people[1], "return document.getElementById('room-token').hidden ? null : document.getElementById('room-token-text').textContent").await;
        let token = token.as_str().expect("Bob's seat token").to_string();
        (people, eve, base, url, id, token)
    });
    let mut watched = 0;
    let shared = Shared {
        server: &server,
        id: id.clone(),
        views: AtomicUsize::new(0),
        idle_cy: AtomicBool::new(false),
        countdown_seen: AtomicBool::new(false),
        timed_out: AtomicBool::new(false),
    };
    // Ann's, Bob's (his first browser, then his second) and Cy's threads.
    let stops: [AtomicBool; 4] = Default::default();
    let [cy_stop, ann_stop, bob_stop, bob_again_stop] = &stops;
    let mut dropped = false;
    let mut back = false;
    people = std::thread::scope(|scope| {
        let _stop_all = StopAll(&stops);
        let cy = plays(scope, people.pop().unwrap(), cy_stop, &shared);
        let bob = plays(scope, people.pop().unwrap(), bob_stop, &shared);
        let ann = plays(scope, people.pop().unwrap(), ann_stop, &shared);
        let mut bob = Some(bob);
        let mut bob_again = None;
        let deadline = Instant::now() + Duration::from_secs(4 * hands_wanted as u64);
        while server.app.room_records(&id).unwrap().len() < hands_wanted {
            // A person's thread ends early only by a failed check: passed on below.
            let ended = |h: &Option<std::thread::ScopedJoinHandle<'_, Client>>| {
                h.as_ref().is_some_and(|h| h.is_finished())
            };
            if ann.is_finished() || cy.is_finished() || ended(&bob) || ended(&bob_again) {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "{hands_wanted} hands took too long"
            );
            let hands = server.app.room_records(&id).unwrap().len();
            // At hand 10 Bob's browser goes away; at hand 14 Bob comes back from a
            // new browser with his name and seat token.
            if hands >= 10 && !dropped {
                bob_stop.store(true, Ordering::SeqCst);
                rt.block_on(joined(bob.take().unwrap()).close()).unwrap();
                dropped = true;
                let sat_out = Instant::now();
                loop {
                    let text = rt.block_on(view_text(&eve)).unwrap();
                    let v = check(&server, &id, &text);
                    if v["people"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|p| p["name"] == "Bob" && p["present"] == false)
                    {
                        break;
                    }
                    assert!(
                        sat_out.elapsed() < Duration::from_secs(20),
                        "Bob never sat out"
                    );
                    std::thread::sleep(Duration::from_millis(50));
                }
            }
            if hands >= 14 && dropped && !back {
                let bob = rt.block_on(async {
                    let bob = session(port, &chromium, "bob-again").await;
                    pace_zero(&bob, &base).await;
                    bob.goto(&url).await.unwrap();
                    let fields = [("rejoin-name", "Bob"), ("rejoin-token", token.as_str())];
                    fill_and_submit(&bob, &fields, "rejoin-button").await;
                    until(&bob, "Bob back", "return !!window.lokiView && window.lokiView.you === 1 && !window.lokiView.sitting_out").await;
                    bob
                });
                bob_again = Some(plays(scope, bob, bob_again_stop, &shared));
                back = true;
            }
            // From hand 20 Cy lets one decision run out.
            if hands >= 20 {
                shared.idle_cy.store(true, Ordering::SeqCst);
            }
            // The spectator's view and page: no hole card at all.
            let seen = rt.block_on(js(&eve, "return window.lokiView ? [JSON.stringify(window.lokiView), document.querySelectorAll('.seat [data-card]').length] : null"));
            if let Some(text) = seen[0].as_str() {
                let v = check(&server, &id, text);
                assert!(v["seats"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|s| s["cards"].is_null()));
                assert_eq!(seen[1], json!(0), "a hole card in the spectator's page");
                watched += 1;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        drop(_stop_all);
        let (ann, cy) = (joined(ann), joined(cy));
        let bob = joined(bob_again.or(bob).expect("Bob's browser"));
        vec![ann, bob, cy]
    });
    let views = shared.views.load(Ordering::SeqCst);
    let (timed_out, countdown_seen) = (
        shared.timed_out.into_inner(),
        shared.countdown_seen.into_inner(),
    );
    assert!(dropped && back && timed_out, "{dropped} {back} {timed_out}");
    assert!(countdown_seen, "the countdown showed");
    assert!(views > 60, "{views} views checked");
    assert!(watched > 20, "{watched} spectator's views checked");
    rt.block_on(async {
        eve.close().await.unwrap();
        // Every hand, with every card, replays through the engine from its PHH text
        // (every action, the pot split and the stacks checked) to the same result.
        let records = server.app.room_records(&id).unwrap();
        let mut phh = Vec::new();
        loki_history::write_phh(&mut phh, &records).unwrap();
        // PHH counts hands from 1, as the page does; the engine (and its records) from 0.
        let numbers: Vec<u64> = String::from_utf8_lossy(&phh)
            .lines()
            .filter_map(|l| l.strip_prefix("hand = ")?.parse().ok())
            .collect();
        let first = records[0].hand_number + 1;
        assert_eq!(numbers, (first..first + records.len() as u64).collect::<Vec<_>>());
        let replayed = loki_history::read_phh(&phh[..]).unwrap();
        assert_eq!(replayed.len(), records.len());
        for (r, again) in records.iter().zip(replayed) {
            assert_eq!(r.net.iter().sum::<i64>(), 0);
            let again = again.unwrap_or_else(|e| panic!("hand {}: {e}", r.hand_number));
            let again = again.record().expect("a settled hand");
            assert_eq!(again.hand_number, r.hand_number);
            assert_eq!((&again.net, &again.finishing_stacks), (&r.net, &r.finishing_stacks));
        }
        // Ann's page at 1400 x 900; Cy back on a phone: no sideways scrolling.
        let ann = &people[0];
        let v = js(ann, "return [window.outerWidth - window.innerWidth, window.outerHeight - window.innerHeight]").await;
        let (dx, dy) = (v[0].as_u64().unwrap_or(0) as u32, v[1].as_u64().unwrap_or(0) as u32);
        ann.set_window_size(1400 + dx, 900 + dy).await.unwrap();
        save(ann, "room-laptop.png").await;
        // Cy hides the token, then asks this browser for it again.
        let cy = &people[2];
        js(cy, "document.getElementById('room-token-hide').click(); return true").await;
        let hidden = js(cy, "return document.getElementById('room-token').hidden && document.getElementById('room-token-text').textContent === ''").await;
        assert_eq!(hidden, json!(true), "the token hides");
        js(cy, "document.getElementById('room-token-show').click(); return true").await;
        until(cy, "the token again", "return !document.getElementById('room-token').hidden").await;
        let cy_token = js(cy, "return document.getElementById('room-token-text').textContent").await;
        // While Cy's page is live the token takes nothing; once it is closed it does.
        let cy_page = people.remove(2);
        let phone = session_as(port, &chromium, "cy-phone", true).await;
        pace_zero(&phone, &base).await;
        phone.goto(&url).await.unwrap();
        let cy_token = cy_token.as_str().expect("Cy's seat token").to_string();
        fill_and_submit(&phone, &[("rejoin-name", "Cy"), ("rejoin-token", &cy_token)], "rejoin-button").await;
        until(&phone, "the refusal", "return document.getElementById('rejoin-message').textContent.includes('live')").await;
        cy_page.close().await.unwrap();
        // The server hears the page's stream end a moment later: Cy tries again.
        let gone = Instant::now();
        loop {
            fill_and_submit(&phone, &[("rejoin-name", "Cy"), ("rejoin-token", &cy_token)], "rejoin-button").await;
            tokio::time::sleep(Duration::from_millis(300)).await;
            if js(&phone, "return !!window.lokiView").await == json!(true) {
                break;
            }
            assert!(gone.elapsed() < Duration::from_secs(20), "Cy never came back");
        }
        until(&phone, "Cy on the phone", "return !!window.lokiView && window.lokiView.you === 2").await;
        let width = js(&phone, "return [document.documentElement.scrollWidth, window.innerWidth]").await;
        assert!(width[0].as_u64() <= width[1].as_u64(), "sideways scrolling: {width}");
        save(&phone, "room-phone.png").await;
        phone.close().await.unwrap();
        for c in people {
            c.close().await.unwrap();
        }
    });
    println!(
        "{hands_wanted} hands in three browsers in {:.1} s",
        t0.elapsed().as_secs_f64()
    );
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
