//! Errors of the profile store.
use std::path::PathBuf;
use thiserror::Error;

/// A profile store that cannot be used.
#[derive(Debug, Error)]
pub enum StoreError {
    /// No such file (reading commands never create one).
    #[error("no profile store at {0}")]
    Missing(PathBuf),
    /// The file is not an SQLite database.
    #[error("{0} is not an SQLite database (not a loki profile store; left untouched)")]
    NotSqlite(PathBuf),
    /// An SQLite database of another program.
    #[error(
        "{0} is an SQLite database of another program, not a loki profile store (left untouched)"
    )]
    Foreign(PathBuf),
    /// A store of a newer loki.
    #[error("{0} is a profile store of a newer loki (schema version {1})")]
    TooNew(PathBuf, i32),
    /// A damaged file.
    #[error("{0} is corrupt: {1} (left untouched)")]
    Corrupt(PathBuf, String),
    /// WAL mode is not available (e.g. a network file system).
    #[error("{0}: cannot use WAL mode (journal mode {1})")]
    NoWal(PathBuf, String),
    /// Another writer held the file past the busy timeout.
    #[error("{0} is busy (another writer held it past the timeout)")]
    Busy(PathBuf),
    /// An unusable opponent name.
    #[error("bad opponent name {0:?}: 1 to 200 characters, no control characters")]
    BadName(String),
    /// File system errors.
    #[error("{0}: {1}")]
    Io(PathBuf, std::io::Error),
    /// Other SQLite errors.
    #[error("{0}: {1}")]
    Sqlite(PathBuf, rusqlite::Error),
}
