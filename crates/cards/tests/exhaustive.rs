//! Exhaustive checks of the evaluator over every 5-, 6- and 7-card hand (run in release:
//! `cargo test --release`). Known totals: 7,462 / 6,075 / 4,824 distinct ranks and the
//! nine 7-card category counts that sum to C(52,7) = 133,784,560.
#![allow(missing_docs)]
use loki_cards::{Hand, HandCategory};
use std::collections::HashSet;

/// Order-sensitive digests of every rank value in lexicographic order, recorded from the
/// evaluator of commit 5178781 (before the tables were re-packed): the `HandRank` values
/// themselves, not only their order, are part of the contract (they are stored in the
/// range table's rank cache and compared across crates).
const SEVEN_DIGEST: u64 = 0x1158_b1d5_8a20_53fa;
const FIVE_SIX_DIGEST: u64 = 0x6e7b_b95f_e49d_3938;

fn fold(digest: u64, rank: u16) -> u64 {
    (digest ^ u64::from(rank)).wrapping_mul(0x0100_0000_01b3)
}

fn category_index(h: Hand) -> usize {
    h.rank().category().expect("valid rank") as usize - 1
}

#[test]
fn all_seven_card_hands() {
    let mut counts = [0u64; 9];
    let mut distinct = HashSet::new();
    let mut digest = 0u64;
    for a in 0..46u8 {
        let ha = Hand::EMPTY.with_index(a);
        for b in a + 1..47 {
            let hb = ha.with_index(b);
            for c in b + 1..48 {
                let hc = hb.with_index(c);
                for d in c + 1..49 {
                    let hd = hc.with_index(d);
                    for e in d + 1..50 {
                        let he = hd.with_index(e);
                        for f in e + 1..51 {
                            let hf = he.with_index(f);
                            for g in f + 1..52 {
                                let h = hf.with_index(g);
                                counts[category_index(h)] += 1;
                                digest = fold(digest, h.rank().value());
                                if g == f + 1 || distinct.len() < 4824 {
                                    distinct.insert(h.rank());
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    assert_eq!(
        counts,
        [
            23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184,
            224_848, 41_584
        ]
    );
    assert_eq!(counts.iter().sum::<u64>(), 133_784_560);
    assert_eq!(distinct.len(), 4824);
    assert_eq!(digest, SEVEN_DIGEST, "digest {digest:#x}");
}

#[test]
fn all_five_and_six_card_hands() {
    let mut five = HashSet::new();
    let mut five_counts = [0u64; 9];
    let mut six = HashSet::new();
    let mut n5 = 0;
    let mut digest = 0u64;
    for a in 0..48u8 {
        for b in a + 1..49 {
            for c in b + 1..50 {
                for d in c + 1..51 {
                    for e in d + 1..52 {
                        let h = Hand::EMPTY.with_indices(&[a, b, c, d, e]);
                        five.insert(h.rank());
                        digest = fold(digest, h.rank().value());
                        five_counts[category_index(h)] += 1;
                        n5 += 1;
                        for f in e + 1..52 {
                            six.insert(h.with_index(f).rank());
                            digest = fold(digest, h.with_index(f).rank().value());
                        }
                    }
                }
            }
        }
    }
    assert_eq!(n5, 2_598_960);
    assert_eq!(five.len(), 7462);
    assert_eq!(six.len(), 6075);
    assert_eq!(digest, FIVE_SIX_DIGEST, "digest {digest:#x}");
    assert_eq!(
        five_counts,
        [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
    );
    // Category names as printed everywhere.
    let names: Vec<&str> = HandCategory::ALL.iter().map(|c| c.name()).collect();
    assert_eq!(
        names,
        [
            "high card",
            "pair",
            "two pair",
            "three of a kind",
            "straight",
            "flush",
            "full house",
            "four of a kind",
            "straight flush"
        ]
    );
}
