//! The open tables, keyed by the random token of the browser that opened them. Each
//! table has its own locks: the session (held while bots play, on a blocking thread) and
//! its bookkeeping (rate and last use, held for an instant). A table also records the
//! address that opened it (for the per-address quota) and its person's name: a name in
//! use at a live table is refused to another table.
use crate::limits::Bucket;
use loki_play::Session;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Bookkeeping of a table.
#[derive(Debug)]
pub(crate) struct Meta {
    pub(crate) bucket: Bucket,
    pub(crate) last_used: Instant,
}

/// One table.
pub(crate) struct Entry {
    pub(crate) session: Mutex<Session>,
    pub(crate) meta: Mutex<Meta>,
    /// The key of the address that opened it (`limits::address_key`).
    pub(crate) owner: IpAddr,
    /// The person's name, lower case.
    pub(crate) name: String,
}

/// All tables.
#[derive(Default)]
pub(crate) struct Tables {
    map: Mutex<HashMap<String, Arc<Entry>>>,
}

/// Why a table cannot be added.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Refused {
    /// No room for another table.
    Full,
    /// The address holds its quota of tables.
    Quota,
    /// The person's name is in use at another live table.
    NameInUse,
}

/// What a new table must respect.
pub(crate) struct Bounds {
    pub(crate) max: usize,
    pub(crate) per_address: usize,
    pub(crate) now: Instant,
    pub(crate) idle: Duration,
}

impl Tables {
    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Entry>>> {
        // The map is only ever inserted into and removed from: a panic elsewhere cannot
        // leave it half-changed, so a poisoned lock is still a good map.
        self.map.lock().unwrap_or_else(|e| e.into_inner())
    }
    pub(crate) fn get(&self, token: &str) -> Option<Arc<Entry>> {
        self.map().get(token).cloned()
    }
    pub(crate) fn len(&self) -> usize {
        self.map().len()
    }
    /// Whether a live table (other than `token`'s) has a person of this name.
    pub(crate) fn name_in_use(&self, name: &str, token: &str) -> bool {
        let name = name.to_lowercase();
        self.map().iter().any(|(t, e)| t != token && e.name == name)
    }
    /// Adds a table under `token` (replacing the token's old table), dropping idle
    /// tables first when full. Refused when the name is in use at another table, the
    /// address holds its quota, or the server is full.
    pub(crate) fn insert(&self, token: String, entry: Entry, b: &Bounds) -> Result<(), Refused> {
        let mut map = self.map();
        map.remove(&token);
        sweep(&mut map, b.now, b.idle);
        if map.values().any(|e| e.name == entry.name) {
            return Err(Refused::NameInUse);
        }
        if map.values().filter(|e| e.owner == entry.owner).count() >= b.per_address {
            return Err(Refused::Quota);
        }
        if map.len() >= b.max {
            return Err(Refused::Full);
        }
        map.insert(token, Arc::new(entry));
        Ok(())
    }
    pub(crate) fn remove(&self, token: &str) -> Option<Arc<Entry>> {
        self.map().remove(token)
    }
    /// Drops the tables idle longer than `idle`; returns how many.
    pub(crate) fn sweep(&self, now: Instant, idle: Duration) -> usize {
        sweep(&mut self.map(), now, idle)
    }
}

fn sweep(map: &mut HashMap<String, Arc<Entry>>, now: Instant, idle: Duration) -> usize {
    let before = map.len();
    map.retain(|_, e| {
        e.meta
            .lock()
            .map(|m| now.saturating_duration_since(m.last_used) < idle)
            .unwrap_or(false)
    });
    before - map.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use loki_bot::LokiConfig;
    use loki_play::TableSpec;

    fn entry(now: Instant, owner: &str, name: &str) -> Entry {
        let mut spec = TableSpec::new("Ann", 1);
        spec.seats = 2;
        spec.bots = "call".into();
        Entry {
            session: Mutex::new(Session::new(&spec, LokiConfig::default(), None).unwrap()),
            meta: Mutex::new(Meta {
                bucket: Bucket::full(1.0, now),
                last_used: now,
            }),
            owner: owner.parse().unwrap(),
            name: name.to_lowercase(),
        }
    }

    fn bounds(now: Instant, max: usize, per_address: usize) -> Bounds {
        Bounds {
            max,
            per_address,
            now,
            idle: Duration::from_secs(60),
        }
    }

    #[test]
    fn tables_are_bounded_and_idle_ones_go() {
        let t0 = Instant::now();
        let idle = Duration::from_secs(60);
        let tables = Tables::default();
        let put = |token: &str, now, owner, name, b: &Bounds| {
            tables.insert(token.into(), entry(now, owner, name), b)
        };
        let b = bounds(t0, 2, 10);
        put("a", t0, "10.0.0.1", "a", &b).unwrap();
        put("b", t0, "10.0.0.1", "b", &b).unwrap();
        // Full: nothing idle yet.
        assert_eq!(put("c", t0, "10.0.0.2", "c", &b), Err(Refused::Full));
        // The same token replaces its own table.
        put("a", t0, "10.0.0.1", "a", &b).unwrap();
        assert_eq!(tables.len(), 2);
        // Later, "a" is used again and "b" is idle: a new table takes b's place.
        let t1 = t0 + Duration::from_secs(61);
        tables.get("a").unwrap().meta.lock().unwrap().last_used = t1;
        put("c", t1, "10.0.0.2", "c", &bounds(t1, 2, 10)).unwrap();
        assert!(tables.get("b").is_none());
        assert!(tables.get("a").is_some() && tables.get("c").is_some());
        assert_eq!(tables.sweep(t1 + idle, idle), 2);
        assert_eq!(tables.len(), 0);
        assert!(tables.remove("a").is_none());
    }

    #[test]
    fn an_address_has_a_quota_and_a_name_one_table() {
        let t0 = Instant::now();
        let tables = Tables::default();
        let put = |token: &str, now, owner, name, b: &Bounds| {
            tables.insert(token.into(), entry(now, owner, name), b)
        };
        let b = bounds(t0, 100, 2);
        put("a", t0, "10.0.0.1", "A", &b).unwrap();
        put("b", t0, "10.0.0.1", "B", &b).unwrap();
        assert_eq!(put("c", t0, "10.0.0.1", "C", &b), Err(Refused::Quota));
        // Another address may; the same name may not, whatever its case.
        put("d", t0, "10.0.0.2", "D", &b).unwrap();
        assert_eq!(put("e", t0, "10.0.0.3", "d", &b), Err(Refused::NameInUse));
        assert!(tables.name_in_use("a", "x") && !tables.name_in_use("a", "a"));
        // A browser's new table replaces its old one: its own name and quota are free.
        put("a", t0, "10.0.0.1", "A", &b).unwrap();
        // Leaving frees both.
        tables.remove("b");
        put("c", t0, "10.0.0.1", "B", &b).unwrap();
    }
}
