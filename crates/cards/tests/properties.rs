//! Property tests: the fast evaluator against an independent naive one.
#![allow(missing_docs)]
mod naive;

use loki_cards::{best_five, evaluate, Card, Hand};
use proptest::prelude::*;

fn distinct_cards(n: usize) -> impl Strategy<Value = Vec<Card>> {
    proptest::sample::subsequence((0u8..52).collect::<Vec<_>>(), n)
        .prop_shuffle()
        .prop_map(|v| {
            v.into_iter()
                .map(|i| Card::from_index(i).unwrap())
                .collect()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    /// The 7-card rank equals the rank of the best of its 21 five-card subsets, as the
    /// naive evaluator picks it.
    #[test]
    fn seven_equals_best_five_of_naive(cards in distinct_cards(7)) {
        let (_, five) = naive::naive_best(&cards);
        prop_assert_eq!(evaluate(&cards), evaluate(&five));
        let (shown, r) = best_five(&cards).unwrap();
        prop_assert_eq!(r, evaluate(&cards));
        prop_assert_eq!(evaluate(&shown), r);
    }

    /// The fast order agrees with the naive order on pairs of random 5-7 card hands.
    #[test]
    fn order_agrees_with_naive(a in distinct_cards(7), b in distinct_cards(7), na in 5usize..=7, nb in 5usize..=7) {
        let (va, _) = naive::naive_best(&a[..na]);
        let (vb, _) = naive::naive_best(&b[..nb]);
        prop_assert_eq!(evaluate(&a[..na]).cmp(&evaluate(&b[..nb])), va.cmp(&vb));
        prop_assert_eq!(evaluate(&a[..na]).category().unwrap() as u8 - 1, va.0);
    }

    /// Card order does not matter, and incremental building equals one-shot building.
    #[test]
    fn order_and_incremental(cards in distinct_cards(7)) {
        let mut rev = cards.clone();
        rev.reverse();
        prop_assert_eq!(evaluate(&cards), evaluate(&rev));
        let board = Hand::EMPTY.with_all(&cards[..5]);
        let hole = Hand::EMPTY.with_all(&cards[5..]);
        prop_assert_eq!(board.combine(hole).rank(), evaluate(&cards));
    }
}

proptest! {
    /// Any card set, even of more than seven cards, ranks without a panic (every table
    /// index is in range by its type); fewer than five cards rank as 0.
    #[test]
    fn any_card_set_ranks(bits in any::<u64>()) {
        let set = loki_cards::CardSet::from_bits(bits);
        let r = Hand::from_set(set).rank();
        if set.len() < 5 {
            prop_assert_eq!(r.value(), 0);
        }
    }
}

/// Every hand of fewer than five cards ranks as 0 (all 1 + 52 + 1,326 + 22,100 + 270,725).
#[test]
fn fewer_than_five_cards_rank_zero() {
    let mut n = 1;
    assert_eq!(Hand::EMPTY.rank().value(), 0);
    for a in 0..52u8 {
        let ha = Hand::EMPTY.with_index(a);
        assert_eq!(ha.rank().value(), 0);
        n += 1;
        for b in a + 1..52 {
            let hb = ha.with_index(b);
            assert_eq!(hb.rank().value(), 0);
            n += 1;
            for c in b + 1..52 {
                let hc = hb.with_index(c);
                assert_eq!(hc.rank().value(), 0);
                n += 1;
                for d in c + 1..52 {
                    assert_eq!(hc.with_index(d).rank().value(), 0);
                    n += 1;
                }
            }
        }
    }
    assert_eq!(n, 1 + 52 + 1_326 + 22_100 + 270_725);
}
