//! The one hand loop of loki: a [`HandDriver`] deals a [`Deal`] at given seats, shows
//! every new event to the positions that may see it, deals the board when it is due,
//! asks whoever is to act and applies the answer, until the hand is over or a position
//! that does not play by itself is to act (a person, an environment's caller).
//!
//! Every way loki plays a hand is a [`Seating`] driven by it: the engine's
//! [`play_hand_seated`](crate::play_hand_seated) and [`Table`](crate::Table) (and through
//! them the tournaments), LBR's table, a person's table, calibration's scored self-play
//! and the Python environment. A seating decides who sees what (its
//! [`Seating::event`] hook also scores or records), who acts ([`Seating::act`]: an
//! action, or `None` to hand the turn back to the caller, who then calls
//! [`HandDriver::apply`]), and what an illegal action is called. OpenSpiel has one
//! driver for its games, and PokerKit's state deals by itself; this is loki's.
use crate::{Action, ActionError, DealError, EngineError, Event, GameConfig, HandState};
use crate::{ByPosition, Phase, Position, Round, Seat, SeatView};
use loki_cards::{Card, Deck, HoleCards};

/// The cards of one hand: hole cards by position and the five board cards.
///
/// The hole cards are read by [`Position`]:
///
/// ```
/// use loki_cards::Deck;
/// use loki_engine::{Deal, Position};
/// let deal = Deal::from_deck(2, &mut Deck::from_seed(1)).unwrap();
/// let small_blind = deal.hole[Position::new(0)];
/// ```
///
/// never by a plain number:
///
/// ```compile_fail
/// use loki_cards::Deck;
/// use loki_engine::Deal;
/// let deal = Deal::from_deck(2, &mut Deck::from_seed(1)).unwrap();
/// let small_blind = deal.hole[0];
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    /// Hole cards by position.
    pub hole: ByPosition<HoleCards>,
    /// The board (flop, turn, river), used as far as the hand goes.
    pub board: [Card; 5],
}

impl Deal {
    /// Deals `players` hands then the board from the top of a deck (`None` if it runs
    /// out).
    pub fn from_deck(players: usize, deck: &mut Deck) -> Option<Deal> {
        let hole = (0..players)
            .map(|_| {
                let c = deck.deal_n(2)?;
                HoleCards::new(c[0], c[1]).ok()
            })
            .collect::<Option<_>>()?;
        let b = deck.deal_n(5)?;
        Some(Deal {
            hole,
            board: [b[0], b[1], b[2], b[3], b[4]],
        })
    }

    /// The board cards dealt at the start of `round` (none pre-flop).
    pub fn board_for(&self, round: Round) -> &[Card] {
        &self.board[round.dealt_range()]
    }
}

/// Who sits at a hand and what they do: the hooks of a [`HandDriver`]. Positions are the
/// hand's (0 = small blind, see the crate's seating convention).
pub trait Seating {
    /// The error of the seating's own hooks; an engine error converts into it.
    type Error: From<EngineError>;

    /// The hand begins: `position` sees its cards.
    fn begin(&mut self, _position: Position, _view: &SeatView) {}

    /// Every new event of the hand, in order, once. The default shows it to each
    /// position that may see it ([`show`]); a seating that also scores or records
    /// overrides this and calls [`show`] itself.
    ///
    /// # Errors
    /// The seating's own.
    fn event(&mut self, state: &HandState, event: &Event) -> Result<(), Self::Error> {
        show(self, state, event);
        Ok(())
    }

    /// `event` as `position` sees it (called by [`show`] only where it may see it).
    fn observe(&mut self, _position: Position, _event: &Event, _view: &SeatView) {}

    /// The action of `position`, to act in `state`; `None` hands the turn to the caller
    /// (the driver stops and waits for [`HandDriver::apply`]).
    ///
    /// # Errors
    /// The seating's own (a player that cannot answer).
    fn act(&mut self, state: &HandState, position: Position)
        -> Result<Option<Action>, Self::Error>;

    /// The name of the player at `position`, for an illegal action's error.
    fn name(&self, position: Position) -> String {
        format!("position {position}")
    }

    /// The hand is over: `position` sees the end (once per hand).
    fn end(&mut self, _position: Position, _view: &SeatView) {}
}

/// Shows `event` to every position of `state` that may see it.
pub fn show<S: Seating + ?Sized>(seating: &mut S, state: &HandState, event: &Event) {
    for p in Position::all(state.players()) {
        if event.visible_to(p) {
            seating.observe(p, event, &state.view(p));
        }
    }
}

/// Where a driven hand stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The position to act plays through the caller.
    Act(Position),
    /// The hand is over.
    Complete,
}

/// One hand being played (see the module).
#[derive(Debug, Clone)]
pub struct HandDriver {
    state: HandState,
    deal: Deal,
    /// Events already passed to the seating.
    seen: usize,
    ended: bool,
}

impl HandDriver {
    /// A hand of `config` with `deal`'s cards, position `p` at seat `seats[p]`; its hole
    /// cards are dealt (nobody is told yet: see [`HandDriver::begin`]).
    ///
    /// # Errors
    /// Not one holding and one seat per position, or seats that are not distinct.
    pub fn new(
        config: &GameConfig,
        deal: Deal,
        seats: &ByPosition<Seat>,
    ) -> Result<HandDriver, EngineError> {
        let n = config.seats();
        if deal.hole.len() != n {
            return Err(EngineError::PlayerCount {
                expected: n,
                got: deal.hole.len(),
            });
        }
        let mut state = HandState::new(config)?;
        state.set_seats(seats)?;
        for (p, h) in deal.hole.iter().enumerate() {
            state.deal_hole(Position::new(p), *h)?;
        }
        Ok(HandDriver {
            state,
            deal,
            seen: 0,
            ended: false,
        })
    }

    /// Tells every position of `seating` that the hand begins.
    pub fn begin<S: Seating + ?Sized>(&self, seating: &mut S) {
        for p in Position::all(self.state.players()) {
            seating.begin(p, &self.state.view(p));
        }
    }

    /// Plays on: passes the new events to `seating`, deals the board when due and
    /// applies the actions `seating` gives, until a position it hands back is to act or
    /// the hand is over (then `seating` is told the end, once).
    ///
    /// # Errors
    /// An illegal action ([`EngineError::IllegalAction`], named by [`Seating::name`]),
    /// or the seating's own error.
    pub fn run<S: Seating + ?Sized>(&mut self, seating: &mut S) -> Result<Step, S::Error> {
        loop {
            for e in &self.state.events()[self.seen..] {
                seating.event(&self.state, e)?;
            }
            self.seen = self.state.events().len();
            match self.state.phase() {
                Phase::Complete => {
                    if !self.ended {
                        self.ended = true;
                        for p in Position::all(self.state.players()) {
                            seating.end(p, &self.state.view(p));
                        }
                    }
                    return Ok(Step::Complete);
                }
                Phase::DealHole(p) | Phase::Reveal(p) => {
                    return Err(EngineError::from(DealError::HoleNotDue(p)).into())
                }
                Phase::DealBoard(round) => {
                    let cards = self.deal.board_for(round);
                    self.state.deal_board(cards).map_err(EngineError::from)?;
                }
                Phase::Act(p) => {
                    let Some(action) = seating.act(&self.state, p)? else {
                        return Ok(Step::Act(p));
                    };
                    if let Err(error) = self.state.apply(action) {
                        return Err(EngineError::IllegalAction {
                            position: p,
                            name: seating.name(p),
                            action,
                            error,
                        }
                        .into());
                    }
                }
            }
        }
    }

    /// The caller's action for the position to act (after [`Step::Act`]); call
    /// [`HandDriver::run`] next to play on.
    ///
    /// # Errors
    /// An illegal action, or nobody to act: nothing changes.
    pub fn apply(&mut self, action: Action) -> Result<&Event, ActionError> {
        self.state.apply(action)
    }

    /// The hand so far.
    pub fn state(&self) -> &HandState {
        &self.state
    }

    /// The cards of the hand.
    pub fn deal(&self) -> &Deal {
        &self.deal
    }
}
