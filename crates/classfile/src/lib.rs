//! The flop class store ([`loki_assess::range::FlopClasses`]) kept in a cache file, so
//! that a fresh process starts warm: it reads the classes earlier processes swept instead
//! of sweeping each again on its first flop of the class (the range-table sweep's exact
//! integer sums, 31.8 KB a class, 55.8 MB for all 1,755).
//!
//! The file (`flop-classes.bin` in the cache directory, [`cache_dir`]) is
//! [`MAGIC`], the format version, [`CLASS_SUMS_VERSION`](loki_assess::range::CLASS_SUMS_VERSION),
//! the bytes of a class and the number of classes (four little-endian `u32`), then the
//! classes in ascending order of canonical flop (three card indices and a zero byte, then
//! the class's bytes), then a 64-bit checksum of everything before it. It is untrusted
//! input: it is read only up to [`MAX_FILE_BYTES`], every field is checked, and at load
//! two of its classes are swept afresh and compared byte for byte, so that a file of
//! other code (a sweep changed without a version bump) is never read. A file that fails
//! any check is ignored as if absent (and replaced by the next save); nothing panics on
//! it.
//!
//! Writers never lose each other's work: a save takes the writers' lock file, reads the
//! file on disk again, writes the union of its classes and the store's to a temporary
//! file of its own in the same directory and renames it over the file (atomic on one file
//! system), so a reader (who takes no lock) sees the old file or the new one, never a
//! mix, and processes saving at once keep every class of each.
//!
//! [`ClassCache`] is the handle the edges hold (the CLI's commands that play hands, the
//! Python module): it keeps the process's shared store alive
//! ([`loki_assess::range::flop_classes`]), loads the file into it, and saves when the
//! store holds classes the file lacks. `LOKI_CACHE_DIR=off` turns the file off;
//! `LOKI_CACHE_VERBOSE=1` prints one line on stderr per load and save.
use loki_assess::range::{
    check_class_bytes, class_bytes_swept, flop_classes, is_canonical_flop, ClassBytesError,
    FlopClasses, CLASS_BYTES, CLASS_SUMS_VERSION,
};
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The file's first eight bytes.
pub const MAGIC: [u8; 8] = *b"LOKIFCS\x1a";

/// The version of the file's layout (**ours**).
pub const FORMAT_VERSION: u32 = 1;

/// The file's name in the cache directory.
pub const FILE_NAME: &str = "flop-classes.bin";

/// The number of flop classes (flops up to suit isomorphism).
pub const MAX_CLASSES: usize = 1_755;

const HEADER: usize = 8 + 4 * 4;
const RECORD: usize = 4 + CLASS_BYTES;
const TRAILER: usize = 8;

/// The largest file read (every class): about 55.9 MB.
pub const MAX_FILE_BYTES: usize = HEADER + MAX_CLASSES * RECORD + TRAILER;

/// A class as the file holds it: its canonical flop and its bytes.
pub type ClassRecord<'a> = ([u8; 3], &'a [u8]);

/// Why a cache file was not read or written.
#[derive(Debug, thiserror::Error)]
pub enum ClassFileError {
    /// Reading or writing failed.
    #[error("class cache file: {0}")]
    Io(#[from] std::io::Error),
    /// The file is larger than any valid one.
    #[error("class cache file of {0} bytes, more than {MAX_FILE_BYTES}")]
    TooLarge(u64),
    /// The file does not start with [`MAGIC`] or is shorter than a header.
    #[error("not a class cache file")]
    Magic,
    /// Another layout version.
    #[error("class cache file of format {0}, not {FORMAT_VERSION}")]
    Format(u32),
    /// Sums of another sweep version, or classes of another size.
    #[error("class cache file of sums version {0} ({1} bytes a class), not {CLASS_SUMS_VERSION} ({CLASS_BYTES})")]
    Sums(u32, u32),
    /// The length does not match the number of classes the header gives.
    #[error("class cache file of {found} bytes where its header says {expected}")]
    Length {
        /// The length the header implies.
        expected: usize,
        /// The file's length.
        found: usize,
    },
    /// The checksum does not match: the file is damaged.
    #[error("class cache file damaged (checksum)")]
    Checksum,
    /// Classes out of order, repeated, or a padding byte not zero.
    #[error("class cache file's classes out of order at {0:?}")]
    Order([u8; 3]),
    /// A class's bytes refused by the store.
    #[error("class cache file: {0}")]
    Class(#[from] ClassBytesError),
    /// A class differs from the same class swept now: the file is of other code.
    #[error("class cache file is stale: class {0:?} differs from this build's sweep")]
    Stale([u8; 3]),
}

const K: u64 = 0x9e37_79b9_7f4a_7c15;

/// The checksum computed over bytes given in pieces (the same value as [`checksum`] of
/// the pieces joined, given their total length up front).
struct Checksum {
    h: u64,
    pending: [u8; 8],
    filled: usize,
}

impl Checksum {
    fn new(total: usize) -> Checksum {
        Checksum {
            h: 0x6c6f_6b69_u64 ^ (total as u64).wrapping_mul(K),
            pending: [0; 8],
            filled: 0,
        }
    }

    fn word(&mut self, w: [u8; 8]) {
        self.h = (self.h ^ u64::from_le_bytes(w))
            .wrapping_mul(K)
            .rotate_left(31);
    }

    fn update(&mut self, mut bytes: &[u8]) {
        if self.filled > 0 {
            let take = (8 - self.filled).min(bytes.len());
            self.pending[self.filled..self.filled + take].copy_from_slice(&bytes[..take]);
            self.filled += take;
            bytes = &bytes[take..];
            if self.filled < 8 {
                return;
            }
            let w = self.pending;
            self.word(w);
            self.filled = 0;
        }
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            let mut b = [0u8; 8];
            b.copy_from_slice(w);
            self.word(b);
        }
        let rest = words.remainder();
        self.pending[..rest.len()].copy_from_slice(rest);
        self.filled = rest.len();
    }

    fn finish(self) -> u64 {
        let mut tail = [0u8; 8];
        tail[..self.filled].copy_from_slice(&self.pending[..self.filled]);
        let h = (self.h ^ u64::from_le_bytes(tail)).wrapping_mul(K);
        h ^ (h >> 32)
    }
}

/// A 64-bit checksum (word-wise multiply-xor; detects damage, not an adversary).
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut c = Checksum::new(bytes.len());
    c.update(bytes);
    c.finish()
}

/// Writes a file of `count` classes, given in ascending order of flop, to `w`, with the
/// checksum computed on the way (nothing but one class held at a time).
fn write_classes<'a>(
    w: &mut impl Write,
    count: usize,
    classes: impl Iterator<Item = ([u8; 3], std::borrow::Cow<'a, [u8]>)>,
) -> std::io::Result<()> {
    let mut sum = Checksum::new(HEADER + count * RECORD);
    let mut put = |w: &mut dyn Write, bytes: &[u8]| {
        sum.update(bytes);
        w.write_all(bytes)
    };
    put(w, &MAGIC)?;
    for x in [
        FORMAT_VERSION,
        CLASS_SUMS_VERSION,
        CLASS_BYTES as u32,
        count as u32,
    ] {
        put(w, &x.to_le_bytes())?;
    }
    for (key, bytes) in classes {
        if bytes.len() != CLASS_BYTES {
            return Err(std::io::Error::other("a class of the wrong size"));
        }
        put(w, &[key[0], key[1], key[2], 0])?;
        put(w, &bytes)?;
    }
    w.write_all(&sum.finish().to_le_bytes())
}

/// The file's bytes for `classes` (canonical flop, [`CLASS_BYTES`] bytes each), in
/// ascending order of flop.
pub fn encode(classes: &BTreeMap<[u8; 3], Vec<u8>>) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + classes.len() * RECORD + TRAILER);
    let records = classes
        .iter()
        .map(|(k, b)| (*k, std::borrow::Cow::Borrowed(&b[..])));
    // Writing to a Vec cannot fail.
    let _ = write_classes(&mut out, classes.len(), records);
    out
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    let mut b = [0u8; 4];
    if let Some(s) = bytes.get(at..at + 4) {
        b.copy_from_slice(s);
    }
    u32::from_le_bytes(b)
}

/// The classes of a file's bytes, checked: magic, versions, length, checksum, canonical
/// flops in strictly ascending order. The classes' sums are not compared with a sweep
/// here ([`read_file`] does that).
///
/// # Errors
/// The first check that fails.
pub fn decode(bytes: &[u8]) -> Result<Vec<ClassRecord<'_>>, ClassFileError> {
    if bytes.len() < HEADER + TRAILER || bytes[..8] != MAGIC {
        return Err(ClassFileError::Magic);
    }
    let format = u32_at(bytes, 8);
    if format != FORMAT_VERSION {
        return Err(ClassFileError::Format(format));
    }
    let (sums, size) = (u32_at(bytes, 12), u32_at(bytes, 16));
    if sums != CLASS_SUMS_VERSION || size as usize != CLASS_BYTES {
        return Err(ClassFileError::Sums(sums, size));
    }
    let count = u32_at(bytes, 20) as usize;
    let expected = HEADER + count.min(MAX_CLASSES + 1) * RECORD + TRAILER;
    if count > MAX_CLASSES || bytes.len() != expected {
        return Err(ClassFileError::Length {
            expected,
            found: bytes.len(),
        });
    }
    let body = bytes.len() - TRAILER;
    let mut stored = [0u8; 8];
    stored.copy_from_slice(&bytes[body..]);
    if checksum(&bytes[..body]) != u64::from_le_bytes(stored) {
        return Err(ClassFileError::Checksum);
    }
    let mut out = Vec::with_capacity(count);
    let mut last: Option<[u8; 3]> = None;
    for record in bytes[HEADER..body].chunks_exact(RECORD) {
        let key = [record[0], record[1], record[2]];
        if record[3] != 0 || last.is_some_and(|l| l >= key) {
            return Err(ClassFileError::Order(key));
        }
        if !is_canonical_flop(key) {
            return Err(ClassBytesError::NotCanonical(key).into());
        }
        last = Some(key);
        out.push((key, &record[4..]));
    }
    Ok(out)
}

/// Reads at most [`MAX_FILE_BYTES`] of `path`.
fn read_bounded(path: &Path) -> Result<Vec<u8>, ClassFileError> {
    let file = std::fs::File::open(path)?;
    let len = file.metadata()?.len();
    if len > MAX_FILE_BYTES as u64 {
        return Err(ClassFileError::TooLarge(len));
    }
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() > MAX_FILE_BYTES {
        return Err(ClassFileError::TooLarge(bytes.len() as u64));
    }
    Ok(bytes)
}

/// The classes of the file at `path`, checked as [`decode`] checks them and two of them
/// (the first and the middle one) swept afresh and compared byte for byte.
///
/// # Errors
/// A missing or unreadable file, or any failed check.
pub fn read_file(path: &Path) -> Result<BTreeMap<[u8; 3], Vec<u8>>, ClassFileError> {
    let bytes = read_bounded(path)?;
    Ok(verified(&bytes)?
        .into_iter()
        .map(|(k, s)| (k, s.to_vec()))
        .collect())
}

/// [`decode`], then two classes (the first and the middle one) swept afresh and compared.
fn verified(bytes: &[u8]) -> Result<Vec<ClassRecord<'_>>, ClassFileError> {
    let classes = decode(bytes)?;
    let n = classes.len();
    for i in [0, n / 2] {
        if let Some(&(key, sums)) = classes.get(i) {
            if class_bytes_swept(key).as_deref() != Some(sums) {
                return Err(ClassFileError::Stale(key));
            }
        }
    }
    Ok(classes)
}

/// Loads the classes of the file at `path` into `store` (those not stored yet, within
/// its budget); returns how many were added.
///
/// # Errors
/// As [`read_file`], or a class the store would refuse; nothing is added then.
pub fn load_into(store: &FlopClasses, path: &Path) -> Result<usize, ClassFileError> {
    let bytes = read_bounded(path)?;
    let classes = verified(&bytes)?;
    for &(key, sums) in &classes {
        check_class_bytes(key, sums)?;
    }
    let mut added = 0;
    for (key, sums) in classes {
        added += usize::from(store.insert_class_bytes(key, sums)?);
    }
    Ok(added)
}

/// What a save did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Saved {
    /// Classes in the file after the save.
    pub classes: usize,
    /// Whether the file was written (false: it already held every class of the store).
    pub written: bool,
}

/// Saves the store's classes to `path`, merged with the classes of the file there (if it
/// is valid): the union goes to a temporary file in the same directory, renamed over
/// `path`. Writers take turns through a lock file (`path.lock`, created exclusively;
/// one older than a minute is taken as a killed writer's and removed; after 10 s of
/// waiting a writer goes on without it), so that no writer's classes are lost. The
/// directory is created if missing. Nothing is written when the file already holds every
/// class of the store.
///
/// # Errors
/// Creating the directory, writing or renaming failed (the file on disk is unchanged).
pub fn save(store: &FlopClasses, path: &Path) -> Result<Saved, ClassFileError> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let _lock = WriteLock::acquire(path);
    let on_disk = read_bounded(path).ok();
    let disk: Vec<ClassRecord<'_>> = on_disk
        .as_deref()
        .and_then(|b| verified(b).ok())
        .unwrap_or_default();
    let disk_keys: std::collections::BTreeSet<[u8; 3]> = disk.iter().map(|r| r.0).collect();
    let mine: Vec<[u8; 3]> = store
        .class_keys()
        .into_iter()
        .filter(|k| !disk_keys.contains(k))
        .collect();
    let count = disk.len() + mine.len();
    if mine.is_empty() && path.exists() {
        return Ok(Saved {
            classes: count,
            written: false,
        });
    }
    // The union in ascending order: the disk's records and the store's, merged.
    let mut records = Vec::with_capacity(count);
    let (mut d, mut m) = (disk.iter().peekable(), mine.iter().peekable());
    loop {
        let take_disk = match (d.peek(), m.peek()) {
            (Some(a), Some(b)) => a.0 < **b,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => break,
        };
        records.push(if take_disk {
            d.next().map(|r| (r.0, Source::Disk(r.1)))
        } else {
            m.next().map(|k| (*k, Source::Store))
        });
    }
    let records = records.into_iter().flatten().map(|(k, src)| match src {
        Source::Disk(b) => (k, std::borrow::Cow::Borrowed(b)),
        // A class the store dropped since (cleared) fails the write: nothing renamed.
        Source::Store => (
            k,
            store.class_bytes(k).map_or(Default::default(), Into::into),
        ),
    });
    write_atomically(path, |w| write_classes(w, count, records))?;
    Ok(Saved {
        classes: count,
        written: true,
    })
}

/// Where a class written by [`save`] comes from.
enum Source<'a> {
    Disk(&'a [u8]),
    Store,
}

/// How long a writer waits for another's lock before it writes without one (its rename
/// is still atomic; only a class of the other writer may then be missed until the next
/// save).
const LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// A lock file older than this is taken as left by a killed writer and removed.
const LOCK_STALE: std::time::Duration = std::time::Duration::from_secs(60);

/// The writers' lock: `path.lock`, created exclusively, removed when dropped.
struct WriteLock(PathBuf);

impl WriteLock {
    fn acquire(path: &Path) -> Option<WriteLock> {
        let mut name = path.as_os_str().to_owned();
        name.push(".lock");
        let lock = PathBuf::from(name);
        let start = std::time::Instant::now();
        while start.elapsed() < LOCK_WAIT {
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&lock)
            {
                Ok(_) => return Some(WriteLock(lock)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let old = std::fs::metadata(&lock)
                        .and_then(|m| m.modified())
                        .ok()
                        .and_then(|t| t.elapsed().ok())
                        .is_some_and(|age| age > LOCK_STALE);
                    if old {
                        let _ = std::fs::remove_file(&lock);
                    } else {
                        std::thread::sleep(std::time::Duration::from_millis(5));
                    }
                }
                Err(_) => return None,
            }
        }
        None
    }
}

impl Drop for WriteLock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Writes a fresh temporary file next to `path` through `write` and renames it over
/// `path`.
fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut std::io::BufWriter<&std::fs::File>) -> std::io::Result<()>,
) -> Result<(), ClassFileError> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    static SERIAL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let serial = SERIAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = path
        .file_name()
        .map_or_else(|| FILE_NAME.into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(
        ".{name}.{}.{nanos}.{serial}.tmp",
        std::process::id()
    ));
    let written = (|| {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        let mut buffered = std::io::BufWriter::with_capacity(1 << 16, &file);
        write(&mut buffered)?;
        buffered.flush()?;
        drop(buffered);
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    Ok(written?)
}

/// The cache directory: `$LOKI_CACHE_DIR`, else `$XDG_CACHE_HOME/loki`, else
/// `$HOME/.cache/loki`; `None` when `LOKI_CACHE_DIR` is `off` or no directory is known.
pub fn cache_dir() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = var("LOKI_CACHE_DIR") {
        return (dir != "off").then(|| PathBuf::from(dir));
    }
    if let Some(xdg) = var("XDG_CACHE_HOME").map(PathBuf::from) {
        if xdg.is_absolute() {
            return Some(xdg.join("loki"));
        }
    }
    var("HOME").map(|h| PathBuf::from(h).join(".cache").join("loki"))
}

/// The cache file's path in [`cache_dir`], if any.
pub fn cache_path() -> Option<PathBuf> {
    cache_dir().map(|d| d.join(FILE_NAME))
}

fn verbose() -> bool {
    std::env::var_os("LOKI_CACHE_VERBOSE").is_some_and(|v| !v.is_empty() && v != "0")
}

/// The process's shared flop class store, kept alive and backed by a cache file: created
/// with the file's classes loaded, saved with [`ClassCache::save`] and when dropped.
#[derive(Debug)]
pub struct ClassCache {
    store: Arc<FlopClasses>,
    path: Option<PathBuf>,
    /// Classes the file held at the last load or save (the store had them all then).
    known: Mutex<usize>,
}

impl ClassCache {
    /// The shared store ([`flop_classes`]) with the classes of the file at `path` loaded
    /// (none: no file). A file that fails a check is ignored (one line on stderr with
    /// `LOKI_CACHE_VERBOSE=1`).
    pub fn open(path: Option<PathBuf>) -> ClassCache {
        let store = flop_classes();
        let mut known = 0;
        if let Some(p) = &path {
            let start = std::time::Instant::now();
            match load_into(&store, p) {
                Ok(added) => {
                    known = store.stats().classes;
                    if verbose() {
                        eprintln!(
                            "loki: class cache: {added} classes from {} in {:.0} ms",
                            p.display(),
                            start.elapsed().as_secs_f64() * 1e3
                        );
                    }
                }
                Err(e) => {
                    if verbose() {
                        eprintln!("loki: class cache: {} not read: {e}", p.display());
                    }
                }
            }
        }
        ClassCache {
            store,
            path,
            known: Mutex::new(known),
        }
    }

    /// [`ClassCache::open`] at [`cache_path`] (`LOKI_CACHE_DIR=off`: no file), or with
    /// no file when `off` is true (a command's `--no-class-cache`).
    pub fn from_env(off: bool) -> ClassCache {
        ClassCache::open(if off { None } else { cache_path() })
    }

    /// The store (the process's shared one while this handle lives).
    pub fn store(&self) -> &Arc<FlopClasses> {
        &self.store
    }

    /// The file, if any.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Saves the store to the file (merged with what is on disk) if it holds classes the
    /// file lacked at the last load or save; returns what was done (`None`: no file, or
    /// nothing new).
    ///
    /// # Errors
    /// As [`save`].
    pub fn save(&self) -> Result<Option<Saved>, ClassFileError> {
        let Some(path) = &self.path else {
            return Ok(None);
        };
        let mut known = self.known.lock().unwrap_or_else(|p| p.into_inner());
        let now = self.store.stats().classes;
        if now <= *known {
            return Ok(None);
        }
        let start = std::time::Instant::now();
        let saved = save(&self.store, path)?;
        *known = now;
        if verbose() {
            eprintln!(
                "loki: class cache: {} classes in {} ({}, {:.0} ms)",
                saved.classes,
                path.display(),
                if saved.written {
                    "written"
                } else {
                    "unchanged"
                },
                start.elapsed().as_secs_f64() * 1e3
            );
        }
        Ok(Some(saved))
    }
}

impl Drop for ClassCache {
    /// Saves what is new (errors are dropped: the cache is an optimization).
    fn drop(&mut self) {
        if let Err(e) = self.save() {
            if verbose() {
                eprintln!("loki: class cache: not saved: {e}");
            }
        }
    }
}
