//! PHH, PokerKit's TOML hand-history format (PokerKit 0.7.7, variant `"FT"`), several hands
//! per `.phhs` file as tables `[1]`, `[2]`, ...
//!
//! What we rely on (phh-std `required.rst`, PokerKit `pokerkit/notation.py` and
//! `pokerkit/state.py`):
//! * required FT fields `variant`, `antes`, `blinds_or_straddles`, `small_bet`, `big_bet`,
//!   `starting_stacks`, `actions`; optional `hand`, `seats`, `players`,
//!   `finishing_stacks`;
//! * actions `d dh pN <cards>`, `d db <cards>`, `pN f`, `pN cc`, `pN cbr <amount>` (the
//!   player's total bet in the current round after raising), `pN sm [<cards>]`; text after
//!   ` # ` is commentary;
//! * heads-up, the blinds are reversed by rule: `blinds_or_straddles = [1, 2]` with two
//!   players means p1 posts 2. PHH player `pN` is therefore always position `N - 1`;
//! * PokerKit does not automate showing: the live players show (`sm`) when the river
//!   ends, or as soon as a betting round ends with at most one live player holding chips
//!   (all-in; the remaining board is dealt afterwards), in order from the street's opener
//!   (the last bettor/raiser of the street, else the player after the largest blind
//!   pre-flop and p1 after the flop);
//! * PokerKit pushes each pot's odd chips to the first winner in player order;
//! * an unknown card is `??` (phh-std `required.rst`, "Card Notation"): a holding `????`
//!   is dealt hidden and may be shown later (`pN sm <cards>`); half-known holdings are
//!   refused (see `replay.rs` for what an unknown holding leaves unchecked);
//! * PokerKit's FT cap is 4 bets and raises on every street, blinds not counted, and it
//!   replays a fold when checking is free (a warning in cash-game mode): the reader
//!   accepts both.
//!
//! Checked with PokerKit 0.7.7 itself (`scripts/pokerkit_check.py`). Not representable:
//! heads-up equal blinds (PokerKit's opener follows the largest blind, so p1 would act
//! first) and the IRC rule options.
use crate::replay::{replay, Parsed, Step};
use crate::{HistoryError, Outcome, ReplayedHand};
use loki_cards::{parse_cards, HoleCards};
use loki_engine::{Action, Chips, Event, GameConfig, GameSpec, HandRecord, PlayedHand, Seat};
use loki_engine::{ByPosition, Position};
use std::io::{BufRead, Write};

/// A TOML basic string (quotes, backslashes and control characters escaped).
pub fn toml_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A PHH/TOML array of numbers: `[1, 2, 3]`.
pub fn phh_list<T: std::fmt::Display>(v: &[T]) -> String {
    let items: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("[{}]", items.join(", "))
}

/// The `blinds_or_straddles` array of a game (reversed heads-up by PHH's rule).
fn blinds_array(config: &GameConfig) -> Vec<Chips> {
    let mut b = config.blinds();
    if b.len() == 2 {
        b.reverse();
    }
    b
}

/// The hand's number in PHH's `hand`: the engine counts from 0 (the ACPC convention:
/// seat rotation and ACPC logs use it), PHH from 1, as the public PHH dataset's files
/// (`1.phh`, `2.phh`, ...) and every page and text history of loki do. The reader maps
/// `hand = N` back to the engine's `N - 1` and refuses `hand = 0` (written by older
/// loki) with the line, rather than guess which numbering a file uses.
fn phh_hand(hand_number: u64) -> u64 {
    // An ACPC log may number a hand u64::MAX: it stays the largest rather than wrap to 0.
    hand_number.saturating_add(1)
}

/// Writes one hand as a PHH table `[key]` (pass `None` for a single-hand `.phh`).
pub fn write_phh_hand(
    w: &mut impl Write,
    key: Option<usize>,
    record: &HandRecord,
) -> std::io::Result<()> {
    write_table(w, key, record, Some(record.finishing_stacks.as_slice()))
}

/// Writes a hand's play as a PHH table `[key]`, with `finishing_stacks` if given (an
/// unsettled hand, its unknown cards `????`, has them if the file it came from had).
fn write_table(
    w: &mut impl Write,
    key: Option<usize>,
    hand: &PlayedHand,
    finishing_stacks: Option<&[Chips]>,
) -> std::io::Result<()> {
    if let Some(k) = key {
        writeln!(w, "[{k}]")?;
    }
    write_phh_game(
        w,
        &hand.config,
        &hand.starting_stacks,
        &hand.events,
        &hand.hole,
    )?;
    writeln!(w, "hand = {}", phh_hand(hand.hand_number))?;
    let seats: Vec<usize> = hand.seats.iter().map(|s| s.index() + 1).collect();
    writeln!(w, "seats = {}", phh_list(&seats))?;
    let names: Vec<String> = hand.names.iter().map(|s| toml_string(s)).collect();
    writeln!(w, "players = [{}]", names.join(", "))?;
    if let Some(f) = finishing_stacks {
        writeln!(w, "finishing_stacks = {}", phh_list(f))?;
    }
    Ok(())
}

/// Writes the game keys and the `actions` array of one hand, from `variant` to the
/// array's closing `]`, from its engine events (for `loki-history`'s records and for
/// other sources of engine events, such as the IRC database); `hole` is what each
/// position shows at a showdown (`????` where it is unknown).
pub fn write_phh_game(
    w: &mut impl Write,
    c: &GameConfig,
    starting_stacks: &ByPosition<Chips>,
    events: &[Event],
    hole: &ByPosition<Option<HoleCards>>,
) -> std::io::Result<()> {
    let n = c.seats();
    writeln!(w, "variant = \"FT\"")?;
    writeln!(w, "antes = {}", phh_list(&vec![0; n]))?;
    writeln!(w, "blinds_or_straddles = {}", phh_list(&blinds_array(c)))?;
    writeln!(w, "small_bet = {}", c.small_bet())?;
    writeln!(w, "big_bet = {}", c.big_bet())?;
    writeln!(
        w,
        "starting_stacks = {}",
        phh_list(starting_stacks.as_slice())
    )?;
    writeln!(w, "actions = [")?;
    // PokerKit 0.7.7 (`State._end_betting`, `_begin_showdown`): when a betting round ends
    // with more than one live player and at most one of them with chips left, or when the
    // river ends, the live players show at once, in order from the street's opener (the
    // last bettor or raiser of the street, else the player after the largest blind
    // pre-flop and p1 after the flop); the board is dealt afterwards.
    let mut remaining = starting_stacks.as_slice().to_vec();
    remaining.resize(n, 0);
    let mut live = vec![true; n];
    let mut opener = 0usize;
    let mut shown_down = false;
    for e in events {
        match e {
            Event::BlindsPosted { amounts } => {
                for (p, a) in amounts.iter().enumerate().take(n) {
                    remaining[p] -= a;
                }
                let top = (0..n.min(amounts.len()))
                    .max_by_key(|&p| (amounts[p], p))
                    .unwrap_or(0);
                opener = (top + 1) % n.max(1);
            }
            Event::HoleDealt { position, cards } => {
                writeln!(w, "  \"d dh p{} {cards}\",", position.index() + 1)?
            }
            // Cards the history's reader did not see (PHH's unknown cards).
            Event::HoleHidden { position } => {
                writeln!(w, "  \"d dh p{} ????\",", position.index() + 1)?
            }
            Event::BoardDealt { cards, .. } => {
                opener = 0;
                let s: String = cards.iter().map(|c| c.to_string()).collect();
                writeln!(w, "  \"d db {s}\",")?
            }
            Event::Action(a) if a.position < Position::new(n) => {
                let p = a.position.index() + 1;
                remaining[a.position.index()] -= a.amount;
                match a.action {
                    Action::Fold => {
                        live[a.position.index()] = false;
                        writeln!(w, "  \"p{p} f\",")?
                    }
                    Action::Call => writeln!(w, "  \"p{p} cc\",")?,
                    Action::Raise => {
                        opener = a.position.index();
                        writeln!(w, "  \"p{p} cbr {}\",", a.bet_to)?
                    }
                }
            }
            Event::RoundEnd { round, .. } if !shown_down => {
                let live_count = live.iter().filter(|l| **l).count();
                let with_chips = (0..n).filter(|&p| live[p] && remaining[p] > 0).count();
                if live_count > 1 && (*round == loki_engine::Round::River || with_chips <= 1) {
                    shown_down = true;
                    for i in 0..n {
                        let p = (opener + i) % n;
                        if live[p] {
                            let shown = hole.get(Position::new(p)).copied().flatten();
                            let shown = shown.map_or("????".to_string(), |h| h.to_string());
                            writeln!(w, "  \"p{} sm {shown}\",", p + 1)?;
                        }
                    }
                }
            }
            _ => {}
        }
    }
    writeln!(w, "]")
}

/// Writes hands as a `.phhs` file: tables `[1]`, `[2]`, ... separated by blank lines.
pub fn write_phh(w: &mut impl Write, records: &[HandRecord]) -> std::io::Result<()> {
    for (i, r) in records.iter().enumerate() {
        if i > 0 {
            writeln!(w)?;
        }
        write_phh_hand(w, Some(i + 1), r)?;
    }
    Ok(())
}

/// Writes replayed hands as a `.phhs` file, settled or not (`loki history convert`):
/// unknown cards are carried through as `????`.
pub fn write_phh_replayed(w: &mut impl Write, hands: &[ReplayedHand]) -> std::io::Result<()> {
    for (i, h) in hands.iter().enumerate() {
        if i > 0 {
            writeln!(w)?;
        }
        match &h.outcome {
            Outcome::Settled(r) => write_phh_hand(w, Some(i + 1), r)?,
            Outcome::Unsettled(u) => write_table(w, Some(i + 1), u, u.finishing_stacks.as_deref())?,
        }
    }
    Ok(())
}

/// A section of the file: one hand.
struct Section {
    label: String,
    first_line: usize,
    text: String,
}

fn is_header(line: &str) -> Option<String> {
    let t = line.trim();
    if t.starts_with('[') && !t.starts_with("[[") {
        let end = t.find(']')?;
        let key = t[1..end].trim().trim_matches('"').to_string();
        return Some(key);
    }
    None
}

fn sections(text: &str) -> Vec<Section> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out: Vec<Section> = Vec::new();
    let headers: Vec<(usize, String)> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, l)| is_header(l).map(|k| (i, k)))
        .collect();
    if headers.is_empty() {
        out.push(Section {
            label: "hand 1".into(),
            first_line: 1,
            text: text.to_string(),
        });
        return out;
    }
    for (j, (i, key)) in headers.iter().enumerate() {
        let end = headers.get(j + 1).map_or(lines.len(), |h| h.0);
        out.push(Section {
            label: format!("hand [{key}]"),
            first_line: i + 2,
            text: lines[i + 1..end].join("\n"),
        });
    }
    out
}

/// Reads a `.phh` or `.phhs` text and replays every hand. The outer error is I/O only;
/// each hand is replayed or reported.
pub fn read_phh(
    mut reader: impl BufRead,
) -> Result<Vec<Result<ReplayedHand, HistoryError>>, HistoryError> {
    let mut text = String::new();
    reader.read_to_string(&mut text)?;
    Ok(sections(&text)
        .into_iter()
        .map(|s| parse_section(&s).and_then(replay))
        .collect())
}

fn int_list(table: &toml::Table, key: &str) -> Result<Option<Vec<Chips>>, String> {
    match table.get(key) {
        None => Ok(None),
        Some(toml::Value::Array(a)) => a
            .iter()
            .map(|v| match v {
                toml::Value::Integer(i) => Ok(*i),
                toml::Value::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => Ok(*f as i64),
                _ => Err(format!("`{key}` must hold integers")),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some),
        Some(_) => Err(format!("`{key}` must be an array")),
    }
}

fn int(table: &toml::Table, key: &str) -> Result<Option<Chips>, String> {
    match table.get(key) {
        None => Ok(None),
        Some(toml::Value::Integer(i)) => Ok(Some(*i)),
        Some(_) => Err(format!("`{key}` must be an integer")),
    }
}

fn parse_section(s: &Section) -> Result<Parsed, HistoryError> {
    let label = s.label.as_str();
    let at = |line: usize, reason: String| HistoryError::hand(label, line, reason);
    let table: toml::Table = toml::from_str(&s.text).map_err(|e| {
        let line = e.span().map_or(s.first_line, |r| {
            s.first_line + s.text[..r.start.min(s.text.len())].matches('\n').count()
        });
        at(line, format!("bad TOML: {}", e.message()))
    })?;
    let text_lines: Vec<&str> = s.text.lines().collect();
    let line_of_key = |key: &str| {
        text_lines
            .iter()
            .position(|l| l.trim_start().starts_with(key))
            .map_or(s.first_line, |i| s.first_line + i)
    };
    let at_key = |key: &str, reason: String| at(line_of_key(key), reason);
    let need = |key: &str| -> Result<(), HistoryError> {
        if table.contains_key(key) {
            Ok(())
        } else {
            Err(at(s.first_line, format!("missing field `{key}`")))
        }
    };
    // The variant first: another game's file lacks fixed-limit fields (`small_bet`), and
    // its variant is the one thing worth saying about it.
    match table.get("variant") {
        Some(toml::Value::String(v)) if v == "FT" => {}
        Some(toml::Value::String(v)) => {
            return Err(at_key(
                "variant",
                format!(
                    "variant \"{}\" is not fixed-limit Texas hold'em (\"FT\"), the only game loki reads",
                    v.chars().take(20).collect::<String>()
                ),
            ))
        }
        _ => {
            return Err(at_key(
                "variant",
                "missing or bad `variant` (only \"FT\", fixed-limit Texas hold'em)".into(),
            ))
        }
    }
    for key in [
        "variant",
        "antes",
        "blinds_or_straddles",
        "small_bet",
        "big_bet",
        "starting_stacks",
        "actions",
    ] {
        need(key)?;
    }
    let field = |key: &str, r: Result<Option<Vec<Chips>>, String>| {
        r.map_err(|e| at_key(key, e))
            .and_then(|v| v.ok_or_else(|| at(s.first_line, format!("missing field `{key}`"))))
    };
    let stacks = field("starting_stacks", int_list(&table, "starting_stacks"))?;
    let n = stacks.len();
    if !(2..=10).contains(&n) {
        return Err(at_key(
            "starting_stacks",
            format!("{n} players: need 2 to 10"),
        ));
    }
    if let Some(bad) = stacks.iter().find(|&&x| x <= 0) {
        return Err(at_key("starting_stacks", format!("impossible stack {bad}")));
    }
    let antes = field("antes", int_list(&table, "antes"))?;
    if antes.len() != n || antes.iter().any(|&a| a != 0) {
        return Err(at_key(
            "antes",
            "antes must be zeros, one per player".into(),
        ));
    }
    let b = field(
        "blinds_or_straddles",
        int_list(&table, "blinds_or_straddles"),
    )?;
    let bline = line_of_key("blinds_or_straddles");
    if b.len() != n || b[2..].iter().any(|&x| x != 0) || b.iter().any(|&x| x < 0) {
        return Err(at(
            bline,
            "unsupported blinds (straddles or wrong length)".into(),
        ));
    }
    // PHH records what was played (PHH standard, "Rules": a parser handles possible
    // transgressions silently or with a warning), and PokerKit replays a fold when
    // checking is free with a warning in cash-game mode (the IRC players did fold so).
    let mut rules = loki_engine::RuleOptions {
        fold_when_check_free: true,
        ..loki_engine::RuleOptions::default()
    };
    let (small_blind, big_blind) = if b[1] > 0 {
        (b[0], b[1])
    } else if n > 2 && b[0] > 0 {
        rules.single_blind = true;
        (0, b[0])
    } else {
        return Err(at(bline, "unsupported blinds".into()));
    };
    let small_bet = int(&table, "small_bet").map_err(|e| at_key("small_bet", e))?;
    let big_bet = int(&table, "big_bet").map_err(|e| at_key("big_bet", e))?;
    let config = GameConfig::new(GameSpec {
        seats: n,
        small_blind,
        big_blind,
        small_bet: small_bet.unwrap_or(0),
        big_bet: big_bet.unwrap_or(0),
        // PokerKit's FT cap: 4 bets and raises on every street, the blinds not counted
        // (checked on the steps below); the engine's cap counts the big blind as the
        // pre-flop bet, so 4 raises after it are its widest street.
        max_raises: Some(4),
        stacks: Some(stacks),
        rules,
    })
    .map_err(|e| at(s.first_line, e.to_string()))?;
    let names = match table.get("players") {
        Some(toml::Value::Array(a)) if a.len() == n => a
            .iter()
            .map(|v| v.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| at_key("players", "`players` must hold strings".into()))?,
        Some(_) => return Err(at_key("players", "`players` must list every player".into())),
        None => (1..=n).map(|i| format!("p{i}")).collect(),
    };
    let hand_number = match int(&table, "hand").map_err(|e| at_key("hand", e))? {
        None => 0,
        Some(h) if h >= 1 => (h - 1) as u64,
        Some(h) => {
            return Err(at_key(
                "hand",
                format!("`hand = {h}`: PHH numbers hands from 1 (older loki wrote the first as 0: add 1 to each `hand`)"),
            ))
        }
    };
    let seats = int_list(&table, "seats")
        .map_err(|e| at_key("seats", e))?
        .filter(|v| v.len() == n && v.iter().all(|&x| x >= 1))
        .map(|v| v.iter().map(|&x| Seat::new((x - 1) as usize)).collect());
    let finishing = int_list(&table, "finishing_stacks")
        .map_err(|e| at_key("finishing_stacks", e))?
        .map(|v| (line_of_key("finishing_stacks"), v));
    let Some(toml::Value::Array(actions)) = table.get("actions") else {
        return Err(at_key("actions", "`actions` must be an array".into()));
    };
    let mut steps = Vec::new();
    let mut search_from = text_lines
        .iter()
        .position(|l| l.trim_start().starts_with("actions"))
        .unwrap_or(0);
    for v in actions {
        let Some(a) = v.as_str() else {
            return Err(at_key("actions", "`actions` must hold strings".into()));
        };
        let quoted = a.trim();
        if let Some(i) = text_lines[search_from.min(text_lines.len())..]
            .iter()
            .position(|l| l.contains(quoted))
        {
            search_from += i;
        }
        let line = s.first_line + search_from;
        if let Some(step) = parse_action(a, n).map_err(|e| at(line, e))? {
            steps.push((line, step));
        }
    }
    let mut bets_on_street = 0;
    for (line, step) in &steps {
        match step {
            Step::Board(_) => bets_on_street = 0,
            Step::Act {
                action: Action::Raise,
                ..
            } => {
                bets_on_street += 1;
                if bets_on_street > 4 {
                    return Err(at(
                        *line,
                        "a 5th bet or raise on a street (PokerKit's FT cap is 4)".into(),
                    ));
                }
            }
            _ => {}
        }
    }
    Ok(Parsed {
        label: s.label.clone(),
        line: s.first_line.saturating_sub(1).max(1),
        config,
        names,
        hand_number,
        seats,
        steps,
        finishing,
        acpc_values: None,
    })
}

fn player(token: &str, n: usize) -> Result<usize, String> {
    token
        .strip_prefix('p')
        .and_then(|k| k.parse::<usize>().ok())
        .filter(|k| (1..=n).contains(k))
        .map(|k| k - 1)
        .ok_or_else(|| format!("bad player `{token}`"))
}

/// Two hole cards, or `None` for `????` (the PHH standard writes each unknown card `??`;
/// a holding known by half is not supported).
fn hole(cards: &str) -> Result<Option<HoleCards>, String> {
    if cards == "????" {
        return Ok(None);
    }
    if cards.contains('?') {
        return Err(format!(
            "partly unknown cards `{cards}` cannot be replayed (only `????`)"
        ));
    }
    let c = parse_cards(cards).map_err(|e| format!("bad cards `{cards}`: {e}"))?;
    if c.len() != 2 {
        return Err(format!("`{cards}` is not two hole cards"));
    }
    HoleCards::new(c[0], c[1])
        .map(Some)
        .map_err(|e| format!("bad cards `{cards}`: {e}"))
}

fn parse_action(action: &str, n: usize) -> Result<Option<Step>, String> {
    let body = action.split(" #").next().unwrap_or("");
    let body = if body.trim_start().starts_with('#') {
        ""
    } else {
        body
    };
    let words: Vec<&str> = body.split_whitespace().collect();
    let step = match words.as_slice() {
        [] => return Ok(None),
        ["d", "dh", p, cards] => Step::Hole(player(p, n)?, hole(cards)?),
        ["d", "db", cards] => {
            if cards.contains('?') {
                return Err(format!("unknown cards `{cards}` cannot be replayed"));
            }
            Step::Board(parse_cards(cards).map_err(|e| format!("bad cards `{cards}`: {e}"))?)
        }
        [p, "f"] => Step::Act {
            position: player(p, n)?,
            action: Action::Fold,
            raise_to: None,
        },
        [p, "cc"] => Step::Act {
            position: player(p, n)?,
            action: Action::Call,
            raise_to: None,
        },
        [p, "cbr", amount] => Step::Act {
            position: player(p, n)?,
            action: Action::Raise,
            raise_to: Some(
                amount
                    .parse::<Chips>()
                    .map_err(|_| format!("bad amount `{amount}`"))?,
            ),
        },
        [p, "sm"] | [p, "sm", "-"] => Step::Show(player(p, n)?, None),
        [p, "sm", cards] => Step::Show(player(p, n)?, hole(cards)?),
        _ => return Err(format!("unknown action `{action}`")),
    };
    Ok(Some(step))
}
