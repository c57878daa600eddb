//! The board set-up as it was computed before the flat orbits and the rank classes from
//! a bit set (sorted distinct ranks, one vector per orbit): the reference the tests
//! compare `BoardInfo::new` (`crates/assess/src/range/board.rs`) with, and the criterion
//! bench times beside it (`cargo bench -p loki-assess --features bench --bench range --
//! board_set_up`).
use loki_assess::range::internals::{map_card, map_mask, suit_perms};
use loki_cards::{holding_index, Card, Hand, HOLDINGS};

/// "No local index": the holding touches the board.
const NONE: u16 = u16::MAX;

/// The card mask of a board of 3 or 4 distinct cards (`None` for another).
fn board_mask(board: &[Card]) -> Option<u64> {
    if !(3..=4).contains(&board.len()) {
        return None;
    }
    let mut mask = 0u64;
    for &c in board {
        let bit = 1u64 << c.index();
        if mask & bit != 0 {
            return None;
        }
        mask |= bit;
    }
    Some(mask)
}

/// Everything `BoardInfo::new` computes, the way it was computed before (one
/// vector per orbit and per card's holdings grown as they come, the rank classes by
/// sorting, every permutation mapped): the number of orbits (for the bench).
pub fn set_up(board: &[Card]) -> usize {
    let Some(board_mask) = board_mask(board) else {
        return 0;
    };
    let board_hand = Hand::EMPTY.with_all(board);
    let live: Vec<u8> = (0..52u8).filter(|&c| board_mask >> c & 1 == 0).collect();
    let mut cards = Vec::new();
    let mut global = Vec::new();
    let mut local = vec![NONE; HOLDINGS];
    for (ia, &a) in live.iter().enumerate() {
        for &b in &live[ia + 1..] {
            let g = holding_index(a, b).unwrap_or(0);
            local[g] = cards.len() as u16;
            cards.push((a, b));
            global.push(g as u16);
        }
    }
    let masks: Vec<u64> = cards.iter().map(|&(a, b)| 1u64 << a | 1u64 << b).collect();
    let x: Vec<u16> = cards
        .iter()
        .map(|&(a, b)| board_hand.with_index(a).with_index(b).rank().value())
        .collect();
    let (xc, _) = rank_classes(&x);
    let mut pair_xc = vec![NONE; 52 * 52];
    for (&(a, b), &c) in cards.iter().zip(&xc) {
        pair_xc[usize::from(a) * 52 + usize::from(b)] = c;
        pair_xc[usize::from(b) * 52 + usize::from(a)] = c;
    }
    let runouts: Vec<(u8, u8)> = if board.len() == 3 {
        cards.clone()
    } else {
        live.iter().map(|&c| (c, 255u8)).collect()
    };
    let runout_masks: Vec<u64> = runouts
        .iter()
        .map(|&(a, b)| 1u64 << a | if b < 52 { 1u64 << b } else { 0 })
        .collect();
    let mut card_holdings = vec![Vec::new(); 52];
    for (i, &(a, b)) in cards.iter().enumerate() {
        card_holdings[a as usize].push(i as u16);
        card_holdings[b as usize].push(i as u16);
    }
    let (perms, orbits) = symmetry(board_mask, &cards, &local, &runouts);
    std::hint::black_box((masks, global, pair_xc, runout_masks, card_holdings, perms));
    orbits.len()
}

/// The rank classes and the distinct ranks by sorting.
pub fn rank_classes(x: &[u16]) -> (Vec<u16>, usize) {
    let mut distinct = x.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let xc = x
        .iter()
        .map(|v| distinct.partition_point(|d| d < v) as u16)
        .collect();
    (xc, distinct.len())
}

/// The holding permutations and the orbits as (representative, members).
pub type NestedSymmetry = (Vec<Vec<u16>>, Vec<(usize, Vec<(usize, usize)>)>);

/// The permutations and orbits, one vector per orbit, every permutation mapped.
pub fn symmetry(
    board_mask: u64,
    cards: &[(u8, u8)],
    local: &[u16],
    runouts: &[(u8, u8)],
) -> NestedSymmetry {
    let perms: Vec<[u8; 4]> = suit_perms()
        .into_iter()
        .filter(|p| map_mask(board_mask, p) == board_mask)
        .collect();
    let holding_perms: Vec<Vec<u16>> = perms
        .iter()
        .map(|p| {
            cards
                .iter()
                .enumerate()
                .map(|(i, &(a, b))| {
                    holding_index(map_card(a, p), map_card(b, p)).map_or(i as u16, |g| local[g])
                })
                .collect()
        })
        .collect();
    let mut runout_index = vec![usize::MAX; 52 * 53];
    for (i, &(a, b)) in runouts.iter().enumerate() {
        runout_index[usize::from(a) * 53 + usize::from(b.min(52))] = i;
    }
    let image = |ri: usize, p: &[u8; 4]| -> usize {
        let (a, b) = runouts[ri];
        let (x, y) = if b < 52 {
            let (x, y) = (map_card(a, p), map_card(b, p));
            (x.min(y), x.max(y))
        } else {
            (map_card(a, p), b)
        };
        let j = runout_index[usize::from(x) * 53 + usize::from(y.min(52))];
        if j == usize::MAX {
            ri
        } else {
            j
        }
    };
    let mut orbits = Vec::new();
    for ri in 0..runouts.len() {
        let imgs: Vec<usize> = perms.iter().map(|p| image(ri, p)).collect();
        if imgs.iter().any(|&j| j < ri) {
            continue;
        }
        let mut members: Vec<(usize, usize)> = Vec::new();
        for (g, &j) in imgs.iter().enumerate() {
            if !members.iter().any(|&(m, _)| m == j) {
                members.push((j, g));
            }
        }
        orbits.push((ri, members));
    }
    (holding_perms, orbits)
}
