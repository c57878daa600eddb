//! Why a self-play measurement (`loki frequencies`, `loki calibrate`) could not run: the
//! one error type of both, since they seat players and deal hands the same way.
use loki_agent::RosterError;
use loki_bot::frequencies::FrequencyError;
use loki_engine::EngineError;

/// Why self-play could not be measured.
#[derive(Debug, thiserror::Error)]
pub enum SelfPlayError {
    /// A player list that does not parse or names an unknown player.
    #[error(transparent)]
    Roster(#[from] RosterError),
    /// The engine refused something: a table it cannot seat, or a deal or an action (a
    /// bug in a player or the engine).
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// The default frequencies do not load.
    #[error(transparent)]
    Frequencies(#[from] FrequencyError),
    /// No Loki player keeps a model, so there is nothing to score.
    #[error("no Loki player among {0:?}: nothing keeps a model to score")]
    NoObserver(String),
}
