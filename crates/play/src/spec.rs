//! What a table is made of: seats, the bots' kinds, the stakes, the seed of the deck, the
//! person's name (validated: it keys the person's profile) and whether study mode is on;
//! and why a table cannot be set up ([`SpecError`]).
//! Values **ours**: names of at most [`MAX_NAME_CHARS`] letters, digits, spaces and
//! `-_.`; stakes with 1 <= small blind <= big blind <= small bet <= big bet <= 1,000,000;
//! the shorthand `SMALL/BIG` names the bets, with blinds of half the small bet and the
//! small bet (2/4 plays 1/2 blinds, the tournament's game), so its small bet must be even.
use loki_agent::RosterError;
use loki_engine::{EngineError, StakesError};
pub use loki_engine::{Stakes, MAX_STAKE};

/// Longest person's name, in characters (ours).
pub const MAX_NAME_CHARS: usize = 24;

/// A table that cannot be set up.
#[derive(Debug, thiserror::Error)]
pub enum SpecError {
    /// Seats outside 2..=10.
    #[error("a table has 2 to 10 seats, not {0}")]
    Seats(usize),
    /// More bots than free seats, or none.
    #[error("{bots} bots for {free} free seats (the person takes one of {seats})")]
    Bots {
        /// Bots given.
        bots: usize,
        /// Seats free for bots.
        free: usize,
        /// Seats.
        seats: usize,
    },
    /// Stakes that do not parse or break the bounds (`crate::Stakes`).
    #[error("bad stakes {given:?}: {why}")]
    Stakes {
        /// What was given (bounded).
        given: String,
        /// Why it is refused.
        why: String,
    },
    /// A person's name that is empty, too long or has characters other than letters,
    /// digits, spaces and `-_.`.
    #[error("bad name {0:?}: 1 to {max} letters, digits, spaces or -_. characters", max = MAX_NAME_CHARS)]
    Name(String),
    /// A person's name that is a bot's (a kind such as `SOM`, or a seat name such as
    /// `SOM-2`): the log and the history would not tell them apart.
    #[error("the name {name:?} is a bot's ({bot}): choose another")]
    BotName {
        /// The name asked for.
        name: String,
        /// The bot's name it collides with.
        bot: String,
    },
    /// A room's layout without a seat for a person.
    #[error("a room needs at least one open seat for a person (`open` in the layout)")]
    NoPersonSeat,
    /// A room's person already sits at the table under this name.
    #[error("{0:?} already sits at this table: choose another name, or come back to your seat with your seat token")]
    NameTaken(String),
    /// A room's person sits at the table under a name that looks like this one
    /// ([`name_skeleton`]).
    #[error("{name:?} looks like {taken:?}, who already sits at this table: choose another name")]
    NameLooksLike {
        /// The name asked for.
        name: String,
        /// The name at the table it looks like.
        taken: String,
    },
    /// A word no person in a room may take as a name ([`RESERVED_NAMES`]).
    #[error("{name:?} is reserved ({word}): choose another name")]
    ReservedName {
        /// The name asked for.
        name: String,
        /// The reserved word it is.
        word: String,
    },
    /// A room with no open seat left.
    #[error("every seat of this room is taken")]
    RoomFull,
    /// A bot list longer than the bound (a web request's).
    #[error("the list of bots is longer than {0} characters")]
    BotListTooLong(usize),
    /// A bot list that does not parse, or names an unknown player.
    #[error(transparent)]
    Roster(#[from] RosterError),
    /// The engine refuses the game.
    #[error(transparent)]
    Engine(#[from] EngineError),
}

impl From<StakesError> for SpecError {
    fn from(e: StakesError) -> Self {
        match e {
            StakesError::Bad { given, why } => SpecError::Stakes { given, why },
            StakesError::Seats(n) => SpecError::Seats(n),
            StakesError::Game(why) | StakesError::Stacks { why, .. } => SpecError::Stakes {
                given: String::new(),
                why,
            },
        }
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
/// name made from one (`SOM-2`), or a name in `seat_names`; names compared as
/// [`name_skeleton`]s (without case, and look-alike letters alike).
/// Returns the bot's name it collides with.
pub fn bot_name_clash<'a>(
    name: &str,
    kinds: impl IntoIterator<Item = &'a str>,
    seat_names: &[String],
) -> Option<String> {
    let skeleton = name_skeleton(name);
    if let Some(s) = seat_names.iter().find(|s| name_skeleton(s) == skeleton) {
        return Some(s.clone());
    }
    for kind in kinds {
        let k = name_skeleton(kind);
        if skeleton == k {
            return Some(kind.to_string());
        }
        // A seat name made from the kind (`SOM-2`; in the skeleton `som 2`, digits
        // 0 and 1 folded to o and l).
        if let Some(digits) = skeleton.strip_prefix(&k).and_then(|r| r.strip_prefix(' ')) {
            let number = |c: char| c.is_ascii_digit() || c == 'o' || c == 'l';
            if !digits.is_empty() && digits.chars().all(number) {
                let n = name.trim().chars().count();
                let tail: String = name.trim().chars().skip(n - digits.len()).collect();
                return Some(format!("{kind}-{tail}"));
            }
        }
    }
    None
}

/// Words no person in a room may take as a name, compared as [`name_skeleton`]s (ours):
/// the word of a person's seat in a layout, and words that would pass for the house.
/// The bots' kinds (`SOM`, `call`, ...) are refused as well ([`bot_name_clash`]).
pub const RESERVED_NAMES: &[&str] = &[
    "open",
    "dealer",
    "admin",
    "administrator",
    "root",
    "server",
    "system",
    "loki",
    "moderator",
    "mod",
    "host",
    "house",
    "staff",
    "support",
    "table",
    "bot",
    "person",
    "you",
    "nobody",
    "everyone",
];

/// A name's skeleton: what it looks like, for telling apart names that only look alike
/// (after the idea of the skeletons of Unicode's Technical Standard #39, "Unicode
/// Security Mechanisms", section 4, on a small table of ours). Letters lose their case;
/// fullwidth forms become ASCII; Cyrillic and Greek letters that look like Latin ones
/// become those (`А` Cyrillic and `A` Latin); `0` is `o`; `1`, `i`, `l` and `|` are
/// `l`; `rn` is `m` and `vv` is `w`; `-`, `_` and `.` are spaces, and runs of spaces
/// one.
pub fn name_skeleton(name: &str) -> String {
    let mut folded = String::with_capacity(name.len());
    for c in name.trim().chars() {
        let c = match u32::from(c) {
            // Fullwidth ASCII.
            x @ 0xFF01..=0xFF5E => char::from_u32(x - 0xFEE0).unwrap_or(c),
            _ => c,
        };
        for c in c.to_lowercase() {
            let c = match c {
                // Cyrillic.
                'а' => 'a',
                'в' | 'ь' => 'b',
                'с' | 'ϲ' => 'c',
                'ԁ' => 'd',
                'е' | 'ё' | 'є' => 'e',
                'һ' | 'н' => 'h',
                'і' | 'ї' | 'ӏ' => 'l',
                'ј' => 'j',
                'к' | 'ҟ' => 'k',
                'м' => 'm',
                'о' => 'o',
                'р' => 'p',
                'ԛ' => 'q',
                'ѕ' => 's',
                'т' => 't',
                'ѵ' => 'v',
                'ԝ' => 'w',
                'х' => 'x',
                'у' | 'ү' => 'y',
                // Greek.
                'α' => 'a',
                'β' => 'b',
                'ε' => 'e',
                'η' => 'n',
                'ι' => 'l',
                'κ' => 'k',
                'μ' => 'm',
                'ν' => 'v',
                'ο' | 'σ' => 'o',
                'ρ' => 'p',
                'τ' => 't',
                'υ' => 'u',
                'χ' => 'x',
                'γ' => 'y',
                'ζ' => 'z',
                // Latin and digits.
                '0' => 'o',
                '1' | 'i' | '|' => 'l',
                '-' | '_' | '.' => ' ',
                c if c.is_whitespace() => ' ',
                c => c,
            };
            if c == ' ' && (folded.is_empty() || folded.ends_with(' ')) {
                continue;
            }
            folded.push(c);
        }
    }
    let folded = folded.trim_end().replace("rn", "m");
    folded.replace("vv", "w")
}

/// Whether a person's `name` is a reserved word ([`RESERVED_NAMES`], or the name of an
/// open seat such as `seat 3`), compared as skeletons. Returns the word.
pub fn reserved_name(name: &str) -> Option<String> {
    let skeleton = name_skeleton(name);
    if let Some(word) = RESERVED_NAMES.iter().find(|w| name_skeleton(w) == skeleton) {
        return Some((*word).to_string());
    }
    let rest = skeleton.strip_prefix("seat")?.trim_start();
    let digits = rest
        .chars()
        .all(|c| c.is_ascii_digit() || c == 'o' || c == 'l');
    (digits && !rest.is_empty()).then(|| "seat N".to_string())
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
        for (name, clash) in [
            ("som", "SOM"),
            ("Som-12", "SOM-12"),
            ("CALL", "call"),
            ("bob's BOT", "Bob's bot"),
            // Look-alikes: a trailing dash, Cyrillic О, a zero for O.
            ("SOM-", "SOM"),
            ("S\u{41E}M", "SOM"),
            ("S0M-2", "SOM-2"),
        ] {
            assert_eq!(bot_name_clash(name, kinds, &seats), Some(clash.into()));
        }
        for fine in ["Somebody", "SOM-x", "GOMEZ", "caller", "Ann Lee"] {
            assert_eq!(bot_name_clash(fine, kinds, &seats[1..]), None, "{fine}");
        }
    }
}
