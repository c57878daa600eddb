//! A hand at a person's table, dealt and bet ([`Session::next_hand`], [`Session::act`],
//! [`Session::choose`], [`Session::abandon`]): each request of a person checked before
//! anything changes (the seat, the step, the turn, the action), then the bots fed every
//! event they may see and asked to act until a person's turn or the end of the hand.
use crate::choice::Choice;
use crate::hand::{Hand, Occupant};
use crate::session::{Session, PERSON};
use crate::PlayError;
use loki_cards::Deck;
use loki_engine::{Action, Deal, DealError, EngineError, HandState, Phase, Player, Table};

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
        let seats: Vec<usize> = (0..all)
            .map(|p| Table::seat_of(p, number, all))
            .filter(|&s| self.present[s])
            .collect();
        let n = seats.len();
        let people = seats
            .iter()
            .filter(|&&s| matches!(self.occupants[s], Occupant::Person))
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
        let mut state = HandState::new(&game).map_err(EngineError::from)?;
        state.set_seats(&seats).map_err(EngineError::from)?;
        for (p, h) in deal.hole.iter().enumerate() {
            state.deal_hole(p, *h).map_err(EngineError::from)?;
        }
        for (p, &seat) in seats.iter().enumerate() {
            if let Occupant::Bot(b) = &mut self.occupants[seat] {
                b.begin_hand(&state.view(p));
            }
        }
        self.hand = Some(Hand {
            number,
            state,
            deal,
            seats,
            seen: 0,
            traces: (0..all).map(|_| None).collect(),
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
            let p = h.state.to_act().unwrap_or(0);
            match choice {
                Choice::Check if h.state.amount_to_call(p) > 0 => {
                    return Err(PlayError::CheckFacingBet {
                        to_call: h.state.amount_to_call(p),
                    })
                }
                Choice::Bet if h.state.bets_this_round() > 0 => {
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
            let p = h.state.to_act().ok_or(PlayError::NoHand)?;
            self.apply_person(free_or_fold(&h.state, p))?;
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
            Some(h) if !h.state.is_complete() => h,
            _ => return Err(PlayError::NoHand),
        };
        let to_act = hand.state.to_act().map(|p| hand.seats[p]);
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
        hand.state
            .check(action)
            .map_err(|reason| PlayError::Illegal { action, reason })?;
        hand.state
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
        loop {
            let Hand {
                state,
                deal,
                seats,
                seen,
                traces,
                ..
            } = &mut *hand;
            for e in &state.events()[*seen..] {
                for (p, &seat) in seats.iter().enumerate() {
                    if !e.visible_to(p) {
                        continue;
                    }
                    if let Occupant::Bot(b) = &mut self.occupants[seat] {
                        b.observe(e, &state.view(p));
                    }
                }
            }
            *seen = state.events().len();
            match state.phase() {
                Phase::Complete => break,
                Phase::DealHole(p) | Phase::Reveal(p) => {
                    return Err(EngineError::from(DealError::HoleNotDue(p)).into())
                }
                Phase::DealBoard(round) => {
                    let from = round.board_len() - round.cards_dealt();
                    state
                        .deal_board(&deal.board[from..round.board_len()])
                        .map_err(EngineError::from)?;
                }
                Phase::Act(p) => {
                    let seat = seats[p];
                    let view = state.view(p);
                    let action = match &mut self.occupants[seat] {
                        Occupant::Person if self.present[seat] => return Ok(()),
                        // A person sitting out checks when free, else folds.
                        Occupant::Person => free_or_fold(state, p),
                        Occupant::Bot(b) => {
                            let action = b.act(&view);
                            traces[seat] = b.last_trace().cloned();
                            action
                        }
                    };
                    if let Err(error) = state.apply(action) {
                        return Err(EngineError::IllegalAction {
                            position: p,
                            name: self.names[seat].clone(),
                            action,
                            error,
                        }
                        .into());
                    }
                }
            }
        }
        self.finish()
    }
}

/// Check when it costs nothing, else fold: the action of a person who is not there
/// (sitting out, out of time, or gone).
pub(crate) fn free_or_fold(state: &HandState, position: usize) -> Action {
    if state.amount_to_call(position) == 0 {
        Action::Call
    } else {
        Action::Fold
    }
}
