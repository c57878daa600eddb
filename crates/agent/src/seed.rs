//! The one seed derivation: every random process of loki takes one seed, and every
//! generator a run needs is seeded by `mix(seed, stream)` (SplitMix64, `loki_cards::mix`)
//! with a stream of its own, so that one seed gives the same run whatever the thread
//! count, the batch size or the order in which tables are played.
//!
//! * [`player_seed`]: the generator of the player in one seat of one table (a rotation of
//!   a duplicate match; 0 for a single table).
//! * [`table_seed`]: the deck of the `k`-th table of a run (each table of `loki serve`,
//!   each independent self-play table of `loki frequencies`).
//!
//! The deals, seatings and match seeds of a duplicate tournament are derived by
//! `loki_sim::schedule` from the same function.
pub use loki_cards::mix;

/// The random seed of the player in `seat` of table `table` (a rotation of a duplicate
/// tournament; 0 for a single table) in a run seeded by `seed`.
pub fn player_seed(seed: u64, table: usize, seat: usize) -> u64 {
    mix(seed, 1_000_000 + (table as u64) * 64 + seat as u64)
}

/// The seed of the `k`-th independent table of a run seeded by `seed`.
pub fn table_seed(seed: u64, k: u64) -> u64 {
    mix(seed, k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_differ_by_table_and_seat() {
        let mut seen = std::collections::HashSet::new();
        for table in 0..10 {
            for seat in 0..10 {
                assert!(seen.insert(player_seed(1998, table, seat)));
            }
        }
        for k in 0..100 {
            assert!(seen.insert(table_seed(1998, k)));
        }
    }

    #[test]
    fn the_derivation_is_fixed() {
        // Runs written by earlier versions must replay: these values never change.
        assert_eq!(table_seed(0, 0), mix(0, 0));
        assert_eq!(player_seed(1998, 0, 0), mix(1998, 1_000_000));
        assert_eq!(player_seed(1998, 2, 3), mix(1998, 1_000_000 + 2 * 64 + 3));
        assert_ne!(mix(1, 0), mix(0, 1));
    }
}
