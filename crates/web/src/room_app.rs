//! The server's side of rooms (blocking work, called on blocking threads by the
//! handlers of `room_api`): opening a room, taking a seat, coming back to one with its
//! seat token, acting, sitting out, the chat, the room's clock, and the view a person is sent
//! ([`RoomView`]: the table as that person's seat sees it, the room, who sits where and
//! the time left to the person to act).
use crate::app::App;
use crate::error::ApiError;
use crate::limits::{address_key, Bucket};
use crate::rooms::{new_id, ChatLine, Person, Room, RoomInfo, Seats};
use crate::rooms::{CHAT_BURST, CHAT_LINES, CHAT_RATE, MAX_CHAT_CHARS};
use axum::http::StatusCode;
use loki_engine::HandRecord;
use loki_play::{RoomSpec, SeatKind, Session, TableView};
use serde::{Deserialize, Serialize};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The default layout of a room (ours): three people, SOM, GOM and LOKI2.
pub const DEFAULT_LAYOUT: &str = "3*open,SOM,GOM,LOKI2";

/// Longest layout a request may give, in characters (ours).
pub const MAX_LAYOUT_CHARS: usize = 200;

/// A room asked for (`POST /api/rooms`, no unknown fields; unset: the defaults).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoomRequest {
    /// The creator's name (the creator takes the first open seat).
    pub name: String,
    /// The seats (`2*open,SOM,GOM`; `open` is a person's seat).
    pub layout: Option<String>,
    /// The stakes' shorthand `SMALL/BIG`.
    pub stakes: Option<String>,
    /// The blinds `SB,BB`.
    pub blinds: Option<String>,
    /// The bets `SMALL,BIG`.
    pub bets: Option<String>,
    /// The time bank in seconds.
    pub time_bank: Option<u64>,
}

/// Someone at a room's table, as every person there may see.
#[derive(Debug, Clone, Serialize)]
pub struct PersonView {
    /// The seat.
    pub seat: usize,
    /// The name.
    pub name: String,
    /// Dealt into the next hand (not sitting out).
    pub present: bool,
}

/// What a person in a room is sent.
#[derive(Debug, Clone, Serialize)]
pub struct RoomView {
    /// The table from the person's seat.
    #[serde(flatten)]
    pub table: TableView,
    /// The room.
    pub room: RoomInfo,
    /// The room's version (advanced by every change).
    pub version: u64,
    /// The people seated.
    pub people: Vec<PersonView>,
    /// The seats open for people.
    pub open_seats: Vec<usize>,
    /// Milliseconds left to the person to act, whenever a person is to act (reckoned
    /// when the view is sent, from a deadline set once when the turn began).
    pub time_left_ms: Option<u64>,
    /// The same deadline as milliseconds since the Unix epoch by the server's clock.
    pub deadline_ms: Option<u64>,
    /// The server's clock when the view was sent, in milliseconds since the Unix epoch
    /// (`deadline_ms - now_ms` is `time_left_ms`).
    pub now_ms: u64,
    /// Between hands: the people present who have not yet asked for the next hand (the
    /// table waits for them), by name.
    pub waiting_for: Vec<String>,
    /// Between hands: milliseconds before the next hand is dealt without them.
    pub next_hand_ms: Option<u64>,
    /// Whether this person is sitting out.
    pub sitting_out: bool,
    /// Whether this is a spectator's view (`you` is then the number of seats: no seat).
    pub spectator: bool,
    /// The room's latest chat lines, oldest first.
    pub chat: Vec<ChatLine>,
    /// The secret that brings the person back to this seat from another browser: only
    /// in the answer to taking or retaking the seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat_token: Option<String>,
}

/// A person's seat and the browser token that holds it.
pub(crate) struct Held {
    pub(crate) token: String,
    pub(crate) json: String,
}

impl App {
    fn room_limits(&self) -> &crate::rooms::RoomLimits {
        &self.config.rooms
    }

    /// The view of `room` for the person in `seat` as JSON.
    pub(crate) fn room_view(
        room: &Room,
        s: &Session,
        seats: &Seats,
        seat: usize,
        now: Instant,
        seat_token: Option<String>,
    ) -> String {
        if room.solo.is_some() {
            // A one-person table: the table as its person sees it, nothing of rooms.
            return crate::app::view_json(s);
        }
        let person = seats.people.get(seat).and_then(Option::as_ref);
        let show_model = person.is_some_and(|p| p.show_model);
        let people = seats
            .people
            .iter()
            .enumerate()
            .filter_map(|(seat, p)| {
                p.as_ref().map(|p| PersonView {
                    seat,
                    name: s.names()[seat].clone(),
                    present: p.away_since.is_none(),
                })
            })
            .collect();
        let bank = room.time_bank;
        // The deadline of the decision waited for (set by the room's clock when the turn
        // began; a turn not yet seen by it has the whole bank).
        let left = s.turn().filter(|t| s.is_person_seat(t.seat)).map(|turn| {
            seats
                .turn
                .filter(|(t, _)| *t == turn)
                .map_or(bank, |(_, deadline)| {
                    deadline.saturating_duration_since(now)
                })
        });
        let between = !s.in_progress() && s.hands_played() > 0;
        let waiting_for = if between {
            seats
                .people
                .iter()
                .enumerate()
                .filter(|(_, p)| {
                    p.as_ref()
                        .is_some_and(|p| p.away_since.is_none() && !p.ready)
                })
                .map(|(seat, _)| s.names()[seat].clone())
                .collect()
        } else {
            Vec::new()
        };
        let next_hand_ms = seats
            .ended
            .filter(|_| between)
            .map(|ended| (ended + bank).saturating_duration_since(now).as_millis() as u64);
        let now_ms = epoch_ms(Duration::ZERO);
        let view = RoomView {
            table: s.view_for(seat, show_model),
            room: room.info.clone(),
            version: room.version(),
            people,
            open_seats: s.open_seats(),
            time_left_ms: left.map(|d| d.as_millis() as u64),
            deadline_ms: left.map(epoch_ms),
            now_ms,
            waiting_for,
            next_hand_ms,
            sitting_out: person.is_some_and(|p| p.away_since.is_some()),
            spectator: seat >= s.names().len(),
            chat: seats.chat.iter().cloned().collect(),
            seat_token,
        };
        serde_json::to_string(&view).unwrap_or_else(|_| "{}".into())
    }

    /// A person who sits down now in the browser of `token`, with a new seat token.
    pub(crate) fn person(&self, token: String, now: Instant) -> Person {
        let l = &self.config.limits;
        Person {
            token,
            seat_token: new_id(),
            streams: 0,
            last_seen: now,
            away_since: None,
            by_choice: false,
            show_model: false,
            bucket: Bucket::full(l.table_burst, now),
            chat: Bucket::full(CHAT_BURST, now),
            ready: true,
        }
    }

    /// Opens a room for a request from `ip`; its creator takes the first open seat.
    pub(crate) fn open_room(
        &self,
        ip: IpAddr,
        req: &RoomRequest,
    ) -> Result<(Arc<Room>, Held), ApiError> {
        let limits = self.room_limits();
        let layout = req
            .layout
            .clone()
            .unwrap_or_else(|| DEFAULT_LAYOUT.to_string());
        if layout.chars().count() > MAX_LAYOUT_CHARS {
            return Err(ApiError::Spec(loki_play::SpecError::BotListTooLong(
                MAX_LAYOUT_CHARS,
            )));
        }
        let roster = loki_agent::Roster::new(self.config.loki.clone())
            .map_err(|e| ApiError::Spec(e.into()))?;
        let seats = RoomSpec::layout(&layout, &roster).map_err(ApiError::Spec)?;
        let asked = [&req.stakes, &req.blinds, &req.bets];
        let stakes = crate::app::stakes(&self.config, asked).map_err(ApiError::Spec)?;
        let (lo, hi) = limits.time_bank_bounds;
        let bank = match req.time_bank {
            None => limits.time_bank,
            Some(secs) if (lo.as_secs()..=hi.as_secs()).contains(&secs) => {
                Duration::from_secs(secs)
            }
            Some(secs) => {
                return Err(ApiError::BadTimeBank {
                    given: secs,
                    min: lo.as_secs(),
                    max: hi.as_secs(),
                })
            }
        };
        let seed = self.next_seed();
        let spec = RoomSpec {
            seats: seats.clone(),
            stakes,
            seed,
        };
        let session = Session::room(&spec, self.config.loki.clone()).map_err(ApiError::Spec)?;
        let info = RoomInfo {
            id: new_id(),
            layout,
            seats: seats.len(),
            stakes: stakes.to_string(),
            bots: seats
                .iter()
                .filter_map(|k| match k {
                    SeatKind::Bot(b) => Some(b.clone()),
                    SeatKind::Person => None,
                })
                .collect(),
            time_bank: bank.as_secs(),
        };
        let room = Arc::new(Room::new(info, session, address_key(ip), bank));
        let held = self.take_seat(&room, &req.name)?;
        let (max, per_address) = (limits.max_rooms, limits.rooms_per_address);
        self.rooms.insert(room.clone(), max, per_address)?;
        self.tick_room(&room, self.clock.now());
        Ok((room, held))
    }

    /// Seats `name` in the room's first open seat: a new browser token and seat token.
    pub(crate) fn take_seat(&self, room: &Room, name: &str) -> Result<Held, ApiError> {
        let name = loki_play::person_name(name).map_err(ApiError::Spec)?;
        let profile = self.person_profile(&name);
        let (mut s, mut seats) = room.lock().ok_or(ApiError::Broken)?;
        let seat = s
            .take_seat(&name, profile.as_ref())
            .map_err(ApiError::Spec)?;
        let now = self.clock.now();
        let person = self.person(new_id(), now);
        let (token, seat_token) = (person.token.clone(), person.seat_token.clone());
        seats.people[seat] = Some(person);
        drop((s, seats));
        room.bump();
        self.tick_room(room, now);
        let (s, seats) = room.lock().ok_or(ApiError::Broken)?;
        let json = App::room_view(room, &s, &seats, seat, now, Some(seat_token));
        Ok(Held { token, json })
    }

    /// Brings `name` back to the seat the seat token holds, in this browser (the old
    /// browser's token no longer works); the person is dealt in again from the next hand.
    /// Refused while the seat's page is live elsewhere (its event stream open).
    pub(crate) fn retake_seat(
        &self,
        room: &Room,
        name: &str,
        seat_token: &str,
    ) -> Result<Held, ApiError> {
        let (mut s, mut seats) = room.lock().ok_or(ApiError::Broken)?;
        let lower = name.trim().to_lowercase();
        let found = seats.people.iter().position(|p| {
            p.as_ref()
                .is_some_and(|p| constant_eq(p.seat_token.as_bytes(), seat_token.as_bytes()))
        });
        let Some(seat) = found.filter(|&x| s.names()[x].to_lowercase() == lower) else {
            return Err(ApiError::BadSeatToken);
        };
        // The seat's own page is live: refused, never a silent takeover.
        if seats.people[seat].as_ref().is_some_and(|p| p.streams > 0) {
            return Err(ApiError::SeatInUse);
        }
        let now = self.clock.now();
        let token = new_id();
        if let Some(p) = seats.people[seat].as_mut() {
            p.token = token.clone();
            p.last_seen = now;
            p.away_since = None;
            p.by_choice = false;
        }
        s.set_present(seat, true)?;
        let seat_token = seats.people[seat].as_ref().map(|p| p.seat_token.clone());
        drop((s, seats));
        room.bump();
        let (s, seats) = room.lock().ok_or(ApiError::Broken)?;
        let json = App::room_view(room, &s, &seats, seat, now, seat_token);
        Ok(Held { token, json })
    }

    /// Runs `f` for the person of `token` in the room (the seat and both locks), after
    /// the person's rate check; marks the person heard from (a person the server sat
    /// out for silence is back). Answers the person's view.
    pub(crate) fn as_person(
        &self,
        room: &Room,
        token: &str,
        f: impl FnOnce(&mut Session, &mut Seats, usize) -> Result<(), ApiError>,
    ) -> Result<String, ApiError> {
        self.as_person_then(room, token, f, |s, seats, seat, now| {
            App::room_view(room, s, seats, seat, now, None)
        })
    }

    /// [`App::as_person`], answering `answer` of the room afterwards (the game, the
    /// seats, the person's seat, the time).
    pub(crate) fn as_person_then<T>(
        &self,
        room: &Room,
        token: &str,
        f: impl FnOnce(&mut Session, &mut Seats, usize) -> Result<(), ApiError>,
        answer: impl FnOnce(&Session, &Seats, usize, Instant) -> T,
    ) -> Result<T, ApiError> {
        let (mut s, mut seats) = room.lock().ok_or(ApiError::Broken)?;
        let seat = seats.seat_of(token).ok_or(ApiError::NoSeat)?;
        let now = self.clock.now();
        let l = &self.config.limits;
        let back = {
            let Some(p) = seats.people[seat].as_mut() else {
                return Err(ApiError::NoSeat);
            };
            if !p.bucket.take(l.table_burst, l.table_rate, now) {
                return Err(ApiError::TooMany(1));
            }
            p.last_seen = now;
            let back = p.away_since.is_some() && !p.by_choice;
            if back {
                p.away_since = None;
            }
            back
        };
        let step = s.step();
        if back {
            s.set_present(seat, true)?;
        }
        f(&mut s, &mut seats, seat)?;
        self.save_profile(&mut s);
        let changed = s.step() != step;
        drop((s, seats));
        if changed {
            room.bump();
            self.tick_room(room, now);
        }
        let (s, seats) = room.lock().ok_or(ApiError::Broken)?;
        Ok(answer(&s, &seats, seat, now))
    }

    /// The seat token of the person of `token` (asked for again by the seat's own
    /// browser), as `{"seat_token": ...}`.
    pub(crate) fn room_seat_token(&self, room: &Room, token: &str) -> Result<String, ApiError> {
        let none = |_: &mut Session, _: &mut Seats, _| Ok(());
        self.as_person_then(room, token, none, |_, seats, seat, _| {
            let t = seats.people[seat].as_ref().map(|p| &p.seat_token);
            serde_json::json!({ "seat_token": t }).to_string()
        })
    }

    /// The view of the person of `token` for a live stream: no rate check; the person is
    /// heard from. Refused once the seat is no longer the browser's (the stream then
    /// ends).
    pub(crate) fn as_person_quiet(&self, room: &Room, token: &str) -> Result<String, ApiError> {
        let (s, mut seats) = room.lock().ok_or(ApiError::Broken)?;
        let seat = seats.seat_of(token).ok_or(ApiError::NoSeat)?;
        let now = self.clock.now();
        if let Some(p) = seats.people[seat].as_mut() {
            p.last_seen = now;
        }
        Ok(App::room_view(room, &s, &seats, seat, now, None))
    }

    /// The room as a spectator sees it: from no seat, so only the hand's public part
    /// (the board, the pot, bets, folds, the roles, the seat to act), never a hole card,
    /// not even one shown at a showdown; no log and no choices.
    pub(crate) fn room_watch(&self, room: &Room) -> Result<String, ApiError> {
        let (s, seats) = room.lock().ok_or(ApiError::Broken)?;
        let nobody = s.names().len();
        Ok(App::room_view(
            room,
            &s,
            &seats,
            nobody,
            self.clock.now(),
            None,
        ))
    }

    /// The person of `token` says `text` to the room: 1 to [`MAX_CHAT_CHARS`]
    /// characters once trimmed, no control or direction-changing characters, at the
    /// person's chat rate.
    pub(crate) fn room_chat(
        &self,
        room: &Room,
        token: &str,
        text: &str,
    ) -> Result<String, ApiError> {
        let text = text.trim();
        let bidi = |c: char| matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
        let n = text.chars().count();
        if n == 0 || n > MAX_CHAT_CHARS || text.chars().any(|c| c.is_control() || bidi(c)) {
            let why = format!("a chat line is 1 to {MAX_CHAT_CHARS} characters of plain text");
            return Err(ApiError::Body(StatusCode::UNPROCESSABLE_ENTITY, why));
        }
        let now = self.clock.now();
        let json = self.as_person(room, token, |s, seats, seat| {
            let p = seats.people[seat].as_mut().ok_or(ApiError::NoSeat)?;
            if !p.chat.take(CHAT_BURST, CHAT_RATE, now) {
                return Err(ApiError::TooMany(2));
            }
            seats.said += 1;
            let name = s.names()[seat].clone();
            let (n, text) = (seats.said, text.to_string());
            seats.chat.push_back(ChatLine {
                n,
                seat,
                name,
                text,
            });
            if seats.chat.len() > CHAT_LINES {
                seats.chat.pop_front();
            }
            Ok(())
        })?;
        room.bump();
        Ok(json)
    }

    /// A person sits out (`out`) or comes back; a person who sits out keeps the seat for
    /// the rejoin limit.
    pub(crate) fn room_sit(&self, room: &Room, token: &str, out: bool) -> Result<String, ApiError> {
        let now = self.clock.now();
        let json = self.as_person(room, token, |s, seats, seat| {
            if let Some(p) = seats.people[seat].as_mut() {
                p.away_since = out.then_some(now);
                p.by_choice = out;
            }
            s.set_present(seat, !out).map_err(ApiError::from)
        })?;
        room.bump();
        Ok(json)
    }

    /// The person of `token` gives the seat up: it is open again (the person's hand in
    /// progress, if any, is played out as check or fold).
    pub(crate) fn room_leave(&self, room: &Room, token: &str) -> Result<(), ApiError> {
        let (mut s, mut seats) = room.lock().ok_or(ApiError::Broken)?;
        let seat = seats.seat_of(token).ok_or(ApiError::NoSeat)?;
        seats.people[seat] = None;
        s.vacate(seat)?;
        self.save_profile(&mut s);
        drop((s, seats));
        room.bump();
        self.tick_room(room, self.clock.now());
        Ok(())
    }

    /// The room's clock (see `Room::tick`); a room that failed or is dead is dropped.
    pub(crate) fn tick_room(&self, room: &Room, now: Instant) {
        match room.tick(now, self.room_limits(), self.config.limits.idle) {
            // A one-person table's profile is saved by its requests.
            Ok(false) if room.solo.is_some() => {}
            Ok(false) => match room.session.lock() {
                Ok(mut s) => self.save_profile(&mut s),
                Err(_) => drop(self.rooms.remove(&room.info.id)),
            },
            Ok(true) | Err(_) => {
                self.rooms.remove(&room.info.id);
                room.bump();
            }
        }
    }

    /// Every room's clock.
    pub fn tick_rooms(&self) {
        let now = self.clock.now();
        for room in self.rooms.all() {
            self.tick_room(&room, now);
        }
    }

    /// Live update streams open now.
    pub fn streams_open(&self) -> usize {
        self.streams.count()
    }

    /// Rooms open now.
    pub fn rooms_open(&self) -> usize {
        self.rooms.count(false)
    }

    /// The finished hands of room `id` (a one-person table's id is its browser's
    /// token), with every seat's cards: for the server's own tests and logs, never sent
    /// to anyone.
    pub fn room_records(&self, id: &str) -> Option<Vec<HandRecord>> {
        let room = self.rooms.get(id)?;
        let s = room.session.lock().ok()?;
        Some(s.history().cloned().collect())
    }

    /// The hole cards of every seat in room `id`'s hand in progress or last hand, by
    /// seat (for the server's own tests, never sent to anyone).
    pub fn room_hole_cards(&self, id: &str) -> Option<(u64, Vec<(usize, String)>)> {
        let room = self.rooms.get(id)?;
        let s = room.session.lock().ok()?;
        s.dealt_cards()
    }
}

/// The time `from_now` on, in milliseconds since the Unix epoch by the system's clock.
fn epoch_ms(from_now: Duration) -> u64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    (now + from_now).as_millis() as u64
}

/// Compares two secrets in time independent of where they differ.
fn constant_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
#[path = "room_app_tests.rs"]
mod tests;
