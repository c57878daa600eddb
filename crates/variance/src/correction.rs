//! The corrections of one finished hand (AIVAT, Burch, Schmid, Moravčík, Morrill and
//! Bowling, AAAI 2018, §4): the hand is replayed through the engine with every hole card
//! known, and at each
//!
//! * **board deal** (a chance event), each position is charged `v(after) − E[v(after)]`,
//!   the value of what was dealt minus its expectation over every card that could have
//!   been dealt;
//! * **action of a player whose strategy is known** (its probabilities depend on its view
//!   alone: `random`, `example`, `call`, `raise`), `v(after the action) − Σ_b σ(b)
//!   v(after b)`.
//!
//! Each correction has expectation zero given the hand so far, so the reduced value
//! `net − Σ corrections` has the plain value's expectation, whatever the value function
//! `v`; a good `v` makes it vary less. Ours ([`ValueFunction`]) is linear in the showdown
//! equities of [`crate::equity`] among the players still in, with every hole card known:
//!
//! * after a deal, `S·equity_p` with a stake `S = α·pot + β·k·b` (`k` players still in,
//!   `b` one bet of the round) fixed before the card is seen: the pot and one bet to come
//!   from each player before the flop, and on the flop, turn and river α and β by round
//!   and number of players still in ([`ValueFunction::deals`], fitted to the players);
//! * after an action, `v_p = S·equity_p − chips put in by p − (S − pot)/k` for a player
//!   still in and `−chips put in` for one who folded, with a stake `S = α·pot + β·k·b`
//!   by round ([`ValueFunction::actions`], fitted too).
//!
//! The charges of a deal sum to zero over the seats (the equities' changes do), and so do
//! the values after an action, as the nets do. Because the flop's exact equity is the
//! expectation of the turn's, and the turn's of the river's, and `v` is linear in the
//! equities, each deal's expectation is `v` at the equities before it: exact from the
//! flop on, and before the flop a Monte-Carlo estimate ([`crate::equity::sampled`],
//! seeded by the hole cards alone, so independent of the board dealt). The hole-card deal
//! is corrected too (over every deal each position's equity averages 1/n); in a duplicate
//! schedule that correction cancels over the rotations of a deal.
//!
//! Where loki differs from the paper: AIVAT's value function is learned or solved; ours is
//! a line in the equities whose stakes are fitted by least squares. The paper's games are
//! two-player; ours has up to ten seats, each reduced on its own.
use crate::equity;
use crate::VarianceError;
use loki_cards::{rng_from_seed, Card, CardSet, HoleCards};
use loki_engine::{Action, ByAction, EngineError, Event, HandRecord, HandState, Round, SeatView};
use loki_engine::{ByPosition, Position};

/// What the live players' equities share, as a line in the pot and the bets to come:
/// `pot · pot + bets · k · b` for `k` live players and one bet `b` of the round.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stake {
    /// The factor of the pot.
    pub pot: f64,
    /// Bets of the round each live player is expected to put in from here on.
    pub bets: f64,
}

impl Stake {
    /// The bare pot plus `bets` bets from each live player.
    pub const fn bets(bets: f64) -> Stake {
        Stake { pot: 1.0, bets }
    }
}

/// The live players' buckets of [`ValueFunction::deals`] (ours): 2, 3, 4 or 5, 6 to 10.
pub const LIVE_BUCKETS: usize = 4;

/// The bucket of `k` live players.
pub fn live_bucket(k: usize) -> usize {
    match k {
        0..=2 => 0,
        3 => 1,
        4 | 5 => 2,
        _ => 3,
    }
}

/// The value function's parameters (all ours).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ValueFunction {
    /// Whole boards sampled for a pre-flop equity (256: a sampling error of about 0.03
    /// in an equity, small beside a hand's spread).
    pub preflop_samples: u32,
    /// The stake of a deal's correction, by the round it starts (pre-flop: the hole
    /// cards, flop, turn, river) and the [`live_bucket`] of its players.
    pub deals: [[Stake; LIVE_BUCKETS]; 4],
    /// The stake of the value after an action of a player whose strategy is known, by
    /// the round of the action.
    pub actions: [Stake; 4],
}

impl ValueFunction {
    /// The same stake everywhere: the bare pot and `bets` bets to come from each live
    /// player (0: the bare pot).
    pub const fn uniform(bets: f64) -> ValueFunction {
        ValueFunction {
            preflop_samples: 256,
            deals: [[Stake::bets(bets); LIVE_BUCKETS]; 4],
            actions: [Stake::bets(bets); 4],
        }
    }

    /// For LBR's matches: the pot and one bet to come everywhere. The fitted stakes are
    /// fitted to Loki's duplicate matches; in LBR's (which raises at almost every turn)
    /// they give wider intervals than these (docs/tournaments.md).
    pub const fn lbr() -> ValueFunction {
        ValueFunction::uniform(1.0)
    }
}

impl Default for ValueFunction {
    /// The pot and one bet to come from each live player at the hole cards' deal; the
    /// stakes of the flop, turn and river deals and of the actions fitted by `cargo run
    /// --release -p loki-sim --example fit_value_function` to the duplicate deals of
    /// Figure 4, of heads-up Loki matches and of Loki against `random` and `example`
    /// (docs/tournaments.md).
    fn default() -> Self {
        let mut v = ValueFunction::uniform(1.0);
        v.deals[1..].copy_from_slice(&FITTED_DEALS);
        v.actions = FITTED_ACTIONS;
        v
    }
}

/// The deals' stakes from the flop on, fitted by the `fit_value_function` example (ours).
const FITTED_DEALS: [[Stake; LIVE_BUCKETS]; 3] = [
    [
        stake(1.39, 2.09),
        stake(1.42, 1.40),
        stake(1.51, 1.12),
        stake(1.23, 1.54),
    ],
    [
        stake(1.61, 0.35),
        stake(1.57, 0.28),
        stake(1.55, 0.18),
        stake(1.04, 0.81),
    ],
    [
        stake(1.16, 0.28),
        stake(1.21, 0.06),
        stake(1.18, 0.02),
        stake(0.87, 0.63),
    ],
];

/// The actions' stakes by round, fitted by the `fit_value_function` example (ours).
const FITTED_ACTIONS: [Stake; 4] = [
    stake(2.44, 1.21),
    stake(1.91, 0.28),
    stake(1.18, 0.45),
    stake(1.10, -0.28),
];

const fn stake(pot: f64, bets: f64) -> Stake {
    Stake { pot, bets }
}

/// A hand's corrections by position, in chips.
#[derive(Debug, Clone, PartialEq)]
pub struct Corrections {
    /// The board deals' corrections.
    pub chance: Vec<f64>,
    /// The same, deal by deal: `by_round[r][p]` for the deal that starts round `r`
    /// (index 0: the hole cards).
    pub by_round: [Vec<f64>; 4],
    /// The known players' actions' corrections.
    pub action: Vec<f64>,
}

impl Corrections {
    /// Both, by position.
    pub fn total(&self) -> ByPosition<f64> {
        self.chance
            .iter()
            .zip(&self.action)
            .map(|(c, a)| c + a)
            .collect()
    }
    /// The reduced nets: `net[p] − correction[p]`.
    pub fn reduce(&self, net: &ByPosition<i64>) -> ByPosition<f64> {
        net.iter()
            .zip(self.total())
            .map(|(&n, c)| n as f64 - c)
            .collect()
    }
}

/// The replay of a hand with the value function.
struct Replay {
    holes: Vec<HoleCards>,
    /// Every hole card dealt.
    dealt: CardSet,
    /// The seed of the pre-flop estimates (from the hole cards alone).
    seed: u64,
    value: ValueFunction,
}

impl Replay {
    /// Each position's equity in `state` if the players of `live` go to the showdown.
    fn equity(&self, board: &[Card], live: &[bool]) -> Result<Vec<f64>, VarianceError> {
        let positions: Vec<usize> = (0..live.len()).filter(|&p| live[p]).collect();
        let mut out = vec![0.0; live.len()];
        if positions.len() == 1 {
            out[positions[0]] = 1.0;
            return Ok(out);
        }
        let holes: Vec<HoleCards> = positions.iter().map(|&p| self.holes[p]).collect();
        let dead = board.iter().fold(self.dealt, |d, &c| d.with(c));
        let shares = if board.len() >= 3 {
            equity::exact(&holes, board, dead)
        } else {
            let mut rng = rng_from_seed(self.seed);
            equity::sampled(&holes, dead, self.value.preflop_samples, &mut rng)
        }
        .ok_or(VarianceError::Equity)?;
        for (&p, s) in positions.iter().zip(shares) {
            out[p] = s;
        }
        Ok(out)
    }

    /// `v` of every position in `state` with equities `eq` after an action of `round`:
    /// a live player's share of the stake less its chips and its part of what the stake
    /// adds to the pot (so the values sum to zero), a folded player's chips lost.
    fn values(&self, state: &HandState, eq: &[f64], round: Round) -> Vec<f64> {
        let stake = Replay::stake(state, self.value.actions[round.index()]);
        let live = Replay::live_count(state);
        let charge = (stake - state.pot() as f64) / live as f64;
        state
            .contributions()
            .iter()
            .zip(eq)
            .enumerate()
            .map(|(p, (&c, e))| {
                if state.is_live(Position::new(p)) {
                    stake * e - c as f64 - charge
                } else {
                    -(c as f64)
                }
            })
            .collect()
    }

    /// What the live players' equities share in `state` under `s`.
    fn stake(state: &HandState, s: Stake) -> f64 {
        let k = Replay::live_count(state);
        let bet = s.bets * state.config().bet_size(state.round()) as f64;
        s.pot * state.pot() as f64 + k as f64 * bet
    }

    /// The stake of the deal that led to `state` (its round's, for its live players).
    fn deal_stake(&self, state: &HandState) -> f64 {
        let k = Replay::live_count(state);
        Replay::stake(
            state,
            self.value.deals[state.round().index()][live_bucket(k)],
        )
    }

    /// The players still in.
    fn live_count(state: &HandState) -> usize {
        Position::all(state.players())
            .filter(|&p| state.is_live(p))
            .count()
    }

    fn live(state: &HandState) -> Vec<bool> {
        Position::all(state.players())
            .map(|p| state.is_live(p))
            .collect()
    }
}

/// The corrections of `record`, whose every hole card must be known. `known(p, view)`
/// gives the probabilities with which the player at position `p` acts in `view` when
/// they depend on the view alone (`None`: not known, no correction); `value` is the value
/// function's parameters.
///
/// # Errors
/// A hidden holding, a record the engine does not replay, or an equity that cannot be
/// computed (more than 22 players).
pub fn corrections(
    record: &HandRecord,
    mut known: impl FnMut(Position, &SeatView) -> Option<ByAction<f64>>,
    value: ValueFunction,
) -> Result<Corrections, VarianceError> {
    let n = record.hole.len();
    let holes: Vec<HoleCards> = record
        .hole
        .iter()
        .map(|h| h.ok_or(VarianceError::Hidden))
        .collect::<Result<_, _>>()?;
    let dealt = holes.iter().fold(CardSet::EMPTY, |d, h| d.union(h.set()));
    let seed = holes
        .iter()
        .fold(0x51ed_c0de_u64, |s, h| loki_cards::mix(s, h.index() as u64));
    let replay = Replay {
        holes,
        dealt,
        seed,
        value,
    };
    let mut state = HandState::new(&record.config)?;
    state.set_seats(&record.seats)?;
    for (p, h) in replay.holes.iter().enumerate() {
        state.deal_hole(Position::new(p), *h)?;
    }
    let mut out = Corrections {
        chance: vec![0.0; n],
        by_round: std::array::from_fn(|_| vec![0.0; n]),
        action: vec![0.0; n],
    };
    // The hole cards: over every deal each position's equity averages 1/n (symmetry).
    let everyone = vec![true; n];
    let dealt = replay.equity(&[], &everyone)?;
    let stake = replay.deal_stake(&state);
    for (p, e) in dealt.iter().enumerate() {
        let c = stake * (e - 1.0 / n as f64);
        out.chance[p] += c;
        out.by_round[0][p] += c;
    }
    for event in &record.events {
        match event {
            Event::BoardDealt { round, cards } => {
                let live = Replay::live(&state);
                let before = replay.equity(state.board(), &live)?;
                let mut board = state.board().to_vec();
                board.extend_from_slice(cards);
                let after = replay.equity(&board, &live)?;
                state.deal_board(cards)?;
                // The values after the deal are linear in the equities, with the stake of
                // the round that starts: their expectation is the same line at the
                // equities before it.
                let stake = replay.deal_stake(&state);
                for p in 0..n {
                    let c = stake * (after[p] - before[p]);
                    out.chance[p] += c;
                    out.by_round[round.index()][p] += c;
                }
            }
            Event::Action(a) => {
                let sigma = known(a.position, &state.view(a.position));
                if let Some(sigma) = sigma {
                    let taken = action_correction(&replay, &state, a.action, &sigma)?;
                    for (o, t) in out.action.iter_mut().zip(&taken) {
                        *o += t;
                    }
                }
                state.apply(a.action).map_err(EngineError::from)?;
            }
            _ => {}
        }
    }
    if state.result().map(|r| &r.net) != Some(&record.net) {
        return Err(VarianceError::Replay);
    }
    Ok(out)
}

/// `v(after taken) − Σ_b σ(b) v(after b)` by position.
fn action_correction(
    replay: &Replay,
    state: &HandState,
    taken: Action,
    sigma: &ByAction<f64>,
) -> Result<Vec<f64>, VarianceError> {
    let n = state.players();
    let live = Replay::live(state);
    let eq = replay.equity(state.board(), &live)?;
    let value_after = |b: Action| -> Result<Vec<f64>, VarianceError> {
        let mut s = state.clone();
        s.apply(b).map_err(EngineError::from)?;
        let live_after = Replay::live(&s);
        let eq_after = if live_after == live {
            eq.clone()
        } else {
            replay.equity(state.board(), &live_after)?
        };
        Ok(replay.values(&s, &eq_after, state.round()))
    };
    let mut expected = vec![0.0; n];
    let mut total = 0.0;
    for (b, &w) in sigma.iter() {
        if w <= 0.0 {
            continue;
        }
        total += w;
        let v = value_after(b)?;
        for p in 0..n {
            expected[p] += w * v[p];
        }
    }
    if (total - 1.0).abs() > 1e-9 {
        return Err(VarianceError::Strategy(total));
    }
    let v = value_after(taken)?;
    Ok((0..n).map(|p| v[p] - expected[p]).collect())
}
