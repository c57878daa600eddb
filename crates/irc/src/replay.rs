//! Rebuilding a hand's order of play and replaying it through the engine (the
//! database's README and docs/irc.md, "Game rules as observed"). Each player's `pdb` line holds only that
//! player's own actions per round; the engine says who is to act, and that player's next
//! character is applied. A hand that does not replay exactly (every character used, every
//! player's chips put in equal to `pdb` field 10) is a [`Skip`] with its reason.
//!
//! * Seating: IRC position k (1 = small blind) is engine position k - 1 with two blinds
//!   and three or more players. Heads-up with two blinds, engine position 0 (the big
//!   blind) is IRC position 2 and engine position 1 is IRC position 1, and the small
//!   blind also acts first after the flop (`postflop_first = 1`). With one blind (10
//!   chips, posted by IRC position p) engine position j is IRC position p + j (cyclic)
//!   and the player after the poster acts first; after the flop the first live player
//!   from IRC position 1 acts first.
//! * Rules: blinds 5/10, bets 10/20; a bet and 3 raises per round, no cap while two
//!   players are in; a fold is legal when checking is free (quits); stacks = bankrolls.
//! * Characters: `f`, `Q`, `K` fold; `k` checks and `c` calls (a `k` facing a bet or a
//!   `c` facing none does not replay); `b` bets (no bet yet this round) and `r` raises;
//!   `A` raises when it can, else calls, and must leave the player with no chips.
//!   Characters after a player's fold are ignored.
use crate::archive::HandParts;
use crate::hand::{class_of, Decision, IrcHand, Spot};
use crate::lines::PdbLine;
use loki_engine::ByPosition;
use loki_engine::Position;
use loki_engine::{
    Action, Chips, Event, GameConfig, GameSpec, HandState, Phase, Round, RuleOptions,
};

/// The largest table the engine plays.
pub const MAX_SEATS: usize = 10;

/// Why a hand was not replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Skip {
    /// Copies of the hand's lines disagree.
    #[error("{}", self.kind())]
    Conflict,
    /// No `hroster` line.
    #[error("{}", self.kind())]
    NoRoster,
    /// More than [`MAX_SEATS`] players.
    #[error("{0} players (the engine plays 2 to 10)")]
    TooManyPlayers(usize),
    /// `pdb` lines missing or extra.
    #[error("{found} pdb lines for {expected} players")]
    PlayerLines {
        /// Players dealt in (`hdb`).
        expected: usize,
        /// `pdb` lines found.
        found: usize,
    },
    /// The roster, `hdb` and `pdb` lines disagree on who played.
    #[error("{}", self.kind())]
    Roster,
    /// Positions are not 1..=n once each.
    #[error("{}", self.kind())]
    Positions,
    /// Blind posts other than positions 1 and 2, position 1 alone or position 2 alone.
    #[error("{}", self.kind())]
    Blinds,
    /// A bankroll of zero.
    #[error("{}", self.kind())]
    Bankroll,
    /// The player to act has no action left in the round.
    #[error("position {position} is to act on the {round} but has no action left")]
    NoAction {
        /// The round.
        round: Round,
        /// IRC position.
        position: usize,
    },
    /// A character that does not fit the situation (`k` facing a bet, `b` after a bet...).
    #[error("position {position}: `{symbol}` does not fit on the {round}")]
    WrongAction {
        /// The round.
        round: Round,
        /// IRC position.
        position: usize,
        /// The character.
        symbol: char,
    },
    /// The engine refused the action.
    #[error("position {position}: `{symbol}` on the {round}: {reason}")]
    Illegal {
        /// The round.
        round: Round,
        /// IRC position.
        position: usize,
        /// The character.
        symbol: char,
        /// The engine's reason.
        reason: String,
    },
    /// An `A` that leaves chips behind.
    #[error("position {position}: all-in leaves chips")]
    AllIn {
        /// IRC position.
        position: usize,
    },
    /// Actions left over after the replay.
    #[error("position {position} has actions left on the {round}")]
    Leftover {
        /// IRC position.
        position: usize,
        /// The round.
        round: Round,
    },
    /// Hole or board cards collide, or the board does not match how far the hand went.
    #[error("cards: {0}")]
    Cards(String),
    /// Chips put in differ from `pdb` field 10.
    #[error("position {position} put in {replayed} in the replay, {recorded} recorded")]
    PutIn {
        /// IRC position.
        position: usize,
        /// Recorded.
        recorded: Chips,
        /// Replayed.
        replayed: Chips,
    },
}

impl Skip {
    /// A short name of the reason, for counting.
    pub fn kind(&self) -> &'static str {
        match self {
            Skip::Conflict => "copies disagree",
            Skip::NoRoster => "no hroster line",
            Skip::TooManyPlayers(_) => "more than 10 players",
            Skip::PlayerLines { .. } => "missing pdb lines",
            Skip::Roster => "roster mismatch",
            Skip::Positions => "bad positions",
            Skip::Blinds => "unusual blinds",
            Skip::Bankroll => "zero bankroll",
            Skip::NoAction { .. } => "a player has no action left (order of play)",
            Skip::WrongAction { .. } => "an action that does not fit (order of play)",
            Skip::Illegal { .. } => "an illegal action (order of play)",
            Skip::AllIn { .. } => "an all-in that leaves chips",
            Skip::Leftover { .. } => "actions left over (quit or kick mid-round)",
            Skip::Cards(_) => "cards do not fit",
            Skip::PutIn { .. } => "chips put in differ",
        }
    }
}

/// The seating of one hand: engine position -> IRC position (1-based), and the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seating {
    /// IRC position of each engine position.
    pub irc: Vec<usize>,
    /// The engine configuration (without stacks).
    pub spec: GameSpec,
}

/// The IRC game: 5/10 blinds, 10/20 bets, a bet and 3 raises, uncapped heads-up, folds
/// allowed when checking is free.
fn irc_spec(seats: usize) -> GameSpec {
    GameSpec {
        seats,
        small_blind: 5,
        big_blind: 10,
        small_bet: 10,
        big_bet: 20,
        max_raises: Some(3),
        stacks: None,
        rules: RuleOptions {
            uncapped_heads_up: true,
            single_blind: false,
            fold_when_check_free: true,
            postflop_first: None,
        },
    }
}

/// The seating for `n` players with blinds posted by the IRC positions `posters`
/// (ascending), or `None` for an unusual pattern.
pub fn seating(n: usize, posters: &[usize]) -> Option<Seating> {
    let mut spec = irc_spec(n);
    let irc: Vec<usize> = match posters {
        [1, 2] if n >= 3 => (1..=n).collect(),
        [1, 2] => {
            spec.rules.postflop_first = Some(1);
            vec![2, 1]
        }
        [p] if (1..=2).contains(p) && *p <= n => {
            spec.rules.single_blind = true;
            let irc: Vec<usize> = (0..n).map(|j| (p - 1 + j) % n + 1).collect();
            let first = irc.iter().position(|&k| k == 1).unwrap_or(0);
            spec.rules.postflop_first = (first != 0).then_some(first);
            irc
        }
        _ => return None,
    };
    Some(Seating { irc, spec })
}

fn check_players(hdb_n: usize, parts: &HandParts) -> Result<Vec<&PdbLine>, Skip> {
    let roster = parts.roster.as_ref().ok_or(Skip::NoRoster)?;
    if parts.pdb.len() != hdb_n {
        return Err(Skip::PlayerLines {
            expected: hdb_n,
            found: parts.pdb.len(),
        });
    }
    let mut names: Vec<&str> = roster.names.iter().map(String::as_str).collect();
    names.sort_unstable();
    let pdb_names: Vec<&str> = parts.pdb.keys().map(String::as_str).collect();
    if names != pdb_names || parts.pdb.values().any(|l| l.players != hdb_n) {
        return Err(Skip::Roster);
    }
    let mut lines: Vec<&PdbLine> = parts.pdb.values().collect();
    lines.sort_by_key(|l| l.position);
    if lines.iter().enumerate().any(|(i, l)| l.position != i + 1) {
        return Err(Skip::Positions);
    }
    Ok(lines)
}

/// One player's action strings as a cursor.
struct Script<'a> {
    rounds: [&'a [u8]; 4],
    at: [usize; 4],
    folded: bool,
}

/// Replays one hand. `parts` must hold an `hdb` line.
pub fn replay(parts: &HandParts) -> Result<IrcHand, Skip> {
    let Some(hdb) = parts.hdb.as_ref() else {
        return Err(Skip::PlayerLines {
            expected: 0,
            found: parts.pdb.len(),
        });
    };
    if parts.conflict {
        return Err(Skip::Conflict);
    }
    let n = hdb.players;
    if n > MAX_SEATS {
        return Err(Skip::TooManyPlayers(n));
    }
    let lines = check_players(n, parts)?;
    if n < 2 {
        return Err(Skip::PlayerLines {
            expected: n,
            found: lines.len(),
        });
    }
    let posters: Vec<usize> = lines
        .iter()
        .filter(|l| l.actions[0].starts_with('B'))
        .map(|l| l.position)
        .collect();
    let stray_blind = lines.iter().any(|l| {
        l.actions[0].get(1..).unwrap_or("").contains('B')
            || l.actions[1..].iter().any(|s| s.contains('B'))
    });
    if stray_blind {
        return Err(Skip::Blinds);
    }
    let seat = seating(n, &posters).ok_or(Skip::Blinds)?;
    // Engine position -> pdb line.
    let by_pos: Vec<&PdbLine> = seat.irc.iter().map(|&k| lines[k - 1]).collect();
    let bankrolls: Vec<Chips> = by_pos.iter().map(|l| l.bankroll).collect();
    if bankrolls.iter().any(|&b| b <= 0) {
        return Err(Skip::Bankroll);
    }
    let mut spec = seat.spec.clone();
    spec.stacks = Some(bankrolls.clone());
    let config = GameConfig::new(spec).map_err(|_| Skip::Bankroll)?;
    let mut state = HandState::new(&config).map_err(|_| Skip::Bankroll)?;
    let blinds = config.blinds();
    let mut scripts: Vec<Script> = by_pos
        .iter()
        .enumerate()
        .map(|(p, l)| {
            let mut at = [0; 4];
            at[0] = usize::from(blinds[p] > 0);
            Script {
                rounds: [0, 1, 2, 3].map(|r| l.actions[r].as_bytes()),
                at,
                folded: false,
            }
        })
        .collect();
    for (p, l) in by_pos.iter().enumerate() {
        let dealt = match l.cards {
            Some(c) => state.deal_hole(Position::new(p), c).map(|_| ()),
            None => state.deal_hole_hidden(Position::new(p)).map(|_| ()),
        };
        dealt.map_err(|e| Skip::Cards(e.to_string()))?;
    }
    let mut decisions: Vec<Decision> = Vec::new();
    loop {
        match state.phase() {
            Phase::DealBoard(round) => {
                let cards = hdb
                    .board
                    .get(round.dealt_range())
                    .ok_or_else(|| Skip::Cards(format!("the {round} is not in hdb")))?;
                state
                    .deal_board(cards)
                    .map_err(|e| Skip::Cards(e.to_string()))?;
            }
            Phase::Act(p) => {
                let round = state.round();
                let r = round.index();
                let position = seat.irc[p.index()];
                let s = &mut scripts[p.index()];
                let Some(&byte) = s.rounds[r].get(s.at[r]) else {
                    return Err(Skip::NoAction { round, position });
                };
                s.at[r] += 1;
                let symbol = char::from(byte);
                let to_call = state.amount_to_call(p);
                let level = state.bets_this_round();
                let wrong = || Skip::WrongAction {
                    round,
                    position,
                    symbol,
                };
                let legal = state.legal_actions();
                let action = match symbol {
                    'f' | 'Q' | 'K' => Action::Fold,
                    'k' if to_call == 0 => Action::Call,
                    'c' if to_call > 0 => Action::Call,
                    'b' if level == 0 => Action::Raise,
                    'r' if level > 0 => Action::Raise,
                    'A' if legal.raise => Action::Raise,
                    'A' => Action::Call,
                    _ => return Err(wrong()),
                };
                let class = class_of(symbol).ok_or_else(wrong)?;
                let decision = Decision {
                    spot: Spot {
                        index: decisions.len(),
                        position: p,
                        round,
                        bets_to_call: state.bets_to_call(p),
                        to_call,
                        pot: state.pot(),
                        bets_this_round: level,
                        live: Position::all(n).filter(|&q| state.is_live(q)).count(),
                        active: Position::all(n)
                            .filter(|&q| state.is_live(q) && !state.is_all_in(q))
                            .count(),
                        can_raise: legal.raise,
                    },
                    symbol,
                    class,
                    action,
                    event: state.events().len(),
                };
                state.apply(action).map_err(|e| Skip::Illegal {
                    round,
                    position,
                    symbol,
                    reason: e.to_string(),
                })?;
                if symbol == 'A' && !state.is_all_in(p) {
                    return Err(Skip::AllIn { position });
                }
                if action == Action::Fold {
                    scripts[p.index()].folded = true;
                }
                decisions.push(decision);
            }
            Phase::Reveal(_) | Phase::Complete => break,
            Phase::DealHole(_) => return Err(Skip::Cards("hole cards not dealt".into())),
        }
    }
    let rounds_reached = state.round().index() + 1;
    for (p, s) in scripts.iter().enumerate() {
        if s.folded {
            continue;
        }
        for r in 0..4 {
            let rest = s.rounds[r].len() > s.at[r];
            if rest || (r >= rounds_reached && !s.rounds[r].is_empty()) {
                return Err(Skip::Leftover {
                    position: seat.irc[p],
                    round: Round::ALL[r],
                });
            }
        }
    }
    if state.board().len() != hdb.board.len() {
        return Err(Skip::Cards(format!(
            "hdb has {} board cards, the hand dealt {}",
            hdb.board.len(),
            state.board().len()
        )));
    }
    for (p, l) in by_pos.iter().enumerate() {
        let replayed = state.contributions()[p];
        if replayed != l.put_in {
            return Err(Skip::PutIn {
                position: seat.irc[p],
                recorded: l.put_in,
                replayed,
            });
        }
    }
    let live: Vec<Position> = Position::all(n).filter(|&p| state.is_live(p)).collect();
    let showdown = if live.len() >= 2 { live } else { Vec::new() };
    let replayed_net = state.result().map(|r| r.net.clone());
    let events: Vec<Event> = state.events().to_vec();
    Ok(IrcHand {
        timestamp: hdb.timestamp,
        session: hdb.session,
        number: hdb.number,
        config,
        names: by_pos.iter().map(|l| l.nick.clone()).collect(),
        players: ByPosition::filled(n, 0),
        irc_positions: ByPosition::new(seat.irc.clone()),
        bankrolls: ByPosition::new(bankrolls),
        put_in: by_pos.iter().map(|l| l.put_in).collect(),
        won: by_pos.iter().map(|l| l.won).collect(),
        hole: by_pos.iter().map(|l| l.cards).collect(),
        board: state.board().to_vec(),
        decisions,
        events,
        showdown,
        replayed_net,
    })
}
