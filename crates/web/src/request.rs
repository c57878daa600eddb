//! What the routes of the single table (`api`) and of rooms (`room_api`) share: the JSON
//! body as an extractor that refuses a bad body with the shared [`ApiError`], a browser's
//! token from its cookie and the cookie that holds it, JSON answers, the work on
//! blocking threads, and the join rate around opening a table or taking a seat.
use crate::app::App;
use crate::error::ApiError;
use crate::rooms::is_id;
use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::de::DeserializeOwned;
use std::net::IpAddr;

/// A JSON body of type `T`; one that is not (bad JSON, a wrong or missing content type,
/// an unknown field) is refused with [`ApiError::Body`]: axum's status and its reason,
/// bounded to 200 characters.
pub(crate) struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(x)) => Ok(Body(x)),
            Err(r) => Err(ApiError::Body(
                r.status(),
                r.body_text().chars().take(200).collect(),
            )),
        }
    }
}

/// The token in the cookie `name`, if it has the form the server hands out.
pub(crate) fn cookie_token(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|part| part.trim().split_once('='))
        .find(|(k, v)| *k == name && is_id(v))
        .map(|(_, v)| v.to_ascii_lowercase())
}

/// The answer `r` keeping `token` in the cookie `name` for `max_age` seconds (an empty
/// token with 0 drops it).
pub(crate) fn with_cookie(mut r: Response, name: &str, token: &str, max_age: u64) -> Response {
    let v = format!("{name}={token}; Path=/; HttpOnly; SameSite=Strict; Max-Age={max_age}");
    let v = HeaderValue::from_str(&v).unwrap_or_else(|_| HeaderValue::from_static(""));
    r.headers_mut().insert(header::SET_COOKIE, v);
    r
}

/// The cookie that holds a one-person table's token.
pub(crate) const COOKIE: &str = "loki_table";

/// A handler's answer: a refusal becomes its status and JSON.
pub(crate) type Answer = Result<Response, ApiError>;

/// A JSON text as the answer.
pub(crate) fn json_response(json: String) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], json).into_response()
}

/// A text answered as a file to save (`disposition`: `attachment; filename=...`).
pub(crate) fn download(text: String, disposition: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response()
}

/// Runs `f` on a blocking thread (the bots' work and the locks of tables and rooms).
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|_| ApiError::Broken)?
}

/// Runs `f` (opening a table or a room, taking a seat) on a blocking thread if `ip` may
/// join now, else refuses with 429 and its `Retry-After`. If `f` fails and `refund`, the
/// join is given back: only what was opened counts against the join rate.
pub(crate) async fn joining<T: Send + 'static>(
    app: &std::sync::Arc<App>,
    ip: IpAddr,
    refund: bool,
    f: impl FnOnce(&App) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    if !app.may_join(ip) {
        return Err(ApiError::TooMany(app.join_retry_after()));
    }
    let a = app.clone();
    let r = blocking(move || f(&a)).await;
    if r.is_err() && refund {
        app.refund_join(ip);
    }
    r
}
