//! The flop class cache file in the Python module (`loki_classfile`): the first Loki
//! player a process builds (an environment, an `Agent`, `simulate`, `advise`, local best
//! response) loads the file into the process's flop class store, which the module then
//! keeps for the life of the interpreter; the classes the file lacks are saved when an
//! environment is dropped, at interpreter exit (`atexit`) and by
//! `loki.save_class_cache()` (a worker that ends with `os._exit`, as `multiprocessing`'s
//! do, runs no `atexit` hook). `LOKI_CACHE_DIR` (read once, at the first load) places
//! the file; `off` turns it off.
use loki_classfile::ClassCache;
use pyo3::prelude::*;
use std::sync::OnceLock;

static CACHE: OnceLock<ClassCache> = OnceLock::new();

/// The process's class cache, loaded on first use.
pub(crate) fn warm() -> &'static ClassCache {
    CACHE.get_or_init(|| ClassCache::from_env(false))
}

/// Saves the classes the file lacks, if the cache was loaded (errors are dropped: the
/// cache is an optimization).
pub(crate) fn save_quietly() {
    if let Some(cache) = CACHE.get() {
        let _ = cache.save();
    }
}

/// Saves the flop classes this process swept that the cache file lacks (merged with the
/// file on disk); returns the classes in the file, or None when nothing was written (no
/// file, or nothing new).
#[pyfunction]
fn save_class_cache(py: Python<'_>) -> PyResult<Option<usize>> {
    let Some(cache) = CACHE.get() else {
        return Ok(None);
    };
    let saved = py
        .detach(|| cache.save())
        .map_err(|e| crate::errors::lokierr(e.to_string()))?;
    Ok(saved.filter(|s| s.written).map(|s| s.classes))
}

/// The cache file's path (None: `LOKI_CACHE_DIR=off` or no home directory); the one in
/// use once a Loki player was built.
#[pyfunction]
fn class_cache_path() -> Option<std::path::PathBuf> {
    match CACHE.get() {
        Some(cache) => cache.path().map(std::path::Path::to_path_buf),
        None => loki_classfile::cache_path(),
    }
}

/// At interpreter exit.
#[pyfunction]
fn _save_class_cache_at_exit(py: Python<'_>) {
    py.detach(save_quietly);
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(save_class_cache, m)?)?;
    m.add_function(wrap_pyfunction!(class_cache_path, m)?)?;
    let at_exit = wrap_pyfunction!(_save_class_cache_at_exit, m)?;
    m.py()
        .import("atexit")?
        .call_method1("register", (at_exit,))?;
    Ok(())
}
