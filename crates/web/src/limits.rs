//! The server's bounds (all values **ours**, all configurable), the token bucket that
//! enforces request rates and the count of open connections per address
//! ([`Connections`]). Time is passed in, so the bucket is tested without clocks.
//! Per-address bounds key an IPv6 address by its /64 network (one host usually holds a
//! whole /64) and an IPv4-mapped IPv6 address by its IPv4 address ([`address_key`]).
use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex};
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
    /// Tables one address may hold at once.
    pub tables_per_address: usize,
    /// Open connections one address may hold at once (more are closed at once).
    pub connections_per_address: usize,
    /// Open connections the server holds at once, from all addresses (more are closed
    /// at once).
    pub max_connections: usize,
    /// Time a connection has to send a request's whole head (request line and headers),
    /// from its opening or from the end of its previous request; then it is closed.
    pub header_timeout: Duration,
    /// Time a request has to send its whole body once its head is read; then it is
    /// answered 408 and the connection closed (a body sent a byte at a time would
    /// otherwise hold the connection as long as it likes).
    pub body_timeout: Duration,
    /// Longest request line or header line, in bytes (414 or 431 beyond).
    pub max_line: usize,
    /// Largest request head, in bytes (431 beyond).
    pub max_head: usize,
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
            tables_per_address: 8,
            connections_per_address: 32,
            max_connections: 1024,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            max_line: 8 * 1024,
            max_head: 16 * 1024,
        }
    }
}

/// The key of an address for the per-address bounds: an IPv4 address (or an
/// IPv4-mapped IPv6 one) as itself, an IPv6 address by its /64 network.
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
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
    /// Gives back a token taken for a request that was refused (at most up to `burst`).
    pub fn give_back(&mut self, burst: f64) {
        self.tokens = (self.tokens + 1.0).min(burst);
    }
    /// Whether the bucket is full again (an address that can be forgotten).
    pub fn is_full(&self, burst: f64, rate: f64, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens + elapsed * rate >= burst
    }
}

/// Open connections by address key, and in all.
#[derive(Default)]
pub(crate) struct Connections {
    open: Mutex<Open>,
}

#[derive(Default)]
struct Open {
    by_address: HashMap<IpAddr, usize>,
    total: usize,
}

/// One open connection, counted until dropped.
pub(crate) struct Permit {
    conns: Arc<Connections>,
    key: IpAddr,
}

/// Why a connection was refused a permit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Over {
    /// The address holds as many as one address may.
    Address,
    /// The server holds as many as it may in all.
    Server,
}

impl Connections {
    /// A permit for a connection from `ip`, if the address holds fewer than
    /// `per_address` and the server fewer than `in_all`.
    ///
    /// # Errors
    /// Which bound is reached.
    pub(crate) fn take(
        conns: &Arc<Connections>,
        ip: IpAddr,
        per_address: usize,
        in_all: usize,
    ) -> Result<Permit, Over> {
        let key = address_key(ip);
        let mut open = conns.open.lock().unwrap_or_else(|e| e.into_inner());
        if open.total >= in_all {
            return Err(Over::Server);
        }
        let n = open.by_address.entry(key).or_insert(0);
        if *n >= per_address {
            if *n == 0 {
                open.by_address.remove(&key);
            }
            return Err(Over::Address);
        }
        *n += 1;
        open.total += 1;
        Ok(Permit {
            conns: conns.clone(),
            key,
        })
    }
    /// Open connections in all.
    pub(crate) fn count(&self) -> usize {
        self.open.lock().unwrap_or_else(|e| e.into_inner()).total
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        let mut open = self.conns.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = open.by_address.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                open.by_address.remove(&self.key);
            }
            open.total -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_are_bounded_per_address_and_in_all() {
        let conns = Arc::new(Connections::default());
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "127.0.0.2".parse().unwrap();
        let c: IpAddr = "127.0.0.3".parse().unwrap();
        let first: Vec<Permit> = (0..2)
            .map(|_| Connections::take(&conns, a, 2, 3).unwrap())
            .collect();
        assert_eq!(
            Connections::take(&conns, a, 2, 3).err(),
            Some(Over::Address),
            "per address"
        );
        let from_b = Connections::take(&conns, b, 2, 3).unwrap();
        assert_eq!(
            Connections::take(&conns, c, 2, 3).err(),
            Some(Over::Server),
            "in all"
        );
        assert_eq!(conns.count(), 3);
        drop(from_b);
        assert_eq!(conns.count(), 2);
        assert!(Connections::take(&conns, c, 2, 3).is_ok());
        drop(first);
        assert_eq!(conns.count(), 0);
    }

    #[test]
    fn addresses_are_keyed_by_host() {
        let v4: IpAddr = "203.0.113.7".parse().unwrap();
        assert_eq!(address_key(v4), v4);
        let mapped: IpAddr = "::ffff:203.0.113.7".parse().unwrap();
        assert_eq!(address_key(mapped), v4);
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::2".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(address_key(a), address_key(b));
        assert_ne!(address_key(a), address_key(c));
    }

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
