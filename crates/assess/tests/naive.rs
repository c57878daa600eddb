#![allow(missing_docs)]
//! Property tests: weighted HS and HP equal a naive weighted loop (Figures 1 and 2 of
//! the paper, holding-major) on random spots and random weights.
mod common;

use common::{naive_hp, naive_hs};
use loki_assess::*;
use loki_cards::{Card, HoleCards, HOLDINGS};
use proptest::prelude::*;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

fn spot_strategy(board_len: usize) -> impl Strategy<Value = (HoleCards, Vec<Card>, Vec<f64>)> {
    (
        Just(()).prop_perturb(move |_, mut rng| {
            let mut cards: Vec<u8> = (0..52).collect();
            for i in 0..2 + board_len {
                let j = i + (rng.next_u32() as usize % (52 - i));
                cards.swap(i, j);
            }
            cards.truncate(2 + board_len);
            cards
        }),
        proptest::collection::vec(prop_oneof![Just(0.0), Just(1.0), 0.0..=1.0f64], HOLDINGS),
    )
        .prop_map(|(cards, w)| {
            let c = |i: u8| Card::from_index(i).unwrap();
            let hole = HoleCards::new(c(cards[0]), c(cards[1])).unwrap();
            (hole, cards[2..].iter().map(|&i| c(i)).collect(), w)
        })
}

fn table(w: &[f64]) -> WeightTable {
    WeightTable::from_weights(w.try_into().unwrap()).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn hs_equals_naive((hole, board, w) in (0usize..4).prop_flat_map(|i| spot_strategy([0, 3, 4, 5][i]))) {
        let t = table(&w);
        let want = naive_hs(hole, &board, &t);
        if board.is_empty() { return Ok(()); }
        match hand_strength(hole, &board, &t) {
            Ok(s) => {
                prop_assert!(close(s.ahead, want[0]) && close(s.tied, want[1]) && close(s.behind, want[2]));
            }
            Err(e) => prop_assert!(want.iter().sum::<f64>() == 0.0, "{e}"),
        }
    }

    #[test]
    fn hp1_equals_naive((hole, board, w) in (0usize..2).prop_flat_map(|i| spot_strategy(3 + i))) {
        let t = table(&w);
        let (hp, tot, r) = naive_hp(hole, &board, &t, 1);
        let p = potential(hole, &board, &t, Lookahead::One).unwrap();
        prop_assert_eq!(p.runouts, r);
        for i in 0..3 {
            prop_assert!(close(p.hp_total[i], tot[i]));
            for j in 0..3 {
                prop_assert!(close(p.hp[i][j], hp[i][j]), "{:?} vs {:?}", p.hp, hp);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    #[test]
    fn hp2_equals_naive((hole, board, w) in spot_strategy(3)) {
        let t = table(&w);
        let (hp, tot, r) = naive_hp(hole, &board, &t, 2);
        let p = potential(hole, &board, &t, Lookahead::Two).unwrap();
        prop_assert_eq!(p.runouts, r);
        for i in 0..3 {
            prop_assert!(close(p.hp_total[i], tot[i]));
            for j in 0..3 {
                prop_assert!(close(p.hp[i][j], hp[i][j]), "{:?} vs {:?}", p.hp, hp);
            }
        }
    }
}

/// Flush-heavy turns with one-card lookahead.
#[test]
fn hp1_flush_turns_equal_naive() {
    let w: Vec<f64> = (0..HOLDINGS)
        .map(|h| ((h * 7919) % 101) as f64 / 100.0)
        .collect();
    let t = table(&w);
    for (hole, board) in [
        ("AhKh", "2h7h9h3c"),
        ("QsJd", "2s7s9s3s"),
        ("2c2d", "2h7h9hTh"),
        ("AsKd", "KhKcAh5h"),
    ] {
        let hole: HoleCards = hole.parse().unwrap();
        let board = loki_cards::parse_cards(board).unwrap();
        for tab in [&t, &WeightTable::uniform()] {
            let (hp, _, _) = naive_hp(hole, &board, tab, 1);
            let p = potential(hole, &board, tab, Lookahead::One).unwrap();
            for i in 0..3 {
                for j in 0..3 {
                    assert!(
                        close(p.hp[i][j], hp[i][j]),
                        "{hole} {board:?}: {:?} vs {hp:?}",
                        p.hp
                    );
                }
            }
        }
    }
}

/// Flush-heavy flops (monotone, two-tone) with uniform and random weights.
#[test]
fn hp2_flush_boards_equal_naive() {
    let w: Vec<f64> = (0..HOLDINGS)
        .map(|h| ((h * 7919) % 101) as f64 / 100.0)
        .collect();
    let t = table(&w);
    for (hole, board) in [
        ("AhKh", "2h7h9h"),
        ("5c5d", "5h6h7h"),
        ("2s3s", "4s5s9d"),
        ("AcAd", "KcKdKh"),
    ] {
        let hole: HoleCards = hole.parse().unwrap();
        let board = loki_cards::parse_cards(board).unwrap();
        for (tab, look) in [(&t, 2), (&t, 1), (&WeightTable::uniform(), 2)] {
            let (hp, _, _) = naive_hp(hole, &board, tab, look);
            let l = if look == 1 {
                Lookahead::One
            } else {
                Lookahead::Two
            };
            let p = potential(hole, &board, tab, l).unwrap();
            for i in 0..3 {
                for j in 0..3 {
                    assert!(
                        close(p.hp[i][j], hp[i][j]),
                        "{hole} {board:?}: {:?} vs {hp:?}",
                        p.hp
                    );
                }
            }
        }
    }
}

#[test]
fn p06_monotone() {
    let t = common::weight_rule("hash");
    let hole: HoleCards = "Td8c".parse().unwrap();
    let board = loki_cards::parse_cards("8hAh4h").unwrap();
    for look in [1, 2] {
        let (hp, _, _) = naive_hp(hole, &board, &t, look);
        let l = if look == 1 {
            Lookahead::One
        } else {
            Lookahead::Two
        };
        let p = potential(hole, &board, &t, l).unwrap();
        assert_eq!(format!("{:.6?}", p.hp), format!("{hp:.6?}"));
    }
}
