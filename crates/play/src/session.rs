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
//!
//! Here: the table and what it shows. The hand's types are in `hand.rs`, the deal and the
//! betting in `betting.rs`, a finished hand's settling in `settle.rs`.
use crate::hand::{BigPot, Hand, HandMeta, Occupant};
use crate::spec::{bot_name_clash, person_name};
use crate::{SpecError, TableSpec};
use loki_agent::{player_seed, seat_names, Roster, SeatedPlayer};
use loki_bot::{LokiConfig, LokiPlayer};
use loki_cards::{rng_from_seed, LokiRng};
use loki_engine::{Chips, GameConfig, HandRecord, Seat, Stakes};
use loki_store::{HandDelta, HandResult, Profile};
use std::collections::VecDeque;

/// The person's seat.
pub const PERSON: usize = 0;

/// Completed hands kept for the history download (ours; older hands are dropped).
pub const MAX_HISTORY: usize = 5_000;

/// Biggest pots kept for the summary (ours).
pub const BIGGEST_POTS: usize = 5;

/// One person's table.
pub struct Session {
    pub(crate) game: GameConfig,
    pub(crate) occupants: Vec<Occupant>,
    pub(crate) names: Vec<String>,
    pub(crate) kinds: Vec<String>,
    pub(crate) rng: LokiRng,
    pub(crate) hand: Option<Hand>,
    pub(crate) hands_started: u64,
    pub(crate) step: u64,
    pub(crate) history: VecDeque<(HandRecord, HandMeta)>,
    /// Session net chips by seat.
    pub(crate) net: Vec<Chips>,
    /// The person's session net after each hand.
    pub(crate) bankroll: Vec<Chips>,
    pub(crate) show_model: bool,
    /// Study mode: the bots' own strength and rule shown during the hand.
    pub(crate) study: bool,
    pub(crate) profile_updates: Vec<HandDelta>,
    pub(crate) window: usize,
    /// The person's stored profile at the start of the session.
    pub(crate) known: Option<Profile>,
    /// Each seat's hands in this session, as a profile (the HUD).
    pub(crate) huds: Vec<Profile>,
    /// Hands played with study mode on.
    pub(crate) study_hands: usize,
    /// Hands the person abandoned.
    pub(crate) abandoned_hands: usize,
    /// The biggest pots, biggest first.
    pub(crate) biggest: Vec<BigPot>,
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
    pub(crate) finished_hands: usize,
    /// A room's person seats that someone has taken (`room.rs`).
    pub(crate) taken: Vec<bool>,
    /// Every kind of bot the roster knows (a person may not take one as a name).
    pub(crate) known_kinds: Vec<String>,
    /// A room's finished hands' results for the bankroll board, not yet taken.
    pub(crate) results: Vec<HandResult>,
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
            let mut bot = SeatedPlayer::build(&roster, kind, name, seed)?;
            if let Some(p) = profile {
                bot.know(Seat::new(PERSON), p, window);
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
        self.hand.as_ref().is_some_and(|h| !h.state().is_complete())
    }
    /// The seat to act in the hand in progress.
    pub fn seat_to_act(&self) -> Option<usize> {
        let h = self.hand.as_ref()?;
        h.state().to_act().map(|p| h.seat_of(p))
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
}

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
