#![allow(missing_docs)]
//! The fast range code against the reference implementations it replaced
//! (`common/reference/`): the board's set-up against sorted ranks and one vector per
//! orbit, the rank cache's type tables against the dense rows, the next-card cache
//! against one rank per holding and turn card. Exact equality on every flop class.
mod common;

use common::reference::{board, next_card::NextCardRanks, rows::RankRows};
use loki_assess::range::{canonical_flops, internals::Board};
use loki_assess::{NextCardCache, RankCache};
use loki_cards::{Card, HoleCards};
use rayon::prelude::*;

fn card(i: u8) -> Card {
    Card::from_index(i).unwrap()
}

/// The flat orbits, the identity shortcut and the rank classes from a bit set give
/// what the sorted ranks and one vector per orbit gave: every flop up to suit
/// isomorphism, each with its next-card set-up, and turns of every texture
/// (`crates/assess/src/range/board.rs`).
#[test]
fn board_set_up_equals_the_reference() {
    let mut boards: Vec<Vec<Card>> = Vec::new();
    for (i, f) in canonical_flops().iter().enumerate() {
        boards.push(f.map(card).to_vec());
        if i % 7 == 0 {
            let t = (0..52u8)
                .rev()
                .find(|t| !f.contains(t) && usize::from(*t) % 5 == i % 5);
            if let Some(t) = t {
                boards.push(f.iter().chain([t].iter()).map(|&x| card(x)).collect());
            }
        }
    }
    for board in boards {
        let info = Board::new(&board).unwrap();
        let (xc, dx) = board::rank_classes(info.x());
        assert_eq!(dx, info.dx(), "{board:?}");
        let pair_xc = info.pair_xc();
        for (&(a, b), &c) in info.cards().iter().zip(&xc) {
            assert_eq!(pair_xc[usize::from(a) * 52 + usize::from(b)], c);
            assert_eq!(pair_xc[usize::from(b) * 52 + usize::from(a)], c);
        }
        let mut infos = vec![info.clone()];
        infos.extend(info.next_card());
        for info in infos {
            let (perms, orbits) = board::symmetry(
                info.board_mask(),
                info.cards(),
                info.local(),
                info.runouts(),
            );
            // The next-card set-up keeps the flop's holding permutations.
            if info.runouts().len() != 49 {
                assert!(
                    perms == info.holding_perms(),
                    "permutations differ on {board:?}"
                );
            }
            assert!(orbits == info.orbits(), "orbits differ on {board:?}");
        }
    }
}

/// The rank cache's type tables give the same hand counts and river ranks as the dense
/// rows (one compare per holding and runout): every flop class seen through a suit
/// relabelling, eight hands on each (the holdings at fixed strides through the
/// board's live holdings, so every kind of hand comes up), and turns of every
/// texture with every hand (`crates/assess/src/range/cache.rs`, `by_type.rs`).
#[test]
fn type_tables_count_as_the_dense_rows() {
    let mut boards: Vec<(Vec<Card>, usize)> = canonical_flops()
        .iter()
        .map(|f| {
            (
                f.map(|c| card(c / 4 * 4 + [2, 0, 3, 1][usize::from(c % 4)]))
                    .to_vec(),
                8,
            )
        })
        .collect();
    for (i, f) in canonical_flops().iter().enumerate().step_by(97) {
        let t = (0..52u8).find(|t| !f.contains(t) && usize::from(*t) % 5 == i % 5);
        if let Some(t) = t {
            boards.push((f.iter().chain([t].iter()).map(|&x| card(x)).collect(), 0));
        }
    }
    let hands: usize = boards
        .par_iter()
        .map(|(b, per_board)| {
            let cache = RankCache::new(b).unwrap();
            let (_, rows) = RankRows::new(b, false, None).unwrap();
            let info = Board::new(b).unwrap();
            let n = info.n();
            let step = if *per_board == 0 { 1 } else { n / per_board };
            let mut hands = 0;
            for k in (0..n).step_by(step.max(1)) {
                let hole = HoleCards::from_index(usize::from(info.global()[k])).unwrap();
                let (x, y) = (
                    cache.hand_counts(hole).unwrap(),
                    rows.hand_counts(hole).unwrap(),
                );
                assert!(x == y, "counts differ for {hole} on {b:?}");
                hands += 1;
            }
            for ri in (0..cache.runouts().len()).step_by(37) {
                for g in (0..loki_cards::HOLDINGS).step_by(11) {
                    assert_eq!(cache.river_rank(ri, g), rows.river_rank(ri, g), "{b:?}");
                }
            }
            hands
        })
        .sum();
    assert!(hands > 1_755 * 8, "{hands} hands compared");
}

/// The type tables give the counts of one rank per holding and turn card (itself
/// the same with ranks shared by hands without a flush as with every one evaluated)
/// on every flop class, seen through a suit relabelling, for twelve hands each
/// (`crates/assess/src/range/next_card.rs`).
#[test]
fn type_tables_count_as_the_ranks_of_every_holding_on_every_flop_class() {
    let flops = canonical_flops();
    assert_eq!(flops.len(), 1_755);
    for f in flops {
        let b = f.map(|c| card(c / 4 * 4 + [3, 1, 0, 2][usize::from(c % 4)]));
        let (shared, evaluated) = (
            NextCardRanks::new(&b, true).unwrap(),
            NextCardRanks::new(&b, false).unwrap(),
        );
        assert!(
            shared.ranks == evaluated.ranks && shared.now == evaluated.now,
            "{b:?}"
        );
        let cache = NextCardCache::new(&b).unwrap();
        for &g in shared.global.iter().step_by(shared.global.len() / 12) {
            let hole = HoleCards::from_index(usize::from(g)).unwrap();
            assert!(
                cache.hand_counts(hole).unwrap() == shared.hand_counts(hole).unwrap(),
                "{hole} on {b:?}"
            );
        }
    }
}
