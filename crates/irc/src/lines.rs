//! The three line formats of the IRC poker database (`hdb`, `hroster`, `pdb/pdb.NICK`),
//! as described in the database's own README and docs/irc.md ("File formats"), parsed from any
//! [`BufRead`]. Every malformed line is a [`ParseError`] with its line number; nothing
//! read from a file can make the reader panic or allocate without bound (lines are
//! limited to [`MAX_LINE`] bytes, player counts to [`MAX_PLAYERS`]).
use crate::error::{IrcError, LineError, ParseError};
use loki_cards::{Card, HoleCards};
use loki_engine::Chips;
use std::io::{BufRead, Read};
use std::path::Path;

/// The longest line accepted, in bytes.
pub const MAX_LINE: usize = 4096;
/// The largest player count accepted on a line (the server seated at most 12).
pub const MAX_PLAYERS: usize = 23;

/// Players still in and the pot at one point of a hand (`hdb` fields 5-8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlayersPot {
    /// Players still in.
    pub players: u32,
    /// The pot.
    pub pot: Chips,
}

/// One `hdb` line: one hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HdbLine {
    /// The hand's timestamp (Unix seconds), which identifies it.
    pub timestamp: u64,
    /// The dealer-session number.
    pub session: u32,
    /// The hand number within the session.
    pub number: u64,
    /// Players dealt in.
    pub players: usize,
    /// Players and pot at the start of the flop, turn and river, and at the end.
    pub stages: [PlayersPot; 4],
    /// The board cards dealt (0, 3, 4 or 5).
    pub board: Vec<Card>,
}

/// One `hroster` line: who was dealt in (alphabetical, not in seat order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RosterLine {
    /// The hand's timestamp.
    pub timestamp: u64,
    /// The nicknames.
    pub names: Vec<String>,
}

/// One `pdb/pdb.NICK` line: one player in one hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PdbLine {
    /// The nickname.
    pub nick: String,
    /// The hand's timestamp.
    pub timestamp: u64,
    /// Players dealt in.
    pub players: usize,
    /// Position 1..=n in dealing order (1 = small blind, n = button).
    pub position: usize,
    /// Action strings of the pre-flop, flop, turn and river (empty for `-`).
    pub actions: [String; 4],
    /// Bankroll at the start of the hand.
    pub bankroll: Chips,
    /// Chips put into the pot during the hand.
    pub put_in: Chips,
    /// Chips won from the pot (gross).
    pub won: Chips,
    /// The hole cards, if shown.
    pub cards: Option<HoleCards>,
}

/// Characters allowed in an action string.
pub const ACTION_CHARS: &str = "BfkbcrAQK";

fn number<T: std::str::FromStr>(
    fields: &[&str],
    i: usize,
    what: &'static str,
) -> Result<T, LineError> {
    number_if(fields, i, what, |_| true)
}

/// Field `i` as a number for which `fits` holds.
fn number_if<T: std::str::FromStr>(
    fields: &[&str],
    i: usize,
    what: &'static str,
    fits: impl Fn(&T) -> bool,
) -> Result<T, LineError> {
    match fields[i].parse::<T>() {
        Ok(v) if fits(&v) => Ok(v),
        _ => Err(LineError::Number {
            field: i + 1,
            text: fields[i].to_string(),
            what,
        }),
    }
}

fn chips(fields: &[&str], i: usize) -> Result<Chips, LineError> {
    number_if(fields, i, "chip amount", |v| (0..=1 << 40).contains(v))
}

fn players_pot(fields: &[&str], i: usize) -> Result<PlayersPot, LineError> {
    let bad = || LineError::PlayersPot {
        field: i + 1,
        text: fields[i].to_string(),
    };
    let (p, pot) = fields[i].split_once('/').ok_or_else(bad)?;
    let players: u32 = p.parse().map_err(|_| bad())?;
    let pot: Chips = pot.parse().map_err(|_| bad())?;
    if players as usize > MAX_PLAYERS || !(0..=1 << 40).contains(&pot) {
        return Err(bad());
    }
    Ok(PlayersPot { players, pot })
}

fn cards(fields: &[&str], from: usize) -> Result<Vec<Card>, LineError> {
    let mut out: Vec<Card> = Vec::with_capacity(fields.len().saturating_sub(from));
    for (i, t) in fields.iter().enumerate().skip(from) {
        let c: Card = t.parse().map_err(|_| LineError::Card {
            field: i + 1,
            text: t.to_string(),
        })?;
        if out.contains(&c) {
            return Err(LineError::DuplicateCard(c.to_string()));
        }
        out.push(c);
    }
    Ok(out)
}

fn player_count(fields: &[&str], i: usize) -> Result<usize, LineError> {
    number_if(fields, i, "player count", |n| (1..=MAX_PLAYERS).contains(n))
}

/// Parses one `hdb` line.
pub fn parse_hdb(line: &str) -> Result<HdbLine, LineError> {
    let f: Vec<&str> = line.split_whitespace().collect();
    if !matches!(f.len(), 8 | 11 | 12 | 13) {
        if f.len() > 8 {
            return Err(LineError::BoardLength(f.len() - 8));
        }
        return Err(LineError::Fields {
            expected: "8, 11, 12 or 13",
            got: f.len(),
        });
    }
    Ok(HdbLine {
        timestamp: number(&f, 0, "timestamp")?,
        session: number(&f, 1, "dealer session")?,
        number: number(&f, 2, "hand number")?,
        players: player_count(&f, 3)?,
        stages: [
            players_pot(&f, 4)?,
            players_pot(&f, 5)?,
            players_pot(&f, 6)?,
            players_pot(&f, 7)?,
        ],
        board: cards(&f, 8)?,
    })
}

/// Parses one `hroster` line.
pub fn parse_hroster(line: &str) -> Result<RosterLine, LineError> {
    let f: Vec<&str> = line.split_whitespace().collect();
    if f.len() < 3 {
        return Err(LineError::Fields {
            expected: "2 + the player count",
            got: f.len(),
        });
    }
    let timestamp = number(&f, 0, "timestamp")?;
    let n = player_count(&f, 1)?;
    if f.len() != n + 2 {
        return Err(LineError::PlayerCount {
            count: n,
            names: f.len() - 2,
        });
    }
    Ok(RosterLine {
        timestamp,
        names: f[2..].iter().map(|s| s.to_string()).collect(),
    })
}

fn action_string(fields: &[&str], i: usize) -> Result<String, LineError> {
    let t = fields[i];
    if t == "-" {
        return Ok(String::new());
    }
    if t.chars().all(|c| ACTION_CHARS.contains(c)) {
        Ok(t.to_string())
    } else {
        Err(LineError::Actions {
            field: i + 1,
            text: t.to_string(),
        })
    }
}

/// Parses one `pdb.NICK` line; `nick`, if given, must be the line's nickname.
pub fn parse_pdb(line: &str, nick: Option<&str>) -> Result<PdbLine, LineError> {
    let f: Vec<&str> = line.split_whitespace().collect();
    if f.len() != 11 && f.len() != 13 {
        return Err(LineError::Fields {
            expected: "11 or 13",
            got: f.len(),
        });
    }
    if let Some(n) = nick {
        if n != f[0] {
            return Err(LineError::Nick {
                file: n.to_string(),
                found: f[0].to_string(),
            });
        }
    }
    let players = player_count(&f, 2)?;
    let position: usize = number(&f, 3, "position")?;
    if !(1..=players).contains(&position) {
        return Err(LineError::Position { position, players });
    }
    let cards = if f.len() == 13 {
        let c = cards(&f, 11)?;
        Some(HoleCards::new(c[0], c[1]).map_err(|_| LineError::DuplicateCard(c[0].to_string()))?)
    } else {
        None
    };
    Ok(PdbLine {
        nick: f[0].to_string(),
        timestamp: number(&f, 1, "timestamp")?,
        players,
        position,
        actions: [
            action_string(&f, 4)?,
            action_string(&f, 5)?,
            action_string(&f, 6)?,
            action_string(&f, 7)?,
        ],
        bankroll: chips(&f, 8)?,
        put_in: chips(&f, 9)?,
        won: chips(&f, 10)?,
        cards,
    })
}

/// Reads the lines of `reader` (skipping blank ones) and parses each with `parse`.
/// Errors carry the 1-based line number; I/O errors are returned as they are.
pub fn read_lines<T>(
    mut reader: impl BufRead,
    mut parse: impl FnMut(&str) -> Result<T, LineError>,
) -> Result<Vec<T>, ReadError> {
    let mut out = Vec::new();
    let mut buf: Vec<u8> = Vec::new();
    let mut line = 0usize;
    loop {
        buf.clear();
        line += 1;
        let got = (&mut reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
            .map_err(ReadError::Io)?;
        if got == 0 {
            break;
        }
        let at = |error| ReadError::Parse(ParseError { line, error });
        if buf.last() != Some(&b'\n') && buf.len() > MAX_LINE {
            return Err(at(LineError::TooLong(MAX_LINE)));
        }
        let text = std::str::from_utf8(&buf).map_err(|_| at(LineError::NotUtf8))?;
        if text.trim().is_empty() {
            continue;
        }
        out.push(parse(text).map_err(at)?);
    }
    Ok(out)
}

/// A failure of [`read_lines`]: I/O or a malformed line.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// Reading failed.
    #[error(transparent)]
    Io(std::io::Error),
    /// A malformed line.
    #[error(transparent)]
    Parse(ParseError),
}

impl ReadError {
    /// The error with the file it came from.
    pub fn in_file(self, path: &Path) -> IrcError {
        match self {
            ReadError::Io(source) => IrcError::Io {
                path: path.to_path_buf(),
                source,
            },
            ReadError::Parse(e) => IrcError::at(path, e),
        }
    }
}

/// Reads an `hdb` file.
pub fn read_hdb(reader: impl BufRead) -> Result<Vec<HdbLine>, ReadError> {
    read_lines(reader, parse_hdb)
}

/// Reads an `hroster` file.
pub fn read_hroster(reader: impl BufRead) -> Result<Vec<RosterLine>, ReadError> {
    read_lines(reader, parse_hroster)
}

/// Reads a `pdb.NICK` file; every line must name `nick`.
pub fn read_pdb(reader: impl BufRead, nick: &str) -> Result<Vec<PdbLine>, ReadError> {
    read_lines(reader, |l| parse_pdb(l, Some(nick)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hdb_line() {
        let h = parse_hdb("800000000   2   17  3  2/30    2/50    0/0      1/50     2c 3d 4h 5s\n")
            .unwrap();
        assert_eq!(h.timestamp, 800000000);
        assert_eq!((h.session, h.number, h.players), (2, 17, 3));
        let at = |players, pot| PlayersPot { players, pot };
        assert_eq!((h.stages[0], h.stages[3]), (at(2, 30), at(1, 50)));
        assert_eq!(h.board.len(), 4);
        assert_eq!(
            parse_hdb("1 1 1 2 0/0 0/0 0/0 1/15 2c 3d"),
            Err(LineError::BoardLength(2))
        );
        assert_eq!(
            parse_hdb("1 1 1 2 0/0 0/0 0/0 1/15 2c 3d 2c"),
            Err(LineError::DuplicateCard("2c".into()))
        );
        assert!(matches!(
            parse_hdb("1 1 1 2 0/0 0/0 0-0 1/15"),
            Err(LineError::PlayersPot { field: 7, .. })
        ));
        assert!(matches!(
            parse_hdb("1 1 1 0 0/0 0/0 0/0 1/15"),
            Err(LineError::Number { field: 4, .. })
        ));
    }

    #[test]
    fn roster_and_pdb_lines() {
        let r = parse_hroster("800000000  3 al bo cy").unwrap();
        assert_eq!(r.names, vec!["al", "bo", "cy"]);
        assert_eq!(
            parse_hroster("800000000  3 al bo"),
            Err(LineError::PlayerCount { count: 3, names: 2 })
        );
        let p = parse_pdb(
            "al  800000000  3  1 Bc  kb    -     -         1000   30   0 As Kd",
            Some("al"),
        )
        .unwrap();
        assert_eq!(p.position, 1);
        assert_eq!(p.actions[0], "Bc");
        assert_eq!(p.actions[2], "");
        assert_eq!(p.cards.unwrap().to_string(), "AsKd");
        assert!(matches!(
            parse_pdb("al 1 3 1 Bx - - - 1 1 1", None),
            Err(LineError::Actions { field: 5, .. })
        ));
        assert!(matches!(
            parse_pdb("al 1 3 4 B - - - 1 1 1", None),
            Err(LineError::Position { position: 4, .. })
        ));
        assert!(matches!(
            parse_pdb("al 1 3 1 B - - - 1 1 1", Some("bo")),
            Err(LineError::Nick { .. })
        ));
        assert!(matches!(
            parse_pdb("al 1 3 1 B - - - 1 1 1 As", None),
            Err(LineError::Fields { got: 12, .. })
        ));
        assert!(matches!(
            parse_pdb("al 1 3 1 B - - - 1 1 1 As As", None),
            Err(LineError::DuplicateCard(_))
        ));
    }

    #[test]
    fn reader_numbers_lines_and_bounds_them() {
        let text = "800000000  2 al bo\n\n800000001  2 al\n";
        let e = read_hroster(text.as_bytes()).unwrap_err();
        assert!(
            matches!(e, ReadError::Parse(ParseError { line: 3, .. })),
            "{e}"
        );
        let long = format!("800000000  2 al {}\n", "b".repeat(MAX_LINE));
        assert!(matches!(
            read_hroster(long.as_bytes()),
            Err(ReadError::Parse(ParseError {
                line: 1,
                error: LineError::TooLong(_)
            }))
        ));
        let bad = b"800000000  2 al \xff\n";
        assert!(matches!(
            read_hroster(&bad[..]),
            Err(ReadError::Parse(ParseError {
                error: LineError::NotUtf8,
                ..
            }))
        ));
        // CRLF line endings and a last line without a newline are fine.
        let crlf = "800000000  2 al bo\r\n800000001  2 al cy";
        assert_eq!(read_hroster(crlf.as_bytes()).unwrap().len(), 2);
    }
}
