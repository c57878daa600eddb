//! The server's state: its configuration, the rooms (a one-person table among them), the
//! join limiter and the people's profile store. The blocking work (building a table,
//! playing the bots, SQLite) happens here and in `room_app`, called on blocking threads
//! by the handlers.
use crate::error::{ApiError, WebError};
use crate::history_file::HistoryFile;
use crate::limits::{address_key, Bucket, Connections, Limits};
use crate::rooms::{Room, RoomInfo, RoomLimits, Rooms};
use loki_agent::ProfileBook;
use loki_bot::LokiConfig;
use loki_play::{Session, Stakes, TableSpec};
use loki_store::Store;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What `loki serve` was asked for.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// The address to listen on (127.0.0.1 by default).
    pub bind: IpAddr,
    /// The port (8080 by default; 0 for any).
    pub port: u16,
    /// Seats per table by default (the person takes one; the page may choose 2 to 10).
    pub seats: usize,
    /// The bots by default (`SOM,GOM,...`, repeated to fill the seats).
    pub bots: String,
    /// The stakes by default.
    pub stakes: Stakes,
    /// A seed for reproducible tables (table `k` is dealt from `mix(seed, k)`); by
    /// default every table draws its seed from the operating system, so nobody can
    /// foresee its cards.
    pub seed: Option<u64>,
    /// The people's profile store (`None`: the person's statistics are neither loaded
    /// nor saved). Kept apart from the network opponents' store.
    pub profiles: Option<PathBuf>,
    /// The Loki players' configuration.
    pub loki: LokiConfig,
    /// The bounds.
    pub limits: Limits,
    /// The bounds of rooms.
    pub rooms: RoomLimits,
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
            rooms: RoomLimits::default(),
        }
    }
}

/// What a person asks for when taking a seat (the page's form, `POST /api/join`, no
/// unknown fields; unset: the server's defaults).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableRequest {
    /// The person's name.
    pub name: String,
    /// The model view on at the start (on unless said).
    #[serde(default = "yes")]
    pub show_model: bool,
    /// Study mode on at the start.
    #[serde(default)]
    pub study: bool,
    /// Seats, 2 to 10.
    pub seats: Option<usize>,
    /// The bots (`--players` syntax; `bots` is taken too).
    #[serde(default, alias = "bots")]
    pub players: Option<String>,
    /// The stakes' shorthand `SMALL/BIG`.
    pub stakes: Option<String>,
    /// The blinds `SB,BB`.
    pub blinds: Option<String>,
    /// The bets `SMALL,BIG`.
    pub bets: Option<String>,
}

fn yes() -> bool {
    true
}

/// A kind of bot the page offers.
#[derive(Debug, Clone, Serialize)]
pub struct KindView {
    /// Its name in `--players` lists.
    pub name: String,
    /// What it is.
    pub about: String,
}

/// What the page's form offers: the kinds of bots and the defaults.
#[derive(Debug, Clone, Serialize)]
pub struct OptionsView {
    /// Every kind of bot.
    pub kinds: Vec<KindView>,
    /// The default seats.
    pub seats: usize,
    /// The default bots.
    pub players: String,
    /// The default stakes (`SMALL/BIG`, or with the blinds when they differ).
    pub stakes: String,
    /// The default blinds and bets: small blind, big blind, small bet, big bet.
    pub stakes_chips: [i64; 4],
    /// Whether the people's statistics are kept.
    pub profiles: bool,
}

/// The running server's state.
pub struct App {
    pub(crate) config: ServerConfig,
    joins: Mutex<HashMap<IpAddr, Bucket>>,
    /// Requests without a seat (the lobby, spectators) by address.
    looks: Mutex<HashMap<IpAddr, Bucket>>,
    people: Option<Mutex<ProfileBook>>,
    made: AtomicU64,
    /// The hosts a request may name (only when bound to a loopback address).
    pub(crate) hosts: Option<Vec<String>>,
    options: OptionsView,
    /// Open connections by address.
    pub(crate) connections: Arc<Connections>,
    /// The rooms and the one-person tables.
    pub(crate) rooms: Rooms,
    /// Open live update streams by address.
    pub(crate) streams: Arc<Connections>,
    /// Set when the server stops: the live streams end.
    pub(crate) stopping: tokio::sync::watch::Sender<bool>,
    /// The rooms' clock.
    pub(crate) clock: Arc<crate::rooms::Clock>,
}

/// Addresses remembered by the join limiter before full buckets are forgotten (ours).
const MAX_JOIN_ADDRESSES: usize = 4096;

/// Rows of the bankroll board shown in the lobby (ours).
pub const BOARD_ROWS: usize = 100;

/// Longest bot list a table request may give (ours).
pub const MAX_PLAYERS_CHARS: usize = 200;

fn kinds(config: &LokiConfig) -> Vec<KindView> {
    let kinds = loki_agent::kinds_described(loki_bot::KINDS, config).into_iter();
    kinds
        .map(|(name, about)| KindView { name, about })
        .collect()
}

impl App {
    /// The state of a server listening on `local`: checks the table configuration and
    /// opens the profile store.
    ///
    /// # Errors
    /// A bad table configuration or a profile store that does not open.
    pub fn new(config: ServerConfig, local: SocketAddr) -> Result<Arc<App>, WebError> {
        // A table of the configured kind must be possible.
        let check = TableRequest {
            name: "check".into(),
            ..TableRequest::default()
        };
        Session::new(&spec(&config, &check, 0)?, config.loki.clone(), None)?;
        let people = match &config.profiles {
            Some(path) => Some(Mutex::new(ProfileBook::people(
                Store::open(path)?,
                config.loki.model.window,
            ))),
            None => None,
        };
        let hosts = loopback_hosts(local);
        let s = &config.stakes;
        let options = OptionsView {
            kinds: kinds(&config.loki),
            seats: config.seats,
            players: config.bots.clone(),
            stakes: s.to_string(),
            stakes_chips: [s.small_blind, s.big_blind, s.small_bet, s.big_bet],
            profiles: config.profiles.is_some(),
        };
        Ok(Arc::new(App {
            config,
            joins: Mutex::new(HashMap::new()),
            looks: Mutex::new(HashMap::new()),
            people,
            made: AtomicU64::new(0),
            hosts,
            options,
            connections: Arc::default(),
            rooms: Rooms::default(),
            streams: Arc::default(),
            stopping: tokio::sync::watch::channel(false).0,
            clock: Arc::default(),
        }))
    }

    /// The limits.
    pub fn limits(&self) -> &Limits {
        &self.config.limits
    }
    /// What the page's form offers.
    pub fn options(&self) -> &OptionsView {
        &self.options
    }
    /// Tables open now.
    pub fn tables_open(&self) -> usize {
        self.rooms.count(true)
    }
    /// Connections open now.
    pub fn connections_open(&self) -> usize {
        self.connections.count()
    }
    /// The bankroll board (people by name, bots by kind; the most hands first), empty
    /// when the server keeps no profiles.
    pub fn bankroll_board(&self) -> Vec<loki_store::BankrollRow> {
        let Some(people) = self.people.as_ref() else {
            return Vec::new();
        };
        let mut people = people.lock().unwrap_or_else(|e| e.into_inner());
        match people.store_mut().bankrolls(BOARD_ROWS) {
            Ok(rows) => rows,
            Err(e) => {
                eprintln!("loki serve: warning: bankroll board: {e}");
                Vec::new()
            }
        }
    }

    /// Hands whose profile update could not be saved.
    pub fn profile_failures(&self) -> u64 {
        self.people.as_ref().map_or(0, |p| {
            p.lock().unwrap_or_else(|e| e.into_inner()).failures()
        })
    }
    /// Whether `ip` may open another table now.
    pub(crate) fn may_join(&self, ip: IpAddr) -> bool {
        let l = &self.config.limits;
        take_by_address(&self.joins, ip, l.join_burst, l.join_rate)
    }

    /// Whether `ip` may look without a seat now: at the lobby, or at a room as a
    /// spectator (one budget per address, at the rate of a table's requests).
    pub(crate) fn may_look(&self, ip: IpAddr) -> bool {
        let l = &self.config.limits;
        take_by_address(&self.looks, ip, l.table_burst, l.table_rate)
    }

    /// Seconds until the join limiter gives an address another join.
    pub(crate) fn join_retry_after(&self) -> u64 {
        (1.0 / self.config.limits.join_rate)
            .ceil()
            .clamp(1.0, 3600.0) as u64
    }

    /// Gives back the join `ip` took for a table that was not opened (a refused name,
    /// table or quota): only tables opened count against the join rate.
    pub(crate) fn refund_join(&self, ip: IpAddr) {
        let l = &self.config.limits;
        let mut joins = self.joins.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(b) = joins.get_mut(&address_key(ip)) {
            b.give_back(l.join_burst);
        }
    }

    /// Opens a one-person table for `token` from `ip` (blocking: builds the players,
    /// reads the profile, deals the first hand): a room keyed by the token, its person
    /// in seat 0. Returns the first view as JSON.
    pub(crate) fn open_table(
        &self,
        token: String,
        ip: IpAddr,
        req: &TableRequest,
    ) -> Result<String, ApiError> {
        let name = loki_play::person_name(&req.name).map_err(ApiError::Spec)?;
        let spec = spec(&self.config, req, self.next_seed()).map_err(ApiError::Spec)?;
        let profile = self.person_profile(&name);
        let mut session = Session::new(&spec, self.config.loki.clone(), profile.as_ref())
            .map_err(ApiError::Spec)?;
        session.next_hand(session.step())?;
        let json = view_json(&session);
        let info = RoomInfo {
            id: token.clone(),
            layout: String::new(),
            seats: spec.seats,
            stakes: spec.stakes.to_string(),
            bots: session.kinds()[1..].to_vec(),
            time_bank: 0,
        };
        let room = Room {
            solo: Some(name),
            ..Room::new(info, session, address_key(ip), Duration::ZERO)
        };
        let person = self.person(token, self.clock.now());
        room.seats.lock().map_err(|_| ApiError::Broken)?.people[0] = Some(person);
        let l = &self.config.limits;
        self.rooms
            .insert(Arc::new(room), l.max_tables, l.tables_per_address)?;
        Ok(json)
    }

    /// The seed of the next table or room: from the server's seed when it has one, else
    /// from the operating system.
    pub(crate) fn next_seed(&self) -> u64 {
        let k = self.made.fetch_add(1, Ordering::Relaxed);
        match self.config.seed {
            Some(s) => loki_agent::table_seed(s, k),
            None => rand::random::<u64>(),
        }
    }

    /// The stored profile of a person, if the server keeps them (a failure to read is
    /// reported on stderr and taken as none).
    pub(crate) fn person_profile(&self, name: &str) -> Option<loki_store::Profile> {
        let people = self.people.as_ref()?.lock().ok()?;
        match people.profile(name) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("loki serve: warning: profile of {name}: {e}");
                None
            }
        }
    }

    /// Closes the table of `token` (see [`App::close`]) and returns `{"left": true,
    /// "summary", "history": {"phh", "text"}}`: the session's summary and both histories
    /// as the person saw them, the abandoned hand in them.
    pub(crate) fn leave(&self, token: &str) -> Result<serde_json::Value, ApiError> {
        self.close(token, |s| {
            let [phh, text] = [HistoryFile::Phh, HistoryFile::Text].map(|f| f.write(s, 0, true));
            let history = serde_json::json!({ "phh": phh, "text": text });
            serde_json::json!({ "left": true, "summary": s.summary(), "history": history })
        })
    }

    /// Closes the table of `token`: a hand in progress is abandoned (played out as check
    /// or fold, so that its chips count in the profile) and the profile is saved; `then`
    /// reads the closed session.
    pub(crate) fn close<T>(
        &self,
        token: &str,
        then: impl FnOnce(&Session) -> T,
    ) -> Result<T, ApiError> {
        let solo = self.rooms.get(token).filter(|r| r.solo.is_some());
        let room = solo
            .and_then(|_| self.rooms.remove(token))
            .ok_or(ApiError::NoTable)?;
        let Ok(mut session) = room.session.lock() else {
            return Err(ApiError::Broken);
        };
        session.abandon()?;
        self.save_profile(&mut session);
        Ok(then(&session))
    }

    /// Writes the finished hands' profile updates (a failure is counted and reported on
    /// stderr; the game goes on).
    pub(crate) fn save_profile(&self, session: &mut Session) {
        let updates = session.take_profile_updates();
        let results = session.take_results();
        let Some(people) = self
            .people
            .as_ref()
            .filter(|_| !updates.is_empty() || !results.is_empty())
        else {
            return;
        };
        let mut people = people.lock().unwrap_or_else(|e| e.into_inner());
        if !updates.is_empty() {
            people.save(&updates);
        }
        if !results.is_empty() {
            if let Err(e) = people.store_mut().record_results(&results) {
                eprintln!("loki serve: warning: bankrolls not saved: {e}");
            }
        }
        for w in people.take_warnings() {
            eprintln!("loki serve: warning: {w}");
        }
    }
}

/// Takes a request from the bucket of `ip` in `map` (the full buckets are forgotten
/// once the map holds [`MAX_JOIN_ADDRESSES`]).
fn take_by_address(
    map: &Mutex<HashMap<IpAddr, Bucket>>,
    ip: IpAddr,
    burst: f64,
    rate: f64,
) -> bool {
    let now = Instant::now();
    let mut map = map.lock().unwrap_or_else(|e| e.into_inner());
    if map.len() >= MAX_JOIN_ADDRESSES {
        map.retain(|_, b| !b.is_full(burst, rate, now));
    }
    map.entry(address_key(ip))
        .or_insert_with(|| Bucket::full(burst, now))
        .take(burst, rate, now)
}

/// The view as JSON (a `TableView` always serializes).
pub(crate) fn view_json(session: &Session) -> String {
    serde_json::to_string(&session.view()).unwrap_or_else(|_| "{}".into())
}

/// The table a request asks for, the server's defaults filling what it leaves out.
fn spec(
    config: &ServerConfig,
    req: &TableRequest,
    seed: u64,
) -> Result<TableSpec, loki_play::SpecError> {
    let stakes = stakes(config, [&req.stakes, &req.blinds, &req.bets])?;
    let players = req.players.clone().unwrap_or_else(|| config.bots.clone());
    if players.chars().count() > MAX_PLAYERS_CHARS {
        return Err(loki_play::SpecError::BotListTooLong(MAX_PLAYERS_CHARS));
    }
    Ok(TableSpec {
        seats: req.seats.unwrap_or(config.seats),
        bots: players,
        stakes,
        seed,
        person: req.name.clone(),
        show_model: req.show_model,
        study: req.study,
    })
}

/// The stakes a request asks for (`SMALL/BIG`, the blinds, the bets), the server's when
/// it names none.
pub(crate) fn stakes(
    config: &ServerConfig,
    asked: [&Option<String>; 3],
) -> Result<Stakes, loki_play::SpecError> {
    match asked.map(Option::as_deref) {
        [None, None, None] => Ok(config.stakes),
        [s, b, x] => Ok(Stakes::from_flags(s, b, x)?),
    }
}

/// The `Host` values a request may carry when the server listens on a loopback address
/// (`None` otherwise): the loopback names with the port, and without it on port 80,
/// since browsers leave the default port out.
fn loopback_hosts(local: SocketAddr) -> Option<Vec<String>> {
    local.ip().is_loopback().then(|| {
        let p = local.port();
        let names = ["127.0.0.1", "localhost", "[::1]"];
        let mut hosts: Vec<String> = names.iter().map(|n| format!("{n}:{p}")).collect();
        if p == 80 {
            hosts.extend(names.map(String::from));
        }
        hosts
    })
}

#[cfg(test)]
mod tests {
    use super::loopback_hosts;

    #[test]
    fn port_80_is_also_named_without_its_port() {
        let at = |a: &str| loopback_hosts(a.parse().unwrap());
        let on_80 = at("127.0.0.1:80").unwrap();
        assert!(on_80.contains(&"localhost".to_string()));
        assert!(on_80.contains(&"127.0.0.1:80".to_string()));
        let on_8080 = at("127.0.0.1:8080").unwrap();
        assert!(on_8080.contains(&"localhost:8080".to_string()));
        assert!(!on_8080.iter().any(|h| !h.ends_with(":8080")));
        assert_eq!(at("0.0.0.0:80"), None);
    }
}
