//! What a table is made of: seats, the bots' kinds, the stakes, the seed of the deck, the
//! person's name (validated: it keys the person's profile) and whether study mode is on.
//! Values **ours**: names of at most [`MAX_NAME_CHARS`] letters, digits, spaces and
//! `-_.`; stakes with 1 <= small blind <= big blind <= small bet <= big bet <= 1,000,000;
//! the shorthand `SMALL/BIG` names the bets, with blinds of half the small bet and the
//! small bet (2/4 plays 1/2 blinds, the tournament's game), so its small bet must be even.
use crate::SpecError;
use loki_engine::{Chips, GameConfig};
use std::fmt;
use std::str::FromStr;

/// Longest person's name, in characters (ours).
pub const MAX_NAME_CHARS: usize = 24;

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

fn bounded(s: &str) -> String {
    s.chars().take(40).collect()
}

fn stakes_error(given: &str, why: &str) -> SpecError {
    SpecError::Stakes {
        given: bounded(given),
        why: why.to_string(),
    }
}

/// Two chip amounts `A<sep>B`.
fn two(s: &str, sep: char, what: &str) -> Result<(Chips, Chips), SpecError> {
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
    ) -> Result<Stakes, SpecError> {
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
    pub fn shorthand(s: &str) -> Result<Stakes, SpecError> {
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
    ) -> Result<Stakes, SpecError> {
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
    pub fn game(&self, seats: usize) -> Result<GameConfig, SpecError> {
        if !(2..=10).contains(&seats) {
            return Err(SpecError::Seats(seats));
        }
        Ok(GameConfig::limit(
            seats,
            self.small_blind,
            self.big_blind,
            self.small_bet,
            self.big_bet,
        )
        .map_err(loki_engine::EngineError::from)?)
    }
}

impl FromStr for Stakes {
    type Err = SpecError;
    /// The shorthand `SMALL/BIG` ([`Stakes::shorthand`]).
    fn from_str(s: &str) -> Result<Stakes, SpecError> {
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

/// Whether a person's `name` is a bot's: a kind the roster knows (`SOM`, `call`), a seat
/// name made from one (`SOM-2`), or a name in `seat_names`; letters compared without case.
/// Returns the bot's name it collides with.
pub fn bot_name_clash<'a>(
    name: &str,
    kinds: impl IntoIterator<Item = &'a str>,
    seat_names: &[String],
) -> Option<String> {
    let lower = name.to_lowercase();
    if let Some(s) = seat_names.iter().find(|s| s.to_lowercase() == lower) {
        return Some(s.clone());
    }
    for kind in kinds {
        let k = kind.to_lowercase();
        if lower == k {
            return Some(kind.to_string());
        }
        if let Some(rest) = lower.strip_prefix(&k) {
            if let Some(digits) = rest.strip_prefix('-') {
                if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
                    return Some(format!("{kind}{rest}"));
                }
            }
        }
    }
    None
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
    /// The person's name (checked by [`person_name`]; a bot's name is refused).
    pub person: String,
    /// Whether the model view is on at the start.
    pub show_model: bool,
    /// Whether study mode is on at the start: the bots' own hand strength and the rule of
    /// each decision are shown while the hand is played (else only once it is over).
    pub study: bool,
}

impl TableSpec {
    /// The default table: six seats against SOM, GOM, LOKI2, BPM and BPT at 2/4, the
    /// model view on, study mode off.
    pub fn new(person: &str, seed: u64) -> TableSpec {
        TableSpec {
            seats: 6,
            bots: DEFAULT_BOTS.to_string(),
            stakes: Stakes::default(),
            seed,
            person: person.to_string(),
            show_model: true,
            study: false,
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
        assert!(matches!(s.game(1), Err(SpecError::Seats(1))));
        assert!(matches!(s.game(11), Err(SpecError::Seats(11))));
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

    #[test]
    fn bots_names_are_not_for_people() {
        let kinds = ["SOM", "GOM", "call"];
        let seats = vec![
            "Ann".to_string(),
            "SOM-1".to_string(),
            "Bob's bot".to_string(),
        ];
        assert_eq!(bot_name_clash("som", kinds, &seats), Some("SOM".into()));
        assert_eq!(
            bot_name_clash("Som-12", kinds, &seats),
            Some("SOM-12".into())
        );
        assert_eq!(bot_name_clash("CALL", kinds, &seats), Some("call".into()));
        assert_eq!(
            bot_name_clash("bob's BOT", kinds, &seats),
            Some("Bob's bot".into())
        );
        for fine in ["Somebody", "SOM-", "SOM-x", "GOMEZ", "caller", "Ann Lee"] {
            assert_eq!(bot_name_clash(fine, kinds, &seats[1..]), None, "{fine}");
        }
    }
}
