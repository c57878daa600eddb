//! The stakes of a fixed-limit game as the command line and the web page give them: the
//! two blinds, the small bet (pre-flop and flop) and the big bet (turn and river).
//! `--stakes SMALL/BIG` is the shorthand of `--blinds SB,BB --bets SMALL,BIG` with blinds
//! of half the small bet and the small bet (2/4 plays 1/2 blinds, the tournament's game),
//! so its small bet must be even; `--blinds` alone gives bets of the big blind and twice
//! it, `--bets` alone blinds of half the small bet and the small bet. Values **ours**:
//! 1 <= small blind <= big blind <= small bet <= big bet <= 1,000,000; an error repeats
//! the value refused whole, up to 1,024 characters. Also the
//! `--stacks` list (one stack for every player, or one per position).
use crate::{Chips, GameConfig, GameSpec};
use std::fmt;
use std::str::FromStr;

/// Why stakes, stacks or the game made of them are refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StakesError {
    /// Stakes that do not parse or break the bounds.
    #[error("bad stakes {given:?}: {why}")]
    Bad {
        /// What was given (whole up to 1,024 characters).
        given: String,
        /// Why it is refused.
        why: String,
    },
    /// A table of other than 2 to 10 seats.
    #[error("a table has 2 to 10 seats, not {0}")]
    Seats(usize),
    /// The engine refused the game.
    #[error("bad game: {0}")]
    Game(String),
    /// A `--stacks` list that does not parse or does not fit the players.
    #[error("bad --stacks {given:?}: {why}")]
    Stacks {
        /// What was given (whole up to 1,024 characters).
        given: String,
        /// Why it is refused.
        why: String,
    },
}

/// Largest blind or bet (ours).
pub const MAX_STAKE: Chips = 1_000_000;

/// The fixed-limit stakes: the blinds, the small bet (pre-flop and flop) and the big bet
/// (turn and river).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stakes {
    /// The small blind.
    pub small_blind: Chips,
    /// The big blind.
    pub big_blind: Chips,
    /// The small bet.
    pub small_bet: Chips,
    /// The big bet.
    pub big_bet: Chips,
}

impl Default for Stakes {
    fn default() -> Self {
        Stakes {
            small_blind: 1,
            big_blind: 2,
            small_bet: 2,
            big_bet: 4,
        }
    }
}

/// The most characters of a refused input that an error repeats (ours): more than any
/// stakes or stacks a person types, and than the web page's 1 KiB request holds, so that
/// an error shows the input whole.
const SHOWN_CHARS: usize = 1_024;

/// The input as an error repeats it: whole, or its first [`SHOWN_CHARS`] characters and
/// `...` beyond them.
fn bounded(s: &str) -> String {
    if s.chars().count() <= SHOWN_CHARS {
        s.to_string()
    } else {
        s.chars().take(SHOWN_CHARS).chain("...".chars()).collect()
    }
}

fn stakes_error(given: &str, why: &str) -> StakesError {
    StakesError::Bad {
        given: bounded(given),
        why: why.to_string(),
    }
}

/// Two chip amounts `A<sep>B`.
fn two(s: &str, sep: char, what: &str) -> Result<(Chips, Chips), StakesError> {
    let bad = || stakes_error(s, &format!("give {what}"));
    let (a, b) = s.trim().split_once(sep).ok_or_else(bad)?;
    let a: Chips = a.trim().parse().map_err(|_| bad())?;
    let b: Chips = b.trim().parse().map_err(|_| bad())?;
    Ok((a, b))
}

impl Stakes {
    /// Stakes from their four amounts.
    ///
    /// # Errors
    /// Amounts outside 1 <= small blind <= big blind <= small bet <= big bet <= 1,000,000.
    pub fn new(
        small_blind: Chips,
        big_blind: Chips,
        small_bet: Chips,
        big_bet: Chips,
    ) -> Result<Stakes, StakesError> {
        let s = Stakes {
            small_blind,
            big_blind,
            small_bet,
            big_bet,
        };
        let ok = 1 <= small_blind
            && small_blind <= big_blind
            && big_blind <= small_bet
            && small_bet <= big_bet
            && big_bet <= MAX_STAKE;
        if ok {
            Ok(s)
        } else {
            Err(stakes_error(
                &s.long(),
                "need 1 <= small blind <= big blind <= small bet <= big bet <= 1000000",
            ))
        }
    }

    /// The shorthand `SMALL/BIG` (the bets; blinds half the small bet and the small bet).
    ///
    /// # Errors
    /// Not two numbers, bounds, or an odd small bet (its half would not be a whole chip:
    /// `--blinds` and `--bets` give other blinds).
    pub fn shorthand(s: &str) -> Result<Stakes, StakesError> {
        let (small, big) = two(s, '/', "SMALL/BIG bets, e.g. 2/4")?;
        if small >= 1 && small % 2 == 1 {
            return Err(stakes_error(
                s,
                "the small bet must be even, since the small blind is half of it \
                 (--blinds SB,BB --bets SMALL,BIG choose any blinds)",
            ));
        }
        Stakes::new(small / 2, small, small, big).map_err(|_| {
            stakes_error(
                s,
                "give SMALL/BIG bets with 2 <= SMALL <= BIG <= 1000000, e.g. 2/4",
            )
        })
    }

    /// The stakes of the command-line flags: `--stakes SMALL/BIG`, or `--blinds SB,BB`
    /// and/or `--bets SMALL,BIG` (blinds alone: bets of the big blind and twice it; bets
    /// alone: blinds of half the small bet and the small bet); none: 1,2 and 2,4.
    ///
    /// # Errors
    /// A value that does not parse, bounds, or `--stakes` with `--blinds` or `--bets`.
    pub fn from_flags(
        stakes: Option<&str>,
        blinds: Option<&str>,
        bets: Option<&str>,
    ) -> Result<Stakes, StakesError> {
        match (stakes, blinds, bets) {
            (Some(s), None, None) => Stakes::shorthand(s),
            (Some(s), _, _) => Err(stakes_error(
                s,
                "--stakes is the shorthand of --blinds and --bets: give one or the others",
            )),
            (None, blinds, bets) => {
                let blinds = blinds
                    .map(|b| two(b, ',', "--blinds SB,BB, e.g. 1,2"))
                    .transpose()?;
                let bets = bets
                    .map(|b| two(b, ',', "--bets SMALL,BIG, e.g. 2,4"))
                    .transpose()?;
                let (sb, bb, small, big) = match (blinds, bets) {
                    (Some((sb, bb)), Some((small, big))) => (sb, bb, small, big),
                    (Some((sb, bb)), None) => (sb, bb, bb, bb.saturating_mul(2)),
                    (None, Some((small, big))) => {
                        if small % 2 == 1 {
                            return Err(stakes_error(
                                &format!("{small},{big}"),
                                "an odd small bet needs --blinds (the default small blind \
                                 is half the small bet)",
                            ));
                        }
                        (small / 2, small, small, big)
                    }
                    (None, None) => return Ok(Stakes::default()),
                };
                Stakes::new(sb, bb, small, big)
            }
        }
    }

    /// `--blinds 1,2 --bets 2,4` as words: "bets 2/4, blinds 1/2".
    pub fn long(&self) -> String {
        format!(
            "bets {}/{}, blinds {}/{}",
            self.small_bet, self.big_bet, self.small_blind, self.big_blind
        )
    }

    /// The game at `seats` seats: these blinds and bets, a bet and three raises per
    /// round, deep stacks.
    ///
    /// # Errors
    /// Seats outside 2..=10.
    pub fn game(&self, seats: usize) -> Result<GameConfig, StakesError> {
        if !(2..=10).contains(&seats) {
            return Err(StakesError::Seats(seats));
        }
        GameConfig::limit(
            seats,
            self.small_blind,
            self.big_blind,
            self.small_bet,
            self.big_bet,
        )
        .map_err(|e| StakesError::Game(e.to_string()))
    }
}

impl FromStr for Stakes {
    type Err = StakesError;
    /// The shorthand `SMALL/BIG` ([`Stakes::shorthand`]).
    fn from_str(s: &str) -> Result<Stakes, StakesError> {
        Stakes::shorthand(s)
    }
}

impl fmt::Display for Stakes {
    /// `2/4` when the blinds are the shorthand's, else `2/4 (blinds 1/3)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.small_bet, self.big_bet)?;
        if self.small_blind * 2 != self.small_bet || self.big_blind != self.small_bet {
            write!(f, " (blinds {}/{})", self.small_blind, self.big_blind)?;
        }
        Ok(())
    }
}

impl Stakes {
    /// The game spec of these stakes (seats and stacks left at their defaults).
    pub fn spec(&self) -> GameSpec {
        GameSpec {
            small_blind: self.small_blind,
            big_blind: self.big_blind,
            small_bet: self.small_bet,
            big_bet: self.big_bet,
            ..GameSpec::default()
        }
    }
}

/// `--stacks`: one number for all `players`, or one per position (each 1 to
/// [`MAX_STAKE`] x 1,000).
///
/// # Errors
/// [`StakesError::Stacks`]: not numbers, out of bounds, or another count than 1 or
/// `players`.
pub fn parse_stacks(text: &str, players: usize) -> Result<Vec<Chips>, StakesError> {
    let bad = |why: String| StakesError::Stacks {
        given: bounded(text),
        why,
    };
    let list = text
        .split(',')
        .map(|x| x.trim().parse::<Chips>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| bad("give one number, or one per player, e.g. 200 or 9,20,13".into()))?;
    if list.iter().any(|&s| !(1..=MAX_STAKE * 1000).contains(&s)) {
        return Err(bad(format!("each stack 1 to {}", MAX_STAKE * 1000)));
    }
    match list.len() {
        1 => Ok(vec![list[0]; players]),
        k if k == players => Ok(list),
        k => Err(bad(format!("{k} stacks for {players} players"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stakes_parse_and_make_the_game() {
        let s: Stakes = "2/4".parse().unwrap();
        let g = s.game(6).unwrap();
        assert_eq!((g.small_blind(), g.big_blind()), (1, 2));
        assert_eq!((g.small_bet(), g.big_bet()), (2, 4));
        assert_eq!(s, Stakes::default());
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
            "0/4",
        ] {
            assert!(bad.parse::<Stakes>().is_err(), "{bad}");
        }
        assert!(matches!(s.game(1), Err(StakesError::Seats(1))));
        assert!(matches!(s.game(11), Err(StakesError::Seats(11))));
    }

    #[test]
    fn an_odd_small_bet_is_refused_in_one_clear_line_not_rounded() {
        // 3/5 used to play blinds 1/3 silently: now it says why, and --blinds plays it.
        let e = "3/5".parse::<Stakes>().unwrap_err().to_string();
        assert!(e.contains("3/5") && e.contains("even"), "{e}");
        assert_eq!(e.lines().count(), 1);
        let s = Stakes::from_flags(None, Some("1,3"), Some("3,5")).unwrap();
        assert_eq!(
            (s.small_blind, s.big_blind, s.small_bet, s.big_bet),
            (1, 3, 3, 5)
        );
        assert_eq!(s.to_string(), "3/5 (blinds 1/3)");
        let g = s.game(4).unwrap();
        assert_eq!(
            (g.small_blind(), g.big_blind(), g.small_bet(), g.big_bet()),
            (1, 3, 3, 5)
        );
        assert!(Stakes::from_flags(None, None, Some("3,6")).is_err());
    }

    #[test]
    fn the_flags_and_their_shorthand_agree() {
        let short = Stakes::from_flags(Some("10/20"), None, None).unwrap();
        let long = Stakes::from_flags(None, Some("5,10"), Some("10,20")).unwrap();
        assert_eq!(short, long);
        assert_eq!(Stakes::from_flags(None, Some("5,10"), None).unwrap(), long);
        assert_eq!(Stakes::from_flags(None, None, Some("10,20")).unwrap(), long);
        assert_eq!(
            Stakes::from_flags(None, None, None).unwrap(),
            Stakes::default()
        );
        assert_eq!(short.to_string(), "10/20");
        for (stakes, blinds, bets) in [
            (Some("2/4"), Some("1,2"), None),
            (None, Some("2,1"), Some("2,4")),
            (None, Some("1,4"), Some("2,4")),
            (None, Some("1"), None),
            (None, None, Some("4,2")),
            (None, Some("0,2"), Some("2,4")),
            (None, Some("1,2"), Some("2,4000000")),
        ] {
            let r = Stakes::from_flags(stakes, blinds, bets);
            assert!(r.is_err(), "{stakes:?} {blinds:?} {bets:?}");
            assert_eq!(r.unwrap_err().to_string().lines().count(), 1);
        }
    }

    #[test]
    fn an_error_repeats_the_whole_input() {
        let long = format!("1234567890123/{}", "1234567890".repeat(6));
        for e in [
            Stakes::from_flags(Some(&long), None, None),
            Stakes::from_flags(None, Some(&long.replace('/', ",")), None),
            Stakes::from_flags(None, None, Some(&long.replace('/', ","))),
        ] {
            let e = e.unwrap_err().to_string();
            let given = e.split('"').nth(1).unwrap();
            assert_eq!(given.len(), long.len(), "{e}");
            assert_eq!(e.lines().count(), 1);
        }
        let e = parse_stacks(&"1234567890,".repeat(9), 3).unwrap_err();
        assert!(e.to_string().contains(&"1234567890,".repeat(9)), "{e}");
        // Beyond what anyone types, the start of it and a mark.
        let huge = "9".repeat(SHOWN_CHARS + 1);
        let e = Stakes::shorthand(&huge).unwrap_err().to_string();
        assert!(
            e.contains(&format!("\"{}...\"", &huge[..SHOWN_CHARS])),
            "{e}"
        );
    }

    #[test]
    fn stacks_are_one_for_all_or_one_per_position() {
        assert_eq!(parse_stacks("200", 3).unwrap(), vec![200; 3]);
        assert_eq!(parse_stacks("9, 20,13", 3).unwrap(), vec![9, 20, 13]);
        for bad in ["", "9,20", "x", "0", "-5", "9,,1"] {
            assert!(parse_stacks(bad, 3).is_err(), "{bad}");
        }
        let e = parse_stacks("9,20", 3).unwrap_err().to_string();
        assert_eq!(e, "bad --stacks \"9,20\": 2 stacks for 3 players");
    }
}
