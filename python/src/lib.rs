//! `loki._loki`, the native part of the Python package `loki` (PyO3, built by maturin):
//! loki's cards, evaluator, hand assessment, income rates, range tables, rules engine,
//! hand histories, ACPC game definitions and the agent (`loki.Agent`, `advise`, `simulate`), with the conventions of the README's "Conventions" (card index
//! `4 * rank + suit`, holding index of the 1,326 pairs, ACPC positions). Each module
//! wraps one crate and mirrors its API; typed errors become exceptions under
//! `loki.LokiError`, never panics. Python-side conveniences (NumPy conversions) live in
//! `python/loki/__init__.py`, the type stubs in `python/loki/_loki.pyi`.
use pyo3::prelude::*;

#[macro_use]
mod methods;

mod acpc;
mod agent;
mod args;
mod assessment;
mod cards;
mod class_cache;
mod engine;
mod env;
mod env_table;
mod errors;
mod evaluator;
mod exploit;
mod game;
mod history;
mod observation;
mod steps;

/// The native part of the `loki` package.
#[pymodule]
fn _loki(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(m)?;
    cards::register(m)?;
    evaluator::register(m)?;
    assessment::register(m)?;
    engine::register(m)?;
    history::register(m)?;
    acpc::register(m)?;
    agent::register(m)?;
    env::register(m)?;
    exploit::register(m)?;
    class_cache::register(m)?;
    Ok(())
}
