//! Properties: hands played by the engine under the IRC rules, written as `hdb`/`pdb`
//! lines (each player's own actions only), replay to the same order of play; nothing read
//! from a file makes the reader or the replay panic.
#![allow(missing_docs)]
use loki_cards::{rng_from_seed, uniform_below, Card, Deck, HoleCards};
use loki_engine::Position;
use loki_engine::{Action, GameConfig, GameSpec, HandState, Phase, RuleOptions};
use loki_irc::archive::{Archive, HandParts};
use loki_irc::lines::{parse_hdb, parse_hroster, parse_pdb, read_lines, HdbLine, PdbLine};
use loki_irc::replay::replay;
use proptest::prelude::*;

/// Plays one random hand with `n` players under the IRC rules (two blinds) and returns
/// its lines and the order of play as (IRC position, character).
fn random_hand(n: usize, seed: u64) -> (HandParts, Vec<(usize, char)>) {
    let mut rng = rng_from_seed(seed);
    let bankrolls: Vec<i64> = (0..n)
        .map(|_| 20 + i64::from(uniform_below(&mut rng, 400)))
        .collect();
    // IRC position k (1-based) is engine position k - 1, heads-up reversed.
    let irc_of = |p: usize| if n == 2 { [2, 1][p] } else { p + 1 };
    let mut by_engine = bankrolls.clone();
    if n == 2 {
        by_engine.reverse();
    }
    let config = GameConfig::new(GameSpec {
        seats: n,
        small_blind: 5,
        big_blind: 10,
        small_bet: 10,
        big_bet: 20,
        max_raises: Some(3),
        stacks: Some(by_engine),
        rules: RuleOptions {
            uncapped_heads_up: true,
            single_blind: false,
            fold_when_check_free: true,
            postflop_first: (n == 2).then_some(1),
        },
    })
    .unwrap();
    let mut state = HandState::new(&config).unwrap();
    let mut deck = Deck::shuffled(&mut rng);
    for p in Position::all(n) {
        let c = HoleCards::new(deck.deal().unwrap(), deck.deal().unwrap()).unwrap();
        state.deal_hole(p, c).unwrap();
    }
    let mut strings = vec![[String::new(), String::new(), String::new(), String::new()]; n];
    for (p, s) in strings.iter_mut().enumerate() {
        if config.blinds()[p] > 0 {
            s[0].push('B');
        }
    }
    let mut order = Vec::new();
    let mut board: Vec<Card> = Vec::new();
    let mut raises = 0;
    loop {
        match state.phase() {
            Phase::DealBoard(r) => {
                let cards: Vec<Card> = (0..r.cards_dealt()).map(|_| deck.deal().unwrap()).collect();
                board.extend(&cards);
                state.deal_board(&cards).unwrap();
            }
            Phase::Act(p) => {
                let legal = state.legal_actions().to_vec();
                // Folding when checking is free is rare; raise wars are bounded.
                let mut a = legal[uniform_below(&mut rng, legal.len() as u32) as usize];
                if a == Action::Fold
                    && state.amount_to_call(p) == 0
                    && uniform_below(&mut rng, 4) > 0
                {
                    a = Action::Call;
                }
                if a == Action::Raise && raises > 8 {
                    a = Action::Call;
                }
                raises += usize::from(a == Action::Raise);
                let to_call = state.amount_to_call(p);
                let level = state.bets_this_round();
                let r = state.round().index();
                state.apply(a).unwrap();
                let c = match a {
                    Action::Fold => 'f',
                    _ if state.is_all_in(p) => 'A',
                    Action::Call if to_call == 0 => 'k',
                    Action::Call => 'c',
                    Action::Raise if level == 0 => 'b',
                    Action::Raise => 'r',
                };
                strings[p.index()][r].push(c);
                order.push((irc_of(p.index()), c));
            }
            _ => break,
        }
    }
    let t = 900_000_000 + seed % 1000;
    let names: Vec<String> = (0..n).map(|p| format!("p{}", irc_of(p))).collect();
    let hdb = format!(
        "{t} 1 1 {n} 0/0 0/0 0/0 0/0 {}",
        board
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    let mut sorted = names.clone();
    sorted.sort();
    let roster = format!("{t} {n} {}", sorted.join(" "));
    let mut parts = HandParts {
        hdb: Some(parse_hdb(&hdb).unwrap()),
        roster: Some(parse_hroster(&roster).unwrap()),
        ..HandParts::default()
    };
    let start = if n == 2 {
        let mut b = bankrolls.clone();
        b.reverse();
        b
    } else {
        bankrolls.clone()
    };
    for p in 0..n {
        let s = |r: usize| {
            if strings[p][r].is_empty() {
                "-".to_string()
            } else {
                strings[p][r].clone()
            }
        };
        let line = format!(
            "{} {t} {n} {} {} {} {} {} {} {} 0",
            names[p],
            irc_of(p),
            s(0),
            s(1),
            s(2),
            s(3),
            start[p],
            state.contributions()[p]
        );
        let l: PdbLine = parse_pdb(&line, None).unwrap();
        parts.pdb.insert(names[p].clone(), l);
    }
    (parts, order)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn engine_hands_replay_in_the_same_order(n in 2usize..=10, seed in any::<u64>()) {
        let (parts, order) = random_hand(n, seed);
        let h = replay(&parts).map_err(|e| TestCaseError::fail(format!("{e}")))?;
        let got: Vec<(usize, char)> = h
            .decisions
            .iter()
            .map(|d| (h.irc_positions[d.spot.position], d.symbol))
            .collect();
        prop_assert_eq!(got, order);
    }

    #[test]
    fn line_parsers_never_panic(s in "[ -~]{0,120}") {
        let _ = parse_hdb(&s);
        let _ = parse_hroster(&s);
        let _ = parse_pdb(&s, Some("x"));
    }

    #[test]
    fn reader_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let _ = read_lines(&bytes[..], parse_pdb_any);
    }

    #[test]
    fn replay_never_panics(
        n in 2usize..=4,
        actions in proptest::collection::vec("[-BfkbcrAQK]{1,4}", 16),
        bankrolls in proptest::collection::vec(0i64..300, 4),
        board in 0usize..=5,
        shown in any::<bool>(),
    ) {
        let mut a = Archive::new();
        let cards = ["As", "Kd", "2c", "3d", "4h", "5s", "6c", "7d", "8h", "9s", "Tc", "Jd", "Qh"];
        let board_text = cards[4..4 + board].join(" ");
        let hdb: HdbLine = match parse_hdb(&format!("1 1 1 {n} 0/0 0/0 0/0 0/0 {board_text}")) {
            Ok(h) => h,
            Err(_) => return Ok(()),
        };
        a.add_hdb(vec![hdb]);
        let names: Vec<String> = (0..n).map(|i| format!("n{i}")).collect();
        a.add_roster(vec![parse_hroster(&format!("1 {n} {}", names.join(" "))).unwrap()]);
        let mut lines = Vec::new();
        for (i, name) in names.iter().enumerate() {
            let hole = if shown { format!(" {} {}", cards[2 * i % 4], cards[(2 * i + 1) % 4]) } else { String::new() };
            let text = format!(
                "{name} 1 {n} {} {} {} {} {} {} 10 0{hole}",
                i + 1,
                actions[4 * i],
                actions[4 * i + 1],
                actions[4 * i + 2],
                actions[4 * i + 3],
                bankrolls[i]
            );
            if let Ok(l) = parse_pdb(&text, None) {
                lines.push(l);
            }
        }
        a.add_pdb(lines);
        for (_, parts) in a.hands() {
            let _ = replay(parts);
        }
    }
}

fn parse_pdb_any(s: &str) -> Result<PdbLine, loki_irc::LineError> {
    parse_pdb(s, None)
}
