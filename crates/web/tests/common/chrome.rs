//! Chromium and ChromeDriver for the browser tests: where they are (Debian's
//! `/usr/bin/chromium` and `/usr/bin/chromedriver`, or `LOKI_CHROMIUM` and
//! `LOKI_CHROMEDRIVER`), their flags on this machine, and a ChromeDriver process on a
//! free port, killed when dropped. Without them the tests are skipped, unless
//! `LOKI_REQUIRE_BROWSER=1` (CI sets it after installing them).
#![allow(dead_code)]
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Chromium's flags on this machine (its closed network refuses the background
/// connections, so they are switched off); the window size is added per test.
pub const FLAGS: [&str; 9] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
];

fn find(var: &str, candidates: &[&str]) -> Option<PathBuf> {
    if let Ok(p) = std::env::var(var) {
        return Some(PathBuf::from(p));
    }
    candidates.iter().map(PathBuf::from).find(|p| p.exists())
}

/// A ChromeDriver process, killed when dropped.
pub struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or(9515)
}

pub fn start_driver(path: &Path) -> (Driver, u16) {
    let port = free_port();
    let child = Command::new(path)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", path.display()));
    let driver = Driver(child);
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not listen");
        std::thread::sleep(Duration::from_millis(100));
    }
    (driver, port)
}

/// The browser's paths, or `None` (the test is skipped) unless it is required.
pub fn browser() -> Option<(PathBuf, PathBuf)> {
    let require = std::env::var("LOKI_REQUIRE_BROWSER").is_ok_and(|v| v == "1");
    let chromium = find(
        "LOKI_CHROMIUM",
        &["/usr/bin/chromium", "/usr/bin/chromium-browser"],
    );
    let driver = find("LOKI_CHROMEDRIVER", &["/usr/bin/chromedriver"]);
    match (chromium, driver) {
        (Some(c), Some(d)) => Some((c, d)),
        _ => {
            assert!(
                !require,
                "LOKI_REQUIRE_BROWSER=1 but chromium or chromedriver is missing"
            );
            eprintln!(
                "skipped: the browser test needs chromium and chromedriver \
                 (apt-get install chromium chromium-driver)"
            );
            None
        }
    }
}
