//! The field an actor's holdings are ranked against (Papp 1998 §7.3.1: "the average of
//! the normalized weight arrays of all players except p"), in a hand-built three-seat
//! spot: we raise before the flop and both blinds call; on 3h 4c Jh the small blind bets
//! and the big blind raises. The big blind's holdings are ranked against the small
//! blind's table and our own seat's, as they stood when the flop was dealt
//! (`reweight.field = "preflop"`, the default), not after the small blind's bet
//! re-weighted its table (`"current"`).
#![allow(missing_docs)]
use loki_assess::WeightTable;
use loki_bot::board_cache::BoardRanges;
use loki_bot::config::FieldView;
use loki_bot::reweight::{reweight_table, values_of};
use loki_bot::{Knowledge, LokiConfig, LokiPlayer, Style};
use loki_cards::{parse_cards, HOLDINGS};
use loki_engine::Position;
use loki_engine::{Action, GameConfig, HandState, Player, Round};

/// Plays the spot for a SOM player at position 2 and returns it with the hand.
fn spot(field: FieldView) -> (LokiPlayer, HandState) {
    let mut config = LokiConfig::default();
    config.reweight.field = field;
    // Without trust mixing, so that the weights are Figure 3's alone.
    config.model.trust = false;
    let know = Knowledge::new(config).unwrap();
    let game = GameConfig::limit(3, 1, 2, 2, 4).unwrap();
    let mut s = HandState::new(&game).unwrap();
    let me = 2;
    for p in 0..3 {
        if p == me {
            s.deal_hole(Position::new(p), "9s8s".parse().unwrap())
                .unwrap();
        } else {
            s.deal_hole_hidden(Position::new(p)).unwrap();
        }
    }
    let mut player = LokiPlayer::new("SOM", Style::named("SOM", &know.config).unwrap(), know, 1);
    player.begin_hand(&s.view(Position::new(me)));
    let mut seen = 0;
    let mut feed = |p: &mut LokiPlayer, s: &HandState| {
        for e in &s.events()[seen..] {
            if e.visible_to(Position::new(me)) {
                p.observe(e, &s.view(Position::new(me)));
            }
        }
        seen = s.events().len();
    };
    feed(&mut player, &s);
    // Pre-flop: we raise, the small blind and the big blind call.
    for a in [Action::Raise, Action::Call, Action::Call] {
        s.apply(a).unwrap();
        feed(&mut player, &s);
    }
    s.deal_board(&parse_cards("3h4cJh").unwrap()).unwrap();
    feed(&mut player, &s);
    // The small blind bets, the big blind raises.
    for a in [Action::Raise, Action::Raise] {
        s.apply(a).unwrap();
        feed(&mut player, &s);
    }
    assert_eq!(s.round(), Round::Flop);
    (player, s)
}

/// The big blind's table as Figure 3 re-weights `base` (its pre-flop table) by the
/// holdings' EHS' against `field` with the law its model applied.
fn expected(player: &LokiPlayer, base: &WeightTable, field: &[&WeightTable]) -> WeightTable {
    let board = BoardRanges::new(&parse_cards("3h4cJh").unwrap()).unwrap();
    let values = board.field_ehs(field);
    let bb = player.model(loki_engine::Seat::new(1)).unwrap();
    let law = bb.last_reweighting().expect("the raise re-weights");
    let mut out = WeightTable::uniform();
    let floor = LokiConfig::default().model.floor;
    let v = values_of(|h| Some(values[h]).filter(|x| !x.is_nan()));
    reweight_table(base, &mut out, law.mu, law.sigma, floor, 1.0, &v);
    out
}

#[test]
fn the_raiser_is_ranked_against_the_tables_of_the_flop() {
    let (player, _) = spot(FieldView::Preflop);
    let sb = player.model(loki_engine::Seat::new(0)).unwrap();
    let me = player
        .model(loki_engine::Seat::new(2))
        .expect("a modeling player keeps a model of its own seat");
    // The small blind's bet re-weighted its table; the table of the flop is kept.
    assert_ne!(sb.weights(), sb.preflop_weights());
    let base = player
        .model(loki_engine::Seat::new(1))
        .unwrap()
        .preflop_weights();
    let at_flop = expected(&player, base, &[sb.preflop_weights(), me.preflop_weights()]);
    let now = expected(&player, base, &[sb.weights(), me.weights()]);
    let got = player.model(loki_engine::Seat::new(1)).unwrap().weights();
    assert_eq!(got, &at_flop);
    // The two fields give different tables, so the test tells them apart.
    let differ = (0..HOLDINGS)
        .filter(|&h| at_flop.at(h) != now.at(h))
        .count();
    assert!(differ >= 20, "{differ}");
}

#[test]
fn with_the_current_field_the_raiser_is_ranked_against_the_bettor_after_its_bet() {
    let (player, _) = spot(FieldView::Current);
    // The big blind's pre-flop table, the same in both runs (kept by the default's).
    let (flop_field, _) = spot(FieldView::Preflop);
    let base = flop_field
        .model(loki_engine::Seat::new(1))
        .unwrap()
        .preflop_weights();
    let sb = player.model(loki_engine::Seat::new(0)).unwrap();
    let me = player.model(loki_engine::Seat::new(2)).unwrap();
    let got = player.model(loki_engine::Seat::new(1)).unwrap().weights();
    assert_eq!(got, &expected(&player, base, &[sb.weights(), me.weights()]));
    assert_ne!(
        got,
        flop_field
            .model(loki_engine::Seat::new(1))
            .unwrap()
            .weights()
    );
}
