//! Each live holding's rank on the flop and on every turn card, one evaluation or lookup
//! per holding and turn card: the reference the next-card cache of a flop
//! (`NextCardCache`, `crates/assess/src/range/next_card.rs`: the river-rank cache's type
//! tables over the 49 turn cards) is compared with, in the tests and in the criterion
//! bench (`cargo bench -p loki-assess --features bench --bench range -- next_card`).
use loki_assess::range::internals;
use loki_assess::{AssessError, HandCounts};
use loki_cards::{Card, Hand, HoleCards, HOLDINGS};

/// "No local index": the holding touches the board.
const NONE: u16 = u16::MAX;
/// The rank of a holding that touches the turn card: above every real rank, so that it
/// counts as neither below nor tied with ours.
const DEAD: u16 = u16::MAX;

/// The card mask of a board of three distinct cards.
fn board_mask(board: &[Card]) -> Result<u64, AssessError> {
    if board.len() != 3 {
        return Err(AssessError::BoardLength(board.len()));
    }
    let mut mask = 0u64;
    for &c in board {
        let bit = 1u64 << c.index();
        if mask & bit != 0 {
            return Err(AssessError::DuplicateCard(c));
        }
        mask |= bit;
    }
    Ok(mask)
}

/// Each live holding's rank on the flop and on every turn card, one evaluation or lookup
/// per holding and turn card: the reference `NextCardCache` is compared with.
#[derive(Clone)]
pub struct NextCardRanks {
    /// Local holding -> global holding index.
    pub global: Vec<u16>,
    /// Global holding index -> local index, or [`NONE`].
    local: Vec<u16>,
    /// Local holding -> bit set of its two cards.
    masks: Vec<u64>,
    /// Local holding -> five-card rank on the flop.
    pub now: Vec<u16>,
    /// The 49 turn cards.
    turns: Vec<u8>,
    /// Turn-major: `ranks[t * n + k]` = six-card rank of local holding k with turn card
    /// `turns[t]`, or [`DEAD`] if k contains it.
    pub ranks: Vec<u16>,
}

impl NextCardRanks {
    /// The ranks of a three-card board; with `share`, hands without a flush take their
    /// rank from a table by (turn rank, hole ranks) once one of them was evaluated.
    ///
    /// # Errors
    /// A board that is not three distinct cards.
    pub fn new(board: &[Card], share: bool) -> Result<NextCardRanks, AssessError> {
        let board_mask = board_mask(board)?;
        let base = Hand::EMPTY.with_all(board);
        let mut global = Vec::with_capacity(1176);
        let mut local = vec![NONE; HOLDINGS];
        let mut masks = Vec::with_capacity(1176);
        let mut cards = Vec::with_capacity(1176);
        let mut now = Vec::with_capacity(1176);
        for (h, slot) in local.iter_mut().enumerate() {
            let Some((a, b)) = HoleCards::pair_of_index(h) else {
                continue;
            };
            let m = (1u64 << a) | (1u64 << b);
            if m & board_mask != 0 {
                continue;
            }
            *slot = global.len() as u16;
            global.push(h as u16);
            masks.push(m);
            cards.push((a, b));
            now.push(base.with_index(a).with_index(b).rank().value());
        }
        let turns: Vec<u8> = (0..52u8)
            .filter(|&c| board_mask & (1u64 << c) == 0)
            .collect();
        let n = global.len();
        let mut ranks = vec![DEAD; turns.len() * n];
        // Without a flush a six-card rank depends on the ranks alone: by (turn rank,
        // hole ranks), 0 until evaluated. Only a suit with three of the four board cards
        // can make a flush with two hole cards.
        let mut plain = vec![0u16; 13 * 169];
        let suit_counts =
            |mask: u64| [0, 1, 2, 3].map(|s| (mask >> s & 0x0001_1111_1111_1111).count_ones());
        for (t, &card) in turns.iter().enumerate() {
            let with_turn = base.with_index(card);
            let bit = 1u64 << card;
            let counts = suit_counts(board_mask | bit);
            let flush_suit = (0..4u8).find(|&s| counts[usize::from(s)] >= 3);
            let turn_rank = usize::from(card / 4) * 169;
            let Some(row) = ranks.get_mut(t * n..(t + 1) * n) else {
                continue;
            };
            for ((y, &mask), &(a, b)) in row.iter_mut().zip(&masks).zip(&cards) {
                if mask & bit != 0 {
                    continue;
                }
                let flush = flush_suit.is_some_and(|s| {
                    counts[usize::from(s)] + u32::from(a % 4 == s) + u32::from(b % 4 == s) >= 5
                });
                let slot = plain.get_mut(turn_rank + usize::from(a / 4) * 13 + usize::from(b / 4));
                *y = match slot {
                    Some(p) if !flush && share => {
                        if *p == 0 {
                            *p = with_turn.with_index(a).with_index(b).rank().value();
                        }
                        *p
                    }
                    _ => with_turn.with_index(a).with_index(b).rank().value(),
                };
            }
        }
        Ok(NextCardRanks {
            global,
            local,
            masks,
            now,
            turns,
            ranks,
        })
    }

    /// The weight-free one-card counts of a hand: for every opponent holding that avoids
    /// the board and our cards, on how many of the 45 turn cards they share it ends below
    /// and tied with us (then [`HandCounts::potential`] gives PPot1 and NPot1 against a
    /// table).
    ///
    /// # Errors
    /// [`AssessError::HoleTouchesBoard`] when the hole cards share a card with the board.
    pub fn hand_counts(&self, hole: HoleCards) -> Result<HandCounts, AssessError> {
        let h = self.local.get(hole.index()).copied().unwrap_or(NONE);
        if h == NONE {
            return Err(AssessError::HoleTouchesBoard {
                hole: hole.to_string(),
            });
        }
        let h = usize::from(h);
        let n = self.global.len();
        let hm = self.masks[h];
        let mut below = vec![0u16; n];
        let mut equal = vec![0u16; n];
        for (t, &card) in self.turns.iter().enumerate() {
            if hm & (1u64 << card) != 0 {
                continue;
            }
            let row = &self.ranks[t * n..(t + 1) * n];
            let ours = row[h];
            for ((b, e), &x) in below.iter_mut().zip(equal.iter_mut()).zip(row) {
                *b += u16::from(x < ours);
                *e += u16::from(x == ours);
            }
        }
        let xh = self.now[h];
        let mut groups: [Vec<(u16, f64, f64)>; 3] = Default::default();
        for k in (0..n).filter(|&k| self.masks[k] & hm == 0) {
            let state = match xh.cmp(&self.now[k]) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 2,
            };
            groups[state].push((self.global[k], f64::from(below[k]), f64::from(equal[k])));
        }
        // Every opponent holding shares 45 turn cards with us (52 - 3 - 2 - 2).
        let starts = [
            0,
            groups[0].len(),
            groups[0].len() + groups[1].len(),
            groups.iter().map(Vec::len).sum(),
        ];
        let all = groups.concat();
        Ok(internals::hand_counts(
            hole,
            45,
            all.iter().map(|x| x.0).collect(),
            all.iter().map(|x| x.1).collect(),
            all.iter().map(|x| x.2).collect(),
            starts,
        ))
    }
}
