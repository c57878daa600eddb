//! The Loki player (Billings, Papp, Schaeffer, Szafron 1998; Papp 1998; Peña 1999):
//! opponent models with weight tables and re-weighting, action statistics, the betting
//! strategy and probability triples.

pub mod config;
pub mod frequencies;
pub mod opponent_model;
pub mod postflop;
pub mod preflop;
pub mod reweight;
pub mod style;
pub mod trace;

pub use config::LokiConfig;
pub use frequencies::{ActionKind, ActionStats, Context, FrequencyTable, Street};
