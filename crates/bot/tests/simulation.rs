//! POKI's selective-sampling simulation (crates/bot/src/simulation.rs) on spots whose
//! values can be computed by hand, and on a real flop.
use loki_assess::WeightTable;
use loki_bot::board_cache::BoardRanges;
use loki_bot::config::{PostflopConfig, SimulationConfig};
use loki_bot::preflop::Plan;
use loki_bot::runout::RunoutStrengths;
use loki_bot::simulation::{simulate, BoardStrength, SimOpponent, SimulationSpot, ThresholdGrid};
use loki_cards::{parse_cards, HoleCards, HOLDINGS};
use loki_engine::{Action, ByAction, ByContext, GameConfig, Round};

/// Every holding has the same strength now; no runouts (a river).
struct Flat(f64);

impl BoardStrength for Flat {
    fn now(&self, _h: usize) -> Option<f64> {
        Some(self.0)
    }
    fn runouts(&self) -> Option<&RunoutStrengths> {
        None
    }
}

fn hole(text: &str) -> HoleCards {
    let c = parse_cards(text).unwrap();
    HoleCards::new(c[0], c[1]).unwrap()
}

/// A table with all weight on one holding.
fn only(h: HoleCards) -> WeightTable {
    let mut w = [0.0; HOLDINGS];
    w[h.index()] = 1.0;
    WeightTable::from_weights(&w).unwrap()
}

/// Thresholds of a player who always calls (raise threshold 1, call threshold 0).
const STATION: ThresholdGrid = ByContext([[(1.0, 0.0); 3]; 4]);

/// Heads-up on the river, we (position 0) act first into a pot of 10 with ten-high;
/// the opponent's only holding is known.
fn river_spot<'a>(
    game: &'a GameConfig,
    board: &'a [loki_cards::Card],
    rules: &'a PostflopConfig,
    ours: HoleCards,
    theirs: &'a WeightTable,
    thresholds: ThresholdGrid,
) -> SimulationSpot<'a> {
    SimulationSpot {
        game,
        me: 0,
        hole: ours,
        board,
        round: Round::River,
        live: vec![true, true],
        round_bets: vec![0, 0],
        needs_action: vec![true, true],
        put_in: vec![false, false],
        pot: 10,
        level: 0,
        opponents: vec![SimOpponent {
            position: 1,
            weights: theirs,
            thresholds,
            frequencies: ByContext::splat(ByAction::new(0.0, 1.0, 0.0)),
            trust: 1.0,
        }],
        rules,
        smoothing: 0.0,
        ehs_now: 0.5,
        own: None,
        folded: Vec::new(),
        ppot1_now: 0.0,
        plan: None,
        strength_samples: 48,
    }
}

#[test]
fn values_against_a_calling_station_are_exact() {
    let game = GameConfig::limit(2, 1, 2, 2, 4).unwrap();
    let board = parse_cards("2c7d9hJsKs").unwrap();
    let rules = PostflopConfig::default();
    let cfg = SimulationConfig::default();
    // We hold the best hand (a pair of kings against a pair of sevens): a check is
    // checked behind and wins the pot (+10); a bet of 4 is called (+14).
    let theirs = only(hole("7s3c"));
    let spot = river_spot(&game, &board, &rules, hole("KdQc"), &theirs, STATION);
    let out = simulate(&spot, &Flat(0.3), &cfg, [false, true, true], 7);
    assert_eq!(out.ev, [None, Some(10.0), Some(14.0)]);
    assert_eq!(out.se.call(), 0.0);
    assert_eq!(out.action, Action::Raise);
    // Zero variance: the early stop fires at the first check.
    assert_eq!((out.trials, out.stopped_early), (cfg.min_trials, true));
    // Without the early stop every trial is played.
    let all = SimulationConfig {
        z: 0.0,
        ..cfg.clone()
    };
    let out = simulate(&spot, &Flat(0.3), &all, [false, true, true], 7);
    assert_eq!((out.trials, out.stopped_early), (all.trials, false));
    // Behind: a check loses nothing more (0), a bet loses the 4 we put in.
    let theirs = only(hole("KhKc"));
    let spot = river_spot(&game, &board, &rules, hole("QdQc"), &theirs, STATION);
    let out = simulate(&spot, &Flat(0.3), &cfg, [false, true, true], 7);
    assert_eq!(out.ev, [None, Some(0.0), Some(-4.0)]);
    assert_eq!(out.action, Action::Call);
}

#[test]
fn a_bet_into_a_player_who_always_folds_takes_the_pot() {
    // Thresholds (1, 1): every holding below 1 folds to a bet and checks when free.
    let game = GameConfig::limit(2, 1, 2, 2, 4).unwrap();
    let board = parse_cards("2c7d9hJsKs").unwrap();
    let rules = PostflopConfig::default();
    let cfg = SimulationConfig {
        triple_width: 0.0,
        ..SimulationConfig::default()
    };
    let rock = ByContext([[(1.0, 1.0); 3]; 4]);
    // We are behind: checking loses the showdown (0), betting wins the pot (+10).
    let theirs = only(hole("KhKc"));
    let spot = river_spot(&game, &board, &rules, hole("3d4d"), &theirs, rock);
    let out = simulate(&spot, &Flat(0.3), &cfg, [false, true, true], 1);
    assert_eq!(out.ev, [None, Some(0.0), Some(10.0)]);
    assert_eq!(out.action, Action::Raise);
}

#[test]
fn facing_a_bet_with_nothing_folds() {
    // The opponent (position 0) bet 4 into 10; we (position 1) hold nothing against
    // its only holding: calling loses 4, raising loses 8 (it re-raises or calls), folding
    // is worth 0.
    let game = GameConfig::limit(2, 1, 2, 2, 4).unwrap();
    let board = parse_cards("2c7d9hJsKs").unwrap();
    let rules = PostflopConfig::default();
    let cfg = SimulationConfig::default();
    let theirs = only(hole("KhKc"));
    let mut spot = river_spot(&game, &board, &rules, hole("3d4d"), &theirs, STATION);
    spot.me = 1;
    spot.opponents[0].position = 0;
    spot.round_bets = vec![4, 0];
    spot.needs_action = vec![false, true];
    spot.put_in = vec![true, false];
    spot.pot = 14;
    spot.level = 1;
    let out = simulate(&spot, &Flat(0.3), &cfg, [true, true, true], 3);
    assert_eq!(out.ev.fold(), Some(0.0));
    assert_eq!(out.ev.call(), Some(-4.0));
    assert_eq!(out.ev.raise(), Some(-8.0));
    assert_eq!(out.action, Action::Fold);
}

#[test]
fn flop_simulation_is_seeded_and_reads_the_hand() {
    let game = GameConfig::limit(4, 1, 2, 2, 4).unwrap();
    let board = parse_cards("Ah7d2c").unwrap();
    let ranges = BoardRanges::new(&board).unwrap();
    let rules = PostflopConfig::default();
    let cfg = SimulationConfig::default();
    let uniform = WeightTable::uniform();
    // Passive callers: they never bet or raise, and call with the better 80%, 70%, 60%
    // of their holdings facing 0, 1, 2 bets.
    let grid: ThresholdGrid = ByContext([[(1.0, 0.2), (1.0, 0.3), (1.0, 0.4)]; 4]);
    let spot = |h: HoleCards, ehs: f64| SimulationSpot {
        game: &game,
        me: 0,
        hole: h,
        board: &board,
        round: Round::Flop,
        live: vec![true; 4],
        round_bets: vec![0; 4],
        needs_action: vec![true; 4],
        put_in: vec![false; 4],
        pot: 8,
        level: 0,
        opponents: (1..4)
            .map(|p| SimOpponent {
                position: p,
                weights: &uniform,
                thresholds: grid,
                frequencies: ByContext::splat(ByAction::new(0.3, 0.5, 0.2)),
                trust: 1.0,
            })
            .collect(),
        rules: &rules,
        smoothing: 0.05,
        ehs_now: ehs,
        own: None,
        folded: Vec::new(),
        ppot1_now: 0.0,
        plan: None,
        strength_samples: 48,
    };
    // A set of aces bets (checking gets nothing from players who never bet) and expects
    // to win; the same seed gives the same numbers.
    let set = spot(hole("AsAd"), 0.98);
    let a = simulate(&set, &ranges, &cfg, [false, true, true], 11);
    let b = simulate(&set, &ranges, &cfg, [false, true, true], 11);
    assert_eq!(a, b);
    assert_eq!(a.action, Action::Raise);
    assert!(a.ev.raise().unwrap() > a.ev.call().unwrap() && a.ev.call().unwrap() > 8.0);
    // Another seed gives other numbers.
    let c = simulate(&set, &ranges, &cfg, [false, true, true], 12);
    assert_ne!(a.ev, c.ev);
    // Eight-high with no draw: betting into three players loses chips; checking does not
    // put any in, so its value is at least 0.
    let air = spot(hole("3s4h"), 0.1);
    let d = simulate(&air, &ranges, &cfg, [false, true, true], 11);
    assert!(d.ev.call().unwrap() >= 0.0);
    assert!(d.ev.raise().unwrap() < d.ev.call().unwrap(), "{d:?}");
    assert_eq!(d.action, Action::Call);
    // The runout tables were built on the way.
    assert!(ranges.runouts().unwrap().built() > 40);
}

#[test]
fn a_bad_spot_is_a_check_not_a_panic() {
    let game = GameConfig::limit(2, 1, 2, 2, 4).unwrap();
    let board = parse_cards("2c7d").unwrap();
    let rules = PostflopConfig::default();
    let theirs = WeightTable::uniform();
    let mut spot = river_spot(&game, &board, &rules, hole("KdQc"), &theirs, STATION);
    spot.board = &board;
    let out = simulate(
        &spot,
        &Flat(0.5),
        &SimulationConfig::default(),
        [true, true, true],
        0,
    );
    assert_eq!((out.trials, out.action), (0, Action::Call));
}

/// Pre-flop strength: each holding's value is given; no runout tables.
struct Percentiles(Vec<f64>);

impl BoardStrength for Percentiles {
    fn now(&self, h: usize) -> Option<f64> {
        self.0.get(h).copied()
    }
    fn runouts(&self) -> Option<&RunoutStrengths> {
        None
    }
}

/// Heads-up pre-flop, we are the small blind (position 1) and act first against a maniac
/// who raises everything whatever it holds (trust 0: its frequencies alone), our pre-flop
/// plan `plan`.
fn maniac_spot<'a>(
    game: &'a GameConfig,
    rules: &'a PostflopConfig,
    uniform: &'a WeightTable,
    ours: HoleCards,
    plan: Plan,
) -> SimulationSpot<'a> {
    SimulationSpot {
        game,
        me: 1,
        hole: ours,
        board: &[],
        round: Round::Preflop,
        live: vec![true, true],
        round_bets: vec![2, 1],
        needs_action: vec![true, true],
        put_in: vec![false, false],
        pot: 3,
        level: 1,
        opponents: vec![SimOpponent {
            position: 0,
            weights: uniform,
            thresholds: ByContext([[(0.0, 0.0); 3]; 4]),
            frequencies: ByContext::splat(ByAction::new(0.0, 0.0, 1.0)),
            trust: 0.0,
        }],
        rules,
        smoothing: 0.05,
        ehs_now: 0.5,
        own: None,
        folded: Vec::new(),
        ppot1_now: 0.0,
        plan: Some(plan),
        strength_samples: 48,
    }
}

/// Pre-flop strength by the high card's rank alone.
fn by_high_card() -> Percentiles {
    Percentiles(
        HoleCards::all()
            .map(|h| f64::from(h.high().rank().index()) / 12.0)
            .collect(),
    )
}

#[test]
fn preflop_against_a_maniac_plays_every_hand_it_should() {
    // Aces raise; the value of playing beats folding's 0 for a middling hand too, while
    // a plan of Make0 (fold) would give up the blind.
    let game = GameConfig::limit(2, 1, 2, 2, 4).unwrap();
    let rules = PostflopConfig::default();
    let cfg = SimulationConfig::default();
    let uniform = WeightTable::uniform();
    let pct = by_high_card();
    let spot = |h: HoleCards| maniac_spot(&game, &rules, &uniform, h, Plan::Make1);
    let aces = simulate(&spot(hole("AsAd")), &pct, &cfg, [true, true, true], 5);
    assert_eq!(aces.action, Action::Raise, "{aces:?}");
    assert!(aces.ev.raise().unwrap() > 10.0, "{aces:?}");
    let mid = simulate(&spot(hole("Ts8d")), &pct, &cfg, [true, true, true], 5);
    assert!(mid.ev.call().unwrap() > 0.0, "{mid:?}");
    assert_ne!(mid.action, Action::Fold);
    // The same seed, the same numbers.
    assert_eq!(
        mid,
        simulate(&spot(hole("Ts8d")), &pct, &cfg, [true, true, true], 5)
    );
}

#[test]
fn a_line_that_put_chips_in_before_the_flop_stays_in() {
    // The maniac with aces on a plan of Make0 (fold to any bet). Without
    // `preflop_stays_in` the plan folds both lines to the maniac's raise: the call loses
    // the small blind's 1 more, the raise the 3 it put in, in every trial. With it both
    // lines go on to the showdown, where aces against a uniform holding are well ahead.
    let game = GameConfig::limit(2, 1, 2, 2, 4).unwrap();
    let rules = PostflopConfig::default();
    let uniform = WeightTable::uniform();
    let spot = maniac_spot(&game, &rules, &uniform, hole("AsAd"), Plan::Make0);
    let on = SimulationConfig::default();
    assert!(on.preflop_stays_in);
    let off = SimulationConfig {
        preflop_stays_in: false,
        ..on.clone()
    };
    let pct = by_high_card();
    let folds = simulate(&spot, &pct, &off, [true, true, true], 5);
    assert_eq!(folds.ev, [Some(0.0), Some(-1.0), Some(-3.0)], "{folds:?}");
    assert_eq!(folds.action, Action::Fold);
    let stays = simulate(&spot, &pct, &on, [true, true, true], 5);
    assert!(stays.ev.call().unwrap() > 5.0, "{stays:?}");
    assert!(stays.ev.raise().unwrap() > 5.0, "{stays:?}");
    assert_ne!(stays.action, Action::Fold);
}

#[test]
fn multiway_strength_changes_multiway_spots_only() {
    // Heads-up the strength is raised to the power 1: nothing changes.
    let game = GameConfig::limit(2, 1, 2, 2, 4).unwrap();
    let board = parse_cards("2c7d9hJsKs").unwrap();
    let rules = PostflopConfig::default();
    let on = SimulationConfig::default();
    assert!(on.multiway_strength);
    let off = SimulationConfig {
        multiway_strength: false,
        ..on.clone()
    };
    let uniform = WeightTable::uniform();
    let ranges = BoardRanges::new(&board).unwrap();
    let hu = river_spot(
        &game,
        &board,
        &rules,
        hole("KdQc"),
        &uniform,
        ByContext([[(0.7, 0.3); 3]; 4]),
    );
    let legal = [false, true, true];
    assert_eq!(
        simulate(&hu, &ranges, &on, legal, 9),
        simulate(&hu, &ranges, &off, legal, 9)
    );
    // Four-handed, opponents who bet the top 30% of holdings by their own strength bet
    // less often once that strength is HS_n against three players: our check is worth
    // more (fewer bets to face with a middling hand).
    let game4 = GameConfig::limit(4, 1, 2, 2, 4).unwrap();
    let mut four = river_spot(
        &game4,
        &board,
        &rules,
        hole("9d8d"),
        &uniform,
        ByContext([[(0.7, 0.3); 3]; 4]),
    );
    four.live = vec![true; 4];
    four.round_bets = vec![0; 4];
    four.needs_action = vec![true; 4];
    four.put_in = vec![false; 4];
    four.opponents = (1..4)
        .map(|p| SimOpponent {
            position: p,
            ..four.opponents[0]
        })
        .collect();
    let a = simulate(&four, &ranges, &on, legal, 9);
    let b = simulate(&four, &ranges, &off, legal, 9);
    assert!(a.ev.call().unwrap() > b.ev.call().unwrap(), "{a:?} {b:?}");
}

#[test]
fn trust_mixes_the_thresholds_with_plain_frequencies() {
    // Ahead on the river with a pot of 10. By its thresholds the opponent folds every
    // holding to a bet (a rock); by its frequencies it always calls (a station). Fully
    // trusted it folds (bet worth +10), not trusted at all it calls (+14), half trusted
    // it folds half the time (about +12).
    let game = GameConfig::limit(2, 1, 2, 2, 4).unwrap();
    let board = parse_cards("2c7d9hJsKs").unwrap();
    let rules = PostflopConfig::default();
    let cfg = SimulationConfig {
        triple_width: 0.0,
        z: 0.0,
        ..SimulationConfig::default()
    };
    let theirs = only(hole("7s3c"));
    let rock = ByContext([[(1.0, 1.0); 3]; 4]);
    let raise_value = |trust: f64| {
        let mut spot = river_spot(&game, &board, &rules, hole("KdQc"), &theirs, rock);
        spot.opponents[0].trust = trust;
        simulate(&spot, &Flat(0.3), &cfg, [false, true, true], 4)
            .ev
            .raise()
            .unwrap()
    };
    assert_eq!(raise_value(1.0), 10.0);
    assert_eq!(raise_value(0.0), 14.0);
    let half = raise_value(0.5);
    assert!((11.5..12.5).contains(&half), "{half}");
}

#[test]
fn opponents_are_dealt_holdings_in_proportion_to_their_weights() {
    // On the river against a calling station whose table weighs a holding we beat three
    // times as much as one that beats us (0.3 against 0.1): checking wins the pot of 10
    // in about 75% of the trials. A sampler that always took the likeliest holding would
    // win every time, a uniform one half the time.
    let game = GameConfig::limit(2, 1, 2, 2, 4).unwrap();
    let board = parse_cards("2c7d9hJsKs").unwrap();
    let rules = PostflopConfig::default();
    let cfg = SimulationConfig {
        z: 0.0,
        trials: 2000,
        ..SimulationConfig::default()
    };
    let mut w = [0.0; HOLDINGS];
    w[hole("7s3c").index()] = 0.3;
    w[hole("KhKc").index()] = 0.1;
    let theirs = WeightTable::from_weights(&w).unwrap();
    let spot = river_spot(&game, &board, &rules, hole("KdQc"), &theirs, STATION);
    let out = simulate(&spot, &Flat(0.3), &cfg, [false, true, true], 21);
    let share = out.ev.call().unwrap() / 10.0;
    // 2,000 trials: the standard error of the share is about 0.01.
    assert!((share - 0.75).abs() < 0.04, "{share}");
}

/// Our rules never bet or call a bet: every in-trial decision of ours is check or fold.
fn passive_rules() -> PostflopConfig {
    PostflopConfig {
        make1: 1.0,
        make2: 1.0,
        call: 1.0,
        check_raise: 1.01,
        semi_bluff: false,
        showdown_odds: false,
    }
}

#[test]
fn folded_players_cards_are_dealt_before_the_board() {
    // On the turn Ac Kd 7h 5s we hold 2c 2d against queens: only a Two on the river (2h
    // or 2s) wins. A player who folded holds exactly those two cards. Both of us check to
    // the showdown (a station that never bets, our rules that never bet): the check is
    // worth 10 x P(we win), 2/44 of the pot without dealing the folded cards, 0 with it.
    let game = GameConfig::limit(3, 1, 2, 2, 4).unwrap();
    let board = parse_cards("AcKd7h5s").unwrap();
    let rules = passive_rules();
    let theirs = only(hole("QsQh"));
    let folder = only(hole("2h2s"));
    // A station that never bets, whatever it holds.
    let never_bets = ByContext([[(2.0, 0.0); 3]; 4]);
    let mut spot = river_spot(&game, &board, &rules, hole("2c2d"), &theirs, never_bets);
    spot.round = Round::Turn;
    spot.live = vec![true, true, false];
    spot.round_bets = vec![0; 3];
    spot.needs_action = vec![true, true, false];
    spot.put_in = vec![false; 3];
    spot.folded = vec![&folder];
    let off = SimulationConfig {
        z: 0.0,
        triple_width: 0.0,
        ..SimulationConfig::default()
    };
    let on = SimulationConfig {
        deal_folded: true,
        ..off.clone()
    };
    let a = simulate(&spot, &Flat(0.3), &off, [false, true, false], 2);
    let b = simulate(&spot, &Flat(0.3), &on, [false, true, false], 2);
    let share = a.ev.call().unwrap() / 10.0;
    assert!(share > 0.01 && share < 0.1, "{a:?}");
    assert_eq!(b.ev.call(), Some(0.0), "{b:?}");
}

#[test]
fn a_free_check_is_never_worth_less_than_folding() {
    // On the river an opponent with the nuts bets whenever checked to and re-raises a bet;
    // our rules call everything. Checking and calling loses 4, betting loses 8, but a
    // free check followed by a fold would lose nothing: with the floor the check is
    // worth 0.
    let game = GameConfig::limit(2, 1, 2, 2, 4).unwrap();
    let board = parse_cards("2c7d9hJsKs").unwrap();
    let rules = PostflopConfig {
        call: 0.0,
        ..passive_rules()
    };
    let theirs = only(hole("KhKc"));
    let maniac = ByContext([[(0.0, 0.0); 3]; 4]);
    let spot = river_spot(&game, &board, &rules, hole("3d4d"), &theirs, maniac);
    let off = SimulationConfig {
        triple_width: 0.0,
        ..SimulationConfig::default()
    };
    let on = SimulationConfig {
        free_check_floor: true,
        ..off.clone()
    };
    let a = simulate(&spot, &Flat(0.3), &off, [false, true, true], 8);
    let b = simulate(&spot, &Flat(0.3), &on, [false, true, true], 8);
    assert_eq!(a.ev.call(), Some(-4.0), "{a:?}");
    assert_eq!(b.ev.call(), Some(0.0), "{b:?}");
    assert_eq!(a.ev.raise(), b.ev.raise());
    assert_eq!(b.action, Action::Call);
    // Facing a bet (folding legal) nothing is floored.
    let mut facing = spot.clone();
    facing.me = 1;
    facing.opponents[0].position = 0;
    facing.round_bets = vec![4, 0];
    facing.needs_action = vec![false, true];
    facing.put_in = vec![true, false];
    facing.pot = 14;
    facing.level = 1;
    let c = simulate(&facing, &Flat(0.3), &on, [true, true, true], 8);
    assert!(c.ev.call().unwrap() < 0.0, "{c:?}");
}

#[test]
fn own_potential_lets_us_chase_a_draw_in_trial() {
    // On the flop Kc 7d 2d we hold the nut flush draw Ad 9d; the opponent (known to hold
    // kings) bets whenever checked to and calls bets. Without potential our in-trial
    // rules fold to its bet (EHS now is low and PPot1 is read as 0), so checking is worth
    // 0; with our real PPot1 (9 outs) above the pot odds we call and sometimes win.
    let game = GameConfig::limit(2, 1, 2, 2, 4).unwrap();
    let board = parse_cards("Kc7d2d").unwrap();
    let ranges = BoardRanges::new(&board).unwrap();
    let rules = PostflopConfig {
        semi_bluff: false,
        showdown_odds: false,
        ..PostflopConfig::default()
    };
    let theirs = only(hole("KhKs"));
    let bettor = ByContext([[(0.0, 0.0), (1.0, 0.0), (1.0, 0.0)]; 4]);
    let mut spot = river_spot(&game, &board, &rules, hole("Ad9d"), &theirs, bettor);
    spot.round = Round::Flop;
    spot.ehs_now = 0.2;
    spot.ppot1_now = 9.0 / 47.0;
    let off = SimulationConfig {
        z: 0.0,
        triple_width: 0.0,
        ..SimulationConfig::default()
    };
    let on = SimulationConfig {
        own_potential: true,
        ..off.clone()
    };
    let a = simulate(&spot, &ranges, &off, [false, true, false], 6);
    let b = simulate(&spot, &ranges, &on, [false, true, false], 6);
    assert_eq!(a.ev.call(), Some(0.0), "{a:?}");
    assert!(b.ev.call().unwrap() != 0.0, "{b:?}");
}

#[test]
fn with_the_model_of_our_own_seat_our_later_actions_follow_it() {
    // The turn, heads-up, we (position 0) act first into 10 with a set of jacks against
    // an opponent whose only holding is 4c3c. The opponent checks behind or calls on
    // the turn and bets or raises every river.
    let game = GameConfig::limit(2, 1, 2, 2, 4).unwrap();
    let board = parse_cards("2c7d9hJs").unwrap();
    let rules = PostflopConfig::default();
    let cfg = SimulationConfig {
        triple_width: 0.0,
        ..SimulationConfig::default()
    };
    let theirs = only(hole("4c3c"));
    let mut maniac_on_the_river = STATION;
    maniac_on_the_river.0[3] = [(0.0, 0.0); 3];
    let mut spot = river_spot(
        &game,
        &board,
        &rules,
        hole("JdJh"),
        &theirs,
        maniac_on_the_river,
    );
    spot.round = Round::Turn;
    // Our own rules play the river: the set wins, and both lines are worth more than
    // what we put in on the turn.
    let out = simulate(&spot, &Flat(0.3), &cfg, [false, true, true], 5);
    assert!(out.ev.call().unwrap() > 10.0, "{:?}", out.ev);
    assert!(out.ev.raise().unwrap() > 14.0, "{:?}", out.ev);
    // A model of our own seat that checks when free and folds to every bet (thresholds
    // above every strength) plays our river instead: a check then a fold to the river bet (0), or the
    // turn bet called and then the same fold (-4), whatever we hold.
    let uniform = WeightTable::uniform();
    let folder = SimOpponent {
        position: 0,
        weights: &uniform,
        thresholds: ByContext([[(1.5, 1.5); 3]; 4]),
        frequencies: ByContext::splat(ByAction::new(1.0, 0.0, 0.0)),
        trust: 1.0,
    };
    spot.own = Some((folder, false));
    let out = simulate(&spot, &Flat(0.3), &cfg, [false, true, true], 5);
    assert_eq!(out.ev, [None, Some(0.0), Some(-4.0)]);
    // Against an opponent who bets and raises on the turn too, our answer on the turn
    // is our rules' with the model for later rounds only, and the model's (a fold) with
    // it for every round: a check then a fold (0), a bet then a fold to the raise (-4).
    spot.opponents[0].thresholds.0[2] = [(0.0, 0.0); 3];
    let later = simulate(&spot, &Flat(0.3), &cfg, [false, true, true], 5);
    assert_ne!(later.ev.call(), Some(0.0), "{:?}", later.ev);
    spot.own = Some((folder, true));
    let all = simulate(&spot, &Flat(0.3), &cfg, [false, true, true], 5);
    assert_eq!(all.ev, [None, Some(0.0), Some(-4.0)]);
}
