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
pub mod preflop;
pub mod sequences;
pub mod thresholds;

use super::PublicHand;
use crate::hand::IrcHand;
use loki_cards::HOLDINGS;
use loki_engine::Round;
use preflop::{class_of, PreflopRanges};
use sequences::Sequences;

/// Constants of the learned ranges (all **ours**, chosen on the development month; see
/// docs/irc.md, "The models").
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RangeConfig {
    /// Weight, in showdowns, of the prior shape in the distribution of all showdown
    /// hands.
    pub preflop_prior: f64,
    /// The prior shape: combinations times the income-rate percentile to this power.
    pub income_exponent: f64,
    /// Weight, in showdowns, of the coarser distribution in a pre-flop line's strength
    /// tilt (line, then line at the table size).
    pub line_prior: f64,
    /// Weight, in showdowns, of "no tilt" in a player's pre-flop strength tilt (0: none).
    pub player_prior: f64,
    /// Pre-flop lines also by table size.
    pub sized_lines: bool,
    /// Re-weight by learned sequence likelihoods after the flop.
    pub sequences: bool,
    /// Weight, in showdowns, of P(sequence) in an EHS bucket's P(sequence | bucket).
    pub sequence_prior: f64,
    /// Share of each neighbouring EHS bucket in a bucket's sequence counts.
    pub smoothing: f64,
    /// Exponent of each sequence likelihood (1 = plain product).
    pub tempering: f64,
    /// Re-weight by Loki-1 thresholds after the flop.
    pub thresholds: bool,
    /// The lowest threshold factor (Loki: 0.01).
    pub floor: f64,
    /// Threshold sigma as a multiple of the action's frequency (Loki: 0.5).
    pub sigma_scale: f64,
    /// Upper clamp of that sigma (Loki: 0.2; the lower clamp is Loki's 0.05).
    pub sigma_max: f64,
    /// Share of the pre-flop weights alone mixed into the final table.
    pub mix: f64,
}

impl Default for RangeConfig {
    fn default() -> Self {
        RangeConfig {
            preflop_prior: 200.0,
            income_exponent: 1.0,
            line_prior: 20.0,
            player_prior: 100.0,
            sized_lines: true,
            sequences: true,
            sequence_prior: 20.0,
            smoothing: 0.15,
            tempering: 0.75,
            thresholds: true,
            floor: 0.3,
            sigma_scale: 0.5,
            sigma_max: 0.2,
            mix: 0.1,
        }
    }
}

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
        position: usize,
        frequencies: &[[f64; 3]],
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
