//! The flags many commands share, declared once and flattened into each command's
//! arguments: `--config` (the Loki players' constants, the one piece of player
//! construction that touches the file system; players themselves are built by
//! `loki_agent::Roster`), `--seed` (for the commands whose default is the paper's year)
//! and `--no-class-cache` (the commands that play hands; `loki_classfile`).
use anyhow::{Context, Result};
use clap::Args;
use loki_bot::LokiConfig;
use loki_classfile::ClassCache;
use std::path::{Path, PathBuf};

/// `--config`: the model and strategy constants of the Loki players.
#[derive(Args, Debug, Clone, Default)]
pub struct ConfigArg {
    /// Model and strategy constants of the Loki players: a TOML file, or `paper`, the
    /// sources' own (`loki config` shows either with where each value comes from).
    #[arg(long = "config", value_name = "FILE|paper")]
    pub path: Option<PathBuf>,
}

impl ConfigArg {
    /// The configuration `--config` names: a built-in configuration by name (`paper`,
    /// the sources' own; `default`), else a TOML file (write `./paper` for a file of that
    /// name); none gives the compiled-in defaults.
    pub fn load(&self) -> Result<LokiConfig> {
        let Some(p) = self.path.as_deref() else {
            return Ok(LokiConfig::default());
        };
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

    /// Whether `--config` names the sources' configuration.
    pub fn is_paper(&self) -> bool {
        self.path
            .as_deref()
            .and_then(Path::to_str)
            .is_some_and(|s| s.eq_ignore_ascii_case("paper"))
    }

    /// ` --config PATH` as the command line gave it (empty without one), for a
    /// "made by" line.
    pub fn made_by(&self) -> String {
        self.path
            .as_ref()
            .map(|p| format!(" --config {}", p.display()))
            .unwrap_or_default()
    }
}

/// `--seed`, defaulting to the paper's year (`play`, `serve`, `advise` and the ACPC
/// dealer have seeds of their own meaning).
#[derive(Args, Debug, Clone, Copy)]
pub struct SeedArg {
    /// Seed of everything random in the command (the deals, the players' random
    /// choices, resampling): one seed gives the same results at any thread count.
    #[arg(long = "seed", default_value_t = crate::bounds::SEED)]
    seed: u64,
}

impl SeedArg {
    /// The seed.
    pub fn get(self) -> u64 {
        self.seed
    }
}

/// `--no-class-cache`, flattened into the commands that play hands.
#[derive(Args, Debug, Clone, Copy)]
pub struct ClassCacheArgs {
    /// Neither read nor write the flop class cache file (as with LOKI_CACHE_DIR=off;
    /// results are the same either way, see docs/speed.md).
    #[arg(long)]
    no_class_cache: bool,
}

impl ClassCacheArgs {
    /// The process's shared flop class store with the cache file loaded (unless turned
    /// off); hold it while playing: dropping it saves the classes the file lacked.
    pub fn open(self) -> ClassCache {
        ClassCache::from_env(self.no_class_cache)
    }
}
