//! The server's connections: the accept loop over HTTP/1.1 (hyper), with what holds
//! beyond loopback: a time limit for each request's head (from the opening of the
//! connection or the end of the previous request; the connection is closed after it),
//! at most `connections_per_address` open connections per address (more are closed at
//! once), each request's head checked before it is read ([`crate::head_guard`]), and a
//! graceful shutdown. The client's address reaches the handlers as axum's `ConnectInfo`.
use crate::app::App;
use crate::head_guard::HeadGuard;
use crate::limits::Connections;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// Serves `router` on `listener` until `shutdown` completes, then lets the open
/// connections finish.
pub(crate) async fn run(
    app: Arc<App>,
    router: axum::Router,
    listener: tokio::net::TcpListener,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) {
    let (signal_tx, signal_rx) = watch::channel(());
    tokio::spawn(async move {
        shutdown.await;
        drop(signal_rx);
    });
    let (close_tx, close_rx) = watch::channel(());
    let limits = app.limits().clone();
    loop {
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(c) => c,
                Err(_) => {
                    // Out of file descriptors, or a connection reset before it was
                    // accepted: wait a little and go on.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = signal_tx.closed() => break,
        };
        let Some(permit) = Connections::take(
            &app.connections,
            remote.ip(),
            limits.connections_per_address,
            limits.max_connections,
        ) else {
            drop(stream);
            continue;
        };
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
            req.extensions_mut().insert(ConnectInfo(remote));
            let mut r = router.clone();
            async move { tower_service::Service::call(&mut r, req).await }
        });
        let io = TokioIo::new(HeadGuard::new(stream, limits.max_line, limits.max_head));
        let header_timeout = limits.header_timeout;
        let signal_tx = signal_tx.clone();
        let close_rx = close_rx.clone();
        tokio::spawn(async move {
            let _permit = permit;
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout);
            let conn = builder.serve_connection(io, service);
            let mut conn = std::pin::pin!(conn);
            let mut signal = std::pin::pin!(signal_tx.closed());
            let mut closing = false;
            loop {
                tokio::select! {
                    _ = conn.as_mut() => break,
                    _ = &mut signal, if !closing => {
                        closing = true;
                        conn.as_mut().graceful_shutdown();
                    }
                }
            }
            drop(close_rx);
        });
    }
    drop(close_rx);
    drop(listener);
    // Live streams never end by themselves: tell them the server stops.
    app.stopping.send_replace(true);
    close_tx.closed().await;
}
