//! The server's state: its configuration, the open tables, the join limiter and the
//! profile store. The blocking work (building a table, playing the bots, SQLite) happens
//! here, called on blocking threads by the handlers.
use crate::error::{ApiError, WebError};
use crate::limits::{Bucket, Limits};
use crate::tables::{Entry, Meta, Tables};
use loki_bot::LokiConfig;
use loki_engine::HandRecord;
use loki_play::{Session, Stakes, TableSpec};
use loki_store::Store;
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// What `loki serve` was asked for.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// The address to listen on (127.0.0.1 by default).
    pub bind: IpAddr,
    /// The port (8080 by default; 0 for any).
    pub port: u16,
    /// Seats per table (the person takes one).
    pub seats: usize,
    /// The bots (`SOM,GOM,...`, repeated to fill the seats).
    pub bots: String,
    /// The stakes.
    pub stakes: Stakes,
    /// A seed for reproducible tables (table `k` is dealt from `mix(seed, k)`); by
    /// default every table draws its seed from the operating system, so nobody can
    /// foresee its cards.
    pub seed: Option<u64>,
    /// The profile store (`None`: the person's statistics are neither loaded nor saved).
    pub profiles: Option<PathBuf>,
    /// The Loki players' configuration.
    pub loki: LokiConfig,
    /// The bounds.
    pub limits: Limits,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            seats: 6,
            bots: loki_play::DEFAULT_BOTS.to_string(),
            stakes: Stakes::default(),
            seed: None,
            profiles: None,
            loki: LokiConfig::default(),
            limits: Limits::default(),
        }
    }
}

/// The running server's state.
pub struct App {
    pub(crate) config: ServerConfig,
    pub(crate) tables: Tables,
    joins: Mutex<HashMap<IpAddr, Bucket>>,
    store: Option<Mutex<Store>>,
    made: AtomicU64,
    /// The hosts a request may name (only when bound to a loopback address).
    pub(crate) hosts: Option<Vec<String>>,
    profile_failures: AtomicU64,
}

/// Addresses remembered by the join limiter before full buckets are forgotten (ours).
const MAX_JOIN_ADDRESSES: usize = 4096;

impl App {
    /// The state of a server listening on `local`: checks the table configuration and
    /// opens the profile store.
    ///
    /// # Errors
    /// A bad table configuration or a profile store that does not open.
    pub fn new(config: ServerConfig, local: SocketAddr) -> Result<Arc<App>, WebError> {
        // A table of the configured kind must be possible.
        Session::new(&spec(&config, "check", 0, true), config.loki.clone(), None)?;
        let store = match &config.profiles {
            Some(path) => Some(Mutex::new(Store::open(path)?)),
            None => None,
        };
        let hosts = local.ip().is_loopback().then(|| {
            let p = local.port();
            vec![
                format!("127.0.0.1:{p}"),
                format!("localhost:{p}"),
                format!("[::1]:{p}"),
            ]
        });
        Ok(Arc::new(App {
            config,
            tables: Tables::default(),
            joins: Mutex::new(HashMap::new()),
            store,
            made: AtomicU64::new(0),
            hosts,
            profile_failures: AtomicU64::new(0),
        }))
    }

    /// The limits.
    pub fn limits(&self) -> &Limits {
        &self.config.limits
    }
    /// Tables open now.
    pub fn tables_open(&self) -> usize {
        self.tables.len()
    }
    /// Hands whose profile update could not be saved.
    pub fn profile_failures(&self) -> u64 {
        self.profile_failures.load(Ordering::Relaxed)
    }
    /// Drops idle tables; returns how many.
    pub fn sweep(&self) -> usize {
        self.tables.sweep(Instant::now(), self.config.limits.idle)
    }
    /// The finished hands of the table of `token`, with every seat's cards: for the
    /// server's own tests and logs, never sent to anyone.
    pub fn hand_records(&self, token: &str) -> Option<Vec<HandRecord>> {
        let entry = self.tables.get(token)?;
        let session = entry.session.lock().ok()?;
        Some(session.history().cloned().collect())
    }

    /// Whether `ip` may open another table now.
    pub(crate) fn may_join(&self, ip: IpAddr) -> bool {
        let l = &self.config.limits;
        let now = Instant::now();
        let mut joins = self.joins.lock().unwrap_or_else(|e| e.into_inner());
        if joins.len() >= MAX_JOIN_ADDRESSES {
            joins.retain(|_, b| !b.is_full(l.join_burst, l.join_rate, now));
        }
        joins
            .entry(ip)
            .or_insert_with(|| Bucket::full(l.join_burst, now))
            .take(l.join_burst, l.join_rate, now)
    }

    /// Whether the table may make another request now (and marks it used).
    pub(crate) fn may_request(&self, entry: &Entry) -> bool {
        let l = &self.config.limits;
        let now = Instant::now();
        let Ok(mut meta) = entry.meta.lock() else {
            return false;
        };
        meta.last_used = now;
        meta.bucket.take(l.table_burst, l.table_rate, now)
    }

    /// Opens a table for `token` (blocking: builds the players, reads the profile, deals
    /// the first hand). Returns the first view as JSON.
    pub(crate) fn open_table(
        &self,
        token: String,
        name: &str,
        show_model: bool,
    ) -> Result<String, ApiError> {
        let k = self.made.fetch_add(1, Ordering::Relaxed);
        let seed = match self.config.seed {
            Some(s) => loki_agent::table_seed(s, k),
            None => rand::random::<u64>(),
        };
        let spec = spec(&self.config, name, seed, show_model);
        let name = loki_play::person_name(name).map_err(ApiError::Spec)?;
        let profile = self.store.as_ref().and_then(|s| {
            let store = s.lock().ok()?;
            match store.profile(&name) {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("loki serve: warning: profile of {name}: {e}");
                    None
                }
            }
        });
        let mut session = Session::new(&spec, self.config.loki.clone(), profile.as_ref())
            .map_err(ApiError::Spec)?;
        session.next_hand(session.step())?;
        self.save_profile(&mut session);
        let json = view_json(&session);
        let now = Instant::now();
        let entry = Entry {
            session: Mutex::new(session),
            meta: Mutex::new(Meta {
                bucket: Bucket::full(self.config.limits.table_burst, now),
                last_used: now,
            }),
        };
        self.tables
            .insert(
                token,
                entry,
                self.config.limits.max_tables,
                now,
                self.config.limits.idle,
            )
            .map_err(|_| ApiError::Full)?;
        Ok(json)
    }

    /// Runs `f` on the table's session (blocking), saves the person's profile, and
    /// returns the view as JSON. A table whose lock was poisoned by a panic is dropped.
    pub(crate) fn with_session(
        &self,
        token: &str,
        entry: &Entry,
        f: impl FnOnce(&mut Session) -> Result<(), ApiError>,
    ) -> Result<String, ApiError> {
        let Ok(mut session) = entry.session.lock() else {
            self.tables.remove(token);
            return Err(ApiError::Broken);
        };
        f(&mut session)?;
        self.save_profile(&mut session);
        Ok(view_json(&session))
    }

    /// Writes the finished hands' profile updates (a failure is counted and reported on
    /// stderr; the game goes on).
    fn save_profile(&self, session: &mut Session) {
        let updates = session.take_profile_updates();
        if updates.is_empty() {
            return;
        }
        let Some(store) = &self.store else { return };
        let mut store = store.lock().unwrap_or_else(|e| e.into_inner());
        if let Err(e) = store.record_hand(&updates, session.window()) {
            self.profile_failures.fetch_add(1, Ordering::Relaxed);
            eprintln!("loki serve: warning: profile not saved: {e}");
        }
    }
}

/// The view as JSON (a `TableView` always serializes).
pub(crate) fn view_json(session: &Session) -> String {
    serde_json::to_string(&session.view()).unwrap_or_else(|_| "{}".into())
}

fn spec(config: &ServerConfig, name: &str, seed: u64, show_model: bool) -> TableSpec {
    TableSpec {
        seats: config.seats,
        bots: config.bots.clone(),
        stakes: config.stakes,
        seed,
        person: name.to_string(),
        show_model,
        study: false,
    }
}
