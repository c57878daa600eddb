//! Evaluator throughput against the crates.io peers `pokers` 0.10.0 and `rs_poker` 5.0.0,
//! interleaved in one run on the same inputs, with the ratios printed.
//!
//! Two workloads: 10,000,000 random 7-card hands stored up front as seven card indices
//! (each hand is built from its cards inside the timed loop), and all 133,784,560 hands
//! in lexicographic order built incrementally. One *round* times every (workload, crate)
//! once, the crates in a rotating order; the ratio loki / peer is taken within each
//! round (so the two timings are seconds apart, under the same machine load) and the
//! median over the rounds is printed. Wall-clock numbers on a loaded machine are noisy:
//! docs/evaluator.md reports the median of the printed ratios over 5 runs.
//!
//! Correctness before speed: loki's 7-card category totals are checked against the known
//! counts, and on the random hands every peer's category must agree with loki's.
//!
//! `cargo bench -p loki-cards --features bench --bench evaluator -- [--rounds N] [--only CRATE:WORKLOAD]`
//! (`--only loki:enumerate` runs one pass of one cell, e.g. under callgrind).
#![allow(missing_docs)]
use loki_cards::Hand;
use std::hint::black_box;
use std::time::Instant;

const N_RANDOM: usize = 10_000_000;
const N_ENUMERATE: u64 = 133_784_560;
const CRATES: [&str; 3] = ["loki", "pokers", "rs_poker"];
const WORKLOADS: [&str; 2] = ["random", "enumerate"];

fn random_hands() -> Vec<[u8; 7]> {
    loki_cards::random_hands(N_RANDOM, 0x10c1_1998)
}

fn loki_rank(h: &[u8; 7]) -> u16 {
    h.iter()
        .fold(Hand::EMPTY, |x, &c| x.with_index(c))
        .rank()
        .value()
}

fn pokers_rank(h: &[u8; 7]) -> u16 {
    h.iter()
        .fold(pokers::Hand::default(), |x, &c| {
            x + pokers::CARDS[c as usize]
        })
        .evaluate()
}

/// rs_poker's cards in loki's index order (`4 * rank + suit`; its own `From<u8>` is
/// `13 * suit + rank`).
fn rs_poker_cards() -> Vec<rs_poker::core::Card> {
    (0..52u8)
        .map(|i| rs_poker::core::Card::from(i % 4 * 13 + i / 4))
        .collect()
}

#[inline(never)]
fn loki_random(hands: &[[u8; 7]]) -> u64 {
    hands
        .iter()
        .fold(0u64, |acc, h| acc.wrapping_add(loki_rank(h) as u64))
}

#[inline(never)]
fn pokers_random(hands: &[[u8; 7]]) -> u64 {
    hands
        .iter()
        .fold(0u64, |acc, h| acc.wrapping_add(pokers_rank(h) as u64))
}

#[inline(never)]
fn rs_poker_random(hands: &[[u8; 7]], cards: &[rs_poker::core::Card]) -> u64 {
    use rs_poker::core::SevenCardAccum;
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

/// loki's hand with `+ card index`, as pokers is built from its `CARDS[i]`.
#[derive(Clone, Copy)]
struct I(Hand);
impl std::ops::Add<u8> for I {
    type Output = I;
    #[inline(always)]
    fn add(self, c: u8) -> I {
        I(self.0.with_index(c))
    }
}

#[inline(never)]
fn loki_enumerate() -> u64 {
    enumerate7!(I(Hand::EMPTY), |i: usize| i as u8, |h: I| h
        .0
        .rank()
        .value())
}

fn loki_category_counts() -> [u64; 10] {
    let mut counts = [0u64; 10];
    enumerate7!(I(Hand::EMPTY), |i: usize| i as u8, |h: I| {
        counts[(h.0.rank().value() >> 12) as usize] += 1;
        0u16
    });
    counts
}

#[inline(never)]
fn pokers_enumerate() -> u64 {
    enumerate7!(
        pokers::Hand::default(),
        |i: usize| pokers::CARDS[i],
        |h: pokers::Hand| h.evaluate()
    )
}

#[inline(never)]
fn rs_poker_enumerate(cards: &[rs_poker::core::Card]) -> u64 {
    use rs_poker::core::SevenCardAccum;
    enumerate7!(
        SevenCardAccum::new(),
        |i: usize| cards[i],
        |h: SevenCardAccum| h.rank().value_bits()
    )
}

/// Runs one (crate, workload) pass; returns hands per second.
fn run(krate: &str, workload: &str, hands: &[[u8; 7]], rs: &[rs_poker::core::Card]) -> f64 {
    let t = Instant::now();
    let (n, sum) = match (krate, workload) {
        ("loki", "random") => (N_RANDOM as u64, loki_random(black_box(hands))),
        ("pokers", "random") => (N_RANDOM as u64, pokers_random(black_box(hands))),
        ("rs_poker", "random") => (N_RANDOM as u64, rs_poker_random(black_box(hands), rs)),
        ("loki", _) => (N_ENUMERATE, loki_enumerate()),
        ("pokers", _) => (N_ENUMERATE, pokers_enumerate()),
        (_, _) => (N_ENUMERATE, rs_poker_enumerate(black_box(rs))),
    };
    black_box(sum);
    n as f64 / t.elapsed().as_secs_f64()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let rounds: usize = value("--rounds").and_then(|v| v.parse().ok()).unwrap_or(11);
    let rs = rs_poker_cards();
    if let Some(only) = value("--only") {
        let (k, w) = only.split_once(':').unwrap_or((only.as_str(), "enumerate"));
        let hands = if w == "random" {
            random_hands()
        } else {
            Vec::new()
        };
        println!("{k} {w}: {:.1} M/s", run(k, w, &hands, &rs) / 1e6);
        return;
    }
    let hands = random_hands();

    // Correctness before speed.
    assert_eq!(
        loki_category_counts(),
        [
            0, 23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184,
            224_848, 41_584
        ]
    );
    for h in &hands {
        let category = loki_rank(h) >> 12;
        assert_eq!(pokers_rank(h) >> 12, category, "pokers disagrees on {h:?}");
        let mut a = rs_poker::core::SevenCardAccum::new();
        for &c in h {
            a.add(rs[c as usize]);
        }
        // rs_poker's categories: HighCard = 0 .. StraightFlush = 8.
        let rs_category = a.rank().category() as u16 + 1;
        assert_eq!(rs_category, category, "rs_poker disagrees on {h:?}");
    }

    // rates[workload][crate] over rounds
    let mut rates = vec![vec![Vec::new(); CRATES.len()]; WORKLOADS.len()];
    for round in 0..rounds {
        for (wi, w) in WORKLOADS.iter().enumerate() {
            for k in 0..CRATES.len() {
                let ki = (k + round) % CRATES.len();
                rates[wi][ki].push(run(CRATES[ki], w, &hands, &rs));
            }
        }
    }
    println!("evaluator: {rounds} interleaved rounds, medians (M hands/s; ratio = loki / peer, per round)");
    for (wi, w) in WORKLOADS.iter().enumerate() {
        let line: Vec<String> = CRATES
            .iter()
            .enumerate()
            .map(|(ki, k)| format!("{k} {:.0}", median(rates[wi][ki].clone()) / 1e6))
            .collect();
        let ratio = |ki: usize| {
            median(
                rates[wi][0]
                    .iter()
                    .zip(&rates[wi][ki])
                    .map(|(l, p)| l / p)
                    .collect(),
            )
        };
        println!(
            "{w:>9}: {}  | loki/pokers {:.3}x  loki/rs_poker {:.3}x",
            line.join("  "),
            ratio(1),
            ratio(2)
        );
    }
}
