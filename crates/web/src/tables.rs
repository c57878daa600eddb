//! The open tables, keyed by the random token of the browser that opened them. Each
//! table has its own locks: the session (held while bots play, on a blocking thread) and
//! its bookkeeping (rate and last use, held for an instant).
use crate::limits::Bucket;
use loki_play::Session;
use std::collections::HashMap;
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
}

/// All tables.
#[derive(Default)]
pub(crate) struct Tables {
    map: Mutex<HashMap<String, Arc<Entry>>>,
}

/// No room for another table.
#[derive(Debug)]
pub(crate) struct Full;

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
    /// Adds a table under `token` (replacing the token's old table), dropping idle
    /// tables first when full.
    pub(crate) fn insert(
        &self,
        token: String,
        entry: Entry,
        max: usize,
        now: Instant,
        idle: Duration,
    ) -> Result<(), Full> {
        let mut map = self.map();
        map.remove(&token);
        if map.len() >= max {
            sweep(&mut map, now, idle);
        }
        if map.len() >= max {
            return Err(Full);
        }
        map.insert(token, Arc::new(entry));
        Ok(())
    }
    pub(crate) fn remove(&self, token: &str) -> bool {
        self.map().remove(token).is_some()
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

    fn entry(now: Instant) -> Entry {
        let mut spec = TableSpec::new("Ann", 1);
        spec.seats = 2;
        spec.bots = "call".into();
        Entry {
            session: Mutex::new(Session::new(&spec, LokiConfig::default(), None).unwrap()),
            meta: Mutex::new(Meta {
                bucket: Bucket::full(1.0, now),
                last_used: now,
            }),
        }
    }

    #[test]
    fn tables_are_bounded_and_idle_ones_go() {
        let t0 = Instant::now();
        let idle = Duration::from_secs(60);
        let tables = Tables::default();
        tables.insert("a".into(), entry(t0), 2, t0, idle).unwrap();
        tables.insert("b".into(), entry(t0), 2, t0, idle).unwrap();
        // Full: nothing idle yet.
        assert!(tables.insert("c".into(), entry(t0), 2, t0, idle).is_err());
        // The same token replaces its own table.
        tables.insert("a".into(), entry(t0), 2, t0, idle).unwrap();
        assert_eq!(tables.len(), 2);
        // Later, "a" is used again and "b" is idle: a new table takes b's place.
        let t1 = t0 + Duration::from_secs(61);
        tables.get("a").unwrap().meta.lock().unwrap().last_used = t1;
        tables.insert("c".into(), entry(t1), 2, t1, idle).unwrap();
        assert!(tables.get("b").is_none());
        assert!(tables.get("a").is_some() && tables.get("c").is_some());
        assert_eq!(tables.sweep(t1 + idle, idle), 2);
        assert_eq!(tables.len(), 0);
        assert!(!tables.remove("a"));
    }
}
