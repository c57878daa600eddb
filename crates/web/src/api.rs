//! The routes: the page's files and the JSON API. A request finds its table only through
//! the browser's cookie (a random token the server issued), and every answer about a
//! table renews the cookie (a table in use never loses its browser); bodies are small
//! JSON objects with no unknown fields; the bots' work runs on blocking threads. Every
//! answer is JSON, a wrong method (405) and an unknown path (404) included.
use crate::app::{App, TableRequest};
use crate::assets;
use crate::error::ApiError;
use crate::guard;
use crate::tables::Entry;
use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
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
        .route("/", get(assets::index))
        .route("/app.js", get(assets::app_js))
        .route("/app.css", get(assets::app_css))
        .route("/favicon.svg", get(assets::favicon))
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

/// The token in the request's cookie, if it has the form the server issues.
fn token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|part| part.trim().split_once('='))
        .find(|(k, v)| *k == COOKIE && v.len() == 32 && v.bytes().all(|b| b.is_ascii_hexdigit()))
        .map(|(_, v)| v.to_ascii_lowercase())
}

/// A new unguessable token (128 bits from the operating system's generator).
fn new_token() -> String {
    format!("{:032x}", rand::random::<u128>())
}

fn cookie(token: &str, max_age: u64) -> HeaderValue {
    let v = format!("{COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict; Max-Age={max_age}");
    HeaderValue::from_str(&v).unwrap_or_else(|_| HeaderValue::from_static(""))
}

fn json_response(json: String) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], json).into_response()
}

/// Adds the table's cookie again, with a fresh `Max-Age`.
fn renewed(mut r: Response, app: &App, token: &str) -> Response {
    r.headers_mut().insert(
        header::SET_COOKIE,
        cookie(token, app.limits().idle.as_secs()),
    );
    r
}

fn body<T>(b: Result<Json<T>, JsonRejection>) -> Result<T, ApiError> {
    b.map(|Json(x)| x).map_err(|r| {
        let text: String = r.body_text().chars().take(200).collect();
        ApiError::Body(r.status(), text)
    })
}

async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|_| ApiError::Broken)?
}

/// The browser's table, if it may make a request now.
fn table(app: &App, headers: &HeaderMap) -> Result<(String, Arc<Entry>), ApiError> {
    let token = token(headers).ok_or(ApiError::NoTable)?;
    let entry = app.tables.get(&token).ok_or(ApiError::NoTable)?;
    if !app.may_request(&entry) {
        return Err(ApiError::TooMany(1));
    }
    Ok((token, entry))
}

/// Runs `f` on the browser's table on a blocking thread and answers with `answer` of the
/// session (the view by default), renewing the cookie.
async fn on_table_with(
    app: Arc<App>,
    headers: &HeaderMap,
    f: impl FnOnce(&mut Session) -> Result<(), ApiError> + Send + 'static,
    answer: impl FnOnce(&Session) -> Response + Send + 'static,
) -> Response {
    let (token, entry) = match table(&app, headers) {
        Ok(t) => t,
        Err(e) => return e.into_response(),
    };
    let app2 = app.clone();
    let t = token.clone();
    match blocking(move || app2.with_session(&t, &entry, f, answer)).await {
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    name: String,
    #[serde(default = "yes")]
    show_model: bool,
    #[serde(default)]
    study: bool,
    #[serde(default)]
    seats: Option<usize>,
    #[serde(default, alias = "bots")]
    players: Option<String>,
    #[serde(default)]
    stakes: Option<String>,
    #[serde(default)]
    blinds: Option<String>,
    #[serde(default)]
    bets: Option<String>,
}

fn yes() -> bool {
    true
}

async fn join(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    req: Result<Json<JoinRequest>, JsonRejection>,
) -> Response {
    let req = match body(req) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    if !app.may_join(addr.ip()) {
        let after = (1.0 / app.limits().join_rate).ceil().clamp(1.0, 3600.0) as u64;
        return ApiError::TooMany(after).into_response();
    }
    // A new table gets a new token; the browser's old table, if any, is closed (its
    // hand abandoned and its profile saved).
    if let Some(old) = token(&headers) {
        let app2 = app.clone();
        let _ = blocking(move || app2.close(&old, |_| ())).await;
    }
    let token = new_token();
    let app2 = app.clone();
    let t = token.clone();
    let request = TableRequest {
        name: req.name,
        show_model: req.show_model,
        study: req.study,
        seats: req.seats,
        players: req.players,
        stakes: req.stakes,
        blinds: req.blinds,
        bets: req.bets,
    };
    let ip = addr.ip();
    match blocking(move || app2.open_table(t, ip, &request)).await {
        Ok(json) => renewed(json_response(json), &app, &token),
        Err(e) => {
            app.refund_join(ip);
            e.into_response()
        }
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
    req: Result<Json<ActRequest>, JsonRejection>,
) -> Response {
    let req = match body(req) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
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
    req: Result<Json<NextRequest>, JsonRejection>,
) -> Response {
    let req = match body(req) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    on_table(app, &headers, move |s| {
        s.next_hand(req.step).map_err(ApiError::from)
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ModelRequest {
    #[serde(default)]
    show: Option<bool>,
    #[serde(default)]
    study: Option<bool>,
}

async fn model(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    req: Result<Json<ModelRequest>, JsonRejection>,
) -> Response {
    let req = match body(req) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
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

fn download(text: String, content_type: &'static str, file: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CONTENT_DISPOSITION, file),
        ],
        text,
    )
        .into_response()
}

/// The two downloads of the session's history.
#[derive(Clone, Copy)]
enum HistoryFile {
    /// PHH, with each hand's study-mode and abandoned marks.
    Phh,
    /// Plain text, hand by hand.
    Text,
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
            download(text, "text/plain; charset=utf-8", disposition)
        },
    )
    .await
}

async fn leave(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    let Some(token) = token(&headers) else {
        return ApiError::NoTable.into_response();
    };
    let app2 = app.clone();
    match blocking(move || app2.leave(&token)).await {
        Ok(left) => {
            let mut r = Json(left).into_response();
            r.headers_mut().insert(header::SET_COOKIE, cookie("", 0));
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
