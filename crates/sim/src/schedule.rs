//! The deal schedule and seat rotations of a duplicate tournament (Billings et al. 1998,
//! "Experiments": each deal is replayed once per seating rotation, so that every player
//! holds every set of hole cards once).
//!
//! Deal `d` is shuffled by its own ChaCha8 generator, seeded from `(seed, d)`, so a deal
//! never depends on what happened before it. In rotation `r`, the player of seat `i` takes
//! position `(i + d + r) mod N` in deal `d`: within one rotation the button moves every
//! deal, and over the `N` rotations every player sits in every position of every deal.
use loki_cards::{rng_from_seed, Deck};
use loki_engine::Deal;

/// SplitMix64: a well-mixed 64-bit value from a seed and a stream number.
pub fn mix(seed: u64, stream: u64) -> u64 {
    let mut z = seed ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The cards of deal `index` for `seats` players.
pub fn deal(seed: u64, index: u64, seats: usize) -> Deal {
    let mut deck = Deck::shuffled(&mut rng_from_seed(mix(seed, index)));
    Deal::from_deck(seats, &mut deck)
        .unwrap_or_else(|| unreachable!("52 cards suffice for 10 seats"))
}

/// The position of the player in seat `seat` in deal `deal` of rotation `rotation`.
pub fn position_of(seat: usize, deal: u64, rotation: usize, seats: usize) -> usize {
    ((seat as u64 + deal + rotation as u64) % seats as u64) as usize
}

/// The seat of the player at `position` (the inverse of [`position_of`]).
pub fn seat_at(position: usize, deal: u64, rotation: usize, seats: usize) -> usize {
    let n = seats as u64;
    ((position as u64 + n - (deal + rotation as u64) % n) % n) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_player_holds_every_hand_once() {
        for n in 2..=10 {
            for d in 0..5u64 {
                for seat in 0..n {
                    let mut seen: Vec<usize> = (0..n).map(|r| position_of(seat, d, r, n)).collect();
                    seen.sort_unstable();
                    assert_eq!(seen, (0..n).collect::<Vec<_>>());
                    for r in 0..n {
                        assert_eq!(seat_at(position_of(seat, d, r, n), d, r, n), seat);
                    }
                }
            }
        }
    }

    #[test]
    fn deals_are_fixed_by_seed_and_index() {
        let a = deal(7, 3, 10);
        assert_eq!(a.hole, deal(7, 3, 10).hole);
        assert_eq!(a.board, deal(7, 3, 10).board);
        assert_ne!(a.board, deal(7, 4, 10).board);
    }
}
