//! The network client (`loki acpc client`): connects to a dealer, sends `VERSION:2.0.0`,
//! then feeds every line to a [`ClientSession`] and sends its replies, until the dealer
//! closes the connection (the end of the match: `Ok`, unless a hand was in progress: then
//! the dealer crashed or was stopped, and the match was cut off). Lines are bounded by the protocol's
//! 1024 bytes. Blocking std I/O, `TCP_NODELAY`.
use crate::error::ClientError;
use crate::game::GameDef;
use crate::line::{Line, LineReader};
use crate::reply::VERSION_LINE;
use crate::session::ClientSession;
use loki_engine::Player;
use loki_history::MAX_LINE_LEN;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// How a client plays.
#[derive(Default)]
pub struct ClientOptions {
    /// The game (default: the built-in game of the first state's number of players).
    pub game: Option<GameDef>,
    /// Where to write the transcript: `S-> ` before each line received, `<-  ` before
    /// each line sent (the notation of the protocol notes).
    pub transcript: Option<Box<dyn Write + Send>>,
}

/// What a client did.
#[derive(Debug, Clone, Default)]
pub struct ClientReport {
    /// Hands finished.
    pub hands: u64,
    /// Our net chips (the reference dealer's values).
    pub net: f64,
    /// Our seat (0-based), once known.
    pub seat: Option<usize>,
    /// The time of each decision: from the state arriving to the reply written.
    pub decisions: Vec<Duration>,
}

impl ClientReport {
    /// The closing line of `loki acpc client`: hands, net chips, decisions and their
    /// median and 99th-percentile time.
    pub fn summary(&self) -> String {
        let (median, p99) = percentiles(&self.decisions);
        format!(
            "{} hands, net {} chips; {} decisions, median {:.3} ms, 99th percentile {:.3} ms",
            self.hands,
            loki_history::format_value(self.net),
            self.decisions.len(),
            median,
            p99
        )
    }
}

/// Median and 99th percentile of durations in milliseconds (nearest rank; zeros when
/// there are none).
pub fn percentiles(d: &[Duration]) -> (f64, f64) {
    if d.is_empty() {
        return (0.0, 0.0);
    }
    let mut ms: Vec<f64> = d.iter().map(|x| x.as_secs_f64() * 1e3).collect();
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| ms[((q * ms.len() as f64).ceil() as usize).clamp(1, ms.len()) - 1];
    (at(0.5), at(0.99))
}

/// Connects to a dealer (`TCP_NODELAY`).
///
/// # Errors
/// The connection fails.
pub fn connect(host: &str, port: u16) -> Result<TcpStream, ClientError> {
    let s = TcpStream::connect((host, port))?;
    s.set_nodelay(true)?;
    Ok(s)
}

/// Plays a match on a connected socket with `player`.
///
/// # Errors
/// I/O errors, and lines from the dealer that are not states of this match.
pub fn play(
    stream: TcpStream,
    player: &mut dyn Player,
    options: ClientOptions,
) -> Result<ClientReport, ClientError> {
    let reader = stream.try_clone()?;
    play_io(reader, stream, player, options)
}

/// [`play`] over any reader and writer (tests use in-memory streams).
///
/// # Errors
/// As [`play`].
pub fn play_io<R: Read, W: Write>(
    reader: R,
    mut writer: W,
    player: &mut dyn Player,
    mut options: ClientOptions,
) -> Result<ClientReport, ClientError> {
    let mut session = ClientSession::new(options.game.take())?;
    let mut lines = LineReader::new(reader, MAX_LINE_LEN);
    let mut transcript = options.transcript.take();
    writer.write_all(format!("{VERSION_LINE}\r\n").as_bytes())?;
    writer.flush()?;
    if let Some(t) = transcript.as_mut() {
        writeln!(t, "<-  {VERSION_LINE}")?;
    }
    let mut report = ClientReport::default();
    loop {
        let line = match lines.read_line() {
            Ok(Some(Line::Text(bytes))) => bytes,
            Ok(Some(Line::TooLong)) => return Err(ClientError::LineTooLong),
            Ok(None) => break,
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => break,
            Err(e) => return Err(e.into()),
        };
        let start = Instant::now();
        let text = std::str::from_utf8(&line)
            .ok()
            .filter(|t| t.is_ascii())
            .ok_or(ClientError::NotText)?;
        if let Some(t) = transcript.as_mut() {
            writeln!(t, "S-> {text}")?;
        }
        if let Some(reply) = session.on_line(text, player)? {
            writer.write_all(reply.as_bytes())?;
            writer.flush()?;
            report.decisions.push(start.elapsed());
            if let Some(t) = transcript.as_mut() {
                writeln!(t, "<-  {}", reply.trim_end())?;
            }
        }
    }
    let cut_off = session.hand_in_progress();
    session.finish(player);
    if let Some(t) = transcript.as_mut() {
        t.flush()?;
    }
    if cut_off {
        return Err(ClientError::CutOff {
            hands: session.hands(),
        });
    }
    report.hands = session.hands();
    report.net = session.net();
    report.seat = session.seat();
    Ok(report)
}

#[cfg(test)]
mod summary_tests {
    use super::*;

    #[test]
    fn the_summary_gives_nearest_rank_percentiles() {
        let ms = |v: u64| Duration::from_millis(v);
        let r = ClientReport {
            hands: 3,
            net: -1.5,
            seat: Some(0),
            decisions: (1..=100).map(ms).collect(),
        };
        assert_eq!(percentiles(&r.decisions), (50.0, 99.0));
        assert_eq!(percentiles(&[]), (0.0, 0.0));
        assert_eq!(
            r.summary(),
            "3 hands, net -1.5 chips; 100 decisions, median 50.000 ms, 99th percentile 99.000 ms"
        );
    }
}
