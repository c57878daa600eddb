//! The people's profile flags of `play` and `serve`, flattened into each: `--profiles FILE`
//! or `--no-profiles`, the default file in the user's data directory.
use anyhow::{Context, Result};
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug, Clone, Default)]
pub struct PeopleArgs {
    /// The people's profile database, which keeps each person's statistics by name
    /// (default: people.sqlite3 in the user's data directory, apart from the network
    /// opponents' profiles.sqlite3).
    #[arg(long)]
    profiles: Option<PathBuf>,
    /// Neither load nor save the person's statistics.
    #[arg(long, conflicts_with = "profiles")]
    no_profiles: bool,
}

impl PeopleArgs {
    /// The database the flags name (`None`: `--no-profiles`).
    pub fn path(&self) -> Result<Option<PathBuf>> {
        if self.no_profiles {
            return Ok(None);
        }
        match &self.profiles {
            Some(p) => Ok(Some(p.clone())),
            None => loki_store::default_people_path()
                .context("no data directory on this system: give --profiles FILE or --no-profiles")
                .map(Some),
        }
    }
}
