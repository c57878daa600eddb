//! Replaying a parsed hand through the engine: every deal and action must be legal, and
//! the recorded results must equal the engine's.
use crate::HistoryError;
use loki_cards::{Card, HoleCards};
use loki_engine::{acpc_values, Action, Chips, GameConfig, HandRecord, HandState, Phase};

/// One recorded step.
#[derive(Debug, Clone)]
pub(crate) enum Step {
    Hole(usize, HoleCards),
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
    pub seats: Option<Vec<usize>>,
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
    /// The replayed record.
    pub record: HandRecord,
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
    let mut shown: Vec<usize> = Vec::new();
    let mut last_line = p.line;
    for (line, step) in &p.steps {
        let line = *line;
        last_line = line;
        match step {
            Step::Hole(pos, cards) => {
                state
                    .deal_hole(*pos, *cards)
                    .map_err(|e| err(line, format!("p{}: {e}", pos + 1)))?;
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
                    Phase::Act(q) if q == *position || *position == usize::MAX => {}
                    Phase::Act(q) => {
                        return Err(err(
                            line,
                            format!("p{} acts but p{} is to act", position + 1, q + 1),
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
                let who = state.to_act().map_or(0, |q| q + 1);
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
                let betting_over = matches!(state.phase(), Phase::DealBoard(_))
                    || state.result().is_some_and(|r| r.showdown);
                if !betting_over {
                    return Err(err(line, format!("p{} shows outside a showdown", pos + 1)));
                }
                let dealt = state.hole_cards().get(*pos).copied().flatten();
                if !state.is_live(*pos) {
                    return Err(err(line, format!("p{} folded and cannot show", pos + 1)));
                }
                if let Some(c) = cards {
                    if Some(*c) != dealt {
                        return Err(err(
                            line,
                            format!("p{} shows {c}, not the cards dealt", pos + 1),
                        ));
                    }
                }
                if shown.contains(pos) {
                    return Err(err(line, format!("p{} shows twice", pos + 1)));
                }
                shown.push(*pos);
            }
        }
    }
    if !state.is_complete() {
        let what = match state.phase() {
            Phase::DealHole(q) => format!("hole cards of p{} are missing", q + 1),
            Phase::DealBoard(r) => format!("the {r} is missing"),
            Phase::Act(q) => format!("p{} has not acted", q + 1),
            Phase::Reveal(q) => format!("hole cards of p{} are hidden", q + 1),
            Phase::Complete => String::new(),
        };
        return Err(err(last_line, format!("the hand is incomplete: {what}")));
    }
    let mut record = HandRecord::from_state(&state, p.names.clone(), p.hand_number)
        .ok_or_else(|| err(last_line, "the hand is incomplete".into()))?;
    if let Some(seats) = p.seats {
        record.seats = seats;
    }
    if let Some((line, fin)) = &p.finishing {
        if *fin != record.finishing_stacks {
            return Err(err(
                *line,
                format!(
                    "finishing stacks [{}] differ from the replay's [{}]",
                    join(fin),
                    join(&record.finishing_stacks)
                ),
            ));
        }
    }
    if let Some((line, values)) = &p.acpc_values {
        let want = acpc_values(&record.contributions, &acpc_ranks(&record));
        let close = values.len() == want.len()
            && values
                .iter()
                .zip(&want)
                .all(|(a, b)| (a - b).abs() <= 1e-6 * (1.0 + b.abs()));
        if !close {
            let w: Vec<String> = want.iter().map(|v| crate::format_value(*v)).collect();
            let g: Vec<String> = values.iter().map(|v| crate::format_value(*v)).collect();
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
        record,
    })
}

/// Ranks for pot splitting: showdown ranks, or the last live player alone.
pub(crate) fn acpc_ranks(record: &HandRecord) -> Vec<Option<loki_cards::HandRank>> {
    if record.ranks.iter().any(Option::is_some) {
        return record.ranks.clone();
    }
    let mut ranks = vec![None; record.players()];
    if let Some(p) = (0..record.players()).find(|&p| is_live(record, p)) {
        ranks[p] = Some(loki_cards::HandRank::default());
    }
    ranks
}

fn is_live(record: &HandRecord, p: usize) -> bool {
    !record
        .actions
        .iter()
        .flatten()
        .any(|&(q, a)| q == p && a == Action::Fold)
}
