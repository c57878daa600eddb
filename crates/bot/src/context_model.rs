//! Action frequencies in context (ours; the paper's "Conclusions": "Much of the relevant
//! context was ignored for simplicity, such as combinations of actions within the same
//! betting round"; Papp §7.1 considered and set aside 108 contexts for lack of data). The
//! model that predicted real IRC players best (`loki irc eval`, "SOM+ctx") as a player's
//! opponent model: Loki's 12 contexts (round x bets to call) refined by the public
//! features of the spot that the IRC data showed to matter, with a per-player tilt.
//!
//! * The population: the actions of every opponent this player has watched, counted in
//!   three nested context spaces (Loki's 12; plus whether the player made the last bet or
//!   raise of the previous round, whether and how it already acted this round, bets so
//!   far; plus players in the hand, players yet to act, whether a raise is legal). A finer
//!   context's frequencies are its counts plus `backoff` decisions' worth of the coarser
//!   one's.
//! * A player's tendency: per Loki context, the ratio of the actions it took to the
//!   actions the population frequencies expected in the same spots (each plus
//!   `tilt_prior`), multiplying the population's prediction.
//!
//! The thresholds of a re-weighting (raise `1 - F(raise)`, call that minus `F(call)`,
//! Papp §7.2.1) are then read from these frequencies instead of the 12-context counts.
use crate::frequencies::{normalized, ActionFrequencies, Context};
use loki_engine::{Action, ActionEvent, ByAction, GameConfig, Position, Round, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The public features of one action's spot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SpotFeatures {
    /// Round index 0..4.
    pub round: u8,
    /// Bets to call, 0, 1 or 2 (2 or more).
    pub to_call: u8,
    /// Players not folded: 0 = two, 1 = three, 2 = four or more.
    pub live: u8,
    /// Live players other than the actor who have not acted yet this round: 0, 1, 2+.
    pub unacted: u8,
    /// The actor already acted this round: 0 no, 1 last by checking or calling, 2 last by
    /// betting or raising.
    pub acted: u8,
    /// The actor made the last bet or raise of the previous round.
    pub aggressor: bool,
    /// Bets and raises so far this round (the big blind counts pre-flop): 0..=3 (3 =
    /// three or more).
    pub raises: u8,
    /// A raise is legal.
    pub can_raise: bool,
}

/// What the features need to know of a spot besides the actions before it.
#[derive(Debug, Clone, Copy)]
pub struct Spot {
    /// Players dealt in.
    pub players: usize,
    /// The actor's position.
    pub position: Position,
    /// The round.
    pub round: Round,
    /// Bets the actor faces.
    pub bets_to_call: u32,
    /// Bets and raises so far this round.
    pub bets_this_round: u32,
    /// Whether a raise is legal.
    pub can_raise: bool,
}

impl SpotFeatures {
    /// The features of `spot` given the actions before it, in order, as (position, round,
    /// action).
    pub fn of(spot: Spot, before: impl IntoIterator<Item = (Position, Round, Action)>) -> Self {
        let n = spot.players.min(16);
        let mut folded = [false; 16];
        let mut acted = [0u8; 16];
        let mut last_raiser: [Option<usize>; 4] = [None; 4];
        for (q, round, action) in before {
            let q = q.index().min(15);
            if action == Action::Fold {
                folded[q] = true;
            }
            if round == spot.round {
                acted[q] = if action == Action::Raise { 2 } else { 1 };
            }
            if action == Action::Raise {
                last_raiser[round.index()] = Some(q);
            }
        }
        let p = spot.position.index().min(15);
        let live = (0..n).filter(|&q| !folded[q]).count();
        let unacted = (0..n)
            .filter(|&q| q != p && !folded[q] && acted[q] == 0)
            .count();
        let prev = spot.round.index().checked_sub(1);
        SpotFeatures {
            round: spot.round.index() as u8,
            to_call: spot.bets_to_call.min(2) as u8,
            live: (live.clamp(2, 4) - 2) as u8,
            unacted: unacted.min(2) as u8,
            acted: acted[p],
            aggressor: prev.is_some_and(|r| last_raiser[r] == Some(p)),
            raises: spot.bets_this_round.min(3) as u8,
            can_raise: spot.can_raise,
        }
    }

    /// The features of the action `events[index]` of a hand played under `game`, from
    /// the actions before it.
    pub fn of_event(game: &GameConfig, actions: &[ActionEvent], index: usize) -> Option<Self> {
        let a = actions.get(index)?;
        let before = &actions[..index];
        let raises_this_round = before
            .iter()
            .filter(|b| b.round == a.round && b.action == Action::Raise)
            .count() as u32;
        let level = raises_this_round + u32::from(a.round == Round::Preflop);
        let can_raise = game.max_raises().is_none_or(|m| level <= m);
        Some(SpotFeatures::of(
            Spot {
                players: game.seats(),
                position: a.position,
                round: a.round,
                bets_to_call: a.bets_to_call,
                bets_this_round: level,
                can_raise,
            },
            before.iter().map(|b| (b.position, b.round, b.action)),
        ))
    }

    /// Loki's context.
    pub fn context(&self) -> Context {
        Context::new(
            Round::ALL[usize::from(self.round.min(3))],
            usize::from(self.to_call),
        )
    }
    /// The index of Loki's context, 0..12 (round x bets to call).
    pub fn coarse(&self) -> usize {
        usize::from(self.round.min(3)) * 3 + usize::from(self.to_call.min(2))
    }
    /// Nested context keys, coarse to fine: Loki's 12; plus last aggressor, whether and
    /// how the player acted this round, raises; plus players in, players yet to act,
    /// whether a raise is legal.
    pub fn keys(&self) -> [u64; 3] {
        let k0 = self.coarse() as u64;
        let k1 = ((k0 * 2 + u64::from(self.aggressor)) * 3 + u64::from(self.acted)) * 4
            + u64::from(self.raises);
        let k2 = ((k1 * 3 + u64::from(self.live)) * 3 + u64::from(self.unacted)) * 2
            + u64::from(self.can_raise);
        [k0, k1, k2]
    }
}

/// A player's observed and expected actions per Loki context.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct Tilt {
    observed: [ByAction<f64>; 12],
    expected: [ByAction<f64>; 12],
}

/// The population's frequencies in context and each player's tilt (see the module
/// docs). Players are keyed by seat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ContextFrequencies {
    backoff: f64,
    tilt_prior: f64,
    levels: [BTreeMap<u64, ByAction<f64>>; 3],
    players: BTreeMap<Seat, Tilt>,
}

impl ContextFrequencies {
    /// Nothing seen yet; `backoff` and `tilt_prior` in decisions.
    pub fn new(backoff: f64, tilt_prior: f64) -> ContextFrequencies {
        ContextFrequencies {
            backoff,
            tilt_prior,
            levels: Default::default(),
            players: BTreeMap::new(),
        }
    }
    /// The population's frequencies in the context of `f` (a raise that is not legal
    /// gets 0).
    pub fn population(&self, f: &SpotFeatures) -> ActionFrequencies {
        let mut p = ByAction::splat(1.0 / 3.0);
        let a = self.backoff;
        for (level, key) in self.levels.iter().zip(f.keys()) {
            let c = level.get(&key).copied().unwrap_or_default();
            let n = c.total();
            p = ByAction::from_fn(|i| (c[i] + a * p[i]) / (n + a));
        }
        if !f.can_raise {
            p[Action::Raise] = 0.0;
        }
        normalized(p)
    }
    fn tilted(&self, seat: Seat, coarse: usize, pop: ActionFrequencies) -> ActionFrequencies {
        let Some(t) = self.players.get(&seat) else {
            return pop;
        };
        let k = self.tilt_prior;
        let (observed, expected) = (t.observed[coarse], t.expected[coarse]);
        normalized(ByAction::from_fn(|i| {
            pop[i] * (observed[i] + k) / (expected[i] + k)
        }))
    }
    /// The frequencies of the player at `seat` in the context of `f`.
    pub fn predict(&self, seat: Seat, f: &SpotFeatures) -> ActionFrequencies {
        self.tilted(seat, f.coarse(), self.population(f))
    }
    /// The frequencies of the player at `seat` in one of Loki's 12 contexts alone (the
    /// coarsest level, tilted): what a simulation's per-context thresholds read.
    pub fn predict_coarse(&self, seat: Seat, ctx: Context) -> ActionFrequencies {
        let coarse = ctx.round.index() * 3 + ctx.bets_to_call.min(2);
        let c = self.levels[0]
            .get(&(coarse as u64))
            .copied()
            .unwrap_or_default();
        let n = c.total();
        let a = self.backoff;
        let pop = normalized(c.map(|x| (x + a / 3.0) / (n + a)));
        self.tilted(seat, coarse, pop)
    }
    /// Learns one action of the player at `seat`.
    pub fn record(&mut self, seat: Seat, f: &SpotFeatures, action: Action) {
        let pop = self.population(f);
        let c = f.coarse();
        let t = self.players.entry(seat).or_default();
        for a in Action::ALL {
            t.expected[c][a] += pop[a];
        }
        t.observed[c][action] += 1.0;
        for (level, key) in self.levels.iter_mut().zip(f.keys()) {
            level.entry(key).or_default()[action] += 1.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use loki_engine::Position;

    fn features(can_raise: bool, aggressor: bool) -> SpotFeatures {
        SpotFeatures {
            round: 1,
            aggressor,
            can_raise,
            ..SpotFeatures::default()
        }
    }

    #[test]
    fn contexts_and_tilts_separate_what_loki_lumps_together() {
        let mut m = ContextFrequencies::new(5.0, 3.0);
        let (agg, other) = (features(true, true), features(true, false));
        // The previous round's aggressor bets the flop, the others check; player 7
        // checks even as the aggressor.
        for _ in 0..200 {
            m.record(Seat::new(1), &agg, Action::Raise);
            m.record(Seat::new(2), &other, Action::Call);
        }
        for _ in 0..30 {
            m.record(Seat::new(7), &agg, Action::Call);
        }
        assert!(m.population(&agg).raise() > 0.8);
        assert!(m.population(&other).call() > 0.9);
        assert!(m.predict(Seat::new(7), &agg).raise() < 0.5 * m.population(&agg).raise());
        assert_eq!(m.predict(Seat::new(99), &agg), m.population(&agg));
        // A raise that is not legal has probability 0.
        assert_eq!(m.population(&features(false, true)).raise(), 0.0);
        let p = m.predict(Seat::new(1), &features(false, true));
        assert!((p.total() - 1.0).abs() < 1e-12 && p.raise() == 0.0);
        // Loki's context alone mixes both: about half bets.
        let coarse = m.predict_coarse(Seat::new(99), agg.context());
        assert!((coarse.raise() - 200.0 / 430.0).abs() < 0.02, "{coarse:?}");
    }

    #[test]
    fn features_of_a_hand_history() {
        use Action::{Call as C, Fold as F, Raise as R};
        let game = GameConfig::limit(4, 1, 2, 2, 4).unwrap();
        let ev = |position, round, action, bets_to_call| ActionEvent {
            position,
            round,
            action,
            amount: 0,
            bet_to: 0,
            bets_to_call,
            all_in: false,
        };
        // Pre-flop: 2 raises, 3 folds, 0 calls, 1 calls; flop: 0 checks, 1 bets, 2 is to act.
        let actions = [
            ev(Position::new(2), Round::Preflop, R, 1),
            ev(Position::new(3), Round::Preflop, F, 2),
            ev(Position::new(0), Round::Preflop, C, 2),
            ev(Position::new(1), Round::Preflop, C, 1),
            ev(Position::new(0), Round::Flop, C, 0),
            ev(Position::new(1), Round::Flop, R, 0),
            ev(Position::new(2), Round::Flop, C, 1),
        ];
        let f = SpotFeatures::of_event(&game, &actions, 6).unwrap();
        assert_eq!(
            f,
            SpotFeatures {
                round: 1,
                to_call: 1,
                live: 1,
                unacted: 0,
                acted: 0,
                aggressor: true,
                raises: 1,
                can_raise: true,
            }
        );
        // The big blind's call of the raise: one raise on top of the blind, not the
        // aggressor, three players still in, nobody left to act before it.
        let g = SpotFeatures::of_event(&game, &actions, 3).unwrap();
        assert_eq!((g.raises, g.aggressor, g.live, g.unacted), (2, false, 1, 0));
        assert_eq!(g.context(), Context::new(Round::Preflop, 1));
        assert!(SpotFeatures::of_event(&game, &actions, 7).is_none());
    }
}
