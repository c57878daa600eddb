//! The routes: the page's files and the JSON API. A request finds its table only through
//! the browser's cookie (a random token the server issued); bodies are small JSON objects
//! with no unknown fields; the bots' work runs on blocking threads.
use crate::app::App;
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
use loki_engine::Action;
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
        .route("/api/join", post(join))
        .route("/api/act", post(act))
        .route("/api/next", post(next))
        .route("/api/model", post(model))
        .route("/api/history.phhs", get(history))
        .route("/api/leave", post(leave))
        .fallback(not_found)
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
        return Err(ApiError::TooMany);
    }
    Ok((token, entry))
}

/// Runs `f` on the browser's table on a blocking thread and answers with the view.
async fn on_table(
    app: Arc<App>,
    headers: &HeaderMap,
    f: impl FnOnce(&mut loki_play::Session) -> Result<(), ApiError> + Send + 'static,
) -> Response {
    let (token, entry) = match table(&app, headers) {
        Ok(t) => t,
        Err(e) => return e.into_response(),
    };
    match blocking(move || app.with_session(&token, &entry, f)).await {
        Ok(json) => json_response(json),
        Err(e) => e.into_response(),
    }
}

async fn state(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    on_table(app, &headers, |_| Ok(())).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    name: String,
    #[serde(default = "yes")]
    show_model: bool,
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
        return ApiError::TooMany.into_response();
    }
    // A new table gets a new token; the browser's old table, if any, is closed.
    if let Some(old) = token(&headers) {
        app.tables.remove(&old);
    }
    let token = new_token();
    let max_age = app.limits().idle.as_secs();
    let app2 = app.clone();
    let t = token.clone();
    match blocking(move || app2.open_table(t, &req.name, req.show_model)).await {
        Ok(json) => {
            let mut r = json_response(json);
            r.headers_mut()
                .insert(header::SET_COOKIE, cookie(&token, max_age));
            r
        }
        Err(e) => e.into_response(),
    }
}

/// An action by name: `fold`, `call` (or `check`), `raise` (or `bet`).
#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum ActionName {
    Fold,
    #[serde(alias = "check")]
    Call,
    #[serde(alias = "bet")]
    Raise,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActRequest {
    seat: usize,
    action: ActionName,
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
    let action = match req.action {
        ActionName::Fold => Action::Fold,
        ActionName::Call => Action::Call,
        ActionName::Raise => Action::Raise,
    };
    on_table(app, &headers, move |s| {
        s.act(req.seat, action, req.step).map_err(ApiError::from)
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
    show: bool,
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
        s.set_show_model(req.show);
        Ok(())
    })
    .await
}

async fn history(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    let (_, entry) = match table(&app, &headers) {
        Ok(t) => t,
        Err(e) => return e.into_response(),
    };
    let text = blocking(move || {
        let s = entry.session.lock().map_err(|_| ApiError::Broken)?;
        Ok(loki_play::history::person_phh(s.history()))
    })
    .await;
    match text {
        Ok(text) => (
            [
                (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
                (
                    header::CONTENT_DISPOSITION,
                    "attachment; filename=\"loki-session.phhs\"",
                ),
            ],
            text,
        )
            .into_response(),
        Err(e) => e.into_response(),
    }
}

async fn leave(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    let Some(token) = token(&headers) else {
        return ApiError::NoTable.into_response();
    };
    if !app.tables.remove(&token) {
        return ApiError::NoTable.into_response();
    }
    let mut r = Json(serde_json::json!({ "left": true })).into_response();
    r.headers_mut().insert(header::SET_COOKIE, cookie("", 0));
    r
}

async fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        Json(serde_json::json!({ "error": "not found", "code": "not_found" })),
    )
        .into_response()
}
