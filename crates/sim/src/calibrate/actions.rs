//! How right a simulation is about what each actor does next, in self-play: before every
//! post-flop action, each Loki observer's simulation is asked what it would draw for the
//! actor if the actor held its **true** holding (its EHS on the board, the in-trial
//! strength of the current round; [`loki_bot::LokiPlayer::predict_action`]), and the
//! action the actor took is scored by the probability that prediction gave it. Ours:
//! Peña (§5) judges the simulation's action generator only by the chips it wins; Davidson
//! (1999) scored a network's predictions of real players' next actions the same way, by
//! how often the predicted action was the one taken.
//!
//! Per action, in bits (−log2 of the probability given to the action taken, at least
//! [`MIN_PROBABILITY`]; lower is better):
//!
//! * **frequencies**: the context's plain frequencies (a model blind to the cards);
//! * **simulated**: the in-trial triple POKI draws from (thresholds at HS_n, mixed with
//!   the frequencies by the model's trust), and **gain** = frequencies − simulated, paired;
//! * **single**: the same without the multiway strength (thresholds at plain EHS);
//! * **by cards**: the same without the trust mixing (thresholds alone);
//! * **hits**: the share of actions that were the in-trial triple's most likely one.
//!
//! Folds are scored here (a fold is an action to predict); checks and calls that were
//! the only passive choice are scored like any other.
use super::tally::{rows_of, ClusterSums, Estimate, HandScores, RowKey, Tally};
use loki_bot::player::ActionPrediction;
use loki_engine::{Action, ByAction};
use serde::Serialize;

/// The least probability a prediction is scored at (ours): a triple that rules an action
/// out costs at most log2(1000) ≈ 10 bits when the action happens.
pub const MIN_PROBABILITY: f64 = 1e-3;

/// Measures per prediction: frequency bits, bits, gain, single bits, by-cards bits, hits,
/// in-range bits.
pub const MEASURES: usize = 7;

/// The action columns: all, check, bet, call, raise, fold.
const ACTIONS: [&str; 6] = ["all", "check", "bet", "call", "raise", "fold"];

/// The column of an action taken with `to_call` bets to call.
pub(super) fn column(action: Action, to_call: u32) -> usize {
    match (action, to_call) {
        (Action::Call, 0) => 1,
        (Action::Raise, 0) => 2,
        (Action::Call, _) => 3,
        (Action::Raise, _) => 4,
        (Action::Fold, _) => 5,
    }
}

/// The six measures of one prediction of `action` (see the module's list).
pub(super) fn measures(p: &ActionPrediction, action: Action) -> [f64; MEASURES] {
    let bits = |t: &ByAction<f64>| -(t[action].max(MIN_PROBABILITY)).log2();
    let frequencies = bits(&p.frequencies);
    let simulated = bits(&p.simulated);
    let likely = [Action::Call, Action::Raise]
        .into_iter()
        .fold(Action::Fold, |best, a| {
            if p.simulated[a] > p.simulated[best] {
                a
            } else {
                best
            }
        });
    [
        frequencies,
        simulated,
        frequencies - simulated,
        bits(&p.single),
        bits(&p.by_cards),
        f64::from(u8::from(likely == action)),
        bits(&p.in_range),
    ]
}

/// The predictions of one observer kind about one actor kind, in one round and for one
/// action (or all of them: "all").
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ActionRow {
    /// Whose predictions, where, how many.
    #[serde(flatten)]
    pub key: RowKey,
    /// Bits of the context's plain frequencies.
    pub frequency_bits: Estimate,
    /// Bits of the in-trial triple.
    pub bits: Estimate,
    /// frequency bits − bits, paired (positive: the cards help).
    pub gain: Estimate,
    /// Bits of the in-trial triple without the multiway strength.
    pub single_bits: Estimate,
    /// Bits of the in-trial triple without the trust mixing.
    pub by_cards_bits: Estimate,
    /// The share of actions that were the in-trial triple's most likely one.
    pub hits: Estimate,
    /// Bits of the in-trial triple at the holding's percentile in the model's table.
    pub in_range_bits: Estimate,
}

/// The rows of a run's action predictions, observer x actor in the order of `names`.
pub(super) fn rows(names: &[String], tally: &Tally<MEASURES>) -> Vec<ActionRow> {
    rows_of(names, tally, &ACTIONS, row)
}

fn row(key: RowKey, s: &ClusterSums<MEASURES>) -> ActionRow {
    ActionRow {
        key,
        frequency_bits: s.estimate(0),
        bits: s.estimate(1),
        gain: s.estimate(2),
        single_bits: s.estimate(3),
        by_cards_bits: s.estimate(4),
        hits: s.estimate(5),
        in_range_bits: s.estimate(6),
    }
}

/// The pending predictions of one action: (observer kind, actor kind, round index) and
/// each observer's prediction.
#[derive(Default)]
pub(super) struct Pending(Vec<(usize, usize, usize, ActionPrediction)>);

impl Pending {
    pub(super) fn push(
        &mut self,
        observer: usize,
        actor: usize,
        round: usize,
        p: ActionPrediction,
    ) {
        self.0.push((observer, actor, round, p));
    }
    /// Scores the pending predictions on the action taken and clears them.
    pub(super) fn settle(
        &mut self,
        action: Action,
        to_call: u32,
        scores: &mut HandScores<MEASURES>,
    ) {
        let c = column(action, to_call);
        for (o, a, r, p) in self.0.drain(..) {
            scores.add(o, a, r, c, measures(&p, action));
        }
    }
}

/// The action predictions as text: one line per observer kind x actor kind, and with
/// `detail` one per round and action under it.
pub fn text(rows: &[ActionRow], detail: bool) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "How right each simulation is about each actor's next action (bits: -log2 of the \
         probability given to the action taken, lower is better; freq: the context's plain \
         frequencies; single: without the multiway strength; cards: without the trust \
         mixing; range: at the holding's percentile in the model's table; hits: the most \
         likely action taken). Intervals 95% over hands."
    );
    let _ = writeln!(
        out,
        "{:<8} {:<8} {:<6} {:<6} {:>8} {:>6} {:>15} {:>16} {:>6} {:>6} {:>6} {:>6}",
        "observer",
        "actor",
        "round",
        "action",
        "actions",
        "freq",
        "bits",
        "gain",
        "single",
        "cards",
        "range",
        "hits"
    );
    for r in rows {
        if r.key.round != "all" && !detail {
            continue;
        }
        let _ = writeln!(
            out,
            "{:<8} {:<8} {:<6} {:<6} {:>8} {:>6.3} {:>6.3} ± {:<6.3} {:>+7.3} ± {:<6.3} {:>6.3} {:>6.3} {:>6.3} {:>5.1}%",
            r.key.observer,
            r.key.actor,
            r.key.round,
            r.key.action,
            r.key.events,
            r.frequency_bits.mean,
            r.bits.mean,
            r.bits.ci95,
            r.gain.mean,
            r.gain.ci95,
            r.single_bits.mean,
            r.by_cards_bits.mean,
            r.in_range_bits.mean,
            100.0 * r.hits.mean
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prediction(f: [f64; 3], s: [f64; 3]) -> ActionPrediction {
        ActionPrediction {
            frequencies: ByAction(f),
            simulated: ByAction(s),
            single: ByAction(s),
            by_cards: ByAction([0.0, 0.0, 1.0]),
            in_range: ByAction(f),
        }
    }

    #[test]
    fn bits_are_the_log_of_the_probability_of_the_action_taken() {
        let p = prediction([0.25, 0.5, 0.25], [0.125, 0.25, 0.625]);
        let m = measures(&p, Action::Fold);
        assert!((m[0] - 2.0).abs() < 1e-12);
        assert!((m[1] - 3.0).abs() < 1e-12);
        assert!((m[2] + 1.0).abs() < 1e-12, "the cards cost a bit here");
        // A ruled-out action costs the floor's bits, not infinity.
        assert!((m[4] - 1000f64.log2()).abs() < 1e-9);
        assert_eq!(m[5], 0.0, "raise was the most likely action");
        let m = measures(&p, Action::Raise);
        assert_eq!(m[5], 1.0);
        assert!((m[4]).abs() < 1e-12);
    }

    #[test]
    fn columns_tell_a_check_from_a_call_and_a_bet_from_a_raise() {
        assert_eq!(column(Action::Call, 0), 1);
        assert_eq!(column(Action::Raise, 0), 2);
        assert_eq!(column(Action::Call, 2), 3);
        assert_eq!(column(Action::Raise, 1), 4);
        assert_eq!(column(Action::Fold, 1), 5);
        assert_eq!(ACTIONS[5], "fold");
    }
}
