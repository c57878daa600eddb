//! What a table is made of: seats, the bots' kinds, the stakes, the seed of the deck and
//! the person's name (validated: it keys the person's profile). Values **ours**: names of
//! at most [`MAX_NAME_CHARS`] letters, digits, spaces and `-_.`; blinds of half the small
//! bet and the small bet (2/4 plays 1/2 blinds, the tournament's game).
use crate::SpecError;
use loki_engine::{Chips, GameConfig};
use std::str::FromStr;

/// Longest person's name, in characters (ours).
pub const MAX_NAME_CHARS: usize = 24;

/// The fixed-limit stakes: the small bet (pre-flop and flop) and the big bet (turn and
/// river); the blinds are half the small bet and the small bet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stakes {
    /// The small bet.
    pub small_bet: Chips,
    /// The big bet.
    pub big_bet: Chips,
}

impl Default for Stakes {
    fn default() -> Self {
        Stakes {
            small_bet: 2,
            big_bet: 4,
        }
    }
}

impl FromStr for Stakes {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<Stakes, SpecError> {
        let bad = || SpecError::Stakes(s.chars().take(40).collect());
        let (a, b) = s.trim().split_once('/').ok_or_else(bad)?;
        let small: Chips = a.trim().parse().map_err(|_| bad())?;
        let big: Chips = b.trim().parse().map_err(|_| bad())?;
        if !(2..=1_000_000).contains(&small) || !(small..=1_000_000).contains(&big) {
            return Err(bad());
        }
        Ok(Stakes {
            small_bet: small,
            big_bet: big,
        })
    }
}

impl Stakes {
    /// The game at `seats` seats: blinds `small_bet / 2` and `small_bet`, a bet and three
    /// raises per round, deep stacks.
    ///
    /// # Errors
    /// Seats outside 2..=10.
    pub fn game(&self, seats: usize) -> Result<GameConfig, SpecError> {
        if !(2..=10).contains(&seats) {
            return Err(SpecError::Seats(seats));
        }
        Ok(GameConfig::limit(
            seats,
            self.small_bet / 2,
            self.small_bet,
            self.small_bet,
            self.big_bet,
        )
        .map_err(loki_engine::EngineError::from)?)
    }
}

/// A person's name, trimmed, or why it is refused: 1 to [`MAX_NAME_CHARS`] characters,
/// each a letter, a digit, a space or one of `-_.`.
///
/// # Errors
/// [`SpecError::Name`].
pub fn person_name(raw: &str) -> Result<String, SpecError> {
    let name = raw.trim();
    let n = name.chars().count();
    let ok = (1..=MAX_NAME_CHARS).contains(&n)
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.'));
    if ok {
        Ok(name.to_string())
    } else {
        Err(SpecError::Name(
            raw.chars().take(MAX_NAME_CHARS + 8).collect(),
        ))
    }
}

/// A table to sit at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableSpec {
    /// Seats, 2 to 10; the person takes seat 0.
    pub seats: usize,
    /// The bots' kinds (a `--players`-style list such as `SOM,GOM,2*BPM`), repeated in
    /// order to fill the other seats.
    pub bots: String,
    /// The stakes.
    pub stakes: Stakes,
    /// The seed of the deck (and of the bots' random generators).
    pub seed: u64,
    /// The person's name (checked by [`person_name`]).
    pub person: String,
    /// Whether the model view is on at the start.
    pub show_model: bool,
}

impl TableSpec {
    /// The default table: six seats against SOM, GOM, LOKI2, BPM and BPT at 2/4.
    pub fn new(person: &str, seed: u64) -> TableSpec {
        TableSpec {
            seats: 6,
            bots: DEFAULT_BOTS.to_string(),
            stakes: Stakes::default(),
            seed,
            person: person.to_string(),
            show_model: true,
        }
    }
}

/// The default bots (ours): both modeling players, Loki-2, and two basic players.
pub const DEFAULT_BOTS: &str = "SOM,GOM,LOKI2,BPM,BPT";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stakes_parse_and_make_the_game() {
        let s: Stakes = "2/4".parse().unwrap();
        let g = s.game(6).unwrap();
        assert_eq!((g.small_blind(), g.big_blind()), (1, 2));
        assert_eq!((g.small_bet(), g.big_bet()), (2, 4));
        let s: Stakes = " 10 / 20 ".parse().unwrap();
        assert_eq!(s.game(2).unwrap().blinds(), vec![10, 5]);
        for bad in [
            "",
            "2",
            "2/",
            "/4",
            "1/2",
            "4/2",
            "2/4/8",
            "-2/4",
            "x/y",
            "2/2000000",
        ] {
            assert!(bad.parse::<Stakes>().is_err(), "{bad}");
        }
        assert!(matches!(s.game(1), Err(SpecError::Seats(1))));
        assert!(matches!(s.game(11), Err(SpecError::Seats(11))));
    }

    #[test]
    fn names_are_bounded_and_plain() {
        assert_eq!(person_name("  Ann Lee ").unwrap(), "Ann Lee");
        assert_eq!(person_name("Zoë_2.x-y").unwrap(), "Zoë_2.x-y");
        assert!(person_name(&"a".repeat(MAX_NAME_CHARS)).is_ok());
        for bad in [
            "",
            "   ",
            "<script>",
            "a\"b",
            "a\nb",
            "a\u{0}b",
            "x/y",
            &"a".repeat(MAX_NAME_CHARS + 1),
        ] {
            assert!(person_name(bad).is_err(), "{bad:?}");
        }
        // The error quotes a bounded prefix only.
        let e = person_name(&"<".repeat(10_000)).unwrap_err().to_string();
        assert!(e.len() < 200, "{e}");
    }
}
