//! Rebuilding a hand from the `MATCHSTATE` lines a client receives (the ACPC protocol
//! 2.0.0; `docs/acpc-protocol.md`, "Protocol", items 2-5): the viewer's own hole cards
//! are dealt, every other position's are dealt hidden (the engine's
//! `deal_hole_hidden`), each new action and board is applied to the engine in order, and
//! at a showdown the shown cards are revealed (the engine's reveal phase). Every state
//! must continue the previous one; anything else is a typed [`RebuildError`]. Pure: no
//! I/O, the events go to a callback.
use crate::matchstate::MatchState;
use loki_cards::HoleCards;
use loki_engine::{
    Action, ActionError, DealError, Event, GameConfig, HandState, Phase, Seat, SeatView,
};
use loki_engine::{ByPosition, Position};
use thiserror::Error;

/// A state that does not continue the hand the client is rebuilding.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RebuildError {
    /// A state for another number of players than the game's.
    #[error("a state with {got} players in a {expected}-player game")]
    Players {
        /// The game's players.
        expected: usize,
        /// The state's.
        got: usize,
    },
    /// The viewer's own cards are missing.
    #[error("the state does not show the viewer's own hole cards")]
    MissingHole,
    /// A state of another hand, viewer or own cards than the hand in progress.
    #[error("the state belongs to another hand or viewer")]
    OtherHand,
    /// The betting does not extend what was seen before.
    #[error("the betting in round {0} differs from what was seen before")]
    ActionMismatch(usize),
    /// The board differs from what was seen before.
    #[error("the board of round {0} differs from what was seen before")]
    BoardMismatch(usize),
    /// A wrong number of board cards.
    #[error("round {round} shows {got} board cards, need {expected}")]
    BoardCount {
        /// 1-based round.
        round: usize,
        /// Cards dealt at that round.
        expected: usize,
        /// Cards shown.
        got: usize,
    },
    /// An action the rules refuse.
    #[error("illegal {action} in round {round}: {error}")]
    Illegal {
        /// 1-based round.
        round: usize,
        /// The action.
        action: Action,
        /// Why.
        error: ActionError,
    },
    /// The betting string closes a round that is still open, or leaves a closed one open.
    #[error("round {0} ends where the rules do not end it")]
    RoundEnd(usize),
    /// A deal the engine refuses (a card twice).
    #[error(transparent)]
    Deal(#[from] DealError),
    /// Another position's cards before the showdown.
    #[error("position {0}'s hole cards are shown before the showdown")]
    CardsBeforeShowdown(usize),
    /// A live position's cards are missing at the showdown.
    #[error("position {0}'s hole cards are missing at the showdown")]
    MissingShowdownCards(usize),
}

/// One hand in progress as the viewer rebuilds it.
#[derive(Debug, Clone)]
pub struct HandTracker {
    state: HandState,
    hand: u32,
    position: Position,
    hole: HoleCards,
    applied: Vec<Vec<Action>>,
    board_rounds: usize,
    emitted: usize,
}

impl HandTracker {
    /// Starts the hand of a state: blinds posted, the viewer's cards dealt, the others
    /// hidden; `seats[p]` is the table-wide identity of position `p` (see
    /// `SeatView::seat_of`). Nothing is applied or emitted yet: call
    /// [`HandTracker::update`] with the same state.
    ///
    /// # Errors
    /// A state for another number of players, or without the viewer's cards.
    pub fn start(
        config: &GameConfig,
        ms: &MatchState,
        seats: &ByPosition<Seat>,
    ) -> Result<HandTracker, RebuildError> {
        let n = config.seats();
        if ms.players() != n || seats.len() != n {
            return Err(RebuildError::Players {
                expected: n,
                got: ms.players(),
            });
        }
        let hole = ms.my_hole().ok_or(RebuildError::MissingHole)?;
        let mut state = HandState::new(config).map_err(|_| RebuildError::Players {
            expected: n,
            got: ms.players(),
        })?;
        state.set_seats(seats).map_err(|_| RebuildError::Players {
            expected: n,
            got: seats.len(),
        })?;
        for p in Position::all(n) {
            if p == ms.position {
                state.deal_hole(p, hole)?;
            } else {
                state.deal_hole_hidden(p)?;
            }
        }
        Ok(HandTracker {
            state,
            hand: ms.hand,
            position: ms.position,
            hole,
            applied: vec![Vec::new()],
            board_rounds: 0,
            emitted: 0,
        })
    }

    /// The hand number.
    pub fn hand(&self) -> u32 {
        self.hand
    }
    /// The viewer's position.
    pub fn position(&self) -> Position {
        self.position
    }
    /// The engine state.
    pub fn state(&self) -> &HandState {
        &self.state
    }
    /// The engine state, taken.
    pub fn into_state(self) -> HandState {
        self.state
    }
    /// The viewer's view.
    pub fn view(&self) -> SeatView<'_> {
        self.state.view(self.position)
    }
    /// Whether the viewer is to act.
    pub fn is_my_turn(&self) -> bool {
        self.state.to_act() == Some(self.position)
    }
    /// Whether the hand is over.
    pub fn is_complete(&self) -> bool {
        self.state.is_complete()
    }

    fn emit(&mut self, on_event: &mut dyn FnMut(&Event, &SeatView<'_>)) {
        let view = self.state.view(self.position);
        for e in &self.state.events()[self.emitted..] {
            if e.visible_to(self.position) {
                on_event(e, &view);
            }
        }
        self.emitted = self.state.events().len();
    }

    /// Applies what `ms` adds to the hand, step by step, passing each new event the viewer
    /// may see to `on_event` with the view after it (the engine table's order: the first
    /// call also passes the blinds and the deals).
    ///
    /// # Errors
    /// A state of another hand or viewer, betting or board that does not extend what was
    /// seen, an illegal action, a round that ends where the rules do not end it, cards
    /// shown before the showdown or missing at it. The hand keeps every step applied
    /// before the error.
    pub fn update(
        &mut self,
        ms: &MatchState,
        on_event: &mut dyn FnMut(&Event, &SeatView<'_>),
    ) -> Result<(), RebuildError> {
        if ms.hand != self.hand
            || ms.position != self.position
            || ms.my_hole() != Some(self.hole)
            || ms.players() != self.state.players()
        {
            return Err(RebuildError::OtherHand);
        }
        self.emit(on_event);
        for (r, want) in ms.betting.iter().enumerate() {
            if r >= 1 {
                let cards = &ms.board[r - 1];
                let round = loki_engine::Round::ALL[r];
                if r <= self.board_rounds {
                    let dealt = &self.state.board()[round.dealt_range().start..];
                    if dealt.get(..round.cards_dealt()) != Some(cards.as_slice()) {
                        return Err(RebuildError::BoardMismatch(r + 1));
                    }
                } else {
                    match self.state.phase() {
                        Phase::DealBoard(due) if due == round => {
                            if cards.len() != round.cards_dealt() {
                                return Err(RebuildError::BoardCount {
                                    round: r + 1,
                                    expected: round.cards_dealt(),
                                    got: cards.len(),
                                });
                            }
                            self.state.deal_board(cards)?;
                            self.board_rounds = r;
                            self.applied.push(Vec::new());
                            self.emit(on_event);
                        }
                        _ => return Err(RebuildError::RoundEnd(r)),
                    }
                }
            }
            let have = &self.applied[r];
            if want.len() < have.len() || want[..have.len()] != have[..] {
                return Err(RebuildError::ActionMismatch(r + 1));
            }
            for &action in &want[have.len()..] {
                match self.state.phase() {
                    Phase::Act(_) if self.state.round().index() == r => {}
                    _ => return Err(RebuildError::RoundEnd(r + 1)),
                }
                self.state
                    .apply(action)
                    .map_err(|error| RebuildError::Illegal {
                        round: r + 1,
                        action,
                        error,
                    })?;
                self.applied[r].push(action);
                self.emit(on_event);
            }
        }
        if let Phase::DealBoard(_) = self.state.phase() {
            return Err(RebuildError::RoundEnd(ms.betting.len()));
        }
        let showdown = matches!(self.state.phase(), Phase::Reveal(_))
            || self.state.result().is_some_and(|r| r.showdown);
        for (p, h) in ms.holes.enumerate() {
            if p != self.position && h.is_some() && !showdown {
                return Err(RebuildError::CardsBeforeShowdown(p.index()));
            }
        }
        while let Phase::Reveal(p) = self.state.phase() {
            let cards = ms.holes[p].ok_or(RebuildError::MissingShowdownCards(p.index()))?;
            self.state.reveal(p, cards)?;
        }
        self.emit(on_event);
        Ok(())
    }
}
