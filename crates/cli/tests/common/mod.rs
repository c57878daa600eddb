//! Shared helper of the command-line tests: run the real `loki` binary.
use std::process::{Command, Output};

/// Runs `loki` with `args` and returns its output (the flop class cache file off, so that
/// the tests neither read nor write the user's; `cli_cache.rs` tests the file).
pub fn loki(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_loki"))
        .args(args)
        .env("LOKI_CACHE_DIR", "off")
        .output()
        .expect("run loki")
}
