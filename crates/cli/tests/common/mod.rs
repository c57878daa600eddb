//! Shared helper of the command-line tests: run the real `loki` binary.
use std::process::{Command, Output};

/// Runs `loki` with `args` and returns its output.
pub fn loki(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_loki"))
        .args(args)
        .output()
        .expect("run loki")
}
