//! A match on loopback (`loki acpc match`): a [`Dealer`] on 127.0.0.1 with free ports and
//! one network client per seat in its own thread, each driving an engine [`Player`]
//! through the real protocol. The dealer runs in the calling thread; when it finishes (or
//! aborts) it closes the sockets and the clients end.
use crate::client::{self, ClientOptions, ClientReport};
use crate::dealer::{Dealer, DealerOptions, HandDone, MatchResult};
use crate::error::{ClientError, MatchError};
use loki_engine::Player;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr};
use std::thread;

/// A finished loopback match.
#[derive(Debug)]
pub struct MatchReport {
    /// The dealer's result.
    pub result: MatchResult,
    /// Each seat's client report, by seat.
    pub clients: Vec<ClientReport>,
}

/// Plays a match between `players` (by seat) on loopback.
///
/// # Errors
/// The dealer's or a client's error (the dealer's first), or a wrong number of players.
pub fn run_match(
    options: DealerOptions,
    players: Vec<Box<dyn Player + Send>>,
    log: Option<&mut dyn Write>,
    messages: &mut dyn Write,
    on_hand: &mut dyn FnMut(&HandDone),
) -> Result<MatchReport, MatchError> {
    let game = options.game.clone();
    let need = options.names.len();
    if players.len() != need {
        return Err(MatchError::Players {
            need,
            got: players.len(),
        });
    }
    let dealer = Dealer::bind(options, IpAddr::V4(Ipv4Addr::LOCALHOST), &[])?;
    let ports = dealer.ports();
    let handles: Vec<thread::JoinHandle<Result<ClientReport, ClientError>>> = players
        .into_iter()
        .zip(ports)
        .map(|(mut player, port)| {
            let game = game.clone();
            thread::spawn(move || {
                let stream = client::connect("127.0.0.1", port)?;
                let options = ClientOptions {
                    game: Some(game),
                    transcript: None,
                };
                client::play(stream, player.as_mut(), options)
            })
        })
        .collect();
    let result = dealer.run(log, messages, on_hand);
    let mut clients = Vec::with_capacity(handles.len());
    let mut first_error = None;
    for (s, h) in handles.into_iter().enumerate() {
        match h.join() {
            Ok(Ok(r)) => clients.push(r),
            Ok(Err(error)) => {
                clients.push(ClientReport::default());
                first_error.get_or_insert(MatchError::Client { seat: s + 1, error });
            }
            Err(_) => {
                clients.push(ClientReport::default());
                first_error.get_or_insert(MatchError::Panicked(s + 1));
            }
        }
    }
    let result = result?;
    if let Some(e) = first_error {
        return Err(e);
    }
    Ok(MatchReport { result, clients })
}
