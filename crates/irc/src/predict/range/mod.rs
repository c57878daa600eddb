//! Hole-card inference for our improved models: a player's weight table at the showdown
//! from its public actions, learned from the showdowns of earlier hands and from the
//! model's own predicted frequencies:
//!
//! `w(h) = pre-flop weight of h's starting hand after the player's pre-flop line`
//! `       x prod over post-flop rounds of P(the player's action sequence | EHS bucket of h)^t`
//! `       x Loki-1 threshold factors of the post-flop actions (floor 0.3)`
//!
//! then mixed with 10% of the pre-flop weights alone ([`RangeConfig::mix`]).
//!
//! * [`preflop`]: the 169 starting hands of earlier showdown players, by pre-flop line
//!   (before any is seen: combinations times income-rate percentile).
//! * [`sequences`]: the likelihood of a whole round's actions (for example check-raise) given
//!   the holding's EHS, counted over earlier showdown players.
//! * [`thresholds`]: Loki-1's re-weighting (Billings et al. 1998, Figure 3) with the
//!   thresholds from the model's predicted frequencies of each decision (on the EHS scale,
//!   as the paper), but a factor floor of 0.3 instead of 0.01, so that real hands played
//!   against type keep a calibrated weight.
//!
//! Holdings are valued by the shared board values ([`crate::boards`]): the range-table EHS
//! on the flop and turn, hand strength on the river.
mod config;
pub mod preflop;
pub mod sequences;
pub mod thresholds;

pub use config::RangeConfig;

use super::{Probabilities, PublicHand};
use crate::hand::IrcHand;
use loki_cards::HOLDINGS;
use loki_engine::Position;
use loki_engine::Round;
use preflop::{class_of, PreflopRanges};
use sequences::Sequences;

/// The learned ranges.
#[derive(Debug, Clone)]
pub struct RangeModel {
    cfg: RangeConfig,
    preflop: PreflopRanges,
    sequences: Sequences,
}

/// Sum of `w` over the holdings with a value on the board (all holdings without one).
fn live_sum(w: &[f64], values: Option<&[f64]>) -> f64 {
    match values {
        Some(v) => w
            .iter()
            .zip(v)
            .filter(|(_, e)| !e.is_nan())
            .map(|(x, _)| *x)
            .sum(),
        None => w.iter().sum(),
    }
}

impl RangeModel {
    /// Nothing learned yet.
    pub fn new(cfg: RangeConfig) -> RangeModel {
        RangeModel {
            cfg,
            preflop: PreflopRanges::new(),
            sequences: Sequences::new(),
        }
    }

    /// The weight table (by holding index) of the player at `position` after all its
    /// actions in `view`; `frequencies[i]` is the model's prediction of decision `i`.
    pub fn weights(
        &self,
        view: &PublicHand<'_>,
        position: Position,
        frequencies: &[Probabilities],
    ) -> Vec<f64> {
        let c = &self.cfg;
        let decisions = view.decisions();
        let pre = self.preflop.weights(
            preflop::line(decisions, position),
            view.seats(),
            view.players()[position],
            c,
        );
        let prior: Vec<f64> = (0..HOLDINGS).map(|h| pre[class_of(h)]).collect();
        let mut w = prior.clone();
        if c.sequences {
            for round in [Round::Flop, Round::Turn, Round::River] {
                let (Some(key), Some(values)) = (
                    sequences::key(decisions, position, round),
                    view.board_values_at(round),
                ) else {
                    continue;
                };
                let table: Vec<f64> = (0..sequences::BUCKETS)
                    .map(|b| {
                        self.sequences
                            .likelihood(key, b, c.sequence_prior, c.smoothing)
                            .powf(c.tempering)
                    })
                    .collect();
                for (x, &e) in w.iter_mut().zip(values) {
                    if !e.is_nan() {
                        *x *= table[sequences::bucket(e)];
                    }
                }
            }
        }
        if c.thresholds {
            thresholds::reweight(&mut w, view, position, frequencies, c);
        }
        if c.mix > 0.0 {
            let values = view.board_values();
            let (sw, sp) = (live_sum(&w, values), live_sum(&prior, values));
            if sw > 0.0 && sp > 0.0 {
                for (x, p) in w.iter_mut().zip(&prior) {
                    *x = (1.0 - c.mix) * *x / sw + c.mix * p / sp;
                }
            }
        }
        w
    }

    /// Learns from the players who showed down in a finished hand (`view`: the public
    /// view of the whole hand, for the board values).
    pub fn learn(&mut self, hand: &IrcHand, view: &PublicHand<'_>) {
        for (p, cards) in hand.revealed() {
            let line = preflop::line(&hand.decisions, p);
            self.preflop
                .learn(class_of(cards.index()), line, hand.seats(), hand.players[p]);
            for round in [Round::Flop, Round::Turn, Round::River] {
                let Some(key) = sequences::key(&hand.decisions, p, round) else {
                    continue;
                };
                if let Some(e) = view
                    .board_values_at(round)
                    .map(|v| v[cards.index()])
                    .filter(|e| !e.is_nan())
                {
                    self.sequences.learn(key, sequences::bucket(e));
                }
            }
        }
        self.preflop.end_hand();
    }
}
