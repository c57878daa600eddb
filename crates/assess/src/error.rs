//! Typed errors of the assessment crate.
use thiserror::Error;

/// Why an assessment could not be made.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum AssessError {
    /// A weight outside [0, 1] (or not a number).
    #[error("weight {weight} for {holding} is outside [0, 1]")]
    WeightOutOfRange {
        /// The holding, as text.
        holding: String,
        /// The offending weight.
        weight: f64,
    },
}
