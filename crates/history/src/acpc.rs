//! ACPC dealer logs: `STATE:<hand>:<betting>:<cards>:<values>:<names>` lines and the final
//! `SCORE:` line, as the University of Alberta reference dealer writes them (the ACPC protocol
//! 2.0.0 and its reference dealer): hole cards in position order separated by
//! `|`, every player's cards shown (folded too), the board as far as the hand reached with
//! `/` between rounds, values and names in position order, values the dealer's even
//! (fractional) pot split printed with `%.6f` and trailing zeros removed; `SCORE` sums by
//! seat (`seat = (position + hand) mod N`).
use crate::replay::{format_value, replay, Parsed, Step};
use crate::{HistoryError, ReplayedHand};
use loki_cards::{parse_cards, HoleCards};
use loki_engine::Position;
use loki_engine::{Action, GameConfig, GameSpec, HandRecord, Round, Table};
use std::io::{BufRead, Write};

/// The four header lines of a reference dealer log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AcpcHeader {
    /// The match name.
    pub match_name: String,
    /// The game definition file name.
    pub game_file: String,
    /// Number of hands.
    pub hands: u64,
    /// The seed.
    pub seed: u64,
}

/// The `STATE:` line of a hand (an unknown holding is empty, as in the protocol's match
/// states; [`write_acpc_log`] refuses such a hand, since a dealer's log has every card).
pub fn format_state_line(record: &HandRecord) -> String {
    let holes: Vec<String> = record
        .hole
        .iter()
        .map(|h| h.map_or(String::new(), |h| h.to_string()))
        .collect();
    let mut cards = holes.join("|");
    let mut at = 0;
    for r in Round::ALL
        .iter()
        .skip(1)
        .take(record.actions.len().saturating_sub(1))
    {
        let k = r.cards_dealt();
        cards.push('/');
        for c in record.board.iter().skip(at).take(k) {
            cards.push_str(&c.to_string());
        }
        at += k;
    }
    let values: Vec<String> = record.acpc_values().into_iter().map(format_value).collect();
    format!(
        "STATE:{}:{}:{}:{}:{}",
        record.hand_number,
        record.acpc_betting(),
        cards,
        values.join("|"),
        record.names.as_slice().join("|")
    )
}

/// Totals and names by seat (seat = `record.seats[position]`).
fn seat_totals(records: &[HandRecord]) -> (Vec<f64>, Vec<String>) {
    let n = records.first().map_or(0, |r| r.players());
    let mut totals = vec![0.0; n];
    let mut names = vec![String::new(); n];
    for r in records {
        let v = r.acpc_values();
        for (p, (value, name)) in v.iter().zip(&r.names).enumerate().take(n) {
            let s = r.seats.get(Position::new(p)).map_or(p, |s| s.index()) % n;
            totals[s] += value;
            names[s] = name.clone();
        }
    }
    (totals, names)
}

/// The final `SCORE:` line: totals and names in seat order.
pub fn format_score_line(records: &[HandRecord]) -> String {
    let (totals, names) = seat_totals(records);
    let t: Vec<String> = totals.into_iter().map(format_value).collect();
    format!("SCORE:{}:{}", t.join("|"), names.join("|"))
}

/// Writes a whole log: the header (if given), one `STATE` line per hand, and `SCORE`.
/// A hand with an unknown holding (PHH's `????`) is refused before anything is written
/// (`InvalidInput`): a dealer's log states every player's cards.
pub fn write_acpc_log(
    w: &mut impl Write,
    header: Option<&AcpcHeader>,
    records: &[HandRecord],
) -> std::io::Result<()> {
    if let Some((i, p)) = records
        .iter()
        .enumerate()
        .find_map(|(i, r)| r.hole.iter().position(Option::is_none).map(|p| (i, p)))
    {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "hand {} (the {}th written): the cards of p{} are unknown, and an ACPC log needs every player's cards",
                records[i].hand_number,
                i + 1,
                p + 1
            ),
        ));
    }
    if let Some(h) = header {
        writeln!(
            w,
            "# name/game/hands/seed {} {} {} {}",
            h.match_name, h.game_file, h.hands, h.seed
        )?;
        writeln!(w, "#--t_response 600000")?;
        writeln!(w, "#--t_hand 600000")?;
        writeln!(w, "#--t_per_hand 7000")?;
    }
    for r in records {
        writeln!(w, "{}", format_state_line(r))?;
    }
    if !records.is_empty() {
        writeln!(w, "{}", format_score_line(records))?;
    }
    Ok(())
}

/// Reads an ACPC log and replays every `STATE` line with the blinds, bets and cap of
/// `template` (an ACPC log does not state them); the seat count comes from each line. The
/// `SCORE` line, if present, must equal the replayed totals (reported as an extra error).
pub fn read_acpc(
    reader: impl BufRead,
    template: &GameSpec,
) -> Result<Vec<Result<ReplayedHand, HistoryError>>, HistoryError> {
    let mut out = Vec::new();
    let mut score: Option<(usize, String)> = None;
    for (i, line) in reader.lines().enumerate() {
        let line = line?;
        let t = line.trim();
        let no = i + 1;
        if t.is_empty() || t.starts_with('#') || t.starts_with(';') {
            continue;
        }
        if t.starts_with("SCORE:") {
            score = Some((no, t.to_string()));
            continue;
        }
        out.push(parse_state(t, no, template).and_then(replay));
    }
    if let Some((no, line)) = score {
        let records: Vec<HandRecord> = out
            .iter()
            .filter_map(|r| r.as_ref().ok().and_then(|h| h.record().cloned()))
            .collect();
        if records.len() == out.len() && !records.is_empty() {
            if let Err(e) = check_score(&line, &records) {
                out.push(Err(HistoryError::hand("SCORE", no, e)));
            }
        }
    }
    Ok(out)
}

fn check_score(line: &str, records: &[HandRecord]) -> Result<(), String> {
    let parts: Vec<&str> = line.split(':').collect();
    if parts.len() != 3 {
        return Err("malformed SCORE line".into());
    }
    let (totals, _) = seat_totals(records);
    let got: Vec<f64> = parts[1]
        .split('|')
        .map(|v| v.parse::<f64>().map_err(|_| format!("bad score `{v}`")))
        .collect::<Result<_, _>>()?;
    let ok = got.len() == totals.len()
        && got
            .iter()
            .zip(&totals)
            .all(|(a, b)| (a - b).abs() <= 1e-6 * (1.0 + b.abs()) + 1e-6 * records.len() as f64);
    if ok {
        Ok(())
    } else {
        let t: Vec<String> = totals.into_iter().map(format_value).collect();
        Err(format!(
            "scores {} differ from the replayed totals {}",
            parts[1],
            t.join("|")
        ))
    }
}

/// The most characters an ACPC betting string can have: 4 rounds of at most 10 players
/// times (1 bet + 4 raises + calls) plus separators is far below this bound.
pub const MAX_BETTING_LEN: usize = 1024;

/// Parses an ACPC betting string ("crrc/r": `c` check/call, `r` bet/raise, `f` fold,
/// rounds separated by `/`; `k` and `b` are read as `c` and `r`, any case; the
/// protocol's `r<amount>` of no-limit games is not accepted)
/// into the actions of each round reached. "" is one empty pre-flop round; "cc/" reaches
/// the flop with no action yet.
///
/// # Errors
/// An unknown character, more than four rounds, or a string over [`MAX_BETTING_LEN`].
pub fn parse_betting(betting: &str) -> Result<Vec<Vec<Action>>, HistoryError> {
    let bad = |reason: String| HistoryError::Betting {
        betting: betting.chars().take(64).collect(),
        reason,
    };
    if betting.len() > MAX_BETTING_LEN {
        return Err(bad(format!("longer than {MAX_BETTING_LEN} characters")));
    }
    let rounds: Vec<&str> = betting.split('/').collect();
    if rounds.len() > 4 {
        return Err(bad(format!("{} rounds (at most 4)", rounds.len())));
    }
    rounds
        .iter()
        .map(|r| {
            r.chars()
                .map(|ch| {
                    Action::from_acpc_char(ch).ok_or_else(|| {
                        bad(format!(
                            "bad betting character `{}` (c, r, f and /)",
                            ch.escape_debug()
                        ))
                    })
                })
                .collect()
        })
        .collect()
}

fn parse_state(line: &str, no: usize, template: &GameSpec) -> Result<Parsed, HistoryError> {
    let parts: Vec<&str> = line.split(':').collect();
    let label = match parts.get(1) {
        Some(h) => format!("hand {h}"),
        None => "hand ?".into(),
    };
    let err = |reason: String| HistoryError::hand(&label, no, reason);
    if parts.len() != 6 || parts[0] != "STATE" {
        return Err(err(
            "not a STATE:<hand>:<betting>:<cards>:<values>:<names> line".into(),
        ));
    }
    let hand_number: u64 = parts[1]
        .parse()
        .map_err(|_| err(format!("bad hand number `{}`", parts[1])))?;
    let names: Vec<String> = parts[5].split('|').map(str::to_string).collect();
    let n = names.len();
    let values: Vec<f64> = parts[4]
        .split('|')
        .map(|v| {
            v.parse::<f64>()
                .map_err(|_| err(format!("bad value `{v}`")))
        })
        .collect::<Result<_, _>>()?;
    if values.len() != n {
        return Err(err(format!("{} values for {n} players", values.len())));
    }
    let mut spec = template.clone();
    spec.seats = n;
    spec.stacks = None;
    let config = GameConfig::new(spec).map_err(|e| err(e.to_string()))?;
    let mut card_groups = parts[3].split('/');
    let holes: Vec<&str> = card_groups.next().unwrap_or("").split('|').collect();
    if holes.len() != n {
        return Err(err(format!(
            "{} hole-card groups for {n} players",
            holes.len()
        )));
    }
    let mut steps = Vec::new();
    for (p, h) in holes.iter().enumerate() {
        let c = parse_cards(h).map_err(|e| err(format!("bad cards `{h}`: {e}")))?;
        if c.len() != 2 {
            return Err(err(format!("position {p} has `{h}`, not two hole cards")));
        }
        let hc = HoleCards::new(c[0], c[1]).map_err(|e| err(format!("bad cards `{h}`: {e}")))?;
        steps.push((no, Step::Hole(p, Some(hc))));
    }
    let boards: Vec<&str> = card_groups.collect();
    let rounds = parse_betting(parts[2]).map_err(|e| err(e.to_string()))?;
    if boards.len() != rounds.len() - 1 {
        return Err(err(format!(
            "{} betting rounds but {} board groups",
            rounds.len(),
            boards.len()
        )));
    }
    // Replay: actions are attributed to whoever is to act, so positions come from the
    // engine; a placeholder position is fixed up during replay.
    for (r, bet) in rounds.iter().enumerate() {
        if r > 0 {
            let c = parse_cards(boards[r - 1])
                .map_err(|e| err(format!("bad board `{}`: {e}", boards[r - 1])))?;
            steps.push((no, Step::Board(c)));
        }
        for &action in bet {
            steps.push((
                no,
                Step::Act {
                    position: usize::MAX,
                    action,
                    raise_to: None,
                },
            ));
        }
    }
    Ok(Parsed {
        label,
        line: no,
        config,
        names,
        hand_number,
        seats: Some(
            Position::all(n)
                .map(|p| Table::seat_of(p, hand_number, n))
                .collect(),
        ),
        steps,
        finishing: None,
        acpc_values: Some((no, values)),
    })
}

#[cfg(test)]
mod betting_tests {
    use super::*;

    #[test]
    fn betting_strings() {
        use Action::{Call as C, Fold as F, Raise as R};
        assert_eq!(parse_betting("").unwrap(), vec![Vec::<Action>::new()]);
        assert_eq!(
            parse_betting("crrc/r").unwrap(),
            vec![vec![C, R, R, C], vec![R]]
        );
        assert_eq!(parse_betting("fc/").unwrap(), vec![vec![F, C], Vec::new()]);
        assert!(parse_betting("c/c/c/c/c").is_err());
        assert!(parse_betting("cr1x").is_err());
        assert!(parse_betting(&"c".repeat(MAX_BETTING_LEN + 1)).is_err());
    }
}
