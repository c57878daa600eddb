//! The open rooms (`loki_play`'s rooms: several people and Loki players at one table),
//! each keyed by an unguessable id (128 bits), and what the server keeps beside each
//! room's game: who holds each person's seat (a browser's token, and the seat token
//! that brings its person back from another browser), the clock of the time bank, when
//! each person was last heard from, the room's chat, and the room's version (advanced
//! by every change; the live updates carry it).
//!
//! A one-person table (`api`) is a room too, with one person's seat and no clock: its
//! key is its browser's token, its person's name is at no other such table, and it is
//! dropped once idle.
//!
//! [`Room::tick`] is the room's clock, called every quarter second by the server
//! whether or not anyone sends requests: it times out the person to act, sits out a
//! person not heard from for [`RoomLimits::away`], gives a seat up once its person has
//! been away for [`RoomLimits::rejoin`], and deals the next hand once every person
//! present has seen the last one (or after the time bank, whichever comes first).
use crate::error::ApiError;
use crate::limits::Bucket;
use loki_play::{PlayError, Session, Turn};
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// The bounds of rooms (all values **ours**, all configurable).
#[derive(Debug, Clone, PartialEq)]
pub struct RoomLimits {
    /// Rooms open at once.
    pub max_rooms: usize,
    /// Rooms one address may have opened at once.
    pub rooms_per_address: usize,
    /// The time bank by default: time for each decision of a person.
    pub time_bank: Duration,
    /// The shortest and the longest time bank a room may choose.
    pub time_bank_bounds: (Duration, Duration),
    /// A person whose page has had no live stream and sent no request this long is sat
    /// out.
    pub away: Duration,
    /// A person sitting out keeps the seat this long (to come back with the seat token).
    pub rejoin: Duration,
    /// Live update streams one address may hold open.
    pub streams_per_address: usize,
    /// Live update streams open at once in all.
    pub max_streams: usize,
}

impl Default for RoomLimits {
    fn default() -> Self {
        RoomLimits {
            max_rooms: 100,
            rooms_per_address: 4,
            time_bank: Duration::from_secs(30),
            time_bank_bounds: (Duration::from_secs(5), Duration::from_secs(300)),
            away: Duration::from_secs(60),
            rejoin: Duration::from_secs(600),
            streams_per_address: 16,
            max_streams: 512,
        }
    }
}

/// The rooms' clock: the time now, or, in the server's own tests, a stopped clock the
/// test moves on by hand.
#[derive(Debug, Default)]
pub(crate) struct Clock {
    stopped: Mutex<Option<Instant>>,
}

impl Clock {
    fn stopped(&self) -> MutexGuard<'_, Option<Instant>> {
        // Only an instant: a poisoned lock still holds a good one.
        self.stopped.lock().unwrap_or_else(|e| e.into_inner())
    }
    /// The time now.
    pub(crate) fn now(&self) -> Instant {
        self.stopped().unwrap_or_else(Instant::now)
    }
    /// Stops the clock at the time now (tests).
    #[cfg(test)]
    pub(crate) fn stop(&self) {
        *self.stopped() = Some(Instant::now());
    }
    /// Moves a stopped clock on (tests).
    #[cfg(test)]
    pub(crate) fn advance(&self, by: Duration) {
        if let Some(t) = self.stopped().as_mut() {
            *t += by;
        }
    }
}

/// A new unguessable id or token (128 bits from the operating system's generator).
pub(crate) fn new_id() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// Whether a text has the form of an id or token the server hands out.
pub(crate) fn is_id(s: &str) -> bool {
    s.len() == 32 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Chat lines a room keeps, the latest (ours).
pub(crate) const CHAT_LINES: usize = 30;
/// The longest chat line, in characters (ours).
pub const MAX_CHAT_CHARS: usize = 200;
/// A person's chat lines at once, and then one every two seconds (ours).
pub(crate) const CHAT_BURST: f64 = 3.0;
pub(crate) const CHAT_RATE: f64 = 0.5;

/// One line of a room's chat among its people: plain text (the page shows it as text,
/// never as markup).
#[derive(Debug, Clone, serde::Serialize)]
pub struct ChatLine {
    /// The line's number in the room (from 1).
    pub n: u64,
    /// The speaker's seat.
    pub seat: usize,
    /// The speaker's name.
    pub name: String,
    /// What was said.
    pub text: String,
}

/// A person holding a seat.
#[derive(Debug)]
pub(crate) struct Person {
    /// The token of the browser that holds the seat (its cookie).
    pub(crate) token: String,
    /// The secret that brings the person back to the seat from another browser.
    pub(crate) seat_token: String,
    /// Live streams open now.
    pub(crate) streams: usize,
    /// When the person was last heard from (a request, or a stream open until then).
    pub(crate) last_seen: Instant,
    /// Since when the person has been sitting out (`None`: present).
    pub(crate) away_since: Option<Instant>,
    /// The person chose to sit out (else the server sat the person out for silence,
    /// and the person's next request brings the person back).
    pub(crate) by_choice: bool,
    /// Whether the model view is on.
    pub(crate) show_model: bool,
    /// The person's request rate.
    pub(crate) bucket: Bucket,
    /// The person's chat rate.
    pub(crate) chat: Bucket,
    /// The person asked for the next hand.
    pub(crate) ready: bool,
}

/// The room's bookkeeping beside its game.
#[derive(Debug, Default)]
pub(crate) struct Seats {
    /// The person in each seat (people's seats only).
    pub(crate) people: Vec<Option<Person>>,
    /// The decision the clock runs for, and its deadline: set once when the decision
    /// is first waited for; only that decision (the person's action, or the time out)
    /// ends it. Nothing else at the table (joins, sitting out or in, leaving, coming
    /// back) touches it.
    pub(crate) turn: Option<(Turn, Instant)>,
    /// When the last hand ended (the next is dealt from it).
    pub(crate) ended: Option<Instant>,
    /// The latest chat lines, and how many were said in all.
    pub(crate) chat: VecDeque<ChatLine>,
    pub(crate) said: u64,
}

impl Seats {
    /// The seat held by the browser of `token`.
    pub(crate) fn seat_of(&self, token: &str) -> Option<usize> {
        self.people
            .iter()
            .position(|p| p.as_ref().is_some_and(|p| p.token == token))
    }
}

/// What the lobby and the page say about a room.
#[derive(Debug, Clone, serde::Serialize)]
pub struct RoomInfo {
    /// The room's id (its link is `/room/<id>`).
    pub id: String,
    /// The seats' layout as given (`2*open,SOM,...`).
    pub layout: String,
    /// Seats.
    pub seats: usize,
    /// The stakes (`SMALL/BIG`, or with the blinds).
    pub stakes: String,
    /// The bots' kinds, in seat order.
    pub bots: Vec<String>,
    /// The time bank, in seconds.
    pub time_bank: u64,
}

/// One room.
pub(crate) struct Room {
    pub(crate) info: RoomInfo,
    pub(crate) session: Mutex<Session>,
    pub(crate) seats: Mutex<Seats>,
    /// The room's version, watched by the live streams.
    pub(crate) version: watch::Sender<u64>,
    /// The key of the address that opened it.
    pub(crate) owner: IpAddr,
    pub(crate) time_bank: Duration,
    /// A one-person table's person (`None`: a room).
    pub(crate) solo: Option<String>,
}

impl Room {
    pub(crate) fn new(info: RoomInfo, session: Session, owner: IpAddr, bank: Duration) -> Room {
        let n = session.names().len();
        Room {
            info,
            session: Mutex::new(session),
            seats: Mutex::new(Seats {
                people: (0..n).map(|_| None).collect(),
                ..Seats::default()
            }),
            version: watch::channel(0).0,
            owner,
            time_bank: bank,
            solo: None,
        }
    }
    /// Both locks, always in this order (the game, then the bookkeeping). `None` when a
    /// panic poisoned one (the room is then dropped).
    pub(crate) fn lock(&self) -> Option<(MutexGuard<'_, Session>, MutexGuard<'_, Seats>)> {
        let s = self.session.lock().ok()?;
        let p = self.seats.lock().ok()?;
        Some((s, p))
    }
    /// Advances the version: the live streams send the new view.
    pub(crate) fn bump(&self) {
        self.version.send_modify(|v| *v += 1);
    }
    /// The version now.
    pub(crate) fn version(&self) -> u64 {
        *self.version.borrow()
    }

    /// The room's clock at `now` (see the module's doc). Returns whether the room is
    /// dead: nobody holds a seat (a one-person table: idle for `idle`, or broken).
    ///
    /// # Errors
    /// [`PlayError::Engine`] on a bug.
    pub(crate) fn tick(
        &self,
        now: Instant,
        limits: &RoomLimits,
        idle: Duration,
    ) -> Result<bool, PlayError> {
        if self.solo.is_some() {
            // A table at work (its locks held while its bots play) is not idle, and the
            // clock does not wait for it.
            let seats = match self.seats.try_lock() {
                Ok(seats) => seats,
                Err(TryLockError::WouldBlock) => return Ok(false),
                Err(TryLockError::Poisoned(_)) => return Ok(true),
            };
            let used = seats.people.iter().flatten().map(|p| p.last_seen).max();
            let idle = used.is_none_or(|t| now.saturating_duration_since(t) >= idle);
            return Ok(idle || self.session.is_poisoned());
        }
        let Some((mut s, mut seats)) = self.lock() else {
            return Ok(true);
        };
        let before = s.step();
        let mut changed = false;
        // People not heard from sit out; people away too long give their seat up.
        for seat in 0..seats.people.len() {
            let Some(p) = seats.people[seat].as_mut() else {
                continue;
            };
            let silent = p.streams == 0 && now.saturating_duration_since(p.last_seen) > limits.away;
            if p.away_since.is_none() && silent {
                p.away_since = Some(now);
                p.by_choice = false;
                s.set_present(seat, false)?;
                changed = true;
            }
            if p.away_since
                .is_some_and(|t| now.saturating_duration_since(t) > limits.rejoin)
            {
                seats.people[seat] = None;
                s.vacate(seat)?;
                changed = true;
            }
        }
        let anyone = seats.people.iter().any(Option::is_some);
        // The time bank.
        if s.in_progress() {
            seats.ended = None;
            if let Some(turn) = s.turn() {
                match seats.turn {
                    Some((t, deadline)) if t == turn => {
                        let step = s.step();
                        if now >= deadline && s.time_out(step)?.is_some() {
                            changed = true;
                            if let Some(p) = seats.people[turn.seat].as_mut() {
                                p.ready = false;
                            }
                        }
                    }
                    _ => seats.turn = Some((turn, now + self.time_bank)),
                }
            }
        }
        // The next hand: once every person present has seen the last one, or after the
        // time bank.
        if !s.in_progress() {
            let ended = *seats.ended.get_or_insert(now);
            let present: Vec<&Person> = seats
                .people
                .iter()
                .flatten()
                .filter(|p| p.away_since.is_none())
                .collect();
            let all_ready = !present.is_empty() && present.iter().all(|p| p.ready);
            let waited = now.saturating_duration_since(ended) >= self.time_bank;
            if all_ready || (waited && !present.is_empty()) || s.hands_played() == 0 {
                let step = s.step();
                match s.next_hand(step) {
                    Ok(()) => {
                        seats.ended = None;
                        for p in seats.people.iter_mut().flatten() {
                            p.ready = false;
                        }
                        changed = true;
                    }
                    Err(PlayError::NotEnoughPlayers { .. }) => {}
                    Err(e) => return Err(e),
                }
            }
        }
        if s.step() != before {
            changed = true;
        }
        // Start the clock for a new decision.
        match s.turn() {
            Some(turn) if seats.turn.is_none_or(|(t, _)| t != turn) => {
                seats.turn = Some((turn, now + self.time_bank));
            }
            Some(_) => {}
            None => seats.turn = None,
        }
        // Nobody holds a seat (every person left, or was away past the rejoin limit).
        let dead = !anyone;
        drop((s, seats));
        if changed {
            self.bump();
        }
        Ok(dead)
    }
}

/// All rooms.
#[derive(Default)]
pub(crate) struct Rooms {
    map: Mutex<HashMap<String, Arc<Room>>>,
}

impl Rooms {
    fn map(&self) -> MutexGuard<'_, HashMap<String, Arc<Room>>> {
        // Only inserted into and removed from: a poisoned lock still holds a good map.
        self.map.lock().unwrap_or_else(|e| e.into_inner())
    }
    pub(crate) fn get(&self, id: &str) -> Option<Arc<Room>> {
        self.map().get(id).cloned()
    }
    /// One-person tables (`solo`) or rooms open now.
    pub(crate) fn count(&self, solo: bool) -> usize {
        self.map()
            .values()
            .filter(|r| r.solo.is_some() == solo)
            .count()
    }
    pub(crate) fn all(&self) -> Vec<Arc<Room>> {
        self.map().values().cloned().collect()
    }
    pub(crate) fn remove(&self, id: &str) -> Option<Arc<Room>> {
        self.map().remove(id)
    }
    /// Adds a room, unless the server holds `max` of its kind (rooms, or one-person
    /// tables) or the owner's address `per_address`, or its one person's name is at
    /// another one-person table (whatever its case).
    pub(crate) fn insert(
        &self,
        room: Arc<Room>,
        max: usize,
        per_address: usize,
    ) -> Result<(), ApiError> {
        let mut map = self.map();
        let key = |r: &Room| r.solo.as_ref().map(|n| n.to_lowercase());
        if let Some(name) = room
            .solo
            .as_ref()
            .filter(|_| map.values().any(|r| key(r) == key(&room)))
        {
            return Err(ApiError::NameInUse(name.clone()));
        }
        let solo = room.solo.is_some();
        let kind: Vec<_> = map.values().filter(|r| r.solo.is_some() == solo).collect();
        if kind.iter().filter(|r| r.owner == room.owner).count() >= per_address {
            return Err(ApiError::Quota(per_address));
        }
        if kind.len() >= max {
            return Err(ApiError::Full);
        }
        map.insert(room.info.id.clone(), room);
        Ok(())
    }
}
