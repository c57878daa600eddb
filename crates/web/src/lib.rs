//! `loki serve`: a local web server where a person plays fixed-limit Texas Hold'em
//! against Loki players and watches what they believe (the game itself is `loki-play`'s
//! [`loki_play::Session`]; this crate is the edge: HTTP, cookies, limits, the profile
//! store).
//!
//! * **Pages**: `/` (one HTML page, `/app.js`, `/app.css`, `/favicon.svg`, compiled into
//!   the binary with `include_str!`; no build step, nothing fetched from elsewhere).
//! * **API** (JSON; every request names the table only through its cookie):
//!   `GET /api/state`, `POST /api/join {"name", "show_model"}`, `POST /api/act {"seat",
//!   "action", "step"}`, `POST /api/next {"step"}`, `POST /api/model {"show"}`,
//!   `GET /api/history.phhs`, `POST /api/leave`. Every answer to the person is a
//!   [`loki_play::TableView`], which never holds another seat's hole cards before the
//!   showdown.
//! * **Tables** belong to the browser that made them: a random 128-bit token in an
//!   `HttpOnly`, `SameSite=Strict` cookie keys the table; there are no table ids, so one
//!   browser cannot name another's table. A reload finds the same table.
//! * **Limits** ([`Limits`], values **ours**): request bodies, names, requests per table
//!   and second, new tables per address and second, tables in all, idle tables dropped.
//!   While bound to a loopback address, requests must name a loopback host (no DNS
//!   rebinding), and a state-changing request from another origin is refused.
//! * Bots run on blocking threads, each table behind its own lock, so a client that goes
//!   away mid-request leaves its table whole.
#![forbid(unsafe_code)]

mod api;
mod app;
mod assets;
mod error;
mod guard;
mod limits;
mod tables;

pub use app::{App, ServerConfig};
pub use error::WebError;
pub use limits::{Bucket, Limits};

use std::net::SocketAddr;
use std::sync::Arc;

/// The router of the whole site for an [`App`].
pub fn router(app: Arc<App>) -> axum::Router {
    api::router(app)
}

/// Serves `app` on a bound listener until `shutdown` completes; idle tables are dropped
/// every minute.
///
/// # Errors
/// The server fails (I/O).
pub async fn serve(
    app: Arc<App>,
    listener: tokio::net::TcpListener,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), WebError> {
    let sweeper = {
        let app = app.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(std::time::Duration::from_secs(60));
            loop {
                tick.tick().await;
                app.sweep();
            }
        })
    };
    let service = router(app).into_make_service_with_connect_info::<SocketAddr>();
    let result = axum::serve(listener, service)
        .with_graceful_shutdown(shutdown)
        .await;
    sweeper.abort();
    result.map_err(WebError::Io)
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
