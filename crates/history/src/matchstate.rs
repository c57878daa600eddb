//! The ACPC protocol's state line (`docs/acpc-protocol.md`, "Protocol"): the
//! `MATCHSTATE:<position>:<handNumber>:<betting>:<cards>` state, a hand as one seat sees
//! it (the same betting and card syntax as the dealer log's `STATE` lines). Pure:
//! strings in, typed values or typed errors out; every field is bounded (line length,
//! players, rounds, actions per round), so hostile input costs bounded time and memory.
use loki_cards::{Card, HoleCards};
use loki_engine::{Action, ByPosition, Position};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The longest line the reference dealer reads or writes, line end included
/// (`MAX_LINE_LEN` = `READBUF_LEN` = 1024); longer lines are refused.
pub const MAX_LINE_LEN: usize = 1024;

/// Most players the reference dealer allows (`MAX_PLAYERS`).
pub const MAX_PLAYERS: usize = 10;
/// Most betting rounds (`MAX_ROUNDS`).
pub const MAX_ROUNDS: usize = 4;
/// Most actions in one round (`MAX_NUM_ACTIONS`): the reference dealer refuses a raise
/// once `actions + players` would exceed it.
pub const MAX_ACTIONS_PER_ROUND: usize = 64;

/// One `MATCHSTATE` as a viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchState {
    /// The viewer's position in this hand (not its seat).
    pub position: Position,
    /// The hand number, from 0.
    pub hand: u32,
    /// The actions of each round reached (at least one round; `/` separates them).
    pub betting: Vec<Vec<Action>>,
    /// Hole cards by position; `None` where hidden.
    pub holes: ByPosition<Option<HoleCards>>,
    /// The board cards dealt at each round after the first (`board[0]` is the flop).
    pub board: Vec<Vec<Card>>,
}

/// A protocol line that is not a well-formed state.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StateError {
    /// Longer than the protocol's line limit.
    #[error("line longer than 1024 bytes")]
    TooLong,
    /// Does not start with `MATCHSTATE:`.
    #[error("not a MATCHSTATE line")]
    Prefix,
    /// Wrong number of `:` fields.
    #[error("{0} fields after MATCHSTATE, need 4")]
    Fields(usize),
    /// A bad number.
    #[error("bad {0}")]
    Number(&'static str),
    /// More than four rounds.
    #[error("{0} betting rounds")]
    Rounds(usize),
    /// Too many actions in a round.
    #[error("more than 64 actions in a round")]
    Actions,
    /// An unknown betting character.
    #[error("bad betting character {0:?}")]
    Betting(char),
    /// Fewer than 2 or more than 10 hole-card groups.
    #[error("{0} hole-card groups (players), need 2 to 10")]
    Players(usize),
    /// The viewer's position is not a player.
    #[error("position {0} out of range")]
    Position(usize),
    /// Bad card text.
    #[error("bad cards `{0}`")]
    Cards(String),
    /// A hole-card group of other than 0 or 2 cards.
    #[error("{0} hole cards in a group, need 0 or 2")]
    HoleCount(usize),
    /// Board groups that do not follow the rounds.
    #[error("{rounds} betting rounds but {boards} board groups")]
    BoardRounds {
        /// Rounds in the betting string.
        rounds: usize,
        /// Board groups.
        boards: usize,
    },
    /// A card shown twice.
    #[error("card {0} appears twice")]
    DuplicateCard(Card),
}

fn parse_number<T: FromStr>(
    text: &str,
    max_digits: usize,
    what: &'static str,
) -> Result<T, StateError> {
    if text.is_empty() || text.len() > max_digits || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(StateError::Number(what));
    }
    text.parse().map_err(|_| StateError::Number(what))
}

fn parse_card_run(text: &str) -> Result<Vec<Card>, StateError> {
    if !text.is_ascii() || text.len() % 2 != 0 || text.len() > 2 * 7 {
        return Err(StateError::Cards(truncate(text)));
    }
    (0..text.len() / 2)
        .map(|i| {
            Card::from_str(&text[2 * i..2 * i + 2]).map_err(|_| StateError::Cards(truncate(text)))
        })
        .collect()
}

fn truncate(text: &str) -> String {
    text.chars().take(24).collect()
}

impl MatchState {
    /// Parses a state (`MATCHSTATE:0:0::7d3d|`), without line end.
    ///
    /// # Errors
    /// Anything that is not a well-formed limit state with at most 10 players, 4 rounds
    /// and 64 actions per round, two or no hole cards per position and no card twice.
    pub fn parse(text: &str) -> Result<MatchState, StateError> {
        if text.len() > MAX_LINE_LEN {
            return Err(StateError::TooLong);
        }
        let body = text.strip_prefix("MATCHSTATE:").ok_or(StateError::Prefix)?;
        let fields: Vec<&str> = body.splitn(5, ':').collect();
        if fields.len() != 4 {
            return Err(StateError::Fields(fields.len()));
        }
        let position: usize = parse_number(fields[0], 2, "position")?;
        let hand: u32 = parse_number(fields[1], 10, "hand number")?;
        let rounds: Vec<&str> = fields[2].split('/').collect();
        if rounds.len() > MAX_ROUNDS {
            return Err(StateError::Rounds(rounds.len()));
        }
        let mut betting = Vec::with_capacity(rounds.len());
        for r in &rounds {
            if r.len() > MAX_ACTIONS_PER_ROUND {
                return Err(StateError::Actions);
            }
            let actions = r
                .chars()
                .map(|c| Action::from_acpc_char(c).ok_or(StateError::Betting(c)))
                .collect::<Result<Vec<_>, _>>()?;
            betting.push(actions);
        }
        let mut groups = fields[3].split('/');
        let hole_text = groups.next().unwrap_or("");
        let hole_groups: Vec<&str> = hole_text.split('|').collect();
        if !(2..=MAX_PLAYERS).contains(&hole_groups.len()) {
            return Err(StateError::Players(hole_groups.len()));
        }
        if position >= hole_groups.len() {
            return Err(StateError::Position(position));
        }
        let mut seen: Vec<Card> = Vec::new();
        let mut holes = Vec::with_capacity(hole_groups.len());
        for g in &hole_groups {
            let cards = parse_card_run(g)?;
            holes.push(match cards.as_slice() {
                [] => None,
                [a, b] => Some(HoleCards::new(*a, *b).map_err(|_| StateError::Cards(truncate(g)))?),
                _ => return Err(StateError::HoleCount(cards.len())),
            });
            seen.extend(cards);
        }
        let board_groups: Vec<&str> = groups.collect();
        if board_groups.len() + 1 != betting.len() {
            return Err(StateError::BoardRounds {
                rounds: betting.len(),
                boards: board_groups.len(),
            });
        }
        let mut board = Vec::with_capacity(board_groups.len());
        for g in &board_groups {
            let cards = parse_card_run(g)?;
            seen.extend(cards.iter().copied());
            board.push(cards);
        }
        let mut sorted = seen.clone();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(StateError::DuplicateCard(w[0]));
        }
        Ok(MatchState {
            position: Position::new(position),
            hand,
            betting,
            holes: ByPosition::new(holes),
            board,
        })
    }

    /// Number of players (hole-card groups).
    pub fn players(&self) -> usize {
        self.holes.len()
    }

    /// The viewer's hole cards, if shown.
    pub fn my_hole(&self) -> Option<HoleCards> {
        self.holes.get(self.position).copied().flatten()
    }

    /// The betting string (`crrrc/cc/r`).
    pub fn betting_string(&self) -> String {
        self.betting
            .iter()
            .map(|r| r.iter().map(|a| a.acpc_char()).collect::<String>())
            .collect::<Vec<_>>()
            .join("/")
    }

    /// Whether a reply echoing `other` answers this state: the same viewer, hand,
    /// betting, board and viewer's hole cards (the reference dealer's
    /// `matchStatesEqual`; other positions' cards are not compared).
    pub fn same_decision_point(&self, other: &MatchState) -> bool {
        self.position == other.position
            && self.hand == other.hand
            && self.betting == other.betting
            && self.board == other.board
            && self.my_hole() == other.my_hole()
    }
}

impl fmt::Display for MatchState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "MATCHSTATE:{}:{}:{}:",
            self.position,
            self.hand,
            self.betting_string()
        )?;
        for (p, h) in self.holes.iter().enumerate() {
            if p > 0 {
                f.write_str("|")?;
            }
            if let Some(h) = h {
                write!(f, "{h}")?;
            }
        }
        for round in &self.board {
            f.write_str("/")?;
            for c in round {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_the_documented_states() {
        for text in [
            "MATCHSTATE:0:0::7d3d|",
            "MATCHSTATE:1:0:c:|2hAc",
            "MATCHSTATE:0:0:crrrc/:7d3d|/5sKs7s",
            "MATCHSTATE:0:0:crrrc/cc/cc/r:7d3d|/5sKs7s/9s/6h",
            "MATCHSTATE:2:0::||As9d",
            "MATCHSTATE:0:0:frrc/rc/rc/rc:8dJd|Td4d|/6s3d6c/2c/Qc",
            "MATCHSTATE:1:10:rrf:|4d8d",
        ] {
            let s = MatchState::parse(text).unwrap();
            // Hole cards print high card first; the rest is the same text.
            let again = MatchState::parse(&s.to_string()).unwrap();
            assert_eq!(again, s, "{text}");
        }
        let s = MatchState::parse("MATCHSTATE:0:0:crrrc/cc/cc/rc:7d3d|2hAc/5sKs7s/9s/6h").unwrap();
        assert_eq!(s.players(), 2);
        assert_eq!(s.betting.len(), 4);
        assert_eq!(s.board[0].len(), 3);
        assert_eq!(s.betting_string(), "crrrc/cc/cc/rc");
        assert_eq!(s.holes[Position::new(1)].unwrap().to_string(), "Ac2h");
    }

    #[test]
    fn malformed_states_are_typed_errors() {
        for (text, want) in [
            ("MATCHSTATE:0:0:", StateError::Fields(3)),
            ("MATCHSTATE:x:0::7d3d|", StateError::Number("position")),
            ("MATCHSTATE:2:0::7d3d|", StateError::Position(2)),
            ("MATCHSTATE:0:0:q:7d3d|", StateError::Betting('q')),
            (
                "MATCHSTATE:0:0:c/:7d3d|",
                StateError::BoardRounds {
                    rounds: 2,
                    boards: 0,
                },
            ),
            ("MATCHSTATE:0:0::7d3d7d|", StateError::HoleCount(3)),
            ("MATCHSTATE:0:0::7d|", StateError::HoleCount(1)),
            (
                "MATCHSTATE:0:0::7d3d|7d2c",
                StateError::DuplicateCard("7d".parse().unwrap()),
            ),
            ("MATCHSTATE:0:0::7d3d", StateError::Players(1)),
            (
                "MATCHSTATE:0:99999999999::7d3d|",
                StateError::Number("hand number"),
            ),
            ("STATE:0:0::7d3d|", StateError::Prefix),
        ] {
            assert_eq!(MatchState::parse(text), Err(want), "{text}");
        }
    }
}
