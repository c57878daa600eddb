//! Loki's hand assessment (Billings et al. 1998, "Hand Assessment" and "Weighting the
//! Enumeration"; Papp 1998 chapter 5): hand strength, hand potential and effective hand
//! strength, all weighted by an opponent's [`WeightTable`] over the 1,326 holdings, and
//! the pre-flop income-rate tables (Papp 1998 §5.1, Appendix A).

mod assessment;
mod board_order;
mod effective;
mod error;
mod hand_strength;
pub mod income_rate;
mod potential;
pub mod range;
mod spot;
mod weight_table;
mod weights_file;

pub use assessment::Assessment;
pub use board_order::BoardOrder;
pub use effective::{ehs, ehs_npot};
pub use error::AssessError;
pub use hand_strength::{hand_strength, hand_strengths, hs_n, HandStrength};
pub use income_rate::{income_rate, IncomeRates};
pub use potential::{potential, Lookahead, Potential};
pub use range::{
    CachedPotential, HandCounts, HoldingCounts, NextCardCache, RangeTable, RankCache, RiverTable,
};
pub use weight_table::{StartingHandGrid, WeightTable};
pub use weights_file::parse_weights_json;
