//! [`SeatedPlayer`]: one player for the length of a match, as every driver plays it (the
//! tournament, the network client and the loopback match, the person's table, the web,
//! LBR's opponent, the bench). It holds the player (a Loki-family player, whose decisions
//! are traced and whose models can be read, or a simple one), and optionally the
//! opponents' profiles ([`ProfileBook`]) that the player loads and saves, a hook that
//! hears every decision's trace and one that hears how long each decision took (the
//! bench); it is the engine's [`Player`], so any table or dealer can seat it. The board analyses
//! the player needs live in the shared knowledge's cache, which lets them go by itself
//! (`loki_bot::board_cache`): no driver manages their lifetime.
use crate::profiles::{stats_from_profile, ProfileBook};
use crate::roster::{Roster, RosterError};
use loki_bot::{DecisionTrace, LokiPlayer};
use loki_engine::{Action, ByAction, Event, Player, PlayerStateError, Round, SeatView};
use loki_store::Profile;
use std::time::{Duration, Instant};

/// Who plays a seat.
pub enum SeatPlayer {
    /// A Loki-family player (BPM ... POKI and configured variants).
    Loki(Box<LokiPlayer>),
    /// A simple player (call, raise, random).
    Simple(Box<dyn Player + Send>),
}

/// What a seat reports as it plays (a trace printer, a log).
pub type DecisionHook = Box<dyn FnMut(&DecisionTrace) + Send>;
/// Where a seat's warnings go as they happen (a profile that did not load or save).
pub type WarningHook = Box<dyn FnMut(&str) + Send>;
/// What a seat reports of the time each decision took: its round and the time spent in
/// the player's `act` plus in its `observe` of the events of that round since its
/// previous decision (the re-weighting of the opponents' tables included).
pub type TimingHook = Box<dyn FnMut(Round, Duration) + Send>;

/// The clock of a timed seat.
struct Clock {
    hook: TimingHook,
    /// Time spent observing since the last decision, in `round`.
    observed: Duration,
    round: Option<Round>,
}

/// One player in one seat for a match, with its profiles.
pub struct SeatedPlayer {
    player: SeatPlayer,
    book: Option<ProfileBook>,
    on_decision: Option<DecisionHook>,
    on_warning: Option<WarningHook>,
    clock: Option<Clock>,
    warnings: Vec<String>,
}

impl SeatedPlayer {
    /// The player of `kind` named `name` with its random seed: a Loki player when the
    /// kind is one, else a simple player.
    ///
    /// # Errors
    /// An unknown kind or a broken variant.
    pub fn build(
        roster: &Roster,
        kind: &str,
        name: &str,
        seed: u64,
    ) -> Result<SeatedPlayer, RosterError> {
        let player = match roster.loki(kind, name, seed) {
            Ok(p) => SeatPlayer::Loki(Box::new(p)),
            Err(RosterError::NotLoki(_)) => SeatPlayer::Simple(roster.make(kind, name, seed)?),
            Err(e) => return Err(e),
        };
        Ok(SeatedPlayer::new(player))
    }
    /// A seat for a player.
    pub fn new(player: SeatPlayer) -> SeatedPlayer {
        SeatedPlayer {
            player,
            book: None,
            on_decision: None,
            on_warning: None,
            clock: None,
            warnings: Vec::new(),
        }
    }
    /// Keeps the opponents' profiles in `book` (loaded as opponents are first seen, saved
    /// after every hand). Only a Loki player loads them; every player's opponents are
    /// recorded.
    pub fn with_profiles(mut self, book: ProfileBook) -> SeatedPlayer {
        self.book = Some(book);
        self
    }
    /// Calls `hook` with the trace of every decision of a Loki player.
    pub fn on_decision(mut self, hook: DecisionHook) -> SeatedPlayer {
        self.on_decision = Some(hook);
        self
    }
    /// Calls `hook` with every warning as it happens (else they wait for
    /// [`SeatedPlayer::take_warnings`]).
    pub fn on_warning(mut self, hook: WarningHook) -> SeatedPlayer {
        self.on_warning = Some(hook);
        self
    }
    /// Calls `hook` with the round and the time of every decision (see [`TimingHook`]).
    pub fn on_timing(mut self, hook: TimingHook) -> SeatedPlayer {
        self.clock = Some(Clock {
            hook,
            observed: Duration::ZERO,
            round: None,
        });
        self
    }
    /// The Loki player, if the seat holds one.
    pub fn loki(&self) -> Option<&LokiPlayer> {
        match &self.player {
            SeatPlayer::Loki(p) => Some(p),
            SeatPlayer::Simple(_) => None,
        }
    }
    /// The Loki player, mutably.
    pub fn loki_mut(&mut self) -> Option<&mut LokiPlayer> {
        match &mut self.player {
            SeatPlayer::Loki(p) => Some(p),
            SeatPlayer::Simple(_) => None,
        }
    }
    /// The trace of the last decision of a Loki player.
    pub fn last_trace(&self) -> Option<&DecisionTrace> {
        self.loki().and_then(LokiPlayer::last_trace)
    }
    /// Starts this player's model of the opponent at `seat` from a stored profile (the
    /// person's profile at a table); `window` is the recent-action window.
    pub fn know(&mut self, seat: loki_engine::Seat, profile: &Profile, window: usize) {
        if let Some(loki) = self.loki_mut() {
            loki.model_mut(seat).stats = stats_from_profile(profile, window);
        }
    }
    /// The profiles kept, if any.
    pub fn profiles(&self) -> Option<&ProfileBook> {
        self.book.as_ref()
    }
    /// Warnings since the last call (profiles that did not load or save), when no
    /// warning hook takes them.
    pub fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings)
    }
    fn warn(&mut self, warnings: Vec<String>) {
        match self.on_warning.as_mut() {
            Some(hook) => warnings.iter().for_each(|w| hook(w)),
            None => self.warnings.extend(warnings),
        }
    }
    fn inner(&mut self) -> &mut dyn Player {
        match &mut self.player {
            SeatPlayer::Loki(p) => p.as_mut(),
            SeatPlayer::Simple(p) => p.as_mut(),
        }
    }
}

impl Player for SeatedPlayer {
    fn name(&self) -> &str {
        match &self.player {
            SeatPlayer::Loki(p) => p.name(),
            SeatPlayer::Simple(p) => p.name(),
        }
    }
    fn begin_hand(&mut self, view: &SeatView<'_>) {
        if let Some(mut book) = self.book.take() {
            let loki = match &mut self.player {
                SeatPlayer::Loki(p) => Some(p.as_mut()),
                SeatPlayer::Simple(_) => None,
            };
            let keep = book.begin_hand(loki, view);
            let warnings = book.take_warnings();
            self.warn(warnings);
            if keep {
                self.book = Some(book);
            }
        }
        if let Some(clock) = self.clock.as_mut() {
            clock.observed = Duration::ZERO;
            clock.round = None;
        }
        self.inner().begin_hand(view);
    }
    fn observe(&mut self, event: &Event, view: &SeatView<'_>) {
        let Some(mut clock) = self.clock.take() else {
            self.inner().observe(event, view);
            return;
        };
        let start = Instant::now();
        self.inner().observe(event, view);
        if clock.round != Some(view.round()) {
            clock.round = Some(view.round());
            clock.observed = Duration::ZERO;
        }
        clock.observed += start.elapsed();
        self.clock = Some(clock);
    }
    fn act(&mut self, view: &SeatView<'_>) -> Action {
        let start = Instant::now();
        let action = self.inner().act(view);
        if let Some(clock) = self.clock.as_mut() {
            let mut took = start.elapsed();
            if clock.round == Some(view.round()) {
                took += clock.observed;
            }
            (clock.hook)(view.round(), took);
            clock.observed = Duration::ZERO;
        }
        if let (Some(hook), SeatPlayer::Loki(p)) = (self.on_decision.as_mut(), &self.player) {
            if let Some(t) = p.last_trace() {
                hook(t);
            }
        }
        action
    }
    fn strategy(&self, view: &SeatView<'_>) -> Option<ByAction<f64>> {
        match &self.player {
            SeatPlayer::Loki(p) => Player::strategy(p.as_ref(), view),
            SeatPlayer::Simple(p) => p.strategy(view),
        }
    }
    fn end_hand(&mut self, view: &SeatView<'_>) {
        self.inner().end_hand(view);
        if let Some(book) = self.book.as_mut() {
            book.end_hand(view);
            let warnings = book.take_warnings();
            self.warn(warnings);
        }
    }
    fn save_state(&self) -> Option<String> {
        match &self.player {
            SeatPlayer::Loki(p) => p.save_state(),
            SeatPlayer::Simple(p) => p.save_state(),
        }
    }
    fn load_state(&mut self, state: &str) -> Result<(), PlayerStateError> {
        self.inner().load_state(state)
    }
}
