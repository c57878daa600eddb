//! Board values shared by every model of an evaluation: for each flop, turn and river a
//! hand reached, the EHS of every holding as its owner sees it (the range table of
//! `loki-assess` on the flop and turn, hand strength against one uniform opponent on the
//! river, as `loki-bot`'s board cache computes them; NaN for holdings that touch the
//! board). Computed once per board, in parallel, whatever the number of models.
//!
//! Flops are computed once per suit-isomorphism class (1,755 classes for 22,100 flops):
//! relabelling suits maps a board's range table onto its class representative's, holding
//! by holding, with identical values (tested).
use loki_assess::RangeTable;
use loki_bot::board_cache::BoardRanges;
use loki_cards::{holding_index, Card, CardSet, HOLDINGS};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// EHS by holding index (NaN where the holding touches the board).
pub type Values = Arc<[f64]>;

/// The 24 suit permutations.
fn permutations() -> &'static [[u8; 4]; 24] {
    static P: OnceLock<[[u8; 4]; 24]> = OnceLock::new();
    P.get_or_init(|| {
        let mut out = [[0u8; 4]; 24];
        let mut k = 0;
        for a in 0..4u8 {
            for b in 0..4u8 {
                for c in 0..4u8 {
                    let d = 6 - a - b - c;
                    if a != b && a != c && b != c && d < 4 && d != a && d != b && d != c {
                        out[k] = [a, b, c, d];
                        k += 1;
                    }
                }
            }
        }
        out
    })
}

fn map_card(c: u8, perm: &[u8; 4]) -> u8 {
    (c & !3) | perm[usize::from(c & 3)]
}

fn map_set(bits: u64, perm: &[u8; 4]) -> u64 {
    let mut out = 0u64;
    let mut b = bits;
    while b != 0 {
        let c = b.trailing_zeros() as u8;
        b &= b - 1;
        out |= 1u64 << map_card(c, perm);
    }
    out
}

/// The class representative of a board under suit relabelling (the smallest card mask)
/// and the permutation that maps the board onto it.
pub fn canonical(board: CardSet) -> (CardSet, [u8; 4]) {
    let mut best = (u64::MAX, [0, 1, 2, 3]);
    for perm in permutations() {
        let m = map_set(board.bits(), perm);
        if m < best.0 {
            best = (m, *perm);
        }
    }
    (CardSet::from_bits(best.0), best.1)
}

fn cards_of(set: CardSet) -> Vec<Card> {
    set.iter().collect()
}

fn range_values(board: &[Card]) -> Vec<f64> {
    RangeTable::new(board).map_or_else(|_| vec![f64::NAN; HOLDINGS], |t| t.ehs_all())
}

fn river_values(board: &[Card]) -> Vec<f64> {
    match BoardRanges::new(board) {
        Ok(r) => (0..HOLDINGS)
            .map(|h| r.ehs(h).unwrap_or(f64::NAN))
            .collect(),
        Err(_) => vec![f64::NAN; HOLDINGS],
    }
}

/// The values of a board computed through its class representative `canon` (values by
/// holding index of the representative) and the permutation `perm` mapping the board
/// onto it.
fn relabel(canon: &[f64], perm: &[u8; 4]) -> Vec<f64> {
    (0..HOLDINGS)
        .map(|h| {
            let (a, b) = loki_cards::HoleCards::pair_of_index(h).unwrap_or((0, 1));
            let (x, y) = (map_card(a, perm), map_card(b, perm));
            holding_index(x.min(y), x.max(y)).map_or(f64::NAN, |g| canon[g])
        })
        .collect()
}

/// Values of boards, keyed by card set; flop classes are kept across batches.
#[derive(Debug, Default)]
pub struct Boards {
    values: HashMap<u64, Values>,
    flop_classes: Mutex<HashMap<u64, Values>>,
}

impl Boards {
    /// No boards yet.
    pub fn new() -> Boards {
        Boards::default()
    }
    /// The values of a 3-, 4- or 5-card board, if computed.
    pub fn get(&self, board: &[Card]) -> Option<&[f64]> {
        let set: CardSet = board.iter().copied().collect();
        self.values.get(&set.bits()).map(|v| &v[..])
    }
    /// Number of boards held.
    pub fn len(&self) -> usize {
        self.values.len()
    }
    /// Whether no board is held.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
    /// Replaces the boards held by `boards` (each a 3-, 4- or 5-card board), computed in
    /// parallel; flop classes computed before are reused.
    pub fn prepare(&mut self, boards: impl IntoIterator<Item = Vec<Card>>) {
        let mut wanted: Vec<(u64, Vec<Card>)> = boards
            .into_iter()
            .filter(|b| (3..=5).contains(&b.len()))
            .map(|b| (b.iter().copied().collect::<CardSet>().bits(), b))
            .collect();
        wanted.sort_by_key(|w| w.0);
        wanted.dedup_by_key(|w| w.0);
        // Flop classes first (each class once, in parallel).
        let mut classes: Vec<u64> = wanted
            .iter()
            .filter(|(_, b)| b.len() == 3)
            .map(|(bits, _)| canonical(CardSet::from_bits(*bits)).0.bits())
            .collect();
        classes.sort_unstable();
        classes.dedup();
        let known = self
            .flop_classes
            .get_mut()
            .unwrap_or_else(|p| p.into_inner());
        let missing: Vec<u64> = classes
            .into_iter()
            .filter(|c| !known.contains_key(c))
            .collect();
        let fresh: Vec<(u64, Values)> = missing
            .par_iter()
            .map(|&c| {
                (
                    c,
                    Values::from(range_values(&cards_of(CardSet::from_bits(c)))),
                )
            })
            .collect();
        known.extend(fresh);
        let known = &*known;
        self.values = wanted
            .par_iter()
            .map(|(bits, board)| {
                let v: Values = match board.len() {
                    3 => {
                        let (canon, perm) = canonical(CardSet::from_bits(*bits));
                        match known.get(&canon.bits()) {
                            Some(c) => Values::from(relabel(c, &perm)),
                            None => Values::from(range_values(board)),
                        }
                    }
                    4 => Values::from(range_values(board)),
                    _ => Values::from(river_values(board)),
                };
                (*bits, v)
            })
            .collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use loki_cards::parse_cards;

    #[test]
    fn relabelled_flops_are_exact() {
        for text in ["3h4cJh", "JcQc8c", "9d2s9h", "7c7d7h", "As5d2h", "KsKhQs"] {
            let board = parse_cards(text).unwrap();
            let direct = range_values(&board);
            let (canon, perm) = canonical(board.iter().copied().collect());
            assert_eq!(canon.len(), 3);
            let via = relabel(&range_values(&cards_of(canon)), &perm);
            for h in 0..HOLDINGS {
                assert!(
                    direct[h] == via[h] || (direct[h].is_nan() && via[h].is_nan()),
                    "{text} {h}"
                );
            }
        }
        // Isomorphic flops share a class.
        let a = canonical(parse_cards("3h4cJh").unwrap().into_iter().collect()).0;
        let b = canonical(parse_cards("3s4dJs").unwrap().into_iter().collect()).0;
        assert_eq!(a, b);
        assert_eq!(permutations().len(), 24);
    }

    #[test]
    fn prepare_holds_every_board() {
        let mut b = Boards::new();
        let flop = parse_cards("3h4cJh").unwrap();
        let turn = parse_cards("3h4cJh2d").unwrap();
        let river = parse_cards("3h4cJh2d9s").unwrap();
        b.prepare(vec![
            flop.clone(),
            turn.clone(),
            river.clone(),
            flop.clone(),
        ]);
        assert_eq!(b.len(), 3);
        let v = b.get(&river).unwrap();
        assert!(v[0].is_nan(), "2c2d touches the 2d");
        let nines: loki_cards::HoleCards = "9h9d".parse().unwrap();
        assert!(v[nines.index()] > 0.95 && v[nines.index()] < 1.0);
        let t = b.get(&turn).unwrap();
        let h: loki_cards::HoleCards = "AhKh".parse().unwrap();
        let want = RangeTable::new(&turn).unwrap().ehs(h).unwrap();
        assert_eq!(t[h.index()], want);
        let touching: loki_cards::HoleCards = "3hAs".parse().unwrap();
        assert!(b.get(&flop).unwrap()[touching.index()].is_nan());
    }
}
