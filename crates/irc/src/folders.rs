//! The folder layout of the database: a root holds `holdem/YYYYMM/` folders, each with
//! `hdb`, `hroster` and `pdb/pdb.NICK` (as in the original `IRCdata` archive). The only
//! module of the crate that touches the file system.
use crate::archive::Archive;
use crate::error::IrcError;
use crate::lines::{read_hdb, read_hroster, read_pdb};
use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> IrcError + '_ {
    move |source| IrcError::Io {
        path: path.to_path_buf(),
        source,
    }
}

fn open(path: &Path) -> Result<BufReader<File>, IrcError> {
    if !path.is_file() {
        return Err(IrcError::Missing(path.to_path_buf()));
    }
    Ok(BufReader::new(File::open(path).map_err(io(path))?))
}

/// Entries of a folder, sorted by name (for a deterministic walk).
fn entries(dir: &Path) -> Result<Vec<PathBuf>, IrcError> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(dir).map_err(io(dir))? {
        v.push(e.map_err(io(dir))?.path());
    }
    v.sort();
    Ok(v)
}

/// The `holdem/YYYYMM` folders of a root.
pub fn month_folders(root: &Path) -> Result<Vec<PathBuf>, IrcError> {
    let holdem = root.join("holdem");
    if !holdem.is_dir() {
        return Err(IrcError::NotARoot(root.to_path_buf()));
    }
    let months: Vec<PathBuf> = entries(&holdem)?
        .into_iter()
        .filter(|p| {
            p.is_dir()
                && p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.len() == 6 && n.bytes().all(|b| b.is_ascii_digit()))
        })
        .collect();
    if months.is_empty() {
        return Err(IrcError::NotARoot(root.to_path_buf()));
    }
    Ok(months)
}

/// Reads one month folder into the archive.
pub fn add_month(archive: &mut Archive, month: &Path) -> Result<(), IrcError> {
    let hdb = month.join("hdb");
    archive.add_hdb(read_hdb(open(&hdb)?).map_err(|e| e.in_file(&hdb))?);
    let roster = month.join("hroster");
    archive.add_roster(read_hroster(open(&roster)?).map_err(|e| e.in_file(&roster))?);
    let pdb = month.join("pdb");
    if !pdb.is_dir() {
        return Err(IrcError::Missing(pdb));
    }
    for path in entries(&pdb)? {
        let Some(nick) = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_prefix("pdb."))
        else {
            continue;
        };
        if nick.is_empty() || !path.is_file() {
            continue;
        }
        let lines = read_pdb(open(&path)?, nick).map_err(|e| e.in_file(&path))?;
        archive.add_pdb(lines);
    }
    Ok(())
}

/// Reads and merges every month of every root.
pub fn load(roots: &[PathBuf]) -> Result<Archive, IrcError> {
    let mut archive = Archive::new();
    for root in roots {
        for month in month_folders(root)? {
            add_month(&mut archive, &month)?;
        }
    }
    Ok(archive)
}
