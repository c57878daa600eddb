//! `loki profiles list|show NAME|export [--json]|reset NAME [--profiles FILE]`: the opponent
//! profiles that `loki acpc client` keeps in SQLite (crates/store), and the people's
//! profiles of `loki serve` and `loki play`. The glue between a stored [`Profile`] and the
//! Loki player's `ActionStats` lives in `loki_agent::profiles`.
use anyhow::{bail, Context as _, Result};
use clap::{Args, Subcommand};
use loki_store::{Profile, Store, StoreError};
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

const ROUNDS: [&str; 4] = ["preflop", "flop", "turn", "river"];
const ACTIONS: [&str; 3] = ["fold", "call", "raise"];

fn open(path: &Path) -> Result<Option<Store>> {
    match Store::open_existing(path) {
        Ok(s) => Ok(Some(s)),
        Err(StoreError::Missing(_)) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn show(p: &Profile) -> String {
    let hud = p.hud();
    let mut out = format!(
        "{}: {} hands, VPIP {}, PFR {}, aggression factor {}\n",
        p.name,
        hud.hands,
        pct(hud.vpip),
        pct(hud.pfr),
        if hud.aggression.is_nan() {
            "-".to_string()
        } else {
            format!("{:.2}", hud.aggression)
        }
    );
    out.push_str("round    to call    fold   call  raise       n\n");
    for (r, name) in ROUNDS.iter().enumerate() {
        for b in 0..3 {
            let (f, n) = p.frequencies(r, b);
            let to_call = ["0", "1", "2+"][b];
            if n == 0 {
                out.push_str(&format!(
                    "{name:<8} {to_call:<8}      -      -      -       0\n"
                ));
            } else {
                out.push_str(&format!(
                    "{name:<8} {to_call:<8} {:>6.3} {:>6.3} {:>6.3} {n:>7}\n",
                    f[0], f[1], f[2]
                ));
            }
        }
    }
    let recent: Vec<String> = p
        .recent
        .iter()
        .map(|o| {
            format!(
                "{}/{}/{}",
                ROUNDS[usize::from(o.round)],
                ["0", "1", "2+"][usize::from(o.bets_to_call)],
                ACTIONS[o.action.index()]
            )
        })
        .collect();
    out.push_str(&format!(
        "recent actions ({}): {}\n",
        recent.len(),
        recent.join(" ")
    ));
    out
}

fn json(p: &Profile) -> serde_json::Value {
    let hud = p.hud();
    let finite = |x: f64| {
        if x.is_finite() {
            serde_json::json!(x)
        } else {
            serde_json::Value::Null
        }
    };
    serde_json::json!({
        "name": p.name,
        "hands": p.hands,
        "vpip_hands": p.vpip_hands,
        "pfr_hands": p.pfr_hands,
        "vpip": hud.vpip,
        "pfr": hud.pfr,
        "aggression": finite(hud.aggression),
        "counts": p.counts,
        "recent": p.recent.iter().map(|o| [o.round as usize, o.bets_to_call as usize, o.action.index()]).collect::<Vec<_>>(),
    })
}

pub fn run(a: ProfilesArgs) -> Result<ExitCode> {
    let path = path(a.profiles.as_deref())?;
    let store = open(&path)?;
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
                println!("{}", json(&p));
            } else {
                print!("{}", show(&p));
            }
        }
        ProfilesCommand::Export { json: as_json } => {
            let all = match &store {
                Some(s) => s.profiles()?,
                None => Vec::new(),
            };
            if as_json {
                let v: Vec<serde_json::Value> = all.iter().map(json).collect();
                println!("{}", serde_json::Value::Array(v));
            } else {
                let mut header = vec![
                    "name".to_string(),
                    "hands".into(),
                    "vpip_hands".into(),
                    "pfr_hands".into(),
                ];
                for r in ROUNDS {
                    for b in ["0", "1", "2"] {
                        for act in ACTIONS {
                            header.push(format!("{r}_{b}_{act}"));
                        }
                    }
                }
                println!("{}", header.join("\t"));
                for p in &all {
                    let mut row = vec![
                        p.name.clone(),
                        p.hands.to_string(),
                        p.vpip_hands.to_string(),
                        p.pfr_hands.to_string(),
                    ];
                    row.extend(p.counts.iter().flatten().flatten().map(|c| c.to_string()));
                    println!("{}", row.join("\t"));
                }
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
