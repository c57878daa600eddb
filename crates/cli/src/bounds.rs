//! The ranges of the numbers the commands take (`docs/conventions.md`):
//! a number outside its range is one line on stderr and exit status 2, before any work.
use clap::builder::RangedI64ValueParser;

/// Most hands (or games) of a run whose hands are not all kept in memory: 10^9.
pub const MAX_HANDS: u64 = 1_000_000_000;
/// Most hands of a run that keeps every hand (`simulate`, `acpc match`): 10^7.
pub const MAX_RECORDED_HANDS: u64 = 10_000_000;
/// The default seed of every command that has one (the year of the paper); `play` and
/// `serve` deal from a fresh random seed unless given one (nobody may foresee the cards),
/// and `acpc dealer` needs one, as the reference dealer does.
pub const SEED: u64 = 1998;
/// Most worker threads: 256 (more only slows a run down).
pub const MAX_THREADS: u64 = 256;

/// A count within `range`, parsed as a signed number so that a negative one is refused
/// with the range ("-5 is not in 1..=1000000000"), not as an unreadable number; `main`
/// passes `--flag -5` to the flag as its value.
pub fn count<T>(range: std::ops::RangeInclusive<u64>) -> RangedI64ValueParser<T>
where
    T: TryFrom<i64> + Clone + Send + Sync + 'static,
    <T as TryFrom<i64>>::Error: std::error::Error + Send + Sync + 'static,
{
    let wide = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
    RangedI64ValueParser::<T>::new().range(wide(*range.start())..=wide(*range.end()))
}

/// `--threads`: 1 to [`MAX_THREADS`].
pub fn threads() -> RangedI64ValueParser<usize> {
    count(1..=MAX_THREADS)
}

/// A new file at `path`, buffered (an error names it).
///
/// # Errors
/// The file cannot be created.
pub fn create(path: &std::path::Path) -> anyhow::Result<std::io::BufWriter<std::fs::File>> {
    use anyhow::Context as _;
    let file = std::fs::File::create(path);
    Ok(std::io::BufWriter::new(file.with_context(|| {
        format!("cannot create {}", path.display())
    })?))
}

/// Checks, before the work, that the output file `path` can be written: it is
/// opened for writing without being cut, so an existing file keeps its content until the
/// results replace it.
///
/// # Errors
/// The file cannot be opened for writing (a folder, a missing or read-only folder).
pub fn writable(path: &std::path::Path) -> anyhow::Result<()> {
    use anyhow::Context as _;
    std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}
