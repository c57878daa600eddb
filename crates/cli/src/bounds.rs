//! The ranges of the numbers the commands take (issue 20, item 6; `docs/conventions.md`):
//! a number outside its range is one line on stderr and exit status 2, before any work.
use clap::builder::RangedU64ValueParser;

/// Most hands (or games) of a run whose hands are not all kept in memory: 10^9.
pub const MAX_HANDS: u64 = 1_000_000_000;
/// Most hands of a run that keeps every hand (`simulate`, `acpc match`): 10^7.
pub const MAX_RECORDED_HANDS: u64 = 10_000_000;
/// Most worker threads: 256 (more only slows a run down).
pub const MAX_THREADS: u64 = 256;

/// `--threads`: 1 to [`MAX_THREADS`].
pub fn threads() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::<usize>::new().range(1..=MAX_THREADS)
}

/// Checks, before the work, that the output file `path` can be written (item 8): it is
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
