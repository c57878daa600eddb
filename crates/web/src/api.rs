//! The routes: the page's files and the JSON API of the one-person table, an adapter over
//! the rooms' server side (`room_app`): the table is a room of one person keyed by the
//! browser's cookie (a random token the server handed out), so a request finds its table
//! only through that cookie, and every answer about a table renews the cookie (a table in
//! use never loses its browser); bodies are small JSON objects with no unknown fields;
//! the bots' work runs on blocking threads. Every answer is JSON, a wrong method (405)
//! and an unknown path (404) included.
use crate::app::{App, TableRequest};
use crate::assets;
use crate::error::ApiError;
use crate::guard;
use crate::request::{
    blocking, cookie, cookie_token, download, joining, json_response, Body, HistoryFile,
};
use crate::rooms::Room;
use axum::extract::{ConnectInfo, DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{middleware, Json, Router};
use loki_play::{Choice, Session};
use serde::Deserialize;
use std::net::SocketAddr;
use std::sync::Arc;

/// The cookie that holds the table's token.
pub(crate) const COOKIE: &str = "loki_table";

pub(crate) fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", assets::serve(assets::INDEX_HTML))
        .route("/app.js", assets::serve(assets::APP_JS))
        .route("/common.js", assets::serve(assets::COMMON_JS))
        .route("/app.css", assets::serve(assets::APP_CSS))
        .route("/favicon.svg", assets::serve(assets::FAVICON_SVG))
        .route("/favicon-turn.svg", assets::serve(assets::FAVICON_TURN_SVG))
        .route("/api/state", get(state))
        .route("/api/options", get(options))
        .route("/api/join", post(join))
        .route("/api/act", post(act))
        .route("/api/next", post(next))
        .route("/api/model", post(model))
        .route("/api/summary", get(summary))
        .route("/api/history.phhs", get(history_phh))
        .route("/api/history.txt", get(history_text))
        .route("/api/leave", post(leave))
        .merge(crate::room_api::routes())
        .route("/api/room/{id}/events", get(crate::room_events::events))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(app.limits().body_bytes))
        .layer(middleware::from_fn_with_state(app.clone(), guard::guard))
        .with_state(app)
}

/// A new unguessable token (128 bits from the operating system's generator).
fn new_token() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// Adds the table's cookie again, with a fresh `Max-Age`.
fn renewed(mut r: Response, app: &App, token: &str) -> Response {
    r.headers_mut().insert(
        header::SET_COOKIE,
        cookie(COOKIE, token, app.limits().idle.as_secs()),
    );
    r
}

/// The browser's table and its token.
fn table(app: &App, headers: &HeaderMap) -> Result<(Arc<Room>, String), ApiError> {
    let token = cookie_token(headers, COOKIE).ok_or(ApiError::NoTable)?;
    let room = app.rooms.get(&token).filter(|r| r.solo.is_some());
    Ok((room.ok_or(ApiError::NoTable)?, token))
}

/// Runs `f` on the browser's table as its person ([`App::as_person_then`]: the rate, the
/// game, the profile saved) on a blocking thread and answers with `answer` of the
/// session (the view by default), renewing the cookie.
async fn on_table_with(
    app: Arc<App>,
    headers: &HeaderMap,
    f: impl FnOnce(&mut Session) -> Result<(), ApiError> + Send + 'static,
    answer: impl FnOnce(&Session) -> Response + Send + 'static,
) -> Response {
    let (room, token) = match table(&app, headers) {
        Ok(t) => t,
        Err(e) => return e.into_response(),
    };
    let (a, t) = (app.clone(), token.clone());
    let run = move || a.as_person_then(&room, &t, |s, _, _| f(s), |s, _, _, _| answer(s));
    match blocking(run).await {
        Ok(r) => renewed(r, &app, &token),
        Err(e) => e.into_response(),
    }
}

/// [`on_table_with`] answering with the view.
async fn on_table(
    app: Arc<App>,
    headers: &HeaderMap,
    f: impl FnOnce(&mut Session) -> Result<(), ApiError> + Send + 'static,
) -> Response {
    on_table_with(app, headers, f, |s| json_response(crate::app::view_json(s))).await
}

async fn state(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    on_table(app, &headers, |_| Ok(())).await
}

async fn options(State(app): State<Arc<App>>) -> Response {
    Json(app.options().clone()).into_response()
}

async fn join(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(request): Body<TableRequest>,
) -> Response {
    // A new table gets a new token; the browser's old table, if any, is closed (its
    // hand abandoned and its profile saved).
    let old = cookie_token(&headers, COOKIE);
    let token = new_token();
    let (t, ip) = (token.clone(), addr.ip());
    let opened = joining(&app, ip, true, move |app| {
        if let Some(old) = old {
            let _ = app.close(&old, |_| ());
        }
        app.open_table(t, ip, &request)
    });
    match opened.await {
        Ok(json) => renewed(json_response(json), &app, &token),
        Err(e) => e.into_response(),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActRequest {
    seat: usize,
    action: Choice,
    step: u64,
}

async fn act(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Body(req): Body<ActRequest>,
) -> Response {
    on_table(app, &headers, move |s| {
        s.choose(req.seat, req.action, req.step)
            .map_err(ApiError::from)
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NextRequest {
    step: u64,
}

async fn next(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Body(req): Body<NextRequest>,
) -> Response {
    on_table(app, &headers, move |s| {
        s.next_hand(req.step).map_err(ApiError::from)
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ModelRequest {
    show: Option<bool>,
    study: Option<bool>,
}

async fn model(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Body(req): Body<ModelRequest>,
) -> Response {
    on_table(app, &headers, move |s| {
        if let Some(show) = req.show {
            s.set_show_model(show);
        }
        if let Some(study) = req.study {
            s.set_study(study);
        }
        Ok(())
    })
    .await
}

async fn summary(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    on_table_with(
        app,
        &headers,
        |_| Ok(()),
        |s| Json(s.summary()).into_response(),
    )
    .await
}

async fn history_phh(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    history_download(app, &headers, HistoryFile::Phh).await
}

async fn history_text(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    history_download(app, &headers, HistoryFile::Text).await
}

async fn history_download(app: Arc<App>, headers: &HeaderMap, file: HistoryFile) -> Response {
    on_table_with(
        app,
        headers,
        |_| Ok(()),
        move |s| {
            let hands = s.history_with_meta();
            let (text, disposition) = match file {
                HistoryFile::Phh => (
                    loki_play::history::person_phh_with_meta(hands),
                    "attachment; filename=\"loki-session.phhs\"",
                ),
                HistoryFile::Text => (
                    loki_play::history::person_text(hands),
                    "attachment; filename=\"loki-session.txt\"",
                ),
            };
            download(text, disposition)
        },
    )
    .await
}

async fn leave(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    let Some(token) = cookie_token(&headers, COOKIE) else {
        return ApiError::NoTable.into_response();
    };
    let app2 = app.clone();
    match blocking(move || app2.leave(&token)).await {
        Ok(left) => {
            let mut r = Json(left).into_response();
            r.headers_mut()
                .insert(header::SET_COOKIE, cookie(COOKIE, "", 0));
            r
        }
        Err(e) => e.into_response(),
    }
}

async fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        Json(serde_json::json!({ "error": "not found", "code": "not_found" })),
    )
        .into_response()
}

async fn method_not_allowed() -> Response {
    ApiError::Method.into_response()
}
