//! Players at the table: views hide other hole cards, every visible event (own actions
//! included) is observed, the simple players behave as named, and `play_hand` reports an
//! illegal action.
#![allow(missing_docs)]
use loki_cards::Deck;
use loki_engine::Position;
use loki_engine::{
    play_hand, Action, CallPlayer, Deal, EngineError, Event, GameConfig, Player, RaisePlayer,
    SeatView, Table,
};

#[derive(Default)]
struct Spy {
    seen: Vec<Event>,
    began: usize,
    ended: usize,
}

impl Player for Spy {
    fn name(&self) -> &str {
        "spy"
    }
    fn begin_hand(&mut self, view: &SeatView<'_>) {
        assert!(view.hole().is_some());
        self.began += 1;
    }
    fn observe(&mut self, event: &Event, view: &SeatView<'_>) {
        if let Event::HoleDealt { position, .. } = event {
            assert_eq!(*position, view.position());
        }
        self.seen.push(event.clone());
    }
    fn act(&mut self, view: &SeatView<'_>) -> Action {
        assert!(view.is_my_turn());
        Action::Call
    }
    fn end_hand(&mut self, view: &SeatView<'_>) {
        assert!(view.result().is_some());
        self.ended += 1;
    }
}

struct Folder;
impl Player for Folder {
    fn name(&self) -> &str {
        "folder"
    }
    fn act(&mut self, _view: &SeatView<'_>) -> Action {
        Action::Fold
    }
}

#[test]
fn players_see_their_view_and_every_public_event() {
    let config = GameConfig::paper(3).unwrap();
    let deal = Deal::from_deck(3, &mut Deck::from_seed(3)).unwrap();
    let mut spy = Spy::default();
    let mut raiser = RaisePlayer::new("raise");
    let mut caller = CallPlayer::new("call");
    let record = {
        let mut players: Vec<&mut dyn Player> = vec![&mut spy, &mut raiser, &mut caller];
        play_hand(&config, &mut players, &deal).unwrap()
    };
    assert_eq!((spy.began, spy.ended), (1, 1));
    let hidden = record
        .events
        .iter()
        .filter(|e| e.visible_to(Position::new(0)))
        .count();
    assert_eq!(spy.seen.len(), hidden);
    let own = spy
        .seen
        .iter()
        .filter(|e| matches!(e, Event::Action(a) if a.position == Position::new(0)))
        .count();
    assert!(own > 0);
    // position 2 calls, 0 calls, the big blind (raise) raises, both call
    assert_eq!(record.acpc_betting().split('/').next().unwrap(), "ccrcc");
    assert_eq!(record.names, vec!["spy", "raise", "call"]);
    assert_eq!(record.net.iter().sum::<i64>(), 0);
}

#[test]
fn an_illegal_choice_is_an_error() {
    let config = GameConfig::paper(2).unwrap();
    let deal = Deal::from_deck(2, &mut Deck::from_seed(3)).unwrap();
    let (mut a, mut b) = (CallPlayer::new("a"), Folder);
    let mut players: Vec<&mut dyn Player> = vec![&mut a, &mut b];
    // position 1 (small blind) folds facing the big blind: legal
    assert!(play_hand(&config, &mut players, &deal).is_ok());
    let (mut a, mut b) = (Folder, CallPlayer::new("b"));
    let mut players: Vec<&mut dyn Player> = vec![&mut a, &mut b];
    // the big blind folds when checking is free: illegal
    let e = play_hand(&config, &mut players, &deal).unwrap_err();
    assert!(
        matches!(e, EngineError::IllegalAction { position, .. } if position == Position::new(0)),
        "{e}"
    );
}

#[test]
fn the_table_moves_the_button() {
    let config = GameConfig::paper(3).unwrap();
    let players: Vec<Box<dyn Player + Send>> = vec![
        Box::new(CallPlayer::new("a")),
        Box::new(CallPlayer::new("b")),
        Box::new(CallPlayer::new("c")),
    ];
    let mut t = Table::new(config, players, 9).unwrap();
    let r = t.play(4).unwrap();
    assert_eq!(r[0].names, vec!["a", "b", "c"]);
    assert_eq!(r[1].names, vec!["b", "c", "a"]);
    assert_eq!(r[3].names, vec!["a", "b", "c"]);
    assert_eq!(r[1].seats, [1, 2, 0].map(loki_engine::Seat::new));
}

#[test]
fn the_example_player_folds_six_percent_facing_a_bet_and_never_when_checking_is_free() {
    use loki_engine::ExamplePlayer;
    let config = GameConfig::paper(2).unwrap();
    let players: Vec<Box<dyn Player + Send>> = vec![
        Box::new(ExamplePlayer::new("example-1", 11)),
        Box::new(ExamplePlayer::new("example-2", 12)),
    ];
    let mut t = Table::new(config, players, 5).unwrap();
    // [fold, call, raise] counted facing a bet with a raise legal, and with nothing to call.
    let (mut facing, mut free) = ([0u32; 3], [0u32; 3]);
    for r in t.play(4000).unwrap() {
        let mut state = loki_engine::HandState::new(&GameConfig::paper(2).unwrap()).unwrap();
        for (p, h) in r.hole.iter().enumerate() {
            state.deal_hole(Position::new(p), h.unwrap()).unwrap();
        }
        for e in &r.events {
            match e {
                Event::Action(a) => {
                    let p = state.to_act().unwrap();
                    let raise_legal = state.legal_actions().contains(Action::Raise);
                    if state.amount_to_call(p) == 0 {
                        free[a.action.index()] += 1;
                    } else if raise_legal {
                        facing[a.action.index()] += 1;
                    }
                    state.apply(a.action).unwrap();
                }
                Event::BoardDealt { cards, .. } => {
                    state.deal_board(cards).unwrap();
                }
                _ => {}
            }
        }
    }
    assert_eq!(free[0], 0, "never folds when checking is free");
    let n = |c: [u32; 3]| f64::from(c.iter().sum::<u32>());
    let (nf, nb) = (n(facing), n(free));
    assert!(nf > 3000.0 && nb > 3000.0, "{facing:?} {free:?}");
    // 0.06 / 0.47 / 0.47 facing a bet; 0.5 / 0.5 when free (binomial 4.5 sigma bounds).
    let close = |x: u32, total: f64, p: f64| {
        (f64::from(x) / total - p).abs() < 4.5 * (p * (1.0 - p) / total).sqrt()
    };
    assert!(close(facing[0], nf, 0.06), "{facing:?}");
    assert!(close(facing[1], nf, 0.47), "{facing:?}");
    assert!(close(free[1], nb, 0.5), "{free:?}");
    // Named like every simple player.
    assert_eq!(ExamplePlayer::new("example", 1).name(), "example");
}
