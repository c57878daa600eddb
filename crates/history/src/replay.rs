//! Replaying a parsed hand through the engine: every deal and action must be legal, and
//! the recorded results must equal the engine's.
//!
//! Unknown hole cards (PHH's `????`, PHH standard: "unknown cards are ?? each") are dealt
//! hidden ([`HandState::deal_hole_hidden`]) and revealed by a later `sm` with cards. A
//! hand whose unknown holdings folded, or won without a showdown, or were all shown, is
//! checked in full. A showdown where a live player's holding stays unknown cannot be
//! settled: the deal, every action and the pot are checked, and the file's
//! `finishing_stacks`, when it has them, only for what the unknown cards leave certain
//! ([`Outcome::Unsettled`]).
use crate::HistoryError;
use loki_cards::{Card, HoleCards};
use loki_engine::ByPosition;
use loki_engine::Position;
use loki_engine::{Action, Chips, GameConfig, HandRecord, HandState, Phase, Seat};

/// One recorded step.
#[derive(Debug, Clone)]
pub(crate) enum Step {
    /// Hole cards dealt: known, or unknown (`????`).
    Hole(usize, Option<HoleCards>),
    Board(Vec<Card>),
    Act {
        position: usize,
        action: Action,
        raise_to: Option<Chips>,
    },
    Show(usize, Option<HoleCards>),
}

/// A hand as read from a file, before replay.
#[derive(Debug, Clone)]
pub(crate) struct Parsed {
    pub label: String,
    pub line: usize,
    pub config: GameConfig,
    pub names: Vec<String>,
    pub hand_number: u64,
    pub seats: Option<Vec<Seat>>,
    pub steps: Vec<(usize, Step)>,
    pub finishing: Option<(usize, Vec<Chips>)>,
    pub acpc_values: Option<(usize, Vec<f64>)>,
}

/// A hand that replayed, with where it was found.
#[derive(Debug, Clone)]
pub struct ReplayedHand {
    /// `hand [3]` or `hand 17`.
    pub label: String,
    /// The line where the hand starts.
    pub line: usize,
    /// What the replay could check.
    pub outcome: Outcome,
}

impl ReplayedHand {
    /// The engine's record of a settled hand (`None` for an [`Outcome::Unsettled`] one).
    pub fn record(&self) -> Option<&HandRecord> {
        match &self.outcome {
            Outcome::Settled(r) => Some(r),
            Outcome::Unsettled(_) => None,
        }
    }
}

/// What the replay of a hand could check.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// The engine finished the hand: every action, the pot split and the stacks are
    /// checked (hole cards that stayed unknown belong to players who folded or won
    /// without a showdown).
    Settled(HandRecord),
    /// A showdown where the holding of a live player is unknown (`????`, never shown):
    /// who won cannot be known. Checked: the deal, every action and the pot; and, when
    /// the file has `finishing_stacks`, that they keep every chip, that a player out of
    /// the showdown lost exactly what they put in and that one in it lost at most that.
    Unsettled(UnsettledHand),
}

/// A hand that reached a showdown with an unknown holding: its play, not who won.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnsettledHand {
    /// The hand as played, its events up to the showdown (`None` in `hole`: unknown).
    pub played: loki_engine::PlayedHand,
    /// The live positions whose cards are unknown at the showdown.
    pub unknown: Vec<usize>,
    /// The file's finishing stacks, if it has them (checked as [`Outcome::Unsettled`]
    /// says).
    pub finishing_stacks: Option<Vec<Chips>>,
}

impl std::ops::Deref for UnsettledHand {
    type Target = loki_engine::PlayedHand;
    fn deref(&self) -> &Self::Target {
        &self.played
    }
}

fn join<T: std::fmt::Display>(v: &[T]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

pub(crate) fn replay(p: Parsed) -> Result<ReplayedHand, HistoryError> {
    let err = |line: usize, reason: String| HistoryError::hand(&p.label, line, reason);
    let mut state = HandState::new(&p.config).map_err(|e| err(p.line, e.to_string()))?;
    let n = p.config.seats();
    let mut shown: Vec<usize> = Vec::new();
    // Positions dealt `????`, and the cards they showed, revealed to the engine when it
    // asks for them (its showdown order is by position, PHH's from the opener; an all-in
    // showdown comes before the rest of the board).
    let mut hidden = vec![false; n];
    let mut revealed: Vec<Option<HoleCards>> = vec![None; n];
    let mut last_line = p.line;
    for (line, step) in &p.steps {
        let line = *line;
        last_line = line;
        match step {
            Step::Hole(pos, Some(cards)) => {
                state
                    .deal_hole(Position::new(*pos), *cards)
                    .map_err(|e| err(line, format!("p{}: {e}", pos + 1)))?;
            }
            Step::Hole(pos, None) => {
                state
                    .deal_hole_hidden(Position::new(*pos))
                    .map_err(|e| err(line, format!("p{}: {e}", pos + 1)))?;
                hidden[*pos] = true;
            }
            Step::Board(cards) => {
                state
                    .deal_board(cards)
                    .map_err(|e| err(line, e.to_string()))?;
            }
            Step::Act {
                position,
                action,
                raise_to,
            } => {
                match state.phase() {
                    Phase::Act(q) if q == Position::new(*position) || *position == usize::MAX => {}
                    Phase::Act(q) => {
                        return Err(err(
                            line,
                            format!("p{} acts but p{} is to act", position + 1, q.index() + 1),
                        ))
                    }
                    Phase::DealHole(_) => {
                        return Err(err(
                            line,
                            "an action before every hole card was dealt".into(),
                        ))
                    }
                    Phase::DealBoard(r) => {
                        return Err(err(line, format!("an action before the {r} was dealt")))
                    }
                    Phase::Complete | Phase::Reveal(_) => {
                        return Err(err(line, "an action after the betting ended".into()))
                    }
                }
                let who = state.to_act().map_or(0, |q| q.index() + 1);
                let event = state
                    .apply(*action)
                    .map_err(|e| err(line, format!("illegal {action} by p{who}: {e}")))?;
                if let (Some(want), loki_engine::Event::Action(a)) = (raise_to, event) {
                    if a.bet_to != *want {
                        return Err(err(
                            line,
                            format!("raise to {want}, but the limit raise is to {}", a.bet_to),
                        ));
                    }
                }
            }
            Step::Show(pos, cards) => {
                let betting_over = matches!(state.phase(), Phase::DealBoard(_) | Phase::Reveal(_))
                    || state.result().is_some_and(|r| r.showdown);
                if !betting_over {
                    return Err(err(line, format!("p{} shows outside a showdown", pos + 1)));
                }
                let dealt = state.hole_cards().get(*pos).copied().flatten();
                if !state.is_live(Position::new(*pos)) {
                    return Err(err(line, format!("p{} folded and cannot show", pos + 1)));
                }
                if shown.contains(pos) {
                    return Err(err(line, format!("p{} shows twice", pos + 1)));
                }
                match cards {
                    Some(c) if hidden[*pos] => revealed[*pos] = Some(*c),
                    Some(c) if Some(*c) != dealt => {
                        return Err(err(
                            line,
                            format!("p{} shows {c}, not the cards dealt", pos + 1),
                        ));
                    }
                    _ => {}
                }
                shown.push(*pos);
            }
        }
        while let Phase::Reveal(q) = state.phase() {
            let Some(cards) = revealed[q.index()] else {
                break;
            };
            state
                .reveal(q, cards)
                .map_err(|e| err(line, format!("p{} shows {cards}: {e}", q.index() + 1)))?;
        }
    }
    if let Phase::Reveal(_) = state.phase() {
        return unsettled(p, &state, &revealed, last_line);
    }
    if !state.is_complete() {
        let what = match state.phase() {
            Phase::DealHole(q) => format!("hole cards of p{} are missing", q.index() + 1),
            Phase::DealBoard(r) => format!("the {r} is missing"),
            Phase::Act(q) => format!("p{} has not acted", q.index() + 1),
            Phase::Reveal(q) => format!("hole cards of p{} are hidden", q.index() + 1),
            Phase::Complete => String::new(),
        };
        return Err(err(last_line, format!("the hand is incomplete: {what}")));
    }
    let mut record = HandRecord::from_state(&state, p.names.clone(), p.hand_number)
        .ok_or_else(|| err(last_line, "the hand is incomplete".into()))?;
    if let Some(seats) = p.seats {
        record.played.seats = ByPosition::new(seats);
    }
    if let Some((line, fin)) = &p.finishing {
        if *fin != record.finishing_stacks {
            return Err(err(
                *line,
                format!(
                    "finishing stacks [{}] differ from the replay's [{}]",
                    join(fin),
                    join(record.finishing_stacks.as_slice())
                ),
            ));
        }
    }
    if let Some((line, values)) = &p.acpc_values {
        let want = record.acpc_values();
        let close = values.len() == want.len()
            && values
                .iter()
                .zip(&want)
                .all(|(a, b)| (a - b).abs() <= 1e-6 * (1.0 + b.abs()));
        if !close {
            let w: Vec<String> = want.iter().map(|v| format_value(*v)).collect();
            let g: Vec<String> = values.iter().map(|v| format_value(*v)).collect();
            return Err(err(
                *line,
                format!(
                    "values {} differ from the replay's {}",
                    g.join("|"),
                    w.join("|")
                ),
            ));
        }
    }
    Ok(ReplayedHand {
        label: p.label,
        line: p.line,
        outcome: Outcome::Settled(record),
    })
}

/// A showdown that waits for an unknown holding: checks the finishing stacks, if given,
/// for what is certain (see [`Outcome::Unsettled`]).
fn unsettled(
    p: Parsed,
    state: &HandState,
    revealed: &[Option<HoleCards>],
    last_line: usize,
) -> Result<ReplayedHand, HistoryError> {
    let err = |line: usize, reason: String| HistoryError::hand(&p.label, line, reason);
    let n = p.config.seats();
    let contributions = state.contributions().to_vec();
    let starting_stacks = match p.config.stacks() {
        Some(s) => s.to_vec(),
        None => vec![p.config.deep_stack(); n],
    };
    let live: Vec<usize> = Position::all(n)
        .filter(|&q| state.is_live(q))
        .map(Position::index)
        .collect();
    // The engine reveals in position order and waits at the first unknown holding: the
    // cards shown by later positions are checked against every other card here.
    let mut hole = state.hole_cards().to_vec();
    let mut used = loki_cards::CardSet::EMPTY;
    for c in state
        .board()
        .iter()
        .copied()
        .chain(hole.iter().flatten().flat_map(|h| h.cards()))
    {
        used.insert(c);
    }
    for (q, r) in revealed.iter().enumerate() {
        if let (None, Some(cards)) = (hole[q], r) {
            if let Some(c) = cards.cards().into_iter().find(|c| !used.insert(*c)) {
                return Err(err(
                    last_line,
                    format!("p{} shows {cards}: {c} is dealt twice", q + 1),
                ));
            }
            hole[q] = Some(*cards);
        }
    }
    let unknown: Vec<usize> = live
        .iter()
        .copied()
        .filter(|&q| hole[q].is_none())
        .collect();
    if let Some((line, fin)) = &p.finishing {
        let pot: Chips = contributions.iter().sum();
        let mut wrong = Vec::new();
        if fin.len() != n {
            wrong.push(format!("{} finishing stacks for {n} players", fin.len()));
        } else {
            if fin.iter().sum::<Chips>() != starting_stacks.iter().sum::<Chips>() {
                wrong.push(format!(
                    "finishing stacks [{}] do not keep the starting stacks' {} chips",
                    join(fin),
                    starting_stacks.iter().sum::<Chips>()
                ));
            }
            for q in 0..n {
                let least = starting_stacks[q] - contributions[q];
                if !live.contains(&q) && fin[q] != least {
                    wrong.push(format!(
                        "p{} folded after putting in {}, so finishes with {least}, not {}",
                        q + 1,
                        contributions[q],
                        fin[q]
                    ));
                } else if live.contains(&q) && !(least..=least + pot).contains(&fin[q]) {
                    wrong.push(format!(
                        "p{} finishes with {}, outside {least}..={} (it put in {} of a pot of {pot})",
                        q + 1,
                        fin[q],
                        least + pot,
                        contributions[q]
                    ));
                }
            }
        }
        if let Some(first) = wrong.into_iter().next() {
            return Err(err(*line, first));
        }
    }
    Ok(ReplayedHand {
        label: p.label.clone(),
        line: p.line,
        outcome: Outcome::Unsettled(UnsettledHand {
            played: loki_engine::PlayedHand {
                hand_number: p.hand_number,
                config: p.config.clone(),
                names: ByPosition::new(p.names.clone()),
                seats: ByPosition::new(p.seats.clone().unwrap_or_else(|| Seat::all(n).collect())),
                hole: ByPosition::new(hole),
                board: state.board().to_vec(),
                contributions: ByPosition::new(contributions),
                starting_stacks: ByPosition::new(starting_stacks),
                events: state.events().to_vec(),
            },
            unknown,
            finishing_stacks: p.finishing.as_ref().map(|(_, f)| f.clone()),
        }),
    })
}

/// A value as the reference dealer prints it: `%.6f` with trailing zeros (and a trailing
/// point) removed; `-0` prints as `0`.
pub fn format_value(v: f64) -> String {
    let s = format!("{:.6}", v + 0.0);
    let s = if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    };
    if s == "-0" {
        "0".into()
    } else {
        s
    }
}
