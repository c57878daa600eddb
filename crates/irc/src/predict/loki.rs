//! The opponent models of `loki-bot`'s kinds (GOM, SOM, LOKI2, SOMT, SOMC: the kinds of
//! [`loki_bot::KINDS`] with a predictor line), behind [`OpponentPredictor`]. This is
//! the only file of the crate that uses `loki-bot`'s opponent-model API (`OpponentModel`,
//! `ModelMode`, `Context`, the frequency thresholds and the probability triples).
//!
//! * One [`OpponentModel`] per player, kept across hands (weights reset each hand), fed
//!   every public action of that player exactly as `LokiPlayer` feeds its opponents'
//!   (re-weighting first, then the statistics), with the income-rate ranking for the
//!   number of players dealt in and the board's range-table EHS.
//! * Action probabilities: GOM and SOM predict the frequencies of the context (GOM: the
//!   defaults, measured in GOM's self-play; SOM: the player's frequencies blended with
//!   them). LOKI2 predicts the same frequencies pre-flop (where it re-weights as Loki-1
//!   does) and, after the flop, its probability triples averaged over the player's
//!   normalized weight table: P(a) proportional to sum_h w(h) PT_h(a), where PT_h is the
//!   smooth triple of holding h's EHS from the context's thresholds with the width the
//!   model re-weights action a with.
//! * Hole cards: the model's weight table after all the player's actions.
//! * SOMT: SOM whose re-weighting is mixed with 1 by each player's trust, the evidence of
//!   its earlier showdowns (as `loki-bot`'s SOMT player keeps it): every shown hand
//!   scores that player's re-weightings of the hand.
//! * SOMC: SOMT whose actions are predicted, and whose re-weighting thresholds are read,
//!   from the action frequencies in context of SOM+ctx (`loki-bot`'s SOMC player).
use super::context::action_model;
use super::features::features;
use super::{normalized, ModelSpec, OpponentPredictor, Probabilities, PublicHand};
use crate::hand::{Decision, IrcHand, Spot};
use loki_bot::context_model::ContextFrequencies;
use loki_bot::frequencies::thresholds;
use loki_bot::opponent_model::{ModelMode, OpponentModel};
use loki_bot::{Context, Knowledge, LokiConfig, ProbabilityTriple, Style, KINDS};
use loki_engine::Position;
use loki_engine::{Action, ByAction, Round, Seat};
use std::collections::HashMap;
use std::sync::Arc;

/// The paper's models and ours: every kind of the table with a predictor line, in the
/// table's order, under the default configuration.
pub fn models() -> Vec<ModelSpec> {
    let cfg = LokiConfig::default();
    KINDS
        .iter()
        .filter_map(|k| Some((k.name, k.predictor?, Style::of(k, &cfg)?)))
        .map(|(name, description, style)| ModelSpec {
            name,
            description,
            make: Box::new(move || Box::new(LokiModel::of(&style))),
        })
        .collect()
}

fn context(spot: &Spot) -> Context {
    Context::new(spot.round, spot.bets_to_call as usize)
}

/// A `loki-bot` opponent model per player.
pub struct LokiModel {
    mode: ModelMode,
    know: Arc<Knowledge>,
    models: HashMap<u32, OpponentModel>,
    calibrated: bool,
    /// SOMC: the frequencies in context of every player.
    context: Option<ContextFrequencies>,
}

impl LokiModel {
    /// A model of the given mode with the default configuration.
    pub fn new(mode: ModelMode) -> LokiModel {
        LokiModel::with_config(mode, LokiConfig::default())
    }
    /// A model of the given mode with a configuration.
    pub fn with_config(mode: ModelMode, config: LokiConfig) -> LokiModel {
        let know = match Knowledge::new(config) {
            Ok(k) => k,
            // The committed default table is checked by loki-bot's tests, and `loki irc
            // eval` refuses to start when it does not load; this arm is unreachable there.
            Err(_) => Knowledge::with_defaults(
                LokiConfig::default(),
                loki_bot::FrequencyTable::papp_irc(),
            ),
        };
        // As the players: with `model.trust` (the default) every re-weighting model is
        // calibrated.
        let calibrated = know.config.model.trust && mode != ModelMode::InitialOnly;
        LokiModel {
            mode,
            know,
            models: HashMap::new(),
            calibrated,
            context: None,
        }
    }
    /// The model a player of `style` keeps of its opponents (its mode, its trust, its
    /// frequencies in context), with the default configuration.
    pub fn of(style: &Style) -> LokiModel {
        let mut m = LokiModel::new(style.model);
        m.calibrated = style.calibrated;
        if style.context {
            m = m.in_context();
        }
        m
    }
    /// The same model reading frequencies in context (SOMC).
    pub fn in_context(mut self) -> LokiModel {
        self.context = Some(action_model());
        self
    }
    fn model(&mut self, id: u32) -> &mut OpponentModel {
        let cfg = &self.know.config.model;
        let calibrated = self.calibrated;
        let scale = self.know.config.reweight.scale;
        self.models
            .entry(id)
            .or_insert_with(|| OpponentModel::new(cfg).calibrated(calibrated).scaled(scale))
    }
}

impl OpponentPredictor for LokiModel {
    fn begin_hand(&mut self, hand: &PublicHand<'_>) {
        for &id in hand.players() {
            self.model(id).begin_hand();
        }
    }

    fn predict(&mut self, hand: &PublicHand<'_>, spot: &Spot) -> Probabilities {
        let id = hand.players()[spot.position];
        let ctx = context(spot);
        let know = self.know.clone();
        let cfg = &know.config.model;
        let mode = self.mode;
        if let Some(c) = &self.context {
            return c.predict(Seat::new(id as usize), &features(hand, spot));
        }
        let m = self.model(id);
        let f = m.frequencies(mode, ctx, &know.defaults, cfg);
        let values = hand.board_values();
        match (mode, values) {
            (ModelMode::Loki2, Some(ehs)) if spot.round != Round::Preflop => {
                let (raise_t, call_t) = thresholds(f);
                let widths = f.map(|x| {
                    (cfg.postflop_sigma_scale * x)
                        .clamp(cfg.postflop_sigma_min, cfg.postflop_sigma_max)
                });
                let min_passive = know.config.triples.min_passive;
                let w = m.weights().weights();
                let mut p = ByAction::splat(0.0);
                for (h, &e) in ehs.iter().enumerate() {
                    if e.is_nan() || w[h] <= 0.0 {
                        continue;
                    }
                    for a in Action::ALL {
                        let pt = ProbabilityTriple::from_thresholds(e, raise_t, call_t, widths[a])
                            .with_min_passive(min_passive);
                        p[a] += w[h] * pt.get(a);
                    }
                }
                normalized(p)
            }
            _ => normalized(f),
        }
    }

    fn observe(&mut self, hand: &PublicHand<'_>, d: &Decision) {
        let id = hand.players()[d.spot.position];
        let ctx = context(&d.spot);
        let k: Action = d.class;
        let know = self.know.clone();
        let ranking = know.ranking(hand.seats());
        let values = hand.board_values();
        let ehs = |h: usize| values.and_then(|v| v.get(h).copied().filter(|x| !x.is_nan()));
        let mode = self.mode;
        let in_context = self.context.as_ref().map(|c| {
            let f = features(&PublicHand::new_before(hand), &d.spot);
            (f, c.predict(Seat::new(id as usize), &f))
        });
        let m = self.model(id);
        let f = match in_context {
            Some((_, f)) => f,
            None => m.frequencies(mode, ctx, &know.defaults, &know.config.model),
        };
        m.observe_with(mode, ctx, k, f, &know.config, ranking, &ehs);
        m.record(ctx, k);
        if let (Some(c), Some((f, _))) = (&mut self.context, in_context) {
            c.record(Seat::new(id as usize), &f, k);
        }
    }

    fn showdown_weights(&mut self, hand: &PublicHand<'_>, position: Position) -> Option<Vec<f64>> {
        let id = hand.players()[position];
        Some(self.model(id).weights().weights().to_vec())
    }

    fn end_hand(&mut self, hand: &IrcHand, _: &PublicHand<'_>) {
        if !self.calibrated {
            return;
        }
        for (position, cards) in hand.revealed() {
            if let Some(&id) = hand.players.get(position) {
                self.model(id).score_showdown(cards.index());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::Boards;

    #[test]
    fn gom_predicts_its_default_frequencies_and_som_learns() {
        let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
        let d = crate::load(&[dir.join("rootA"), dir.join("rootB")]).unwrap();
        let know = Knowledge::new(LokiConfig::default()).unwrap();
        let boards = Boards::new();
        let mut gom = LokiModel::new(ModelMode::Generic);
        let mut som = LokiModel::new(ModelMode::Specific);
        for h in &d.hands {
            let start = PublicHand::new(h, 0, Round::Preflop, &boards);
            gom.begin_hand(&start);
            som.begin_hand(&start);
            for (i, x) in h.decisions.iter().enumerate() {
                let view = PublicHand::new(h, i, x.spot.round, &boards);
                let want = normalized(know.defaults.get(context(&x.spot)));
                assert_eq!(gom.predict(&view, &x.spot), want);
                som.predict(&view, &x.spot);
                let after = PublicHand::new(h, i + 1, x.spot.round, &boards);
                gom.observe(&after, x);
                som.observe(&after, x);
            }
        }
        // SOM counted every decision of every player.
        let total: u32 = som.models.values().map(|m| m.stats.total()).sum();
        let n: usize = d.hands.iter().map(|h| h.decisions.len()).sum();
        assert_eq!(total as usize, n);
    }

    #[test]
    fn the_models_are_the_table_kinds_with_a_predictor_each_as_its_player_models() {
        let names: Vec<&str> = models().iter().map(|m| m.name).collect();
        assert_eq!(names, ["GOM", "SOM", "LOKI2", "SOMT", "SOMC"]);
        let of = |name: &str| LokiModel::of(&Style::named(name, &LokiConfig::default()).unwrap());
        let (som, somc) = (of("SOM"), of("SOMC"));
        assert_eq!((som.mode, som.calibrated), (ModelMode::Specific, true));
        assert!(som.context.is_none() && somc.context.is_some());
        assert_eq!(of("LOKI2").mode, ModelMode::Loki2);
    }
}
