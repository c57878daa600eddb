//! The stakes flags every command that deals or reads a table takes (`simulate`,
//! `history`, `play`, `serve`), flattened into each: `--stakes SMALL/BIG` or
//! `--blinds SB,BB` and/or `--bets SMALL,BIG`, read by `loki_engine::Stakes::from_flags`.
use clap::Args;
use loki_engine::{Stakes, StakesError};

#[derive(Args, Debug, Clone, Default)]
pub struct StakesArgs {
    /// Shorthand of --blinds and --bets: SMALL/BIG bets, with blinds of half the small
    /// bet and the small bet (2/4 = blinds 1,2 and bets 2,4; the small bet must be even).
    #[arg(long, value_name = "SMALL/BIG")]
    pub stakes: Option<String>,
    /// Small and big blind (default 1,2; with --blinds alone the bets are the big blind
    /// and twice it).
    #[arg(long, value_name = "SB,BB")]
    pub blinds: Option<String>,
    /// Small and big bet (default 2,4; with --bets alone the blinds are half the small bet
    /// and the small bet).
    #[arg(long, value_name = "SMALL,BIG")]
    pub bets: Option<String>,
}

impl StakesArgs {
    /// Whether any of the three was given.
    pub fn given(&self) -> bool {
        self.stakes.is_some() || self.blinds.is_some() || self.bets.is_some()
    }

    /// The stakes the flags give (none: 1,2 and 2,4).
    pub fn stakes(&self) -> Result<Stakes, StakesError> {
        Stakes::from_flags(
            self.stakes.as_deref(),
            self.blinds.as_deref(),
            self.bets.as_deref(),
        )
    }
}
