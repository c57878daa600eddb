//! `loki profiles list|show NAME|export [--json]|reset NAME [--profiles FILE]`: the opponent
//! profiles that `loki acpc client` keeps in SQLite (crates/store), and the glue between a
//! stored [`Profile`] and the Loki player's `ActionStats` (the 36 category counts and the
//! recent-action window), in both directions.
use anyhow::{bail, Context as _, Result};
use clap::{Args, Subcommand};
use loki_bot::{ActionStats, Context};
use loki_engine::{Action, Event, Round, SeatView};
use loki_store::{ActionClass, HandDelta, Observation, Profile, Store, StoreError};
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

fn action(a: ActionClass) -> Action {
    match a {
        ActionClass::Fold => Action::Fold,
        ActionClass::CheckCall => Action::Call,
        ActionClass::BetRaise => Action::Raise,
    }
}

/// A player's statistics from a stored profile: its counts, and its recent actions
/// (the store keeps the last `window` of each context, as the player does).
pub fn stats_from_profile(p: &Profile, window: usize) -> ActionStats {
    let recent = p.recent.iter().map(|o| {
        let round = Round::ALL
            .get(usize::from(o.round))
            .copied()
            .unwrap_or(Round::River);
        (
            Context::new(round, usize::from(o.bets_to_call)),
            action(o.action),
        )
    });
    ActionStats::from_parts(p.counts, recent, window)
}

/// What one finished hand adds to the profile of the opponent at `position`: its actions
/// in the 36 categories (as the Loki player records them: round, bets faced capped at 2,
/// action) and whether it put chips in voluntarily or raised pre-flop.
pub fn hand_delta(view: &SeatView<'_>, position: usize, name: &str) -> HandDelta {
    let mut delta = HandDelta {
        name: name.to_string(),
        vpip: false,
        pfr: false,
        observations: Vec::new(),
    };
    for e in view.events() {
        let Event::Action(a) = e else { continue };
        if a.position != position {
            continue;
        }
        let class = match a.action {
            Action::Fold => ActionClass::Fold,
            Action::Call => ActionClass::CheckCall,
            Action::Raise => ActionClass::BetRaise,
        };
        if a.round.index() == 0 {
            delta.vpip |= a.action == Action::Raise || (a.action == Action::Call && a.amount > 0);
            delta.pfr |= a.action == Action::Raise;
        }
        if let Some(o) = Observation::new(a.round.index(), a.bets_to_call as usize, class) {
            delta.observations.push(o);
        }
    }
    delta
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profile_becomes_the_same_counts_and_window() {
        let mut stats = ActionStats::new(5);
        let mut counts = [[[0u32; 3]; 3]; 4];
        let mut recent = Vec::new();
        for i in 0..200usize {
            let (r, b, a) = (i % 4, (i / 4) % 3, (i * 7) % 3);
            let ctx = Context::new(Round::ALL[r], b);
            let k = action(ActionClass::from_index(a).unwrap());
            stats.record(ctx, k);
            counts[r][b][a] += 1;
            recent.push(Observation::new(r, b, ActionClass::from_index(a).unwrap()).unwrap());
        }
        let p = Profile {
            name: "x".into(),
            hands: 10,
            vpip_hands: 1,
            pfr_hands: 1,
            counts,
            recent: recent[100..].to_vec(),
        };
        let back = stats_from_profile(&p, 5);
        assert_eq!(back.table(), stats.table());
        assert_eq!(back, stats, "counts and the recent windows");
        // A longer stored window than the player's keeps the player's last actions.
        let mut long = p.clone();
        long.recent = recent.clone();
        assert_eq!(stats_from_profile(&long, 5), stats);
    }

    #[test]
    fn hand_deltas_count_what_the_loki_player_records() {
        use loki_bot::{Knowledge, LokiConfig, LokiPlayer, Style};
        use loki_cards::{rng_from_seed, uniform_below, Deck};
        use loki_engine::{GameConfig, HandState, Phase, Player};
        let know = Knowledge::new(LokiConfig::default()).unwrap();
        let config = GameConfig::limit(4, 5, 10, 10, 20).unwrap();
        for seed in 0..40u64 {
            let mut rng = rng_from_seed(seed);
            let mut deck = Deck::shuffled(&mut rng);
            let mut state = HandState::new(&config).unwrap();
            state.set_seats(&[2, 3, 0, 1]).unwrap();
            for p in 0..4 {
                let c = deck.deal_n(2).unwrap().to_vec();
                state
                    .deal_hole(p, loki_cards::HoleCards::new(c[0], c[1]).unwrap())
                    .unwrap();
            }
            loop {
                match state.phase() {
                    Phase::DealBoard(r) => {
                        let c = deck.deal_n(r.cards_dealt()).unwrap().to_vec();
                        state.deal_board(&c).unwrap();
                    }
                    Phase::Act(_) => {
                        let legal = state.legal_actions().to_vec();
                        let a = legal[uniform_below(&mut rng, legal.len() as u32) as usize];
                        state.apply(a).unwrap();
                    }
                    _ => break,
                }
            }
            let view = state.view(0);
            let style = Style::named("SOM", &know.config).unwrap();
            let mut loki = LokiPlayer::new("SOM", style, know.clone(), 1);
            loki.begin_hand(&view);
            for e in view.events() {
                loki.observe(e, &view);
            }
            for p in 1..4 {
                let d = hand_delta(&view, p, "x");
                let mut counts = [[[0u32; 3]; 3]; 4];
                for o in &d.observations {
                    counts[usize::from(o.round)][usize::from(o.bets_to_call)][o.action.index()] +=
                        1;
                }
                let recorded = loki
                    .model(view.seat_of(p))
                    .map(|m| m.stats.table())
                    .unwrap_or_default();
                assert_eq!(counts, recorded, "seed {seed}, position {p}");
            }
        }
    }
}
