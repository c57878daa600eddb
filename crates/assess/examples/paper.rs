//! Quick check of the paper's example and timing.
use loki_assess::*;
use loki_cards::{parse_cards, HoleCards};
fn main() {
    let hole: HoleCards = "AdQc".parse().unwrap();
    let board = parse_cards("3h4cJh").unwrap();
    let w = WeightTable::uniform();
    let hs = hand_strength(hole, &board, &w).unwrap();
    println!("{hs:?} {}", hs.hs());
    let t = std::time::Instant::now();
    let mut p = None;
    for _ in 0..1000 {
        p = Some(potential(hole, &board, &w, Lookahead::Two).unwrap());
    }
    println!("{:?} {:?}/iter", p, t.elapsed() / 1000);
    println!("{:?}", potential(hole, &board, &w, Lookahead::One).unwrap());
}
