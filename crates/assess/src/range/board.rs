//! Per-board precomputation shared by the range table and the rank cache: the holdings
//! that do not touch the board (local indices), their flop (or turn) ranks and rank
//! classes, the runouts, and which holdings contain each card.
use crate::AssessError;
use loki_cards::{holding_index, Card, Hand, HOLDINGS};

/// "No local index": the holding touches the board.
pub(crate) const NONE: u16 = u16::MAX;

/// Everything about a board that does not depend on the runout.
#[derive(Clone, Debug)]
pub(crate) struct BoardInfo {
    /// The board cards, as given.
    pub board: Vec<Card>,
    /// Bit set of the board cards.
    pub board_mask: u64,
    /// The board as an incremental hand.
    pub board_hand: Hand,
    /// Local holding -> its two card indices (low, high).
    pub cards: Vec<(u8, u8)>,
    /// Local holding -> bit set of its two cards.
    pub masks: Vec<u64>,
    /// Local holding -> global holding index.
    pub global: Vec<u16>,
    /// Global holding index -> local index, or [`NONE`].
    pub local: Vec<u16>,
    /// Local holding -> rank on the current board (5 cards on a flop, 6 on a turn).
    pub x: Vec<u16>,
    /// Number of distinct ranks.
    pub dx: usize,
    /// Card pair `52 * a + b` (either order) -> index of that holding's rank among the
    /// distinct ranks (ascending), or [`NONE`] if it touches the board.
    pub pair_xc: Vec<u16>,
    /// The runouts: two cards on a flop, one card (second = 255) on a turn.
    pub runouts: Vec<(u8, u8)>,
    /// Runout -> bit set of its cards.
    pub runout_masks: Vec<u64>,
    /// Runouts per (holding, opponent) pair: 990 on a flop, 44 on a turn.
    pub r: u32,
    /// Opponent holdings per holding: 1,081 on a flop, 1,035 on a turn.
    pub opponents: u32,
    /// Card -> local holdings that contain it.
    pub card_holdings: Vec<Vec<u16>>,
    /// The suit permutations that map the board onto itself (the identity first), each
    /// as the permutation of local holdings it induces.
    pub holding_perms: Vec<Vec<u16>>,
    /// Runout orbits under those permutations.
    pub orbits: Orbits,
}

/// The runout orbits under the suit permutations that fix the board, stored flat: orbit
/// `o`'s members are `members[starts[o]..starts[o + 1]]`, each a runout with the index of
/// a permutation mapping the representative onto it, the representative first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Orbits {
    starts: Vec<u32>,
    members: Vec<(usize, usize)>,
}

impl Orbits {
    /// Every runout its own orbit (the identity the only permutation).
    fn singletons(runouts: usize) -> Orbits {
        Orbits {
            starts: (0..=runouts as u32).collect(),
            members: (0..runouts).map(|r| (r, 0)).collect(),
        }
    }

    /// The number of orbits.
    pub fn len(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// Orbit `o`'s members (runout, permutation index), the representative first; empty
    /// past the last orbit.
    #[inline]
    pub fn members(&self, o: usize) -> &[(usize, usize)] {
        match (self.starts.get(o), self.starts.get(o + 1)) {
            (Some(&a), Some(&b)) => self.members.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }

    /// Orbit `o`'s representative runout.
    #[inline]
    pub fn rep(&self, o: usize) -> Option<usize> {
        self.members(o).first().map(|&(r, _)| r)
    }
}

/// The card mask of a board of one of the `lengths` with distinct cards.
///
/// # Errors
/// Another length, or a card given twice.
pub(crate) fn board_mask(board: &[Card], lengths: &[usize]) -> Result<u64, AssessError> {
    if !lengths.contains(&board.len()) {
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

impl BoardInfo {
    /// Validates the board (3 or 4 distinct cards) and precomputes.
    pub fn new(board: &[Card]) -> Result<BoardInfo, AssessError> {
        let board_mask = board_mask(board, &[3, 4])?;
        let board_hand = Hand::EMPTY.with_all(board);
        let live: Vec<u8> = (0..52u8).filter(|&c| board_mask >> c & 1 == 0).collect();
        let pairs = live.len() * (live.len() - 1) / 2;
        let mut cards = Vec::with_capacity(pairs);
        let mut global = Vec::with_capacity(pairs);
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
        let (xc, dx) = rank_classes(&x);
        let mut pair_xc = vec![NONE; 52 * 52];
        for (&(a, b), &c) in cards.iter().zip(&xc) {
            pair_xc[usize::from(a) * 52 + usize::from(b)] = c;
            pair_xc[usize::from(b) * 52 + usize::from(a)] = c;
        }
        let (runouts, r) = if board.len() == 3 {
            (cards.clone(), 990)
        } else {
            (live.iter().map(|&c| (c, 255u8)).collect(), 44)
        };
        let runout_masks = runouts
            .iter()
            .map(|&(a, b)| 1u64 << a | if b < 52 { 1u64 << b } else { 0 })
            .collect();
        let mut card_holdings: Vec<Vec<u16>> = (0..52)
            .map(|_| Vec::with_capacity(live.len() - 1))
            .collect();
        for (i, &(a, b)) in cards.iter().enumerate() {
            card_holdings[a as usize].push(i as u16);
            card_holdings[b as usize].push(i as u16);
        }
        let nl = live.len() as u32 - 2;
        let (holding_perms, orbits) = symmetry(board_mask, &cards, &local, &runouts);
        Ok(BoardInfo {
            board: board.to_vec(),
            board_mask,
            board_hand,
            cards,
            masks,
            global,
            local,
            x,
            dx,
            pair_xc,
            runouts,
            runout_masks,
            r,
            opponents: nl * (nl - 1) / 2,
            card_holdings,
            holding_perms,
            orbits,
        })
    }

    /// A flop's board with one card of lookahead instead of two: the runouts are the 49
    /// turn cards (each `(card, 255)`), 45 of them shared by every pair of disjoint
    /// holdings; the rest as on the flop. `None` for a turn.
    pub fn next_card(&self) -> Option<BoardInfo> {
        if self.board.len() != 3 {
            return None;
        }
        let runouts: Vec<(u8, u8)> = (0..52u8)
            .filter(|&c| self.board_mask >> c & 1 == 0)
            .map(|c| (c, 255))
            .collect();
        let runout_masks = runouts.iter().map(|&(c, _)| 1u64 << c).collect();
        let (_, orbits) = symmetry(self.board_mask, &[], &self.local, &runouts);
        Some(BoardInfo {
            board: self.board.clone(),
            board_mask: self.board_mask,
            board_hand: self.board_hand,
            cards: self.cards.clone(),
            masks: self.masks.clone(),
            global: self.global.clone(),
            local: self.local.clone(),
            x: self.x.clone(),
            dx: self.dx,
            pair_xc: self.pair_xc.clone(),
            runouts,
            runout_masks,
            r: 45,
            opponents: self.opponents,
            card_holdings: self.card_holdings.clone(),
            holding_perms: self.holding_perms.clone(),
            orbits,
        })
    }

    /// The same board with the symmetry reduction switched off (every runout its own
    /// orbit, the identity the only permutation): for tests of the reduction.
    #[cfg(test)]
    pub fn without_symmetry(mut self) -> BoardInfo {
        self.holding_perms = vec![(0..self.n() as u16).collect()];
        self.orbits = Orbits::singletons(self.runouts.len());
        self
    }

    /// Number of holdings that do not touch the board.
    pub fn n(&self) -> usize {
        self.cards.len()
    }

    /// HS counts (ahead, tied, behind) of every local holding against every opponent
    /// holding that avoids it and the board: prefix counts over the rank classes, of all
    /// holdings and of the holdings through each card, with per-card
    /// inclusion-exclusion.
    pub fn hs_counts(&self) -> Vec<[u32; 3]> {
        let dx = self.dx.max(1);
        let class = |&(a, b): &(u8, u8)| {
            usize::from(self.pair_xc[usize::from(a) * 52 + usize::from(b)]).min(dx - 1)
        };
        // Row 52: every holding; row c < 52: the holdings through card c. Entry j + 1 of
        // a row counts its holdings of class <= j.
        let stride = dx + 1;
        let mut le = vec![0u32; 53 * stride];
        for pair in &self.cards {
            let j = class(pair) + 1;
            for row in [52, usize::from(pair.0), usize::from(pair.1)] {
                le[row * stride + j] += 1;
            }
        }
        for row in le.chunks_mut(stride) {
            for j in 1..row.len() {
                row[j] += row[j - 1];
            }
        }
        let at = |row: usize, j: usize| i64::from(le[row * stride + j]);
        self.cards
            .iter()
            .map(|pair| {
                let j = class(pair);
                let (a, b) = (usize::from(pair.0), usize::from(pair.1));
                // Below us and tied with us, minus the holdings through our cards (ours
                // is in both and ties with us: add it back once).
                let lt = at(52, j) - at(a, j) - at(b, j);
                let eq = (at(52, j + 1) - at(52, j))
                    - (at(a, j + 1) - at(a, j))
                    - (at(b, j + 1) - at(b, j))
                    + 1;
                let ahead = lt.max(0) as u32;
                let tied = eq.max(0) as u32;
                [ahead, tied, self.opponents.saturating_sub(ahead + tied)]
            })
            .collect()
    }
}

/// All 24 suit permutations.
pub fn suit_perms() -> Vec<[u8; 4]> {
    let mut out = Vec::new();
    for a in 0..4u8 {
        for b in 0..4u8 {
            for c in 0..4u8 {
                for d in 0..4u8 {
                    let p = [a, b, c, d];
                    let mut seen = 0u8;
                    for &x in &p {
                        seen |= 1 << x;
                    }
                    if seen == 15 {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

/// Card index `c` with its suit permuted by `p`.
#[inline]
pub fn map_card(c: u8, p: &[u8; 4]) -> u8 {
    c / 4 * 4 + p[(c % 4) as usize]
}

/// A card mask with every card's suit permuted by `p`.
pub fn map_mask(m: u64, p: &[u8; 4]) -> u64 {
    let mut out = 0u64;
    for c in 0..52u8 {
        if m >> c & 1 == 1 {
            out |= 1 << map_card(c, p);
        }
    }
    out
}

/// Each rank's class (its index among the distinct ranks, ascending) and the number of
/// distinct ranks, from a bit set over the 16-bit ranks: the same classes as sorting the
/// distinct ranks and searching each, without sorting.
fn rank_classes(x: &[u16]) -> (Vec<u16>, usize) {
    let mut bits = vec![0u64; 1 << 10];
    for &v in x {
        if let Some(w) = bits.get_mut(usize::from(v >> 6)) {
            *w |= 1 << (v & 63);
        }
    }
    let mut before = vec![0u16; 1 << 10];
    let mut count = 0u16;
    for (b, &w) in before.iter_mut().zip(&bits) {
        *b = count;
        count += w.count_ones() as u16;
    }
    let classes = x
        .iter()
        .map(|&v| {
            let w = usize::from(v >> 6);
            let below = bits
                .get(w)
                .map_or(0, |&m| (m & ((1u64 << (v & 63)) - 1)).count_ones());
            before.get(w).map_or(0, |&b| b + below as u16)
        })
        .collect();
    (classes, usize::from(count))
}

type Symmetry = (Vec<Vec<u16>>, Orbits);

/// The suit permutations fixing the board (as local-holding permutations) and the runout
/// orbits under them.
fn symmetry(board_mask: u64, cards: &[(u8, u8)], local: &[u16], runouts: &[(u8, u8)]) -> Symmetry {
    let perms: Vec<[u8; 4]> = suit_perms()
        .into_iter()
        .filter(|p| map_mask(board_mask, p) == board_mask)
        .collect();
    if perms.len() == 1 {
        // Only the identity: every holding and runout is its own image.
        let identity = (0..cards.len() as u16).collect();
        return (vec![identity], Orbits::singletons(runouts.len()));
    }
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
    // Runout (first card, second card or 52 on a turn) -> its index.
    let mut runout_index = vec![usize::MAX; 52 * 53];
    for (i, &(a, b)) in runouts.iter().enumerate() {
        if let Some(slot) = runout_index.get_mut(usize::from(a) * 53 + usize::from(b.min(52))) {
            *slot = i;
        }
    }
    let image = |ri: usize, p: &[u8; 4]| -> usize {
        let (a, b) = runouts[ri];
        let (x, y) = if b < 52 {
            let (x, y) = (map_card(a, p), map_card(b, p));
            (x.min(y), x.max(y))
        } else {
            (map_card(a, p), b)
        };
        runout_index
            .get(usize::from(x) * 53 + usize::from(y.min(52)))
            .copied()
            .filter(|&j| j != usize::MAX)
            .unwrap_or(ri)
    };
    let mut orbits = Orbits {
        starts: vec![0],
        members: Vec::with_capacity(runouts.len()),
    };
    let mut imgs = Vec::with_capacity(perms.len());
    for ri in 0..runouts.len() {
        imgs.clear();
        imgs.extend(perms.iter().map(|p| image(ri, p)));
        if imgs.iter().any(|&j| j < ri) {
            continue;
        }
        let start = orbits.members.len();
        for (g, &j) in imgs.iter().enumerate() {
            if !orbits.members[start..].iter().any(|&(m, _)| m == j) {
                orbits.members.push((j, g));
            }
        }
        orbits.starts.push(orbits.members.len() as u32);
    }
    (holding_perms, orbits)
}
