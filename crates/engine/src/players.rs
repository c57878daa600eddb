//! The [`Player`] trait and the simple players: `call`, `raise` and `random`.
use crate::{Action, Event, SeatView};
use loki_cards::{rng_from_seed, uniform_below, LokiRng};

/// A participant at the table. Players see only their [`SeatView`]; every public event,
/// their own actions included, is passed to [`Player::observe`].
pub trait Player {
    /// The player's name (used in histories).
    fn name(&self) -> &str;
    /// A hand starts (blinds posted, my cards dealt).
    fn begin_hand(&mut self, view: &SeatView<'_>) {
        let _ = view;
    }
    /// An event I may see happened; `view` is the state after it.
    fn observe(&mut self, event: &Event, view: &SeatView<'_>) {
        let _ = (event, view);
    }
    /// My turn: choose a legal action.
    fn act(&mut self, view: &SeatView<'_>) -> Action;
    /// The hand is over (`view.result()` holds the outcome).
    fn end_hand(&mut self, view: &SeatView<'_>) {
        let _ = view;
    }
    /// What the player has learned and any random state, as text, between hands (for
    /// checkpoints); `None` for a player without state.
    fn save_state(&self) -> Option<String> {
        None
    }
    /// Restores a [`Player::save_state`] text.
    ///
    /// # Errors
    /// A text this player cannot read.
    fn load_state(&mut self, state: &str) -> Result<(), PlayerStateError> {
        let _ = state;
        Ok(())
    }
}

/// A saved player state that the player cannot read (the player's own explanation).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot restore the player's state: {0}")]
pub struct PlayerStateError(pub String);

/// Always checks or calls.
#[derive(Debug, Clone)]
pub struct CallPlayer {
    name: String,
}

impl CallPlayer {
    /// A calling station with a name.
    pub fn new(name: impl Into<String>) -> CallPlayer {
        CallPlayer { name: name.into() }
    }
}

impl Player for CallPlayer {
    fn name(&self) -> &str {
        &self.name
    }
    fn act(&mut self, _view: &SeatView<'_>) -> Action {
        Action::Call
    }
}

/// Bets or raises whenever legal, else calls.
#[derive(Debug, Clone)]
pub struct RaisePlayer {
    name: String,
}

impl RaisePlayer {
    /// A maniac with a name.
    pub fn new(name: impl Into<String>) -> RaisePlayer {
        RaisePlayer { name: name.into() }
    }
}

impl Player for RaisePlayer {
    fn name(&self) -> &str {
        &self.name
    }
    fn act(&mut self, view: &SeatView<'_>) -> Action {
        if view.legal_actions().raise {
            Action::Raise
        } else {
            Action::Call
        }
    }
}

/// Chooses uniformly among the legal actions with its own seeded generator.
#[derive(Debug, Clone)]
pub struct RandomPlayer {
    name: String,
    rng: LokiRng,
}

impl RandomPlayer {
    /// A random player with a name and a seed.
    pub fn new(name: impl Into<String>, seed: u64) -> RandomPlayer {
        RandomPlayer {
            name: name.into(),
            rng: rng_from_seed(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> &str {
        &self.name
    }
    fn act(&mut self, view: &SeatView<'_>) -> Action {
        let legal = view.legal_actions().to_vec();
        if legal.is_empty() {
            return Action::Call;
        }
        legal[uniform_below(&mut self.rng, legal.len() as u32) as usize]
    }
    fn save_state(&self) -> Option<String> {
        Some(loki_cards::rng_state(&self.rng))
    }
    fn load_state(&mut self, state: &str) -> Result<(), PlayerStateError> {
        self.rng = loki_cards::rng_from_state(state)
            .ok_or_else(|| PlayerStateError("bad random-generator state".into()))?;
        Ok(())
    }
}
