//! POKI's betting: selective-sampling simulation (Peña 1999 §5; Billings, Papp, Peña,
//! Schaeffer, Szafron 1999, "Using Selective-Sampling Simulations in Poker"). At a
//! post-flop decision (and pre-flop when `simulation.preflop` asks), each trial
//!
//! 1. draws every live opponent's holding from its weight table (the model's view of it,
//!    opponents in position order, a holding that collides with one drawn earlier is
//!    drawn again) and the rest of the board uniformly from the remaining cards;
//! 2. plays the hand out twice from here, once after our check/call and once after our
//!    bet/raise, with the same cards and the same random numbers (common random numbers:
//!    the two values are paired); every later action is drawn from a probability triple:
//!    an opponent's from its model's thresholds in the context (round, bets to call) at
//!    the strength of its sampled holding on the sampled board (Peña's second triple
//!    generator; post-flop that strength raised to the number of other live players,
//!    HS_n as a Loki player sees it, `simulation.multiway_strength`, ours), mixed with
//!    the context's plain frequencies by the opponent's trust when the model is
//!    calibrated (ours: a player whose shown cards did not follow its actions is
//!    simulated as acting by frequency alone); ours pre-flop from our plan (but never a
//!    fold once the line has put our chips in, `simulation.preflop_stays_in`, ours),
//!    post-flop from our own post-flop rules smoothed as Loki-2's, or, as
//!    `simulation.self_model` asks (ours; after the round of the decision by default),
//!    from the model of our own seat as an opponent's are;
//! 3. scores each line by what we win at the end minus what we put in from now on
//!    (folding now is worth 0).
//!
//! The action of highest mean value is taken (ties go to the more passive action). The
//! early stop (**ours**): after `min_trials`, every `check_every` trials, stop when the
//! best action's mean leads every other's by more than `z` standard errors (of the paired
//! difference between call and raise, of the mean itself against folding's 0).
//!
//! Simplifications (**ours**, documented in docs/poki.md): stacks are taken as deep (no
//! all-in inside a trial); the in-trial strength is [`crate::runout`]'s; our own in-trial
//! effective strength is that strength to the power of the live opponents (HS_n against
//! uniform opponents) with no potential, except in the current round, where it is our
//! real assessment.
use crate::config::{PostflopConfig, SimulationConfig};
use crate::crude_potential::{crude_potential, crude_potential_next};
use crate::frequencies::{ActionFrequencies, Context};
use crate::postflop::{smoothed_triple, PostflopSituation};
use crate::preflop::{plan_action, BettingState, Plan};
use crate::runout::{pairs, RunoutStrengths};
use crate::triple::ProbabilityTriple;
use loki_assess::WeightTable;
use loki_cards::{Card, CardSet, Hand, HoleCards, Rank, Suit, HOLDINGS};
use loki_engine::{Action, ByAction, ByContext, Chips, GameConfig, Round};
use serde::Serialize;
use std::cell::Cell;

/// At most this many players at a table in a simulation.
pub const MAX_PLAYERS: usize = 10;

/// The (raise, call) thresholds of one opponent, by round (pre-flop, flop, turn, river)
/// and bets to call (0, 1, 2 or more).
pub type ThresholdGrid = ByContext<(f64, f64)>;

/// Action frequencies [fold, call, raise] by round and bets to call.
pub type FrequencyGrid = ByContext<ActionFrequencies>;

/// One live opponent as the simulation sees it.
#[derive(Debug, Clone, Copy)]
pub struct SimOpponent<'a> {
    /// Its position.
    pub position: usize,
    /// Its weight table (the model's belief about its holding).
    pub weights: &'a WeightTable,
    /// Its thresholds per context.
    pub thresholds: ThresholdGrid,
    /// Its action frequencies per context.
    pub frequencies: FrequencyGrid,
    /// How far its actions follow its cards (1: fully, a calibrated model's trust below).
    pub trust: f64,
}

impl SimOpponent<'_> {
    /// The triple this opponent acts by in a trial, in context `ctx` at in-trial
    /// strength `v`: Peña's second triple generator on its thresholds with ramps of
    /// `width`, mixed with the context's plain frequencies by its trust (an opponent
    /// whose actions do not follow its cards acts by its frequencies whatever it holds;
    /// the trust of a calibrated model, ours).
    pub fn triple(&self, ctx: Context, v: f64, width: f64) -> ProbabilityTriple {
        let (raise_t, call_t) = self.thresholds[ctx];
        let by_cards = ProbabilityTriple::from_thresholds(v, raise_t, call_t, width);
        if self.trust >= 1.0 {
            return by_cards;
        }
        let t = self.trust.clamp(0.0, 1.0);
        let (c, f) = (by_cards.by_action(), self.frequencies[ctx]);
        ProbabilityTriple::new(ByAction::from_fn(|a| t * c[a] + (1.0 - t) * f[a]))
    }
}

/// A post-flop strength as a Loki-like player acts on it with `live` players in the
/// hand: HS_n, the strength raised to the number of other live players
/// (`simulation.multiway_strength`, ours).
pub fn multiway_strength(v: f64, live: usize) -> f64 {
    v.powi((live as i32 - 1).max(1))
}

/// Strength of a holding on a board: the current board's EHS, and the runout tables.
pub trait BoardStrength {
    /// The strength of holding index `h` on the board of the decision (`None` if it
    /// touches the board).
    fn now(&self, h: usize) -> Option<f64>;
    /// The runout tables (`None` on a river).
    fn runouts(&self) -> Option<&RunoutStrengths>;
}

impl BoardStrength for crate::board_cache::BoardRanges {
    fn now(&self, h: usize) -> Option<f64> {
        self.ehs(h)
    }
    fn runouts(&self) -> Option<&RunoutStrengths> {
        crate::board_cache::BoardRanges::runouts(self)
    }
}

/// Everything a simulation needs about a decision (public information and ours).
#[derive(Debug, Clone)]
pub struct SimulationSpot<'a> {
    /// The game (bet sizes, cap, who acts first after the flop).
    pub game: &'a GameConfig,
    /// Our position.
    pub me: usize,
    /// Our holding.
    pub hole: HoleCards,
    /// The board (3 to 5 cards).
    pub board: &'a [Card],
    /// The round (flop, turn or river).
    pub round: Round,
    /// Who has not folded, by position.
    pub live: Vec<bool>,
    /// Chips put in this round, by position.
    pub round_bets: Vec<Chips>,
    /// Who still has to act this round, by position.
    pub needs_action: Vec<bool>,
    /// Whether each position already put chips in voluntarily this round.
    pub put_in: Vec<bool>,
    /// Chips in the pot.
    pub pot: Chips,
    /// Bets this round.
    pub level: u32,
    /// The live opponents.
    pub opponents: Vec<SimOpponent<'a>>,
    /// The model of our own seat, when our in-trial post-flop actions follow it
    /// (`simulation.self_model`), and whether those of this round do too.
    pub own: Option<(SimOpponent<'a>, bool)>,
    /// The folded players' weight tables (their cards are dealt first when
    /// `simulation.deal_folded` asks).
    pub folded: Vec<&'a WeightTable>,
    /// Our PPot1 now (the pot-odds and semi-bluff rules of our in-trial decisions this
    /// round, when `simulation.own_potential` asks).
    pub ppot1_now: f64,
    /// Our post-flop rules (our in-trial actions).
    pub rules: &'a PostflopConfig,
    /// The smoothing of our in-trial triples.
    pub smoothing: f64,
    /// Our effective hand strength now (our in-trial strength this round).
    pub ehs_now: f64,
    /// Pre-flop: our plan, which makes our in-trial pre-flop actions.
    pub plan: Option<Plan>,
    /// Opponent holdings drawn to estimate a strength on a board that has no runout
    /// table (the flop, turn and river of a pre-flop simulation).
    pub strength_samples: u32,
}

/// What a simulation found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SimulationOutcome {
    /// Mean value in chips of fold, check/call and bet/raise (`None`: not legal).
    pub ev: ByAction<Option<f64>>,
    /// Standard error of each mean.
    pub se: ByAction<f64>,
    /// Trials played.
    pub trials: u32,
    /// Whether the early stop ended the simulation.
    pub stopped_early: bool,
    /// The action of highest value.
    #[serde(serialize_with = "action_name")]
    pub action: Action,
}

fn action_name<S: serde::Serializer>(a: &Action, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(a)
}

/// SplitMix64: the trials' fast generator, seeded once per decision from the player's
/// own generator (so a seed gives the same decisions on every platform).
#[derive(Debug, Clone, Copy)]
struct TrialRng(u64);

impl TrialRng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
    fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u64
    }
}

/// An opponent's weights as a cumulative distribution over the holdings that miss the
/// known cards.
struct Sampler {
    cumulative: Vec<f64>,
}

impl Sampler {
    fn new(w: &WeightTable, dead: CardSet) -> Sampler {
        let mut total = 0.0;
        let cumulative = pairs()
            .iter()
            .enumerate()
            .map(|(h, &(mask, _, _))| {
                if mask & dead.bits() == 0 {
                    total += w.at(h).max(0.0);
                }
                total
            })
            .collect();
        Sampler { cumulative }
    }
    /// A holding index missing `used`, by weight (uniform over the holdings missing
    /// `used` if the table has no weight there).
    fn draw(&self, rng: &mut TrialRng, used: CardSet) -> Option<usize> {
        let free = |h: usize| pairs().get(h).is_some_and(|p| p.0 & used.bits() == 0);
        let total = self.cumulative.last().copied().unwrap_or(0.0);
        if total > 0.0 {
            for _ in 0..64 {
                let x = rng.unit() * total;
                let h = self
                    .cumulative
                    .partition_point(|&c| c <= x)
                    .min(HOLDINGS - 1);
                if free(h) {
                    return Some(h);
                }
            }
        }
        // Fallback: uniform over the holdings that miss every used card.
        let all: Vec<usize> = (0..HOLDINGS).filter(|&h| free(h)).collect();
        (!all.is_empty()).then(|| all[rng.below(all.len() as u64) as usize])
    }
}

/// One trial's cards.
struct Deal {
    hole: [Option<HoleCards>; MAX_PLAYERS],
    /// The full five-card board.
    board: [Card; 5],
    /// Each position's in-trial strength by round, computed on first use (NaN before):
    /// both lines of a trial read the same values.
    strength: [[Cell<f64>; 4]; MAX_PLAYERS],
    /// Seeds the sampled strengths.
    seed: u64,
}

impl Deal {
    /// The strength of `p`'s holding `h` in `round` (on a later flop or turn with the
    /// crude potential added when `potential`).
    fn strength<B: BoardStrength + ?Sized>(
        &self,
        b: &B,
        spot: &SimulationSpot<'_>,
        p: usize,
        round: Round,
        h: HoleCards,
        potential: bool,
    ) -> f64 {
        let cell = &self.strength[p][round.index()];
        let v = cell.get();
        if !v.is_nan() {
            return v;
        }
        let seed = self.seed
            ^ ((p as u64) << 8 | round.index() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut v = strength_in(b, spot.round, self, round, h, spot.strength_samples, seed);
        if potential && round != spot.round && round != Round::River {
            v += (1.0 - v) * crude_potential(h, &self.board[..round.board_len()]);
        }
        cell.set(v);
        v
    }
}

/// The betting of one line of a trial.
#[derive(Clone, Copy)]
struct Line {
    n: usize,
    live: [bool; MAX_PLAYERS],
    bets: [Chips; MAX_PLAYERS],
    need: [bool; MAX_PLAYERS],
    put_in: [bool; MAX_PLAYERS],
    current: Chips,
    level: u32,
    pot: Chips,
    round: Round,
    invested: Chips,
}

impl Line {
    fn live_count(&self) -> usize {
        self.live[..self.n].iter().filter(|l| **l).count()
    }

    /// Whether a raise is allowed: the engine's cap rule (`HandState`'s `cap_reached`).
    fn can_raise(&self, game: &GameConfig) -> bool {
        let uncapped = game.rules().uncapped_heads_up && self.live_count() == 2;
        match game.max_raises() {
            Some(m) if !uncapped => self.level <= m,
            _ => true,
        }
    }

    /// `p` takes `action` in a round whose bet is `bet`; `me` counts our chips.
    fn apply(&mut self, p: usize, action: Action, bet: Chips, me: bool) {
        match action {
            Action::Fold => self.live[p] = false,
            Action::Call => {
                let amount = self.current - self.bets[p];
                self.bets[p] += amount;
                self.pot += amount;
                self.put_in[p] |= amount > 0;
                if me {
                    self.invested += amount;
                }
            }
            Action::Raise => {
                let target = self.current + bet;
                let amount = target - self.bets[p];
                self.bets[p] = target;
                self.current = target;
                self.level += 1;
                self.pot += amount;
                self.put_in[p] = true;
                if me {
                    self.invested += amount;
                }
                for q in 0..self.n {
                    if q != p && self.live[q] {
                        self.need[q] = true;
                    }
                }
            }
        }
        self.need[p] = false;
    }

    /// The next position to act, looking from `next` on, after starting the next round
    /// (from `first_postflop`) when this one's betting is over; `None` when the hand's
    /// betting is over (one player left, or the river closed).
    fn next_actor(&mut self, mut next: usize, first_postflop: usize) -> Option<usize> {
        loop {
            if self.live_count() <= 1 {
                return None;
            }
            let actor = (0..self.n)
                .map(|i| (next + i) % self.n)
                .find(|&q| self.need[q] && self.live[q]);
            if actor.is_some() {
                return actor;
            }
            self.round = self.round.next()?;
            self.current = 0;
            self.level = 0;
            for p in 0..self.n {
                self.bets[p] = 0;
                self.need[p] = self.live[p];
                self.put_in[p] = false;
            }
            next = first_postflop % self.n;
        }
    }
}

/// The simulation of one decision.
struct Simulator<'a, B: BoardStrength + ?Sized> {
    spot: &'a SimulationSpot<'a>,
    strength: &'a B,
    samplers: Vec<Sampler>,
    folded: Vec<Sampler>,
    opponent_at: [Option<usize>; MAX_PLAYERS],
    width: f64,
    multiway: bool,
    later_potential: bool,
    own_potential: bool,
    stays_in: bool,
}

/// The strength of the sampled holding `h` on the sampled board in `round`: the
/// decision's own board from `b`, a later board from its runout table, and a board
/// without one (a pre-flop simulation's) by `samples` opponent holdings drawn
/// uniformly (the share it beats, ties half; seeded by the deal, so both lines read the
/// same value).
fn strength_in<B: BoardStrength + ?Sized>(
    b: &B,
    spot_round: Round,
    deal: &Deal,
    round: Round,
    h: HoleCards,
    samples: u32,
    seed: u64,
) -> f64 {
    let v = if round == spot_round {
        b.now(h.index())
    } else {
        match b.runouts() {
            Some(r) => match (spot_round, round) {
                (Round::Flop, Round::Turn) => r.after(deal.board[3]),
                (Round::Flop, Round::River) => r.river(deal.board[3], deal.board[4]),
                (Round::Turn, Round::River) => r.after(deal.board[4]),
                _ => None,
            }
            .map(|t| t.strength(h)),
            None => Some(sampled_strength(
                &deal.board[..round.board_len()],
                h,
                samples,
                seed,
            )),
        }
    };
    v.filter(|x| !x.is_nan()).unwrap_or(0.5)
}

/// The share of `samples` uniform opponent holdings that `h` beats on `board` (ties
/// half); 0.5 without samples.
fn sampled_strength(board: &[Card], h: HoleCards, samples: u32, seed: u64) -> f64 {
    if samples == 0 || board.len() < 3 {
        return 0.5;
    }
    let base = Hand::EMPTY.with_all(board);
    let ours = base.with(h.low()).with(h.high()).rank();
    let used = board.iter().copied().collect::<CardSet>().union(h.set());
    let mut rng = TrialRng(seed);
    // Twice the score (a win 2, a tie 1), counted without a branch on the comparison
    // (a coin flip the processor cannot predict); exact, so the same value as summing
    // 1 and 0.5.
    let mut twice = 0u32;
    for _ in 0..samples {
        let mut cards = [0u8; 2];
        let mut taken = used.bits();
        for c in &mut cards {
            loop {
                let i = rng.below(52) as u8;
                if taken & (1u64 << i) == 0 {
                    taken |= 1u64 << i;
                    *c = i;
                    break;
                }
            }
        }
        let theirs = base.with_index(cards[0]).with_index(cards[1]).rank();
        twice += u32::from(ours > theirs) + u32::from(ours >= theirs);
    }
    f64::from(twice) / 2.0 / f64::from(samples)
}

impl<'a, B: BoardStrength + ?Sized> Simulator<'a, B> {
    fn bet_size(&self, round: Round) -> Chips {
        self.spot.game.bet_size(round)
    }

    fn can_raise(&self, line: &Line) -> bool {
        line.can_raise(self.spot.game)
    }

    fn apply(&self, line: &mut Line, p: usize, action: Action) {
        line.apply(p, action, self.bet_size(line.round), p == self.spot.me);
    }

    /// The context (round, bets to call) of a player facing `to_call` chips.
    fn context(&self, round: Round, to_call: Chips) -> Context {
        let bet = self.bet_size(round).max(1);
        Context::new(round, ((to_call + bet - 1) / bet).clamp(0, 2) as usize)
    }

    /// The action of `p` in a line, drawn from its triple.
    fn draw_action(&self, line: &Line, deal: &Deal, p: usize, rng: &mut TrialRng) -> Action {
        let round = line.round;
        let to_call = line.current - line.bets[p];
        let can_raise = self.can_raise(line);
        let triple = if p == self.spot.me && round == Round::Preflop {
            let plan = self.spot.plan.unwrap_or(Plan::Make1);
            let planned = plan_action(
                plan,
                &BettingState {
                    to_call,
                    bet: self.bet_size(round),
                    bets_this_round: line.level as usize,
                    voluntarily_in: line.put_in[p],
                    can_raise,
                },
            );
            let stays_in = self.stays_in && line.invested > 0;
            ProbabilityTriple::pure(match planned {
                Action::Fold if stays_in => Action::Call,
                a => a,
            })
        } else if p == self.spot.me {
            match &self.spot.own {
                Some((own, this_round)) if *this_round || round != self.spot.round => {
                    let opponents = line.live_count().saturating_sub(1) as i32;
                    let v = if round == self.spot.round {
                        self.spot.ehs_now
                    } else {
                        deal.strength(self.strength, self.spot, p, round, self.spot.hole, false)
                    };
                    let hs_n = v.powi(opponents.max(1));
                    own.triple(self.context(round, to_call), hs_n, self.width)
                }
                _ => self.our_triple(line, deal, to_call, can_raise),
            }
        } else {
            let (i, h) = match (self.opponent_at[p], deal.hole[p]) {
                (Some(i), Some(h)) => (i, h),
                _ => return Action::Call,
            };
            let mut v = deal.strength(self.strength, self.spot, p, round, h, self.later_potential);
            if self.multiway && round != Round::Preflop {
                v = multiway_strength(v, line.live_count());
            }
            self.spot.opponents[i].triple(self.context(round, to_call), v, self.width)
        };
        let mut a = triple.sample(rng.unit());
        if a == Action::Raise && !can_raise {
            a = Action::Call;
        }
        if a == Action::Fold && to_call <= 0 {
            a = Action::Call;
        }
        a
    }

    fn our_triple(
        &self,
        line: &Line,
        deal: &Deal,
        to_call: Chips,
        can_raise: bool,
    ) -> ProbabilityTriple {
        let me = self.spot.me;
        let opponents = line.live_count().saturating_sub(1) as i32;
        let (ehs, hs_n, ppot1) = if line.round == self.spot.round {
            let ppot1 = if self.own_potential {
                self.spot.ppot1_now
            } else {
                0.0
            };
            (self.spot.ehs_now, self.spot.ehs_now, ppot1)
        } else {
            let hs_n = deal
                .strength(
                    self.strength,
                    self.spot,
                    me,
                    line.round,
                    self.spot.hole,
                    false,
                )
                .powi(opponents.max(1));
            if self.own_potential && line.round != Round::River {
                let board = &deal.board[..line.round.board_len()];
                let ppot = crude_potential(self.spot.hole, board);
                let ppot1 = crude_potential_next(self.spot.hole, board);
                (hs_n + (1.0 - hs_n) * ppot, hs_n, ppot1)
            } else {
                (hs_n, hs_n, 0.0)
            }
        };
        let situation = PostflopSituation {
            round: line.round,
            ehs,
            hs_n,
            ppot1,
            to_call,
            pot: line.pot,
            bet: self.bet_size(line.round),
            big_bet: self.spot.game.big_bet(),
            bets_this_round: line.level as usize,
            already_in_this_round: line.put_in[me],
            players_after: (me + 1..line.n).filter(|&q| line.live[q]).count(),
            can_raise,
            semi_bluff_continues: false,
        };
        smoothed_triple(self.spot.rules, &situation, self.spot.smoothing)
    }

    /// Plays a line to the end after our `first` action; our net from now on.
    fn play(&self, deal: &Deal, first: Action, mut rng: TrialRng) -> f64 {
        let s = self.spot;
        let mut line = Line {
            n: s.live.len().min(MAX_PLAYERS),
            live: [false; MAX_PLAYERS],
            bets: [0; MAX_PLAYERS],
            need: [false; MAX_PLAYERS],
            put_in: [false; MAX_PLAYERS],
            current: s.round_bets.iter().copied().max().unwrap_or(0),
            level: s.level,
            pot: s.pot,
            round: s.round,
            invested: 0,
        };
        for p in 0..line.n {
            line.live[p] = s.live[p];
            line.bets[p] = s.round_bets.get(p).copied().unwrap_or(0);
            line.need[p] = s.needs_action.get(p).copied().unwrap_or(false) && s.live[p];
            line.put_in[p] = s.put_in.get(p).copied().unwrap_or(false);
        }
        self.apply(&mut line, s.me, first);
        let mut next = (s.me + 1) % line.n;
        while let Some(p) = line.next_actor(next, s.game.first_postflop().index()) {
            let a = self.draw_action(&line, deal, p, &mut rng);
            self.apply(&mut line, p, a);
            next = (p + 1) % line.n;
        }
        if !line.live[s.me] {
            return -(line.invested as f64);
        }
        if line.live_count() == 1 {
            return (line.pot - line.invested) as f64;
        }
        let board = Hand::EMPTY.with_all(&deal.board);
        let rank = |h: HoleCards| board.with(h.low()).with(h.high()).rank();
        let mine = rank(s.hole);
        let mut tied = 1u32;
        for p in (0..line.n).filter(|&p| p != s.me && line.live[p]) {
            let Some(h) = deal.hole[p] else { continue };
            let theirs = rank(h);
            if theirs > mine {
                return -(line.invested as f64);
            }
            if theirs == mine {
                tied += 1;
            }
        }
        line.pot as f64 / f64::from(tied) - line.invested as f64
    }

    /// Draws one trial's cards.
    fn deal(&self, rng: &mut TrialRng) -> Deal {
        let s = self.spot;
        let mut used: CardSet = s
            .board
            .iter()
            .copied()
            .collect::<CardSet>()
            .union(s.hole.set());
        let mut hole = [None; MAX_PLAYERS];
        hole[s.me.min(MAX_PLAYERS - 1)] = Some(s.hole);
        for (o, sampler) in s.opponents.iter().zip(&self.samplers) {
            if let Some(h) = sampler
                .draw(rng, used)
                .and_then(|h| HoleCards::from_index(h).ok())
            {
                used = used.union(h.set());
                if o.position < MAX_PLAYERS {
                    hole[o.position] = Some(h);
                }
            }
        }
        // The folded players' cards come out of the deck before the board is drawn.
        for sampler in &self.folded {
            if let Some(h) = sampler
                .draw(rng, used)
                .and_then(|h| HoleCards::from_index(h).ok())
            {
                used = used.union(h.set());
            }
        }
        let mut board = [Card::new(Rank::ALL[0], Suit::ALL[0]); 5];
        board[..s.board.len()].copy_from_slice(s.board);
        for slot in board.iter_mut().skip(s.board.len()) {
            loop {
                let i = rng.below(52) as u8;
                let Ok(c) = Card::from_index(i) else { continue };
                if used.insert(c) {
                    *slot = c;
                    break;
                }
            }
        }
        Deal {
            seed: rng.next(),
            hole,
            board,
            strength: std::array::from_fn(|_| std::array::from_fn(|_| Cell::new(f64::NAN))),
        }
    }
}

/// Running sums of one action's values.
#[derive(Debug, Default, Clone, Copy)]
struct Moments {
    sum: f64,
    squares: f64,
}

impl Moments {
    fn add(&mut self, x: f64) {
        self.sum += x;
        self.squares += x * x;
    }
    fn mean(&self, n: f64) -> f64 {
        self.sum / n
    }
    /// Standard error of the mean.
    fn se(&self, n: f64) -> f64 {
        if n < 2.0 {
            return f64::INFINITY;
        }
        let var = ((self.squares - self.sum * self.sum / n) / (n - 1.0)).max(0.0);
        (var / n).sqrt()
    }
}

/// Runs the simulation of a decision where `legal` lists the legal actions, with `seed`
/// from the player's generator.
///
/// Panics never: a spot with more than [`MAX_PLAYERS`] players, a board that does not
/// match the round, or inconsistent per-position lists give a check/call with no trials.
pub fn simulate<B: BoardStrength + ?Sized>(
    spot: &SimulationSpot<'_>,
    strength: &B,
    cfg: &SimulationConfig,
    legal: impl Into<ByAction<bool>>,
    seed: u64,
) -> SimulationOutcome {
    let legal = legal.into();
    let n = spot.live.len();
    let valid = (2..=MAX_PLAYERS).contains(&n)
        && spot.me < n
        && spot.board.len() == spot.round.board_len()
        && spot.round_bets.len() == n
        && spot
            .opponents
            .iter()
            .all(|o| o.position < n && o.position != spot.me);
    let (fold_ok, raise_ok) = (legal.fold(), legal.raise());
    if !valid {
        return SimulationOutcome {
            ev: ByAction::new(fold_ok.then_some(0.0), Some(0.0), None),
            se: ByAction::splat(0.0),
            trials: 0,
            stopped_early: false,
            action: Action::Call,
        };
    }
    let dead: CardSet = spot
        .board
        .iter()
        .copied()
        .collect::<CardSet>()
        .union(spot.hole.set());
    let mut opponent_at = [None; MAX_PLAYERS];
    for (i, o) in spot.opponents.iter().enumerate() {
        opponent_at[o.position] = Some(i);
    }
    let sim = Simulator {
        spot,
        strength,
        samplers: spot
            .opponents
            .iter()
            .map(|o| Sampler::new(o.weights, dead))
            .collect(),
        folded: if cfg.deal_folded {
            spot.folded.iter().map(|w| Sampler::new(w, dead)).collect()
        } else {
            Vec::new()
        },
        opponent_at,
        width: cfg.triple_width,
        multiway: cfg.multiway_strength,
        later_potential: cfg.later_potential,
        own_potential: cfg.own_potential,
        stays_in: cfg.preflop_stays_in,
    };
    // A free check can be followed by a fold later at no cost: never worth less than 0.
    let floor = cfg.free_check_floor && !fold_ok;
    let mut rng = TrialRng(seed);
    let (mut call, mut raise, mut diff) =
        (Moments::default(), Moments::default(), Moments::default());
    let mut trials = 0u32;
    let mut stopped_early = false;
    let max = cfg.trials.max(1);
    while trials < max {
        let deal = sim.deal(&mut rng);
        let line_rng = TrialRng(rng.next());
        let c = sim.play(&deal, Action::Call, line_rng);
        call.add(c);
        if raise_ok {
            let r = sim.play(&deal, Action::Raise, line_rng);
            raise.add(r);
            diff.add(r - c);
        }
        trials += 1;
        if cfg.z > 0.0
            && trials >= cfg.min_trials
            && trials % cfg.check_every.max(1) == 0
            && clear_winner(
                &call, &raise, &diff, trials, fold_ok, raise_ok, cfg.z, floor,
            )
        {
            stopped_early = trials < max;
            break;
        }
    }
    let t = f64::from(trials);
    let check = call.mean(t);
    let ev = ByAction::new(
        fold_ok.then_some(0.0),
        Some(if floor { check.max(0.0) } else { check }),
        raise_ok.then(|| raise.mean(t)),
    );
    let action = best(ev);
    SimulationOutcome {
        ev,
        se: ByAction::new(0.0, call.se(t), if raise_ok { raise.se(t) } else { 0.0 }),
        trials,
        stopped_early,
        action,
    }
}

/// The action of highest value; ties go to the more passive one.
fn best(ev: ByAction<Option<f64>>) -> Action {
    let mut best = (Action::Call, ev.call().unwrap_or(0.0));
    if let Some(r) = ev.raise() {
        if r > best.1 {
            best = (Action::Raise, r);
        }
    }
    if let Some(f) = ev.fold() {
        if f > best.1 {
            best = (Action::Fold, f);
        }
    }
    best.0
}

/// Whether the best action leads every other by more than `z` standard errors (`floor`:
/// a free check counts at least 0, see [`simulate`]).
#[allow(clippy::too_many_arguments)]
fn clear_winner(
    call: &Moments,
    raise: &Moments,
    diff: &Moments,
    trials: u32,
    fold_ok: bool,
    raise_ok: bool,
    z: f64,
    floor: bool,
) -> bool {
    let n = f64::from(trials);
    let c = call.mean(n);
    let r = raise_ok.then(|| raise.mean(n));
    if floor && c < 0.0 {
        // The check is worth 0 with certainty: the raise must beat that.
        return r.is_none_or(|r| r.abs() > z * raise.se(n));
    }
    let ev = ByAction::new(fold_ok.then_some(0.0), Some(c), r);
    let mut margins = Vec::with_capacity(2);
    match best(ev) {
        Action::Fold => {
            margins.push((-c, call.se(n)));
            if let Some(r) = r {
                margins.push((-r, raise.se(n)));
            }
        }
        Action::Call => {
            if fold_ok {
                margins.push((c, call.se(n)));
            }
            if r.is_some() {
                margins.push((-diff.mean(n), diff.se(n)));
            }
        }
        Action::Raise => {
            if fold_ok {
                margins.push((r.unwrap_or(0.0), raise.se(n)));
            }
            margins.push((diff.mean(n), diff.se(n)));
        }
    }
    margins.iter().all(|&(m, se)| m > z * se)
}

#[cfg(test)]
#[path = "simulation_line_tests.rs"]
mod line_tests;

#[cfg(test)]
#[path = "simulation_strength_tests.rs"]
mod strength_tests;
