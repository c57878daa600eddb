//! An independent, deliberately simple five-card evaluator used only to check the fast
//! one: it sorts the ranks by (count, rank) and reads the category off the shape.
use loki_cards::Card;

/// A comparable naive value: category 0..8 and tie-break ranks.
pub type Value = (u8, Vec<u8>);

/// A comparable value: category 0 (high card) .. 8 (straight flush), then tie-breaks.
pub fn naive5(cards: &[Card; 5]) -> Value {
    let mut ranks: Vec<u8> = cards.iter().map(|c| c.rank().index()).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let mut uniq = ranks.clone();
    uniq.dedup();
    let straight_top = if uniq.len() == 5 && uniq[0] - uniq[4] == 4 {
        Some(uniq[0])
    } else if uniq == [12, 3, 2, 1, 0] {
        Some(3)
    } else {
        None
    };
    let mut groups: Vec<(usize, u8)> = uniq
        .iter()
        .map(|r| (ranks.iter().filter(|x| *x == r).count(), *r))
        .collect();
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let shape: Vec<usize> = groups.iter().map(|g| g.0).collect();
    let tie: Vec<u8> = groups.iter().map(|g| g.1).collect();
    match (straight_top, flush, shape.as_slice()) {
        (Some(t), true, _) => (8, vec![t]),
        (_, _, [4, 1]) => (7, tie),
        (_, _, [3, 2]) => (6, tie),
        (_, true, _) => (5, tie),
        (Some(t), false, _) => (4, vec![t]),
        (_, _, [3, 1, 1]) => (3, tie),
        (_, _, [2, 2, 1]) => (2, tie),
        (_, _, [2, 1, 1, 1]) => (1, tie),
        _ => (0, tie),
    }
}

/// The naive value of the best five of up to seven cards, and that five.
pub fn naive_best(cards: &[Card]) -> (Value, [Card; 5]) {
    let n = cards.len();
    let mut best: Option<(Value, [Card; 5])> = None;
    for mask in 0u32..(1 << n) {
        if mask.count_ones() != 5 {
            continue;
        }
        let five: Vec<Card> = (0..n)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| cards[i])
            .collect();
        let five = [five[0], five[1], five[2], five[3], five[4]];
        let v = naive5(&five);
        if best.as_ref().is_none_or(|b| v > b.0) {
            best = Some((v, five));
        }
    }
    best.expect("at least five cards")
}
