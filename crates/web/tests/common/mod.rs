//! A server on a loopback port in a thread of the test, and a small HTTP/1.1 client over
//! plain TCP (one request per connection), so that tests control every byte: headers,
//! bodies, cookies, half-sent requests and dropped connections.
#![allow(dead_code, missing_docs)]
use loki_web::{App, Limits, ServerConfig};
use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::Duration;

/// A running server; dropping it stops the server.
pub struct Server {
    pub app: Arc<App>,
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// A test configuration: 127.0.0.1, any port, a fixed seed, no profiles, generous
/// limits (every test comes from one address).
pub fn config(seats: usize, bots: &str) -> ServerConfig {
    ServerConfig {
        port: 0,
        seats,
        bots: bots.into(),
        seed: Some(7),
        limits: Limits {
            join_burst: 1000.0,
            table_burst: 1000.0,
            table_rate: 1000.0,
            tables_per_address: 1000,
            connections_per_address: 1000,
            ..Limits::default()
        },
        ..ServerConfig::default()
    }
}

pub fn start(config: ServerConfig) -> Server {
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    let thread = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::bind((config.bind, config.port))
                .await
                .unwrap();
            let addr = listener.local_addr().unwrap();
            let app = App::new(config, addr).unwrap();
            ready_tx.send((app.clone(), addr)).unwrap();
            loki_web::serve(app, listener, async {
                let _ = rx.await;
            })
            .await
            .unwrap();
        });
    });
    let (app, addr) = ready_rx.recv().unwrap();
    Server {
        app,
        addr,
        stop: Some(tx),
        thread: Some(thread),
    }
}

/// An answer.
#[derive(Debug, Clone)]
pub struct Resp {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Resp {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", self.status, self.body))
    }
    pub fn code(&self) -> String {
        self.json()["code"].as_str().unwrap_or("").to_string()
    }
}

/// A connection to `addr` from the local address `source` (another loopback address,
/// such as 127.0.0.2, is another client address to the server).
pub fn connect_from(source: IpAddr, addr: SocketAddr) -> TcpStream {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .unwrap();
    rt.block_on(async {
        let s = tokio::net::TcpSocket::new_v4().unwrap();
        s.bind(SocketAddr::new(source, 0)).unwrap();
        let stream = s.connect(addr).await.unwrap();
        let std = stream.into_std().unwrap();
        std.set_nonblocking(false).unwrap();
        std
    })
}

/// Sends raw bytes and reads the whole answer (the server closes after it).
pub fn raw(addr: SocketAddr, bytes: &[u8]) -> Resp {
    raw_from(None, addr, bytes)
}

/// [`raw`] from a chosen local address.
pub fn raw_from(source: Option<IpAddr>, addr: SocketAddr, bytes: &[u8]) -> Resp {
    let mut s = match source {
        Some(ip) => connect_from(ip, addr),
        None => TcpStream::connect(addr).unwrap(),
    };
    s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    s.write_all(bytes).unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).unwrap();
    parse(&buf)
}

fn parse(buf: &[u8]) -> Resp {
    let text = String::from_utf8_lossy(buf);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    Resp {
        status,
        headers,
        body: body.to_string(),
    }
}

/// A request with extra headers.
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Resp {
    request_from(None, addr, method, path, headers, body)
}

/// [`request`] from a chosen local address.
pub fn request_from(
    source: Option<IpAddr>,
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Resp {
    let mut req = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        req.push_str(&format!("Host: {addr}\r\n"));
    }
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    if let Some(b) = body {
        if !headers
            .iter()
            .any(|(k, _)| k.eq_ignore_ascii_case("content-type"))
        {
            req.push_str("Content-Type: application/json\r\n");
        }
        req.push_str(&format!("Content-Length: {}\r\n", b.len()));
    }
    req.push_str("\r\n");
    if let Some(b) = body {
        req.push_str(b);
    }
    raw_from(source, addr, req.as_bytes())
}

/// A browser: the server's cookie, kept; the last `Set-Cookie` seen.
#[derive(Debug, Clone)]
pub struct Client {
    pub addr: SocketAddr,
    pub cookie: Option<String>,
    pub source: Option<IpAddr>,
    pub last_set_cookie: Option<String>,
}

impl Client {
    pub fn new(addr: SocketAddr) -> Client {
        Client::with_cookie(addr, None)
    }
    pub fn with_cookie(addr: SocketAddr, cookie: Option<String>) -> Client {
        Client {
            addr,
            cookie,
            source: None,
            last_set_cookie: None,
        }
    }
    /// A browser on another address (another loopback address).
    pub fn from(addr: SocketAddr, source: IpAddr) -> Client {
        Client {
            source: Some(source),
            ..Client::new(addr)
        }
    }
    /// The table's token.
    pub fn token(&self) -> String {
        self.cookie
            .as_deref()
            .and_then(|c| c.strip_prefix("loki_table="))
            .unwrap_or("")
            .to_string()
    }
    pub fn send(&mut self, method: &str, path: &str, body: Option<&str>) -> Resp {
        let cookie = self.cookie.clone();
        let mut headers = Vec::new();
        if let Some(c) = &cookie {
            headers.push(("Cookie", c.as_str()));
        }
        let r = request_from(self.source, self.addr, method, path, &headers, body);
        self.last_set_cookie = r.header("set-cookie").map(str::to_string);
        if let Some(set) = r.header("set-cookie") {
            let pair = set.split(';').next().unwrap_or("").to_string();
            self.cookie = if pair.ends_with('=') {
                None
            } else {
                Some(pair)
            };
        }
        r
    }
    pub fn join(&mut self, name: &str) -> Resp {
        self.send(
            "POST",
            "/api/join",
            Some(&serde_json::json!({ "name": name }).to_string()),
        )
    }
    /// Joins with more of the form: `extra` is merged into `{"name": name}`.
    pub fn join_with(&mut self, name: &str, extra: serde_json::Value) -> Resp {
        let mut body = serde_json::json!({ "name": name });
        if let (Some(b), Some(e)) = (body.as_object_mut(), extra.as_object()) {
            for (k, v) in e {
                b.insert(k.clone(), v.clone());
            }
        }
        self.send("POST", "/api/join", Some(&body.to_string()))
    }
    pub fn state(&mut self) -> Resp {
        self.send("GET", "/api/state", None)
    }
    pub fn act(&mut self, seat: usize, action: &str, step: u64) -> Resp {
        let body = serde_json::json!({ "seat": seat, "action": action, "step": step });
        self.send("POST", "/api/act", Some(&body.to_string()))
    }
    pub fn next(&mut self, step: u64) -> Resp {
        self.send(
            "POST",
            "/api/next",
            Some(&serde_json::json!({ "step": step }).to_string()),
        )
    }
    pub fn model(&mut self, show: bool) -> Resp {
        self.send(
            "POST",
            "/api/model",
            Some(&serde_json::json!({ "show": show }).to_string()),
        )
    }
    pub fn leave(&mut self) -> Resp {
        self.send("POST", "/api/leave", None)
    }
    /// Plays until the current hand is over with a simple policy (call; fold when
    /// `fold` says so and folding is legal); returns every answer.
    pub fn finish_hand(
        &mut self,
        mut state: serde_json::Value,
        fold: impl Fn(u64) -> bool,
    ) -> Vec<Resp> {
        let mut answers = Vec::new();
        while state["in_progress"].as_bool() == Some(true) {
            let step = state["step"].as_u64().unwrap();
            let legal = &state["legal"];
            let action = if legal["fold"].as_bool() == Some(true) && fold(step) {
                "fold"
            } else {
                "call"
            };
            let r = self.act(0, action, step);
            assert_eq!(r.status, 200, "{}", r.body);
            state = r.json();
            answers.push(r);
        }
        answers
    }
}

/// Every card-like token (`[2-9TJQKA][cdhs]`) of a text.
pub fn card_tokens(s: &str) -> Vec<String> {
    let b = s.as_bytes();
    (0..b.len().saturating_sub(1))
        .filter(|&i| b"23456789TJQKA".contains(&b[i]) && b"cdhs".contains(&b[i + 1]))
        .map(|i| s[i..i + 2].to_string())
        .collect()
}

/// Checks the answer about the last hand (`GET /api/last` or `/api/room/<id>/last`)
/// against the server's record of it: the finished hand, its log and result, the own
/// cards of the position `me` and no other hole card but those shown at its showdown.
/// `id` is left out of the search (hexadecimal).
pub fn check_last(r: &Resp, record: &loki_engine::HandRecord, me: Option<usize>, id: &str) {
    check_last_as(r, record, me, false, id);
}

/// [`check_last`] for a spectator's `/watch/last`: no hole card at all, not even one
/// shown at the showdown.
pub fn check_watched_last(r: &Resp, record: &loki_engine::HandRecord, id: &str) {
    check_last_as(r, record, None, true, id);
}

fn check_last_as(
    r: &Resp,
    record: &loki_engine::HandRecord,
    me: Option<usize>,
    spectator: bool,
    id: &str,
) {
    let v = r.json();
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        v["hand"].as_u64(),
        Some(record.hand_number + 1),
        "{}",
        r.body
    );
    assert_eq!(v["in_progress"], false);
    assert!(v["legal"].is_null() && v["model"].is_null());
    assert!(!v["log"].as_array().unwrap().is_empty() && v["result"]["banner"].is_array());
    let shown: Vec<usize> = record
        .events
        .iter()
        .filter_map(|e| match e {
            loki_engine::Event::Showdown { hands } => {
                Some(hands.iter().map(|h| h.position.index()))
            }
            _ => None,
        })
        .flatten()
        .collect();
    let tokens = card_tokens(&r.body.replace(id, ""));
    for (p, hole) in record.hole.iter().enumerate() {
        let hole = hole.expect("the server's record holds every card");
        let seen = hole.cards().iter().any(|c| tokens.contains(&c.to_string()));
        if Some(p) == me {
            assert!(seen, "own cards {hole} not in {}", r.body);
        } else if spectator || !shown.contains(&p) {
            assert!(!seen, "{hole} of position {p} (me {me:?}): {}", r.body);
        }
    }
}
