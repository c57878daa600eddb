//! `loki profiles list|show NAME|export [--json]|reset NAME [--profiles FILE]`: the opponent
//! profiles that `loki acpc client` keeps in SQLite (crates/store), and the people's
//! profiles of `loki serve` and `loki play`. The glue between a stored [`Profile`] and the
//! Loki player's `ActionStats` lives in `loki_agent::profiles`.
use anyhow::{bail, Context as _, Result};
use clap::{Args, Subcommand};
use loki_store::report::{profile_json, profile_text, profiles_json, tsv};
use loki_store::Store;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args)]
pub struct ProfilesArgs {
    /// The profile database (default: profiles.sqlite3 in the user's data directory).
    #[arg(long, global = true)]
    profiles: Option<PathBuf>,
    #[command(subcommand)]
    command: ProfilesCommand,
}

#[derive(Subcommand)]
enum ProfilesCommand {
    /// Every opponent with its number of hands.
    List,
    /// One opponent's frequencies in the 36 categories and its HUD statistics.
    Show {
        /// The opponent's name.
        name: String,
        /// One JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Every profile: tab-separated counts, or JSON with --json.
    Export {
        /// A JSON array.
        #[arg(long)]
        json: bool,
    },
    /// Forget one opponent.
    Reset {
        /// The opponent's name.
        name: String,
    },
}

/// The profile file: `--profiles FILE` or the default in the user's data directory.
pub fn path(given: Option<&Path>) -> Result<PathBuf> {
    match given {
        Some(p) => Ok(p.to_path_buf()),
        None => loki_store::default_path()
            .context("no data directory on this system: give --profiles FILE"),
    }
}

pub fn run(a: ProfilesArgs) -> Result<ExitCode> {
    let path = path(a.profiles.as_deref())?;
    let store = Store::open_if_exists(&path)?;
    match a.command {
        ProfilesCommand::List => {
            if let Some(s) = store {
                for (name, hands) in s.names()? {
                    println!("{name}\t{hands}");
                }
            }
        }
        ProfilesCommand::Show {
            name,
            json: as_json,
        } => {
            let Some(p) = store
                .as_ref()
                .map(|s| s.profile(&name))
                .transpose()?
                .flatten()
            else {
                bail!("no profile named '{name}' in {}", path.display());
            };
            if as_json {
                println!("{}", profile_json(&p));
            } else {
                print!("{}", profile_text(&p));
            }
        }
        ProfilesCommand::Export { json: as_json } => {
            let all = match &store {
                Some(s) => s.profiles()?,
                None => Vec::new(),
            };
            if as_json {
                println!("{}", profiles_json(&all));
            } else {
                print!("{}", tsv(&all));
            }
        }
        ProfilesCommand::Reset { name } => {
            let removed = match store {
                Some(mut s) => s.reset(&name)?,
                None => false,
            };
            if !removed {
                bail!("no profile named '{name}' in {}", path.display());
            }
            eprintln!("forgot {name}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
