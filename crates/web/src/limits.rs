//! The server's bounds (all values **ours**, all configurable) and the token bucket that
//! enforces request rates. Time is passed in, so the bucket is tested without clocks.
use std::time::{Duration, Instant};

/// What one server accepts.
#[derive(Debug, Clone, PartialEq)]
pub struct Limits {
    /// Tables at once (a new one is refused with 503 beyond this, after dropping idle
    /// ones).
    pub max_tables: usize,
    /// A table untouched this long is dropped.
    pub idle: Duration,
    /// Largest request body, in bytes.
    pub body_bytes: usize,
    /// Requests a table may make at once (the bucket's size).
    pub table_burst: f64,
    /// Requests per second a table may make in the long run.
    pub table_rate: f64,
    /// New tables one address may open at once.
    pub join_burst: f64,
    /// New tables per second one address may open in the long run.
    pub join_rate: f64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_tables: 200,
            idle: Duration::from_secs(2 * 3600),
            body_bytes: 1024,
            table_burst: 40.0,
            table_rate: 10.0,
            join_burst: 20.0,
            join_rate: 0.2,
        }
    }
}

/// A token bucket: `burst` tokens, refilled at `rate` per second; a request takes one.
#[derive(Debug, Clone, Copy)]
pub struct Bucket {
    tokens: f64,
    last: Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn full(burst: f64, now: Instant) -> Bucket {
        Bucket {
            tokens: burst,
            last: now,
        }
    }
    /// Takes a token if there is one.
    pub fn take(&mut self, burst: f64, rate: f64, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens = (self.tokens + elapsed * rate).min(burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
    /// Whether the bucket is full again (an address that can be forgotten).
    pub fn is_full(&self, burst: f64, rate: f64, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens + elapsed * rate >= burst
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_its_rate() {
        let t0 = Instant::now();
        let mut b = Bucket::full(3.0, t0);
        assert!((0..3).all(|_| b.take(3.0, 2.0, t0)));
        assert!(!b.take(3.0, 2.0, t0));
        // Half a second at 2 per second: one more.
        let t1 = t0 + Duration::from_millis(500);
        assert!(b.take(3.0, 2.0, t1));
        assert!(!b.take(3.0, 2.0, t1));
        // Never more than the burst after a long pause.
        let t2 = t1 + Duration::from_secs(3600);
        assert!(b.is_full(3.0, 2.0, t2));
        assert_eq!((0..10).filter(|_| b.take(3.0, 2.0, t2)).count(), 3);
        // A clock that goes back refills nothing.
        assert!(!b.take(3.0, 2.0, t0));
    }
}
