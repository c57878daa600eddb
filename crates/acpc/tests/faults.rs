//! Faults, handled as the reference dealer handles them
//! (`docs/acpc-protocol.md`, "What the dealer does with bad input"): a
//! client that sends garbage (warnings, invalid actions become calls, the match goes on),
//! one that disconnects or stalls (the match is aborted without a SCORE line), one that
//! exhausts a time budget, bad versions; and no message to a seat carries another seat's
//! hidden cards before the showdown.
#![allow(missing_docs)]
mod common;
use common::options;
use loki_acpc::client::{self, ClientOptions};
use loki_acpc::{ClientSession, Dealer, DealerError, DealerOptions, MatchState, TimeLimits};
use loki_engine::Position;
use loki_engine::{CallPlayer, GameSpec, Player, RandomPlayer};
use std::io::{BufRead, BufReader, Write};
use std::net::{IpAddr, Ipv4Addr, TcpStream};
use std::thread::{self, JoinHandle};
use std::time::Duration;

fn localhost() -> IpAddr {
    IpAddr::V4(Ipv4Addr::LOCALHOST)
}

/// A normal client in a thread.
fn good_client(port: u16, mut player: Box<dyn Player + Send>) -> JoinHandle<()> {
    thread::spawn(move || {
        if let Ok(s) = client::connect("127.0.0.1", port) {
            let _ = client::play(s, player.as_mut(), ClientOptions::default());
        }
    })
}

/// A hand-written client: sends `version`, then calls `on_line` with every line received
/// (and the socket to write to) until it returns false or the dealer closes. Returns the
/// lines received.
fn raw_client(
    port: u16,
    version: &'static str,
    mut on_line: impl FnMut(&str, &mut TcpStream) -> bool + Send + 'static,
) -> JoinHandle<Vec<String>> {
    thread::spawn(move || {
        let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.write_all(version.as_bytes()).unwrap();
        let mut r = BufReader::new(s.try_clone().unwrap());
        let mut lines = Vec::new();
        let mut line = String::new();
        while matches!(r.read_line(&mut line), Ok(n) if n > 0) {
            let l = line.trim_end().to_string();
            line.clear();
            lines.push(l.clone());
            if !on_line(&l, &mut s) {
                break;
            }
        }
        lines
    })
}

fn run(dealer: Dealer, log: &mut Vec<u8>) -> (Result<loki_acpc::MatchResult, DealerError>, String) {
    let mut messages = Vec::new();
    let r = dealer.run(Some(log), &mut messages, &mut |_| {});
    (r, String::from_utf8(messages).unwrap())
}

fn template() -> GameSpec {
    GameSpec {
        small_blind: 5,
        big_blind: 10,
        small_bet: 10,
        big_bet: 20,
        ..GameSpec::default()
    }
}

#[test]
fn garbage_replies_are_warned_about_and_the_match_goes_on() {
    let dealer = Dealer::bind(options(2, 40, 3, &["good", "bad"]), localhost(), &[]).unwrap();
    let ports = dealer.ports();
    let good = good_client(ports[0], Box::new(RandomPlayer::new("r", 1)));
    let mut session = ClientSession::new(None).unwrap();
    let mut player = CallPlayer::new("c");
    let mut turn = 0u32;
    let bad = raw_client(ports[1], "VERSION:2.0.0\n", move |line, s| {
        let reply = session.on_line(line, &mut player).unwrap();
        let Some(reply) = reply else {
            // Out of turn: an echo of this state with an action, read at our next turn.
            if !line.contains("|/") && turn % 2 == 0 {
                s.write_all(format!("{line}:r\r\n").as_bytes()).unwrap();
            }
            return true;
        };
        turn += 1;
        let mut garbage: Vec<u8> = b"hello\r\n# a comment\n; another\n".to_vec();
        garbage.extend(std::iter::repeat_n(b'x', 3000));
        garbage.extend(b"\n\xff\xfe\x00\n");
        garbage.extend(b"MATCHSTATE:0:99999::7d3d|:c\r\n");
        let state = reply.trim_end().rsplit_once(':').unwrap().0.to_string();
        match turn % 4 {
            0 => garbage.extend(format!("{state}\r\n").as_bytes()),
            1 => garbage.extend(format!("{state}:x\r\n").as_bytes()),
            2 => garbage.extend(format!("{state}:\r\n").as_bytes()),
            _ => garbage.extend(reply.as_bytes()),
        }
        s.write_all(&garbage).unwrap();
        true
    });
    let mut log = Vec::new();
    let (r, messages) = run(dealer, &mut log);
    let result = r.unwrap_or_else(|e| panic!("{e}\n{messages}"));
    good.join().unwrap();
    bad.join().unwrap();
    assert_eq!(result.hands, 40);
    for w in [
        "WARNING: bad state format in response",
        "WARNING: ignoring un-requested response",
        "WARNING: bad action format in response, changed to call",
        "WARNING: invalid action, changed to call",
    ] {
        assert!(messages.contains(w), "{w}\n{messages}");
    }
    assert!(!messages.contains("ERROR"), "{messages}");
    let log = String::from_utf8(log).unwrap();
    assert!(log.lines().last().unwrap().starts_with("SCORE:"));
    for h in loki_history::read_acpc(log.as_bytes(), &template()).unwrap() {
        h.unwrap();
    }
}

#[test]
fn a_client_that_disconnects_aborts_the_match_without_a_score() {
    let dealer = Dealer::bind(options(2, 10, 3, &["good", "gone"]), localhost(), &[]).unwrap();
    let ports = dealer.ports();
    let good = good_client(ports[0], Box::new(CallPlayer::new("c")));
    let gone = raw_client(ports[1], "VERSION:2.0.0\r\n", |_, _| false);
    let mut log = Vec::new();
    let (r, messages) = run(dealer, &mut log);
    good.join().unwrap();
    gone.join().unwrap();
    match r {
        Err(DealerError::NoAction { seat: 2, .. }) => {
            assert!(
                messages.contains("ERROR: could not get action from seat 2"),
                "{messages}"
            )
        }
        Err(DealerError::Send(2)) => {
            assert!(messages.contains("ERROR: could not send state to seat 2"))
        }
        other => panic!("{other:?}"),
    }
    let log = String::from_utf8(log).unwrap();
    assert!(
        log.starts_with("# name/game/hands/seed test holdem.limit.2p.reverse_blinds.game 10 3\n")
    );
    assert!(!log.contains("SCORE"));
}

#[test]
fn a_client_that_stalls_hits_the_response_timeout() {
    let mut o = options(2, 10, 3, &["good", "stalled"]);
    o.limits = TimeLimits::from_millis(300, -1, -1);
    let dealer = Dealer::bind(o, localhost(), &[]).unwrap();
    let ports = dealer.ports();
    let good = good_client(ports[0], Box::new(CallPlayer::new("c")));
    let stalled = raw_client(ports[1], "VERSION:2.0.0\r\n", |_, _| true);
    let mut log = Vec::new();
    let (r, messages) = run(dealer, &mut log);
    assert!(
        matches!(r, Err(DealerError::NoAction { seat: 2, .. })),
        "{r:?}"
    );
    assert!(
        messages.contains("ERROR: could not get action from seat 2"),
        "{messages}"
    );
    assert!(
        messages.contains("seconds spent waiting; timeout 0.3"),
        "{messages}"
    );
    good.join().unwrap();
    stalled.join().unwrap();
    assert!(!String::from_utf8(log).unwrap().contains("SCORE"));
}

fn slow_client(port: u16, delay: Duration) -> JoinHandle<Vec<String>> {
    let mut session = ClientSession::new(None).unwrap();
    let mut player = CallPlayer::new("c");
    raw_client(port, "VERSION:2.0.0\n", move |line, s| {
        if let Ok(Some(reply)) = session.on_line(line, &mut player) {
            thread::sleep(delay);
            let _ = s.write_all(reply.as_bytes());
        }
        true
    })
}

#[test]
fn time_budgets_per_hand_and_per_match_abort_the_match() {
    for limits in [
        TimeLimits::from_millis(-1, 20, -1),
        TimeLimits::from_millis(-1, -1, 10),
    ] {
        let mut o = options(2, 5, 3, &["good", "slow"]);
        o.limits = limits;
        let dealer = Dealer::bind(o, localhost(), &[]).unwrap();
        let ports = dealer.ports();
        let good = good_client(ports[0], Box::new(CallPlayer::new("c")));
        let slow = slow_client(ports[1], Duration::from_millis(200));
        let mut log = Vec::new();
        let (r, messages) = run(dealer, &mut log);
        assert!(matches!(r, Err(DealerError::OutOfTime(2))), "{r:?}");
        assert!(
            messages.contains("ERROR: seat 2 ran out of time"),
            "{messages}"
        );
        assert!(messages.contains("#--t_"), "{messages}");
        good.join().unwrap();
        slow.join().unwrap();
    }
}

#[test]
fn versions_as_the_reference_dealer_checks_them() {
    // An unparsable version aborts the match.
    let dealer = Dealer::bind(options(2, 3, 1, &["a", "b"]), localhost(), &[]).unwrap();
    let ports = dealer.ports();
    let a = raw_client(ports[0], "hello\n", |_, _| true);
    let b = raw_client(ports[1], "VERSION:2.0.0\n", |_, _| true);
    let (r, messages) = run(dealer, &mut Vec::new());
    assert!(
        matches!(r, Err(DealerError::InvalidVersion { seat: 1, .. })),
        "{r:?}"
    );
    assert!(
        messages.contains("ERROR: invalid version string"),
        "{messages}"
    );
    a.join().unwrap();
    b.join().unwrap();
    // A higher minor version only prints an error, and play goes on.
    let dealer = Dealer::bind(options(2, 3, 1, &["a", "b"]), localhost(), &[]).unwrap();
    let ports = dealer.ports();
    let mut session = ClientSession::new(None).unwrap();
    let mut player = CallPlayer::new("c");
    let a = raw_client(ports[0], "VERSION:2.5.0\r\n", move |line, s| {
        if let Some(reply) = session.on_line(line, &mut player).unwrap() {
            s.write_all(reply.as_bytes()).unwrap();
        }
        true
    });
    let b = good_client(ports[1], Box::new(CallPlayer::new("c")));
    let (r, messages) = run(dealer, &mut Vec::new());
    assert_eq!(r.unwrap().hands, 3);
    assert!(messages.contains("ERROR: this server is currently using version 2.0.0"));
    a.join().unwrap();
    b.join().unwrap();
}

/// Shown hole-card groups other than the viewer's.
fn others_shown(ms: &MatchState) -> usize {
    ms.holes
        .enumerate()
        .filter(|(p, h)| *p != ms.position && h.is_some())
        .count()
}

#[test]
fn no_seat_sees_another_seats_cards_before_the_showdown() {
    let n = 3;
    let hands = 200;
    let dealer = Dealer::bind(options(n, hands, 11, &["a", "b", "c"]), localhost(), &[]).unwrap();
    let ports = dealer.ports();
    let clients: Vec<_> = (0..n)
        .map(|s| {
            let mut session = ClientSession::new(None).unwrap();
            let mut player = RandomPlayer::new("r", s as u64);
            raw_client(ports[s], "VERSION:2.0.0\r\n", move |line, w| {
                if let Some(reply) = session.on_line(line, &mut player).unwrap() {
                    w.write_all(reply.as_bytes()).unwrap();
                }
                true
            })
        })
        .collect();
    let mut log = Vec::new();
    let (r, _) = run(dealer, &mut log);
    r.unwrap();
    let log = String::from_utf8(log).unwrap();
    let log_cards: Vec<Vec<String>> = log
        .lines()
        .filter(|l| l.starts_with("STATE:"))
        .map(|l| {
            let cards = l.split(':').nth(3).unwrap().split('/').next().unwrap();
            cards.split('|').map(str::to_string).collect()
        })
        .collect();
    let mut showdowns = 0;
    for (s, c) in clients.into_iter().enumerate() {
        let lines = c.join().unwrap();
        let states: Vec<MatchState> = lines
            .iter()
            .map(|l| MatchState::parse(l).unwrap())
            .collect();
        assert!(states.len() > hands as usize * 2);
        for (i, ms) in states.iter().enumerate() {
            let hand = ms.hand as usize;
            // Seat s is position (s - hand) mod n; its own cards are the log's.
            assert_eq!(ms.position, Position::new((s + n - hand % n) % n));
            let own = ms.holes[ms.position].unwrap().to_string();
            let logged: loki_cards::HoleCards =
                log_cards[hand][ms.position.index()].parse().unwrap();
            assert_eq!(own, logged.to_string());
            let last_of_hand = states.get(i + 1).is_none_or(|next| next.hand != ms.hand);
            let shown = others_shown(ms);
            if !last_of_hand {
                assert_eq!(shown, 0, "seat {s}, mid-hand: {}", lines[i]);
            } else if shown > 0 {
                // Only at a showdown: the river was reached, and every player who did
                // not fold is shown.
                let folds = ms
                    .betting
                    .iter()
                    .flatten()
                    .filter(|a| **a == loki_engine::Action::Fold)
                    .count();
                assert_eq!(ms.betting.len(), 4, "{}", lines[i]);
                let live = n - folds;
                // Every live player is shown, plus the viewer if it folded.
                assert!(shown + 1 == live || shown == live, "{}", lines[i]);
                for (p, h) in ms.holes.iter().enumerate() {
                    if let Some(h) = h {
                        let logged: loki_cards::HoleCards = log_cards[hand][p].parse().unwrap();
                        assert_eq!(*h, logged);
                    }
                }
                showdowns += 1;
            }
        }
    }
    assert!(showdowns > 30, "{showdowns}");
}

/// Dealer options are checked before any port opens.
#[test]
fn bad_options_are_refused() {
    let mut o: DealerOptions = options(3, 10, 1, &["a", "b"]);
    assert!(matches!(
        Dealer::bind(o.clone(), localhost(), &[]),
        Err(DealerError::Names { need: 3, got: 2 })
    ));
    o.names.push("c".into());
    assert!(matches!(
        Dealer::bind(o.clone(), localhost(), &[1, 2]),
        Err(DealerError::Ports { .. })
    ));
    o.hands = 0;
    assert!(matches!(
        Dealer::bind(o, localhost(), &[]),
        Err(DealerError::NoHands)
    ));
}
