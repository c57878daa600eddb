//! Pots and showdown arithmetic: main and side pots built from contributions, integer
//! splits with the odd chip to the first winner in position order, and the ACPC reference
//! dealer's even (fractional) split.
//!
//! The integer split is PokerKit 0.7.7's (`pokerkit.state.State`: hand killing, then chips
//! pushing), so that PokerKit computes the same stacks from our PHH histories: the hands
//! that win no pot are mucked first, then the pots are formed again from the hands left,
//! each split evenly among its best hands with the remainder to the first of them in
//! position order. Forming the pots again can join side pots that the same hands win
//! (a loser's all-in level no longer separates them), which moves odd chips.
use crate::{ByPosition, Chips, Position};
use loki_cards::HandRank;

/// One pot and how it was split.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PotShare {
    /// The pot size.
    pub amount: Chips,
    /// Positions eligible (live and contributed up to this level).
    pub eligible: Vec<usize>,
    /// Winners in position order with their chips.
    pub shares: Vec<(usize, Chips)>,
}

/// Layers contributions into pots: `(amount, eligible positions)`, main pot first.
/// `ranks[p]` is `None` for folded players. Chips above the highest live contribution go
/// to the last pot.
fn layers(contrib: &[Chips], ranks: &[Option<HandRank>]) -> Vec<(Chips, Vec<usize>)> {
    let mut levels: Vec<Chips> = (0..contrib.len())
        .filter(|&p| ranks[p].is_some())
        .map(|p| contrib[p])
        .collect();
    levels.sort_unstable();
    levels.dedup();
    let mut pots: Vec<(Chips, Vec<usize>)> = Vec::new();
    let mut prev = 0;
    for &level in &levels {
        let amount: Chips = contrib.iter().map(|&c| c.min(level) - c.min(prev)).sum();
        let eligible: Vec<usize> = (0..contrib.len())
            .filter(|&p| ranks[p].is_some() && contrib[p] >= level)
            .collect();
        if amount > 0 {
            pots.push((amount, eligible));
        }
        prev = level;
    }
    let rest: Chips = contrib.iter().map(|&c| (c - prev).max(0)).sum();
    if rest > 0 {
        match pots.last_mut() {
            Some(last) => last.0 += rest,
            None => {
                let live = (0..contrib.len()).filter(|&p| ranks[p].is_some()).collect();
                pots.push((rest, live));
            }
        }
    }
    pots
}

fn winners(eligible: &[usize], ranks: &[Option<HandRank>]) -> Vec<usize> {
    let best = eligible.iter().filter_map(|&p| ranks[p]).max();
    eligible
        .iter()
        .copied()
        .filter(|&p| ranks[p].is_some() && ranks[p] == best)
        .collect()
}

/// Splits the pots in integer chips as PokerKit does: the hands that win no pot are
/// mucked, the pots are formed from the hands left (`eligible` lists them), and each pot
/// goes to its best hands, evenly, the indivisible remainder to the first winner in
/// position order.
pub fn split_pots(contrib: &[Chips], ranks: &[Option<HandRank>]) -> Vec<PotShare> {
    let mut kept = vec![None; ranks.len()];
    for (_, eligible) in layers(contrib, ranks) {
        for p in winners(&eligible, ranks) {
            kept[p] = ranks[p];
        }
    }
    layers(contrib, &kept)
        .into_iter()
        .map(|(amount, eligible)| {
            let w = winners(&eligible, ranks);
            let k = w.len().max(1) as Chips;
            let (q, r) = (amount / k, amount % k);
            let shares = w
                .iter()
                .enumerate()
                .map(|(i, &p)| (p, q + if i == 0 { r } else { 0 }))
                .collect();
            PotShare {
                amount,
                eligible,
                shares,
            }
        })
        .collect()
}

/// Net values by position as the ACPC reference dealer computes them: every pot split
/// evenly among its best hands (fractions allowed), minus what each position put in.
/// `ranks` are the showdown's; a hand won without a showdown gives its winner a rank and
/// no one else one ([`HandState::acpc_values`], [`HandRecord::acpc_values`]).
pub fn acpc_values(
    contrib: &ByPosition<Chips>,
    ranks: &ByPosition<Option<HandRank>>,
) -> ByPosition<f64> {
    let (contrib, ranks) = (contrib.as_slice(), ranks.as_slice());
    let mut v: Vec<f64> = contrib.iter().map(|&c| -(c as f64)).collect();
    for (amount, eligible) in layers(contrib, ranks) {
        let w = winners(&eligible, ranks);
        let each = amount as f64 / w.len().max(1) as f64;
        for p in w {
            v[p] += each;
        }
    }
    v.into_iter().map(|x| x + 0.0).collect()
}

/// The showdown's ranks, or, for a hand won without one, a rank for the winner alone.
pub(crate) fn ranks_or_winner(
    ranks: &ByPosition<Option<HandRank>>,
    showdown: bool,
    winner: Option<Position>,
) -> ByPosition<Option<HandRank>> {
    if showdown {
        return ranks.clone();
    }
    let mut ranks = ByPosition::filled(ranks.len(), None);
    if let Some(r) = winner.and_then(|p| ranks.get_mut(p)) {
        *r = Some(HandRank::default());
    }
    ranks
}

#[cfg(test)]
mod tests {
    use super::*;
    use loki_cards::{evaluate, parse_cards};

    fn rank(s: &str) -> Option<HandRank> {
        Some(evaluate(&parse_cards(s).unwrap()))
    }

    #[test]
    fn three_way_split_gives_the_odd_chip_to_the_first_winner() {
        let board = "2c3d4h9sTs";
        let r = rank(&format!("AcKd{board}"));
        let ranks = vec![r, r, r, None];
        let pots = split_pots(&[10, 10, 10, 1], &ranks);
        assert_eq!(pots.len(), 1);
        assert_eq!(pots[0].shares, vec![(0, 11), (1, 10), (2, 10)]);
        let v = acpc_values(
            &[10, 10, 10, 1].into(),
            &ranks.clone().into_iter().collect(),
        );
        let v = v.as_slice();
        assert!((v[0] - 0.333333333).abs() < 1e-6 && v[3] == -1.0);
    }

    #[test]
    fn side_pots_follow_contribution_levels() {
        // position 0 all-in for 5 with the best hand; 1 beats 2 for the side pot.
        let ranks = vec![
            rank("AsAd2c3d4h9sTs"),
            rank("KsKd2c3d4h9sTs"),
            rank("QsQd2c3d4h9sTs"),
        ];
        let pots = split_pots(&[5, 20, 20], &ranks);
        assert_eq!(pots[0].amount, 15);
        assert_eq!(pots[0].shares, vec![(0, 15)]);
        assert_eq!(pots[1].amount, 30);
        assert_eq!(pots[1].shares, vec![(1, 30)]);
    }

    #[test]
    fn a_losers_all_in_level_does_not_split_the_winners_pot() {
        // PokerKit 0.7.7 on a 6-player hand (scripts/pokerkit_trees.py): positions 3 and
        // 5 tie for the main pot, 3 alone covers the side pot; 1 (all-in for 11) and 0
        // lose, 4 folded after putting in 12. Pots by every live level would be 55 (28/27)
        // + 7 (4/3) + 18; PokerKit mucks 0 and 1 first and splits 62 (31/31) + 18.
        let board = "Ah7s7d5d2c";
        let ranks = vec![
            rank(&format!("4h6h{board}")),
            rank(&format!("Qs4d{board}")),
            None,
            rank(&format!("5hTh{board}")),
            None,
            rank(&format!("Ks5c{board}")),
        ];
        let contrib = [22, 11, 0, 22, 12, 13];
        let pots = split_pots(&contrib, &ranks);
        let amounts: Vec<Chips> = pots.iter().map(|p| p.amount).collect();
        assert_eq!(amounts, vec![62, 18]);
        assert_eq!(pots[0].eligible, vec![3, 5]);
        assert_eq!(pots[0].shares, vec![(3, 31), (5, 31)]);
        assert_eq!(pots[1].shares, vec![(3, 18)]);
        // the ACPC split is by the pots of every live hand, and fractional anyway
        let v = acpc_values(&contrib.into(), &ranks.clone().into_iter().collect());
        let v = v.as_slice();
        assert_eq!(v[3] + v[5], 80.0 - 22.0 - 13.0);
    }
}
