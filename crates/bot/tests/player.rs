//! The Loki players at a real table: every action legal, traces filled, deterministic.
#![allow(missing_docs)]
use loki_bot::{Knowledge, LokiConfig, LokiPlayer, Style, KINDS};
use loki_engine::{play_hand_seated, Deal, GameConfig, Player, Seat, Table};
use loki_engine::{ByPosition, Position};
use std::sync::Arc;

fn players(know: &Arc<Knowledge>, kinds: &[&str], seed: u64) -> Vec<LokiPlayer> {
    kinds
        .iter()
        .enumerate()
        .map(|(i, k)| {
            LokiPlayer::new(
                format!("{k}-{i}"),
                Style::named(k, &know.config).unwrap(),
                know.clone(),
                seed + i as u64,
            )
        })
        .collect()
}

fn play(kinds: &[&str], hands: u64, seed: u64) -> (Vec<i64>, Vec<LokiPlayer>) {
    let know = Knowledge::new(LokiConfig::default()).unwrap();
    let n = kinds.len();
    let config = GameConfig::limit(n, 1, 2, 2, 4).unwrap();
    let mut ps = players(&know, kinds, seed);
    let mut total = vec![0i64; n];
    for h in 0..hands {
        let deal = loki_sim_free_deal(seed, h, n);
        let seats: ByPosition<Seat> = Position::all(n).map(|p| Table::seat_of(p, h, n)).collect();
        let r = play_hand_seated(&config, &mut ps, &deal, &seats).expect("legal play");
        for (p, &s) in seats.iter().enumerate() {
            total[s.index()] += r.net[Position::new(p)];
        }
        know.boards.clear();
    }
    (total, ps)
}

fn loki_sim_free_deal(seed: u64, h: u64, n: usize) -> Deal {
    let mut deck = loki_cards::Deck::from_seed(seed.wrapping_mul(1_000_003).wrapping_add(h));
    Deal::from_deck(n, &mut deck).unwrap()
}

#[test]
fn all_kinds_play_legally_and_deterministically() {
    // Thirteen kinds, ten seats: two tables cover them all.
    let all: Vec<&str> = KINDS
        .iter()
        .filter(|k| k.shape().is_some())
        .map(|k| k.name)
        .collect();
    for kinds in [&all[..10], &all[all.len() - 10..]] {
        let (a, ps) = play(kinds, 40, 5);
        assert_eq!(a.iter().sum::<i64>(), 0);
        let (b, _) = play(kinds, 40, 5);
        assert_eq!(a, b, "same seed, same result");
        // Somebody made a post-flop decision with a full trace.
        let traced = ps
            .iter()
            .filter_map(|p| p.last_trace())
            .any(|t| t.assessment.is_some());
        assert!(traced);
    }
}

#[test]
fn som_learns_statistics_across_hands() {
    use loki_bot::frequencies::thresholds;
    use loki_bot::opponent_model::ModelMode;
    use loki_bot::Context;
    use loki_engine::Round;
    // SOM at a table of tight-passive and loose-aggressive players: after enough hands
    // its model of each must differ from the generic one (GOM's defaults) and move the
    // right way: checked to on the flop, a tight-passive player bets less (a higher
    // raise threshold); facing the big blind pre-flop, a loose player folds less (a
    // lower call threshold).
    let mut kinds = vec!["SOM"];
    kinds.extend(["TP"; 3]);
    kinds.extend(["LA"; 3]);
    let (_, ps) = play(&kinds, 150, 11);
    let som = &ps[0];
    let know = Knowledge::new(LokiConfig::default()).unwrap();
    for (seat, kind) in kinds.iter().enumerate().skip(1) {
        let ctx = match *kind {
            "TP" => Context::new(Round::Flop, 0),
            _ => Context::new(Round::Preflop, 1),
        };
        let generic = know.defaults.get(ctx);
        let m = som
            .model(loki_engine::Seat::new(seat))
            .expect("a model of every opponent");
        assert!(
            m.stats.observations(ctx) >= 10,
            "{}",
            m.stats.observations(ctx)
        );
        let specific = m.frequencies(ModelMode::Specific, ctx, &know.defaults, &know.config.model);
        let gom = m.frequencies(ModelMode::Generic, ctx, &know.defaults, &know.config.model);
        assert_eq!(gom, generic, "GOM's model ignores what it saw");
        let (raise_s, call_s) = thresholds(specific);
        let (raise_g, call_g) = thresholds(generic);
        let why = format!("seat {seat} {kind:?}: SOM {specific:?} vs GOM {generic:?}");
        match *kind {
            "TP" => assert!(raise_s > raise_g + 0.1, "{why}"),
            _ => assert!(call_s < call_g - 0.1, "{why}"),
        }
    }
}

#[test]
fn saved_state_resumes_exactly() {
    // Play 30 hands, save, play 20 more; versus restore into fresh players and play the 20.
    // SOMC's frequencies in context are part of the state: without them the resumed
    // player would decide differently.
    let kinds = ["LOKI2", "SOM", "GOM", "SOMC"];
    let n = kinds.len();
    let know = Knowledge::new(LokiConfig::default()).unwrap();
    let config = GameConfig::limit(n, 1, 2, 2, 4).unwrap();
    let run = |ps: &mut Vec<LokiPlayer>, from: u64, to: u64| -> Vec<i64> {
        let mut out = Vec::new();
        for h in from..to {
            let deal = loki_sim_free_deal(3, h, n);
            let seats: ByPosition<Seat> =
                Position::all(n).map(|p| Table::seat_of(p, h, n)).collect();
            out.extend(play_hand_seated(&config, ps, &deal, &seats).unwrap().net);
        }
        out
    };
    let mut a = players(&know, &kinds, 1);
    run(&mut a, 0, 30);
    let saved: Vec<String> = a.iter().map(|p| p.save_state().unwrap()).collect();
    let cont = run(&mut a, 30, 50);
    let mut b = players(&know, &kinds, 999);
    for (p, s) in b.iter_mut().zip(&saved) {
        p.load_state(s).unwrap();
    }
    assert_eq!(run(&mut b, 30, 50), cont);
    assert!(b[0].load_state("not json").is_err());
}

#[test]
fn somc_reads_frequencies_in_context() {
    // The same table and cards with SOMC in place of SOMT: its opponents' thresholds come
    // from the frequencies in context, so its play (and the table's result) differs, and
    // what its trace shows of an opponent is that opponent's frequency in context, not
    // SOM's blend.
    use loki_bot::opponent_model::ModelMode;
    use loki_bot::Context;
    use loki_engine::Round;
    let table = |me: &str| {
        let mut kinds = vec![me];
        kinds.extend(["TP", "LA", "LP", "TA"]);
        play(&kinds, 120, 21)
    };
    let (somt, _) = table("SOMT");
    let (somc, ps) = table("SOMC");
    assert_ne!(somt, somc);
    let know = Knowledge::new(LokiConfig::default()).unwrap();
    let t = ps[0].last_trace().expect("SOMC decided at least once");
    let opponent = t.opponents.first().expect("an opponent in the trace");
    let m = ps[0]
        .model(opponent.seat)
        .expect("a model of every opponent");
    // The context of our last decision (bets of 2 chips to the flop, 4 after).
    let bet = if t.round <= Round::Flop { 2 } else { 4 };
    let ctx = Context::new(t.round, (t.to_call / bet) as usize);
    let blend = m.frequencies(ModelMode::Specific, ctx, &know.defaults, &know.config.model);
    assert_ne!(opponent.frequencies, blend);
    assert!((opponent.frequencies.total() - 1.0).abs() < 1e-9);
}

/// Replays a heads-up hand to our flop decision (as `loki advise` does) and decides.
fn flop_decision(kind: &str, hole: &str, board: &str) -> loki_bot::Decision {
    use loki_engine::{Action, HandState};
    let know = Knowledge::new(LokiConfig::default()).unwrap();
    let config = GameConfig::limit(2, 1, 2, 2, 4).unwrap();
    let mut state = HandState::new(&config).unwrap();
    let me = 0;
    state
        .deal_hole(Position::new(me), hole.parse().unwrap())
        .unwrap();
    state.deal_hole_hidden(Position::new(1)).unwrap();
    let mut p = LokiPlayer::new(
        "me",
        Style::named(kind, &know.config).unwrap(),
        know.clone(),
        1,
    );
    p.begin_hand(&state.view(Position::new(me)));
    let mut seen = 0;
    let mut feed = |p: &mut LokiPlayer, state: &HandState| {
        let view = state.view(Position::new(me));
        for e in &state.events()[seen..] {
            if e.visible_to(Position::new(me)) {
                p.observe(e, &view);
            }
        }
        seen = state.events().len();
    };
    feed(&mut p, &state);
    for a in [Action::Raise, Action::Call] {
        state.apply(a).unwrap();
        feed(&mut p, &state);
    }
    state
        .deal_board(&loki_cards::parse_cards(board).unwrap())
        .unwrap();
    feed(&mut p, &state);
    p.decide(&state.view(Position::new(me)))
}

#[test]
fn the_semi_bluff_reads_the_next_card_on_the_flop() {
    use loki_bot::postflop::{pot_odds2, Rule};
    use loki_bot::DecisionRule;
    // 6s5s on Kh4d2c after a raised pre-flop heads-up: the two-card potential pays
    // Pot_Odds2 but the next card alone does not, so Loki checks (Papp: "the next card
    // wins it"). Reading PPot2 here would semi-bluff.
    let d = flop_decision("GOM", "6s5s", "Kh4d2c");
    let a = d.trace.assessment.clone().unwrap();
    let odds2 = pot_odds2(2, d.trace.pot);
    assert!(a.ppot >= odds2 && a.ppot1 < odds2, "{a:?} {odds2}");
    assert_ne!(d.trace.rule, DecisionRule::Postflop(Rule::SemiBluff));
    assert_eq!(d.action, loki_engine::Action::Call, "a check");
    // A draw whose next card pays still semi-bluffs (an open-ended straight draw with
    // nothing made, so that its EHS stays below Make1's 0.5).
    let d = flop_decision("GOM", "6d5d", "8s7hKc");
    assert!(d.trace.assessment.as_ref().is_some_and(|a| a.ehs < 0.5));
    assert_eq!(d.trace.rule, DecisionRule::Postflop(Rule::SemiBluff));
}

/// The share of the 1,326 holdings with which a moderate player folds in the small blind
/// (plan Make0) heads-up, where it acts first with the big blind after it.
fn heads_up_small_blind_fold_share() -> f64 {
    use loki_bot::preflop::{choose_plan, expected_players, Plan, PlanInputs, Tightness};
    let know = Knowledge::new(LokiConfig::default()).unwrap();
    let cfg = &know.config.preflop;
    let (already_in, yet_to_act, after) = (0, 1, 1);
    let expected = expected_players(already_in, yet_to_act, cfg.probability_play);
    let table = (expected.round() as usize).clamp(2, 10);
    let folds = loki_cards::HoleCards::all()
        .filter(|&h| {
            let x = PlanInputs {
                income_rate: know.income_rate(table, h),
                position: after,
                expected_players: expected,
                small_blind: true,
            };
            choose_plan(cfg, Tightness::Moderate, &x) == Plan::Make0
        })
        .count();
    folds as f64 / 1326.0
}

#[test]
fn heads_up_small_blind_plays_most_hands() {
    // Completing half a bet into a pot of a bet and a half: folding half the hands (as
    // with a full-table threshold of IR 0) throws away the blind far too often.
    let share = heads_up_small_blind_fold_share();
    assert!(share < 0.2, "{share}");
    assert!(share > 0.0, "{share}");
}

#[test]
fn pena_example_through_the_player_reads_the_table_of_the_expected_players() {
    // Peña's example: the button with A-8 and four active players plays Make2. Ten seats,
    // two players call in front of us and the rest fold; the blinds are still to act:
    // 1 + 2 + 2 x 0.6 = 4.2 expected players, so the player reads A8o's income rate
    // from the four-player table (+196: above the button's Make2 threshold of 150 for
    // 3-4 players, moderate) and raises. From the ten-seat table (+50) it would be
    // below even Make1 (50 + ...) at Make0, and fold.
    use loki_bot::preflop::Plan;
    use loki_engine::{Action, HandState};
    let know = Knowledge::new(LokiConfig::default()).unwrap();
    let hole: loki_cards::HoleCards = "Ah8c".parse().unwrap();
    assert!((know.income_rate(4, hole) - 195.7).abs() < 0.05);
    assert!(know.income_rate(10, hole) < 50.0);
    let config = GameConfig::limit(10, 1, 2, 2, 4).unwrap();
    let mut state = HandState::new(&config).unwrap();
    let me = 9;
    for p in 0..10 {
        if p == me {
            state.deal_hole(Position::new(p), hole).unwrap();
        } else {
            state.deal_hole_hidden(Position::new(p)).unwrap();
        }
    }
    let mut p = LokiPlayer::new(
        "me",
        Style::named("SOM", &know.config).unwrap(),
        know.clone(),
        1,
    );
    p.begin_hand(&state.view(Position::new(me)));
    let mut seen = 0;
    for a in [
        Action::Call,
        Action::Call,
        Action::Fold,
        Action::Fold,
        Action::Fold,
        Action::Fold,
        Action::Fold,
    ] {
        state.apply(a).unwrap();
        let view = state.view(Position::new(me));
        for e in &state.events()[seen..] {
            if e.visible_to(Position::new(me)) {
                p.observe(e, &view);
            }
        }
        seen = state.events().len();
    }
    let d = p.decide(&state.view(Position::new(me)));
    assert_eq!(d.trace.income_rate, Some(know.income_rate(4, hole)));
    assert_eq!(d.trace.plan, Some(Plan::Make2));
    assert_eq!(d.action, Action::Raise);
}

#[test]
fn loki2_draws_one_random_number_per_hand_with_hand_random() {
    // Peña §4: one random number at the start of each hand selects every action of the
    // hand. The player's generator then moves at the start of a hand only, not at its
    // post-flop decisions; without `hand_random` each decision draws its own.
    use loki_engine::{Action, HandState};
    let state_after = |hand_random: bool| {
        let mut config = LokiConfig::default();
        config.triples.hand_random = hand_random;
        let know = Knowledge::new(config).unwrap();
        let game = GameConfig::limit(2, 1, 2, 2, 4).unwrap();
        let mut state = HandState::new(&game).unwrap();
        state
            .deal_hole(Position::new(0), "AsKd".parse().unwrap())
            .unwrap();
        state.deal_hole_hidden(Position::new(1)).unwrap();
        let mut p = LokiPlayer::new(
            "me",
            Style::named("LOKI2", &know.config).unwrap(),
            know.clone(),
            3,
        );
        p.begin_hand(&state.view(Position::new(0)));
        for a in [Action::Raise, Action::Call] {
            state.apply(a).unwrap();
        }
        state
            .deal_board(&loki_cards::parse_cards("Ah7d2c").unwrap())
            .unwrap();
        let before = p.save_state().unwrap();
        p.decide(&state.view(Position::new(0)));
        (before, p.save_state().unwrap())
    };
    let (a, b) = state_after(true);
    assert_eq!(a, b, "a decision drew a number");
    let (c, d) = state_after(false);
    assert_ne!(c, d);
}
