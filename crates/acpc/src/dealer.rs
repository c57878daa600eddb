//! The dealer (`loki acpc dealer`): the University of Alberta reference dealer's behavior
//! as `docs/acpc-protocol.md` describes it. One listening port per seat
//! (127.0.0.1 unless told otherwise), the seats accepted and their `VERSION` lines read in
//! seat order, then every hand: the state sent to every seat after every event (each seat
//! sees its own hole cards only, and at a showdown the cards of every player still in),
//! replies read only from the acting seat and judged in the reference order (comments
//! ignored; "bad state format" and "un-requested" lines ignored with a warning; a missing
//! action or an invalid one becomes a call with a warning), the time limits (per response,
//! per hand, and the average per hand over the match; the time of a reply runs from the
//! state sent to the line received and is charged for every non-comment line, as the
//! reference does), a disconnect or timeout aborting the match with no SCORE line, and
//! the log in the reference `STATE` format with the final `SCORE` line.
//!
//! Seats and positions: the seat of position `p` in hand `h` is `(p + h) mod N`. Cards
//! come from [`crate::deal::deal`]: they depend only on (seed, hand, position).
use crate::deal::deal;
use crate::error::{limit_text, DealerError};
use crate::game::GameDef;
use crate::line::{Line, LineReader};
use crate::reply::{parse_reply, parse_version, Reply, VERSION};
use loki_engine::{Action, Event, GameConfig, HandRecord, HandState, Phase, Round, Seat, Table};
use loki_engine::{ByPosition, Position};
use loki_history::{format_state_line, format_value, MatchState, MAX_LINE_LEN};
use std::io::{self, Write};
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The reference dealer's time limits; `None` disables one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeLimits {
    /// Longest single response (`--t_response`, default 600,000 ms).
    pub response: Option<Duration>,
    /// Most time one seat may use in one hand (`--t_hand`, default 600,000 ms).
    pub hand: Option<Duration>,
    /// Average time per hand over the match (`--t_per_hand`, default 7,000 ms): the match
    /// budget of each seat is this times the number of hands.
    pub per_hand: Option<Duration>,
}

impl Default for TimeLimits {
    fn default() -> TimeLimits {
        TimeLimits {
            response: Some(Duration::from_millis(600_000)),
            hand: Some(Duration::from_millis(600_000)),
            per_hand: Some(Duration::from_millis(7_000)),
        }
    }
}

impl TimeLimits {
    /// Limits in milliseconds; a negative value disables one.
    pub fn from_millis(response: i64, hand: i64, per_hand: i64) -> TimeLimits {
        let d = |ms: i64| u64::try_from(ms).ok().map(Duration::from_millis);
        TimeLimits {
            response: d(response),
            hand: d(hand),
            per_hand: d(per_hand),
        }
    }
}

fn ms_text(d: Option<Duration>) -> String {
    d.map_or("-1".into(), |d| d.as_millis().to_string())
}

/// What a match is.
#[derive(Debug, Clone)]
pub struct DealerOptions {
    /// The game.
    pub game: GameDef,
    /// The game file's name, for the log header.
    pub game_name: String,
    /// The match name, for the log header.
    pub match_name: String,
    /// Hands to play (1 ..= 2^32 - 1).
    pub hands: u64,
    /// The seed of the cards.
    pub seed: u64,
    /// The players' names by seat.
    pub names: Vec<String>,
    /// Time limits.
    pub limits: TimeLimits,
    /// Longest wait for all seats to connect (`None`: forever, the reference default).
    pub start_timeout: Option<Duration>,
    /// Only errors, warnings and the result on the message stream (the reference `-q`);
    /// otherwise every line sent and received too.
    pub quiet: bool,
}

/// One finished hand.
#[derive(Debug, Clone, PartialEq)]
pub struct HandDone {
    /// The hand number.
    pub hand: u64,
    /// Net chips by position as the reference dealer scores them (even split of ties).
    pub values: ByPosition<f64>,
    /// The log line.
    pub line: String,
    /// The hand with every card (the dealer dealt them all) and the seat of each
    /// position, for what needs more than the log line shows (the variance-reduced
    /// estimate of `loki acpc match`).
    pub record: HandRecord,
}

/// A finished match.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchResult {
    /// Hands played.
    pub hands: u64,
    /// Net chips by seat.
    pub totals: Vec<f64>,
    /// Names by seat.
    pub names: Vec<String>,
    /// The final `SCORE:` line.
    pub score_line: String,
}

/// The state `viewer` is sent: its own cards, and at a showdown (the end of a hand that
/// did not end by folds) the cards of every player who did not fold.
pub fn view_state(state: &HandState, hand: u32, viewer: usize) -> MatchState {
    let rounds = state.round().index() + 1;
    let mut betting = vec![Vec::new(); rounds];
    for e in state.events() {
        if let Event::Action(a) = e {
            if let Some(r) = betting.get_mut(a.round.index()) {
                r.push(a.action);
            }
        }
    }
    let showdown = state.result().is_some_and(|r| r.showdown);
    let holes = Position::all(state.players())
        .map(|p| {
            if p == Position::new(viewer) || (showdown && state.is_live(p)) {
                state.hole_cards().get(p.index()).copied().flatten()
            } else {
                None
            }
        })
        .collect();
    let board = Round::ALL[1..rounds]
        .iter()
        .map(|r| {
            state
                .board()
                .get(r.dealt_range())
                .unwrap_or_default()
                .to_vec()
        })
        .collect();
    MatchState {
        position: Position::new(viewer),
        hand,
        betting,
        holes,
        board,
    }
}

/// How the acting seat's reply line was judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// A comment: ignored silently, no time charged.
    Comment,
    /// Ignored with this warning; keep reading.
    Ignore(&'static str),
    /// The action to apply, with the warning if it was changed to a call.
    Act(Action, Option<&'static str>),
}

/// Judges a reply line against the state sent to the acting seat (pure; the reference
/// dealer's `readPlayerResponse` order of checks).
pub fn judge(line: &[u8], sent: &MatchState, state: &HandState) -> Verdict {
    let Ok(text) = std::str::from_utf8(line) else {
        return Verdict::Ignore("WARNING: bad state format in response");
    };
    match parse_reply(text) {
        Reply::Comment => Verdict::Comment,
        Reply::BadState(_) => Verdict::Ignore("WARNING: bad state format in response"),
        Reply::State {
            state: echo,
            action,
        } => {
            if !sent.same_decision_point(&echo) {
                return Verdict::Ignore("WARNING: ignoring un-requested response");
            }
            match action {
                None => Verdict::Act(
                    Action::Call,
                    Some("WARNING: bad action format in response, changed to call"),
                ),
                Some(Some(a)) if state.legal_actions().contains(a) => Verdict::Act(a, None),
                Some(_) => Verdict::Act(
                    Action::Call,
                    Some("WARNING: invalid action, changed to call"),
                ),
            }
        }
    }
}

/// The connection of the player at one seat.
struct Connection {
    reader: LineReader<TcpStream>,
    writer: TcpStream,
}

/// A dealer with its ports open.
#[derive(Debug)]
pub struct Dealer {
    options: DealerOptions,
    config: GameConfig,
    listeners: Vec<TcpListener>,
}

fn say(messages: &mut dyn Write, text: &str) {
    let _ = writeln!(messages, "{text}");
    let _ = messages.flush();
}

fn stamp() -> String {
    let t = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    format!("{}.{:06}", t.as_secs(), t.subsec_micros())
}

impl Dealer {
    /// Checks the options and opens one listening socket per seat on `addr` (`ports`
    /// empty: any free ports).
    ///
    /// # Errors
    /// A game the engine does not play, names or ports that do not match the players,
    /// zero hands, or a port that cannot be opened.
    pub fn bind(
        options: DealerOptions,
        addr: IpAddr,
        ports: &[u16],
    ) -> Result<Dealer, DealerError> {
        let config = options.game.config()?;
        let n = config.seats();
        if options.names.len() != n {
            return Err(DealerError::Names {
                need: n,
                got: options.names.len(),
            });
        }
        if !ports.is_empty() && ports.len() != n {
            return Err(DealerError::Ports {
                need: n,
                got: ports.len(),
            });
        }
        if options.hands == 0 || options.hands > u64::from(u32::MAX) {
            return Err(DealerError::NoHands);
        }
        let listeners = (0..n)
            .map(|s| {
                let port = ports.get(s).copied().unwrap_or(0);
                TcpListener::bind(SocketAddr::new(addr, port)).map_err(|source| {
                    DealerError::Listen {
                        seat: s + 1,
                        source,
                    }
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Dealer {
            options,
            config,
            listeners,
        })
    }

    /// The ports, by seat.
    pub fn ports(&self) -> Vec<u16> {
        self.listeners
            .iter()
            .map(|l| l.local_addr().map_or(0, |a| a.port()))
            .collect()
    }

    fn accept(&self, seat: usize, listener: &TcpListener) -> Result<TcpStream, DealerError> {
        let accept_err = |source| DealerError::Accept {
            seat: seat + 1,
            source,
        };
        let stream = match self.options.start_timeout {
            None => listener.accept().map_err(accept_err)?.0,
            Some(limit) => {
                let deadline = Instant::now() + limit;
                listener.set_nonblocking(true).map_err(accept_err)?;
                loop {
                    match listener.accept() {
                        Ok((s, _)) => break s,
                        Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                            if Instant::now() >= deadline {
                                return Err(DealerError::StartTimeout(seat + 1));
                            }
                            std::thread::sleep(Duration::from_millis(2));
                        }
                        Err(e) => return Err(accept_err(e)),
                    }
                }
            }
        };
        stream.set_nonblocking(false).map_err(accept_err)?;
        stream.set_nodelay(true).map_err(accept_err)?;
        stream
            .set_write_timeout(self.options.limits.response)
            .map_err(accept_err)?;
        Ok(stream)
    }

    /// Plays the match: accepts the seats, checks their versions, plays every hand. The
    /// log (if any) gets the header, one `STATE` line per hand (flushed) and `SCORE`;
    /// `messages` gets the header, warnings, errors, the `SCORE` line and (unless quiet)
    /// every line sent and received; `on_hand` is called after every hand.
    ///
    /// # Errors
    /// The reference dealer's reasons to abort (the log then has no `SCORE` line).
    pub fn run(
        self,
        mut log: Option<&mut dyn Write>,
        messages: &mut dyn Write,
        on_hand: &mut dyn FnMut(&HandDone),
    ) -> Result<MatchResult, DealerError> {
        let result = self.play(&mut log, messages, on_hand);
        if let Err(e) = &result {
            say(messages, &format!("ERROR: {e}"));
        }
        result
    }

    fn play(
        &self,
        log: &mut Option<&mut dyn Write>,
        messages: &mut dyn Write,
        on_hand: &mut dyn FnMut(&HandDone),
    ) -> Result<MatchResult, DealerError> {
        let o = &self.options;
        let n = self.config.seats();
        let header = format!(
            "# name/game/hands/seed {} {} {} {}\n#--t_response {}\n#--t_hand {}\n#--t_per_hand {}",
            o.match_name,
            o.game_name,
            o.hands,
            o.seed,
            ms_text(o.limits.response),
            ms_text(o.limits.hand),
            ms_text(o.limits.per_hand)
        );
        say(messages, &header);
        if let Some(l) = log.as_mut() {
            writeln!(l, "{header}")
                .and_then(|_| l.flush())
                .map_err(DealerError::Log)?;
        }
        let mut seats = Vec::with_capacity(n);
        for (s, listener) in self.listeners.iter().enumerate() {
            let stream = self.accept(s, listener)?;
            let reader = stream.try_clone().map_err(|source| DealerError::Accept {
                seat: s + 1,
                source,
            })?;
            seats.push(Connection {
                reader: LineReader::new(reader, MAX_LINE_LEN),
                writer: stream,
            });
        }
        for (s, seat) in seats.iter_mut().enumerate() {
            let line = match seat
                .reader
                .read_line_with(&mut |r: &mut TcpStream| r.set_read_timeout(None))
            {
                Ok(Some(Line::Text(l))) => l,
                Ok(Some(Line::TooLong)) => {
                    return Err(DealerError::InvalidVersion {
                        seat: s + 1,
                        line: "(too long)".into(),
                    })
                }
                _ => return Err(DealerError::NoVersion(s + 1)),
            };
            let text = String::from_utf8_lossy(&line);
            match parse_version(&text) {
                None => {
                    return Err(DealerError::InvalidVersion {
                        seat: s + 1,
                        line: text.chars().take(64).collect(),
                    })
                }
                Some((major, minor, _)) if major != VERSION.0 || minor > VERSION.1 => say(
                    messages,
                    "ERROR: this server is currently using version 2.0.0",
                ),
                Some(_) => {}
            }
        }
        if !o.quiet {
            say(messages, &format!("STARTED at {}", stamp()));
        }
        let budget = o
            .limits
            .per_hand
            .map(|d| d.saturating_mul(o.hands.min(u64::from(u32::MAX)) as u32));
        let mut used_match = vec![Duration::ZERO; n];
        let mut totals = vec![0.0; n];
        for h in 0..o.hands {
            let hand = h as u32;
            let mut used_hand = vec![Duration::ZERO; n];
            let position_seats: ByPosition<Seat> =
                Position::all(n).map(|p| Table::seat_of(p, h, n)).collect();
            let cards = deal(o.seed, h, n);
            let engine = |e: &dyn std::fmt::Display| DealerError::Engine(e.to_string());
            let mut state = HandState::new(&self.config).map_err(|e| engine(&e))?;
            state.set_seats(&position_seats).map_err(|e| engine(&e))?;
            for (p, hole) in cards.hole.iter().enumerate() {
                state
                    .deal_hole(Position::new(p), *hole)
                    .map_err(|e| engine(&e))?;
            }
            loop {
                match state.phase() {
                    Phase::DealBoard(r) => {
                        state
                            .deal_board(cards.board_for(r))
                            .map_err(|e| engine(&e))?;
                    }
                    Phase::Act(acting) => {
                        let mut sent_to_acting = None;
                        for (s, seat) in seats.iter_mut().enumerate() {
                            let viewer = position_seats
                                .iter()
                                .position(|x| x.index() == s)
                                .unwrap_or(0);
                            let ms = view_state(&state, hand, viewer);
                            let sent = self.send(s, seat, &ms, messages)?;
                            if viewer == acting.index() {
                                sent_to_acting = Some((ms, sent));
                            }
                        }
                        let (sent_state, sent_at) =
                            sent_to_acting.ok_or(DealerError::Engine("no acting seat".into()))?;
                        let s = position_seats[acting].index();
                        let action = self.read_action(
                            s,
                            &mut seats[s],
                            &sent_state,
                            sent_at,
                            &state,
                            &mut used_hand[s],
                            &mut used_match[s],
                            budget,
                            messages,
                        )?;
                        state.apply(action).map_err(|e| engine(&e))?;
                    }
                    Phase::Complete => break,
                    Phase::DealHole(_) | Phase::Reveal(_) => {
                        return Err(DealerError::Engine("cards not due".into()))
                    }
                }
            }
            let values = state
                .acpc_values()
                .ok_or(DealerError::Engine("unfinished hand".into()))?;
            let names_by_position: Vec<String> = position_seats
                .iter()
                .map(|&s| o.names[s.index()].clone())
                .collect();
            let record = HandRecord::from_state(&state, names_by_position, h)
                .ok_or(DealerError::Engine("unfinished hand".into()))?;
            let line = format_state_line(&record);
            if let Some(l) = log.as_mut() {
                writeln!(l, "{line}")
                    .and_then(|_| l.flush())
                    .map_err(DealerError::Log)?;
            }
            for (&seat, v) in position_seats.iter().zip(&values) {
                totals[seat.index()] += v;
            }
            for (s, seat) in seats.iter_mut().enumerate() {
                let viewer = position_seats
                    .iter()
                    .position(|x| x.index() == s)
                    .unwrap_or(0);
                self.send(s, seat, &view_state(&state, hand, viewer), messages)?;
            }
            on_hand(&HandDone {
                hand: h,
                values,
                line,
                record,
            });
        }
        if !o.quiet {
            say(messages, &format!("FINISHED at {}", stamp()));
        }
        let t: Vec<String> = totals.iter().map(|v| format_value(*v)).collect();
        let score_line = format!("SCORE:{}:{}", t.join("|"), o.names.join("|"));
        if let Some(l) = log.as_mut() {
            writeln!(l, "{score_line}")
                .and_then(|_| l.flush())
                .map_err(DealerError::Log)?;
        }
        say(messages, &score_line);
        Ok(MatchResult {
            hands: o.hands,
            totals,
            names: o.names.clone(),
            score_line,
        })
    }

    fn send(
        &self,
        s: usize,
        seat: &mut Connection,
        ms: &MatchState,
        messages: &mut dyn Write,
    ) -> Result<Instant, DealerError> {
        let text = format!("{ms}\r\n");
        if text.len() > MAX_LINE_LEN {
            return Err(DealerError::Engine("state message too long".into()));
        }
        seat.writer
            .write_all(text.as_bytes())
            .and_then(|_| seat.writer.flush())
            .map_err(|_| DealerError::Send(s + 1))?;
        let at = Instant::now();
        if !self.options.quiet {
            say(messages, &format!("TO {} at {} {ms}", s + 1, stamp()));
        }
        Ok(at)
    }

    #[allow(clippy::too_many_arguments)]
    fn read_action(
        &self,
        s: usize,
        seat: &mut Connection,
        sent: &MatchState,
        sent_at: Instant,
        state: &HandState,
        used_hand: &mut Duration,
        used_match: &mut Duration,
        budget: Option<Duration>,
        messages: &mut dyn Write,
    ) -> Result<Action, DealerError> {
        let limits = self.options.limits;
        let context = format!(" (seat {}, hand {})", s + 1, sent.hand);
        loop {
            let start = Instant::now();
            let deadline = limits.response.map(|r| start + r);
            let mut set_timeout = |r: &mut TcpStream| -> io::Result<()> {
                match deadline {
                    None => r.set_read_timeout(None),
                    Some(d) => {
                        let left = d.saturating_duration_since(Instant::now());
                        if left.is_zero() {
                            Err(io::ErrorKind::TimedOut.into())
                        } else {
                            r.set_read_timeout(Some(left))
                        }
                    }
                }
            };
            let line = match seat.reader.read_line_with(&mut set_timeout) {
                Ok(Some(line)) => line,
                _ => {
                    return Err(DealerError::NoAction {
                        seat: s + 1,
                        waited: start.elapsed().as_secs_f64(),
                        timeout: limit_text(limits.response),
                    })
                }
            };
            let received = Instant::now();
            let bytes = match &line {
                Line::Text(b) => b.as_slice(),
                Line::TooLong => b"(line too long)",
            };
            if !self.options.quiet {
                say(
                    messages,
                    &format!(
                        "FROM {} at {} {}",
                        s + 1,
                        stamp(),
                        String::from_utf8_lossy(bytes)
                    ),
                );
            }
            let verdict = match line {
                Line::TooLong => Verdict::Ignore("WARNING: bad state format in response"),
                Line::Text(ref b) => judge(b, sent, state),
            };
            if verdict == Verdict::Comment {
                continue;
            }
            let took = received.saturating_duration_since(sent_at);
            *used_hand += took;
            *used_match += took;
            let over = |limit: Option<Duration>, used: Duration| limit.is_some_and(|l| used > l);
            if over(limits.response, took)
                || over(limits.hand, *used_hand)
                || over(budget, *used_match)
            {
                return Err(DealerError::OutOfTime(s + 1));
            }
            match verdict {
                Verdict::Comment => {}
                Verdict::Ignore(w) => say(messages, &format!("{w}{context}")),
                Verdict::Act(a, warning) => {
                    if let Some(w) = warning {
                        say(messages, &format!("{w}{context}"));
                    }
                    return Ok(a);
                }
            }
        }
    }
}

/// The log file of `--log MATCH`: MATCH itself when it ends in `.log`, else MATCH.log
/// (as the reference dealer names its log after the match).
pub fn log_path(path: &std::path::Path) -> std::path::PathBuf {
    if path.extension().is_some_and(|e| e == "log") {
        path.to_path_buf()
    } else {
        let mut s = path.as_os_str().to_owned();
        s.push(".log");
        std::path::PathBuf::from(s)
    }
}

/// The match name of `--log MATCH`: MATCH's file name without `.log` (none: `loki`).
pub fn match_name(log: Option<&std::path::Path>) -> String {
    log.and_then(|p| p.file_stem())
        .map_or("loki".to_string(), |s| s.to_string_lossy().into())
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_log_is_named_after_the_match() {
        use std::path::Path;
        assert_eq!(log_path(Path::new("out/m")), Path::new("out/m.log"));
        assert_eq!(log_path(Path::new("out/m.log")), Path::new("out/m.log"));
        assert_eq!(log_path(Path::new("m.txt")), Path::new("m.txt.log"));
        assert_eq!(match_name(Some(Path::new("out/m.log"))), "m");
        assert_eq!(match_name(None), "loki");
    }

    use super::*;

    #[test]
    fn states_show_own_cards_until_a_showdown() {
        let config = GameDef::holdem(3).unwrap().config().unwrap();
        let mut s = HandState::new(&config).unwrap();
        let d = deal(7, 0, 3);
        for (p, h) in d.hole.iter().enumerate() {
            s.deal_hole(Position::new(p), *h).unwrap();
        }
        let m = view_state(&s, 0, 1);
        assert_eq!(
            m.to_string(),
            format!("MATCHSTATE:1:0::|{}|", d.hole[Position::new(1)])
        );
        s.apply(Action::Fold).unwrap();
        for _ in 0..2 {
            s.apply(Action::Call).unwrap();
        }
        assert_eq!(s.phase(), Phase::DealBoard(Round::Flop));
        s.deal_board(&d.board[..3]).unwrap();
        let m = view_state(&s, 0, 2);
        assert_eq!(m.betting_string(), "fcc/");
        assert_eq!(m.board, vec![d.board[..3].to_vec()]);
        for r in [Round::Turn, Round::River] {
            s.apply(Action::Call).unwrap();
            s.apply(Action::Call).unwrap();
            s.deal_board(&[d.board[r.board_len() - 1]]).unwrap();
        }
        s.apply(Action::Call).unwrap();
        s.apply(Action::Call).unwrap();
        assert!(s.is_complete());
        let m = view_state(&s, 0, 2);
        assert_eq!(
            m.holes,
            d.hole.iter().copied().map(Some).collect::<Vec<_>>()
        );
        let m = view_state(&s, 0, 0);
        assert_eq!(
            m.holes[Position::new(2)],
            None,
            "the folded player's cards stay hidden"
        );
        assert_eq!(m.betting_string(), "fcc/cc/cc/cc");
        let v = s.acpc_values().unwrap();
        assert_eq!(v.iter().sum::<f64>(), 0.0);
    }

    #[test]
    fn replies_are_judged_in_the_reference_order() {
        let config = GameDef::holdem(2).unwrap().config().unwrap();
        let mut s = HandState::new(&config).unwrap();
        s.deal_hole(Position::new(0), "7d3d".parse().unwrap())
            .unwrap();
        s.deal_hole(Position::new(1), "2hAc".parse().unwrap())
            .unwrap();
        let sent = view_state(&s, 1, 1);
        let bad_format = "WARNING: bad action format in response, changed to call";
        let invalid = "WARNING: invalid action, changed to call";
        for (reply, want) in [
            ("# hi", Verdict::Comment),
            (
                "hello",
                Verdict::Ignore("WARNING: bad state format in response"),
            ),
            (
                "MATCHSTATE:1:0::|Ac2h:c",
                Verdict::Ignore("WARNING: ignoring un-requested response"),
            ),
            ("MATCHSTATE:1:1::|Ac2h:r", Verdict::Act(Action::Raise, None)),
            ("MATCHSTATE:1:1::|2hAc:F", Verdict::Act(Action::Fold, None)),
            (
                "MATCHSTATE:1:1::|Ac2h",
                Verdict::Act(Action::Call, Some(bad_format)),
            ),
            (
                "MATCHSTATE:1:1::|Ac2h:x",
                Verdict::Act(Action::Call, Some(invalid)),
            ),
        ] {
            assert_eq!(judge(reply.as_bytes(), &sent, &s), want, "{reply}");
        }
        assert_eq!(
            judge(&[0xff, 0xfe], &sent, &s),
            Verdict::Ignore("WARNING: bad state format in response")
        );
        s.apply(Action::Call).unwrap();
        let sent = view_state(&s, 1, 0);
        assert_eq!(
            judge(b"MATCHSTATE:0:1:c:7d3d|:f", &sent, &s),
            Verdict::Act(Action::Call, Some(invalid)),
            "a fold when checking is free"
        );
    }
}
