//! The server's connections: the accept loop over HTTP/1.1 (hyper), with what holds
//! beyond loopback: a time limit for each request's head (from the opening of the
//! connection or the end of the previous request; the connection is closed after it),
//! at most `connections_per_address` open connections per address and `max_connections`
//! in all (more are answered at once, 429 or 503 with `Retry-After`, and closed), each request's head checked before it is read ([`crate::head_guard`]), and a
//! graceful shutdown. The client's address reaches the handlers as axum's `ConnectInfo`.
use crate::app::App;
use crate::head_guard::HeadGuard;
use crate::limits::{Connections, Over};
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::watch;

/// Refusals being written at once, at most (ours): past it, a connection over the
/// limits is closed without an answer.
pub(crate) const MAX_REFUSALS: usize = 64;

/// Seconds a refused connection is told to wait (`Retry-After`, ours).
pub(crate) const REFUSAL_RETRY_SECS: u64 = 5;

/// How long a refusal may take to write and to drain the request (ours).
const REFUSAL_TIME: Duration = Duration::from_secs(2);

/// Bytes of the request read (and dropped) after a refusal, at most (ours): so that the
/// connection's close does not reset it before the client reads the answer.
const REFUSAL_DRAIN: usize = 16 * 1024;

/// One refusal being written, counted until dropped.
struct Refusing(Arc<AtomicUsize>);

impl Refusing {
    fn take(count: &Arc<AtomicUsize>) -> Option<Refusing> {
        let before = count.fetch_add(1, Ordering::AcqRel);
        let held = Refusing(count.clone());
        (before < MAX_REFUSALS).then_some(held)
    }
}

impl Drop for Refusing {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The answer to a connection over the limits, written whole before any request is
/// read: 429 when its address holds as many connections as one may, 503 when the
/// server holds as many as it may; both with `Retry-After` and `Connection: close`.
pub(crate) fn refusal(over: Over) -> String {
    let (status, code, text) = match over {
        Over::Address => (
            "429 Too Many Requests",
            "too_many",
            "your address holds as many connections as one address may",
        ),
        Over::Server => (
            "503 Service Unavailable",
            "busy",
            "the server holds as many connections as it may",
        ),
    };
    let body = serde_json::json!({
        "error": format!("{text}: try again in {REFUSAL_RETRY_SECS} s"),
        "code": code,
    })
    .to_string();
    format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         retry-after: {REFUSAL_RETRY_SECS}\r\nconnection: close\r\ncache-control: no-store\r\n\
         x-content-type-options: nosniff\r\n\r\n{body}",
        body.len()
    )
}

/// Writes the refusal, then reads what the client sent (bounded) until it closes, all
/// within [`REFUSAL_TIME`].
async fn refuse(mut stream: TcpStream, over: Over, _refusing: Refusing) {
    let answer = refusal(over);
    let _ = tokio::time::timeout(REFUSAL_TIME, async {
        stream.write_all(answer.as_bytes()).await?;
        stream.shutdown().await?;
        let mut buf = [0u8; 2048];
        let mut read = 0;
        while read < REFUSAL_DRAIN {
            match stream.read(&mut buf).await? {
                0 => break,
                n => read += n,
            }
        }
        Ok::<_, std::io::Error>(())
    })
    .await;
}

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
    let refusals = Arc::new(AtomicUsize::new(0));
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
        let permit = match Connections::take(
            &app.connections,
            remote.ip(),
            limits.connections_per_address,
            limits.max_connections,
        ) {
            Ok(p) => p,
            Err(over) => {
                // Answered, not dropped: unless too many refusals are being written
                // already (then the connection is closed at once).
                if let Some(refusing) = Refusing::take(&refusals) {
                    tokio::spawn(refuse(stream, over, refusing));
                }
                continue;
            }
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
