//! [`Agent`]: one player for a match, driven by public views of each hand, the Rust face
//! of Python's `loki.Agent`. It keeps its [`SeatedPlayer`] (and so its opponent models and
//! profiles) across the hands of a match. Each call gives the view of the hand so far
//! ([`PublicView`]: our position and cards, the board, the betting, the cards shown);
//! the hand is rebuilt and extended step by step by the engine replay the ACPC client
//! uses (`loki_history::HandTracker`), so the player observes exactly the events it
//! observes at a table or over the network. A view that does not continue the hand in
//! progress starts the next hand (the one in progress ends first).
use crate::roster::{Roster, RosterError};
use crate::seat::SeatedPlayer;
use loki_cards::{Card, HoleCards};
use loki_engine::{Action, GameConfig, Player, Round};
use loki_engine::{ByPosition, Position};
use loki_history::{HandTracker, MatchState, RebuildError};

/// The hand as one position sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicView {
    /// Our position in this hand (0 = small blind; heads-up the engine's reverse blinds).
    pub position: Position,
    /// Our cards.
    pub hole: HoleCards,
    /// The board so far (at least as far as the betting reaches).
    pub board: Vec<Card>,
    /// The actions of each round reached (at least one round).
    pub betting: Vec<Vec<Action>>,
    /// Cards shown, by position (`None` where hidden; may be shorter than the table).
    pub holes: ByPosition<Option<HoleCards>>,
}

impl PublicView {
    /// The state our position receives over the ACPC protocol, as hand `hand` of a table
    /// of `n` seats.
    pub(crate) fn match_state(&self, n: usize, hand: u32) -> Result<MatchState, AgentError> {
        let rounds = self.betting.len().max(1);
        let Some(&round) = Round::ALL.get(rounds - 1) else {
            return Err(AgentError::Rounds(rounds));
        };
        if self.board.len() < round.board_len() {
            return Err(AgentError::Board {
                round,
                cards: self.board.len(),
            });
        }
        let board = Round::ALL[1..rounds]
            .iter()
            .map(|r| self.board[r.dealt_range()].to_vec())
            .collect();
        let mut holes: ByPosition<Option<HoleCards>> = Position::all(n)
            .map(|p| self.holes.get(p).copied().flatten())
            .collect();
        if let Some(h) = holes.get_mut(self.position) {
            *h = Some(self.hole);
        }
        let mut betting = self.betting.clone();
        if betting.is_empty() {
            betting.push(Vec::new());
        }
        Ok(MatchState {
            position: self.position,
            hand,
            betting,
            holes,
            board,
        })
    }

    /// Whether this view continues `last` (same seat and cards, betting and board
    /// extended).
    fn extends(&self, last: &PublicView) -> bool {
        if self.position != last.position
            || self.hole != last.hole
            || self.betting.len() < last.betting.len()
            || !self.board.starts_with(&last.board)
        {
            return false;
        }
        let Some(k) = last.betting.len().checked_sub(1) else {
            return true;
        };
        self.betting[..k] == last.betting[..k] && self.betting[k].starts_with(&last.betting[k])
    }
}

/// Why a view cannot be played.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AgentError {
    /// A position outside the table.
    #[error("position {position} is not a position of {seats} seats (0 to {})", seats - 1)]
    Position {
        /// The position.
        position: usize,
        /// The seats.
        seats: usize,
    },
    /// Seats that are not a permutation of the table's.
    #[error("seats must give each of the {seats} seats 0 to {} once, got {given:?}", seats - 1)]
    Seats {
        /// The table's seats.
        seats: usize,
        /// What was given.
        given: Vec<usize>,
    },
    /// More rounds than the game has.
    #[error("the betting has {0} rounds; hold'em has 4")]
    Rounds(usize),
    /// A board shorter than the betting reaches.
    #[error("the betting reaches the {round} but the board has {cards} card(s)")]
    Board {
        /// The round the betting reaches.
        round: Round,
        /// Cards given.
        cards: usize,
    },
    /// The view does not replay.
    #[error("the hand does not replay: {0}")]
    Replay(RebuildError),
    /// The first view of a hand that cannot start (another table size, no cards).
    #[error("{0}")]
    Start(RebuildError),
    /// No hand in progress.
    #[error("no hand in progress")]
    NoHand,
    /// Someone else (or nobody) is to act.
    #[error(transparent)]
    NotToAct(#[from] NotToAct),
}

/// Our position is not to act: someone else is, or nobody.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", match .to_act {
    Some(p) => format!("position {position} is not to act: position {p} is"),
    None => "nobody is to act after the betting (the round or the hand is over)".to_string(),
})]
pub struct NotToAct {
    /// Our position.
    pub position: Position,
    /// Who is to act.
    pub to_act: Option<Position>,
}

/// An agent's counters and the current hand's key (what a copy of it restores).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AgentCounts {
    /// Hands begun (the number of the current hand is `begun - 1`).
    pub begun: u32,
    /// Hands ended.
    pub hands: u64,
    /// Decisions made.
    pub decisions: u64,
    /// The current hand's key (`hand` of the view that began or rebuilt it).
    pub hand_key: Option<i64>,
}

/// One player for a match, driven by public views.
pub struct Agent {
    seat: SeatedPlayer,
    game: GameConfig,
    kind: String,
    seed: u64,
    tracker: Option<HandTracker>,
    last: Option<PublicView>,
    counts: AgentCounts,
    /// Whether the current hand has been ended.
    ended: bool,
}

impl Agent {
    /// The player of `kind` named `name` for `game`, with its random seed.
    ///
    /// # Errors
    /// An unknown kind or a broken variant.
    pub fn new(
        roster: &Roster,
        kind: &str,
        name: &str,
        game: GameConfig,
        seed: u64,
    ) -> Result<Agent, RosterError> {
        let kind = roster.canonical(kind)?;
        Ok(Agent::with_seat(
            SeatedPlayer::build(roster, &kind, name, seed)?,
            game,
            &kind,
            seed,
        ))
    }
    /// An agent over a seat already built (with its profiles and hooks).
    pub fn with_seat(seat: SeatedPlayer, game: GameConfig, kind: &str, seed: u64) -> Agent {
        Agent {
            seat,
            game,
            kind: kind.to_string(),
            seed,
            tracker: None,
            last: None,
            counts: AgentCounts::default(),
            ended: false,
        }
    }

    /// Brings the hand up to `view` and returns the player's action (our position must
    /// be to act; an action the rules refuse becomes a call). `seats` gives the table
    /// seat at each position (default: seat = position); `hand` names the hand, so that
    /// a view of the same hand that contradicts what was seen rebuilds it instead of
    /// starting the next.
    ///
    /// # Errors
    /// A bad position or seats, a view that does not replay, or our position not to act.
    pub fn act(
        &mut self,
        view: PublicView,
        seats: Option<Vec<usize>>,
        hand: Option<i64>,
    ) -> Result<Action, AgentError> {
        self.observe(view, seats, hand)?;
        self.decide()
    }

    /// The player's action in the hand as observed so far (our position must be to act;
    /// an action the rules refuse becomes a call).
    ///
    /// # Errors
    /// No hand in progress, or our position not to act.
    pub fn decide(&mut self) -> Result<Action, AgentError> {
        self.my_turn()?;
        let (Some(tracker), seat) = (self.tracker.as_ref(), &mut self.seat) else {
            return Err(AgentError::NoHand);
        };
        let view = tracker.view();
        let mut action = seat.act(&view);
        if !view.legal_actions().contains(action) {
            action = Action::Call;
        }
        self.counts.decisions += 1;
        Ok(action)
    }

    /// The hand in progress, at our decision.
    ///
    /// # Errors
    /// No hand in progress, or our position not to act.
    pub fn my_turn(&self) -> Result<&HandTracker, AgentError> {
        let tracker = self.tracker.as_ref().ok_or(AgentError::NoHand)?;
        if !tracker.is_my_turn() {
            return Err(NotToAct {
                position: tracker.position(),
                to_act: tracker.state().to_act(),
            }
            .into());
        }
        Ok(tracker)
    }

    /// Whether `view` continues the hand in progress, and whether it is of that hand at
    /// all: a view of the same hand (by `hand`) that contradicts what was seen rebuilds
    /// the hand; any other view starts the next one.
    fn follows(&self, view: &PublicView, hand: Option<i64>) -> (bool, bool) {
        let same_key = hand.is_none() || hand == self.counts.hand_key;
        let live = !self.ended && self.tracker.is_some();
        let continues = same_key && live && self.last.as_ref().is_some_and(|l| view.extends(l));
        (continues, continues || (hand.is_some() && same_key && live))
    }

    /// Whether [`Agent::observe`] of `view` (of hand `hand`) ends the hand in progress and
    /// starts the next.
    pub fn starts_hand(&self, view: &PublicView, hand: Option<i64>) -> bool {
        !self.follows(view, hand).1
    }

    /// Brings the hand up to `view` (the player observes what it adds) without a
    /// decision; as [`Agent::act`] for `seats` and `hand`.
    ///
    /// # Errors
    /// A bad position or seats, or a view that does not replay.
    pub fn observe(
        &mut self,
        view: PublicView,
        seats: Option<Vec<usize>>,
        hand: Option<i64>,
    ) -> Result<(), AgentError> {
        let n = self.game.seats();
        if view.position >= Position::new(n) {
            return Err(AgentError::Position {
                position: view.position.index(),
                seats: n,
            });
        }
        let (continues, same_hand) = self.follows(&view, hand);
        if !continues {
            if !same_hand {
                self.end_hand();
                self.counts.begun += 1;
            }
            let seats = match seats {
                Some(s) => {
                    let mut sorted = s.clone();
                    sorted.sort_unstable();
                    if sorted != (0..n).collect::<Vec<_>>() {
                        return Err(AgentError::Seats { seats: n, given: s });
                    }
                    s
                }
                None => (0..n).collect(),
            };
            let ms = view.match_state(n, self.counts.begun - 1)?;
            let seats: ByPosition<loki_engine::Seat> =
                seats.into_iter().map(loki_engine::Seat::new).collect();
            let tracker = HandTracker::start(&self.game, &ms, &seats).map_err(AgentError::Start)?;
            self.seat.begin_hand(&tracker.view());
            self.tracker = Some(tracker);
            self.ended = false;
            self.counts.hand_key = hand;
        }
        let ms = view.match_state(n, self.counts.begun - 1)?;
        let (Some(tracker), seat) = (self.tracker.as_mut(), &mut self.seat) else {
            return Err(AgentError::NoHand);
        };
        let result = tracker.update(&ms, &mut |e, v| seat.observe(e, v));
        self.last = Some(view);
        result.map_err(AgentError::Replay)
    }

    /// Ends the hand in progress, if any and not ended (the player's `end_hand`: its
    /// profiles are saved).
    pub fn end_hand(&mut self) {
        if let (Some(t), false) = (&self.tracker, self.ended) {
            self.seat.end_hand(&t.view());
            self.ended = true;
            self.counts.hands += 1;
        }
    }

    /// The seat (the player, its traces and profiles).
    pub fn seat(&self) -> &SeatedPlayer {
        &self.seat
    }
    /// The seat, to change (its learned state, its profiles).
    pub fn seat_mut(&mut self) -> &mut SeatedPlayer {
        &mut self.seat
    }
    /// The last view of the hand in progress (`None` once the hand has ended).
    pub fn last_view(&self) -> Option<&PublicView> {
        self.last.as_ref().filter(|_| !self.ended)
    }
    /// The hand as rebuilt so far.
    pub fn tracker(&self) -> Option<&HandTracker> {
        self.tracker.as_ref()
    }
    /// The player kind.
    pub fn kind(&self) -> &str {
        &self.kind
    }
    /// The seed of the player's random choices.
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// The game.
    pub fn game(&self) -> &GameConfig {
        &self.game
    }
    /// The counters and the current hand's key.
    pub fn counts(&self) -> AgentCounts {
        self.counts
    }
    /// Sets the counters and the current hand's key (of a copy, as the original's).
    pub fn set_counts(&mut self, counts: AgentCounts) {
        self.counts = counts;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use loki_bot::LokiConfig;

    fn view(position: usize, board: &str, betting: &str) -> PublicView {
        PublicView {
            position: Position::new(position),
            hole: "AdQc".parse().unwrap(),
            board: loki_cards::parse_cards(board).unwrap(),
            betting: loki_history::parse_betting(betting).unwrap(),
            holes: ByPosition::default(),
        }
    }

    fn agent(kind: &str) -> Agent {
        let roster = Roster::new(LokiConfig::default()).unwrap();
        Agent::new(&roster, kind, kind, GameConfig::paper(3).unwrap(), 7).unwrap()
    }

    #[test]
    fn a_hand_is_extended_view_by_view_and_the_next_view_starts_the_next_hand() {
        let mut a = agent("SOM");
        // Position 2 acts first pre-flop at three seats.
        let first = a.act(view(2, "", ""), None, Some(1)).unwrap();
        if first != Action::Fold {
            let line = format!("{}cc/", first.acpc_char());
            a.observe(view(2, "3h4cJh", &line), None, Some(1)).unwrap();
            assert_eq!(a.tracker().unwrap().state().board().len(), 3);
            assert_eq!(a.counts().hands, 0);
        }
        // The next hand: the one in progress ends first.
        a.act(view(2, "", ""), None, Some(2)).unwrap();
        assert_eq!((a.counts().hands, a.counts().decisions), (1, 2));
        a.end_hand();
        a.end_hand();
        assert_eq!(a.counts().hands, 2);
    }

    #[test]
    fn bad_views_are_refused_with_a_reason() {
        let mut a = agent("call");
        assert_eq!(
            a.act(view(3, "", ""), None, None).unwrap_err(),
            AgentError::Position {
                position: 3,
                seats: 3
            }
        );
        assert_eq!(
            a.act(view(0, "", ""), None, None).unwrap_err().to_string(),
            "position 0 is not to act: position 2 is"
        );
        assert!(matches!(
            a.observe(view(2, "3h4c", "ccc/"), None, None),
            Err(AgentError::Board { cards: 2, .. })
        ));
        assert!(matches!(
            a.observe(view(2, "", ""), Some(vec![0, 0, 1]), None),
            Err(AgentError::Seats { .. })
        ));
        assert!(matches!(
            a.observe(view(2, "", "rrrrr"), None, None),
            Err(AgentError::Replay(_))
        ));
    }
}
