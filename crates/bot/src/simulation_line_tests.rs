//! POKI's trial betting (`Line`) against the rules engine: from any decision of a random
//! hand (2 to 10 seats, the engine's rule options), the same random legal actions give
//! the same actor, pot, bets, live players, round and raise permission at every step,
//! and both end the betting together. Trials assume unlimited stacks (nobody is all-in),
//! as POKI's simulation does, so the engine's games here have none.
use super::Line;
use crate::simulation::MAX_PLAYERS;
use loki_cards::{rng_from_seed, uniform_below, Deck, HoleCards, LokiRng};
use loki_engine::Position;
use loki_engine::{Action, GameConfig, GameSpec, HandState, Phase, RuleOptions};
use proptest::prelude::*;

fn random_config(rng: &mut LokiRng) -> GameConfig {
    let seats = 2 + uniform_below(rng, 9) as usize;
    let rules = RuleOptions {
        uncapped_heads_up: uniform_below(rng, 3) == 0,
        single_blind: uniform_below(rng, 6) == 0,
        fold_when_check_free: uniform_below(rng, 3) == 0,
        postflop_first: (uniform_below(rng, 4) == 0)
            .then(|| uniform_below(rng, seats as u32) as usize),
    };
    let max_raises = match uniform_below(rng, 4) {
        0 => None,
        k => Some(k + 1),
    };
    GameConfig::new(GameSpec {
        seats,
        max_raises,
        rules,
        ..GameSpec::default()
    })
    .unwrap()
}

/// Deals the board while the engine waits for it.
fn deal_boards(s: &mut HandState, deck: &mut Deck) {
    while let Phase::DealBoard(round) = s.phase() {
        let cards = deck.deal_n(round.cards_dealt()).unwrap().to_vec();
        s.deal_board(&cards).unwrap();
    }
}

/// A random legal action (raises favoured, so that caps are reached).
fn pick(s: &HandState, rng: &mut LokiRng) -> Action {
    let legal = s.legal_actions();
    loop {
        let a = match uniform_below(rng, 10) {
            0 => Action::Fold,
            1..=4 => Action::Call,
            _ => Action::Raise,
        };
        if legal.contains(a) {
            return a;
        }
    }
}

/// The line a decision of `s` starts from, built as the player builds its spot.
fn line_of(s: &HandState) -> Line {
    let n = s.players();
    let mut line = Line {
        n,
        live: [false; MAX_PLAYERS],
        bets: [0; MAX_PLAYERS],
        need: [false; MAX_PLAYERS],
        put_in: [false; MAX_PLAYERS],
        current: s.round_bets().iter().copied().max().unwrap_or(0),
        level: s.bets_this_round(),
        pot: s.pot(),
        round: s.round(),
        invested: 0,
    };
    for p in Position::all(n) {
        line.live[p.index()] = s.is_live(p);
        line.bets[p.index()] = s.round_bets()[p.index()];
        line.need[p.index()] = s.needs_action(p) && s.is_live(p);
        line.put_in[p.index()] = s.put_in_this_round(p);
    }
    line
}

fn same_hand(seed: u64) -> Result<(), TestCaseError> {
    let mut rng = rng_from_seed(seed);
    let config = random_config(&mut rng);
    let n = config.seats();
    let mut s = HandState::new(&config).unwrap();
    let mut deck = Deck::shuffled(&mut rng);
    for p in Position::all(n) {
        let c = deck.deal_n(2).unwrap();
        s.deal_hole(p, HoleCards::new(c[0], c[1]).unwrap()).unwrap();
    }
    // A random decision of the hand to start from.
    let skip = uniform_below(&mut rng, 12);
    for _ in 0..skip {
        deal_boards(&mut s, &mut deck);
        if s.to_act().is_none() {
            return Ok(());
        }
        let a = pick(&s, &mut rng);
        s.apply(a).unwrap();
    }
    deal_boards(&mut s, &mut deck);
    let Some(first) = s.to_act() else {
        return Ok(());
    };
    let mut line = line_of(&s);
    let me = first;
    let mut next = first;
    let start = s.contributions()[me.index()];
    let mut steps = 0;
    loop {
        steps += 1;
        prop_assert!(steps < 500, "the betting does not end");
        let actor = line.next_actor(next.index(), config.first_postflop().index());
        let acting = s.to_act().map(|p| p.index());
        prop_assert_eq!(actor, acting, "actor");
        let Some(p) = actor else {
            prop_assert!(s.is_complete());
            break;
        };
        prop_assert_eq!(line.round, s.round());
        prop_assert_eq!(line.pot, s.pot());
        prop_assert_eq!(line.level, s.bets_this_round());
        prop_assert_eq!(&line.bets[..n], s.round_bets());
        for q in Position::all(n) {
            prop_assert_eq!(line.live[q.index()], s.is_live(q));
            prop_assert_eq!(line.put_in[q.index()], s.put_in_this_round(q));
        }
        prop_assert_eq!(
            line.can_raise(&config),
            s.legal_actions().contains(Action::Raise)
        );
        let a = pick(&s, &mut rng);
        line.apply(p, a, config.bet_size(line.round), Position::new(p) == me);
        s.apply(a).unwrap();
        deal_boards(&mut s, &mut deck);
        next = Position::new((p + 1) % n);
        prop_assert_eq!(
            line.invested,
            s.contributions()[me.index()] - start,
            "our chips"
        );
    }
    prop_assert_eq!(line.pot, s.pot());
    prop_assert_eq!(line.invested, s.contributions()[me.index()] - start);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn trial_betting_follows_the_engine(seed in any::<u64>()) {
        same_hand(seed)?;
    }
}
