//! Reading `--config FILE` (the one piece of player construction that touches the file
//! system); players themselves are built by `loki_agent::Roster`.
use anyhow::{Context, Result};
use loki_bot::LokiConfig;
use std::path::Path;

/// Reads `--config`: a built-in configuration by name (`paper`, the sources' own;
/// `default`), else a TOML file (write `./paper` for a file of that name); none gives the
/// compiled-in defaults.
pub fn load_config(path: Option<&Path>) -> Result<LokiConfig> {
    match path {
        None => Ok(LokiConfig::default()),
        Some(p) => {
            if let Some(c) = p.to_str().and_then(loki_bot::paper::built_in) {
                return Ok(c);
            }
            let text = std::fs::read_to_string(p).with_context(|| {
                format!(
                    "cannot read config {} (a TOML file, or a built-in: {})",
                    p.display(),
                    loki_bot::paper::BUILT_IN.join(", ")
                )
            })?;
            LokiConfig::from_toml(&text).with_context(|| format!("config {}", p.display()))
        }
    }
}

/// Whether `--config` names the sources' configuration.
pub fn is_paper(path: Option<&Path>) -> bool {
    path.and_then(Path::to_str)
        .is_some_and(|s| s.eq_ignore_ascii_case("paper"))
}
