//! The live updates of a room: `GET /api/room/<id>/events`, server-sent events that
//! carry the person's view (the event `view`, its id the room's version) at once and
//! after every change of the room, with comments to keep the connection alive. Streams
//! are bounded per address and in all ([`crate::rooms::RoomLimits`]); while one is open
//! its person counts as present, and when it ends (the page is gone) the person was last
//! heard from then. A stream ends when the room closes, the seat is no longer the
//! browser's, or the server stops.
use crate::app::App;
use crate::error::ApiError;
use crate::limits::Connections;
use crate::request::{blocking, Answer};
use crate::room_api::At;
use crate::rooms::Room;
use axum::extract::{ConnectInfo, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::IntoResponse;
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
    let r = &app.config.rooms;
    let (per_address, max) = (r.streams_per_address, r.max_streams);
    let permit = Connections::take(&app.streams, addr.ip(), per_address, max)
        .map_err(|_| ApiError::Streams)?;
    {
        let mut seats = room.seats.lock().map_err(|_| ApiError::Broken)?;
        let seat = seats.seat_of(&token).ok_or(ApiError::NoSeat)?;
        if let Some(p) = seats.people[seat].as_mut() {
            p.streams += 1;
            p.last_seen = app.clock.now();
        }
    }
    let rx = room.version.subscribe();
    let stop = app.stopping.subscribe();
    let hold = Listening {
        room: room.clone(),
        token,
        clock: app.clock.clone(),
        _permit: permit,
    };
    let stream = futures_util::stream::unfold(
        (app, hold, rx, stop, true),
        |(app, hold, mut rx, mut stop, first)| async move {
            if !first {
                tokio::select! {
                    changed = rx.changed() => changed.ok()?,
                    _ = stop.wait_for(|s| *s) => return None,
                }
            }
            rx.borrow_and_update();
            let room = hold.room.clone();
            let token = hold.token.clone();
            let a = app.clone();
            let json = blocking(move || a.as_person_quiet(&room, &token))
                .await
                .ok()?;
            let version = hold.room.version();
            let event = Event::default()
                .event("view")
                .id(version.to_string())
                .data(json);
            Some((Ok::<_, Infallible>(event), (app, hold, rx, stop, false)))
        },
    );
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response())
}
