//! Loki-1's post-flop re-weighting (Billings et al. 1998, Figure 3; Papp 1998 §7.2.1)
//! with the model's predicted frequencies of each decision: raise threshold `1 - F(raise)`,
//! call threshold that minus `F(call)`, on the EHS scale; sigma `0.5 F(action)` clamped to
//! [0.05, 0.2]; at most one re-weighting per round, from the table saved at the start of
//! the round, repeated only for a higher threshold. Our change: the factor's floor
//! ([`super::RangeConfig::floor`], 0.3 instead of 0.01), which floors the factor alone
//! ([`super::RangeConfig::floor_rule`]).
use super::RangeConfig;
use crate::predict::{Probabilities, PublicHand};
use loki_bot::figure3::Figure3;
use loki_bot::frequencies::thresholds;
use loki_engine::Position;
use loki_engine::{Action, ByAction, Round};

/// Re-weights `w` by the post-flop actions of the player at `position`.
pub fn reweight(
    w: &mut [f64],
    view: &PublicHand<'_>,
    position: Position,
    frequencies: &[Probabilities],
    cfg: &RangeConfig,
) {
    let mut round_start = w.to_vec();
    let mut round = Round::Preflop;
    let mut round_mu = f64::NEG_INFINITY;
    for (i, d) in view.decisions().iter().enumerate() {
        if d.spot.position != position || d.spot.round == Round::Preflop {
            continue;
        }
        if d.spot.round != round {
            round = d.spot.round;
            round_start.copy_from_slice(w);
            round_mu = f64::NEG_INFINITY;
        }
        if d.class == Action::Fold {
            continue;
        }
        let Some(values) = view.board_values_at(d.spot.round) else {
            continue;
        };
        let f = frequencies
            .get(i)
            .copied()
            .unwrap_or(ByAction::splat(1.0 / 3.0));
        let (raise_t, call_t) = thresholds(f);
        let mu = if d.class == Action::Raise {
            raise_t
        } else {
            call_t
        };
        let fa = f[d.class];
        if mu <= round_mu {
            continue;
        }
        round_mu = mu;
        let sigma = (cfg.sigma_scale * fa).clamp(0.05, cfg.sigma_max.max(0.05));
        let law = Figure3::new(mu, sigma, cfg.floor);
        for ((x, &base), &e) in w.iter_mut().zip(&round_start).zip(values) {
            if !e.is_nan() {
                *x = law.reweighted(base, e, cfg.floor_rule);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::Boards;
    use crate::hand::{Decision, IrcHand, Spot};
    use loki_cards::{parse_cards, HOLDINGS};
    use loki_engine::{ByPosition, GameConfig, Round};

    #[test]
    fn a_raise_keeps_strong_holdings_and_floors_weak_ones() {
        let board = parse_cards("2c7d9hJsQc").unwrap();
        let mut boards = Boards::new();
        boards.prepare(vec![board[..3].to_vec()]);
        let spot = Spot {
            index: 0,
            position: Position::new(0),
            round: Round::Flop,
            bets_to_call: 0,
            to_call: 0,
            pot: 20,
            bets_this_round: 0,
            live: 2,
            active: 2,
            can_raise: true,
        };
        let hand = IrcHand {
            timestamp: 1,
            session: 1,
            number: 1,
            config: GameConfig::limit(2, 5, 10, 10, 20).unwrap(),
            names: ByPosition::new(vec!["a".into(), "b".into()]),
            players: ByPosition::new(vec![0, 1]),
            irc_positions: ByPosition::new(vec![2, 1]),
            bankrolls: ByPosition::new(vec![100, 100]),
            put_in: ByPosition::new(vec![0, 0]),
            won: ByPosition::new(vec![0, 0]),
            hole: ByPosition::new(vec![None, None]),
            board: board[..3].to_vec(),
            decisions: vec![Decision {
                spot,
                symbol: 'b',
                class: Action::Raise,
                action: Action::Raise,
                event: 0,
            }],
            events: Vec::new(),
            showdown: Vec::new(),
            replayed_net: None,
        };
        let view = PublicHand::new(&hand, 1, Round::Flop, &boards);
        let mut w = vec![1.0; HOLDINGS];
        // Bets half the time: threshold 0.5, sigma 0.2 (clamped).
        reweight(
            &mut w,
            &view,
            Position::new(0),
            &[ByAction::new(0.0, 0.5, 0.5)],
            &RangeConfig::default(),
        );
        let ehs = view.board_values().unwrap();
        for h in 0..HOLDINGS {
            let e = ehs[h];
            if e.is_nan() || e >= 0.7 {
                assert_eq!(w[h], 1.0);
            } else if e <= 0.3 + 0.4 * 0.3 {
                // factor (e - 0.3) / 0.4 is below the floor
                assert!((w[h] - 0.3).abs() < 1e-12, "{e} {}", w[h]);
            } else {
                assert!(w[h] > 0.3 - 1e-12 && w[h] < 1.0, "{e}");
            }
        }
    }
}
