//! `loki cache`: the flop class cache file of the commands that play hands
//! (`loki_classfile`; their `--no-class-cache` flag is in `common.rs`): fills every class
//! ahead of time, shows the file or removes it.
use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use loki_assess::range::{canonical_flops, CLASS_BYTES};
use loki_cards::Card;
use loki_classfile::{cache_path, ClassCache};
use rayon::prelude::*;
use std::process::ExitCode;

/// `loki cache`: the flop class cache file.
#[derive(Subcommand)]
pub enum CacheCommand {
    /// Sweep every flop class (1,755) the file lacks, on all cores, and save them all
    /// (55.8 MB), so that every later process starts with every class.
    Fill(FillArgs),
    /// The file's path, classes and size.
    Show,
    /// Remove the file (the next process that plays starts cold and writes it again).
    Clear,
}

/// `loki cache fill`.
#[derive(Args)]
pub struct FillArgs {
    /// Worker threads (1 to 256; default: all cores).
    #[arg(long, value_parser = crate::bounds::threads())]
    threads: Option<usize>,
    /// No progress bar.
    #[arg(short, long)]
    quiet: bool,
}

pub fn run(c: CacheCommand) -> Result<ExitCode> {
    let path = cache_path().context(
        "no cache directory (LOKI_CACHE_DIR is off, or neither XDG_CACHE_HOME nor HOME is set)",
    )?;
    match c {
        CacheCommand::Fill(a) => {
            let cache = ClassCache::open(Some(path.clone()));
            let store = cache.store();
            let missing: Vec<[u8; 3]> = canonical_flops()
                .into_iter()
                .filter(|&k| store.class_bytes(k).is_none())
                .collect();
            let bar = crate::progress::bar(a.quiet, missing.len() as u64, 0, "classes");
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(a.threads.unwrap_or(0))
                .build()
                .context("cannot start worker threads")?;
            let started = std::time::Instant::now();
            pool.install(|| {
                missing.par_iter().try_for_each(|key| {
                    let board: Vec<Card> = key
                        .iter()
                        .map(|&c| Card::from_index(c))
                        .collect::<Result<_, _>>()?;
                    loki_assess::RangeTable::new_in(&board, store)?;
                    bar.inc(1);
                    anyhow::Ok(())
                })
            })?;
            bar.finish_and_clear();
            let swept = started.elapsed().as_secs_f64();
            let saved = cache.save().context("cannot save the class cache")?;
            println!(
                "{} classes swept in {swept:.1} s; {} classes in {}",
                missing.len(),
                saved.map_or(store.stats().classes, |s| s.classes),
                path.display()
            );
        }
        CacheCommand::Show => match loki_classfile::read_file(&path) {
            Ok(classes) => println!(
                "{}: {} of 1755 classes, {:.1} MB",
                path.display(),
                classes.len(),
                (classes.len() * CLASS_BYTES) as f64 / 1e6
            ),
            Err(loki_classfile::ClassFileError::Io(e))
                if e.kind() == std::io::ErrorKind::NotFound =>
            {
                println!("{}: no file", path.display());
            }
            Err(e) => println!("{}: not used ({e})", path.display()),
        },
        CacheCommand::Clear => match std::fs::remove_file(&path) {
            Ok(()) => println!("{}: removed", path.display()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                println!("{}: no file", path.display());
            }
            Err(e) => return Err(e).with_context(|| format!("cannot remove {}", path.display())),
        },
    }
    Ok(ExitCode::SUCCESS)
}
