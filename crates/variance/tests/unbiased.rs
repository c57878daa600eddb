//! The reduced estimator is unbiased by construction: every correction has expectation
//! zero. Checked exactly where the expectation can be enumerated (each turn and each
//! river card, each action of a known strategy), and by simulation where it cannot.
use loki_cards::{parse_cards, Card, CardSet, HoleCards};
use loki_engine::ByPosition;
use loki_engine::Position;
use loki_engine::{
    play_hand, Action, ByAction, CallPlayer, Deal, GameConfig, HandRecord, Player, RandomPlayer,
    SeatView, Table,
};
use loki_variance::{corrections, Corrections, ValueFunction};

fn hole(s: &str) -> HoleCards {
    s.parse().unwrap()
}

fn known<'a>(
    players: &'a [&'a dyn Player],
) -> impl FnMut(Position, &SeatView<'_>) -> Option<ByAction<f64>> + 'a {
    move |p, view| players[p.index()].strategy(view)
}

/// Heads-up, two calling stations, one deal.
fn check_down(holes: [HoleCards; 2], board: [Card; 5]) -> (HandRecord, Corrections) {
    check_down_with(holes, board, ValueFunction::default())
}

fn check_down_with(
    holes: [HoleCards; 2],
    board: [Card; 5],
    value: ValueFunction,
) -> (HandRecord, Corrections) {
    let config = GameConfig::paper(2).unwrap();
    let (mut a, mut b) = (CallPlayer::new("a"), CallPlayer::new("b"));
    let deal = Deal {
        hole: ByPosition::new(holes.to_vec()),
        board,
    };
    let record = {
        let mut players: Vec<&mut dyn Player> = vec![&mut a, &mut b];
        play_hand(&config, &mut players, &deal).unwrap()
    };
    let c = corrections(&record, known(&[&a, &b]), value).unwrap();
    (record, c)
}

/// Every card not in `used`.
fn rest(used: &[Card]) -> Vec<Card> {
    let set: CardSet = used.iter().copied().collect();
    set.complement().iter().collect()
}

/// The mean over every card that could come of the correction of the deal that starts
/// `round` (turn 2, river 3) after `prefix` (the board before it; a later card, when one
/// is needed, is the first card left), and the largest correction seen.
fn mean_over_the_next_card(prefix: &str, round: usize) -> ([f64; 2], f64) {
    let holes = [hole("AhKh"), hole("QsQc")];
    let b = parse_cards(prefix).unwrap();
    let mut used: Vec<Card> = b.clone();
    for h in &holes {
        used.extend([h.low(), h.high()]);
    }
    let next = rest(&used);
    let mut mean = [0.0; 2];
    let mut spread = 0.0f64;
    for &c in &next {
        let mut board = b.clone();
        board.push(c);
        while board.len() < 5 {
            let mut taken = used.clone();
            taken.extend(&board);
            board.push(rest(&taken)[0]);
        }
        let (_, k) = check_down(holes, [board[0], board[1], board[2], board[3], board[4]]);
        for (m, x) in mean.iter_mut().zip(&k.by_round[round]) {
            *m += x / next.len() as f64;
        }
        spread = spread.max(k.by_round[round][0].abs());
    }
    (mean, spread)
}

#[test]
fn each_river_card_s_correction_averages_to_zero_exactly() {
    let (mean, spread) = mean_over_the_next_card("Qh7h2d9c", 3);
    // Wrong code (a correction that is not centred) leaves a mean of the size of the
    // corrections themselves.
    assert!(spread > 1.0, "the river moves the value: {spread}");
    for m in mean {
        assert!(m.abs() < 1e-9, "{mean:?}");
    }
}

#[test]
fn each_turn_card_s_correction_averages_to_zero_exactly() {
    let (mean, spread) = mean_over_the_next_card("Qh7h2d", 2);
    assert!(spread > 1.0, "the turn moves the value: {spread}");
    for m in mean {
        assert!(m.abs() < 1e-9, "{mean:?}");
    }
}

#[test]
fn a_check_down_reduces_to_the_pre_flop_equity() {
    // Nobody bets, and the value function is the bare pot (no bets to come): the net is
    // 4 x (river share) - 2, the board's corrections take the luck of every board card
    // away (leaving 4 x (pre-flop equity) - 2), and the hole cards' takes 3 x (pre-flop
    // equity - 1/2) (the pot when they are dealt is the blinds, 3): AA, the big blind
    // (position 0) against KK, keeps equity - 1/2 = about +0.32 whatever the board.
    let holes = [hole("AsAd"), hole("KcKh")];
    let bare = ValueFunction::uniform(0.0);
    let mut reduced = Vec::new();
    for board in ["2c7h9dJcQh", "Kd7h9dJc2s", "3s4s5d6c8h"] {
        let b = parse_cards(board).unwrap();
        let (record, c) = check_down_with(holes, [b[0], b[1], b[2], b[3], b[4]], bare);
        let r = c.reduce(&record.net);
        let (bb, other) = (Position::new(0), Position::new(1));
        assert!((r[bb] + r[other]).abs() < 1e-9, "zero-sum: {r:?}");
        reduced.push(r[bb]);
    }
    for r in &reduced {
        assert!((r - reduced[0]).abs() < 1e-9, "{reduced:?}");
        assert!((r - 0.32).abs() < 0.08, "{reduced:?}");
    }
}

#[test]
fn each_deal_is_charged_with_the_stake_of_the_round_it_starts() {
    // A check-down with the bare pot everywhere, then with the river's heads-up stake
    // doubled: only the river's correction doubles (a stake read from the round before
    // the deal, or from another bucket of live players, would change another or none).
    let holes = [hole("AhKh"), hole("QsQc")];
    let b = parse_cards("Qh7h2d9h3c").unwrap();
    let board = [b[0], b[1], b[2], b[3], b[4]];
    let bare = ValueFunction::uniform(0.0);
    let mut river = bare;
    river.deals[3][loki_variance::live_bucket(2)] = loki_variance::Stake {
        pot: 2.0,
        bets: 0.0,
    };
    let (_, plain) = check_down_with(holes, board, bare);
    let (_, doubled) = check_down_with(holes, board, river);
    assert!(plain.by_round[3][0].abs() > 0.1, "{plain:?}");
    for p in 0..2 {
        assert!((doubled.by_round[3][p] - 2.0 * plain.by_round[3][p]).abs() < 1e-9);
        for r in 0..3 {
            assert!((doubled.by_round[r][p] - plain.by_round[r][p]).abs() < 1e-12);
        }
    }
}

#[test]
fn a_deal_s_stake_is_read_for_the_players_still_in() {
    // Three seats, one folds before the flop, two check down: the river is dealt to two
    // players still in, so its correction doubles with the two-player stake and not with
    // the three-player one (a bucket read from the seats dealt would do the reverse).
    let config = GameConfig::paper(3).unwrap();
    let b = parse_cards("Qh7h2d9h3c").unwrap();
    let deal = Deal {
        hole: [hole("AhKh"), hole("QsQc"), hole("2c2s")]
            .into_iter()
            .collect(),
        board: [b[0], b[1], b[2], b[3], b[4]],
    };
    let charge = |bucket: usize| {
        let mut folder = Scripted {
            action: Action::Fold,
            claimed: ByAction::new(1.0, 0.0, 0.0),
        };
        let (mut a, mut c) = (CallPlayer::new("a"), CallPlayer::new("c"));
        // Position 2 acts first before the flop.
        let mut players: Vec<&mut dyn Player> = vec![&mut a, &mut c, &mut folder];
        let record = play_hand(&config, &mut players, &deal).unwrap();
        let mut value = ValueFunction::uniform(0.0);
        value.deals[3][bucket].pot = 2.0;
        let c = corrections(&record, |_, _| None, value).unwrap();
        (record, c.by_round[3].clone())
    };
    let (record, plain) = charge(loki_variance::live_bucket(10));
    assert_eq!(
        record.net[Position::new(2)],
        0,
        "position 2 folded at once: {:?}",
        record.net
    );
    assert!(plain[0].abs() > 0.1, "{plain:?}");
    let (_, two) = charge(loki_variance::live_bucket(2));
    let (_, three) = charge(loki_variance::live_bucket(3));
    for p in 0..3 {
        assert!((two[p] - 2.0 * plain[p]).abs() < 1e-9, "{two:?} {plain:?}");
        assert!((three[p] - plain[p]).abs() < 1e-12, "{three:?} {plain:?}");
    }
}

/// Plays what it is told, claiming a strategy.
struct Scripted {
    action: Action,
    claimed: ByAction<f64>,
}
impl Player for Scripted {
    fn name(&self) -> &str {
        "scripted"
    }
    fn act(&mut self, view: &SeatView<'_>) -> Action {
        if view.legal_actions().contains(self.action) {
            self.action
        } else {
            Action::Call
        }
    }
    fn strategy(&self, _view: &SeatView<'_>) -> Option<ByAction<f64>> {
        Some(self.claimed)
    }
}

#[test]
fn a_known_action_s_correction_averages_to_zero_under_its_strategy() {
    // Heads-up the button (position 1) acts first: fold, call or raise, each with its
    // claimed probability; the first action's correction weighted by the strategy sums
    // to zero (the later actions are the calling station's and the scripted player's
    // own, identical in the three hands up to the first).
    let config = GameConfig::paper(2).unwrap();
    let claimed = ByAction::new(0.2, 0.5, 0.3);
    let deal = Deal {
        hole: [hole("AsAd"), hole("7c2h")].into_iter().collect(),
        board: {
            let b = parse_cards("2c7h9dJcQh").unwrap();
            [b[0], b[1], b[2], b[3], b[4]]
        },
    };
    let mut total = [0.0; 2];
    let mut moved = 0.0f64;
    for (a, w) in [
        (Action::Fold, 0.2),
        (Action::Call, 0.5),
        (Action::Raise, 0.3),
    ] {
        let mut bb = CallPlayer::new("bb");
        // Only the first action is scripted and claimed; afterwards it calls, unknown.
        struct Once(Scripted, bool);
        impl Player for Once {
            fn name(&self) -> &str {
                "once"
            }
            fn act(&mut self, view: &SeatView<'_>) -> Action {
                if self.1 {
                    Action::Call
                } else {
                    self.1 = true;
                    self.0.act(view)
                }
            }
        }
        let mut button = Once(Scripted { action: a, claimed }, false);
        let record = {
            let mut players: Vec<&mut dyn Player> = vec![&mut bb, &mut button];
            play_hand(&config, &mut players, &deal).unwrap()
        };
        let mut first = true;
        let c = corrections(
            &record,
            |p, _view| {
                if p == Position::new(1) && first {
                    first = false;
                    Some(claimed)
                } else {
                    None
                }
            },
            ValueFunction::default(),
        )
        .unwrap();
        moved = moved.max(c.action[1].abs());
        for (t, c) in total.iter_mut().zip(&c.action) {
            *t += w * c;
        }
    }
    assert!(moved > 0.1, "the actions differ in value: {moved}");
    for t in total {
        assert!(t.abs() < 1e-9, "{total:?}");
    }
}

#[test]
fn random_against_a_calling_station_keeps_its_mean_and_loses_variance() {
    // 4,000 hands of `random` against `call`: the reduced mean agrees with the plain one
    // within their intervals, the reduced values sum to zero in every hand, and their
    // spread is far smaller; with the default value function, and with stakes far from
    // the pot (twice the pot and half a bet to come after an action: the values after an
    // action still sum to zero).
    let far = ValueFunction {
        actions: [loki_variance::Stake {
            pot: 2.0,
            bets: 0.5,
        }; 4],
        ..ValueFunction::default()
    };
    for value in [ValueFunction::default(), far] {
        random_against_a_calling_station(value);
    }
}

fn random_against_a_calling_station(value: ValueFunction) {
    let config = GameConfig::paper(2).unwrap();
    let players: Vec<Box<dyn Player + Send>> = vec![
        Box::new(RandomPlayer::new("random", 5)),
        Box::new(CallPlayer::new("call")),
    ];
    let mut table = Table::new(config, players, 77).unwrap();
    let strategies: [Box<dyn Player>; 2] = [
        Box::new(RandomPlayer::new("random", 0)),
        Box::new(CallPlayer::new("call")),
    ];
    let (mut plain, mut reduced) = (Vec::new(), Vec::new());
    for _ in 0..4000 {
        let record = table.play_one().unwrap();
        let c = corrections(
            &record,
            |p, view| strategies[record.seats[p].index()].strategy(view),
            value,
        )
        .unwrap();
        let r = c.reduce(&record.net);
        assert!((r.iter().sum::<f64>()).abs() < 1e-6, "{r:?}");
        let (p_random, _) = record
            .seats
            .enumerate()
            .find(|(_, s)| s.index() == 0)
            .unwrap();
        plain.push(record.net[p_random] as f64);
        reduced.push(r[p_random]);
    }
    let stats = |xs: &[f64]| {
        let n = xs.len() as f64;
        let m = xs.iter().sum::<f64>() / n;
        let v = xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0);
        (m, v.sqrt() / n.sqrt())
    };
    let ((mp, sp), (mr, sr)) = (stats(&plain), stats(&reduced));
    assert!(
        (mp - mr).abs() < 2.58 * (sp * sp + sr * sr).sqrt(),
        "plain {mp} ± {sp}, reduced {mr} ± {sr}"
    );
    assert!(sr < 0.5 * sp, "plain ± {sp}, reduced ± {sr}");
}

#[test]
fn the_flop_s_sampled_correction_averages_to_zero() {
    // Before the flop the expectation is a Monte-Carlo estimate seeded by the hole cards:
    // over 2,000 random flops the corrections average to zero within sampling error
    // (a correction against the wrong expectation, e.g. the equity of the holdings alone
    // as if everyone were still in, misses by several standard errors).
    use loki_cards::{rng_from_seed, Deck};
    let holes = [hole("AhKh"), hole("QsQc")];
    let dead: CardSet = holes[0].set().union(holes[1].set());
    let mut rng = rng_from_seed(11);
    let mut xs = Vec::new();
    for _ in 0..2000 {
        let mut deck = Deck::shuffled_without(&mut rng, dead);
        let b = deck.deal_n(5).unwrap().to_vec();
        let (_, c) = check_down(holes, [b[0], b[1], b[2], b[3], b[4]]);
        xs.push(c.by_round[1][0]);
    }
    let n = xs.len() as f64;
    let m = xs.iter().sum::<f64>() / n;
    let se = (xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0) / n).sqrt();
    assert!(se > 0.01, "the flop moves the value: {se}");
    assert!(m.abs() < 3.0 * se + 0.05, "mean {m} ± {se}");
}
