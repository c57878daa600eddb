//! Variance reduction for loki's results: AIVAT-style control variates (Burch, Schmid,
//! Moravčík, Morrill and Bowling, "AIVAT: A New Variance Reduction Technique for Agent
//! Evaluation in Imperfect Information Games", AAAI 2018), computed exactly from a
//! finished hand whose every card is known ([`corrections`]). Pure logic: a hand record in,
//! corrections out. docs/tournaments.md says where loki follows the paper and where it
//! differs.
#![forbid(unsafe_code)]

mod correction;
pub mod equity;
pub mod fit;

pub use correction::{corrections, live_bucket, Corrections, Stake, ValueFunction, LIVE_BUCKETS};

/// Why a hand's corrections cannot be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum VarianceError {
    /// A holding of the hand is not known.
    #[error("a hole card of the hand is hidden: the corrections need every card")]
    Hidden,
    /// The engine refused to replay the record.
    #[error("the hand does not replay: {0}")]
    Engine(#[from] loki_engine::EngineError),
    /// The replay ended with other nets than the record's.
    #[error("the hand's replay does not end as its record")]
    Replay,
    /// An equity that cannot be computed.
    #[error("no showdown equity for this hand (more than 22 players?)")]
    Equity,
    /// A known strategy whose probabilities do not sum to 1.
    #[error("a known strategy's probabilities sum to {0}, not 1")]
    Strategy(f64),
}

impl From<loki_engine::DealError> for VarianceError {
    fn from(e: loki_engine::DealError) -> Self {
        VarianceError::Engine(e.into())
    }
}
impl From<loki_engine::ConfigError> for VarianceError {
    fn from(e: loki_engine::ConfigError) -> Self {
        VarianceError::Engine(e.into())
    }
}
