//! Opponent profiles in an embedded SQLite database (rusqlite, bundled SQLite): for each
//! opponent name, the counts of its actions in Loki's 36 categories (round x bets to call
//! 0, 1, 2+ x fold, check/call, bet/raise; Billings et al. 1998, "Computing Initial
//! Weights"; Papp 1998 §7.1), its most recent actions (Loki-2's window; Peña 1999), and the
//! hand counts behind the HUD statistics (VPIP, PFR). A later match starts from what an
//! earlier one learned: Loki-1's historic frequencies.
//!
//! Several clients may share one file: it is in WAL mode with a busy timeout, and each
//! hand is one `BEGIN IMMEDIATE` transaction that adds increments (never read-modify-write
//! of whole rows), so concurrent writers lose no count and a killed client loses at most
//! the hand in progress. A file that is not SQLite, not a loki profile store, from a newer
//! version, or corrupt is a clear error and is never replaced.
//!
//! Two clients of one match that watch the same opponent must count each of its hands
//! once ([`Store::record_hand_once`]): each client registers as an [`Observer`], names
//! every hand by a key that both compute from what the match made public, and the first
//! to save a hand claims it for that opponent; a claim by another observer makes the
//! hand a duplicate if it was made after this observer registered (the same match) or
//! its observer is still open (it registered first). A later run of the very same match
//! (same deal, same players, same key) finds only claims made before it registered, by
//! closed observers: it counts. Claims are kept in a window of the last
//! [`CLAIM_WINDOW`] (clients of one match are at most a hand apart), so the table
//! stays bounded.
//!
//! This crate knows nothing of the bot: [`Profile`] is a plain record; the CLI converts it
//! to and from the player's statistics.
#![forbid(unsafe_code)]

mod bankroll;
mod error;

pub use bankroll::{BankrollRow, HandResult};
pub use error::StoreError;
pub mod report;
pub use loki_engine::{Action, ActionCounts, HandDelta, Hud, Observation, Profile};

use rusqlite::{params, Connection, ErrorCode, OpenFlags, OptionalExtension, TransactionBehavior};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// `PRAGMA application_id` of a loki profile store ("LOKI").
pub const APPLICATION_ID: i32 = 0x4C4F_4B49;
/// The schema version (`PRAGMA user_version`): 2 added the observers and their claims,
/// 3 the bankroll board (an older file gains what it lacks when opened).
pub const SCHEMA_VERSION: i32 = 3;
/// Claims of counted hands kept for [`Store::record_hand_once`], the newest first
/// (ours: clients of one match save each hand within moments of each other).
pub const CLAIM_WINDOW: i64 = 4096;
/// An open observer that has saved nothing for this long is taken as gone (killed)
/// (ours).
pub const OBSERVER_TIMEOUT_SECS: i64 = 120;
/// How long a writer waits for another one (ours).
pub const DEFAULT_BUSY_TIMEOUT: Duration = Duration::from_secs(30);
/// Longest opponent name stored (ours).
pub const MAX_NAME_LEN: usize = 200;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS opponent (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    hands INTEGER NOT NULL DEFAULT 0,
    vpip_hands INTEGER NOT NULL DEFAULT 0,
    pfr_hands INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS action_count (
    opponent INTEGER NOT NULL REFERENCES opponent(id) ON DELETE CASCADE,
    round INTEGER NOT NULL CHECK (round BETWEEN 0 AND 3),
    bets_to_call INTEGER NOT NULL CHECK (bets_to_call BETWEEN 0 AND 2),
    action INTEGER NOT NULL CHECK (action BETWEEN 0 AND 2),
    count INTEGER NOT NULL CHECK (count >= 0),
    PRIMARY KEY (opponent, round, bets_to_call, action)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS recent_action (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    opponent INTEGER NOT NULL REFERENCES opponent(id) ON DELETE CASCADE,
    round INTEGER NOT NULL CHECK (round BETWEEN 0 AND 3),
    bets_to_call INTEGER NOT NULL CHECK (bets_to_call BETWEEN 0 AND 2),
    action INTEGER NOT NULL CHECK (action BETWEEN 0 AND 2)
);
CREATE INDEX IF NOT EXISTS recent_by_opponent ON recent_action (opponent, id);
";

/// Version 2: the observers (clients that save hands) and the hands they claimed.
const SCHEMA_V2: &str = "
CREATE TABLE IF NOT EXISTS observer (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    started INTEGER NOT NULL,
    heartbeat INTEGER NOT NULL,
    open INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS claim (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    hand_key INTEGER NOT NULL,
    observer INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS claim_by_hand ON claim (name, hand_key);
";

/// A client registered to save hands once per match ([`Store::open_observer`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Observer(i64);

fn now_secs() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// The default file: `profiles.sqlite3` in the user's data directory for loki (e.g.
/// `~/.local/share/loki/` on Linux); `None` when the system has no home directory.
pub fn default_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "loki").map(|d| d.data_dir().join("profiles.sqlite3"))
}

/// The default file of people's profiles (`loki serve`, `loki play`): `people.sqlite3`
/// beside [`default_path`], so that people typing a name never mix with the network
/// opponents that `loki acpc client` keeps; `None` when the system has no home directory.
pub fn default_people_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "loki").map(|d| d.data_dir().join("people.sqlite3"))
}

/// An open profile store.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    path: PathBuf,
}

fn classify(path: &Path, e: rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) => StoreError::NotSqlite(path.to_path_buf()),
        Some(ErrorCode::DatabaseCorrupt) => StoreError::Corrupt(path.to_path_buf(), e.to_string()),
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => {
            StoreError::Busy(path.to_path_buf())
        }
        _ => StoreError::Sqlite(path.to_path_buf(), e),
    }
}

impl Store {
    /// Opens the store at `path`, creating the file (and its folder) if it does not exist.
    ///
    /// # Errors
    /// A file that is not a loki profile store (never replaced), a corrupt one, or I/O.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| StoreError::Io(path.to_path_buf(), e))?;
        }
        Store::open_with(path, true)
    }

    /// Opens the store if there is one (`None`: no file), never creating one.
    ///
    /// # Errors
    /// As [`Store::open`] for a file that is there.
    pub fn open_if_exists(path: &Path) -> Result<Option<Store>, StoreError> {
        match Store::open_existing(path) {
            Ok(s) => Ok(Some(s)),
            Err(StoreError::Missing(_)) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Opens an existing store (for reading and resets), never creating one.
    ///
    /// # Errors
    /// [`StoreError::Missing`] if there is no file, else as [`Store::open`].
    pub fn open_existing(path: &Path) -> Result<Store, StoreError> {
        if !path.exists() {
            return Err(StoreError::Missing(path.to_path_buf()));
        }
        Store::open_with(path, false)
    }

    /// Opens (or creates) the store, retrying while another client holds the file: two
    /// clients that open one new file at once race for its journal mode and schema, and
    /// SQLite answers some of those races busy at once, without waiting.
    fn open_with(path: &Path, create: bool) -> Result<Store, StoreError> {
        let start = std::time::Instant::now();
        let mut pause = Duration::from_millis(5);
        loop {
            match Store::open_once(path, create) {
                Err(StoreError::Busy(_)) if start.elapsed() < DEFAULT_BUSY_TIMEOUT => {
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(Duration::from_millis(200));
                }
                done => return done,
            }
        }
    }

    fn open_once(path: &Path, create: bool) -> Result<Store, StoreError> {
        check_header(path)?;
        let mut flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        if create {
            flags |= OpenFlags::SQLITE_OPEN_CREATE;
        }
        let err = |e| classify(path, e);
        let mut conn = Connection::open_with_flags(path, flags).map_err(err)?;
        conn.busy_timeout(DEFAULT_BUSY_TIMEOUT).map_err(err)?;
        let (app, version, tables) = identity(&conn).map_err(err)?;
        if app == APPLICATION_ID {
            if version > SCHEMA_VERSION {
                return Err(StoreError::TooNew(path.to_path_buf(), version));
            }
        } else if app != 0 || tables > 0 {
            return Err(StoreError::Foreign(path.to_path_buf()));
        }
        let check: String = conn
            .query_row("PRAGMA quick_check", [], |r| r.get(0))
            .map_err(err)?;
        if check != "ok" {
            return Err(StoreError::Corrupt(path.to_path_buf(), check));
        }
        let mode: String = conn
            .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
            .map_err(err)?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(StoreError::NoWal(path.to_path_buf(), mode));
        }
        conn.execute_batch("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;")
            .map_err(err)?;
        if app == 0 || version < SCHEMA_VERSION {
            let tx = conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(err)?;
            // Another client may have created the schema while we waited.
            let (app, version, tables) = identity(&tx).map_err(err)?;
            if app == 0 && tables > 0 {
                return Err(StoreError::Foreign(path.to_path_buf()));
            }
            if app == 0 {
                tx.execute_batch(SCHEMA).map_err(err)?;
            }
            if app == 0 || version < SCHEMA_VERSION {
                if app == 0 || version < 2 {
                    tx.execute_batch(SCHEMA_V2).map_err(err)?;
                }
                tx.execute_batch(bankroll::SCHEMA_V3).map_err(err)?;
                tx.execute_batch(&format!(
                    "PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = {SCHEMA_VERSION};"
                ))
                .map_err(err)?;
            }
            tx.commit().map_err(err)?;
        }
        Ok(Store {
            conn,
            path: path.to_path_buf(),
        })
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Adds one hand's observations in one transaction: each opponent's hand count (and
    /// VPIP / PFR hands), its 36 category counts as increments, and its new actions
    /// appended to its recent-action windows, which keep the last `window` actions of
    /// each context (round, bets to call), as Loki-2 does.
    ///
    /// # Errors
    /// A name that is empty or too long, a busy file past the timeout, or SQLite errors
    /// (nothing of the hand is written then).
    pub fn record_hand(&mut self, deltas: &[HandDelta], window: usize) -> Result<(), StoreError> {
        for d in deltas {
            check_name(&d.name)?;
        }
        self.immediate(|tx| deltas.iter().try_for_each(|d| add_delta(tx, d, window)))
    }

    /// Runs `f` in one immediate transaction (the write lock taken at the start, so a
    /// busy file waits for the timeout here and not halfway through) and commits it;
    /// nothing of `f`'s writes stays when it fails.
    fn immediate<T>(
        &mut self,
        f: impl FnOnce(&rusqlite::Transaction<'_>) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        let path = self.path.clone();
        let err = |e| classify(&path, e);
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(err)?;
        let out = f(&tx).map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(out)
    }

    /// Adds hands' results to the bankroll board (`bankroll.rs`), in one transaction.
    ///
    /// # Errors
    /// A name that is empty or too long, a busy file past the timeout, or SQLite errors
    /// (nothing is written then).
    pub fn record_results(&mut self, results: &[HandResult]) -> Result<(), StoreError> {
        for r in results {
            check_name(&r.name)?;
        }
        self.immediate(|tx| bankroll::add(tx, results))
    }

    /// The bankroll board: the `limit` rows with the most hands (then by name), people
    /// and bots.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn bankrolls(&self, limit: usize) -> Result<Vec<BankrollRow>, StoreError> {
        bankroll::board(&self.conn, limit).map_err(|e| classify(&self.path, e))
    }

    /// Registers a client that will save hands with [`Store::record_hand_once`]; close
    /// it with [`Store::close_observer`] when its match ends.
    ///
    /// # Errors
    /// A busy file past the timeout, or SQLite errors.
    pub fn open_observer(&mut self) -> Result<Observer, StoreError> {
        self.immediate(|tx| {
            let started: i64 =
                tx.query_row("SELECT COALESCE(MAX(seq), 0) FROM claim", [], |r| r.get(0))?;
            tx.execute(
                "INSERT INTO observer (started, heartbeat, open) VALUES (?1, ?2, 1)",
                params![started, now_secs()],
            )?;
            let id = tx.last_insert_rowid();
            // Observers that are closed or long gone and hold no claim are forgotten.
            tx.execute(
                "DELETE FROM observer WHERE (open = 0 OR heartbeat < ?1) \
                 AND id NOT IN (SELECT observer FROM claim)",
                params![now_secs() - OBSERVER_TIMEOUT_SECS],
            )?;
            Ok(Observer(id))
        })
    }

    /// Marks an observer's match as over: its claims stop a later match's hands no more.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn close_observer(&mut self, observer: Observer) -> Result<(), StoreError> {
        self.conn
            .execute(
                "UPDATE observer SET open = 0 WHERE id = ?1",
                params![observer.0],
            )
            .map_err(|e| classify(&self.path, e))?;
        Ok(())
    }

    /// As [`Store::record_hand`], but each opponent's hand is counted once however many
    /// observers of one match save it: `hand_key` names the hand the same way in every
    /// client of the match. An opponent's hand is skipped when another observer claimed
    /// the same key after `observer` registered, or while still open (see the crate
    /// docs); otherwise it is counted and claimed, in the same transaction. Returns how
    /// many of `deltas` were counted.
    ///
    /// # Errors
    /// As [`Store::record_hand`] (nothing of the hand is written then).
    pub fn record_hand_once(
        &mut self,
        deltas: &[HandDelta],
        window: usize,
        observer: Observer,
        hand_key: u64,
    ) -> Result<usize, StoreError> {
        for d in deltas {
            check_name(&d.name)?;
        }
        let now = now_secs();
        // The key as SQLite's signed integer (the same bits).
        let key = hand_key as i64;
        self.immediate(|tx| {
            let started: Option<i64> = tx
                .query_row(
                    "SELECT started FROM observer WHERE id = ?1",
                    params![observer.0],
                    |r| r.get(0),
                )
                .optional()?;
            // An observer idle past the timeout may have been forgotten by another
            // client: it registers again from here.
            let started = match started {
                Some(s) => s,
                None => {
                    let s: i64 =
                        tx.query_row("SELECT COALESCE(MAX(seq), 0) FROM claim", [], |r| r.get(0))?;
                    tx.execute(
                        "INSERT INTO observer (id, started, heartbeat, open) VALUES (?1, ?2, ?3, 1)",
                        params![observer.0, s, now],
                    )?;
                    s
                }
            };
            let mut counted = 0;
            for d in deltas {
                let duplicate: bool = tx.query_row(
                    "SELECT EXISTS (SELECT 1 FROM claim c JOIN observer o ON o.id = c.observer \
                     WHERE c.name = ?1 AND c.hand_key = ?2 AND c.observer != ?3 \
                     AND (c.seq > ?4 OR (o.open = 1 AND o.heartbeat >= ?5)))",
                    params![
                        d.name,
                        key,
                        observer.0,
                        started,
                        now - OBSERVER_TIMEOUT_SECS
                    ],
                    |r| r.get(0),
                )?;
                if duplicate {
                    continue;
                }
                add_delta(tx, d, window)?;
                tx.execute(
                    "INSERT INTO claim (name, hand_key, observer) VALUES (?1, ?2, ?3)",
                    params![d.name, key, observer.0],
                )?;
                counted += 1;
            }
            tx.execute(
                "UPDATE observer SET heartbeat = ?2 WHERE id = ?1",
                params![observer.0, now],
            )?;
            tx.execute(
                "DELETE FROM claim WHERE seq <= (SELECT MAX(seq) FROM claim) - ?1",
                params![CLAIM_WINDOW],
            )?;
            Ok(counted)
        })
    }

    /// How many claims of counted hands the store keeps (at most [`CLAIM_WINDOW`]).
    ///
    /// # Errors
    /// SQLite errors.
    pub fn claims(&self) -> Result<u64, StoreError> {
        let n: i64 = self
            .conn
            .query_row("SELECT count(*) FROM claim", [], |r| r.get(0))
            .map_err(|e| classify(&self.path, e))?;
        Ok(u64::try_from(n).unwrap_or(0))
    }

    /// The profile of one opponent, if any.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn profile(&self, name: &str) -> Result<Option<Profile>, StoreError> {
        let err = |e| classify(&self.path, e);
        let row = self.conn.query_row(
            "SELECT id, hands, vpip_hands, pfr_hands FROM opponent WHERE name = ?1",
            params![name],
            |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, i64>(2)?,
                    r.get::<_, i64>(3)?,
                ))
            },
        );
        let Some((id, hands, vpip, pfr)) = row.optional().map_err(err)? else {
            return Ok(None);
        };
        let mut counts = ActionCounts::default();
        let sql = "SELECT round, bets_to_call, action, count FROM action_count WHERE opponent = ?1";
        for [r, b, a, k] in self.int_rows::<4>(sql, id)? {
            let cell = usize::try_from(r)
                .ok()
                .and_then(|r| counts.0.get_mut(r))
                .and_then(|row| row.get_mut(usize::try_from(b).ok()?))
                .and_then(|cell| cell.0.get_mut(usize::try_from(a).ok()?))
                .ok_or_else(|| {
                    StoreError::Corrupt(self.path.clone(), format!("bad category {r} {b} {a}"))
                })?;
            *cell = u32::try_from(k.max(0)).unwrap_or(u32::MAX);
        }
        let sql =
            "SELECT round, bets_to_call, action FROM recent_action WHERE opponent = ?1 ORDER BY id";
        let mut recent = Vec::new();
        for [r, b, a] in self.int_rows::<3>(sql, id)? {
            let o = Observation::from_indices(r, b, a).ok_or_else(|| {
                StoreError::Corrupt(self.path.clone(), format!("bad action {r} {b} {a}"))
            })?;
            recent.push(o);
        }
        let count = |x: i64| u64::try_from(x).unwrap_or(0);
        Ok(Some(Profile {
            name: name.to_string(),
            hands: count(hands),
            vpip_hands: count(vpip),
            pfr_hands: count(pfr),
            counts,
            recent,
        }))
    }

    /// The rows of `sql` (one `?1` parameter, the opponent's id), each `N` integers.
    fn int_rows<const N: usize>(&self, sql: &str, id: i64) -> Result<Vec<[i64; N]>, StoreError> {
        let err = |e| classify(&self.path, e);
        let mut stmt = self.conn.prepare_cached(sql).map_err(err)?;
        let rows = stmt
            .query_map(params![id], |r| {
                let mut out = [0i64; N];
                for (i, x) in out.iter_mut().enumerate() {
                    *x = r.get(i)?;
                }
                Ok(out)
            })
            .map_err(err)?;
        rows.map(|r| r.map_err(err)).collect()
    }

    /// Every opponent's name and hand count, by name.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn names(&self) -> Result<Vec<(String, u64)>, StoreError> {
        let err = |e| classify(&self.path, e);
        let mut stmt = self
            .conn
            .prepare("SELECT name, hands FROM opponent ORDER BY name")
            .map_err(err)?;
        let rows = stmt
            .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))
            .map_err(err)?;
        rows.map(|r| {
            r.map(|(n, h)| (n, u64::try_from(h).unwrap_or(0)))
                .map_err(err)
        })
        .collect()
    }

    /// Every profile, by name.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn profiles(&self) -> Result<Vec<Profile>, StoreError> {
        let mut out = Vec::new();
        for (name, _) in self.names()? {
            if let Some(p) = self.profile(&name)? {
                out.push(p);
            }
        }
        Ok(out)
    }

    /// Deletes one opponent's profile; `false` if there was none.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn reset(&mut self, name: &str) -> Result<bool, StoreError> {
        let n = self
            .conn
            .execute("DELETE FROM opponent WHERE name = ?1", params![name])
            .map_err(|e| classify(&self.path, e))?;
        Ok(n > 0)
    }
}

/// Adds one opponent's hand (see [`Store::record_hand`]) inside a transaction.
fn add_delta(tx: &rusqlite::Transaction<'_>, d: &HandDelta, window: usize) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO opponent (name) VALUES (?1) ON CONFLICT (name) DO NOTHING",
        params![d.name],
    )?;
    let id: i64 = tx.query_row(
        "SELECT id FROM opponent WHERE name = ?1",
        params![d.name],
        |r| r.get(0),
    )?;
    tx.execute(
        "UPDATE opponent SET hands = hands + ?2, vpip_hands = vpip_hands + ?3, \
         pfr_hands = pfr_hands + ?4 WHERE id = ?1",
        params![id, 1i64, i64::from(d.vpip), i64::from(d.pfr)],
    )?;
    let mut counts = ActionCounts::default();
    for o in &d.observations {
        counts.record(o.context(), o.action);
    }
    {
        let mut add = tx.prepare_cached(
            "INSERT INTO action_count (opponent, round, bets_to_call, action, count) \
                 VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (opponent, round, bets_to_call, action) \
                 DO UPDATE SET count = count + excluded.count",
        )?;
        for (c, cell) in counts.iter() {
            for (a, &k) in cell.iter() {
                if k > 0 {
                    add.execute(params![
                        id,
                        c.round.index() as i64,
                        c.bets_to_call as i64,
                        a.index() as i64,
                        i64::from(k)
                    ])?;
                }
            }
        }
        let mut push = tx.prepare_cached(
            "INSERT INTO recent_action (opponent, round, bets_to_call, action) \
                 VALUES (?1, ?2, ?3, ?4)",
        )?;
        for o in &d.observations {
            push.execute(params![
                id,
                i64::from(o.round),
                i64::from(o.bets_to_call),
                o.action.index() as i64
            ])?;
        }
    }
    if !d.observations.is_empty() {
        tx.execute(
            "DELETE FROM recent_action WHERE id IN (SELECT id FROM \
             (SELECT id, ROW_NUMBER() OVER (PARTITION BY round, bets_to_call \
             ORDER BY id DESC) AS newer FROM recent_action WHERE opponent = ?1) \
             WHERE newer > ?2)",
            params![id, window as i64],
        )?;
    }
    Ok(())
}

/// The file's application id, schema version and number of schema objects, read in one
/// statement, so from one snapshot (three statements could see another client's schema
/// commit between them: no application id yet, but its tables).
fn identity(conn: &Connection) -> rusqlite::Result<(i32, i32, i64)> {
    conn.query_row(
        "SELECT (SELECT application_id FROM pragma_application_id), \
                (SELECT user_version FROM pragma_user_version), \
                (SELECT count(*) FROM sqlite_master)",
        [],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )
}

/// Refuses a non-empty file that does not start with SQLite's header, before SQLite
/// touches it.
fn check_header(path: &Path) -> Result<(), StoreError> {
    use std::io::Read;
    let mut f = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(StoreError::Io(path.to_path_buf(), e)),
    };
    let mut head = Vec::with_capacity(16);
    f.by_ref()
        .take(16)
        .read_to_end(&mut head)
        .map_err(|e| StoreError::Io(path.to_path_buf(), e))?;
    if head.is_empty() || head == b"SQLite format 3\0" {
        Ok(())
    } else {
        Err(StoreError::NotSqlite(path.to_path_buf()))
    }
}

fn check_name(name: &str) -> Result<(), StoreError> {
    if name.is_empty() || name.len() > MAX_NAME_LEN || name.chars().any(char::is_control) {
        return Err(StoreError::BadName(name.chars().take(40).collect()));
    }
    Ok(())
}
