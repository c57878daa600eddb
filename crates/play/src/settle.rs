//! A finished hand settled once (the bots heard its end from the hand's driver): the hand's record and history,
//! each seat's net and HUD, the people's bankrolls and profile deltas, a room's results
//! and the biggest pots.
use crate::hand::{BigPot, HandMeta, Occupant};
use crate::hud::add_hand;
use crate::narrate::narrate;
use crate::session::{Session, BIGGEST_POTS, MAX_HISTORY, PERSON};
use crate::PlayError;
use loki_agent::hand_delta;
use loki_engine::{ByPosition, Position, Seat};
use loki_engine::{Chips, EngineError, HandRecord};
use loki_store::HandResult;

impl Session {
    /// Ends a completed hand once: the record, the bankroll and the
    /// person's profile delta.
    pub(crate) fn finish(&mut self) -> Result<(), PlayError> {
        let Some(hand) = self.hand.as_mut() else {
            return Ok(());
        };
        if hand.finished || !hand.state().is_complete() {
            return Ok(());
        }
        hand.finished = true;
        let state = hand.driver.state();
        let names = names_by_position(&hand.seats, &self.names);
        let n = names.len();
        let record = HandRecord::from_state(state, names.into_vec(), hand.number).ok_or(
            EngineError::PlayerCount {
                expected: n,
                got: 0,
            },
        )?;
        let big_blind = state.config().big_blind();
        for (p, at) in hand.seats.enumerate() {
            let seat = at.index();
            self.net[seat] += record.net[p];
            if self.room {
                let bot = !matches!(self.occupants[seat], Occupant::Person);
                self.results.push(HandResult {
                    name: if bot {
                        &self.kinds[seat]
                    } else {
                        &self.names[seat]
                    }
                    .clone(),
                    bot,
                    net: record.net[p],
                    big_blind,
                });
            }
            let delta = hand_delta(&state.view(p), p, &self.names[seat]);
            add_hand(&mut self.huds[seat], &delta);
            let person = matches!(self.occupants[seat], Occupant::Person);
            if (self.room && person) || seat == PERSON {
                self.profile_updates.push(delta);
            }
        }
        for seat in hand.seats.iter().map(|s| s.index()) {
            if matches!(self.occupants[seat], Occupant::Person) {
                self.bankrolls[seat].push(self.net[seat]);
            }
        }
        if !self.room {
            self.bankroll.push(self.net[PERSON]);
        }
        self.finished_hands += 1;
        let meta = HandMeta {
            study: hand.study,
            abandoned: hand.abandoned,
        };
        self.study_hands += usize::from(meta.study);
        self.abandoned_hands += usize::from(meta.abandoned);
        let pot: Chips = state.contributions().iter().sum();
        let big =
            self.biggest.len() < BIGGEST_POTS || self.biggest.last().is_some_and(|b| pot > b.pot);
        if big {
            let me = hand.position_of(PERSON).unwrap_or(Position::new(0));
            let told = narrate(
                state.view(me).events(),
                &hand.seats,
                &names_by_position(&hand.seats, &self.names),
                Some(me),
            );
            self.biggest.push(BigPot {
                hand: hand.number + 1,
                pot,
                net: record.net[me],
                result: told.pots.into_iter().map(|p| p.text).collect(),
            });
            // Stable: an earlier hand stays ahead of a later one of the same pot.
            self.biggest.sort_by_key(|b| std::cmp::Reverse(b.pot));
            self.biggest.truncate(BIGGEST_POTS);
        }
        if self.history.len() == MAX_HISTORY {
            self.history.pop_front();
        }
        self.history.push_back((record, meta));
        Ok(())
    }
}

/// The names by position of a hand.
pub(crate) fn names_by_position(seats: &ByPosition<Seat>, names: &[String]) -> ByPosition<String> {
    seats.iter().map(|s| names[s.index()].clone()).collect()
}
