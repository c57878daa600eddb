//! `loki serve`: the local web page where a person plays against Loki players and sees
//! what they believe (crates/web; the game is crates/play), and rooms where several
//! people play Loki players at one table (`/lobby`). People's statistics go to
//! their own store (`people.sqlite3` beside the network opponents' `profiles.sqlite3`).
use anyhow::Result;
use clap::Args;
use loki_web::{Limits, RoomLimits, ServerConfig};
use std::io::Write as _;
use std::net::IpAddr;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on (anything but a loopback address lets others play).
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// Seats per table by default, 2 to 10; the person takes one (the page may choose
    /// others).
    #[arg(long, default_value_t = 6)]
    seats: usize,
    /// The bots by default, repeated in order to fill the other seats (`--players`
    /// syntax: `SOM,2*BPM,call`; `loki players` lists them).
    #[arg(long, visible_alias = "bots", default_value = loki_play::DEFAULT_BOTS)]
    players: String,
    #[command(flatten)]
    stakes: crate::stakes::StakesArgs,
    #[command(flatten)]
    people: crate::people::PeopleArgs,
    /// Deal reproducible tables from this seed (default: a fresh random seed per table,
    /// so that nobody can foresee the cards).
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    config: crate::common::ConfigArg,
    /// Tables open at once, 1 to 100000.
    #[arg(long, default_value_t = 200, value_parser = crate::bounds::count::<u64>(1..=100_000))]
    max_tables: u64,
    /// Tables one address may hold at once, 1 to 100000 (an IPv6 address counts by its
    /// /64 network).
    #[arg(long, default_value_t = 8, value_parser = crate::bounds::count::<u64>(1..=100_000))]
    tables_per_address: u64,
    /// Open connections one address may hold at once, 1 to 100000 (more are closed).
    #[arg(long, default_value_t = 32, value_parser = crate::bounds::count::<u64>(1..=100_000))]
    connections_per_address: u64,
    /// Open connections the server holds at once from all addresses, 1 to 100000 (more
    /// are closed).
    #[arg(long, default_value_t = 1024, value_parser = crate::bounds::count::<u64>(1..=100_000))]
    max_connections: u64,
    /// Seconds a connection has to send a request's headers, 1 to 3600 (then it is
    /// closed).
    #[arg(long, default_value_t = 10, value_parser = crate::bounds::count::<u64>(1..=3600))]
    header_timeout: u64,
    /// Seconds a request has to send its whole body once its headers are in, 1 to 3600
    /// (then it is answered 408 and the connection closed).
    #[arg(long, default_value_t = 10, value_parser = crate::bounds::count::<u64>(1..=3600))]
    body_timeout: u64,
    /// Rooms: seconds per decision by default (a room may choose 5 to 300 when it is
    /// opened); then the person is checked when free, else folded. 5 to 300.
    #[arg(long, default_value_t = 30, value_parser = crate::bounds::count::<u64>(5..=300))]
    time_bank: u64,
    /// Rooms: seconds a person's page may be gone (no live stream, no request) before
    /// the person sits out, 5 to 3600.
    #[arg(long, default_value_t = 60, value_parser = crate::bounds::count::<u64>(5..=3600))]
    away: u64,
    /// Rooms: seconds a person sitting out keeps the seat (to come back with the seat
    /// token), 10 to 86400.
    #[arg(long, default_value_t = 600, value_parser = crate::bounds::count::<u64>(10..=86_400))]
    rejoin: u64,
    /// Rooms open at once, 1 to 10000.
    #[arg(long, default_value_t = 100, value_parser = crate::bounds::count::<u64>(1..=10_000))]
    max_rooms: u64,
    /// Rooms one address may have opened at once, 1 to 10000.
    #[arg(long, default_value_t = 4, value_parser = crate::bounds::count::<u64>(1..=10_000))]
    rooms_per_address: u64,
}

pub fn run(a: ServeArgs) -> Result<ExitCode> {
    let stakes = a.stakes.stakes()?;
    let profiles = a.people.path()?;
    let config = ServerConfig {
        bind: a.bind,
        port: a.port,
        seats: a.seats,
        bots: a.players,
        stakes,
        seed: a.seed,
        profiles: profiles.clone(),
        loki: a.config.load()?,
        limits: Limits {
            max_tables: a.max_tables as usize,
            tables_per_address: a.tables_per_address as usize,
            connections_per_address: a.connections_per_address as usize,
            max_connections: a.max_connections as usize,
            header_timeout: Duration::from_secs(a.header_timeout),
            body_timeout: Duration::from_secs(a.body_timeout),
            ..Limits::default()
        },
        rooms: RoomLimits {
            time_bank: Duration::from_secs(a.time_bank),
            away: Duration::from_secs(a.away),
            rejoin: Duration::from_secs(a.rejoin),
            max_rooms: a.max_rooms as usize,
            rooms_per_address: a.rooms_per_address as usize,
            ..RoomLimits::default()
        },
    };
    if !a.bind.is_loopback() {
        eprintln!(
            "loki: warning: listening on {}: anyone who can reach it can play",
            a.bind
        );
    }
    // The server's own error says what failed in one line (no "loki serve:" prefix).
    // A closed standard output (`| head -1`) must not stop the server: lines that
    // cannot be written are dropped.
    loki_web::run(config, |addr| {
        let mut out = std::io::stdout();
        let _ = writeln!(out, "loki serve: http://{addr}/ (Ctrl-C to stop)");
        let _ = writeln!(out, "rooms with other people: http://{addr}/lobby");
        if let Some(p) = &profiles {
            let _ = writeln!(out, "people's statistics: {}", p.display());
        }
        let _ = out.flush();
    })?;
    Ok(ExitCode::SUCCESS)
}
