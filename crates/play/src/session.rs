//! [`Session`]: one table with one person's seat and bots. It deals from its own seeded
//! generator, moves the button as the engine's `Table` does (the seat of position `p` in
//! hand `h` is `(p + h) mod N`), feeds every bot exactly what `play_hand_seated` feeds it
//! (`begin_hand`, every event it may see, `act`, `end_hand`), lets the bots act until it
//! is the person's turn or the hand is over, and validates every request of the person.
//! A refused request changes nothing (each check runs before any change).
//!
//! Every change of the table advances its *step*; an action or a new hand names the
//! step it was made at, so a double click or a stale tab cannot act twice.
//!
//! The session also keeps what the person's summary and the seats' HUDs need: each
//! seat's hands as a profile in memory (`hud.rs`), whether study mode was on in each
//! hand, the hands the person abandoned (left in the middle: played out as check or
//! fold, so that their chips count), and the biggest pots.
use crate::choice::Choice;
use crate::hud::add_hand;
use crate::narrate::narrate;
use crate::spec::{bot_name_clash, person_name};
use crate::{PlayError, SpecError, TableSpec};
use loki_agent::{hand_delta, player_seed, seat_names, Roster, Seat};
use loki_bot::{DecisionTrace, LokiConfig, LokiPlayer};
use loki_cards::{rng_from_seed, Deck, LokiRng};
use loki_engine::Stakes;
use loki_engine::{
    Action, Chips, Deal, DealError, EngineError, GameConfig, HandRecord, HandState, Phase, Player,
    Table,
};
use loki_store::{HandDelta, HandResult, Profile};
use serde::Serialize;
use std::collections::VecDeque;

/// The person's seat.
pub const PERSON: usize = 0;

/// Completed hands kept for the history download (ours; older hands are dropped).
pub const MAX_HISTORY: usize = 5_000;

/// Biggest pots kept for the summary (ours).
pub const BIGGEST_POTS: usize = 5;

/// How a finished hand was played, beside its record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct HandMeta {
    /// Study mode was on at some point of the hand.
    pub study: bool,
    /// The person left in the middle of it (the rest was played as check or fold).
    pub abandoned: bool,
}

/// One of the session's biggest pots.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BigPot {
    /// The hand's number, from 1.
    pub hand: u64,
    /// Chips in the pot.
    pub pot: Chips,
    /// The person's net in the hand.
    pub net: Chips,
    /// Who won it, in words.
    pub result: Vec<String>,
}

/// Who sits in a seat.
pub(crate) enum Occupant {
    /// The person.
    Person,
    /// A bot: a Loki-family player (its decisions are traced and its models shown) or a
    /// simple one (call, raise, random).
    Bot(Box<Seat>),
}

/// The hand being played or the last one played.
pub(crate) struct Hand {
    /// The hand number (from 0).
    pub(crate) number: u64,
    pub(crate) state: HandState,
    deal: Deal,
    /// The seat of each position.
    pub(crate) seats: Vec<usize>,
    /// Events already passed to the bots.
    seen: usize,
    /// Each seat's last decision trace in this hand (Loki players only).
    pub(crate) traces: Vec<Option<DecisionTrace>>,
    finished: bool,
    /// Study mode was on at some point of the hand.
    pub(crate) study: bool,
    /// The person left in the middle of the hand.
    abandoned: bool,
}

impl Hand {
    /// The position of a seat in this hand.
    pub(crate) fn position_of(&self, seat: usize) -> Option<usize> {
        self.seats.iter().position(|&s| s == seat)
    }
}

/// One person's table.
pub struct Session {
    pub(crate) game: GameConfig,
    pub(crate) occupants: Vec<Occupant>,
    pub(crate) names: Vec<String>,
    pub(crate) kinds: Vec<String>,
    rng: LokiRng,
    pub(crate) hand: Option<Hand>,
    hands_started: u64,
    pub(crate) step: u64,
    history: VecDeque<(HandRecord, HandMeta)>,
    /// Session net chips by seat.
    pub(crate) net: Vec<Chips>,
    /// The person's session net after each hand.
    pub(crate) bankroll: Vec<Chips>,
    pub(crate) show_model: bool,
    /// Study mode: the bots' own strength and rule shown during the hand.
    pub(crate) study: bool,
    profile_updates: Vec<HandDelta>,
    pub(crate) window: usize,
    /// The person's stored profile at the start of the session.
    pub(crate) known: Option<Profile>,
    /// Each seat's hands in this session, as a profile (the HUD).
    pub(crate) huds: Vec<Profile>,
    /// Hands played with study mode on.
    study_hands: usize,
    /// Hands the person abandoned.
    abandoned_hands: usize,
    /// The biggest pots, biggest first.
    biggest: Vec<BigPot>,
    /// The stakes (a hand of fewer players than seats is played at them).
    pub(crate) stakes: Stakes,
    /// Which seats are dealt into the next hand: every bot, and each person who is
    /// seated and not sitting out (`room.rs`); at a one-person table, every seat.
    pub(crate) present: Vec<bool>,
    /// Whether this is a room (several people, `room.rs`): study mode is off and a
    /// hand deals only the seats present.
    pub(crate) room: bool,
    /// Each seat's session net after each hand it was dealt into (people only).
    pub(crate) bankrolls: Vec<Vec<Chips>>,
    /// Hands finished.
    finished_hands: usize,
    /// A room's person seats that someone has taken (`room.rs`).
    pub(crate) taken: Vec<bool>,
    /// Every kind of bot the roster knows (a person may not take one as a name).
    pub(crate) known_kinds: Vec<String>,
    /// A room's finished hands' results for the bankroll board, not yet taken.
    results: Vec<HandResult>,
    /// Each seat's net when its person sat down (a room's seat may change hands).
    pub(crate) net_from: Vec<Chips>,
}

impl Session {
    /// A table for `spec` under a Loki configuration. With the person's stored `profile`,
    /// every Loki player's model of the person starts from its statistics.
    ///
    /// # Errors
    /// A bad spec: seats, bots, stakes or name (a bot's name is refused).
    pub fn new(
        spec: &TableSpec,
        config: LokiConfig,
        profile: Option<&Profile>,
    ) -> Result<Session, SpecError> {
        let game = spec.stakes.game(spec.seats)?;
        let person = person_name(&spec.person)?;
        let roster = Roster::new(config)?;
        let listed = roster.expand(&spec.bots)?;
        let free = spec.seats - 1;
        if listed.is_empty() || listed.len() > free {
            return Err(SpecError::Bots {
                bots: listed.len(),
                free,
                seats: spec.seats,
            });
        }
        let bot_kinds: Vec<String> = (0..free)
            .map(|i| listed[i % listed.len()].clone())
            .collect();
        let window = roster.know.config.model.window;
        let bot_names = seat_names(&bot_kinds);
        let kinds_known = roster.names();
        if let Some(bot) =
            bot_name_clash(&person, kinds_known.iter().map(String::as_str), &bot_names)
        {
            return Err(SpecError::BotName { name: person, bot });
        }
        let mut names = vec![person];
        names.extend(bot_names);
        let mut kinds = vec!["you".to_string()];
        kinds.extend(bot_kinds.iter().cloned());
        let mut occupants = vec![Occupant::Person];
        for seat in 1..spec.seats {
            let (kind, name) = (&kinds[seat], &names[seat]);
            let seed = player_seed(spec.seed, 0, seat);
            let mut bot = Seat::build(&roster, kind, name, seed)?;
            if let Some(p) = profile {
                bot.know(PERSON, p, window);
            }
            occupants.push(Occupant::Bot(Box::new(bot)));
        }
        let huds = names.iter().map(|n| Profile::empty(n)).collect();
        Ok(Session {
            game,
            occupants,
            net: vec![0; spec.seats],
            huds,
            known: profile.cloned(),
            study: spec.study,
            study_hands: 0,
            abandoned_hands: 0,
            biggest: Vec::new(),
            stakes: spec.stakes,
            present: vec![true; spec.seats],
            room: false,
            bankrolls: vec![Vec::new(); spec.seats],
            finished_hands: 0,
            taken: vec![false; spec.seats],
            known_kinds: kinds_known,
            results: Vec::new(),
            net_from: vec![0; spec.seats],
            names,
            kinds,
            rng: rng_from_seed(spec.seed),
            hand: None,
            hands_started: 0,
            step: 0,
            history: VecDeque::new(),
            bankroll: Vec::new(),
            show_model: spec.show_model,
            profile_updates: Vec::new(),
            window,
        })
    }

    /// The step: advanced by every change of the table.
    pub fn step(&self) -> u64 {
        self.step
    }
    /// The game.
    pub fn game(&self) -> &GameConfig {
        &self.game
    }
    /// Names by seat (the person's first).
    pub fn names(&self) -> &[String] {
        &self.names
    }
    /// Kinds by seat (`you` for the person).
    pub fn kinds(&self) -> &[String] {
        &self.kinds
    }
    /// The person's name (the key of the person's profile).
    pub fn person_name(&self) -> &str {
        &self.names[PERSON]
    }
    /// Hands finished.
    pub fn hands_played(&self) -> usize {
        self.finished_hands
    }
    /// Whether a hand is in progress (it then waits for the person).
    pub fn in_progress(&self) -> bool {
        self.hand.as_ref().is_some_and(|h| !h.state.is_complete())
    }
    /// Whether the person is to act.
    pub fn is_person_turn(&self) -> bool {
        self.seat_to_act() == Some(PERSON)
    }
    /// The seat to act in the hand in progress.
    pub fn seat_to_act(&self) -> Option<usize> {
        let h = self.hand.as_ref()?;
        h.state.to_act().and_then(|p| h.seats.get(p).copied())
    }
    /// Whether the model view is on.
    pub fn show_model(&self) -> bool {
        self.show_model
    }
    /// Turns the model view on or off (the game does not change).
    pub fn set_show_model(&mut self, on: bool) {
        self.show_model = on;
    }
    /// Whether study mode is on.
    pub fn study(&self) -> bool {
        self.study
    }
    /// Turns study mode on or off; a hand in which it was on at any moment is recorded
    /// as played in study mode.
    pub fn set_study(&mut self, on: bool) {
        self.study = on && !self.room;
        if let Some(h) = self.hand.as_mut().filter(|h| !h.finished) {
            h.study |= on;
        }
    }
    /// Hands played with study mode on.
    pub fn study_hands(&self) -> usize {
        self.study_hands
    }
    /// Hands the person abandoned.
    pub fn abandoned_hands(&self) -> usize {
        self.abandoned_hands
    }
    /// The biggest pots of the session, biggest first.
    pub fn biggest_pots(&self) -> &[BigPot] {
        &self.biggest
    }
    /// The big blind.
    pub fn big_blind(&self) -> Chips {
        self.game.big_blind()
    }
    /// Session net chips by seat.
    pub fn net(&self) -> &[Chips] {
        &self.net
    }
    /// The recent-action window of the Loki players' statistics (for the profile store).
    pub fn window(&self) -> usize {
        self.window
    }
    /// The Loki player in a seat.
    pub fn loki(&self, seat: usize) -> Option<&LokiPlayer> {
        match self.occupants.get(seat) {
            Some(Occupant::Bot(b)) => b.loki(),
            _ => None,
        }
    }
    /// The finished hands kept (the last [`MAX_HISTORY`]), oldest first. Records hold
    /// every seat's cards: give people [`crate::history::person_phh`] instead.
    pub fn history(&self) -> impl Iterator<Item = &HandRecord> {
        self.history.iter().map(|(r, _)| r)
    }
    /// The finished hands kept with how each was played.
    pub fn history_with_meta(&self) -> impl Iterator<Item = &(HandRecord, HandMeta)> {
        self.history.iter()
    }
    /// What the finished hands add to the person's profile since the last call (one
    /// delta per hand, keyed by the person's name).
    pub fn take_profile_updates(&mut self) -> Vec<HandDelta> {
        std::mem::take(&mut self.profile_updates)
    }
    /// A room's results for the bankroll board since the last call: for each finished
    /// hand, each person dealt in by name and each bot by kind (a one-person table has
    /// none).
    pub fn take_results(&mut self) -> Vec<HandResult> {
        std::mem::take(&mut self.results)
    }

    fn check_step(&self, step: u64) -> Result<(), PlayError> {
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
            let view = state.view(p);
            match &mut self.occupants[seat] {
                Occupant::Bot(b) => b.begin_hand(&view),
                Occupant::Person => {}
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
            let action = if h.state.amount_to_call(p) == 0 {
                Action::Call
            } else {
                Action::Fold
            };
            self.apply_person(action)?;
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
                    let view = state.view(p);
                    match &mut self.occupants[seat] {
                        Occupant::Bot(b) => b.observe(e, &view),
                        Occupant::Person => {}
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

    /// Ends a completed hand once: the bots' `end_hand`, the record, the bankroll and the
    /// person's profile delta.
    fn finish(&mut self) -> Result<(), PlayError> {
        let Some(hand) = self.hand.as_mut() else {
            return Ok(());
        };
        if hand.finished || !hand.state.is_complete() {
            return Ok(());
        }
        hand.finished = true;
        let state = &hand.state;
        for (p, &seat) in hand.seats.iter().enumerate() {
            let view = state.view(p);
            match &mut self.occupants[seat] {
                Occupant::Bot(b) => b.end_hand(&view),
                Occupant::Person => {}
            }
        }
        let names = names_by_position(&hand.seats, &self.names);
        let n = names.len();
        let record =
            HandRecord::from_state(state, names, hand.number).ok_or(EngineError::PlayerCount {
                expected: n,
                got: 0,
            })?;
        let big_blind = state.config().big_blind();
        for (p, &seat) in hand.seats.iter().enumerate() {
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
        for &seat in &hand.seats {
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
            let me = hand.position_of(PERSON).unwrap_or(0);
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

/// Check when it costs nothing, else fold: the action of a person who is not there
/// (sitting out, out of time, or gone).
pub(crate) fn free_or_fold(state: &HandState, position: usize) -> Action {
    if state.amount_to_call(position) == 0 {
        Action::Call
    } else {
        Action::Fold
    }
}

/// The names by position of a hand.
pub(crate) fn names_by_position(seats: &[usize], names: &[String]) -> Vec<String> {
    seats.iter().map(|&s| names[s].clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(bots: &str, seats: usize, seed: u64) -> Session {
        let mut spec = TableSpec::new("Ann", seed);
        spec.bots = bots.to_string();
        spec.seats = seats;
        Session::new(&spec, LokiConfig::default(), None).unwrap()
    }

    /// Plays `hands` hands with a fixed policy; returns every action taken.
    fn play(s: &mut Session, hands: usize, policy: impl Fn(&Session) -> Action) -> Vec<Action> {
        let mut taken = Vec::new();
        for _ in 0..hands {
            s.next_hand(s.step()).unwrap();
            while s.in_progress() {
                let a = policy(s);
                s.act(PERSON, a, s.step()).unwrap();
                taken.push(a);
            }
        }
        taken
    }

    fn legal(s: &Session) -> loki_engine::LegalActions {
        s.hand.as_ref().unwrap().state.legal_actions()
    }

    #[test]
    fn the_bots_fill_the_seats_in_order() {
        let s = session("SOM,call", 5, 1);
        assert_eq!(s.kinds(), ["you", "SOM", "call", "SOM", "call"]);
        assert_eq!(s.names(), ["Ann", "SOM-1", "call-1", "SOM-2", "call-2"]);
        assert!(s.loki(1).is_some() && s.loki(2).is_none());
        let mut spec = TableSpec::new("Ann", 1);
        spec.seats = 3;
        spec.bots = "SOM,GOM,BPM".into();
        assert!(matches!(
            Session::new(&spec, LokiConfig::default(), None),
            Err(SpecError::Bots {
                bots: 3,
                free: 2,
                ..
            })
        ));
        spec.bots = "nobody".into();
        assert!(matches!(
            Session::new(&spec, LokiConfig::default(), None),
            Err(SpecError::Roster(_))
        ));
        spec.bots = "SOM".into();
        spec.person = "<b>".into();
        assert!(matches!(
            Session::new(&spec, LokiConfig::default(), None),
            Err(SpecError::Name(_))
        ));
    }

    #[test]
    fn hands_are_zero_sum_and_the_button_moves() {
        let mut s = session("SOM,GOM,BPM", 4, 7);
        play(&mut s, 12, |s| {
            if legal(s).raise {
                Action::Raise
            } else {
                Action::Call
            }
        });
        assert_eq!(s.hands_played(), 12);
        assert_eq!(s.net().iter().sum::<Chips>(), 0);
        for (h, r) in s.history().enumerate() {
            assert_eq!(r.net.iter().sum::<Chips>(), 0);
            assert_eq!(r.seats, (0..4).map(|p| (p + h) % 4).collect::<Vec<_>>());
        }
        assert_eq!(*s.bankroll.last().unwrap(), s.net()[PERSON]);
        assert_eq!(s.take_profile_updates().len(), 12);
        assert!(s.take_profile_updates().is_empty());
    }

    #[test]
    fn one_seed_gives_one_session() {
        let run = |seed| {
            let mut s = session("SOM,LOKI2,random", 4, seed);
            play(&mut s, 8, |s| {
                if legal(s).fold && s.step() % 3 == 0 {
                    Action::Fold
                } else {
                    Action::Call
                }
            });
            s.history().cloned().collect::<Vec<_>>()
        };
        assert_eq!(run(3), run(3));
        assert_ne!(run(3), run(4));
    }

    #[test]
    fn refused_requests_change_nothing() {
        let mut s = session("SOM,GOM", 3, 11);
        // No hand yet.
        assert_eq!(s.act(PERSON, Action::Call, 0), Err(PlayError::NoHand));
        s.next_hand(0).unwrap();
        // Play until the person may not fold for free or the hand ends; find a turn.
        let mut guard = 0;
        while !s.is_person_turn() {
            s.next_hand(s.step()).unwrap();
            guard += 1;
            assert!(guard < 50);
        }
        let before = (s.step(), s.hand.as_ref().unwrap().state.events().to_vec());
        let step = s.step();
        let snapshot = |s: &Session| (s.step(), s.hand.as_ref().unwrap().state.events().to_vec());
        for seat in [1, 2, 3, 99] {
            assert_eq!(
                s.act(seat, Action::Call, step),
                Err(PlayError::NotYourSeat { seat, yours: 0 })
            );
        }
        assert_eq!(
            s.act(PERSON, Action::Call, step + 1),
            Err(PlayError::Stale {
                current: step,
                got: step + 1
            })
        );
        assert!(matches!(
            s.act(PERSON, Action::Call, step.wrapping_sub(1)),
            Err(PlayError::Stale { .. })
        ));
        assert_eq!(s.next_hand(step), Err(PlayError::HandInProgress));
        let l = legal(&s);
        for a in Action::ALL.into_iter().filter(|a| !l.contains(*a)) {
            assert!(matches!(
                s.act(PERSON, a, step),
                Err(PlayError::Illegal { action, .. }) if action == a
            ));
        }
        assert_eq!(snapshot(&s), before);
        // A legal action goes through; the same request again is stale.
        s.act(PERSON, Action::Call, step).unwrap();
        assert!(matches!(
            s.act(PERSON, Action::Call, step),
            Err(PlayError::Stale { .. })
        ));
    }

    #[test]
    fn a_finished_hand_refuses_actions_until_the_next_deal() {
        let mut s = session("call", 2, 5);
        s.next_hand(0).unwrap();
        while s.in_progress() {
            s.act(PERSON, Action::Call, s.step()).unwrap();
        }
        let step = s.step();
        assert_eq!(s.act(PERSON, Action::Call, step), Err(PlayError::NoHand));
        assert_eq!(s.step(), step);
        s.next_hand(step).unwrap();
        assert_eq!(s.hands_played(), 1);
    }
}
