//! The live updates of a room: `GET /api/room/<id>/events`, server-sent events that
//! carry the person's view (the event `view`, its id the room's version) at once and
//! after every change of the room, with comments to keep the connection alive. Streams
//! are bounded per address and in all ([`crate::rooms::RoomLimits`]); while one is open
//! its person counts as present, and when it ends (the page is gone) the person was last
//! heard from then. A stream ends when the room closes, the seat is no longer the
//! browser's, or the server stops. Spectators have theirs (`GET
//! /api/room/<id>/watch/events`): the spectator's view, under the same bounds.
use crate::app::App;
use crate::error::ApiError;
use crate::limits::Connections;
use crate::request::{blocking, Answer};
use crate::room_api::At;
use crate::rooms::Room;
use axum::extract::{ConnectInfo, Path, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;

/// A live stream's hold on its person: counted as the person's open stream until the
/// client goes away, then the person was last heard from then.
struct Listening {
    room: Arc<Room>,
    token: String,
    clock: Arc<crate::rooms::Clock>,
    _permit: crate::limits::Permit,
}

impl Drop for Listening {
    fn drop(&mut self) {
        if let Ok(mut seats) = self.room.seats.lock() {
            if let Some(seat) = seats.seat_of(&self.token) {
                if let Some(p) = seats.people[seat].as_mut() {
                    p.streams = p.streams.saturating_sub(1);
                    p.last_seen = self.clock.now();
                }
            }
        }
    }
}

pub(crate) async fn events(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    At(room, token): At,
) -> Answer {
    let permit = open(&app, addr)?;
    {
        let mut seats = room.seats.lock().map_err(|_| ApiError::Broken)?;
        let seat = seats.seat_of(&token).ok_or(ApiError::NoSeat)?;
        if let Some(p) = seats.people[seat].as_mut() {
            p.streams += 1;
            p.last_seen = app.clock.now();
        }
    }
    let hold = Listening {
        room: room.clone(),
        token,
        clock: app.clock.clone(),
        _permit: permit,
    };
    Ok(live(app, room, hold, |app, room, hold| {
        app.as_person_quiet(room, &hold.token)
    }))
}

/// A spectator's live stream (`GET /api/room/<id>/watch/events`, no cookie): the
/// spectator's view ([`App::room_watch`]) at once and after every change; opening it
/// draws on the address's budget for looking (with `GET /api/lobby` and `GET watch`),
/// and it counts among the address's live streams.
pub(crate) async fn watch_events(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
) -> Answer {
    let room = crate::room_api::looked_at(&app, &id, addr)?;
    let permit = open(&app, addr)?;
    Ok(live(app, room, permit, |app, room, _| app.room_watch(room)))
}

/// A live stream's place among the address's and the server's.
fn open(app: &App, addr: SocketAddr) -> Result<crate::limits::Permit, ApiError> {
    let r = &app.config.rooms;
    Connections::take(
        &app.streams,
        addr.ip(),
        r.streams_per_address,
        r.max_streams,
    )
    .map_err(|_| ApiError::Streams)
}

/// The stream of `view` of the room (kept open while `hold` lives), until the room
/// closes, `view` is refused or the server stops.
fn live<H: Send + Sync + 'static>(
    app: Arc<App>,
    room: Arc<Room>,
    hold: H,
    view: fn(&App, &Room, &H) -> Result<String, ApiError>,
) -> Response {
    let rx = room.version.subscribe();
    let stop = app.stopping.subscribe();
    let stream = futures_util::stream::unfold(
        (app, room, Arc::new(hold), rx, stop, true),
        move |(app, room, hold, mut rx, mut stop, first)| async move {
            if !first {
                tokio::select! {
                    changed = rx.changed() => changed.ok()?,
                    _ = stop.wait_for(|s| *s) => return None,
                }
            }
            rx.borrow_and_update();
            let (a, r, h) = (app.clone(), room.clone(), hold.clone());
            let json = blocking(move || match a.rooms.get(&r.info.id) {
                Some(_) => view(&a, &r, &h),
                None => Err(ApiError::NoRoom),
            })
            .await
            .ok()?;
            let event = Event::default()
                .event("view")
                .id(room.version().to_string())
                .data(json);
            Some((
                Ok::<_, Infallible>(event),
                (app, room, hold, rx, stop, false),
            ))
        },
    );
    Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response()
}
