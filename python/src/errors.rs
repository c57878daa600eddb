//! The exceptions of the `loki` package: every typed error of the Rust crates becomes one
//! of these (all subclasses of `loki.LokiError`, itself a `ValueError`), with the Rust
//! error's message. Nothing in the bindings panics on input.
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The exceptions, each with its base and docstring, and `register`, which adds them to
/// the module.
macro_rules! exceptions {
    ($($name:ident($base:ident) $doc:literal;)*) => {
        $(create_exception!(loki, $name, $base, $doc);)*

        /// Adds the exception classes to the module.
        pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $(m.add(stringify!($name), m.py().get_type::<$name>())?;)*
            Ok(())
        }
    };
}

exceptions! {
    LokiError(PyValueError) "Base class of loki's errors (a ValueError).";
    CardError(LokiError)
        "Bad card text, card index, holding or starting hand (loki_cards::CardError).";
    AssessError(LokiError)
        "A hand assessment that cannot be made: bad board, weights, opponents \
         (loki_assess::AssessError).";
    ConfigError(LokiError) "An invalid game configuration (loki_engine::ConfigError).";
    DealError(LokiError)
        "A deal the rules engine refuses (loki_engine::DealError); the state is unchanged.";
    IllegalActionError(LokiError)
        "An action the rules engine refuses (loki_engine::ActionError); the state is unchanged. \
         From `replay`, the attributes `index`, `position` and `action` name the first illegal \
         action.";
    HistoryError(LokiError)
        "A hand history that cannot be read or does not replay (loki_history::HistoryError).";
    AgentError(LokiError)
        "A view of a hand the agent cannot play (a position not to act, betting that does not \
         replay, a bad seat list), an unknown player kind or unusable profiles.";
}

/// A card error as a Python exception.
pub fn card(e: loki_cards::CardError) -> PyErr {
    CardError::new_err(e.to_string())
}

/// An assessment error as a Python exception.
pub fn assess(e: loki_assess::AssessError) -> PyErr {
    AssessError::new_err(e.to_string())
}

/// A configuration error as a Python exception.
pub fn config(e: loki_engine::ConfigError) -> PyErr {
    ConfigError::new_err(e.to_string())
}

/// A refused deal as a Python exception.
pub fn deal(e: loki_engine::DealError) -> PyErr {
    DealError::new_err(e.to_string())
}

/// A refused action as a Python exception.
pub fn action(e: loki_engine::ActionError) -> PyErr {
    IllegalActionError::new_err(e.to_string())
}

/// A history error as a Python exception.
pub fn history(e: loki_history::HistoryError) -> PyErr {
    HistoryError::new_err(e.to_string())
}

/// An error of the agent layer (a player kind, a seat, a view, a saved state) as an
/// `AgentError`.
pub fn agent(e: impl std::fmt::Display) -> PyErr {
    AgentError::new_err(e.to_string())
}

/// A `LokiError` with a message made here (an argument out of its range).
pub fn lokierr(message: String) -> PyErr {
    LokiError::new_err(message)
}

/// A `ConfigError` with a message made here.
pub fn configerr(message: String) -> PyErr {
    ConfigError::new_err(message)
}

/// An `AgentError` with a message made here.
pub fn agenterr(message: String) -> PyErr {
    AgentError::new_err(message)
}

/// An `AssessError` with a message made here.
pub fn assesserr(message: String) -> PyErr {
    AssessError::new_err(message)
}

/// A card error with a message made here (e.g. naming the row of a batch).
pub fn card_message(message: String) -> PyErr {
    CardError::new_err(message)
}
