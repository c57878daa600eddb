//! A room in real browsers: three people in three sessions of one ChromeDriver (each
//! its own profile, so its own cookies) with three bots, through the rooms page. One
//! opens the room in the lobby, the others take seats through its link; they play 100
//! hands (`LOKI_ROOM_HANDS`, 30 to 1,000), each person's browser on a thread of its own,
//! calling down in one hand of three and folding when allowed in the others; each
//! person's every view checked for the other seats' hidden cards (the server's deal as
//! the reference), and every hand, written as PHH with every card, replayed through the
//! engine to the same pot split and stacks; one person's browser closes mid-way (sat out
//! once its page is gone) and the person comes back from a new browser with name and
//! seat token; one person lets the time bank run out while its countdown shows. At the
//! end, the first person's page is shot at 1400 x 900 and the third person comes back on
//! an emulated phone (390 x 844) with no sideways scrolling (`target/tmp/e2e/room-*.png`).
//! A spectator watches from a fourth browser: no hole card in its views or its page.
//!
//! The longest test of the binary, named to sort first: the test threads take tests in
//! the order of their names, so it starts at once and the others run beside it.
#![allow(missing_docs)]
use crate::chrome::{browser, start_driver};
use crate::common::{config, start, Server};
use crate::room_browser::{
    fill_and_submit, joins_room, js, opens_room, pace_zero, runtime, save, session, session_as,
    until, view_text,
};
use crate::webdriver::Client;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

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
