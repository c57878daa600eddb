//! `loki acpc client|dealer|match|game`: network play over the ACPC protocol 2.0.0
//! (crates/acpc; `docs/acpc-protocol.md`). The client plays one Loki
//! player (or a simple one) against a dealer, loading and saving its opponents' profiles
//! (crates/store) by name; the dealer behaves as the University of Alberta reference
//! dealer; `match` runs our dealer and our clients on loopback and reports sb/hand and
//! milli-big-blinds per hand with 95% intervals.
use anyhow::{bail, Context as _, Result};
use clap::{Args, Subcommand};
use loki_acpc::client::{self, ClientOptions};
use loki_acpc::{dealer, Dealer, DealerOptions, GameDef, TimeLimits};
use loki_agent::{ProfileBook, Roster, SeatedPlayer};
use loki_sim::loopback::{self, percentiles, LoopbackSpec};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::net::IpAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Subcommand)]
pub enum AcpcCommand {
    /// Play one seat of a match against an ACPC dealer.
    Client(ClientArgs),
    /// Deal a match to ACPC agents (the reference dealer's protocol, log and limits).
    Dealer(DealerArgs),
    /// Play a match between loki players through our dealer on loopback.
    Match(MatchArgs),
    /// Print a built-in game definition file, or list the built-in games.
    Game(GameArgs),
}

#[derive(Args)]
pub struct ClientArgs {
    /// The dealer's host.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The port of our seat.
    #[arg(long)]
    port: u16,
    /// The game definition file or built-in game (default: the built-in game for the
    /// number of players in the first state).
    #[arg(long)]
    game: Option<String>,
    /// The player kind (see `loki players`, which says how each plays under the
    /// configuration). The default, SOMT, is SOM that always stops reading strength into
    /// the actions of opponents whose shown cards do not bear them out; under the default
    /// configuration SOM does too, and `--player SOM --config paper` plays the sources'
    /// SOM.
    #[arg(long, default_value = "SOMT")]
    player: String,
    #[command(flatten)]
    seed: crate::common::SeedArg,
    #[command(flatten)]
    config: crate::common::ConfigArg,
    /// The opponent-profile database (default: profiles.sqlite3 in the user's data
    /// directory).
    #[arg(long)]
    profiles: Option<PathBuf>,
    /// Neither load nor save opponent profiles.
    #[arg(long, conflicts_with = "profiles")]
    no_profiles: bool,
    /// The players' names in the dealer's seat order (ours included, ignored), to key
    /// the profiles; without them no profile is loaded or saved.
    #[arg(long, value_delimiter = ',')]
    names: Vec<String>,
    /// Write the transcript (`S-> ` lines received, `<-  ` lines sent) to FILE.
    #[arg(long)]
    log: Option<PathBuf>,
    /// Print each decision's trace (JSON) on stderr.
    #[arg(short, long)]
    verbose: bool,
}

#[derive(Args)]
pub struct DealerArgs {
    /// The game definition file or built-in game (`loki acpc game`).
    #[arg(long)]
    game: String,
    /// Number of hands (1 to 10^9).
    #[arg(long, value_parser = crate::bounds::count::<u64>(1..=crate::bounds::MAX_HANDS))]
    hands: u64,
    /// Seed of the cards (required, with no default, as the reference dealer's).
    #[arg(long)]
    seed: u64,
    /// Ports by seat, as the dealer prints them (space-separated, "18791 18792") or
    /// comma-separated or repeated; default: free ports.
    #[arg(long = "port", value_delimiter = ',', value_parser = port_list)]
    ports: Vec<Vec<u16>>,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// Write the log to MATCH.log (the match name is MATCH's file name), as the
    /// reference dealer does: unlike --log FILE of the other commands.
    #[arg(long, value_name = "MATCH")]
    log: Option<PathBuf>,
    /// Longest response in milliseconds (-1: none).
    #[arg(long, default_value_t = 600_000, allow_hyphen_values = true)]
    t_response: i64,
    /// Most time per seat in one hand in milliseconds (-1: none).
    #[arg(long, default_value_t = 600_000, allow_hyphen_values = true)]
    t_hand: i64,
    /// Average time per seat per hand over the match in milliseconds (-1: none).
    #[arg(long, default_value_t = 7_000, allow_hyphen_values = true)]
    t_per_hand: i64,
    /// Longest wait for all seats to connect in milliseconds (-1: forever).
    #[arg(long, default_value_t = -1, allow_hyphen_values = true)]
    start_timeout: i64,
    /// Not every line on stderr: only errors, warnings and the result (the one quiet of
    /// every command: no progress on stderr; stdout and the files written are the same).
    #[arg(short, long)]
    quiet: bool,
    /// The players' names in seat order.
    #[arg(required = true)]
    names: Vec<String>,
}

#[derive(Args)]
pub struct MatchArgs {
    /// Players by seat, e.g. `SOM,BPM` or `SOM,2*BPM` (see `loki players`).
    #[arg(long, visible_alias = "bots")]
    players: String,
    /// Number of hands (per seating with --duplicate; 1 to 10^7).
    #[arg(long, default_value_t = 1000, value_parser = crate::bounds::count::<u64>(1..=crate::bounds::MAX_RECORDED_HANDS))]
    hands: u64,
    #[command(flatten)]
    seed: crate::common::SeedArg,
    /// The game definition file or built-in game (default: the built-in game for the
    /// number of players).
    #[arg(long)]
    game: Option<String>,
    /// Also play the seat-swapped replays (every player in every seat, same seed).
    #[arg(long)]
    duplicate: bool,
    #[command(flatten)]
    config: crate::common::ConfigArg,
    /// Write the dealer's log to FILE (with --duplicate, seating k > 0 to FILE.rk.log).
    #[arg(long)]
    log: Option<PathBuf>,
    /// No progress bar (the closing line of speed and decision times still shows);
    /// stdout and the files written are the same.
    #[arg(short, long)]
    quiet: bool,
}

#[derive(Args)]
pub struct GameArgs {
    /// A built-in game (`holdem.limit.2p.reverse_blinds`, `holdem.limit.3p` ...
    /// `holdem.limit.10p`); without it, the list.
    name: Option<String>,
}

pub fn run(command: AcpcCommand) -> Result<ExitCode> {
    match command {
        AcpcCommand::Client(a) => run_client(a),
        AcpcCommand::Dealer(a) => run_dealer(a),
        AcpcCommand::Match(a) => run_match_command(a),
        AcpcCommand::Game(a) => {
            match a.name {
                None => {
                    for name in GameDef::builtin_names() {
                        println!("{name}");
                    }
                }
                Some(name) => print!("{}", GameDef::load(&name)?.0),
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn run_client(a: ClientArgs) -> Result<ExitCode> {
    let roster = Roster::new(a.config.load()?)?;
    let window = roster.know.config.model.window;
    let kind = roster.canonical(&a.player)?;
    let game = match &a.game {
        Some(g) => Some(GameDef::load(g)?.0),
        None => None,
    };
    if let (Some(g), false) = (&game, a.names.is_empty()) {
        if a.names.len() != g.players {
            bail!("{} names for a {}-player game", a.names.len(), g.players);
        }
    }
    let mut seat = SeatedPlayer::build(&roster, &kind, &kind, a.seed.get())?;
    // Connect first: a client that cannot play creates no profile database.
    let stream = client::connect(&a.host, a.port)
        .with_context(|| format!("cannot connect to {}:{}", a.host, a.port))?;
    // Profiles are keyed by the opponents' names: without --names, "seat 2" would be a
    // different program in every match, so nothing is loaded or saved.
    if !a.no_profiles && a.names.is_empty() {
        eprintln!(
            "loki: note: no --names, so the opponents' profiles are neither loaded nor saved"
        );
    }
    if !a.no_profiles && !a.names.is_empty() {
        let path = crate::profiles::path(a.profiles.as_deref())?;
        seat = seat.with_profiles(ProfileBook::open(&path, a.names.clone(), window)?);
    }
    if a.verbose {
        seat = seat.on_decision(Box::new(|t| eprint!("{t}")));
    }
    seat = seat.on_warning(Box::new(|w| eprintln!("loki: warning: {w}")));
    let transcript: Option<Box<dyn Write + Send>> = match &a.log {
        Some(p) => Some(Box::new(crate::bounds::create(p)?)),
        None => None,
    };
    let report = match client::play(stream, &mut seat, ClientOptions { game, transcript }) {
        Ok(r) => r,
        // A match cut off is not a mistake of the user's: one line, exit status 1.
        Err(e @ loki_acpc::ClientError::CutOff { .. }) => {
            eprintln!("loki: error: {e}");
            return Ok(ExitCode::FAILURE);
        }
        Err(e) => return Err(e.into()),
    };
    eprintln!("{}", report.summary());
    let failures = seat.profiles().map_or(0, ProfileBook::failures);
    if failures > 0 {
        eprintln!(
            "loki: warning: {} not saved to the profiles",
            loki_sim::results::plural(failures, "hand", "hands")
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Ports separated by spaces (the dealer's printed line) within one `--port` value.
fn port_list(text: &str) -> Result<Vec<u16>, String> {
    text.split_whitespace()
        .map(|p| {
            p.parse::<u16>()
                .map_err(|_| format!("'{p}' is not a port (1 to 65535)"))
        })
        .collect()
}

fn run_dealer(a: DealerArgs) -> Result<ExitCode> {
    let (game, game_name) = GameDef::load(&a.game)?;
    let match_name = dealer::match_name(a.log.as_deref());
    let options = DealerOptions {
        game,
        game_name,
        match_name,
        hands: a.hands,
        seed: a.seed,
        names: a.names.clone(),
        limits: TimeLimits::from_millis(a.t_response, a.t_hand, a.t_per_hand),
        start_timeout: u64::try_from(a.start_timeout)
            .ok()
            .map(Duration::from_millis),
        quiet: a.quiet,
    };
    let ports: Vec<u16> = a.ports.concat();
    let dealer = Dealer::bind(options, a.bind, &ports)?;
    let ports: Vec<String> = dealer.ports().iter().map(|p| p.to_string()).collect();
    let mut out = std::io::stdout();
    writeln!(out, "{}", ports.join(" "))?;
    out.flush()?;
    let log_file = a.log.as_ref().map(|p| dealer::log_path(p));
    let mut log = log_file.map(|p| crate::bounds::create(&p)).transpose()?;
    let mut stderr = std::io::stderr();
    let result = dealer.run(
        log.as_mut().map(|l| l as &mut dyn Write),
        &mut stderr,
        &mut |_| {},
    );
    match result {
        Ok(r) => {
            println!("{}", r.score_line);
            Ok(ExitCode::SUCCESS)
        }
        // The dealer has printed its ERROR line, as the reference dealer does.
        Err(_) => Ok(ExitCode::FAILURE),
    }
}

fn run_match_command(a: MatchArgs) -> Result<ExitCode> {
    let roster = Roster::new(a.config.load()?)?;
    let kinds = roster.expand(&a.players)?;
    let n = kinds.len();
    let (game, game_name) = match &a.game {
        Some(g) => GameDef::load(g)?,
        None => {
            let g = GameDef::holdem(n).ok_or(loki_engine::ConfigError::Seats(n))?;
            (g, format!("{}.game", GameDef::holdem_name(n)))
        }
    };
    let spec = LoopbackSpec {
        game,
        game_name,
        kinds,
        hands: a.hands,
        seed: a.seed.get(),
        duplicate: a.duplicate,
    };
    let seatings = if a.duplicate { n } else { 1 };
    let bar = crate::progress::bar(a.quiet, a.hands * seatings as u64, 0, "hands");
    let mut open_log = |r: usize| -> std::io::Result<Option<Box<dyn Write>>> {
        let Some(p) = &a.log else { return Ok(None) };
        let file = if r == 0 {
            p.clone()
        } else {
            p.with_extension(format!("r{r}.log"))
        };
        Ok(Some(Box::new(BufWriter::new(
            File::create(&file).map_err(|e| {
                std::io::Error::new(e.kind(), format!("cannot create {}: {e}", file.display()))
            })?,
        ))))
    };
    let report = loopback::play(&spec, &roster, &mut open_log, &mut || bar.inc(1))?;
    bar.finish_and_clear();
    print!("{}", report.text(&spec));
    let (median, p99) = percentiles(&report.decisions);
    // A result (the decisions' times), printed with -q too.
    eprintln!(
        "{:.0} hands/s; {} decisions, median {:.3} ms, 99th percentile {:.3} ms (state received to reply sent)",
        (a.hands * seatings as u64) as f64 / report.seconds,
        report.decisions.len(),
        median,
        p99
    );
    Ok(ExitCode::SUCCESS)
}
