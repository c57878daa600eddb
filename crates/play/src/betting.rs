//! A hand at a person's table, dealt and bet ([`Session::next_hand`], [`Session::act`],
//! [`Session::choose`], [`Session::abandon`]): each request of a person checked before
//! anything changes (the seat, the step, the turn, the action), then the bots fed every
//! event they may see and asked to act until a person's turn or the end of the hand.
use crate::choice::Choice;
use crate::hand::{Hand, Occupant};
use crate::session::{Session, PERSON};
use crate::PlayError;
use loki_agent::SeatedPlayer;
use loki_bot::DecisionTrace;
use loki_cards::Deck;
use loki_engine::{
    Action, Deal, EngineError, Event, HandDriver, HandState, Player, Seat, SeatView, Seating, Step,
    Table,
};
use loki_engine::{ByPosition, Position};

impl Session {
    pub(crate) fn check_step(&self, step: u64) -> Result<(), PlayError> {
        if step == self.step {
            Ok(())
        } else {
            Err(PlayError::Stale {
                current: self.step,
                got: step,
            })
        }
    }

    /// Deals the next hand and lets the bots act until the person's turn (or the end of
    /// the hand). `step` is the step the request was made at.
    ///
    /// # Errors
    /// A stale step or a hand in progress (nothing changes); [`PlayError::Engine`] on a
    /// bug.
    pub fn next_hand(&mut self, step: u64) -> Result<(), PlayError> {
        self.check_step(step)?;
        if self.in_progress() {
            return Err(PlayError::HandInProgress);
        }
        let all = self.game.seats();
        let number = self.hands_started;
        // The order of the seats moves as the engine's `Table` moves it; the seats not
        // present are left out (they are not dealt in).
        let seats: ByPosition<Seat> = Position::all(all)
            .map(|p| Table::seat_of(p, number, all))
            .filter(|&s| self.present[s.index()])
            .collect();
        let n = seats.len();
        let people = seats
            .iter()
            .filter(|&&s| matches!(self.occupants[s.index()], Occupant::Person))
            .count();
        if n < 2 || people == 0 {
            return Err(PlayError::NotEnoughPlayers { players: n, people });
        }
        let game = if n == all {
            self.game.clone()
        } else {
            // The stakes were checked for the full table; they fit any fewer seats.
            self.stakes.game(n).map_err(|_| EngineError::PlayerCount {
                expected: all,
                got: n,
            })?
        };
        let mut deck = Deck::shuffled(&mut self.rng);
        let deal = Deal::from_deck(n, &mut deck).ok_or(EngineError::PlayerCount {
            expected: n,
            got: n,
        })?;
        let driver = HandDriver::new(&game, deal, &seats)?;
        let mut traces = (0..all).map(|_| None).collect::<Vec<_>>();
        driver.begin(&mut Seated {
            occupants: &mut self.occupants,
            present: &self.present,
            names: &self.names,
            seats: &seats,
            traces: &mut traces,
        });
        self.hand = Some(Hand {
            number,
            driver,
            seats,
            traces,
            finished: false,
            study: self.study,
            abandoned: false,
        });
        self.hands_started += 1;
        self.step += 1;
        self.run()
    }

    /// The person's action for `seat` at `step`; then the bots act until the person's
    /// next turn or the end of the hand.
    ///
    /// # Errors
    /// The seat is not the person's, the step is stale, no hand is in progress, another
    /// seat is to act, or the action is not legal: nothing changes.
    pub fn act(&mut self, seat: usize, action: Action, step: u64) -> Result<(), PlayError> {
        self.check_turn(seat, step)?;
        self.apply_person(action)
    }

    /// The person's choice by name (`check` and `bet` are refused where they do not fit,
    /// see [`Choice`]); then as [`Session::act`].
    ///
    /// # Errors
    /// As [`Session::act`], and [`PlayError::CheckFacingBet`] or
    /// [`PlayError::BetFacingBet`]: nothing changes.
    pub fn choose(&mut self, seat: usize, choice: Choice, step: u64) -> Result<(), PlayError> {
        self.check_turn(seat, step)?;
        if let Some(h) = &self.hand {
            let p = h.state().to_act().unwrap_or(Position::new(0));
            match choice {
                Choice::Check if h.state().amount_to_call(p) > 0 => {
                    return Err(PlayError::CheckFacingBet {
                        to_call: h.state().amount_to_call(p),
                    })
                }
                Choice::Bet if h.state().bets_this_round() > 0 => {
                    return Err(PlayError::BetFacingBet)
                }
                _ => {}
            }
        }
        self.apply_person(choice.action())
    }

    /// Leaves the hand in progress, if any: the person's remaining decisions are check
    /// when free, else fold, and the bots play the hand out, so that it is recorded and
    /// its chips count in the bankroll, the summary and the profile. Returns whether a
    /// hand was abandoned.
    ///
    /// # Errors
    /// [`PlayError::Engine`] on a bug.
    pub fn abandon(&mut self) -> Result<bool, PlayError> {
        if !self.in_progress() {
            return Ok(false);
        }
        if let Some(h) = self.hand.as_mut() {
            h.abandoned = true;
        }
        while self.in_progress() {
            self.check_turn(PERSON, self.step)?;
            let Some(h) = &self.hand else { break };
            let p = h.state().to_act().ok_or(PlayError::NoHand)?;
            self.apply_person(free_or_fold(h.state(), p))?;
        }
        Ok(true)
    }

    /// Checks that `seat` may act at `step` now.
    fn check_turn(&self, seat: usize, step: u64) -> Result<(), PlayError> {
        if self.room {
            if !matches!(self.occupants.get(seat), Some(Occupant::Person)) {
                return Err(PlayError::NotAPersonSeat(seat));
            }
        } else if seat != PERSON {
            return Err(PlayError::NotYourSeat {
                seat,
                yours: PERSON,
            });
        }
        self.check_step(step)?;
        let hand = match self.hand.as_ref() {
            Some(h) if !h.state().is_complete() => h,
            _ => return Err(PlayError::NoHand),
        };
        let to_act = hand.state().to_act().map(|p| hand.seat_of(p));
        if to_act != Some(seat) {
            return Err(PlayError::NotYourTurn);
        }
        Ok(())
    }

    /// Applies the person's action (the turn was checked), then lets the bots act.
    fn apply_person(&mut self, action: Action) -> Result<(), PlayError> {
        let Some(hand) = self.hand.as_mut() else {
            return Err(PlayError::NoHand);
        };
        hand.driver
            .state()
            .check(action)
            .map_err(|reason| PlayError::Illegal { action, reason })?;
        hand.driver
            .apply(action)
            .map_err(|reason| PlayError::Illegal { action, reason })?;
        self.step += 1;
        self.run()
    }

    /// Passes new events to the bots and plays until the person's turn or the end.
    pub(crate) fn run(&mut self) -> Result<(), PlayError> {
        let Some(hand) = self.hand.as_mut() else {
            return Ok(());
        };
        let Hand {
            driver,
            seats,
            traces,
            ..
        } = hand;
        let step = driver.run(&mut Seated {
            occupants: &mut self.occupants,
            present: &self.present,
            names: &self.names,
            seats,
            traces,
        })?;
        match step {
            Step::Act(_) => Ok(()),
            Step::Complete => self.finish(),
        }
    }
}

/// The seats of a person's table in one hand, as the driver's [`Seating`]: the bots see
/// what they may see and play their turns (their decisions traced); a person present
/// plays through [`Session::act`], a person away checks when free, else folds.
struct Seated<'a> {
    occupants: &'a mut [Occupant],
    present: &'a [bool],
    names: &'a [String],
    /// The seat of each position.
    seats: &'a ByPosition<Seat>,
    traces: &'a mut [Option<DecisionTrace>],
}

impl Seated<'_> {
    fn bot(&mut self, position: Position) -> Option<&mut SeatedPlayer> {
        match &mut self.occupants[self.seats[position].index()] {
            Occupant::Bot(b) => Some(b),
            Occupant::Person => None,
        }
    }
}

impl Seating for Seated<'_> {
    type Error = PlayError;
    fn begin(&mut self, position: Position, view: &SeatView) {
        if let Some(b) = self.bot(position) {
            b.begin_hand(view);
        }
    }
    fn observe(&mut self, position: Position, event: &Event, view: &SeatView) {
        if let Some(b) = self.bot(position) {
            b.observe(event, view);
        }
    }
    fn act(&mut self, state: &HandState, p: Position) -> Result<Option<Action>, PlayError> {
        let seat = self.seats[p].index();
        Ok(match &mut self.occupants[seat] {
            Occupant::Person if self.present[seat] => None,
            // A person sitting out checks when free, else folds.
            Occupant::Person => Some(free_or_fold(state, p)),
            Occupant::Bot(b) => {
                let action = b.act(&state.view(p));
                self.traces[seat] = b.last_trace().cloned();
                Some(action)
            }
        })
    }
    fn name(&self, position: Position) -> String {
        self.names[self.seats[position].index()].clone()
    }
    fn end(&mut self, position: Position, view: &SeatView) {
        if let Some(b) = self.bot(position) {
            b.end_hand(view);
        }
    }
}

/// Check when it costs nothing, else fold: the action of a person who is not there
/// (sitting out, out of time, or gone).
pub(crate) fn free_or_fold(state: &HandState, position: Position) -> Action {
    if state.amount_to_call(position) == 0 {
        Action::Call
    } else {
        Action::Fold
    }
}
