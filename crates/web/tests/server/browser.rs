//! The page in a real browser: headless Chromium, driven through ChromeDriver (W3C
//! WebDriver, `common/webdriver.rs`), as a player meets it.
//!
//! * On a laptop-sized window (1400 x 900): a new table chosen in the page (seats, bots,
//!   stakes), 30 hands played with the keyboard (f / c / r, space for the next hand),
//!   every result read on the felt without scrolling and equal to the server's words,
//!   each seat's HUD equal to the state's, the bots' actions replayed one at a time at
//!   the chosen pace (and the street's labels cleared), the model view (13 x 13 charts,
//!   showdown marks, a bot folded away, "only what they think of me", study mode), the
//!   bankroll against the server's records, a reload that resumes the table, the last
//!   hand replayed with `l` (no card but the person's and the shown ones), the
//!   summary on demand and when leaving (both histories downloaded through the page's
//!   links, the hand left in the middle in them), and a second table.
//! * Tables of 2 to 10 seats at 1400 x 900 and at 1280 x 720: no seat over the felt,
//!   another seat or the table's edge, and every control (the buttons of the person's
//!   turn and of the next hand, the header's switches and buttons) and the person's seat
//!   in view without scrolling and uncovered; at 390 x 844, no sideways scrolling.
//! * On a phone-sized window (390 x 844): 30 hands, no sideways scrolling and no seat
//!   over the felt, in every view, each result readable without scrolling, each seat's
//!   HUD the state's and not cut off, and the summary when leaving.
//!
//! Screenshots at both sizes go to `target/tmp/e2e/` (`CARGO_TARGET_TMPDIR`). It needs
//! Debian's `chromium` and `chromium-driver` (`/usr/bin/chromium`, `/usr/bin/chromedriver`;
//! or `LOKI_CHROMIUM` and `LOKI_CHROMEDRIVER`). Without them it prints why it is skipped
//! and passes, unless `LOKI_REQUIRE_BROWSER=1` (CI sets it after installing them), where
//! it fails.
#![allow(missing_docs)]
use crate::chrome;
use crate::common;
use crate::webdriver;
use chrome::{browser, start_driver, FLAGS};
use common::{config, start};
use loki_engine::Position;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use webdriver::{Client, Locator};

/// The folder of the screenshots.
fn out_dir() -> PathBuf {
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("e2e");
    std::fs::create_dir_all(&out).unwrap();
    out
}

/// The folder where the browser of the session `name` saves downloads.
fn downloads(name: &str) -> PathBuf {
    out_dir().join(format!("downloads-{name}"))
}

/// Waits (at most a minute) for the browser to save the file `file` in `dir`, and
/// returns its text.
async fn downloaded(dir: &Path, file: &str) -> String {
    let path = dir.join(file);
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        // Chromium writes into `file.crdownload` and renames it when done.
        if let Ok(text) = std::fs::read_to_string(&path) {
            return text;
        }
        assert!(Instant::now() < deadline, "no download {}", path.display());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Runs `body` with a WebDriver session of a `width` x `height` window; the browser saves
/// downloads in [`downloads`]`(name)`.
fn with_browser(
    name: &str,
    width: u32,
    height: u32,
    phone: bool,
    body: impl for<'a> FnOnce(
        &'a Client,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()> + 'a>>,
) {
    let Some((chromium, driver)) = browser() else {
        return;
    };
    let profile = out_dir().join(format!("chromium-profile-{name}"));
    let _ = std::fs::remove_dir_all(&profile);
    std::fs::create_dir_all(&profile).unwrap();
    let saved = downloads(name);
    let _ = std::fs::remove_dir_all(&saved);
    std::fs::create_dir_all(&saved).unwrap();
    let prefs = json!({
        "download.default_directory": saved,
        "download.prompt_for_download": false,
    });
    let (driver, port) = start_driver(&driver);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let mut args: Vec<String> = FLAGS.iter().map(|s| s.to_string()).collect();
        args.push(format!("--window-size={width},{height}"));
        args.push(format!("--user-data-dir={}", profile.display()));
        // A phone is emulated (a desktop window is never narrower than 500 px).
        let caps = if phone {
            json!({
                "browserName": "chrome",
                "goog:chromeOptions": {
                    "binary": chromium,
                    "args": args,
                    "prefs": prefs,
                    "mobileEmulation": { "deviceMetrics": { "width": width, "height": height, "pixelRatio": 1.0, "touch": true } },
                },
            })
        } else {
            json!({
                "browserName": "chrome",
                "goog:chromeOptions": { "binary": chromium, "args": args, "prefs": prefs },
            })
        };
        let c = Client::connect(port, caps)
            .await
            .expect("a WebDriver session");
        if !phone {
            // The window around the page: make the page itself `width` x `height`.
            let v = js(&c, "return [window.outerWidth - window.innerWidth, window.outerHeight - window.innerHeight]").await;
            let (dx, dy) = (v[0].as_u64().unwrap_or(0) as u32, v[1].as_u64().unwrap_or(0) as u32);
            c.set_window_size(width + dx, height + dy).await.unwrap();
        }
        body(&c).await;
        c.close().await.unwrap();
    });
    drop(driver);
    let _ = std::fs::remove_dir_all(&profile);
}

/// Runs a script and returns its value.
async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.expect("script")
}

/// Waits (at most a minute) until the script returns true.
async fn until(c: &Client, what: &str, script: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if js(c, script).await == Value::Bool(true) {
            return;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

async fn step(c: &Client) -> i64 {
    js(c, "return Number(document.body.dataset.step || -1)")
        .await
        .as_i64()
        .unwrap_or(-1)
}

/// Waits until the table moved on from `before` and the replay is over.
async fn settled(c: &Client, before: i64, what: &str) {
    until(
        c,
        what,
        &format!("return Number(document.body.dataset.step) !== {before} && document.body.dataset.replaying !== '1' && !document.getElementById('leave').disabled"),
    )
    .await;
}

/// Clicks a button and waits for the table to move on.
async fn click(c: &Client, id: &str) {
    let before = step(c).await;
    c.find(Locator::Id(id))
        .await
        .expect(id)
        .click()
        .await
        .expect(id);
    settled(c, before, id).await;
}

/// Presses a key and waits for the table to move on.
async fn press(c: &Client, key: char) {
    let before = step(c).await;
    c.press_key(key).await.expect("keys");
    settled(c, before, &format!("key {key:?}")).await;
}

async fn visible(c: &Client, id: &str) -> bool {
    js(
        c,
        &format!("const e = document.getElementById('{id}'); return !!e && !e.hidden"),
    )
    .await
    .as_bool()
    .unwrap_or(false)
}

async fn screenshot(c: &Client, name: &str) -> PathBuf {
    let png = c.screenshot().await.expect("screenshot");
    let path = out_dir().join(name);
    std::fs::write(&path, png).unwrap();
    println!("screenshot: {}", path.display());
    path
}

/// The server's state, fetched by the page's own origin.
async fn server_state(c: &Client) -> Value {
    c.execute_async(
        "const done = arguments[0]; fetch('/api/state').then(r => r.json()).then(done);",
        vec![],
    )
    .await
    .unwrap()
}

/// Sets a form control's value as a person would and tells the page.
async fn choose(c: &Client, id: &str, value: &str) {
    js(
        c,
        &format!(
            "const e = document.getElementById('{id}'); e.value = '{value}'; e.dispatchEvent(new Event('change')); return true"
        ),
    )
    .await;
}

/// Whether the page scrolls sideways.
async fn scrolls_sideways(c: &Client) -> bool {
    js(c, "const d = document.documentElement; return d.scrollWidth > d.clientWidth || document.body.scrollWidth > d.clientWidth")
        .await
        .as_bool()
        .unwrap()
}

/// The seats whose box overlaps the felt: as rectangles on a phone, against the felt's
/// ellipse on a wide screen.
async fn seats_over_the_felt(c: &Client) -> Vec<String> {
    let v = js(
        c,
        "const f = document.getElementById('felt').getBoundingClientRect();
         const cs = getComputedStyle(document.getElementById('felt'));
         const round = cs.position === 'absolute';
         const inside = (x, y) => {
           if (x <= f.left || x >= f.right || y <= f.top || y >= f.bottom) return false;
           if (!round) return true;
           const a = f.width / 2, b = f.height / 2, dx = x - (f.left + a), dy = y - (f.top + b);
           return (dx * dx) / (a * a) + (dy * dy) / (b * b) < 1;
         };
         const over = [];
         for (const s of document.querySelectorAll('.seat')) {
           const r = s.getBoundingClientRect();
           let hit = false;
           for (let i = 0; i <= 20 && !hit; i++) {
             const x = r.left + (r.width * i) / 20, y = r.top + (r.height * i) / 20;
             hit = inside(x, r.top) || inside(x, r.bottom) || inside(r.left, y) || inside(r.right, y);
           }
           if (hit) over.push(s.id);
         }
         return over;",
    )
    .await;
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// The seats whose box is not wholly inside the table's (cut by the window's edge or
/// over the model view).
async fn seats_outside_the_table(c: &Client) -> Vec<String> {
    let v = js(
        c,
        "const t = document.getElementById('table').getBoundingClientRect();
         return [...document.querySelectorAll('.seat')].filter(s => {
           const r = s.getBoundingClientRect();
           return r.left < t.left - 0.5 || r.right > t.right + 0.5 || r.left < 0 || r.right > window.innerWidth;
         }).map(s => s.id);",
    )
    .await;
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// The pairs of seats whose boxes overlap.
async fn seats_over_each_other(c: &Client) -> Vec<String> {
    let v = js(
        c,
        "const r = [...document.querySelectorAll('.seat')].map(s => [s.id, s.getBoundingClientRect()]);
         const out = [];
         for (let i = 0; i < r.length; i++) for (let j = i + 1; j < r.length; j++) {
           const a = r[i][1], b = r[j][1];
           if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) out.push(r[i][0] + '/' + r[j][0]);
         }
         return out;",
    )
    .await;
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// The felt's result lines, and whether they lie inside the window without scrolling.
async fn banner(c: &Client) -> (Vec<String>, bool) {
    let v = js(
        c,
        "const b = document.getElementById('banner'); const r = b.getBoundingClientRect();
         return [[...b.children].map(d => d.textContent),
                 window.scrollY === 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0];",
    )
    .await;
    let lines = v[0]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect();
    (lines, v[1] == true)
}

/// Plays the current hand to its end with keys: `f` at the first chance if `fold`, else
/// `c`; returns whether it folded.
async fn play_hand(c: &Client, fold: bool) -> bool {
    let mut folded = false;
    for _ in 0..40 {
        if visible(c, "next-hand").await {
            return folded;
        }
        if fold && visible(c, "act-fold").await {
            press(c, 'f').await;
            folded = true;
        } else {
            assert!(
                visible(c, "act-call").await,
                "a check or call button on the person's turn"
            );
            press(c, 'c').await;
        }
    }
    panic!("the hand did not end");
}

#[test]
fn a_person_plays_thirty_hands_on_a_laptop() {
    let server = start(config(6, "SOM,GOM,LOKI2,BPM,BPT"));
    let url = format!("http://{}/", server.addr);
    let app = server.app.clone();
    with_browser("laptop", 1400, 900, false, move |c| {
        Box::pin(async move {
            c.goto(&url).await.unwrap();
            until(c, "the join form", "return document.body.dataset.view === 'join' && document.querySelectorAll('#join-bots select').length > 0").await;
            let size = js(c, "return [window.innerWidth, window.innerHeight]").await;
            println!("viewport {size}");
            assert_eq!(size, json!([1400, 900]));
            assert!(js(c, "return document.getElementById('name-note').textContent.includes('not an account')").await == true);
            // The table chosen in the page: 4 seats, SOM, LOKI2 and a calling station
            // (which brings showdowns), stakes 2/4.
            let seats = js(
                c,
                "return [...document.getElementById('join-seats').options].map(o => o.value)",
            )
            .await;
            assert_eq!(seats, json!(["2", "3", "4", "5", "6", "7", "8", "9", "10"]));
            choose(c, "join-seats", "4").await;
            assert_eq!(
                js(
                    c,
                    "return document.querySelectorAll('#join-bots select').length"
                )
                .await,
                3
            );
            choose(c, "join-bot-1", "SOM").await;
            choose(c, "join-bot-2", "LOKI2").await;
            choose(c, "join-bot-3", "call").await;
            choose(c, "speed", "0").await;
            c.find(Locator::Id("join-name"))
                .await
                .unwrap()
                .send_keys("Ann")
                .await
                .unwrap();
            screenshot(c, "laptop-join.png").await;
            c.find(Locator::Id("join-button"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            until(c, "the table", "return document.body.dataset.view === 'game' && document.body.dataset.replaying !== '1'").await;
            assert_eq!(
                js(c, "return document.querySelectorAll('.seat').length").await,
                4
            );
            assert_eq!(js(c, "return document.querySelector('#seat-0 .name').textContent.endsWith('Ann (you)')").await, true);
            assert_eq!(
                js(
                    c,
                    "return [...document.querySelectorAll('.seat .kind')].map(k => k.textContent)"
                )
                .await,
                json!(["(you)", "SOM", "LOKI2", "call"])
            );
            // The keys are shown on the buttons.
            let keys = js(c, "return [...document.querySelectorAll('#actions button:not([hidden]) kbd')].map(k => k.textContent)").await;
            assert!(!keys.as_array().unwrap().is_empty(), "{keys}");
            for k in keys.as_array().unwrap() {
                assert!(
                    ["f", "c", "r", "space"].contains(&k.as_str().unwrap()),
                    "{keys}"
                );
            }

            // 30 hands with the keyboard: call down, fold now and then.
            let (mut showdowns, mut folds) = (0, 0);
            let mut shot_showdown = false;
            for hand in 1..=30u64 {
                let folded = play_hand(c, hand % 4 == 2).await;
                folds += usize::from(folded);
                let state = server_state(c).await;
                assert_eq!(state["hands_played"], hand);
                // The result on the felt, in the server's words, without scrolling.
                let (lines, in_view) = banner(c).await;
                let expect: Vec<String> = state["result"]["banner"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_str().unwrap().to_string())
                    .collect();
                assert_eq!(lines, expect, "hand {hand}");
                assert!(in_view, "hand {hand}: the result is out of view");
                if state["result"]["showdown"] == true {
                    showdowns += 1;
                    assert!(lines[0].contains(" with "), "{lines:?}");
                    // The model view after a showdown: one chart of 169 cells per
                    // belief, the shown hands outlined, the marks in words.
                    let cells = js(c, "return [...document.querySelectorAll('.grid')].map(g => g.children.length)").await;
                    let cells: Vec<u64> = cells
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|v| v.as_u64().unwrap())
                        .collect();
                    assert!(
                        !cells.is_empty() && cells.iter().all(|&n| n == 169),
                        "{cells:?}"
                    );
                    assert!(
                        js(
                            c,
                            "return document.querySelectorAll('.grid div.shown').length"
                        )
                        .await
                        .as_u64()
                        .unwrap()
                            >= 1
                    );
                    if !shot_showdown {
                        screenshot(c, "laptop-showdown.png").await;
                        shot_showdown = true;
                    }
                }
                // Each seat's HUD is the state's.
                let huds = js(c, "return [...document.querySelectorAll('.seat .hud')].map(h => [Number(h.dataset.hands), Number(h.dataset.vpip), Number(h.dataset.pfr)])").await;
                for (i, seat) in state["seats"].as_array().unwrap().iter().enumerate() {
                    let h = &seat["hud"];
                    assert_eq!(
                        huds[i],
                        json!([h["hands"], h["vpip"], h["pfr"]]),
                        "seat {i}"
                    );
                    assert_eq!(h["hands"], hand, "seat {i}");
                }
                // The bankroll shown is the server's count of the person's chips.
                let token = c.cookie("loki_table").await.unwrap();
                let records = app.room_records(&token).unwrap();
                assert_eq!(records.len() as u64, hand);
                let net: i64 = records
                    .iter()
                    .map(|r| {
                        r.net[Position::new(r.seats.iter().position(|s| s.index() == 0).unwrap())]
                    })
                    .sum();
                let shown = js(
                    c,
                    "return Number(document.getElementById('bankroll-text').dataset.net)",
                )
                .await;
                assert_eq!(shown.as_i64(), Some(net), "hand {hand}");
                press(c, ' ').await;
            }
            assert!(
                showdowns >= 5 && folds >= 3,
                "{showdowns} showdowns, {folds} folds"
            );

            // The bots' actions one at a time, at the chosen pace; the API stays
            // immediate (the whole answer came at once: the step moved before the
            // replay ended).
            choose(c, "speed", "600").await;
            let mut paced_steps = 0;
            for _ in 0..6 {
                if !visible(c, "act-call").await {
                    press(c, ' ').await;
                    continue;
                }
                js(c, "window.lokiReplay = []; window.sawReplaying = false; window.watch = setInterval(() => { if (document.body.dataset.replaying === '1') window.sawReplaying = true; }, 20); return true").await;
                let t0 = js(c, "return performance.now()").await.as_f64().unwrap();
                press(c, 'c').await;
                let times = js(c, "clearInterval(window.watch); return window.lokiReplay").await;
                let times: Vec<f64> = times
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_f64().unwrap())
                    .collect();
                if times.is_empty() {
                    continue;
                }
                assert_eq!(js(c, "return window.sawReplaying").await, true);
                // Never sooner than the pace: the first after the click, each after the
                // one before.
                assert!(times[0] - t0 >= 590.0, "{t0} {times:?}");
                for w in times.windows(2) {
                    assert!(w[1] - w[0] >= 590.0, "{times:?}");
                }
                paced_steps += times.len();
            }
            assert!(paced_steps >= 3, "{paced_steps}");
            choose(c, "speed", "0").await;

            // A new street clears the last street's labels: on the person's turn after
            // the flop, each seat's label is its action on this street, or nothing.
            for _ in 0..40 {
                let s = server_state(c).await;
                if s["your_turn"] == true && s["round"] != "preflop" {
                    let labels = js(c, "return [...document.querySelectorAll('.seat .last')].map(l => l.textContent)").await;
                    let flop_at = s["log"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .rposition(|l| l["kind"] == "board")
                        .unwrap();
                    for (i, seat) in s["seats"].as_array().unwrap().iter().enumerate() {
                        let acted = s["log"].as_array().unwrap()[flop_at..]
                            .iter()
                            .any(|l| l["seat"] == i && l["kind"] == "action");
                        let label = labels[i].as_str().unwrap();
                        if seat["folded"] == true {
                            assert!(
                                label.is_empty() || label == "folded" || label == "folds",
                                "{label}"
                            );
                        } else if acted {
                            assert_eq!(label, seat["last_action"].as_str().unwrap());
                        } else {
                            assert_eq!(label, "", "seat {i} before acting on this street");
                        }
                    }
                    break;
                }
                if visible(c, "next-hand").await {
                    press(c, ' ').await;
                } else {
                    press(c, 'c').await;
                }
            }

            // The model view: a bot folded away stays folded away; "only what they
            // think of me"; bigger cells; study mode shows a bot's own strength during
            // the hand, and says so.
            for _ in 0..40 {
                let s = server_state(c).await;
                if s["your_turn"] == true
                    && s["model"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|m| !m["last"].is_null())
                {
                    break;
                }
                if visible(c, "next-hand").await {
                    press(c, ' ').await
                } else {
                    press(c, 'c').await
                }
            }
            screenshot(c, "laptop-model-view.png").await;
            assert!(js(c, "return document.querySelector('.grid div').getBoundingClientRect().width >= 20").await == true);
            assert_eq!(
                js(
                    c,
                    "return [...document.querySelectorAll('.model .rule')].length"
                )
                .await,
                0,
                "no rule during the hand"
            );
            js(c, "document.querySelector('details.model[data-seat=\"1\"] > summary').click(); return true").await;
            assert_eq!(
                js(
                    c,
                    "return document.querySelector('details.model[data-seat=\"1\"]').open"
                )
                .await,
                false
            );
            c.find(Locator::Id("model-me"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            let about = js(
                c,
                "return [...document.querySelectorAll('.belief')].map(b => b.dataset.about)",
            )
            .await;
            assert!(
                about.as_array().unwrap().iter().all(|a| a == "0"),
                "{about}"
            );
            c.find(Locator::Id("study-toggle"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            until(c, "study mode", "return document.getElementById('hand-info').textContent.includes('study mode') && !document.getElementById('study-toggle').disabled").await;
            assert!(
                js(c, "return document.querySelectorAll('.model .rule').length")
                    .await
                    .as_u64()
                    .unwrap()
                    >= 1
            );
            assert_eq!(
                js(
                    c,
                    "return document.querySelector('details.model[data-seat=\"1\"]').open"
                )
                .await,
                false,
                "still folded away"
            );
            screenshot(c, "laptop-study.png").await;
            c.find(Locator::Id("study-toggle"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            until(c, "study mode off", "return !document.getElementById('hand-info').textContent.includes('study mode') && !document.getElementById('study-toggle').disabled").await;
            c.find(Locator::Id("model-me"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();

            // A reload mid-hand resumes it.
            let hand_text = js(c, "return document.getElementById('hand-info').textContent").await;
            let before = step(c).await;
            c.refresh().await.unwrap();
            until(
                c,
                "the table after a reload",
                "return document.body.dataset.view === 'game'",
            )
            .await;
            assert_eq!(step(c).await, before);
            assert_eq!(
                js(c, "return document.getElementById('hand-info').textContent").await,
                hand_text
            );

            // `l` replays the last hand mid-hand: no card but the person's own and those
            // shown at its showdown, its result on the felt, then the hand in play again.
            let last = c
                .execute_async(
                    "const done = arguments[0]; fetch('/api/last').then(r => r.json()).then(done);",
                    vec![],
                )
                .await
                .unwrap();
            let you = last["you"].as_u64().unwrap() as usize;
            let holdings = last["result"]["shown"]
                .as_array()
                .unwrap()
                .iter()
                .map(|h| &h["cards"]);
            let allowed: Vec<String> = holdings
                .chain([&last["seats"][you]["cards"]])
                .filter_map(|h| h.as_str())
                .flat_map(|h| [h[..2].to_string(), h[2..].to_string()])
                .collect();
            c.press_key('l').await.expect("keys");
            let replay = format!(
                "return document.body.dataset.lastHand === '{}'",
                last["hand"]
            );
            until(c, "the last hand's replay", &replay).await;
            let mut banner = String::new();
            // The faces and the banner read in the same script as the replay's mark, so
            // that they are the replay's and not those of the table it gives way to.
            let read = format!(
                "if (document.body.dataset.lastHand !== '{}') return null; return [[...document.querySelectorAll('.seat [data-card]')].map(e => e.dataset.card), document.getElementById('banner').textContent]",
                last["hand"]
            );
            loop {
                let seen = js(c, &read).await;
                if seen.is_null() {
                    break;
                }
                for f in seen[0].as_array().unwrap() {
                    assert!(
                        allowed.iter().any(|a| f == a),
                        "{f} in the last hand's replay: {allowed:?}"
                    );
                }
                if let Some(text) = seen[1].as_str().filter(|t| !t.is_empty()) {
                    banner = text.to_string();
                }
                tokio::time::sleep(Duration::from_millis(40)).await;
            }
            assert!(!banner.is_empty(), "the last hand's result on the felt");
            until(
                c,
                "the hand again",
                "return document.body.dataset.replaying === '0'",
            )
            .await;
            assert_eq!(
                js(c, "return document.getElementById('hand-info').textContent").await,
                hand_text
            );

            // The switch hides the model view: nothing of it on the page nor in the state.
            c.find(Locator::Id("model-toggle"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            until(c, "the model view hidden", "return document.getElementById('model-panel').hidden && !document.getElementById('model-toggle').disabled").await;
            assert_eq!(
                js(c, "return document.querySelectorAll('.grid').length").await,
                0
            );
            let state = server_state(c).await;
            assert_eq!(state["model"], Value::Null);
            assert_eq!(state["show_model"], false);
            screenshot(c, "laptop-honest-play.png").await;
            c.find(Locator::Id("model-toggle"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            until(
                c,
                "the model view back",
                "return !document.getElementById('model-panel').hidden",
            )
            .await;
            assert!(
                seats_over_the_felt(c).await.is_empty(),
                "{:?}",
                seats_over_the_felt(c).await
            );
            assert!(
                seats_outside_the_table(c).await.is_empty(),
                "{:?}",
                seats_outside_the_table(c).await
            );
            assert!(!scrolls_sideways(c).await);

            // The summary on demand, with the downloads of the live table.
            let played = server_state(c).await["hands_played"].as_u64().unwrap();
            c.find(Locator::Id("summary-button"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            until(
                c,
                "the summary",
                "return document.body.dataset.summary === 'live'",
            )
            .await;
            assert_eq!(
                js(
                    c,
                    "return Number(document.getElementById('summary-box').dataset.hands)"
                )
                .await,
                played
            );
            assert_eq!(
                js(
                    c,
                    "return document.getElementById('download-phh').getAttribute('href')"
                )
                .await,
                "/api/history.phhs"
            );
            let phh = c
                .execute_async("const done = arguments[0]; fetch('/api/history.phhs').then(r => r.text()).then(done);", vec![])
                .await
                .unwrap();
            let phh = phh.as_str().unwrap().to_string();
            assert_eq!(phh.matches("variant = \"FT\"").count() as u64, played);
            // The hand of study mode is still in progress: not in the history yet.
            assert_eq!(phh.matches("_study_mode = false").count() as u64, played);
            std::fs::write(out_dir().join("session.phhs"), &phh).unwrap();
            screenshot(c, "laptop-summary.png").await;
            c.find(Locator::Id("summary-back"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();

            // Leaving: the summary with both histories, kept in the page.
            c.find(Locator::Id("leave"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            until(
                c,
                "the summary after leaving",
                "return document.body.dataset.summary === 'left'",
            )
            .await;
            let hands = js(
                c,
                "return Number(document.getElementById('summary-box').dataset.hands)",
            )
            .await
            .as_u64()
            .unwrap();
            assert!(hands >= played, "{hands} {played}");
            assert!(js(c, "return document.getElementById('download-phh').href.startsWith('blob:') && Number(document.getElementById('download-phh').dataset.size) > 1000 && Number(document.getElementById('download-text').dataset.size) > 1000").await == true);
            assert!(js(c, "return document.getElementById('summary-numbers').textContent.includes('Big blinds per 100 hands')").await == true);
            // Leaving played the hand in progress out: it counts, in study mode, and both
            // downloads hold it, marked.
            assert_eq!(hands, played + 1);
            for id in ["download-phh", "download-text"] {
                c.find(Locator::Id(id))
                    .await
                    .unwrap()
                    .click()
                    .await
                    .unwrap();
            }
            let phh = downloaded(&downloads("laptop"), "loki-session.phhs").await;
            assert_eq!(phh.matches("variant = \"FT\"").count() as u64, played + 1);
            assert_eq!(phh.matches("_abandoned = true").count(), 1);
            assert!(
                phh.ends_with("_study_mode = true\n_abandoned = true\n"),
                "{phh}"
            );
            let text = downloaded(&downloads("laptop"), "loki-session.txt").await;
            let last = format!("Hand {}: ", played + 1);
            assert!(text.contains(&last), "{text}");
            assert!(text[text.find(&last).unwrap()..].contains("you left during the hand"));
            assert!(js(c, "return document.getElementById('summary-numbers').textContent.includes('on in 1 of ')").await == true);
            assert!(
                js(
                    c,
                    "return document.getElementById('summary-pots').children.length"
                )
                .await
                .as_u64()
                .unwrap()
                    >= 3
            );
            screenshot(c, "laptop-left.png").await;
            // A new table from the page: 3 seats at 10/20.
            c.find(Locator::Id("summary-new"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            until(c, "the join form again", "return document.body.dataset.view === 'join' && document.getElementById('summary').hidden").await;
            choose(c, "join-seats", "3").await;
            choose(c, "join-stakes", "10/20").await;
            assert_eq!(
                js(c, "return document.getElementById('join-name').value").await,
                "Ann",
                "the name is kept"
            );
            c.find(Locator::Id("join-button"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            until(c, "the second table", "return (document.body.dataset.view === 'game' && document.body.dataset.replaying !== '1') || document.getElementById('join-message').textContent !== ''").await;
            assert_eq!(
                js(
                    c,
                    "return document.getElementById('join-message').textContent"
                )
                .await,
                ""
            );
            assert_eq!(
                js(c, "return document.querySelectorAll('.seat').length").await,
                3
            );
            assert!(
                js(
                    c,
                    "return document.getElementById('hand-info').textContent.includes('10/20')"
                )
                .await
                    == true
            );
            assert!(
                seats_over_the_felt(c).await.is_empty(),
                "{:?}",
                seats_over_the_felt(c).await
            );
            assert!(
                seats_outside_the_table(c).await.is_empty(),
                "{:?}",
                seats_outside_the_table(c).await
            );
        })
    });
}

/// The controls of the table (the action buttons shown, the header's switches, pace and
/// buttons) and the person's seat that are not wholly inside the window without scrolling,
/// or that a seat covers; with each shown button's box (top and bottom) for the message.
async fn controls_out_of_view(c: &Client) -> (Vec<String>, Value) {
    let v = js(
        c,
        "const shown = (e) => !e.hidden && !e.closest('[hidden]');
         const box = (e) => e.getBoundingClientRect();
         const inView = (r) => window.scrollY === 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth && r.height > 0;
         const seats = [...document.querySelectorAll('.seat')].map(box);
         const covered = (r) => seats.some(a => a.left < r.right && r.left < a.right && a.top < r.bottom && r.top < a.bottom);
         const buttons = [...document.querySelectorAll('#actions button')].filter(shown);
         const header = [...document.querySelectorAll('#controls input, #controls select, #controls button')];
         const out = [];
         for (const e of buttons) if (!inView(box(e)) || covered(box(e))) out.push(e.id);
         for (const e of header) if (!inView(box(e))) out.push(e.id || e.tagName);
         const you = document.querySelector('.seat.you');
         if (!you || !inView(box(you))) out.push('the person\\'s seat');
         return [out, buttons.map(e => [e.id, Math.round(box(e).top), Math.round(box(e).bottom)])];",
    )
    .await;
    let out = v[0]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect();
    (out, v[1].clone())
}

/// Tables of 2 to 10 seats in a `width` x `height` window: no seat over the felt, over
/// another seat or outside the table, no sideways scrolling, and (on a laptop-sized
/// window) every control in view without scrolling, on the person's turn and after the
/// hand.
fn every_table_fits(name: &str, width: u32, height: u32, phone: bool) {
    let server = start(config(6, "SOM,GOM,LOKI2,BPM,BPT"));
    let url = format!("http://{}/", server.addr);
    let name = name.to_string();
    with_browser(&name.clone(), width, height, phone, move |c| {
        Box::pin(async move {
            c.goto(&url).await.unwrap();
            until(c, "the join form", "return document.body.dataset.view === 'join' && document.querySelectorAll('#join-bots select').length > 0").await;
            choose(c, "speed", "0").await;
            for seats in 2..=10 {
                choose(c, "join-seats", &seats.to_string()).await;
                c.find(Locator::Id("join-name"))
                    .await
                    .unwrap()
                    .clear()
                    .await
                    .unwrap();
                c.find(Locator::Id("join-name"))
                    .await
                    .unwrap()
                    .send_keys("Bo")
                    .await
                    .unwrap();
                c.find(Locator::Id("join-button"))
                    .await
                    .unwrap()
                    .click()
                    .await
                    .unwrap();
                until(c, "the table", &format!("return document.body.dataset.view === 'game' && document.body.dataset.replaying !== '1' && document.querySelectorAll('.seat').length === {seats}")).await;
                if seats == 10 {
                    screenshot(c, &format!("{name}-10.png")).await;
                }
                assert!(
                    seats_over_the_felt(c).await.is_empty(),
                    "{seats}: {:?}",
                    seats_over_the_felt(c).await
                );
                assert!(!scrolls_sideways(c).await, "{seats}");
                if !phone {
                    assert!(
                        seats_outside_the_table(c).await.is_empty(),
                        "{seats}: {:?}",
                        seats_outside_the_table(c).await
                    );
                    assert!(
                        seats_over_each_other(c).await.is_empty(),
                        "{seats}: {:?}",
                        seats_over_each_other(c).await
                    );
                    // The person's turn and the hand's end, each seen at least once.
                    let (mut turn, mut over) = (false, false);
                    for _ in 0..20 {
                        let (out, buttons) = controls_out_of_view(c).await;
                        assert!(
                            out.is_empty(),
                            "{width}x{height}, {seats} seats: {out:?} out of view; buttons {buttons}"
                        );
                        if visible(c, "next-hand").await {
                            over = true;
                            if turn {
                                break;
                            }
                            press(c, ' ').await;
                        } else {
                            assert!(visible(c, "act-call").await);
                            turn = true;
                            let fold = visible(c, "act-fold").await;
                            press(c, if fold { 'f' } else { 'c' }).await;
                        }
                    }
                    assert!(turn && over, "{seats}: {turn} {over}");
                }
                c.find(Locator::Id("leave"))
                    .await
                    .unwrap()
                    .click()
                    .await
                    .unwrap();
                until(
                    c,
                    "the summary after leaving",
                    "return document.body.dataset.summary === 'left'",
                )
                .await;
                c.find(Locator::Id("summary-new"))
                    .await
                    .unwrap()
                    .click()
                    .await
                    .unwrap();
                until(c, "the join form again", "return document.body.dataset.view === 'join' && document.getElementById('summary').hidden").await;
            }
        })
    });
}

#[test]
fn every_table_fits_a_laptop() {
    every_table_fits("laptop-seats", 1400, 900, false);
}

#[test]
fn every_table_fits_a_small_laptop() {
    every_table_fits("small-laptop-seats", 1280, 720, false);
}

#[test]
fn every_table_fits_a_phone() {
    every_table_fits("phone-seats", 390, 844, true);
}

#[test]
fn a_phone_sized_window_needs_no_sideways_scrolling() {
    let server = start(config(6, "SOM,GOM,LOKI2,call,BPT"));
    let url = format!("http://{}/", server.addr);
    with_browser("phone", 390, 844, true, move |c| {
        Box::pin(async move {
            c.goto(&url).await.unwrap();
            until(c, "the join form", "return document.body.dataset.view === 'join' && document.querySelectorAll('#join-bots select').length > 0").await;
            let size = js(c, "return [window.innerWidth, window.innerHeight, document.documentElement.clientWidth]").await;
            println!("viewport {size}");
            assert_eq!(size, json!([390, 844, 390]));
            assert!(!scrolls_sideways(c).await, "the join form");
            screenshot(c, "phone-join.png").await;
            choose(c, "speed", "0").await;
            c.find(Locator::Id("join-name"))
                .await
                .unwrap()
                .send_keys("Ann")
                .await
                .unwrap();
            c.find(Locator::Id("join-button"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            until(c, "the table", "return document.body.dataset.view === 'game' && document.body.dataset.replaying !== '1'").await;
            assert!(!scrolls_sideways(c).await, "the table");
            assert!(
                seats_over_the_felt(c).await.is_empty(),
                "{:?}",
                seats_over_the_felt(c).await
            );
            screenshot(c, "phone-table.png").await;
            // 30 hands, calling down in every third (the `call` bot then goes to the
            // showdown too) and folding at the first chance in the others: every result
            // readable without scrolling, each seat's HUD the state's and not cut off.
            let mut shot = false;
            for hand in 1..=30u64 {
                let mut guard = 0;
                while !visible(c, "next-hand").await {
                    let fold = hand % 3 != 0 && visible(c, "act-fold").await;
                    click(c, if fold { "act-fold" } else { "act-call" }).await;
                    guard += 1;
                    assert!(guard < 40);
                }
                let state = server_state(c).await;
                assert_eq!(state["hands_played"], hand);
                let (lines, in_view) = banner(c).await;
                let expect: Vec<String> = state["result"]["banner"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_str().unwrap().to_string())
                    .collect();
                assert_eq!(lines, expect, "hand {hand}");
                assert!(in_view, "hand {hand}: the result is out of view");
                assert!(!scrolls_sideways(c).await, "after a hand");
                assert!(seats_over_the_felt(c).await.is_empty());
                let huds = js(c, "return [...document.querySelectorAll('.seat .hud')].map(h => [Number(h.dataset.hands), [...h.children].every(d => d.scrollWidth <= d.clientWidth + 1)])").await;
                for (i, seat) in state["seats"].as_array().unwrap().iter().enumerate() {
                    assert_eq!(
                        huds[i],
                        json!([seat["hud"]["hands"], true]),
                        "hand {hand}, seat {i}"
                    );
                }
                if state["result"]["showdown"] == true && !shot {
                    screenshot(c, "phone-showdown.png").await;
                    shot = true;
                }
                if hand < 30 {
                    click(c, "next-hand").await;
                }
            }
            assert!(shot, "a showdown in 30 hands");
            // The model view and the summary fit too.
            js(
                c,
                "document.getElementById('model-panel').scrollIntoView(); return true",
            )
            .await;
            assert!(!scrolls_sideways(c).await, "the model view");
            screenshot(c, "phone-model-view.png").await;
            js(c, "window.scrollTo(0, 0); return true").await;
            c.find(Locator::Id("summary-button"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            until(
                c,
                "the summary",
                "return document.body.dataset.summary === 'live'",
            )
            .await;
            assert!(!scrolls_sideways(c).await, "the summary");
            screenshot(c, "phone-summary.png").await;
            // Leaving: the summary of the 30 hands, on the phone too.
            c.find(Locator::Id("summary-back"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            c.find(Locator::Id("leave"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            until(
                c,
                "the summary after leaving",
                "return document.body.dataset.summary === 'left'",
            )
            .await;
            assert_eq!(
                js(
                    c,
                    "return Number(document.getElementById('summary-box').dataset.hands)"
                )
                .await,
                30
            );
            assert!(!scrolls_sideways(c).await, "the summary after leaving");
            screenshot(c, "phone-left.png").await;
        })
    });
}
