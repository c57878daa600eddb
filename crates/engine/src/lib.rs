//! The fixed-limit Texas Hold'em rules engine of loki: a pure state machine for one hand
//! ([`HandState`]), its events ([`Event`], the single source of truth), a per-seat view
//! ([`SeatView`]), the [`Player`] trait with simple players, and a [`Table`] loop.
//!
//! Seating convention (ACPC position numbering, used everywhere in loki): in a hand,
//! position 0 is the small blind, position 1 the big blind and position 2 acts first
//! pre-flop; after the flop the first live player from position 0 acts first. Heads-up
//! follows the ACPC reverse-blinds game: position 0 is the big blind, position 1 is the
//! button and small blind and acts first pre-flop, and position 0 acts first after the
//! flop. The seat of position `p` in hand `h` is `(p + h) mod N`. A position is a
//! [`Position`], a seat a [`Seat`]: neither passes for the other or for a number.
//!
//! Odd chips: a split pot's indivisible remainder goes to the first winner in position
//! order (= PHH player order), and the pots are formed as PokerKit 0.7.7 forms them:
//! after mucking the hands that win no pot, so side pots that the same hands win are
//! one pot ([`split_pots`]).
//!
//! # All-ins
//!
//! With finite stacks ([`GameSpec::stacks`]) a player may go all-in for less than a full
//! bet or raise. The rule is PokerKit 0.7.7's for fixed-limit hold'em (`pokerkit.state`,
//! the reference of our PHH histories), checked decision by decision on PokerKit's own
//! betting trees (`tests/pokerkit_trees.rs`, written by `scripts/pokerkit_trees.py`) and
//! pinned case by case in `tests/short_all_ins.rs`. In each betting round:
//!
//! - A bet or raise puts the bet to at most the current bet plus the round's bet size; a
//!   player with fewer chips goes all-in for less. Its *increment* is the amount by which
//!   it raises the current bet; the round's *full raise* is the largest increment so far
//!   (0 when the round starts: the blinds do not count).
//! - A bet or raise whose increment is at least the full raise is *full* and reopens the
//!   betting for everyone. So the first bet or raise of a round is full even when it is
//!   an all-in for less than a bet, pre-flop too (an all-in to 5 over a big blind of 4
//!   with a bet of 4 reopens it, and the next raise goes to 9).
//! - A smaller increment, an all-in short of a full raise (less than half a bet, half, or
//!   more: no difference), does not reopen the betting for the players who have acted
//!   since the last full bet or raise: they may only call or fold. Consecutive short
//!   all-ins that add up to a full raise reopen it; a later short all-in closes it again
//!   for those who acted. Players who have not acted since the last full bet or raise may
//!   raise (a full bet size over the current bet).
//! - A player may raise only if they owe at least the full raise, have chips beyond a
//!   call, and some opponent still in the hand could put in more than the current bet.
//! - Every bet or raise counts toward the cap, a short all-in too.
//! - When a round starts, players who cannot lose more chips (their bet already covers
//!   all that any other live player could put in) do not act in it, nor does a lone player left with
//!   chips who already has the largest bet. Later in the round a player who has not acted
//!   is asked even when everyone else is all-in: pre-flop the big blind then checks.
//!
//! ```
//! use loki_engine::{GameConfig, HandState, Action, Phase, Position};
//! use loki_cards::HoleCards;
//! let config = GameConfig::paper(2).unwrap();
//! let mut hand = HandState::new(&config).unwrap();
//! hand.deal_hole(Position::new(0), "AsKd".parse().unwrap()).unwrap();
//! hand.deal_hole(Position::new(1), "7c2h".parse().unwrap()).unwrap();
//! // heads-up: the button (small blind) acts first
//! assert_eq!(hand.phase(), Phase::Act(Position::new(1)));
//! hand.apply(Action::Fold).unwrap();
//! assert_eq!(hand.result().unwrap().net, vec![1, -1]);
//! ```
#![forbid(unsafe_code)]

mod action;
mod by_action;
mod config;
mod context;
pub mod digest;
mod driver;
mod error;
mod event;
mod players;
mod position;
mod pot;
mod profile;
mod record;
mod seat;
mod spec;
mod stakes;
mod state;
mod table;
mod view;

pub use action::{Action, LegalActions, Round};
pub use by_action::ByAction;
pub use config::{Chips, GameConfig, GameSpec, RuleOptions};
pub use context::{ActionCounts, ByContext, Context};
pub use driver::{show, Deal, HandDriver, Seating, Step};
pub use error::{ActionError, ConfigError, DealError, EngineError};
pub use event::{ActionEvent, Event, ShownHand};
pub use players::{
    example_probabilities, CallPlayer, ExamplePlayer, Player, PlayerStateError, RaisePlayer,
    RandomPlayer,
};
pub use position::{ByPosition, Position};
pub use pot::{acpc_values, split_pots, PotShare};
pub use profile::{ratio, HandDelta, Hud, Observation, Profile};
pub use record::{net_by_seat, HandRecord, PlayedHand};
pub use seat::{BySeat, Seat};
pub use spec::{PlayerEntry, PlayerSpec, SpecError};
pub use stakes::{parse_stacks, Stakes, StakesError, MAX_STAKE};
pub use state::{HandResult, HandState, Phase};
pub use table::{play_hand, play_hand_seated, Table};
pub use view::SeatView;
