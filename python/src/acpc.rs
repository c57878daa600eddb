//! ACPC game definitions (the crate `loki-acpc`): loki's built-in limit hold'em games as
//! `loki acpc game NAME` prints them (what OpenSpiel's `universal_poker` reads), and the
//! engine configuration of a game definition text.
use crate::errors;
use crate::game::PyGameConfig;
use loki_acpc::GameDef;
use pyo3::prelude::*;

/// The names of loki's built-in game definitions (`holdem.limit.2p.reverse_blinds`,
/// `holdem.limit.3p` ... `holdem.limit.10p`).
#[pyfunction]
fn acpc_games() -> Vec<String> {
    GameDef::builtin_names()
}

/// The text of a built-in ACPC game definition (with or without `.game`), as `loki acpc
/// game NAME` prints it.
#[pyfunction]
fn acpc_game(name: &str) -> PyResult<String> {
    GameDef::builtin(name)
        .map(|g| g.to_string())
        .ok_or_else(|| {
            errors::ConfigError::new_err(format!(
                "unknown game '{}' (built-in: {})",
                name.chars().take(64).collect::<String>(),
                GameDef::builtin_names().join(", ")
            ))
        })
}

/// The engine configuration of an ACPC game definition text (fixed-limit hold'em only).
#[pyfunction]
fn acpc_game_config(text: &str) -> PyResult<PyGameConfig> {
    let game = GameDef::parse(text).map_err(|e| errors::ConfigError::new_err(e.to_string()))?;
    game.config()
        .map(PyGameConfig)
        .map_err(|e| errors::ConfigError::new_err(e.to_string()))
}

register! {
    functions: acpc_games, acpc_game, acpc_game_config;
}
