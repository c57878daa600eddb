//! [`HeadGuard`]: a connection as the HTTP server reads it, with each request's head
//! (request line and headers) held back until it is whole and checked, so that a head
//! that is too long or malformed is answered here, in JSON like every other answer, and
//! never reaches the HTTP library (whose own answers to such heads have no body). A
//! request line longer than `max_line` is refused with 414, a longer header line, a head
//! over `max_head` or with more than [`MAX_HEADERS`] headers with 431, a head that does
//! not parse or a bad `Content-Length` with 400; the refusal is written and the
//! connection ends. Bodies pass through, counted by their `Content-Length`, so that the
//! next request's head is found; a chunked body (which no route of ours takes) lets the
//! rest of the connection through unchecked. Bounds are **ours** (`Limits`).
use std::io;
use std::pin::Pin;
use std::task::{ready, Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// Most headers in a request head (ours).
pub const MAX_HEADERS: usize = 64;

/// Bytes read and dropped after a refusal before the connection closes (ours): closing
/// a socket with unread bytes resets it, and the client would lose the answer.
pub const DRAIN_BYTES: usize = 1 << 20;

/// Where the reader is in the stream of requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Reading a head.
    Head,
    /// Passing a body of this many bytes still to come.
    Body(u64),
    /// Passing everything (after a chunked body).
    Through,
}

/// A refused head: the status and the message of the JSON answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The HTTP status.
    pub status: u16,
    /// The answer's `code`.
    pub code: &'static str,
    /// The answer's `error`.
    pub message: &'static str,
}

impl Refusal {
    fn new(status: u16, code: &'static str, message: &'static str) -> Refusal {
        Refusal {
            status,
            code,
            message,
        }
    }
    /// The whole HTTP answer: JSON, with the headers every answer carries, and the end
    /// of the connection.
    pub fn response(&self) -> Vec<u8> {
        let reason = match self.status {
            400 => "Bad Request",
            414 => "URI Too Long",
            431 => "Request Header Fields Too Large",
            _ => "Error",
        };
        let body = serde_json::json!({ "error": self.message, "code": self.code }).to_string();
        format!(
            "HTTP/1.1 {} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
             connection: close\r\ncontent-security-policy: {}\r\nx-content-type-options: nosniff\r\n\
             x-frame-options: DENY\r\ncache-control: no-store\r\n\r\n{body}",
            self.status,
            body.len(),
            crate::guard::CSP
        )
        .into_bytes()
    }
}

/// The scanner of a stream of requests (pure: bytes in, bytes out or a refusal).
#[derive(Debug)]
pub struct Scanner {
    state: State,
    head: Vec<u8>,
    line: usize,
    first_line: bool,
    max_line: usize,
    max_head: usize,
}

impl Scanner {
    /// A scanner with these bounds.
    pub fn new(max_line: usize, max_head: usize) -> Scanner {
        Scanner {
            state: State::Head,
            head: Vec::new(),
            line: 0,
            first_line: true,
            max_line,
            max_head,
        }
    }

    /// Scans `input`; appends to `out` what may pass on (whole, checked heads and body
    /// bytes), or refuses.
    ///
    /// # Errors
    /// The head being read breaks a bound or does not parse.
    pub fn feed(&mut self, input: &[u8], out: &mut Vec<u8>) -> Result<(), Refusal> {
        let mut i = 0;
        while i < input.len() {
            match self.state {
                State::Through => {
                    out.extend_from_slice(&input[i..]);
                    return Ok(());
                }
                State::Body(n) => {
                    let k = (input.len() - i).min(usize::try_from(n).unwrap_or(usize::MAX));
                    out.extend_from_slice(&input[i..i + k]);
                    i += k;
                    let left = n - k as u64;
                    self.state = if left == 0 {
                        State::Head
                    } else {
                        State::Body(left)
                    };
                }
                State::Head => {
                    let b = input[i];
                    i += 1;
                    // Empty lines before a request line are skipped (RFC 9112, 2.2).
                    if self.head.is_empty() && (b == b'\r' || b == b'\n') {
                        continue;
                    }
                    if self.head.len() >= self.max_head {
                        return Err(Refusal::new(
                            431,
                            "head_too_large",
                            "the request's headers are too large",
                        ));
                    }
                    self.head.push(b);
                    match b {
                        b'\n' => {
                            if self.line == 0 {
                                self.end_of_head(out)?;
                            } else {
                                self.line = 0;
                                self.first_line = false;
                            }
                        }
                        b'\r' => {}
                        _ => {
                            self.line += 1;
                            if self.line > self.max_line {
                                return Err(if self.first_line {
                                    Refusal::new(
                                        414,
                                        "uri_too_long",
                                        "the request line is too long",
                                    )
                                } else {
                                    Refusal::new(
                                        431,
                                        "header_too_large",
                                        "a request header is too long",
                                    )
                                });
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// A whole head: parse it, pass it on, and find how long its body is.
    fn end_of_head(&mut self, out: &mut Vec<u8>) -> Result<(), Refusal> {
        let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
        let mut req = httparse::Request::new(&mut headers);
        let bad = || Refusal::new(400, "bad_request", "the request does not parse as HTTP/1.1");
        match req.parse(&self.head) {
            Ok(httparse::Status::Complete(_)) => {}
            Ok(httparse::Status::Partial) => return Err(bad()),
            Err(httparse::Error::TooManyHeaders) => {
                return Err(Refusal::new(
                    431,
                    "too_many_headers",
                    "the request has too many headers",
                ))
            }
            Err(_) => return Err(bad()),
        }
        let mut length: Option<u64> = None;
        let mut chunked = false;
        for h in req.headers.iter() {
            if h.name.eq_ignore_ascii_case("transfer-encoding") {
                chunked = true;
            } else if h.name.eq_ignore_ascii_case("content-length") {
                let n = std::str::from_utf8(h.value)
                    .ok()
                    .map(str::trim)
                    .filter(|v| !v.is_empty() && v.bytes().all(|c| c.is_ascii_digit()))
                    .and_then(|v| v.parse::<u64>().ok());
                let bad_length = || Refusal::new(400, "bad_request", "a bad Content-Length");
                match (n, length) {
                    (None, _) => return Err(bad_length()),
                    (Some(a), Some(b)) if a != b => return Err(bad_length()),
                    (Some(a), _) => length = Some(a),
                }
            }
        }
        out.extend_from_slice(&self.head);
        self.head.clear();
        self.line = 0;
        self.first_line = true;
        self.state = match (chunked, length) {
            (true, _) => State::Through,
            (false, Some(n)) if n > 0 => State::Body(n),
            _ => State::Head,
        };
        Ok(())
    }
}

/// A connection whose request heads are checked before the HTTP server reads them.
pub struct HeadGuard<S> {
    inner: S,
    scanner: Scanner,
    /// Checked bytes not yet read by the server, and how many it has read.
    ready: Vec<u8>,
    taken: usize,
    /// A refusal being written, and how much of it is written.
    reply: Option<(Vec<u8>, usize)>,
    /// After the refusal: the write side is shut, and this many bytes were dropped.
    drained: Option<usize>,
}

impl<S> HeadGuard<S> {
    /// Guards `inner` with these bounds.
    pub fn new(inner: S, max_line: usize, max_head: usize) -> HeadGuard<S> {
        HeadGuard {
            inner,
            scanner: Scanner::new(max_line, max_head),
            ready: Vec::new(),
            taken: 0,
            reply: None,
            drained: None,
        }
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncRead for HeadGuard<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        loop {
            if let Some((bytes, sent)) = &mut this.reply {
                while *sent < bytes.len() {
                    let n = ready!(Pin::new(&mut this.inner).poll_write(cx, &bytes[*sent..]))?;
                    if n == 0 {
                        return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
                    }
                    *sent += n;
                }
                if this.drained.is_none() {
                    ready!(Pin::new(&mut this.inner).poll_flush(cx))?;
                    ready!(Pin::new(&mut this.inner).poll_shutdown(cx))?;
                    this.drained = Some(0);
                }
                // Read what the client still sends (bounded; the server's time limit for
                // a head bounds the wait), then the server reads the end of the stream
                // and closes the connection.
                while let Some(d) = this.drained.filter(|&d| d < DRAIN_BYTES) {
                    let mut chunk = [0u8; 4096];
                    let mut rb = ReadBuf::new(&mut chunk);
                    match ready!(Pin::new(&mut this.inner).poll_read(cx, &mut rb)) {
                        Ok(()) if !rb.filled().is_empty() => {
                            this.drained = Some(d + rb.filled().len());
                        }
                        _ => break,
                    }
                }
                this.drained = Some(DRAIN_BYTES);
                return Poll::Ready(Ok(()));
            }
            if this.taken < this.ready.len() {
                let k = buf.remaining().min(this.ready.len() - this.taken);
                buf.put_slice(&this.ready[this.taken..this.taken + k]);
                this.taken += k;
                if this.taken == this.ready.len() {
                    this.ready.clear();
                    this.taken = 0;
                }
                return Poll::Ready(Ok(()));
            }
            let mut chunk = [0u8; 4096];
            let mut rb = ReadBuf::new(&mut chunk);
            ready!(Pin::new(&mut this.inner).poll_read(cx, &mut rb))?;
            if rb.filled().is_empty() {
                // The end of the stream.
                return Poll::Ready(Ok(()));
            }
            if let Err(refusal) = this.scanner.feed(rb.filled(), &mut this.ready) {
                this.ready.clear();
                this.taken = 0;
                this.reply = Some((refusal.response(), 0));
            }
        }
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for HeadGuard<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().inner).poll_write(cx, data)
    }
    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
    }
    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().inner).poll_write_vectored(cx, bufs)
    }
    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn scan(chunks: &[&[u8]]) -> (Vec<u8>, Option<Refusal>) {
        let mut s = Scanner::new(100, 300);
        let mut out = Vec::new();
        for c in chunks {
            if let Err(r) = s.feed(c, &mut out) {
                return (out, Some(r));
            }
        }
        (out, None)
    }

    const POST: &[u8] = b"POST /api/act HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n{\"a\"}";
    const GET: &[u8] = b"GET /api/state HTTP/1.1\r\nHost: x\r\n\r\n";

    #[test]
    fn good_requests_pass_whole_and_in_order() {
        let all = [POST, GET, POST].concat();
        let (out, refused) = scan(&[&all]);
        assert_eq!((out, refused), (all.clone(), None));
        // A head is held back until it is whole.
        let (out, _) = scan(&[&GET[..10]]);
        assert!(out.is_empty());
        // Leading empty lines are dropped.
        let (out, _) = scan(&[b"\r\n", GET]);
        assert_eq!(out, GET);
    }

    #[test]
    fn long_lines_and_heads_are_refused_in_json() {
        let long_uri = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(200));
        let (_, r) = scan(&[long_uri.as_bytes()]);
        assert_eq!(r.unwrap().status, 414);
        let long_header = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "b".repeat(200));
        let (_, r) = scan(&[long_header.as_bytes()]);
        assert_eq!(r.unwrap().status, 431);
        let many = format!("GET / HTTP/1.1\r\n{}\r\n", "X: y\r\n".repeat(60));
        let (_, r) = scan(&[many.as_bytes()]);
        assert_eq!(r.unwrap().code, "head_too_large");
        let mut s = Scanner::new(1000, 100_000);
        let mut out = Vec::new();
        let many = format!("GET / HTTP/1.1\r\n{}\r\n", "X: y\r\n".repeat(70));
        assert_eq!(s.feed(many.as_bytes(), &mut out).unwrap_err().status, 431);
        for bad in [
            &b"G\x01T / HTTP/1.1\r\n\r\n"[..],
            b"GET / HTTP/1.1\r\nContent-Length: x\r\n\r\n",
            b"GET / HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n",
        ] {
            let (out, r) = scan(&[bad]);
            assert_eq!(r.unwrap().status, 400, "{bad:?}");
            assert!(out.is_empty());
        }
        // A refusal after good requests: those passed, the bad one did not.
        let (out, r) = scan(&[GET, long_uri.as_bytes()]);
        assert_eq!(out, GET);
        assert!(r.is_some());
        let resp = String::from_utf8(r.unwrap().response()).unwrap();
        assert!(resp.starts_with("HTTP/1.1 414 URI Too Long\r\n"), "{resp}");
        let body = resp.split("\r\n\r\n").nth(1).unwrap();
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(v["code"], "uri_too_long");
        assert!(resp.contains(&format!("content-length: {}\r\n", body.len())));
    }

    #[test]
    fn a_body_is_not_read_as_a_head() {
        // A body full of long lines and newlines passes: its length says where it ends.
        let body = format!("{}\r\n\r\n{}", "z".repeat(250), "y".repeat(250));
        let req = format!(
            "POST /api/join HTTP/1.1\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        let all = [req.as_bytes(), GET].concat();
        let (out, r) = scan(&[&all]);
        assert_eq!((out, r), (all.clone(), None));
        // Chunked: everything after passes.
        let chunked =
            b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n";
        let (out, r) = scan(&[chunked]);
        assert_eq!((out.as_slice(), r), (&chunked[..], None));
    }

    proptest! {
        /// However the bytes are cut, the scanner passes the same bytes and refuses the
        /// same way.
        #[test]
        fn chunking_does_not_matter(cuts in proptest::collection::vec(0usize..400, 0..12), long in 0usize..3) {
            let tail = match long {
                0 => GET.to_vec(),
                1 => format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(150)).into_bytes(),
                _ => format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "b".repeat(150)).into_bytes(),
            };
            let all = [POST, GET, &tail].concat();
            let whole = scan(&[&all]);
            let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c % (all.len() + 1)).collect();
            cuts.sort_unstable();
            let mut pieces = Vec::new();
            let mut at = 0;
            for c in cuts {
                pieces.push(&all[at..c]);
                at = c;
            }
            pieces.push(&all[at..]);
            prop_assert_eq!(scan(&pieces), whole);
        }
    }
}
