//! Errors: [`WebError`] when the server cannot start or run, and `ApiError`, a refused
//! request, which becomes an HTTP status and `{"error": "...", "code": "..."}`.
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use loki_play::{PlayError, SpecError};
use std::net::SocketAddr;

/// The server cannot start or run.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// The table configuration is bad (seats, bots, stakes).
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The people's profile store does not open.
    #[error("people's profiles: {0}")]
    Store(#[from] loki_store::StoreError),
    /// The address cannot be bound.
    #[error("cannot listen on {0}: {reason}", reason = bind_reason(.1))]
    Bind(SocketAddr, std::io::Error),
    /// I/O while serving.
    #[error(transparent)]
    Io(std::io::Error),
}

/// Why an address cannot be bound, in a few words.
fn bind_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::AddrInUse => {
            "the port is in use (another server? choose one with --port)".into()
        }
        std::io::ErrorKind::AddrNotAvailable => "no such address on this machine".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied (ports below 1024?)".into(),
        _ => e.to_string(),
    }
}

/// Seconds after which a refused live stream may be tried again (ours).
const STREAM_RETRY_SECS: u64 = 30;

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
    /// Too many requests: try again after this many seconds (the `Retry-After`).
    TooMany(u64),
    /// A request body that did not arrive within this many seconds (408; the
    /// connection is closed).
    SlowBody(u64),
    /// Too many tables.
    Full,
    /// The address holds its quota of tables.
    Quota(usize),
    /// The person's name is in use at another live table.
    NameInUse(String),
    /// A method the path does not take.
    Method,
    /// A host that is not this server's, or a request from another origin.
    Forbidden(&'static str),
    /// A table broke (a bug): it is dropped.
    Broken,
    /// No room of this id.
    NoRoom,
    /// This browser holds no seat in the room.
    NoSeat,
    /// A name and seat token that do not hold a seat of the room.
    BadSeatToken,
    /// A seat token used while the seat's own page is live (its event stream open):
    /// the seat is not taken from under its person.
    SeatInUse,
    /// A time bank out of its bounds (seconds).
    BadTimeBank {
        /// Given.
        given: u64,
        /// The shortest.
        min: u64,
        /// The longest.
        max: u64,
    },
    /// Too many live streams open (from the address or in all).
    Streams,
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
                    PlayError::NotAPersonSeat(_) => (StatusCode::FORBIDDEN, "not_your_seat"),
                    PlayError::NotEnoughPlayers { .. } => (StatusCode::CONFLICT, "no_players"),
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
            ApiError::Spec(
                e @ (SpecError::BotName { .. }
                | SpecError::NameTaken(_)
                | SpecError::NameLooksLike { .. }),
            ) => (StatusCode::CONFLICT, "name_in_use", e.to_string()),
            ApiError::Spec(e @ SpecError::ReservedName { .. }) => {
                (StatusCode::CONFLICT, "name_reserved", e.to_string())
            }
            ApiError::Spec(e @ SpecError::RoomFull) => {
                (StatusCode::CONFLICT, "room_full", e.to_string())
            }
            ApiError::Spec(e) => (StatusCode::BAD_REQUEST, "bad_table", e.to_string()),
            ApiError::Body(status, text) => (*status, "bad_request", text.clone()),
            ApiError::TooMany(after) => (
                StatusCode::TOO_MANY_REQUESTS,
                "too_many",
                format!("too many requests: try again in {after} s"),
            ),
            ApiError::SlowBody(secs) => (
                StatusCode::REQUEST_TIMEOUT,
                "slow_body",
                format!("the request body did not arrive within {secs} s"),
            ),
            ApiError::Full => (
                StatusCode::SERVICE_UNAVAILABLE,
                "full",
                "the server has as many tables as it takes: try again later".into(),
            ),
            ApiError::Quota(n) => (
                StatusCode::TOO_MANY_REQUESTS,
                "quota",
                format!("your address holds {n} tables, as many as one address may: leave one first"),
            ),
            ApiError::NameInUse(name) => (
                StatusCode::CONFLICT,
                "name_in_use",
                format!("{name:?} is playing at another table now: choose another name (a name is not an account)"),
            ),
            ApiError::Method => (
                StatusCode::METHOD_NOT_ALLOWED,
                "method_not_allowed",
                "this path does not take that method".into(),
            ),
            ApiError::Forbidden(why) => (StatusCode::FORBIDDEN, "forbidden", (*why).into()),
            ApiError::NoRoom => (
                StatusCode::NOT_FOUND,
                "no_room",
                "no such room (it may have closed): see the lobby".into(),
            ),
            ApiError::NoSeat => (
                StatusCode::UNAUTHORIZED,
                "no_seat",
                "you hold no seat in this room: take one, or come back to yours with your name and seat token".into(),
            ),
            ApiError::SeatInUse => (
                StatusCode::CONFLICT,
                "seat_in_use",
                "this seat's page is open and live in another browser: give the seat up or close the page there first (a seat token never takes a seat from under a page in use)".into(),
            ),
            ApiError::BadSeatToken => (
                StatusCode::FORBIDDEN,
                "bad_seat_token",
                "that name and seat token hold no seat in this room".into(),
            ),
            ApiError::BadTimeBank { given, min, max } => (
                StatusCode::BAD_REQUEST,
                "bad_table",
                format!("a time bank of {given} s: choose {min} to {max} s"),
            ),
            ApiError::Streams => (
                StatusCode::TOO_MANY_REQUESTS,
                "too_many",
                "too many live streams open: the page falls back to asking every few seconds".into(),
            ),
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
        let mut response = (status, axum::Json(body)).into_response();
        let headers = response.headers_mut();
        match self {
            ApiError::TooMany(after) => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from(after));
            }
            ApiError::Streams => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from(STREAM_RETRY_SECS));
            }
            ApiError::SlowBody(_) => {
                headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
            }
            _ => {}
        }
        response
    }
}
