//! The deal schedule and seatings of a duplicate tournament (Billings et al. 1998,
//! "Experiments": each deal is replayed once per seating rotation, so that every player
//! holds every set of hole cards once).
//!
//! Deal `d` is shuffled by its own ChaCha8 generator, seeded from `(seed, d)`, so a deal
//! never depends on what happened before it. The deals are grouped in blocks of
//! `block` deals; each block draws a seat permutation `perm` from its own generator,
//! seeded from `(seed, block number)`. In rotation `r`, the player of seat `i` takes
//! position `(perm[i] + d + r) mod N` in deal `d`: within one rotation the button moves
//! every deal, over the `N` rotations every player sits in every position of every deal,
//! and from block to block the players' order around the table changes, so that no
//! player always acts right after the same other player (with cyclic rotations alone
//! that order never varies, a fixed bias as large as the differences we measure). A
//! block of 0 keeps the identity permutation (the cyclic rotations alone). Everything is
//! a function of the seed and the deal number, never of threads or batches.
use loki_cards::{mix, rng_from_seed, uniform_below, Deck};
use loki_engine::{ByPosition, Deal, Position, Seat};

/// The default number of deals between seat permutations (**ours**).
pub const DEFAULT_SEATING_BLOCK: u64 = 10;

/// Stream numbers of the seat permutations start here (deals use streams 0, 1, ...).
const SEATING_STREAM: u64 = 1 << 62;
/// Stream numbers of the match seeds start here.
const MATCH_STREAM: u64 = 3 << 62;

/// The seed of match `m` of a run seeded by `seed`: match 0 uses `seed` itself (so a
/// one-match run is the plain tournament), the others a stream of their own.
pub fn match_seed(seed: u64, m: u64) -> u64 {
    if m == 0 {
        seed
    } else {
        mix(seed, MATCH_STREAM + m)
    }
}

/// The cards of deal `index` for `seats` players.
pub fn deal(seed: u64, index: u64, seats: usize) -> Deal {
    let mut deck = Deck::shuffled(&mut rng_from_seed(mix(seed, index)));
    Deal::from_deck(seats, &mut deck)
        .unwrap_or_else(|| unreachable!("52 cards suffice for 10 seats"))
}

/// Where the players sit in a duplicate tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seating {
    seed: u64,
    seats: usize,
    block: u64,
}

impl Seating {
    /// The seating of a run of `seats` players seeded by `seed`, permuted every `block`
    /// deals (0: never).
    pub fn new(seed: u64, seats: usize, block: u64) -> Seating {
        Seating { seed, seats, block }
    }

    /// The seat permutation of deal `deal`: `perm[seat]` is the seat's place around the
    /// table (a Fisher-Yates shuffle of its block's generator).
    pub fn permutation(&self, deal: u64) -> Vec<usize> {
        let mut perm: Vec<usize> = (0..self.seats).collect();
        if self.block == 0 {
            return perm;
        }
        let mut rng = rng_from_seed(mix(self.seed, SEATING_STREAM + deal / self.block));
        for i in (1..perm.len()).rev() {
            let j = uniform_below(&mut rng, i as u32 + 1) as usize;
            perm.swap(i, j);
        }
        perm
    }

    /// The position of each seat (`positions[seat]`) in deal `deal` of rotation
    /// `rotation`.
    pub fn positions(&self, deal: u64, rotation: usize) -> Vec<Position> {
        let n = self.seats as u64;
        self.permutation(deal)
            .iter()
            .map(|&p| Position::new(((p as u64 + deal + rotation as u64) % n) as usize))
            .collect()
    }

    /// The seat at each position (the inverse of [`Seating::positions`]).
    pub fn seats_by_position(&self, deal: u64, rotation: usize) -> ByPosition<Seat> {
        let mut seats = ByPosition::filled(self.seats, Seat::new(0));
        for (seat, p) in self.positions(deal, rotation).into_iter().enumerate() {
            seats[p] = Seat::new(seat);
        }
        seats
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_player_holds_every_hand_once() {
        for n in 2..=10 {
            for block in [0, 1, 10] {
                let s = Seating::new(5, n, block);
                for d in 0..25u64 {
                    let mut seen = vec![Vec::new(); n];
                    for r in 0..n {
                        let pos = s.positions(d, r);
                        let mut sorted = pos.clone();
                        sorted.sort_unstable();
                        assert_eq!(
                            sorted,
                            Position::all(n).collect::<Vec<_>>(),
                            "a permutation"
                        );
                        let back = s.seats_by_position(d, r);
                        for (seat, &p) in pos.iter().enumerate() {
                            assert_eq!(back[p], Seat::new(seat));
                            seen[seat].push(p);
                        }
                    }
                    for v in &mut seen {
                        v.sort_unstable();
                        assert_eq!(
                            *v,
                            Position::all(n).collect::<Vec<_>>(),
                            "every position once"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_order_around_the_table_varies_by_block() {
        let n = 10;
        let s = Seating::new(1998, n, 10);
        // Who sits right after seat 0, block by block.
        let after: std::collections::HashSet<usize> = (0..40u64)
            .map(|b| {
                let pos = s.positions(b * 10, 0);
                let next = ((pos[0]).index() + 1) % n;
                pos.iter().position(|&p| p == Position::new(next)).unwrap()
            })
            .collect();
        assert!(after.len() >= 5, "{after:?}");
        // Within a block the order is fixed; block 0 means cyclic rotations only.
        assert_eq!(s.permutation(20), s.permutation(29));
        assert_eq!(
            Seating::new(1998, n, 0).permutation(77),
            (0..n).collect::<Vec<_>>()
        );
        // The same seed gives the same seating.
        assert_eq!(
            Seating::new(1998, n, 10).positions(123, 4),
            s.positions(123, 4)
        );
    }

    #[test]
    fn deals_are_fixed_by_seed_and_index() {
        let a = deal(7, 3, 10);
        assert_eq!(a.hole, deal(7, 3, 10).hole);
        assert_eq!(a.board, deal(7, 3, 10).board);
        assert_ne!(a.board, deal(7, 4, 10).board);
    }
}
