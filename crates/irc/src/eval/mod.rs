//! The evaluation of opponent models on real play (`loki irc eval`): every model walks all
//! replayed hands in time order and learns only from hands that finished earlier plus the
//! public actions so far in the current hand. Hands before `score_from` only train.
//!
//! * Decisions: every action except blind posts, in three classes (a quit or kick is a
//!   fold, an all-in a bet/raise). Before each one the model gives its probabilities;
//!   scored by bits (negative log2-likelihood of the actual class) and accuracy.
//! * Hole cards: at each showdown, for every player whose cards are shown, the model's
//!   weight table after all of that player's actions, normalized over the pairs that use
//!   no board card: the information gain `log2(#pairs) + log2 P(actual pair)` over
//!   uniform and the percentile rank of the actual pair (uniform: 0 bits, 0.5).
//! * Hands go in batches: the batch's boards are computed once in parallel
//!   ([`crate::boards`]), then the models run in parallel, one task per model, each over
//!   the batch in time order; the results do not depend on the number of threads.
pub mod report;
pub mod score;

use crate::boards::Boards;
use crate::dataset::Dataset;
use crate::hand::{is_bot_name, IrcHand};
use crate::predict::{ModelSpec, OpponentPredictor, PublicHand};
use loki_cards::{Card, CardSet};
use loki_engine::Round;
use rayon::prelude::*;
use score::{score_action, score_pair, Tally};

/// Options of an evaluation.
#[derive(Debug, Clone)]
pub struct EvalOptions {
    /// Hands with an earlier timestamp only train.
    pub score_from: Option<u64>,
    /// Hands per batch (boards of one batch are held in memory together).
    pub batch: usize,
    /// Bootstrap resamples for the intervals.
    pub resamples: usize,
    /// Seed of the bootstrap.
    pub seed: u64,
    /// Compute the board values (off only for models that never read them).
    pub boards: bool,
}

impl Default for EvalOptions {
    fn default() -> Self {
        EvalOptions {
            score_from: None,
            batch: 1024,
            resamples: 1000,
            seed: 1,
            boards: true,
        }
    }
}

/// Per scored hand and model: the tallies of human players `[0]` and bots `[1]`.
pub type HandTallies = Vec<[Tally; 2]>;

/// The raw result: per-hand tallies of every model.
#[derive(Debug, Clone)]
pub struct Evaluation {
    /// Model names, in order.
    pub models: Vec<String>,
    /// One entry per scored hand (hands with at least one decision).
    pub hands: Vec<HandTallies>,
    /// Hands walked (scored or not).
    pub walked: usize,
}

/// The boards a hand reached (flop, turn, river).
fn boards_of(h: &IrcHand) -> impl Iterator<Item = Vec<Card>> + '_ {
    [3usize, 4, 5]
        .into_iter()
        .filter(|&k| h.board.len() >= k)
        .map(|k| h.board[..k].to_vec())
}

/// Walks one hand with one model; returns the tallies (humans, bots) if `scored`.
fn run_hand(
    m: &mut dyn OpponentPredictor,
    h: &IrcHand,
    boards: &Boards,
    scored: bool,
) -> [Tally; 2] {
    let mut t = [Tally::default(); 2];
    let bot: Vec<usize> = h
        .names
        .iter()
        .map(|n| usize::from(is_bot_name(n)))
        .collect();
    m.begin_hand(&PublicHand::new(h, 0, Round::Preflop, boards));
    for (i, d) in h.decisions.iter().enumerate() {
        let round = d.spot.round;
        let p = m.predict(&PublicHand::new(h, i, round, boards), &d.spot);
        if scored {
            let (bits, correct) = score_action(p, d.class);
            let g = &mut t[bot[d.spot.position.index()]];
            g.decisions += 1;
            g.bits += bits;
            g.correct += correct;
        }
        m.observe(&PublicHand::new(h, i + 1, round, boards), d);
    }
    let last = match h.board.len() {
        0..=2 => Round::Preflop,
        3 => Round::Flop,
        4 => Round::Turn,
        _ => Round::River,
    };
    let view = PublicHand::new(h, h.decisions.len(), last, boards);
    let board: CardSet = h.board.iter().copied().collect();
    for (p, cards) in h.revealed() {
        let w = m.showdown_weights(&view, p);
        if scored {
            let (gain, pct) = score_pair(w.as_deref(), cards, board);
            let g = &mut t[bot[p.index()]];
            g.pairs += 1;
            g.gain += gain;
            g.percentile += pct;
        }
    }
    m.end_hand(h, &view);
    t
}

/// Evaluates `specs` on every hand of `data`; `progress` is called with the number of
/// hands done after each batch.
pub fn evaluate(
    data: &Dataset,
    specs: &[ModelSpec],
    opts: &EvalOptions,
    progress: &(dyn Fn(usize) + Sync),
) -> Evaluation {
    let models = specs
        .iter()
        .map(|s| (s.name.to_string(), (s.make)()))
        .collect();
    evaluate_models(data, models, opts, progress)
}

/// Evaluates named model instances (see [`evaluate`]).
pub fn evaluate_models(
    data: &Dataset,
    named: Vec<(String, Box<dyn OpponentPredictor>)>,
    opts: &EvalOptions,
    progress: &(dyn Fn(usize) + Sync),
) -> Evaluation {
    let (names, mut models): (Vec<String>, Vec<Box<dyn OpponentPredictor>>) =
        named.into_iter().unzip();
    let scored = |h: &IrcHand| opts.score_from.is_none_or(|t| h.timestamp >= t);
    let mut boards = Boards::new();
    let mut hands: Vec<HandTallies> = Vec::new();
    let mut done = 0usize;
    for batch in data.hands.chunks(opts.batch.max(1)) {
        if opts.boards {
            boards.prepare(batch.iter().flat_map(boards_of));
        }
        let per_model: Vec<Vec<[Tally; 2]>> = models
            .par_iter_mut()
            .map(|m| {
                batch
                    .iter()
                    .map(|h| run_hand(m.as_mut(), h, &boards, scored(h)))
                    .collect()
            })
            .collect();
        for (i, h) in batch.iter().enumerate() {
            if scored(h) && !h.decisions.is_empty() {
                hands.push(per_model.iter().map(|v| v[i]).collect());
            }
        }
        done += batch.len();
        progress(done);
    }
    Evaluation {
        models: names,
        hands,
        walked: data.hands.len(),
    }
}
