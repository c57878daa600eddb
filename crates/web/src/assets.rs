//! The pages' files, compiled into the binary: the single table's page and script, the
//! rooms' page and script, the script both load first (`common.js`), one style sheet
//! (plain JavaScript and CSS, no build step), and an icon.
use axum::http::header;
use axum::routing::{get, MethodRouter};

/// A file: its content type and its text.
pub(crate) type Asset = (&'static str, &'static str);

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
/// The single table's page, and its script.
pub(crate) const INDEX_HTML: Asset = (HTML, include_str!("../assets/index.html"));
pub(crate) const APP_JS: Asset = (JS, include_str!("../assets/app.js"));
/// What both pages' scripts share.
pub(crate) const COMMON_JS: Asset = (JS, include_str!("../assets/common.js"));
/// The style sheet, and the icon.
pub(crate) const APP_CSS: Asset = ("text/css; charset=utf-8", include_str!("../assets/app.css"));
pub(crate) const FAVICON_SVG: Asset = ("image/svg+xml", include_str!("../assets/favicon.svg"));
/// The page of rooms (the lobby and a room's table), and its script.
pub(crate) const ROOM_HTML: Asset = (HTML, include_str!("../assets/room.html"));
pub(crate) const ROOM_JS: Asset = (JS, include_str!("../assets/room.js"));

/// GET answers the file.
pub(crate) fn serve<S: Clone + Send + Sync + 'static>(
    (content_type, text): Asset,
) -> MethodRouter<S> {
    get(move || async move { ([(header::CONTENT_TYPE, content_type)], text) })
}
