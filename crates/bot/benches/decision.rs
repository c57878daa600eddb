//! A SOM decision on the flop with 9 opponents (target: median at most 1 ms): the
//! re-weighting after the last opponent action plus the decision, the board's range table
//! already built. The state is replayed through the engine as in play. Beside it, one
//! Figure 3 re-weighting of a table (the factors before the sums, the best value in
//! lanes) against the single loop of `tests/common/one_loop.rs`, same run.
#![allow(missing_docs)]
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use loki_bot::{Knowledge, LokiConfig, LokiPlayer, Style};
use loki_cards::parse_cards;
use loki_engine::Position;
use loki_engine::{Action, GameConfig, HandState, Player};

/// The single-loop reference (shared with `tests/reweighting.rs`).
#[path = "../tests/common/one_loop.rs"]
mod one_loop;

fn benches(c: &mut Criterion) {
    let know = Knowledge::new(LokiConfig::default()).unwrap();
    let config = GameConfig::paper(10).unwrap();
    let board = parse_cards("3h4cJh").unwrap();
    know.boards.get(&board).unwrap();
    let me = 9;
    let mut state = HandState::new(&config).unwrap();
    for p in 0..10 {
        if p == me {
            state
                .deal_hole(Position::new(p), "AdQc".parse().unwrap())
                .unwrap();
        } else {
            state.deal_hole_hidden(Position::new(p)).unwrap();
        }
    }
    let mut player = LokiPlayer::new(
        "SOM",
        Style::named("SOM", &know.config).unwrap(),
        know.clone(),
        1,
    );
    player.begin_hand(&state.view(Position::new(me)));
    let mut seen = 0;
    let mut feed = |player: &mut LokiPlayer, state: &HandState| {
        for e in &state.events()[seen..] {
            if e.visible_to(Position::new(me)) {
                player.observe(e, &state.view(Position::new(me)));
            }
        }
        seen = state.events().len();
    };
    // Everyone calls pre-flop; on the flop positions 0..7 check and position 8 bets.
    while state.board().is_empty() {
        if matches!(state.phase(), loki_engine::Phase::DealBoard(_)) {
            state.deal_board(&board).unwrap();
        } else {
            state.apply(Action::Call).unwrap();
        }
        feed(&mut player, &state);
    }
    for _ in 0..8 {
        state.apply(Action::Call).unwrap();
        feed(&mut player, &state);
    }
    let before_bet = player.clone();
    state.apply(Action::Raise).unwrap();
    let bet_event = state.events().last().unwrap().clone();
    assert_eq!(state.to_act(), Some(Position::new(me)));
    c.bench_function("som_flop_decision_9_opponents", |b| {
        b.iter_batched(
            || before_bet.clone(),
            |mut p| {
                p.observe(&bet_event, &state.view(Position::new(me)));
                p.decide(&state.view(Position::new(me))).action
            },
            BatchSize::SmallInput,
        )
    });
}

fn reweighting(c: &mut Criterion) {
    use loki_assess::WeightTable;
    use loki_bot::reweight::{reweight_table_with, values_of};
    use one_loop::reweight_table_in_one_loop;
    let mut w = [0.0f64; loki_cards::HOLDINGS];
    for (h, x) in w.iter_mut().enumerate() {
        *x = 0.01 + 0.99 * ((h.wrapping_mul(2_654_435_761) >> 8) % 1000) as f64 / 1000.0;
    }
    let base = WeightTable::from_weights(&w).unwrap();
    let values =
        values_of(|h| (h % 9 != 0).then(|| ((h.wrapping_mul(40_503) >> 4) % 997) as f64 / 997.0));
    let mut out = WeightTable::uniform();
    let mut g = c.benchmark_group("reweight");
    g.bench_function("figure3_with_mean", |b| {
        b.iter(|| reweight_table_with(&base, &mut out, (0.7, 0.1), 0.01, 1.0, &values, true, true))
    });
    g.bench_function("figure3_without_mean", |b| {
        b.iter(|| reweight_table_with(&base, &mut out, (0.7, 0.1), 0.01, 1.0, &values, true, false))
    });
    g.bench_function("figure3_one_loop", |b| {
        b.iter(|| reweight_table_in_one_loop(&base, &mut out, (0.7, 0.1), 0.01, 1.0, &values, true))
    });
    // A check's triple law, re-weighting in place: the law's kind matched outside the
    // loop (`Law::with_factor`), and through a call of `Law::factor` per holding.
    use loki_bot::reweight::{set_factors, SetFactors};
    use loki_bot::trust::Law;
    use loki_engine::Action;
    let law = Law::Triple {
        raise_t: 0.8,
        call_t: 0.4,
        width: 0.1,
        min_passive: 0.2,
        action: Action::Call,
    };
    #[inline(never)]
    fn law_factor_called(law: &Law, v: f64) -> f64 {
        law.factor(v)
    }
    g.bench_function("triple_factor_outside", |b| {
        b.iter(|| {
            law.with_factor(SetFactors {
                base: None,
                out: &mut out,
                values: &values,
                floor: 0.01,
                trust: 1.0,
            })
        })
    });
    g.bench_function("triple_law_called", |b| {
        b.iter(|| {
            set_factors(None, &mut out, &values, 0.01, 1.0, |v| {
                law_factor_called(&law, v)
            })
        })
    });
    // A Figure 3 law with a divisor of 1 through `Figure3::with_factor` (no division by
    // it) beside its factor called as it stands (two divisions), re-weighting from the
    // base table, then the mean factor.
    use loki_bot::reweight::{mean_factor, MeanFactor};
    let (fig3, _) =
        reweight_table_with(&base, &mut out, (0.7, 0.1), 0.01, 1.0, &values, true, false);
    g.bench_function("figure3_undivided", |b| {
        b.iter(|| {
            fig3.with_factor(SetFactors {
                base: Some(&base),
                out: &mut out,
                values: &values,
                floor: 0.01,
                trust: 1.0,
            })
        })
    });
    g.bench_function("figure3_divided", |b| {
        b.iter(|| {
            set_factors(Some(&base), &mut out, &values, 0.01, 1.0, |v| {
                fig3.factor(v)
            })
        })
    });
    g.bench_function("mean_undivided", |b| {
        b.iter(|| fig3.with_factor(MeanFactor(base.weights(), &values)))
    });
    g.bench_function("mean_divided", |b| {
        b.iter(|| mean_factor(base.weights(), &values, |v| fig3.factor(v)))
    });
    g.finish();
}

criterion_group!(decision, benches, reweighting);
criterion_main!(decision);
