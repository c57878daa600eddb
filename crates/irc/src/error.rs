//! Typed errors of the IRC database reader: a malformed line (with its file and line), an
//! unreadable file, or a folder that is not an IRC database root.
use std::path::PathBuf;
use thiserror::Error;

/// What is wrong with one line of `hdb`, `hroster` or `pdb/pdb.NICK`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LineError {
    /// Longer than [`crate::lines::MAX_LINE`] bytes.
    #[error("line longer than {0} bytes")]
    TooLong(usize),
    /// Not UTF-8 text.
    #[error("not UTF-8 text")]
    NotUtf8,
    /// Wrong number of whitespace-separated fields.
    #[error("{got} fields, expected {expected}")]
    Fields {
        /// What the format allows, e.g. "11 or 13".
        expected: &'static str,
        /// Fields found.
        got: usize,
    },
    /// A field that must be a number is not one (or is out of range).
    #[error("field {field} `{text}` is not a valid {what}")]
    Number {
        /// 1-based field number.
        field: usize,
        /// The text.
        text: String,
        /// What was expected.
        what: &'static str,
    },
    /// A `players/pot` field that does not parse.
    #[error("field {field} `{text}` is not players/pot")]
    PlayersPot {
        /// 1-based field number.
        field: usize,
        /// The text.
        text: String,
    },
    /// A card that does not parse.
    #[error("field {field} `{text}` is not a card")]
    Card {
        /// 1-based field number.
        field: usize,
        /// The text.
        text: String,
    },
    /// The same card twice on one line.
    #[error("card {0} appears twice")]
    DuplicateCard(String),
    /// A board of a length other than 0, 3, 4 or 5 cards.
    #[error("a board of {0} cards (expected 0, 3, 4 or 5)")]
    BoardLength(usize),
    /// An action string with a character outside `-BfkbcrAQK`, or `-` mixed with actions.
    #[error("field {field} `{text}` is not an action string")]
    Actions {
        /// 1-based field number.
        field: usize,
        /// The text.
        text: String,
    },
    /// The number of players is 0 or absurd, or the names do not match the count.
    #[error("{count} players with {names} names")]
    PlayerCount {
        /// The count field.
        count: usize,
        /// Names on the line.
        names: usize,
    },
    /// A position outside 1..=n.
    #[error("position {position} outside 1..={players}")]
    Position {
        /// The position field.
        position: usize,
        /// Players dealt in.
        players: usize,
    },
    /// A `pdb.NICK` line naming another player.
    #[error("nickname `{found}` in the file of `{file}`")]
    Nick {
        /// The nickname of the file name.
        file: String,
        /// The nickname on the line.
        found: String,
    },
}

/// A line error with its 1-based line number (the file is added by the folder walker).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {error}")]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub error: LineError,
}

/// An error while reading an IRC database.
#[derive(Debug, Error)]
pub enum IrcError {
    /// A file could not be read.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A malformed line.
    #[error("{}, line {line}: {error}", path.display())]
    Line {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        error: LineError,
    },
    /// A root without any `holdem/YYYYMM/` folder.
    #[error("{}: no holdem/YYYYMM folder (expected a root of the IRC database layout)", .0.display())]
    NotARoot(PathBuf),
    /// A month folder without a required file.
    #[error("{}: missing", .0.display())]
    Missing(PathBuf),
}

impl IrcError {
    /// Attaches a file to a parse error.
    pub fn at(path: impl Into<PathBuf>, e: ParseError) -> IrcError {
        IrcError::Line {
            path: path.into(),
            line: e.line,
            error: e.error,
        }
    }
}
