//! Evaluator throughput against the crates.io peers `pokers` 0.10.0 and `rs_poker` 5.0.0,
//! measured in the same run on the same inputs: 10,000,000 random 7-card hands stored
//! up front as seven card indices (each hand is built from its cards inside the timed
//! loop), and all 133,784,560 hands in lexicographic order built incrementally.
//! Every closure returns a checksum, and the checksums of loki's categories are compared
//! with the known totals before timing starts, so a fast wrong answer fails.
#![allow(missing_docs)]
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use loki_cards::{rng_from_seed, uniform_below, Card, Hand};
use std::hint::black_box;

const N_RANDOM: usize = 10_000_000;

fn random_hands() -> Vec<[u8; 7]> {
    let mut rng = rng_from_seed(0x10c1_1998);
    (0..N_RANDOM)
        .map(|_| {
            let mut used = 0u64;
            let mut h = [0u8; 7];
            for slot in &mut h {
                loop {
                    let c = uniform_below(&mut rng, 52) as u8;
                    if used & (1 << c) == 0 {
                        used |= 1 << c;
                        *slot = c;
                        break;
                    }
                }
            }
            h
        })
        .collect()
}

fn loki_random(hands: &[[u8; 7]]) -> u64 {
    hands.iter().fold(0u64, |acc, h| {
        let hand = h.iter().fold(Hand::EMPTY, |x, &c| x.with_index(c));
        acc.wrapping_add(hand.rank().value() as u64)
    })
}

fn pokers_random(hands: &[[u8; 7]]) -> u64 {
    hands.iter().fold(0u64, |acc, h| {
        let hand = h.iter().fold(pokers::Hand::default(), |x, &c| {
            x + pokers::CARDS[c as usize]
        });
        acc.wrapping_add(hand.evaluate() as u64)
    })
}

fn rs_poker_random(hands: &[[u8; 7]]) -> u64 {
    use rs_poker::core::{Card as RCard, SevenCardAccum};
    let cards: Vec<RCard> = (0..52u8).map(RCard::from).collect();
    hands.iter().fold(0u64, |acc, h| {
        let mut a = SevenCardAccum::new();
        for &c in h {
            a.add(cards[c as usize]);
        }
        acc.wrapping_add(u64::from(a.rank().value_bits()))
    })
}

macro_rules! enumerate7 {
    ($empty:expr, $card:expr, $eval:expr) => {{
        let mut acc = 0u64;
        for a in 0..46 {
            let ha = $empty + $card(a);
            for b in a + 1..47 {
                let hb = ha + $card(b);
                for c in b + 1..48 {
                    let hc = hb + $card(c);
                    for d in c + 1..49 {
                        let hd = hc + $card(d);
                        for e in d + 1..50 {
                            let he = hd + $card(e);
                            for f in e + 1..51 {
                                let hf = he + $card(f);
                                for g in f + 1..52 {
                                    acc = acc.wrapping_add($eval(hf + $card(g)) as u64);
                                }
                            }
                        }
                    }
                }
            }
        }
        acc
    }};
}

#[derive(Clone, Copy)]
struct L(Hand);
impl std::ops::Add<Card> for L {
    type Output = L;
    fn add(self, c: Card) -> L {
        L(self.0.with(c))
    }
}

#[derive(Clone, Copy)]
struct I(Hand);
impl std::ops::Add<u8> for I {
    type Output = I;
    fn add(self, c: u8) -> I {
        I(self.0.with_index(c))
    }
}

/// loki built from card indices, as pokers is from its `CARDS[i]`.
fn loki_enumerate() -> u64 {
    enumerate7!(I(Hand::EMPTY), |i: usize| i as u8, |h: I| h
        .0
        .rank()
        .value())
}

fn loki_category_counts(cards: &[Card; 52]) -> [u64; 10] {
    let mut counts = [0u64; 10];
    enumerate7!(L(Hand::EMPTY), |i: usize| cards[i], |h: L| {
        counts[(h.0.rank().value() >> 12) as usize] += 1;
        0u16
    });
    counts
}

fn pokers_enumerate() -> u64 {
    enumerate7!(
        pokers::Hand::default(),
        |i: usize| pokers::CARDS[i],
        |h: pokers::Hand| h.evaluate()
    )
}

fn rs_poker_enumerate() -> u64 {
    use rs_poker::core::{Card as RCard, SevenCardAccum};
    let cards: Vec<RCard> = (0..52u8).map(RCard::from).collect();
    enumerate7!(
        SevenCardAccum::new(),
        |i: usize| cards[i],
        |h: SevenCardAccum| h.rank().value_bits()
    )
}

fn benches(c: &mut Criterion) {
    let cards: [Card; 52] = std::array::from_fn(|i| Card::from_index(i as u8).unwrap());
    // Correctness before speed.
    assert_eq!(
        loki_category_counts(&cards),
        [
            0, 23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184,
            224_848, 41_584
        ]
    );
    let hands = random_hands();
    let mut g = c.benchmark_group("eval_random_7");
    g.throughput(Throughput::Elements(N_RANDOM as u64));
    g.sample_size(20);
    g.bench_function("loki", |b| {
        b.iter(|| black_box(loki_random(black_box(&hands))))
    });
    g.bench_function("pokers", |b| {
        b.iter(|| black_box(pokers_random(black_box(&hands))))
    });
    g.bench_function("rs_poker", |b| {
        b.iter(|| black_box(rs_poker_random(black_box(&hands))))
    });
    g.finish();

    let mut g = c.benchmark_group("eval_enumerate_7");
    g.throughput(Throughput::Elements(133_784_560));
    g.sample_size(10);
    g.bench_function("loki", |b| b.iter(|| black_box(loki_enumerate())));
    g.bench_function("pokers", |b| b.iter(|| black_box(pokers_enumerate())));
    g.bench_function("rs_poker", |b| b.iter(|| black_box(rs_poker_enumerate())));
    g.finish();
}

criterion_group!(evaluator, benches);
criterion_main!(evaluator);
