//! The [`Player`] trait and the simple players: `call`, `raise`, `random` and `example`
//! (the ACPC reference dealer's example player).
use crate::{Action, ByAction, Event, SeatView};
use loki_cards::{rng_from_seed, uniform_below, uniform_unit, LokiRng};

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
    /// The probabilities with which [`Player::act`] chooses each action in `view`, when
    /// they depend on the view alone (not on what the player has learned or on the rest
    /// of its hand); `None` when they are not known. The reduced estimator corrects the
    /// actions of the players that know theirs (`loki-variance`).
    fn strategy(&self, view: &SeatView<'_>) -> Option<ByAction<f64>> {
        let _ = view;
        None
    }
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
    fn strategy(&self, _view: &SeatView<'_>) -> Option<ByAction<f64>> {
        Some(ByAction::new(0.0, 1.0, 0.0))
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
    fn strategy(&self, view: &SeatView<'_>) -> Option<ByAction<f64>> {
        let mut p = ByAction::new(0.0, 0.0, 0.0);
        p[self.clone().act(view)] = 1.0;
        Some(p)
    }
}

/// Chooses uniformly among the legal actions with its own seeded generator.
#[derive(Debug, Clone)]
pub struct RandomPlayer {
    name: String,
    rng: LokiRng,
}

/// Restores a seeded player's random generator from its saved state.
fn load_rng(rng: &mut LokiRng, state: &str) -> Result<(), PlayerStateError> {
    *rng = loki_cards::rng_from_state(state)
        .ok_or_else(|| PlayerStateError("bad random-generator state".into()))?;
    Ok(())
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
    fn strategy(&self, view: &SeatView<'_>) -> Option<ByAction<f64>> {
        let legal = view.legal_actions().to_vec();
        if legal.is_empty() {
            return Some(ByAction::new(0.0, 1.0, 0.0));
        }
        let mut p = ByAction::new(0.0, 0.0, 0.0);
        for a in legal.iter().copied() {
            p[a] = 1.0 / legal.len() as f64;
        }
        Some(p)
    }
    fn save_state(&self) -> Option<String> {
        Some(loki_cards::rng_state(&self.rng))
    }
    fn load_state(&mut self, state: &str) -> Result<(), PlayerStateError> {
        load_rng(&mut self.rng, state)
    }
}

/// The ACPC reference dealer's example player's probabilities in `view`: fold 0.06, call
/// 0.47, raise 0.47 among the legal actions, the others set to 0 and the rest
/// renormalized (the reference code's `example_player` with its limit game's parameters).
/// A fold when checking is free is not among them (the ACPC protocol refuses it), so with
/// nothing to call it checks or bets half the time each.
pub fn example_probabilities(view: &SeatView<'_>) -> ByAction<f64> {
    let legal = view.legal_actions();
    let mut p = ByAction::new(0.06, 0.47, 0.47);
    for a in Action::ALL {
        let free_fold = a == Action::Fold && view.amount_to_call() == 0;
        if !legal.contains(a) || free_fold {
            p[a] = 0.0;
        }
    }
    let total = p.total();
    if total > 0.0 {
        p.map(|x| x / total)
    } else {
        ByAction::new(0.0, 1.0, 0.0)
    }
}

/// Plays like the ACPC reference dealer's example player: folds 6%, calls 47%, raises
/// 47% (see [`example_probabilities`]), with its own seeded generator.
#[derive(Debug, Clone)]
pub struct ExamplePlayer {
    name: String,
    rng: LokiRng,
}

impl ExamplePlayer {
    /// An example player with a name and a seed.
    pub fn new(name: impl Into<String>, seed: u64) -> ExamplePlayer {
        ExamplePlayer {
            name: name.into(),
            rng: rng_from_seed(seed),
        }
    }
}

impl Player for ExamplePlayer {
    fn name(&self) -> &str {
        &self.name
    }
    fn act(&mut self, view: &SeatView<'_>) -> Action {
        let p = example_probabilities(view);
        let u = uniform_unit(&mut self.rng);
        if u < p.fold() {
            Action::Fold
        } else if u < p.fold() + p.call() {
            Action::Call
        } else {
            Action::Raise
        }
    }
    fn strategy(&self, view: &SeatView<'_>) -> Option<ByAction<f64>> {
        Some(example_probabilities(view))
    }
    fn save_state(&self) -> Option<String> {
        Some(loki_cards::rng_state(&self.rng))
    }
    fn load_state(&mut self, state: &str) -> Result<(), PlayerStateError> {
        load_rng(&mut self.rng, state)
    }
}
