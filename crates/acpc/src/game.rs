//! ACPC game definition files (`GAMEDEF` ... `END GAMEDEF`), as the University of Alberta
//! reference dealer reads and prints them (`docs/acpc-protocol.md`, "Game definition
//! files"): one keyword per line, matched case-insensitively by prefix, an
//! optional `=`, `#` comments and blank lines ignored, unknown lines ignored, the reference
//! dealer's sanity checks (including its quirk that only four stacks have a default, so a
//! game with more than four players needs an explicit `stack` line).
//!
//! [`GameDef`] holds any limit game the reference dealer accepts; [`GameDef::config`] maps
//! it onto the engine's fixed-limit hold'em, or says clearly why it cannot ([`GameError::
//! Unsupported`]); a no-limit file is [`GameError::NoLimit`]. Built in:
//! `holdem.limit.2p.reverse_blinds` and `holdem.limit.Np` for 3 to 10 players.
use crate::error::GameError;
use loki_engine::{Chips, GameConfig, GameSpec, RuleOptions};
use std::fmt;

pub use loki_history::matchstate::{MAX_ACTIONS_PER_ROUND, MAX_PLAYERS, MAX_ROUNDS};
/// Longest game definition text read (ours: far above any real file).
pub const MAX_GAME_BYTES: usize = 64 * 1024;
/// The "infinite" stack of the reference dealer (`INT32_MAX`).
pub const INFINITE_STACK: i64 = i32::MAX as i64;

/// One game definition, as written in the file (positions and rounds index the vectors).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameDef {
    /// `limit` (true) or `nolimit` (false, parsed only to be refused).
    pub limit: bool,
    /// `numPlayers`, 2..=10.
    pub players: usize,
    /// `numRounds`, 1..=4.
    pub rounds: usize,
    /// `stack` per position; `None`: the reference default (infinite, four entries only).
    pub stacks: Option<Vec<i64>>,
    /// `blind` per position.
    pub blinds: Vec<i64>,
    /// `raiseSize` per round.
    pub raise_sizes: Vec<i64>,
    /// `firstPlayer` per round, 1-based.
    pub first_player: Vec<usize>,
    /// `maxRaises` per round (`r` actions; blinds do not count); `None`: no cap.
    pub max_raises: Option<Vec<u32>>,
    /// `numSuits`.
    pub suits: u8,
    /// `numRanks`.
    pub ranks: u8,
    /// `numHoleCards`.
    pub hole_cards: u8,
    /// `numBoardCards` per round.
    pub board_cards: Vec<u8>,
}

/// The keywords, in the order the reference dealer tests them (prefixes matter: `limit`
/// is tested before `nolimit`, which never starts with it).
const KEYWORDS: [&str; 14] = [
    "end gamedef",
    "gamedef",
    "stack",
    "blind",
    "raisesize",
    "limit",
    "nolimit",
    "numplayers",
    "numrounds",
    "firstplayer",
    "maxraises",
    "numsuits",
    "numranks",
    "numholecards",
];
const NUM_BOARD_CARDS: &str = "numboardcards";

fn values(
    rest: &str,
    line: usize,
    keyword: &'static str,
    max: usize,
) -> Result<Vec<i64>, GameError> {
    let items: Vec<&str> = rest
        .split(|c: char| c.is_ascii_whitespace() || c == '=')
        .filter(|s| !s.is_empty())
        .collect();
    if items.len() > max {
        return Err(GameError::TooManyValues { line, keyword, max });
    }
    items
        .iter()
        .map(|t| {
            t.parse::<i64>()
                .ok()
                .filter(|v| (i64::from(i32::MIN)..=i64::from(i32::MAX)).contains(v))
                .ok_or_else(|| GameError::BadValue {
                    line,
                    keyword,
                    text: t.chars().take(32).collect(),
                })
        })
        .collect()
}

fn small(v: &[i64], line: usize, keyword: &'static str) -> Result<Vec<u8>, GameError> {
    v.iter()
        .map(|&x| {
            u8::try_from(x).map_err(|_| GameError::BadValue {
                line,
                keyword,
                text: x.to_string(),
            })
        })
        .collect()
}

impl GameDef {
    /// Parses a game definition file.
    ///
    /// # Errors
    /// Oversized text, a bad or excess value, a no-limit game, or any of the reference
    /// dealer's sanity checks.
    pub fn parse(text: &str) -> Result<GameDef, GameError> {
        if text.len() > MAX_GAME_BYTES {
            return Err(GameError::TooLong(MAX_GAME_BYTES));
        }
        let mut limit = true;
        let mut players: u8 = 0;
        let mut rounds: u8 = 0;
        let mut stacks: Option<Vec<i64>> = None;
        let mut blinds: Vec<i64> = Vec::new();
        let mut raise_sizes: Vec<i64> = Vec::new();
        let mut first_player: Vec<u8> = vec![1; MAX_ROUNDS];
        let mut max_raises: Vec<u8> = vec![u8::MAX; MAX_ROUNDS];
        let (mut suits, mut ranks, mut hole) = (0u8, 0u8, 0u8);
        let mut board: Vec<u8> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let no = i + 1;
            if raw.starts_with('#') || raw.trim_end_matches('\r').is_empty() {
                continue;
            }
            let lower: String = raw.chars().take(16).collect::<String>().to_lowercase();
            let Some(key) = KEYWORDS
                .iter()
                .copied()
                .chain(std::iter::once(NUM_BOARD_CARDS))
                .find(|k| lower.starts_with(k))
            else {
                continue;
            };
            let rest = raw.get(key.len()..).unwrap_or("");
            let one = |max: usize| values(rest, no, key_name(key), max);
            match key {
                "end gamedef" => break,
                "gamedef" => {}
                "stack" => stacks = Some(one(MAX_PLAYERS)?),
                "blind" => blinds = one(MAX_PLAYERS)?,
                "raisesize" => raise_sizes = one(MAX_PLAYERS)?,
                "limit" => limit = true,
                "nolimit" => limit = false,
                "numplayers" => players = first_small(&one(1)?, no, key_name(key))?,
                "numrounds" => rounds = first_small(&one(1)?, no, key_name(key))?,
                "firstplayer" => {
                    let v = small(&one(MAX_ROUNDS)?, no, key_name(key))?;
                    first_player[..v.len()].copy_from_slice(&v);
                }
                "maxraises" => {
                    let v = small(&one(MAX_ROUNDS)?, no, key_name(key))?;
                    max_raises[..v.len()].copy_from_slice(&v);
                }
                "numsuits" => suits = first_small(&one(1)?, no, key_name(key))?,
                "numranks" => ranks = first_small(&one(1)?, no, key_name(key))?,
                "numholecards" => hole = first_small(&one(1)?, no, key_name(key))?,
                _ => board = small(&one(MAX_ROUNDS)?, no, key_name(key))?,
            }
        }
        if !limit {
            return Err(GameError::NoLimit);
        }
        let n = usize::from(players);
        let r = usize::from(rounds);
        if r == 0 || r > MAX_ROUNDS {
            return Err(GameError::Rounds(rounds));
        }
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(GameError::Players(players));
        }
        let stack_read = stacks.as_ref().map_or(4, Vec::len);
        if stack_read < n {
            return Err(GameError::StackCount {
                read: stack_read,
                need: n,
            });
        }
        if blinds.len() < n {
            return Err(GameError::BlindCount {
                read: blinds.len(),
                need: n,
            });
        }
        blinds.truncate(n);
        if let Some(s) = stacks.as_mut() {
            s.truncate(n);
        }
        for p in 0..n {
            let stack = stacks.as_ref().map_or(INFINITE_STACK, |s| s[p]);
            if blinds[p] > stack {
                return Err(GameError::BlindOverStack(p + 1));
            }
            if blinds[p] < 0 {
                return Err(GameError::NegativeBlind(p + 1));
            }
        }
        if limit && raise_sizes.len() < r {
            return Err(GameError::RaiseSizeCount {
                read: raise_sizes.len(),
                need: r,
            });
        }
        raise_sizes.truncate(r);
        for (round, &f) in first_player.iter().take(r).enumerate() {
            if f == 0 || usize::from(f) > n {
                return Err(GameError::FirstPlayer {
                    round: round + 1,
                    value: f,
                });
            }
        }
        if suits == 0 || suits > 4 {
            return Err(GameError::Suits(suits));
        }
        if ranks == 0 || ranks > 13 {
            return Err(GameError::Ranks(ranks));
        }
        if hole == 0 || hole > 3 {
            return Err(GameError::HoleCards(hole));
        }
        if board.len() < r {
            return Err(GameError::BoardCardCount {
                read: board.len(),
                need: r,
            });
        }
        board.truncate(r);
        let cards = usize::from(hole) * n + board.iter().map(|&b| usize::from(b)).sum::<usize>();
        if cards > usize::from(suits) * usize::from(ranks) {
            return Err(GameError::TooManyCards);
        }
        let max_raises = if max_raises[..r].iter().all(|&m| m == u8::MAX) {
            None
        } else {
            Some(max_raises[..r].iter().map(|&m| u32::from(m)).collect())
        };
        Ok(GameDef {
            limit,
            players: n,
            rounds: r,
            stacks,
            blinds,
            raise_sizes,
            first_player: first_player[..r].iter().map(|&f| usize::from(f)).collect(),
            max_raises,
            suits,
            ranks,
            hole_cards: hole,
            board_cards: board,
        })
    }

    /// The built-in limit hold'em game for `players` (2..=10): heads-up the reverse-blinds
    /// game, else the ring game `blind = 5 10 0 ...`, `firstPlayer = 3 1 1 1`, with the
    /// explicit infinite `stack` line above four players.
    pub fn holdem(players: usize) -> Option<GameDef> {
        if !(2..=MAX_PLAYERS).contains(&players) {
            return None;
        }
        let heads_up = players == 2;
        let mut blinds = vec![0; players];
        if heads_up {
            blinds = vec![10, 5];
        } else {
            blinds[0] = 5;
            blinds[1] = 10;
        }
        Some(GameDef {
            limit: true,
            players,
            rounds: 4,
            stacks: (players > 4).then(|| vec![INFINITE_STACK; players]),
            blinds,
            raise_sizes: vec![10, 10, 20, 20],
            first_player: vec![if heads_up { 2 } else { 3 }, 1, 1, 1],
            max_raises: Some(vec![3, 4, 4, 4]),
            suits: 4,
            ranks: 13,
            hole_cards: 2,
            board_cards: vec![0, 3, 1, 1],
        })
    }

    /// The file name of the built-in game for `players` (without `.game`).
    pub fn holdem_name(players: usize) -> String {
        if players == 2 {
            "holdem.limit.2p.reverse_blinds".into()
        } else {
            format!("holdem.limit.{players}p")
        }
    }

    /// The game file a log header names for hands of `spec` at `players` seats: the
    /// built-in game when these are its stakes (a reader takes the stakes from the name),
    /// else `loki.limit.Np.blinds-SB-BB.bets-SMALL-BIG.game`.
    pub fn log_game_file(players: usize, spec: &GameSpec) -> String {
        let stakes = |s: &GameSpec| (s.small_blind, s.big_blind, s.small_bet, s.big_bet);
        match GameDef::holdem(players).and_then(|g| g.config().ok()) {
            Some(c) if stakes(c.spec()) == stakes(spec) => {
                format!("{}.game", GameDef::holdem_name(players))
            }
            _ => format!(
                "loki.limit.{players}p.blinds-{}-{}.bets-{}-{}.game",
                spec.small_blind, spec.big_blind, spec.small_bet, spec.big_bet
            ),
        }
    }

    /// The stakes a log header's game file name states: a built-in game's, or those of a
    /// [`GameDef::log_game_file`] name (`loki.limit.3p.blinds-1-2.bets-2-4.game`); `None`
    /// for any other name.
    pub fn log_game_spec(name: &str) -> Option<GameSpec> {
        if let Some(spec) = GameDef::builtin(name).and_then(|g| g.config().ok()) {
            return Some(spec.spec().clone());
        }
        let rest = name.strip_prefix("loki.limit.")?.strip_suffix(".game")?;
        let (players, rest) = rest.split_once("p.blinds-")?;
        let (blinds, bets) = rest.split_once(".bets-")?;
        let pair = |s: &str| -> Option<(Chips, Chips)> {
            let (a, b) = s.split_once('-')?;
            Some((a.parse().ok()?, b.parse().ok()?))
        };
        let ((small_blind, big_blind), (small_bet, big_bet)) = (pair(blinds)?, pair(bets)?);
        let spec = GameSpec {
            seats: players.parse().ok()?,
            small_blind,
            big_blind,
            small_bet,
            big_bet,
            ..GameSpec::default()
        };
        GameConfig::new(spec.clone()).ok().map(|_| spec)
    }

    /// A built-in game by name (`holdem.limit.3p`, with or without `.game`).
    pub fn builtin(name: &str) -> Option<GameDef> {
        let name = name.strip_suffix(".game").unwrap_or(name);
        (2..=MAX_PLAYERS)
            .find(|&n| GameDef::holdem_name(n) == name)
            .and_then(GameDef::holdem)
    }

    /// The names of the built-in games.
    pub fn builtin_names() -> Vec<String> {
        (2..=MAX_PLAYERS).map(GameDef::holdem_name).collect()
    }

    /// The largest number of chips one position can put in during a hand (the blind plus
    /// every capped bet), or `None` without a cap.
    pub fn max_contribution(&self) -> Option<i64> {
        let caps = self.max_raises.as_ref()?;
        let blind = self.blinds.iter().copied().max().unwrap_or(0);
        let bets: i64 = caps
            .iter()
            .zip(&self.raise_sizes)
            .map(|(&m, &s)| i64::from(m) * s)
            .sum();
        Some(blind + bets)
    }

    /// The engine configuration of this game: fixed-limit Texas Hold'em only (four rounds,
    /// a 52-card deck, two hole cards, boards 0 3 1 1, small bets in the first two rounds
    /// and big bets in the last two, the blinds, first players and raise caps the engine
    /// plays, and stacks that no hand can exhaust).
    ///
    /// # Errors
    /// [`GameError::Unsupported`] naming what differs.
    pub fn config(&self) -> Result<GameConfig, GameError> {
        let un = |what: String| Err(GameError::Unsupported(what));
        if !self.limit {
            return Err(GameError::NoLimit);
        }
        let n = self.players;
        if self.rounds != 4
            || self.suits != 4
            || self.ranks != 13
            || self.hole_cards != 2
            || self.board_cards != [0, 3, 1, 1]
        {
            return un(
                "only Texas Hold'em (4 rounds, 52 cards, 2 hole cards, boards 0 3 1 1)".into(),
            );
        }
        let rs = &self.raise_sizes;
        if rs[0] != rs[1] || rs[2] != rs[3] || rs[0] <= 0 || rs[2] <= 0 {
            return un(format!(
                "raiseSize {rs:?}: the engine needs a small bet in rounds 1-2 and a big bet in rounds 3-4"
            ));
        }
        let (small_blind, big_blind) = if n == 2 {
            (self.blinds[1], self.blinds[0])
        } else {
            if self.blinds[2..].iter().any(|&b| b != 0) {
                return un("blinds beyond positions 0 and 1".into());
            }
            (self.blinds[0], self.blinds[1])
        };
        if big_blind <= 0 || small_blind > big_blind {
            return un(format!(
                "blinds {:?}: the engine needs a big blind and a small blind no larger",
                self.blinds
            ));
        }
        let first_preflop = if n == 2 { 2 } else { 3 };
        if self.first_player[0] != first_preflop {
            return un(format!(
                "firstPlayer {} pre-flop: the engine's {n}-player game starts with {first_preflop}",
                self.first_player[0]
            ));
        }
        let post = self.first_player[1];
        if self.first_player[2..].iter().any(|&f| f != post) {
            return un("a different first player in each round after the flop".into());
        }
        let max_raises = match &self.max_raises {
            None => return un("no raise cap (maxRaises)".into()),
            Some(m) => {
                if m[1..].iter().any(|&x| x != m[0] + 1) {
                    return un(format!(
                        "maxRaises {m:?}: the engine caps every round at the same number of bets (m m+1 m+1 m+1)"
                    ));
                }
                m[0]
            }
        };
        for (round, &cap) in self.max_raises.iter().flatten().enumerate() {
            // Before the k-th raise of a round at most k(n-1) actions have been made.
            let worst = cap as usize * (n - 1) + n;
            if worst > MAX_ACTIONS_PER_ROUND {
                return un(format!(
                    "maxRaises {cap} in round {} with {n} players: the dealer's {MAX_ACTIONS_PER_ROUND}-action limit could refuse a raise",
                    round + 1
                ));
            }
        }
        if let (Some(stacks), Some(most)) = (&self.stacks, self.max_contribution()) {
            if let Some(s) = stacks.iter().find(|&&s| s <= most) {
                return un(format!(
                    "stack {s}: a hand can cost {most}, so players could be all-in (finite stacks)"
                ));
            }
        }
        let spec = GameSpec {
            seats: n,
            small_blind,
            big_blind,
            small_bet: rs[0],
            big_bet: rs[2],
            max_raises: Some(max_raises),
            stacks: None,
            rules: RuleOptions {
                postflop_first: (post != 1).then_some(post - 1),
                ..RuleOptions::default()
            },
        };
        GameConfig::new(spec).map_err(|e| GameError::Unsupported(e.to_string()))
    }

    /// The small bet (the first round's raise size): profits are reported in small bets.
    pub fn small_bet(&self) -> i64 {
        self.raise_sizes.first().copied().unwrap_or(1)
    }

    /// The big blind (the largest blind).
    pub fn big_blind(&self) -> i64 {
        self.blinds.iter().copied().max().unwrap_or(1).max(1)
    }
}

fn key_name(key: &str) -> &'static str {
    match key {
        "stack" => "stack",
        "blind" => "blind",
        "raisesize" => "raiseSize",
        "numplayers" => "numPlayers",
        "numrounds" => "numRounds",
        "firstplayer" => "firstPlayer",
        "maxraises" => "maxRaises",
        "numsuits" => "numSuits",
        "numranks" => "numRanks",
        "numholecards" => "numHoleCards",
        "numboardcards" => "numBoardCards",
        _ => "gamedef",
    }
}

fn first_small(v: &[i64], line: usize, keyword: &'static str) -> Result<u8, GameError> {
    small(v, line, keyword)?
        .first()
        .copied()
        .ok_or(GameError::BadValue {
            line,
            keyword,
            text: String::new(),
        })
}

fn join<T: fmt::Display>(v: &[T]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The file text, in the reference dealer's `printGame` layout.
impl fmt::Display for GameDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "GAMEDEF")?;
        writeln!(f, "{}", if self.limit { "limit" } else { "nolimit" })?;
        writeln!(f, "numPlayers = {}", self.players)?;
        writeln!(f, "numRounds = {}", self.rounds)?;
        if let Some(s) = &self.stacks {
            writeln!(f, "stack = {}", join(s))?;
        }
        writeln!(f, "blind = {}", join(&self.blinds))?;
        if self.limit {
            writeln!(f, "raiseSize = {}", join(&self.raise_sizes))?;
        }
        writeln!(f, "firstPlayer = {}", join(&self.first_player))?;
        if let Some(m) = &self.max_raises {
            writeln!(f, "maxRaises = {}", join(m))?;
        }
        writeln!(f, "numSuits = {}", self.suits)?;
        writeln!(f, "numRanks = {}", self.ranks)?;
        writeln!(f, "numHoleCards = {}", self.hole_cards)?;
        writeln!(f, "numBoardCards = {}", join(&self.board_cards))?;
        writeln!(f, "END GAMEDEF")
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_log_names_the_built_in_game_only_at_its_stakes() {
        let mut spec = GameSpec {
            small_blind: 5,
            big_blind: 10,
            small_bet: 10,
            big_bet: 20,
            ..GameSpec::default()
        };
        assert_eq!(GameDef::log_game_file(3, &spec), "holdem.limit.3p.game");
        spec.small_blind = 1;
        spec.big_blind = 2;
        spec.small_bet = 2;
        spec.big_bet = 4;
        assert_eq!(
            GameDef::log_game_file(3, &spec),
            "loki.limit.3p.blinds-1-2.bets-2-4.game"
        );
        // A reader takes the stakes back from either name.
        let named = GameDef::log_game_spec("loki.limit.3p.blinds-1-2.bets-2-4.game").unwrap();
        assert_eq!(
            (
                named.seats,
                named.small_blind,
                named.big_blind,
                named.small_bet,
                named.big_bet
            ),
            (3, 1, 2, 2, 4)
        );
        let three = GameDef::log_game_spec("holdem.limit.3p.game").unwrap();
        assert_eq!((three.small_blind, three.big_bet), (5, 20));
        for bad in [
            "loki.limit.3p.blinds-1-2.bets-2.game",
            "loki.limit.xp.blinds-1-2.bets-2-4.game",
            "loki.limit.3p.blinds-2-1.bets-2-4.game",
            "other.game",
        ] {
            assert_eq!(GameDef::log_game_spec(bad), None, "{bad}");
        }
    }

    use super::*;
    use loki_engine::Position;

    const REVERSE: &str = "GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 4\nblind = 10 5\n\
        raiseSize = 10 10 20 20\nfirstPlayer = 2 1 1 1\nmaxRaises = 3 4 4 4\nnumSuits = 4\n\
        numRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n";

    #[test]
    fn the_reference_heads_up_file_is_the_builtin_and_maps_to_the_engine() {
        let g = GameDef::parse(REVERSE).unwrap();
        assert_eq!(g, GameDef::holdem(2).unwrap());
        assert_eq!(g.to_string(), REVERSE);
        let c = g.config().unwrap();
        assert_eq!(c.blinds(), vec![10, 5]);
        assert_eq!(
            (c.small_bet(), c.big_bet(), c.max_raises()),
            (10, 20, Some(3))
        );
        assert_eq!(c.first_preflop(), Position::new(1));
    }

    #[test]
    fn builtins_roundtrip_and_ring_games_need_the_stack_line() {
        for n in 2..=10 {
            let g = GameDef::holdem(n).unwrap();
            let text = g.to_string();
            assert_eq!(GameDef::parse(&text).unwrap(), g, "{n}");
            assert_eq!(GameDef::builtin(&GameDef::holdem_name(n)), Some(g.clone()));
            let c = g.config().unwrap();
            assert_eq!(c.seats(), n);
            assert_eq!(text.contains("stack"), n > 4, "{n}");
            if n > 4 {
                let without: String = text
                    .lines()
                    .filter(|l| !l.starts_with("stack"))
                    .map(|l| format!("{l}\n"))
                    .collect();
                assert_eq!(
                    GameDef::parse(&without),
                    Err(GameError::StackCount { read: 4, need: n })
                );
            }
        }
        assert_eq!(GameDef::builtin("holdem.limit.3p.game").unwrap().players, 3);
        assert!(GameDef::builtin("holdem.limit.11p").is_none());
    }

    #[test]
    fn keywords_are_case_insensitive_prefixes_with_optional_equals() {
        let text = "# comment\ngamedef\nLIMIT\nnumplayers 3\nNUMROUNDS=4\nblind 5 10 0\n\
            raisesize = 10 10 20 20\nfirstplayer 3 1 1 1\nmaxraises 3 4 4 4\nnumsuits 4\n\
            numranks 13\nnumholecards 2\nnumboardcards 0 3 1 1\nsomething else\nend gamedef\n\
            numPlayers = 9\n";
        assert_eq!(GameDef::parse(text).unwrap(), GameDef::holdem(3).unwrap());
    }

    #[test]
    fn no_limit_and_odd_games_are_clear_errors() {
        let nl = REVERSE
            .replace("limit\n", "nolimit\n")
            .replace("numPlayers", "stack = 20000 20000\nnumPlayers");
        assert_eq!(GameDef::parse(&nl), Err(GameError::NoLimit));
        let g =
            GameDef::parse(&REVERSE.replace("maxRaises = 3 4 4 4", "maxRaises = 4 4 4 4")).unwrap();
        assert!(matches!(g.config(), Err(GameError::Unsupported(_))));
        let g = GameDef::parse(&REVERSE.replace("numRounds = 4", "numRounds = 3")).unwrap();
        assert!(matches!(g.config(), Err(GameError::Unsupported(_))));
        let short = REVERSE.replace(
            "maxRaises = 3 4 4 4",
            "stack = 100 100\nmaxRaises = 3 4 4 4",
        );
        assert!(matches!(
            GameDef::parse(&short).unwrap().config(),
            Err(GameError::Unsupported(_))
        ));
        assert_eq!(
            GameDef::parse(&REVERSE.replace("numPlayers = 2", "numPlayers = 11")),
            Err(GameError::Players(11))
        );
        assert!(matches!(
            GameDef::parse(&REVERSE.replace("blind = 10 5", "blind = 10 x")),
            Err(GameError::BadValue { line: 5, .. })
        ));
    }

    #[test]
    fn postflop_first_player_maps_to_the_rule_option() {
        let text = GameDef::holdem(3)
            .unwrap()
            .to_string()
            .replace("firstPlayer = 3 1 1 1", "firstPlayer = 3 2 2 2");
        let c = GameDef::parse(&text).unwrap().config().unwrap();
        assert_eq!(c.first_postflop(), Position::new(1));
    }
}
