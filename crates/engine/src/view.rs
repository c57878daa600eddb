//! [`SeatView`]: what one position may know: the public events plus its own cards.
use crate::{
    Chips, Event, GameConfig, HandResult, HandState, LegalActions, Phase, Position, Round, Seat,
};
use loki_cards::{Card, HoleCards};

/// A borrowed view of a hand for one position. Other positions' hole cards are reachable
/// only through the showdown event.
#[derive(Debug, Clone, Copy)]
pub struct SeatView<'a> {
    state: &'a HandState,
    position: Position,
}

impl HandState {
    /// The view of one position.
    pub fn view(&self, position: Position) -> SeatView<'_> {
        SeatView {
            state: self,
            position,
        }
    }
}

impl<'a> SeatView<'a> {
    /// My position.
    pub fn position(&self) -> Position {
        self.position
    }
    /// The seat (table-wide identity) of the player at `position` (see
    /// [`HandState::set_seats`]); seat number `position` when out of range.
    pub fn seat_of(&self, position: Position) -> Seat {
        self.state
            .seats()
            .get(position)
            .copied()
            .unwrap_or(Seat::new(position.index()))
    }
    /// Number of players.
    pub fn players(&self) -> usize {
        self.state.players()
    }
    /// The game configuration.
    pub fn config(&self) -> &'a GameConfig {
        self.state.config()
    }
    /// My hole cards, once dealt.
    pub fn hole(&self) -> Option<HoleCards> {
        self.state
            .hole_cards()
            .get(self.position.index())
            .copied()
            .flatten()
    }
    /// The board so far.
    pub fn board(&self) -> &'a [Card] {
        self.state.board()
    }
    /// The current round.
    pub fn round(&self) -> Round {
        self.state.round()
    }
    /// What the hand waits for.
    pub fn phase(&self) -> Phase {
        self.state.phase()
    }
    /// The position to act, if any.
    pub fn to_act(&self) -> Option<Position> {
        self.state.to_act()
    }
    /// Whether it is my turn.
    pub fn is_my_turn(&self) -> bool {
        self.state.to_act() == Some(self.position)
    }
    /// The pot: all chips put in so far.
    pub fn pot(&self) -> Chips {
        self.state.pot()
    }
    /// Chips I need to call.
    pub fn amount_to_call(&self) -> Chips {
        self.state.amount_to_call(self.position)
    }
    /// Bets I face (`ceil(amount to call / bet size)`).
    pub fn bets_to_call(&self) -> u32 {
        self.state.bets_to_call(self.position)
    }
    /// Raises (`r` actions) made this round.
    pub fn raises_this_round(&self) -> u32 {
        self.state.raises_this_round()
    }
    /// Bets this round, the big blind counting as the pre-flop bet.
    pub fn bets_this_round(&self) -> u32 {
        self.state.bets_this_round()
    }
    /// The bet size of the current round.
    pub fn bet_size(&self) -> Chips {
        self.state.config().bet_size(self.state.round())
    }
    /// Whether a position is still live (has not folded).
    pub fn is_live(&self, position: Position) -> bool {
        self.state.is_live(position)
    }
    /// Live flags by position.
    pub fn live(&self) -> Vec<bool> {
        Position::all(self.players())
            .map(|p| self.state.is_live(p))
            .collect()
    }
    /// Total chips put in by each position.
    pub fn contributions(&self) -> &'a [Chips] {
        self.state.contributions()
    }
    /// Chips each position put in during the current round.
    pub fn round_bets(&self) -> &'a [Chips] {
        self.state.round_bets()
    }
    /// Whether a position still has to act this round.
    pub fn needs_action(&self, position: Position) -> bool {
        self.state.needs_action(position)
    }
    /// Whether a position has acted in the current round (blinds are not actions).
    pub fn acted_this_round(&self, position: Position) -> bool {
        self.state.acted_this_round(position)
    }
    /// Whether a position has put chips in by an action in the current round (a call of
    /// more than nothing, a bet or a raise; blinds are not actions).
    pub fn put_in_this_round(&self, position: Position) -> bool {
        self.state.put_in_this_round(position)
    }
    /// Remaining stacks when stacks are configured.
    pub fn stacks(&self) -> Option<&'a [Chips]> {
        self.state.stacks()
    }
    /// The events I may see, in order.
    pub fn events(&self) -> impl Iterator<Item = &'a Event> + 'a {
        let me = self.position;
        self.state.events().iter().filter(move |e| e.visible_to(me))
    }
    /// My legal actions (empty unless it is my turn).
    pub fn legal_actions(&self) -> LegalActions {
        if self.is_my_turn() {
            self.state.legal_actions()
        } else {
            LegalActions::default()
        }
    }
    /// The result, once the hand is over.
    pub fn result(&self) -> Option<&'a HandResult> {
        self.state.result()
    }
}
