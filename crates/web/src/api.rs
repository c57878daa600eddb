//! The routes: the page's files and the JSON API of the one-person table, an adapter over
//! the rooms' (`room_api`, `room_app`): the table is a room of one person keyed by the
//! browser's cookie (a random token the server handed out), so a request finds its table
//! only through that cookie, and every good answer about a table renews the cookie (a
//! table in use never loses its browser); bodies are small JSON objects with no unknown
//! fields; the bots' work runs on blocking threads. Every answer is JSON, a wrong method
//! (405) and an unknown path (404) included.
use crate::app::{App, TableRequest};
use crate::assets;
use crate::error::ApiError;
use crate::guard;
use crate::request::{
    blocking, cookie_token, joining, json_response, with_cookie, Answer, Body, COOKIE,
};
use crate::room_api::{
    act, history_phh, history_text, last, model, person, person_with, state, At,
};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use std::net::SocketAddr;
use std::sync::Arc;

pub(crate) fn router(app: Arc<App>) -> Router {
    // The table's routes, served by the rooms' handlers where they are the same.
    let table = Router::new()
        .route("/api/state", get(state))
        .route("/api/last", get(last))
        .route("/api/act", post(act))
        .route("/api/next", post(next))
        .route("/api/model", post(model))
        .route("/api/summary", get(summary))
        .route("/api/history.phhs", get(history_phh))
        .route("/api/history.txt", get(history_text))
        .route_layer(middleware::from_fn_with_state(app.clone(), renew));
    Router::new()
        .route("/", assets::serve(assets::INDEX_HTML))
        .route("/app.js", assets::serve(assets::APP_JS))
        .route("/common.js", assets::serve(assets::COMMON_JS))
        .route("/app.css", assets::serve(assets::APP_CSS))
        .route("/favicon.svg", assets::serve(assets::FAVICON_SVG))
        .route("/favicon-turn.svg", assets::serve(assets::FAVICON_TURN_SVG))
        .route("/api/options", get(options))
        .route("/api/join", post(join))
        .route("/api/leave", post(leave))
        .merge(table)
        .merge(crate::room_api::routes())
        .route("/api/room/{id}/events", get(crate::room_events::events))
        .route(
            "/api/room/{id}/watch/events",
            get(crate::room_events::watch_events),
        )
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(app.limits().body_bytes))
        .layer(middleware::from_fn_with_state(app.clone(), guard::guard))
        .with_state(app)
}

/// The answer with the table's cookie, with a fresh `Max-Age`.
fn table_cookie(r: Response, app: &App, token: &str) -> Response {
    with_cookie(r, COOKIE, token, app.limits().idle.as_secs())
}

/// Adds the table's cookie again to a good answer about it.
async fn renew(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let token = cookie_token(request.headers(), COOKIE);
    let r = next.run(request).await;
    match token.filter(|_| r.status().is_success()) {
        Some(t) => table_cookie(r, &app, &t),
        None => r,
    }
}

async fn options(State(app): State<Arc<App>>) -> Response {
    Json(app.options().clone()).into_response()
}

async fn join(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(request): Body<TableRequest>,
) -> Answer {
    // A new table gets a new token; the browser's old table, if any, is closed (its
    // hand abandoned and its profile saved).
    let old = cookie_token(&headers, COOKIE);
    let token = crate::rooms::new_id();
    let (t, ip) = (token.clone(), addr.ip());
    let opened = joining(&app, ip, true, move |app| {
        if let Some(old) = old {
            let _ = app.close(&old, |_| ());
        }
        app.open_table(t, ip, &request)
    });
    Ok(table_cookie(json_response(opened.await?), &app, &token))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NextRequest {
    step: u64,
}

/// The next hand, at once (a one-person table has no clock).
async fn next(State(app): State<Arc<App>>, at: At, Body(req): Body<NextRequest>) -> Answer {
    person(app, at, move |app, room, token| {
        app.as_person(room, token, |s, _, _| Ok(s.next_hand(req.step)?))
    })
    .await
}

async fn summary(State(app): State<Arc<App>>, at: At) -> Answer {
    person_with(app, at, |app, room, token| {
        let none = |_: &mut _, _: &mut _, _| Ok(());
        let sum = app.as_person_then(room, token, none, |s, _, _, _| s.summary())?;
        Ok(Json(sum).into_response())
    })
    .await
}

async fn leave(State(app): State<Arc<App>>, headers: HeaderMap) -> Answer {
    let token = cookie_token(&headers, COOKIE).ok_or(ApiError::NoTable)?;
    let left = blocking(move || app.leave(&token)).await?;
    Ok(with_cookie(Json(left).into_response(), COOKIE, "", 0))
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
