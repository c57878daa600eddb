//! The validated game configuration: seats, blinds, bet sizes, raise cap, stacks and the
//! rule options needed to replay real histories.
use crate::Position;
use crate::{ConfigError, Round};

/// Chips: integer amounts.
pub type Chips = i64;

/// Rule options needed to replay real histories (the IRC database); all off by default.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RuleOptions {
    /// No raise cap while only two players remain (not folded) in the hand.
    pub uncapped_heads_up: bool,
    /// A single blind: position 0 posts the big blind alone and position 1 acts first
    /// pre-flop.
    pub single_blind: bool,
    /// Folding is legal even when checking is free.
    pub fold_when_check_free: bool,
    /// After the flop, the first live player from this position acts first (instead of
    /// position 0).
    pub postflop_first: Option<usize>,
}

/// The fields of a [`GameConfig`] before validation.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameSpec {
    /// Number of players, 2..=10.
    pub seats: usize,
    /// The small blind (posted by position 0, or position 1 heads-up).
    pub small_blind: Chips,
    /// The big blind (posted by position 1, or position 0 heads-up).
    pub big_blind: Chips,
    /// The bet size pre-flop and on the flop.
    pub small_bet: Chips,
    /// The bet size on the turn and river.
    pub big_bet: Chips,
    /// Raises allowed after the opening bet in each round (the big blind is the pre-flop
    /// opening bet); `None` means no cap. Default 3 (ACPC `maxRaises 3 4 4 4`).
    pub max_raises: Option<u32>,
    /// Starting stacks by position; `None` means deep enough that nobody is all-in.
    pub stacks: Option<Vec<Chips>>,
    /// Rule options.
    pub rules: RuleOptions,
}

impl Default for GameSpec {
    fn default() -> Self {
        GameSpec {
            seats: 2,
            small_blind: 1,
            big_blind: 2,
            small_bet: 2,
            big_bet: 4,
            max_raises: Some(3),
            stacks: None,
            rules: RuleOptions::default(),
        }
    }
}

/// A validated game configuration (serde reads it as a [`GameSpec`] and validates it).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "GameSpec", into = "GameSpec")
)]
pub struct GameConfig {
    spec: GameSpec,
}

impl TryFrom<GameSpec> for GameConfig {
    type Error = ConfigError;
    fn try_from(spec: GameSpec) -> Result<GameConfig, ConfigError> {
        GameConfig::new(spec)
    }
}

impl From<GameConfig> for GameSpec {
    fn from(config: GameConfig) -> GameSpec {
        config.spec
    }
}

impl GameConfig {
    /// Validates a spec.
    pub fn new(spec: GameSpec) -> Result<GameConfig, ConfigError> {
        if !(2..=10).contains(&spec.seats) {
            return Err(ConfigError::Seats(spec.seats));
        }
        if spec.big_blind <= 0 || spec.small_blind < 0 || spec.small_blind > spec.big_blind {
            return Err(ConfigError::Blinds(spec.small_blind, spec.big_blind));
        }
        if spec.small_bet <= 0 || spec.big_bet <= 0 {
            return Err(ConfigError::Bets(spec.small_bet, spec.big_bet));
        }
        if spec.big_blind > 1 << 40 || spec.small_bet > 1 << 40 || spec.big_bet > 1 << 40 {
            return Err(ConfigError::Bets(spec.small_bet, spec.big_bet));
        }
        if let Some(stacks) = &spec.stacks {
            if stacks.len() != spec.seats {
                return Err(ConfigError::StackCount(stacks.len(), spec.seats));
            }
            if let Some(s) = stacks.iter().find(|s| **s <= 0 || **s > 1 << 50) {
                return Err(ConfigError::Stack(*s));
            }
        }
        if let Some(p) = spec.rules.postflop_first {
            if p >= spec.seats {
                return Err(ConfigError::Position(p));
            }
        }
        Ok(GameConfig { spec })
    }
    /// The paper's game (Billings et al. 1998, "Experiments": $2/$4 Limit Hold'em) for
    /// `seats` players: blinds 1 and 2, small bet 2, big bet 4, unlimited stacks, the
    /// engine's default rules (a bet and three raises per round).
    ///
    /// # Errors
    /// Fewer than 2 or more than 10 seats.
    pub fn paper(seats: usize) -> Result<GameConfig, ConfigError> {
        GameConfig::limit(seats, 1, 2, 2, 4)
    }
    /// Fixed-limit hold'em with the default cap (a bet plus 3 raises) and deep stacks;
    /// the paper's game is [`GameConfig::paper`].
    pub fn limit(
        seats: usize,
        small_blind: Chips,
        big_blind: Chips,
        small_bet: Chips,
        big_bet: Chips,
    ) -> Result<GameConfig, ConfigError> {
        GameConfig::new(GameSpec {
            seats,
            small_blind,
            big_blind,
            small_bet,
            big_bet,
            ..GameSpec::default()
        })
    }
    /// The validated fields.
    pub fn spec(&self) -> &GameSpec {
        &self.spec
    }
    /// Number of players.
    pub fn seats(&self) -> usize {
        self.spec.seats
    }
    /// The small blind.
    pub fn small_blind(&self) -> Chips {
        self.spec.small_blind
    }
    /// The big blind.
    pub fn big_blind(&self) -> Chips {
        self.spec.big_blind
    }
    /// The small bet.
    pub fn small_bet(&self) -> Chips {
        self.spec.small_bet
    }
    /// The big bet.
    pub fn big_bet(&self) -> Chips {
        self.spec.big_bet
    }
    /// Raises allowed after the opening bet per round (`None`: no cap).
    pub fn max_raises(&self) -> Option<u32> {
        self.spec.max_raises
    }
    /// Finite starting stacks by position, if configured.
    pub fn stacks(&self) -> Option<&[Chips]> {
        self.spec.stacks.as_deref()
    }
    /// The rule options.
    pub fn rules(&self) -> &RuleOptions {
        &self.spec.rules
    }
    /// The bet size of a round.
    pub fn bet_size(&self, round: Round) -> Chips {
        match round {
            Round::Preflop | Round::Flop => self.spec.small_bet,
            Round::Turn | Round::River => self.spec.big_bet,
        }
    }
    /// The blind posted by each position.
    pub fn blinds(&self) -> Vec<Chips> {
        let n = self.spec.seats;
        let mut b = vec![0; n];
        if self.spec.rules.single_blind {
            b[0] = self.spec.big_blind;
        } else if n == 2 {
            b[0] = self.spec.big_blind;
            b[1] = self.spec.small_blind;
        } else {
            b[0] = self.spec.small_blind;
            b[1] = self.spec.big_blind;
        }
        b
    }
    /// The position that acts first pre-flop.
    pub fn first_preflop(&self) -> Position {
        Position::new(if self.spec.rules.single_blind || self.spec.seats == 2 {
            1
        } else {
            2 % self.spec.seats
        })
    }
    /// The position from which the first live player acts after the flop.
    pub fn first_postflop(&self) -> Position {
        Position::new(self.spec.rules.postflop_first.unwrap_or(0))
    }
    /// A starting stack deep enough that nobody is ever all-in in one hand (with a cap),
    /// used when no stacks are configured and a history needs numbers.
    pub fn deep_stack(&self) -> Chips {
        match self.spec.max_raises {
            Some(m) if !self.spec.rules.uncapped_heads_up => {
                let m = Chips::from(m);
                self.spec.big_blind
                    + m * self.spec.small_bet
                    + (m + 1) * (self.spec.small_bet + 2 * self.spec.big_bet)
                    + self.spec.big_bet
            }
            _ => 1_000_000 * self.spec.big_bet,
        }
    }
}
