//! `loki serve`: a local web server where a person plays fixed-limit Texas Hold'em
//! against Loki players and watches what they believe (the game itself is `loki-play`'s
//! [`loki_play::Session`]; this crate is the edge: HTTP, cookies, limits, the people's
//! profile store).
//!
//! * **Pages**: one HTML page at `/` (a table of one person), `/lobby` and `/room/<id>`,
//!   with `/common.js` (the table, the same at every seat count), `/app.js` and
//!   `/room.js` (each page's controller), `/app.css`, `/favicon.svg` and
//!   `/favicon-turn.svg`, compiled into the binary with `include_str!`; no build step,
//!   nothing fetched from elsewhere.
//! * **API** (JSON; every request names the table only through its cookie):
//!   `GET /api/state`, `GET /api/options` (the kinds of bots and the defaults),
//!   `POST /api/join {"name", "show_model", "study", "seats", "players", "stakes",
//!   "blinds", "bets"}` (all but the name optional), `POST /api/act {"seat", "action",
//!   "step"}` (`fold`, `check`, `call`, `bet`, `raise`; `check` and `bet` refused where
//!   they do not fit), `POST /api/next {"step"}`, `POST /api/model {"show", "study"}`,
//!   `GET /api/summary`, `GET /api/history.phhs`, `GET /api/history.txt`,
//!   `POST /api/leave` (answers the summary and both histories, the hand in progress
//!   played out and in them). Every answer to the person is a
//!   [`loki_play::TableView`], which never holds another seat's hole cards before the
//!   showdown nor, outside study mode, a bot's own strength during a hand; every answer
//!   is JSON (errors `{"error", "code"}`, 404 and 405 included) but the downloads.
//! * **Tables** belong to the browser that made them: a random 128-bit token in an
//!   `HttpOnly`, `SameSite=Strict` cookie keys the table, renewed by every answer about
//!   the table; there are no table ids, so one browser cannot name another's table. A
//!   reload finds the same table. A name in use at a live table, or a bot's, is refused.
//!   On the server a table is a room of one person (`api` adapts the table's routes to
//!   the rooms' handlers, view and clock): no time bank, the next hand when asked for,
//!   study mode, and dropped once idle.
//! * **Limits** ([`Limits`], values **ours**): request bodies, names, requests per table
//!   and second, new tables per address and second, tables per address, tables in all,
//!   idle tables dropped; per connection, a time limit for each request's head and
//!   bounded heads (checked before the HTTP library reads them, `head_guard`), and open
//!   connections per address. While bound to a loopback address, requests must name a
//!   loopback host (no DNS rebinding), and a state-changing request from another origin
//!   is refused.
//! * **Rooms** (`rooms`, `room_app`, `room_api`, `room_events`): several people and
//!   bots at one table through a shared link (`/lobby`, `/room/<id>`, the API under
//!   `/api/room/<id>/`), each person's view from that person's seat only (a
//!   spectator's from no seat: never a hole card), live updates
//!   as server-sent events (polling as the fallback), a time bank and people away sat
//!   out by the rooms' clock ([`ROOM_TICK`]), a seat token to come back from another
//!   browser, the room's chat (plain text, bounded and rate-limited), and the bankroll
//!   board in the people's store.
//! * Bots run on blocking threads, each table behind its own lock, so a client that goes
//!   away mid-request leaves its table whole.
#![forbid(unsafe_code)]

mod api;
mod app;
mod assets;
mod conn;
mod error;
mod guard;
pub mod head_guard;
mod history_file;
mod limits;
mod request;
mod room_api;
mod room_app;
mod room_events;
mod rooms;

pub use app::{App, KindView, OptionsView, ServerConfig, TableRequest, MAX_PLAYERS_CHARS};
pub use error::WebError;
pub use limits::{address_key, Bucket, Limits};
pub use room_app::{PersonView, RoomRequest, RoomView, DEFAULT_LAYOUT, MAX_LAYOUT_CHARS};
pub use rooms::{ChatLine, RoomInfo, RoomLimits, MAX_CHAT_CHARS};

use std::net::SocketAddr;
use std::sync::Arc;

/// How often the rooms' clock runs (ours).
pub const ROOM_TICK: std::time::Duration = std::time::Duration::from_millis(250);

/// The router of the whole site for an [`App`].
pub fn router(app: Arc<App>) -> axum::Router {
    api::router(app)
}

/// Serves `app` on a bound listener until `shutdown` completes (the connections in
/// progress finish); the rooms' clock runs meanwhile (idle tables are dropped by it).
///
/// # Errors
/// The server fails (I/O).
pub async fn serve(
    app: Arc<App>,
    listener: tokio::net::TcpListener,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), WebError> {
    // The rooms' clock: time banks, people away, the next hand, whether or not anyone
    // sends a request.
    let clock = {
        let app = app.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(ROOM_TICK);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                let app = app.clone();
                let _ = tokio::task::spawn_blocking(move || app.tick_rooms()).await;
            }
        })
    };
    let routes = router(app.clone());
    conn::run(app, routes, listener, shutdown).await;
    clock.abort();
    Ok(())
}

/// Binds `config.bind:config.port`, calls `ready` with the address, and serves until
/// Ctrl-C (a blocking call with its own runtime).
///
/// # Errors
/// A bad table configuration, a profile store that does not open, or a port that cannot
/// be bound.
pub fn run(config: ServerConfig, ready: impl FnOnce(SocketAddr)) -> Result<(), WebError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(WebError::Io)?;
    runtime.block_on(async move {
        let addr = SocketAddr::new(config.bind, config.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| WebError::Bind(addr, e))?;
        let local = listener.local_addr().map_err(WebError::Io)?;
        let app = App::new(config, local)?;
        ready(local);
        serve(app, listener, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
    })
}
