//! [`PlayedHand`], what a hand's histories show of its play, and [`HandRecord`], a
//! finished hand: its play and what each player won, for PHH and ACPC histories.
use crate::{Action, ByPosition, Chips, Event, GameConfig, HandState, Position, Seat};
use loki_cards::{Card, HandRank, HoleCards};
use std::ops::Deref;

/// A hand as played, by position, without who won (a [`HandRecord`] has that; a hand
/// whose winner cannot be known does not).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedHand {
    /// The hand number (ACPC numbering, from 0).
    pub hand_number: u64,
    /// The game.
    pub config: GameConfig,
    /// Player names by position.
    pub names: ByPosition<String>,
    /// Seat of each position (`(p + h) mod N` at a [`crate::Table`]).
    pub seats: ByPosition<Seat>,
    /// Hole cards by position; `None` for a holding the history's observer never saw
    /// (dealt hidden, PHH's `????`), which a complete hand has only for a player who folded
    /// or won without a showdown.
    pub hole: ByPosition<Option<HoleCards>>,
    /// The board as far as the hand reached.
    pub board: Vec<Card>,
    /// Total chips put in by each position (the pot is their sum).
    pub contributions: ByPosition<Chips>,
    /// Starting stacks (configured, or the deep stack used in histories).
    pub starting_stacks: ByPosition<Chips>,
    /// The full event log (up to the showdown for a hand whose winner is unknown).
    pub events: Vec<Event>,
}

/// A finished hand, by position: its play (fields by [`Deref`]) and what each won.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandRecord {
    /// The hand as played.
    pub played: PlayedHand,
    /// (position, action) per round reached.
    pub actions: Vec<Vec<(Position, Action)>>,
    /// Net chips by position.
    pub net: ByPosition<Chips>,
    /// Showdown ranks by position (`None`: folded, or no showdown).
    pub ranks: ByPosition<Option<HandRank>>,
    /// Finishing stacks: starting stacks plus net.
    pub finishing_stacks: ByPosition<Chips>,
}

impl Deref for HandRecord {
    type Target = PlayedHand;
    fn deref(&self) -> &PlayedHand {
        &self.played
    }
}

/// Each seat's net chips over `records` of a table of `seats` seats (a record's `net` is
/// by position; `seats[p]` is the seat at position `p`).
pub fn net_by_seat(records: &[HandRecord], seats: usize) -> Vec<Chips> {
    let mut totals = vec![0; seats];
    for r in records {
        for (p, v) in r.net.iter().enumerate() {
            if let Some(t) = r
                .seats
                .get(Position::new(p))
                .and_then(|&s| totals.get_mut(s.index()))
            {
                *t += v;
            }
        }
    }
    totals
}

impl HandRecord {
    /// Number of players.
    pub fn players(&self) -> usize {
        self.names.len()
    }
    /// Builds the record of a completed hand (`None` if the hand is not over). Hidden
    /// holdings stay `None` (the engine completes a hand only when every holding it needs
    /// for the showdown is known).
    pub fn from_state(
        state: &HandState,
        names: Vec<String>,
        hand_number: u64,
    ) -> Option<HandRecord> {
        let result = state.result()?;
        let config = state.config().clone();
        let n = config.seats();
        let hole = state.hole_cards().to_vec();
        let mut actions: Vec<Vec<(Position, Action)>> = vec![Vec::new()];
        for e in state.events() {
            match e {
                Event::BoardDealt { round, .. } => {
                    while actions.len() <= round.index() {
                        actions.push(Vec::new());
                    }
                }
                Event::Action(a) => actions[a.round.index()].push((a.position, a.action)),
                _ => {}
            }
        }
        let starting_stacks = match config.stacks() {
            Some(s) => s.to_vec(),
            None => vec![config.deep_stack(); n],
        };
        let finishing_stacks = starting_stacks
            .iter()
            .zip(&result.net)
            .map(|(s, v)| s + v)
            .collect();
        Some(HandRecord {
            played: PlayedHand {
                hand_number,
                names: ByPosition::new(names),
                seats: state.seats().clone(),
                hole: ByPosition::new(hole),
                board: state.board().to_vec(),
                contributions: result.contributions.clone(),
                starting_stacks: ByPosition::new(starting_stacks),
                events: state.events().to_vec(),
                config,
            },
            actions,
            net: result.net.clone(),
            ranks: result.ranks.clone(),
            finishing_stacks,
        })
    }
    /// The ACPC betting string (`crrrc/cc/...`).
    pub fn acpc_betting(&self) -> String {
        let rounds: Vec<String> = self
            .actions
            .iter()
            .map(|r| r.iter().map(|(_, a)| a.acpc_char()).collect())
            .collect();
        rounds.join("/")
    }

    /// The reference dealer's values of the hand by position.
    pub fn acpc_values(&self) -> ByPosition<f64> {
        let folded = |p: Position| {
            self.actions
                .iter()
                .flatten()
                .any(|&(q, a)| q == p && a == Action::Fold)
        };
        let winner = Position::all(self.players()).find(|&p| !folded(p));
        let showdown = self.ranks.iter().any(Option::is_some);
        let ranks = crate::pot::ranks_or_winner(&self.ranks, showdown, winner);
        crate::pot::acpc_values(&self.contributions, &ranks)
    }
}

#[cfg(test)]
mod net_tests {
    use super::*;
    use crate::{CallPlayer, GameConfig, Player, RaisePlayer, Table};

    #[test]
    fn net_by_seat_follows_the_seats_as_the_button_moves() {
        let players: Vec<Box<dyn Player + Send>> = vec![
            Box::new(CallPlayer::new("a")),
            Box::new(RaisePlayer::new("b")),
            Box::new(CallPlayer::new("c")),
        ];
        let mut table = Table::new(GameConfig::paper(3).unwrap(), players, 4).unwrap();
        let records = table.play(9).unwrap();
        let totals = net_by_seat(&records, 3);
        assert_eq!(totals.iter().sum::<Chips>(), 0);
        // By hand: each record's position p is seat seats[p].
        let mut by_hand = [0; 3];
        for r in &records {
            for p in Position::all(r.net.len()) {
                by_hand[r.seats[p].index()] += r.net[p];
            }
        }
        assert_eq!(totals, by_hand);
        assert!(records
            .iter()
            .any(|r| r.seats[Position::new(0)] != records[0].seats[Position::new(0)]));
    }
}
