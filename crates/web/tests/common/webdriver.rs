//! The few WebDriver commands the browser test sends to chromedriver (W3C WebDriver:
//! new session, navigate, reload, execute a script, read a cookie, find an element by
//! id, click, clear, type, press a key, size the window, take a screenshot, end the
//! session), over plain
//! HTTP/1.1 on loopback: one request per connection, the answer read by its
//! `Content-Length` (chromedriver keeps the connection open after it). The methods are
//! `async` only so that the test reads as a browser session does; each one blocks.
#![allow(dead_code)]
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// A failed command: chromedriver's error or a broken answer.
#[derive(Debug)]
pub struct Error(pub String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// How an element is found.
pub enum Locator<'a> {
    /// By its id.
    Id(&'a str),
}

/// A WebDriver session.
pub struct Client {
    port: u16,
    session: String,
}

/// An element of the page.
pub struct Element<'a> {
    client: &'a Client,
    id: String,
}

/// The key W3C WebDriver names an element reference by.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// Sends one request and returns the answer's `value`.
fn send(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<Value, Error> {
    let err = |e: &dyn std::fmt::Display| Error(format!("{method} {path}: {e}"));
    let mut s = TcpStream::connect(("127.0.0.1", port)).map_err(|e| err(&e))?;
    s.set_read_timeout(Some(Duration::from_secs(120)))
        .map_err(|e| err(&e))?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\
         Content-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes())
        .and_then(|()| s.write_all(body.as_bytes()))
        .map_err(|e| err(&e))?;
    let mut r = BufReader::new(s);
    let mut status = String::new();
    r.read_line(&mut status).map_err(|e| err(&e))?;
    let mut length = None;
    let mut chunked = false;
    loop {
        let mut line = String::new();
        r.read_line(&mut line).map_err(|e| err(&e))?;
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((k, v)) = line.split_once(':') {
            let (k, v) = (k.trim().to_ascii_lowercase(), v.trim());
            if k == "content-length" {
                length = v.parse::<usize>().ok();
            } else if k == "transfer-encoding" && v.eq_ignore_ascii_case("chunked") {
                chunked = true;
            }
        }
    }
    let mut bytes = Vec::new();
    if chunked {
        loop {
            let mut size = String::new();
            r.read_line(&mut size).map_err(|e| err(&e))?;
            let n = usize::from_str_radix(size.trim(), 16).map_err(|e| err(&e))?;
            if n == 0 {
                break;
            }
            let mut chunk = vec![0; n + 2];
            r.read_exact(&mut chunk).map_err(|e| err(&e))?;
            bytes.extend_from_slice(&chunk[..n]);
        }
    } else if let Some(n) = length {
        bytes.resize(n, 0);
        r.read_exact(&mut bytes).map_err(|e| err(&e))?;
    } else {
        r.read_to_end(&mut bytes).map_err(|e| err(&e))?;
    }
    let answer: Value = serde_json::from_slice(&bytes).map_err(|e| err(&e))?;
    let value = answer.get("value").cloned().unwrap_or(Value::Null);
    let ok = status.split_whitespace().nth(1) == Some("200");
    if ok {
        Ok(value)
    } else {
        Err(err(&format!("{} {}", status.trim(), value)))
    }
}

impl Client {
    /// A new session of chromedriver on `port` with these capabilities.
    pub async fn connect(port: u16, capabilities: Value) -> Result<Client, Error> {
        let v = send(
            port,
            "POST",
            "/session",
            Some(&json!({ "capabilities": { "alwaysMatch": capabilities } })),
        )?;
        let session = v["sessionId"]
            .as_str()
            .ok_or_else(|| Error(format!("no session id in {v}")))?
            .to_string();
        Ok(Client { port, session })
    }
    fn command(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, Error> {
        let path = format!("/session/{}{path}", self.session);
        send(self.port, method, &path, body.as_ref())
    }
    /// Opens `url`.
    pub async fn goto(&self, url: &str) -> Result<(), Error> {
        self.command("POST", "/url", Some(json!({ "url": url })))
            .map(drop)
    }
    /// Runs a script (its `return` value).
    pub async fn execute(&self, script: &str, args: Vec<Value>) -> Result<Value, Error> {
        let body = json!({ "script": script, "args": args });
        self.command("POST", "/execute/sync", Some(body))
    }
    /// Runs a script that calls its last argument with the result.
    pub async fn execute_async(&self, script: &str, args: Vec<Value>) -> Result<Value, Error> {
        let body = json!({ "script": script, "args": args });
        self.command("POST", "/execute/async", Some(body))
    }
    /// The element found.
    pub async fn find(&self, locator: Locator<'_>) -> Result<Element<'_>, Error> {
        let Locator::Id(id) = locator;
        let body = json!({ "using": "css selector", "value": format!("#{id}") });
        let v = self.command("POST", "/element", Some(body))?;
        let id = v[ELEMENT]
            .as_str()
            .ok_or_else(|| Error(format!("no element in {v}")))?
            .to_string();
        Ok(Element { client: self, id })
    }
    /// Presses and releases a key.
    pub async fn press_key(&self, key: char) -> Result<(), Error> {
        let k = key.to_string();
        let body = json!({ "actions": [{
            "type": "key",
            "id": "keyboard",
            "actions": [{ "type": "keyDown", "value": k }, { "type": "keyUp", "value": k }],
        }] });
        self.command("POST", "/actions", Some(body)).map(drop)
    }
    /// Reloads the page.
    pub async fn refresh(&self) -> Result<(), Error> {
        self.command("POST", "/refresh", Some(json!({}))).map(drop)
    }
    /// The value of the cookie `name`.
    pub async fn cookie(&self, name: &str) -> Result<String, Error> {
        let v = self.command("GET", &format!("/cookie/{name}"), None)?;
        v["value"]
            .as_str()
            .map(String::from)
            .ok_or_else(|| Error(format!("no cookie {name}: {v}")))
    }
    /// Sizes the window.
    pub async fn set_window_size(&self, width: u32, height: u32) -> Result<(), Error> {
        let body = json!({ "width": width, "height": height });
        self.command("POST", "/window/rect", Some(body)).map(drop)
    }
    /// Runs a command of the Chrome DevTools Protocol (ChromeDriver's `goog/cdp/execute`).
    pub async fn cdp(&self, cmd: &str, params: Value) -> Result<Value, Error> {
        let body = json!({ "cmd": cmd, "params": params });
        self.command("POST", "/goog/cdp/execute", Some(body))
    }
    /// The page as a PNG.
    pub async fn screenshot(&self) -> Result<Vec<u8>, Error> {
        let v = self.command("GET", "/screenshot", None)?;
        let text = v.as_str().ok_or_else(|| Error("no screenshot".into()))?;
        base64(text).ok_or_else(|| Error("a screenshot that is not base64".into()))
    }
    /// Ends the session (the browser closes).
    pub async fn close(self) -> Result<(), Error> {
        self.command("DELETE", "", None).map(drop)
    }
}

impl Element<'_> {
    /// Clicks it.
    pub async fn click(&self) -> Result<(), Error> {
        let path = format!("/element/{}/click", self.id);
        self.client
            .command("POST", &path, Some(json!({})))
            .map(drop)
    }
    /// Empties a text field.
    pub async fn clear(&self) -> Result<(), Error> {
        let path = format!("/element/{}/clear", self.id);
        self.client
            .command("POST", &path, Some(json!({})))
            .map(drop)
    }
    /// Types `text` into it.
    pub async fn send_keys(&self, text: &str) -> Result<(), Error> {
        let path = format!("/element/{}/value", self.id);
        let body = json!({ "text": text });
        self.client.command("POST", &path, Some(body)).map(drop)
    }
}

/// Standard base64 (padding optional; whitespace skipped).
fn base64(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for c in text
        .bytes()
        .filter(|c| !c.is_ascii_whitespace() && *c != b'=')
    {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    Some(out)
}

#[test]
fn base64_decodes_what_it_should() {
    assert_eq!(base64("aGVsbG8=").unwrap(), b"hello");
    assert_eq!(base64("aGVsbG8h").unwrap(), b"hello!");
    assert!(base64("a*b").is_none());
}
