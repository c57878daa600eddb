//! The dealer's cards: each hand is shuffled by its own ChaCha8 generator seeded from
//! (seed, hand number), and position `p` always gets the `p`-th pair, so the cards depend
//! only on (seed, hand number, position) and a seat-swapped replay with the same seed is a
//! duplicate match (as with the reference dealer, whose cards use a fixed number of
//! random draws per hand; `docs/acpc-protocol.md`, "Log format and
//! score"). The deck itself is loki's (not the reference dealer's Mersenne Twister).
use loki_cards::{mix, rng_from_seed, Deck};
use loki_engine::Deal;

/// The cards of hand `hand` for `players` (2..=10) positions.
pub fn deal(seed: u64, hand: u64, players: usize) -> Deal {
    let mut deck = Deck::shuffled(&mut rng_from_seed(mix(seed, hand)));
    Deal::from_deck(players.clamp(2, 10), &mut deck)
        .unwrap_or_else(|| unreachable!("52 cards suffice for 10 players"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_depend_on_seed_hand_and_position_only() {
        assert_eq!(deal(1, 5, 3), deal(1, 5, 3));
        assert_ne!(deal(1, 5, 3).hole, deal(1, 6, 3).hole);
        assert_ne!(deal(2, 5, 3).hole, deal(1, 5, 3).hole);
    }
}
