//! The sampled strength of a pre-flop simulation's later boards (`sampled_strength`)
//! against its first form, a win scoring 1 and a tie 0.5 summed as floats: the same
//! value to the bit for any board, holding, number of samples and seed.
use super::{sampled_strength, TrialRng};
use loki_cards::{Card, CardSet, Deck, Hand, HoleCards};
use proptest::prelude::*;

/// The first form of `sampled_strength`: the reference the test compares with.
fn branchy(board: &[Card], h: HoleCards, samples: u32, seed: u64) -> f64 {
    if samples == 0 || board.len() < 3 {
        return 0.5;
    }
    let base = Hand::EMPTY.with_all(board);
    let ours = base.with(h.low()).with(h.high()).rank();
    let used = board.iter().copied().collect::<CardSet>().union(h.set());
    let mut rng = TrialRng(seed);
    let mut score = 0.0;
    for _ in 0..samples {
        let mut cards = [0u8; 2];
        let mut taken = used.bits();
        for c in &mut cards {
            loop {
                let i = rng.below(52) as u8;
                if taken & (1u64 << i) == 0 {
                    taken |= 1u64 << i;
                    *c = i;
                    break;
                }
            }
        }
        let theirs = base.with_index(cards[0]).with_index(cards[1]).rank();
        if ours > theirs {
            score += 1.0;
        } else if ours == theirs {
            score += 0.5;
        }
    }
    score / f64::from(samples)
}

proptest! {
    #[test]
    fn the_sampled_strength_is_its_first_form_to_the_bit(
        deal in any::<u64>(),
        board_len in 0usize..=5,
        samples in 0u32..=200,
        seed in any::<u64>(),
    ) {
        let mut deck = Deck::from_seed(deal);
        let hole = HoleCards::new(deck.deal().unwrap(), deck.deal().unwrap()).unwrap();
        let board: Vec<_> = (0..board_len).map(|_| deck.deal().unwrap()).collect();
        let fast = sampled_strength(&board, hole, samples, seed);
        prop_assert_eq!(fast.to_bits(), branchy(&board, hole, samples, seed).to_bits());
    }
}

#[test]
fn ties_count_half_and_the_nuts_count_whole() {
    // A royal flush on the board: every holding ties it.
    let board = loki_cards::parse_cards("AsKsQsJsTs").unwrap();
    let hole = "2c3d".parse().unwrap();
    assert_eq!(sampled_strength(&board, hole, 48, 7), 0.5);
    // The nuts in our hand: every other holding loses.
    let board = loki_cards::parse_cards("KsQsJs2d3c").unwrap();
    assert_eq!(
        sampled_strength(&board, "AsTs".parse().unwrap(), 48, 7),
        1.0
    );
}
