//! Property tests over random hands with random players and 2-10 seats: chips conserved,
//! every action legal (and illegal ones refused without change), rounds end exactly when
//! the rules say, the cap respected, and the same seed gives identical hands.
//! Hands played here: 300 x 300 + 60 x 2 x 100 = 102,000 (plus 30,000 written and
//! replayed in `loki-history`).
#![allow(missing_docs)]
use loki_cards::{rng_from_seed, uniform_below, Deck, LokiRng};
use loki_engine::Position;
use loki_engine::{
    Action, Event, GameConfig, GameSpec, HandState, Phase, Player, RandomPlayer, Round,
    RuleOptions, Table,
};
use proptest::prelude::*;

fn random_config(rng: &mut LokiRng) -> GameConfig {
    let seats = 2 + uniform_below(rng, 9) as usize;
    let finite = uniform_below(rng, 3) == 0;
    let rules = RuleOptions {
        uncapped_heads_up: uniform_below(rng, 4) == 0,
        single_blind: uniform_below(rng, 6) == 0,
        fold_when_check_free: uniform_below(rng, 4) == 0,
        postflop_first: (uniform_below(rng, 4) == 0)
            .then(|| uniform_below(rng, seats as u32) as usize),
    };
    GameConfig::new(GameSpec {
        seats,
        stacks: finite.then(|| {
            (0..seats)
                .map(|_| 1 + i64::from(uniform_below(rng, 60)))
                .collect()
        }),
        rules,
        ..GameSpec::default()
    })
    .unwrap()
}

/// Plays one hand with random (sometimes illegal) choices and checks every step.
fn checked_hand(config: &GameConfig, rng: &mut LokiRng) -> Result<(), TestCaseError> {
    let n = config.seats();
    let mut s = HandState::new(config).unwrap();
    let mut deck = Deck::shuffled(rng);
    for p in Position::all(n) {
        let c = deck.deal_n(2).unwrap();
        s.deal_hole(p, loki_cards::HoleCards::new(c[0], c[1]).unwrap())
            .unwrap();
    }
    let mut acted = vec![false; n];
    let mut raises = 0u32;
    let mut round = Round::Preflop;
    let mut steps = 0;
    loop {
        steps += 1;
        prop_assert!(steps < 1000, "hand does not end");
        match s.phase() {
            Phase::Complete => break,
            Phase::DealHole(_) | Phase::Reveal(_) => prop_assert!(false, "cards due after dealing"),
            Phase::DealBoard(r) => {
                // the previous round ended: everyone live and not all-in matched the bet
                // and acted since the last raise (unless nobody could bet)
                let bets = s.round_bets();
                let max = bets.iter().copied().max().unwrap_or(0);
                let active: Vec<Position> = Position::all(n)
                    .filter(|&p| s.is_live(p) && !s.is_all_in(p))
                    .collect();
                for &p in &active {
                    prop_assert_eq!(bets[p.index()], max, "round ended with an unmatched bet");
                    if active.len() > 1 {
                        prop_assert!(acted[p.index()], "round ended before position {} acted", p);
                    }
                }
                let c = deck.deal_n(r.cards_dealt()).unwrap().to_vec();
                s.deal_board(&c).unwrap();
                acted = vec![false; n];
                raises = 0;
                round = r;
            }
            Phase::Act(p) => {
                prop_assert!(s.is_live(p) && !s.is_all_in(p));
                // the engine's per-round facts are those of a scan of the events
                for q in Position::all(n) {
                    let amounts: Vec<i64> = s
                        .events()
                        .iter()
                        .filter_map(|e| match e {
                            Event::Action(a) if a.position == q && a.round == s.round() => {
                                Some(a.amount)
                            }
                            _ => None,
                        })
                        .collect();
                    prop_assert_eq!(s.acted_this_round(q), !amounts.is_empty());
                    prop_assert_eq!(s.put_in_this_round(q), amounts.iter().any(|&x| x > 0));
                    prop_assert_eq!(s.view(p).acted_this_round(q), s.acted_this_round(q));
                    prop_assert_eq!(s.view(p).put_in_this_round(q), s.put_in_this_round(q));
                }
                let bets = s.round_bets().to_vec();
                let max = bets.iter().copied().max().unwrap_or(0);
                prop_assert!(
                    !acted[p.index()] || bets[p.index()] < max,
                    "asked to act with nothing to do"
                );
                let legal = s.legal_actions();
                prop_assert!(legal.call, "calling is always legal");
                for a in Action::ALL {
                    prop_assert_eq!(legal.contains(a), s.check(a).is_ok());
                }
                // try an illegal action now and then: refused, nothing changes
                if let Some(bad) = Action::ALL.into_iter().find(|a| !legal.contains(*a)) {
                    let events = s.events().len();
                    let contrib = s.contributions().to_vec();
                    prop_assert!(s.apply(bad).is_err());
                    prop_assert_eq!(s.events().len(), events);
                    prop_assert_eq!(s.contributions(), &contrib[..]);
                    prop_assert_eq!(s.phase(), Phase::Act(p));
                }
                let choices = legal.to_vec();
                let weights: Vec<u32> = choices
                    .iter()
                    .map(|a| match a {
                        Action::Fold => 1,
                        Action::Call => 3,
                        Action::Raise => 3,
                    })
                    .collect();
                let mut x = uniform_below(rng, weights.iter().sum());
                let mut action = choices[0];
                for (a, w) in choices.iter().zip(&weights) {
                    if x < *w {
                        action = *a;
                        break;
                    }
                    x -= w;
                }
                s.apply(action).unwrap();
                acted[p.index()] = true;
                if action == Action::Raise {
                    raises += 1;
                    for (q, flag) in acted.iter_mut().enumerate() {
                        if q != p.index() {
                            *flag = false;
                        }
                    }
                    let live = Position::all(n).filter(|&q| s.is_live(q)).count();
                    let uncapped = config.rules().uncapped_heads_up && live == 2;
                    if let (Some(m), false) = (config.max_raises(), uncapped) {
                        let opening = u32::from(round != Round::Preflop);
                        prop_assert!(raises <= m + opening, "cap exceeded");
                    }
                }
            }
        }
    }
    let r = s.result().unwrap();
    prop_assert_eq!(r.net.iter().sum::<i64>(), 0, "chips not conserved");
    let awarded: i64 = s
        .events()
        .iter()
        .map(|e| match e {
            Event::PotAwarded { amount, shares, .. } => {
                assert_eq!(shares.iter().map(|x| x.1).sum::<i64>(), *amount);
                *amount
            }
            _ => 0,
        })
        .sum();
    prop_assert_eq!(awarded, s.pot());
    if let (Some(start), Some(fin)) = (config.stacks(), &r.finishing_stacks) {
        for p in Position::all(n) {
            prop_assert_eq!(fin[p], start[p.index()] + r.net[p]);
            prop_assert!(fin[p] >= 0);
        }
    }
    let folds = Position::all(n).filter(|&p| !s.is_live(p)).count();
    prop_assert_eq!(r.showdown, folds < n - 1);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn random_hands_follow_the_rules(seed in any::<u64>()) {
        let mut rng = rng_from_seed(seed);
        for _ in 0..300 {
            let config = random_config(&mut rng);
            checked_hand(&config, &mut rng)?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]
    #[test]
    fn same_seed_same_hands(seed in any::<u64>(), seats in 2usize..=10) {
        let play = || {
            let config = GameConfig::paper(seats).unwrap();
            let players = (0..seats)
                .map(|i| Box::new(RandomPlayer::new(format!("random-{}", i + 1), seed ^ i as u64)) as Box<dyn Player + Send>)
                .collect();
            Table::new(config, players, seed).unwrap().play(100).unwrap()
        };
        let (a, b) = (play(), play());
        prop_assert_eq!(&a, &b);
        // the button moves: position p sits at seat (p + h) mod N
        for r in &a {
            for p in Position::all(seats) {
                prop_assert_eq!(r.seats[p].index(), (p.index() + r.hand_number as usize) % seats);
            }
            prop_assert_eq!(r.net.iter().sum::<i64>(), 0);
        }
    }
}
