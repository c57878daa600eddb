//! The routes of rooms: the pages (`/lobby`, `/room/<id>`) and the JSON API under
//! `/api/room/<id>/...`, with the live updates as server-sent events. A browser holds a
//! seat through a cookie of its own per room (`loki_room_<id>`, a random token the
//! server handed out); a person comes back to a seat from another browser with the seat's
//! name and seat token. The handlers of a person's seat ([`At`]) also serve the
//! one-person table's routes (`api`), whose seat is found by the table's cookie. Bodies
//! are small JSON objects with no unknown fields; the work runs on blocking threads.
//! Every answer but the pages, the downloads and the stream (`room_events`) is JSON.
use crate::app::App;
use crate::assets;
use crate::error::ApiError;
use crate::history_file::HistoryFile;
use crate::request::{
    blocking, cookie_token, download, joining, json_response, with_cookie, Answer, Body, COOKIE,
};
use crate::room_app::{Held, RoomRequest};
use crate::rooms::{is_id, Room, Seats};
use axum::extract::{ConnectInfo, FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use loki_play::{Choice, Session};
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use std::sync::Arc;

pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/lobby", assets::serve(assets::INDEX_HTML))
        .route("/room/{id}", assets::serve(assets::INDEX_HTML))
        .route("/room.js", assets::serve(assets::ROOM_JS))
        .route("/api/lobby", get(lobby))
        .route("/api/rooms", post(create))
        .route("/api/room/{id}/join", post(join))
        .route("/api/room/{id}/rejoin", post(rejoin))
        .route("/api/room/{id}/state", get(state))
        .route("/api/room/{id}/watch", get(watch))
        .route("/api/room/{id}/watch/last", get(watch_last))
        .route("/api/room/{id}/last", get(last))
        .route("/api/room/{id}/seat_token", get(seat_token))
        .route("/api/room/{id}/act", post(act))
        .route("/api/room/{id}/next", post(next))
        .route("/api/room/{id}/sit", post(sit))
        .route("/api/room/{id}/model", post(model))
        .route("/api/room/{id}/chat", post(chat))
        .route("/api/room/{id}/leave", post(leave))
        .route("/api/room/{id}/history.phhs", get(history_phh))
        .route("/api/room/{id}/history.txt", get(history_text))
}

fn cookie_name(id: &str) -> String {
    format!("loki_room_{id}")
}

fn seat_cookie(json: String, id: &str, token: &str, max_age: u64) -> Response {
    with_cookie(json_response(json), &cookie_name(id), token, max_age)
}

pub(crate) fn room(app: &App, id: &str) -> Result<Arc<Room>, ApiError> {
    if !is_id(id) {
        return Err(ApiError::NoRoom);
    }
    // A one-person table (keyed by its browser's token) is no room to others.
    app.rooms
        .get(&id.to_ascii_lowercase())
        .filter(|r| r.solo.is_none())
        .ok_or(ApiError::NoRoom)
}

/// The browser's seat a request is about, and the browser's token: in room `id` of the
/// path (its cookie `loki_room_<id>`; a browser without one has no seat there), or, on a
/// route without an id, at the browser's one-person table (its cookie `loki_table`).
pub(crate) struct At(pub(crate) Arc<Room>, pub(crate) String);

impl FromRequestParts<Arc<App>> for At {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<At, ApiError> {
        let Ok(Path(id)) = Path::<String>::from_request_parts(parts, app).await else {
            let token = cookie_token(&parts.headers, COOKIE).ok_or(ApiError::NoTable)?;
            let table = app.rooms.get(&token).filter(|r| r.solo.is_some());
            return Ok(At(table.ok_or(ApiError::NoTable)?, token));
        };
        let room = room(app, &id)?;
        let token = cookie_token(&parts.headers, &cookie_name(&room.info.id));
        Ok(At(room, token.ok_or(ApiError::NoSeat)?))
    }
}

pub(crate) async fn history_phh(State(app): State<Arc<App>>, at: At) -> Answer {
    history(app, at, HistoryFile::Phh).await
}

pub(crate) async fn history_text(State(app): State<Arc<App>>, at: At) -> Answer {
    history(app, at, HistoryFile::Text).await
}

/// The hands the person was dealt into (the last [`loki_play::MAX_HISTORY`]), as PHH or
/// plain text as the person saw them: no other seat's cards but those shown at a
/// showdown.
async fn history(app: Arc<App>, at: At, file: HistoryFile) -> Answer {
    let solo = at.0.solo.is_some();
    person_with(app, at, move |app, room, token| {
        let none = |_: &mut Session, _: &mut Seats, _| Ok(());
        let text =
            app.as_person_then(room, token, none, |s, _, seat, _| file.write(s, seat, solo))?;
        Ok(download(text, file.disposition(solo)))
    })
    .await
}

/// A room in the lobby.
#[derive(Serialize)]
struct LobbyRoom {
    #[serde(flatten)]
    info: crate::rooms::RoomInfo,
    open_seats: usize,
    people: Vec<String>,
    hands: usize,
}

async fn lobby(State(app): State<Arc<App>>, ConnectInfo(addr): ConnectInfo<SocketAddr>) -> Answer {
    if !app.may_look(addr.ip()) {
        return Err(ApiError::TooMany(1));
    }
    blocking(move || {
        let mut rooms: Vec<LobbyRoom> = app
            .rooms
            .all()
            .iter()
            .filter(|r| r.solo.is_none())
            .filter_map(|r| {
                let (s, seats) = r.lock()?;
                Some(LobbyRoom {
                    info: r.info.clone(),
                    open_seats: s.open_seats().len(),
                    people: seats
                        .people
                        .iter()
                        .enumerate()
                        .filter(|(_, p)| p.is_some())
                        .map(|(seat, _)| s.names()[seat].clone())
                        .collect(),
                    hands: s.hands_played(),
                })
            })
            .filter(|r| r.open_seats > 0)
            .collect();
        rooms.sort_by(|a, b| {
            b.open_seats
                .cmp(&a.open_seats)
                .then(a.info.id.cmp(&b.info.id))
        });
        let board = app.bankroll_board();
        let kept = app.config.profiles.is_some();
        let lobby = serde_json::json!({ "rooms": rooms, "board": board, "bankrolls_kept": kept });
        Ok(Json(lobby).into_response())
    })
    .await
}

async fn create(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Body(request): Body<RoomRequest>,
) -> Answer {
    let ip = addr.ip();
    let (room, held) = joining(&app, ip, true, move |app| app.open_room(ip, &request)).await?;
    Ok(seat_cookie(
        held.json,
        &room.info.id,
        &held.token,
        max_age(&app),
    ))
}

fn max_age(app: &App) -> u64 {
    app.config.rooms.rejoin.as_secs() + app.limits().idle.as_secs()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    name: String,
}

async fn join(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Body(req): Body<JoinRequest>,
) -> Answer {
    seat(app, &id, addr, true, move |app, room| {
        app.take_seat(room, &req.name)
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RejoinRequest {
    name: String,
    seat_token: String,
}

async fn rejoin(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Body(req): Body<RejoinRequest>,
) -> Answer {
    // Every attempt counts against the address's join rate (`refund` false): seat tokens
    // cannot be guessed by trying.
    let token = req.seat_token.trim().to_ascii_lowercase();
    seat(app, &id, addr, false, move |app, room| {
        app.retake_seat(room, &req.name, &token)
    })
    .await
}

/// Seats the browser in room `id` by `f` (taking a seat or coming back to one), drawing
/// on the address's join rate ([`joining`]); answers the view with the room's cookie.
async fn seat(
    app: Arc<App>,
    id: &str,
    addr: SocketAddr,
    refund: bool,
    f: impl FnOnce(&App, &Room) -> Result<Held, ApiError> + Send + 'static,
) -> Answer {
    let room = room(&app, id)?;
    let r = room.clone();
    let held = joining(&app, addr.ip(), refund, move |app| f(app, &r)).await?;
    Ok(seat_cookie(
        held.json,
        &room.info.id,
        &held.token,
        max_age(&app),
    ))
}

/// Runs `f` for the browser's person at its seat on a blocking thread; answers the
/// person's view.
pub(crate) async fn person(
    app: Arc<App>,
    at: At,
    f: impl FnOnce(&App, &Room, &str) -> Result<String, ApiError> + Send + 'static,
) -> Answer {
    person_with(app, at, |app, room, token| {
        f(app, room, token).map(json_response)
    })
    .await
}

/// [`person`], answering what `f` answers.
pub(crate) async fn person_with(
    app: Arc<App>,
    At(room, token): At,
    f: impl FnOnce(&App, &Room, &str) -> Answer + Send + 'static,
) -> Answer {
    blocking(move || f(&app, &room, &token)).await
}

pub(crate) async fn state(State(app): State<Arc<App>>, at: At) -> Answer {
    person(app, at, |app, room, token| {
        app.as_person(room, token, |_, _, _| Ok(()))
    })
    .await
}

/// Room `id` for a spectator (anyone with its link; no cookie) at `addr`, at the rate of
/// a table's requests per address (one budget with the lobby).
pub(crate) fn looked_at(app: &App, id: &str, addr: SocketAddr) -> Result<Arc<Room>, ApiError> {
    if !app.may_look(addr.ip()) {
        return Err(ApiError::TooMany(1));
    }
    room(app, id)
}

/// The room as a spectator sees it.
async fn watch(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
) -> Answer {
    let room = looked_at(&app, &id, addr)?;
    Ok(json_response(
        blocking(move || app.room_watch(&room)).await?,
    ))
}

/// The last finished hand as the person saw it (`null` before the first), for its
/// replay ([`Session::last_hand_for`]).
pub(crate) async fn last(State(app): State<Arc<App>>, at: At) -> Answer {
    person(app, at, |app, room, token| {
        let none = |_: &mut Session, _: &mut Seats, _| Ok(());
        app.as_person_then(room, token, none, |s, _, seat, _| last_hand(s, seat))
    })
    .await
}

/// The last finished hand as a spectator may see it: no hole card but those shown at
/// its showdown.
async fn watch_last(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
) -> Answer {
    let room = looked_at(&app, &id, addr)?;
    let json = blocking(move || {
        let s = room.session.lock().map_err(|_| ApiError::Broken)?;
        Ok(last_hand(&s, s.names().len()))
    });
    Ok(json_response(json.await?))
}

fn last_hand(s: &Session, seat: usize) -> String {
    serde_json::to_string(&s.last_hand_for(seat)).unwrap_or_else(|_| "null".into())
}

/// The seat token again, for the seat's own browser (its cookie) only.
async fn seat_token(State(app): State<Arc<App>>, at: At) -> Answer {
    person(app, at, |app, room, token| app.room_seat_token(room, token)).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ActRequest {
    seat: Option<usize>,
    action: Choice,
    step: u64,
}

pub(crate) async fn act(
    State(app): State<Arc<App>>,
    at: At,
    Body(req): Body<ActRequest>,
) -> Answer {
    person(app, at, move |app, room, token| {
        app.as_person(room, token, |s, _, seat| {
            if let Some(asked) = req.seat.filter(|&x| x != seat) {
                return Err(ApiError::Play(loki_play::PlayError::NotYourSeat {
                    seat: asked,
                    yours: seat,
                }));
            }
            s.choose(seat, req.action, req.step).map_err(ApiError::from)
        })
    })
    .await
}

async fn next(State(app): State<Arc<App>>, at: At) -> Answer {
    person(app, at, |app, room, token| {
        let json = app.as_person(room, token, |_, seats, seat| {
            if let Some(p) = seats.people[seat].as_mut() {
                p.ready = true;
            }
            Ok(())
        })?;
        app.tick_room(room, app.clock.now());
        Ok(json)
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SitRequest {
    out: bool,
}

async fn sit(State(app): State<Arc<App>>, at: At, Body(req): Body<SitRequest>) -> Answer {
    person(app, at, move |app, room, token| {
        app.room_sit(room, token, req.out)
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChatRequest {
    text: String,
}

async fn chat(State(app): State<Arc<App>>, at: At, Body(req): Body<ChatRequest>) -> Answer {
    person(app, at, move |app, room, token| {
        app.room_chat(room, token, &req.text)
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ModelRequest {
    show: Option<bool>,
    study: Option<bool>,
}

/// The model view on or off; study mode (a one-person table's only) on or off.
pub(crate) async fn model(
    State(app): State<Arc<App>>,
    at: At,
    Body(req): Body<ModelRequest>,
) -> Answer {
    person(app, at, move |app, room, token| {
        app.as_person(room, token, |s, seats, seat| {
            if let Some(show) = req.show {
                s.set_show_model(show);
                if let Some(p) = seats.people[seat].as_mut() {
                    p.show_model = show;
                }
            }
            if let Some(study) = req.study.filter(|_| room.solo.is_some()) {
                s.set_study(study);
            }
            Ok(())
        })
    })
    .await
}

async fn leave(State(app): State<Arc<App>>, At(room, token): At) -> Answer {
    let r = room.clone();
    blocking(move || app.room_leave(&r, &token)).await?;
    room.bump();
    Ok(seat_cookie(r#"{"left":true}"#.into(), &room.info.id, "", 0))
}
