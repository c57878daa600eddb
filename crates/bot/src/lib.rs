//! The Loki player (Billings, Papp, Schaeffer, Szafron 1998; Papp 1998; Peña 1999):
//! opponent models with weight tables and re-weighting, action statistics, the betting
//! strategy and probability triples, and the player family BPM, BPT, BPL, GOM, SOM, LOKI2
//! and the reference styles TP, TA, LP, LA (`kinds.rs`: every kind, in one table).
#![forbid(unsafe_code)]

pub mod assessment;
pub mod board_cache;
pub mod choices;
pub mod config;
pub mod config_sources;
pub mod context_model;
pub mod crude_potential;
pub mod figure3;
pub mod frequencies;
pub mod kinds;
pub mod knowledge;
pub mod opponent_model;
pub mod paper;
pub mod player;
pub mod postflop;
pub mod preflop;
pub mod reweight;
pub mod runout;
pub mod simulation;
pub mod strategy;
pub mod style;
pub mod trace;
pub mod triple;
pub mod trust;

pub use assessment::{assess, HandAssessment};
pub use config::LokiConfig;
pub use frequencies::{ActionFrequencies, ActionStats, Context, FrequencyError, FrequencyTable};
pub use kinds::{Kind, KINDS};
pub use knowledge::Knowledge;
pub use player::{Decision, LokiPlayer, StateError};
pub use strategy::{Holdings, QueryOptions, Strategy};
pub use style::{Style, StyleError};
pub use trace::{DecisionRule, DecisionTrace, OpponentTrace};
pub use triple::ProbabilityTriple;
