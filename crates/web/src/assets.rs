//! The page's files, compiled into the binary: one HTML page, its script and style
//! sheet (plain JavaScript and CSS, no build step), and an icon.
use axum::http::header;
use axum::response::IntoResponse;

/// The page.
pub(crate) const INDEX_HTML: &str = include_str!("../assets/index.html");
/// The script.
pub(crate) const APP_JS: &str = include_str!("../assets/app.js");
/// The style sheet.
pub(crate) const APP_CSS: &str = include_str!("../assets/app.css");
/// The page of rooms (the lobby and a room's table).
pub(crate) const ROOM_HTML: &str = include_str!("../assets/room.html");
/// Its script.
pub(crate) const ROOM_JS: &str = include_str!("../assets/room.js");
/// The icon.
pub(crate) const FAVICON_SVG: &str = include_str!("../assets/favicon.svg");

pub(crate) async fn index() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        INDEX_HTML,
    )
}

pub(crate) async fn app_js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        APP_JS,
    )
}

pub(crate) async fn app_css() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], APP_CSS)
}

pub(crate) async fn favicon() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "image/svg+xml")], FAVICON_SVG)
}

pub(crate) async fn room_html() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        ROOM_HTML,
    )
}

pub(crate) async fn room_js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        ROOM_JS,
    )
}
