//! A SOM decision on the flop with 9 opponents (target: median at most 1 ms): the
//! re-weighting after the last opponent action plus the decision, the board's range table
//! already built. The state is replayed through the engine as in play.
#![allow(missing_docs)]
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use loki_bot::{Knowledge, LokiConfig, LokiPlayer, PlayerKind, Style};
use loki_cards::parse_cards;
use loki_engine::{Action, GameConfig, HandState, Player};

fn benches(c: &mut Criterion) {
    let know = Knowledge::new(LokiConfig::default()).unwrap();
    let config = GameConfig::paper(10).unwrap();
    let board = parse_cards("3h4cJh").unwrap();
    know.boards.get(&board).unwrap();
    let me = 9;
    let mut state = HandState::new(&config).unwrap();
    for p in 0..10 {
        if p == me {
            state.deal_hole(p, "AdQc".parse().unwrap()).unwrap();
        } else {
            state.deal_hole_hidden(p).unwrap();
        }
    }
    let mut player = LokiPlayer::new(
        "SOM",
        Style::of(PlayerKind::Som, &know.config),
        know.clone(),
        1,
    );
    player.begin_hand(&state.view(me));
    let mut seen = 0;
    let mut feed = |player: &mut LokiPlayer, state: &HandState| {
        for e in &state.events()[seen..] {
            if e.visible_to(me) {
                player.observe(e, &state.view(me));
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
    assert_eq!(state.to_act(), Some(me));
    c.bench_function("som_flop_decision_9_opponents", |b| {
        b.iter_batched(
            || before_bet.clone(),
            |mut p| {
                p.observe(&bet_event, &state.view(me));
                p.decide(&state.view(me)).action
            },
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(decision, benches);
criterion_main!(decision);
