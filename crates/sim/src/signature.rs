//! The behavior signature (`loki bench --signature`, after Stockfish's `bench`): the
//! FNV-1a hash of the `results.json` of a fixed short duplicate tournament of the whole
//! player family with the default configuration, and the number of decisions made. Any
//! change of behavior changes it; a refactor must not.
use crate::results::report;
use crate::run::{Outcome, Run, RunError, RunSpec};
use loki_engine::digest::fnv1a64;

/// The whole player family, one seat each: the field of the signature.
pub const SIGNATURE_FIELD: &str = "BPM,BPT,BPL,GOM,SOM,LOKI2,TP,TA,LP,LA";
/// Hands of the signature tournament.
pub const SIGNATURE_HANDS: u64 = 500;
/// Seed of the signature tournament.
pub const SIGNATURE_SEED: u64 = 1998;

/// The signature: the hash of the tournament's `results.json` and the decisions made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Signature {
    /// FNV-1a 64 of `results.json`.
    pub hash: u64,
    /// Player decisions (actions) made.
    pub decisions: u64,
}

impl std::fmt::Display for Signature {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "signature {:016x} decisions {}",
            self.hash, self.decisions
        )
    }
}

/// Plays the signature tournament (about a second on two cores).
///
/// # Errors
/// A bug: the field is fixed.
pub fn signature() -> Result<Signature, RunError> {
    let mut spec = RunSpec::new(SIGNATURE_FIELD, SIGNATURE_HANDS, SIGNATURE_SEED);
    spec.batch = 25;
    let mut run = Run::start(&spec)?;
    while !run.is_done() {
        run.play_batch()?;
    }
    let Outcome::Whole(ledgers) = run.outcome() else {
        unreachable!("the signature plays the whole run")
    };
    let r = report(run.inputs(), &ledgers, run.kinds())?;
    Ok(Signature {
        hash: fnv1a64(r.json.as_bytes()),
        decisions: run.decisions(),
    })
}
