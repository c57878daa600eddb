//! The fixed-limit Texas Hold'em rules engine of loki: a pure state machine for one hand
//! ([`HandState`]), its events ([`Event`], the single source of truth), a per-seat view
//! ([`SeatView`]), the [`Player`] trait with simple players, and a [`Table`] loop.
//!
//! Seating convention (ACPC position numbering, used everywhere in loki): in a hand,
//! position 0 is the small blind, position 1 the big blind and position 2 acts first
//! pre-flop; after the flop the first live player from position 0 acts first. Heads-up
//! follows the ACPC reverse-blinds game: position 0 is the big blind, position 1 is the
//! button and small blind and acts first pre-flop, and position 0 acts first after the
//! flop. The seat of position `p` in hand `h` is `(p + h) mod N`.
//!
//! Odd chips: a split pot's indivisible remainder goes to the first winner in position
//! order (= PHH player order, PokerKit's rule).
//!
//! ```
//! use loki_engine::{GameConfig, HandState, Action, Phase};
//! use loki_cards::HoleCards;
//! let config = GameConfig::limit(2, 1, 2, 2, 4).unwrap();
//! let mut hand = HandState::new(&config).unwrap();
//! hand.deal_hole(0, "AsKd".parse().unwrap()).unwrap();
//! hand.deal_hole(1, "7c2h".parse().unwrap()).unwrap();
//! assert_eq!(hand.phase(), Phase::Act(1)); // heads-up: the button (small blind) acts first
//! hand.apply(Action::Fold).unwrap();
//! assert_eq!(hand.result().unwrap().net, vec![1, -1]);
//! ```
#![forbid(unsafe_code)]

mod action;
mod config;
mod error;
mod event;
mod players;
mod pot;
mod record;
mod registry;
mod state;
mod table;
mod view;

pub use action::{Action, LegalActions, Round};
pub use config::{Chips, GameConfig, GameSpec, RuleOptions};
pub use error::{ActionError, ConfigError, DealError, EngineError};
pub use event::{ActionEvent, Event, ShownHand};
pub use players::{CallPlayer, Player, PlayerStateError, RaisePlayer, RandomPlayer};
pub use pot::{acpc_values, split_pots, PotShare};
pub use record::HandRecord;
pub use registry::{PlayerEntry, PlayerRegistry, PlayerSpec, SpecError};
pub use state::{HandResult, HandState, Phase};
pub use table::{play_hand, play_hand_seated, Deal, Table};
pub use view::SeatView;
