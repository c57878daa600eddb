//! The page's files, compiled into the binary: one page for a table of one person and
//! for the rooms, the table's script both controllers share (`common.js`), the two
//! controllers (`app.js` for a table of one person, `room.js` for the lobby and a room),
//! one style sheet (plain JavaScript and CSS, no build step), and the icon (another while
//! it is the person's turn).
use axum::http::header;
use axum::routing::{get, MethodRouter};

/// A file: its content type and its text.
pub(crate) type Asset = (&'static str, &'static str);

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
/// The page (at `/`, `/lobby` and `/room/<id>`), and the controller of a table of one.
pub(crate) const INDEX_HTML: Asset = (HTML, include_str!("../assets/index.html"));
pub(crate) const APP_JS: Asset = (JS, include_str!("../assets/app.js"));
/// The table, shared by both controllers.
pub(crate) const COMMON_JS: Asset = (JS, include_str!("../assets/common.js"));
/// The style sheet, and the icon.
pub(crate) const APP_CSS: Asset = ("text/css; charset=utf-8", include_str!("../assets/app.css"));
pub(crate) const FAVICON_SVG: Asset = ("image/svg+xml", include_str!("../assets/favicon.svg"));
pub(crate) const FAVICON_TURN_SVG: Asset =
    ("image/svg+xml", include_str!("../assets/favicon-turn.svg"));
/// The controller of the lobby and a room.
pub(crate) const ROOM_JS: Asset = (JS, include_str!("../assets/room.js"));

/// GET answers the file.
pub(crate) fn serve<S: Clone + Send + Sync + 'static>(
    (content_type, text): Asset,
) -> MethodRouter<S> {
    get(move || async move { ([(header::CONTENT_TYPE, content_type)], text) })
}
