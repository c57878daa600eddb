//! Loki's hand assessment (Billings et al. 1998, "Hand Assessment" and "Weighting the
//! Enumeration"; Papp 1998 chapter 5): hand strength, hand potential and effective hand
//! strength, all weighted by an opponent's [`WeightTable`] over the 1,326 holdings.

mod error;
pub mod range;
mod weight_table;

pub use error::AssessError;
pub use range::{CachedPotential, HandCounts, HoldingCounts, RangeTable, RankCache};
pub use weight_table::WeightTable;
