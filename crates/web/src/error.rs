//! Errors: [`WebError`] when the server cannot start or run, and `ApiError`, a refused
//! request, which becomes an HTTP status and `{"error": "...", "code": "..."}`.
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use loki_play::{PlayError, SpecError};
use std::net::SocketAddr;

/// The server cannot start or run.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// The table configuration is bad (seats, bots, stakes).
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The profile store does not open.
    #[error("opponent profiles: {0}")]
    Store(#[from] loki_store::StoreError),
    /// The address cannot be bound.
    #[error("cannot listen on {0}: {1}")]
    Bind(SocketAddr, std::io::Error),
    /// I/O while serving.
    #[error(transparent)]
    Io(std::io::Error),
}

/// A refused request.
#[derive(Debug)]
pub(crate) enum ApiError {
    /// No table for this browser.
    NoTable,
    /// The session refused the request.
    Play(PlayError),
    /// The table cannot be made (a bad name).
    Spec(SpecError),
    /// A body that is not the JSON asked for (the reason, bounded).
    Body(StatusCode, String),
    /// Too many requests.
    TooMany,
    /// Too many tables.
    Full,
    /// A host that is not this server's, or a request from another origin.
    Forbidden(&'static str),
    /// A table broke (a bug): it is dropped.
    Broken,
}

impl From<PlayError> for ApiError {
    fn from(e: PlayError) -> ApiError {
        ApiError::Play(e)
    }
}

impl ApiError {
    fn parts(&self) -> (StatusCode, &'static str, String) {
        match self {
            ApiError::NoTable => (
                StatusCode::UNAUTHORIZED,
                "no_table",
                "you have no table: take a seat first".into(),
            ),
            ApiError::Play(e) => {
                let (status, code) = match e {
                    PlayError::NotYourSeat { .. } => (StatusCode::FORBIDDEN, "not_your_seat"),
                    PlayError::NotYourTurn => (StatusCode::CONFLICT, "not_your_turn"),
                    PlayError::NoHand => (StatusCode::CONFLICT, "no_hand"),
                    PlayError::HandInProgress => (StatusCode::CONFLICT, "hand_in_progress"),
                    PlayError::Stale { .. } => (StatusCode::CONFLICT, "stale"),
                    PlayError::Illegal { .. }
                    | PlayError::CheckFacingBet { .. }
                    | PlayError::BetFacingBet => (StatusCode::UNPROCESSABLE_ENTITY, "illegal"),
                    PlayError::Engine(_) => (StatusCode::INTERNAL_SERVER_ERROR, "engine"),
                };
                (status, code, e.to_string())
            }
            ApiError::Spec(e) => (StatusCode::BAD_REQUEST, "bad_table", e.to_string()),
            ApiError::Body(status, text) => (*status, "bad_request", text.clone()),
            ApiError::TooMany => (
                StatusCode::TOO_MANY_REQUESTS,
                "too_many",
                "too many requests: slow down".into(),
            ),
            ApiError::Full => (
                StatusCode::SERVICE_UNAVAILABLE,
                "full",
                "the server has as many tables as it takes: try again later".into(),
            ),
            ApiError::Forbidden(why) => (StatusCode::FORBIDDEN, "forbidden", (*why).into()),
            ApiError::Broken => (
                StatusCode::INTERNAL_SERVER_ERROR,
                "broken",
                "this table failed and was closed: take a seat again".into(),
            ),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, code, message) = self.parts();
        let body = serde_json::json!({ "error": message, "code": code });
        (status, axum::Json(body)).into_response()
    }
}
