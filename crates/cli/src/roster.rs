//! Reading `--config FILE` (the one piece of player construction that touches the file
//! system); players themselves are built by `loki_agent::Roster`.
use anyhow::{Context, Result};
use loki_bot::LokiConfig;
use std::path::Path;

/// Reads `--config FILE` (or the compiled-in defaults).
pub fn load_config(path: Option<&Path>) -> Result<LokiConfig> {
    match path {
        None => Ok(LokiConfig::default()),
        Some(p) => {
            let text = std::fs::read_to_string(p)
                .with_context(|| format!("cannot read config {}", p.display()))?;
            LokiConfig::from_toml(&text).with_context(|| format!("config {}", p.display()))
        }
    }
}
