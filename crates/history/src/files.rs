//! History files on disk, as `loki history` finds and names them: the files under a
//! folder (`.phh`, `.phhs`, `.log`, recursively, in name order), the format a file name
//! asks for, and the game an ACPC log's header names.
use crate::{Format, ReplayedHand};
use loki_engine::HandRecord;
use std::path::{Path, PathBuf};

/// A hand with unknown hole cards cannot go into an ACPC log.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0} has unknown cards (`????`), which an ACPC log cannot hold")]
pub struct UnknownCards(pub String);

/// The engine's records of replayed hands for an ACPC log, which needs every card and
/// every result: the first hand without them is refused by its label.
///
/// # Errors
/// [`UnknownCards`].
pub fn acpc_records(hands: &[ReplayedHand]) -> Result<Vec<HandRecord>, UnknownCards> {
    hands
        .iter()
        .map(|h| {
            h.record()
                .filter(|r| r.hole.iter().all(Option::is_some))
                .cloned()
                .ok_or_else(|| UnknownCards(h.label.clone()))
        })
        .collect()
}

/// `path` itself, or when it is a folder every history file under it (`.phh`, `.phhs`,
/// `.log`; recursively, sorted by name), appended to `files`.
///
/// # Errors
/// A folder that cannot be read (the files found before it stay in `files`).
pub fn history_files(path: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if !path.is_dir() {
        files.push(path.to_path_buf());
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
        .map_err(|e| std::io::Error::new(e.kind(), format!("cannot read {}: {e}", path.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for e in entries {
        if e.is_dir() || Format::of_name(&e).is_some() {
            history_files(&e, files)?;
        }
    }
    Ok(())
}

impl Format {
    /// The format a file name asks for: `.phh`/`.phhs` PHH, `.log` an ACPC log (any case).
    pub fn of_name(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "phh" | "phhs" => Some(Format::Phh),
            "log" => Some(Format::Acpc),
            _ => None,
        }
    }

    /// The format to convert a history of this format into, written to `output`: the one
    /// its name asks for, else the other format.
    pub fn converted(self, output: &Path) -> Format {
        Format::of_name(output).unwrap_or(match self {
            Format::Phh => Format::Acpc,
            Format::Acpc => Format::Phh,
        })
    }
}

/// The game an ACPC log's header names (`# name/game/hands/seed NAME GAME ...`, as
/// loki's and the reference dealer's logs begin), within its first eight lines.
pub fn header_game(text: &str) -> Option<&str> {
    text.lines()
        .take(8)
        .find_map(|l| l.strip_prefix("# name/game/hands/seed "))
        .and_then(|rest| rest.split_whitespace().nth(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_from_names_and_conversions() {
        assert_eq!(Format::of_name(Path::new("a/b.PHHS")), Some(Format::Phh));
        assert_eq!(Format::of_name(Path::new("m.log")), Some(Format::Acpc));
        assert_eq!(Format::of_name(Path::new("m.txt")), None);
        assert_eq!(Format::Phh.converted(Path::new("out")), Format::Acpc);
        assert_eq!(Format::Acpc.converted(Path::new("out")), Format::Phh);
        assert_eq!(Format::Phh.converted(Path::new("out.phh")), Format::Phh);
    }

    #[test]
    fn header_game_is_the_second_word() {
        let log = "# a comment\n# name/game/hands/seed m holdem.limit.3p.game 10 1\nSTATE:...";
        assert_eq!(header_game(log), Some("holdem.limit.3p.game"));
        assert_eq!(header_game("STATE:0:cc:..."), None);
    }

    #[test]
    fn folders_give_their_history_files_in_name_order() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir_all(d.join("sub")).unwrap();
        for f in ["b.log", "a.phhs", "notes.txt", "sub/c.phh"] {
            std::fs::write(d.join(f), "").unwrap();
        }
        let mut files = Vec::new();
        history_files(d, &mut files).unwrap();
        let names: Vec<_> = files
            .iter()
            .map(|f| f.strip_prefix(d).unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["a.phhs", "b.log", "sub/c.phh"]);
    }
}
