//! The rooms' server side on a stopped clock that the tests move by hand: the time bank
//! of the person to act, whatever the other people do meanwhile; one-person tables
//! bounded and dropped once idle.
use super::*;
use crate::app::ServerConfig;
use serde_json::Value;

fn app() -> Arc<App> {
    let mut config = ServerConfig {
        seed: Some(7),
        ..ServerConfig::default()
    };
    config.limits.table_burst = 1e6;
    config.limits.table_rate = 1e6;
    let app = App::new(config, "127.0.0.1:0".parse().unwrap()).unwrap();
    app.clock.stop();
    app
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

fn open(app: &App, layout: &str, bank: u64) -> (Arc<Room>, Held) {
    let req = RoomRequest {
        name: "Ann".into(),
        layout: Some(layout.into()),
        time_bank: Some(bank),
        ..RoomRequest::default()
    };
    app.open_room("10.0.0.1".parse().unwrap(), &req).unwrap()
}

/// Someone else at the table, doing one more thing each call.
struct Other {
    token: Option<String>,
    seat_token: String,
    out: bool,
    done: usize,
}

impl Other {
    fn disturb(&mut self, app: &App, room: &Room) {
        self.done += 1;
        let Some(token) = self.token.clone() else {
            let held = app.take_seat(room, "Bob").unwrap();
            self.seat_token = json(&held.json)["seat_token"].as_str().unwrap().into();
            self.token = Some(held.token);
            self.out = false;
            return;
        };
        match self.done % 5 {
            0 | 1 => {
                self.out = !self.out;
                app.room_sit(room, &token, self.out).unwrap();
            }
            2 => {
                // The page reloads: a new look at the table.
                app.as_person_quiet(room, &token).unwrap();
                app.as_person(room, &token, |_, _, _| Ok(())).unwrap();
            }
            3 => {
                let held = app.retake_seat(room, "Bob", &self.seat_token).unwrap();
                self.token = Some(held.token);
                self.out = false;
            }
            _ => {
                app.room_leave(room, &token).unwrap();
                self.token = None;
            }
        }
    }
}

#[test]
fn the_turn_ends_with_the_bank_whatever_the_others_do() {
    for every_ms in [100, 700, 2_000] {
        let app = app();
        let (room, ann) = open(&app, "3*open,call", 10);
        let turn = room.session.lock().unwrap().turn().expect("Ann to act");
        assert_eq!(turn.seat, 0);
        let mut bob = Other {
            token: None,
            seat_token: String::new(),
            out: false,
            done: 0,
        };
        let mut ended = None;
        let mut elapsed = 0u64;
        while elapsed <= 15_000 {
            if elapsed % every_ms == 0 {
                bob.disturb(&app, &room);
            }
            app.tick_rooms();
            let now_turn = room.session.lock().unwrap().turn();
            if now_turn != Some(turn) {
                ended = Some(elapsed);
                break;
            }
            // Every view while Ann is to act carries her time left, from one deadline.
            let mut views = vec![app.as_person_quiet(&room, &ann.token).unwrap()];
            if let Some(t) = &bob.token {
                views.push(app.as_person_quiet(&room, t).unwrap());
            }
            for v in views.iter().map(|v| json(v)) {
                assert_eq!(v["time_left_ms"].as_u64(), Some(10_000 - elapsed), "{v}");
                let (d, n) = (v["deadline_ms"].as_u64().unwrap(), v["now_ms"].as_u64());
                assert!(d.abs_diff(n.unwrap() + 10_000 - elapsed) <= 5, "{v}");
            }
            app.clock.advance(Duration::from_millis(100));
            elapsed += 100;
        }
        let ended = ended.expect("the turn ended");
        assert!(
            (10_000..=11_000).contains(&ended),
            "disturbed every {every_ms} ms: ended after {ended} ms ({} disturbances)",
            bob.done
        );
        assert!(bob.done >= 5);
    }
}

#[test]
fn between_hands_the_view_says_whom_the_table_waits_for_and_how_long() {
    let app = app();
    let (room, ann) = open(&app, "3*open,call", 10);
    let bob = app.take_seat(&room, "Bob").unwrap();
    // Ann folds or checks out of time until the hand is over.
    let mut waited = 0;
    while room.session.lock().unwrap().in_progress() {
        app.clock.advance(Duration::from_millis(500));
        app.tick_rooms();
        waited += 1;
        assert!(waited < 200, "the hand never ended");
    }
    let v = json(&app.as_person_quiet(&room, &ann.token).unwrap());
    assert!(v["time_left_ms"].is_null());
    assert_eq!(v["next_hand_ms"].as_u64(), Some(10_000));
    // Bob sat down during the hand: nothing of it for him to see.
    assert_eq!(v["waiting_for"], serde_json::json!(["Ann"]));
    app.clock.advance(Duration::from_millis(4_000));
    app.tick_rooms();
    let v = json(&app.as_person_quiet(&room, &bob.token).unwrap());
    assert_eq!(v["waiting_for"], serde_json::json!(["Ann"]));
    assert_eq!(v["next_hand_ms"].as_u64(), Some(6_000));
    let hands = room.session.lock().unwrap().hands_played();
    app.as_person(&room, &ann.token, |_, seats, seat| {
        seats.people[seat].as_mut().unwrap().ready = true;
        Ok(())
    })
    .unwrap();
    app.tick_rooms();
    let v = json(&app.as_person_quiet(&room, &ann.token).unwrap());
    assert_eq!(v["waiting_for"], serde_json::json!([]));
    assert!(v["next_hand_ms"].is_null());
    assert_eq!(v["hand"].as_u64(), Some(hands as u64 + 1));
}

#[test]
fn one_person_tables_are_bounded_and_idle_ones_go() {
    let app = app();
    let token = |i: usize| format!("{i:032x}");
    let table = |i: usize, ip: &str, name: &str| {
        let req = crate::app::TableRequest {
            name: name.into(),
            players: Some("call".into()),
            ..crate::app::TableRequest::default()
        };
        let r = app.open_table(token(i), ip.parse().unwrap(), &req);
        r.map(|_| ()).map_err(|e| format!("{e:?}"))
    };
    let l = &app.config.limits;
    let quota = l.tables_per_address;
    for i in 0..quota {
        table(i, "10.0.0.1", &format!("P{i}")).unwrap();
    }
    let over = table(99, "10.0.0.1", "Q");
    assert_eq!(over, Err(format!("{:?}", ApiError::Quota(quota))));
    // A name is at one table, whatever its case; rooms count apart.
    let taken = table(99, "10.0.0.2", "p0").unwrap_err();
    assert_eq!(taken, format!("{:?}", ApiError::NameInUse("p0".into())));
    open(&app, "open,call", 10);
    assert_eq!((app.tables_open(), app.rooms_open()), (quota, 1));
    // Used again, table 0 stays; the others go once idle, then table 0 too.
    app.clock.advance(l.idle / 2);
    let t0 = app.rooms.get(&token(0)).unwrap();
    app.as_person(&t0, &token(0), |_, _, _| Ok(())).unwrap();
    app.clock.advance(l.idle / 2);
    app.tick_rooms();
    assert_eq!(app.tables_open(), 1);
    app.clock.advance(l.idle);
    app.tick_rooms();
    assert_eq!(app.tables_open(), 0);
}
