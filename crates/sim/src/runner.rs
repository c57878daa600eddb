//! The duplicate tournament runner. Each seating rotation is its own table with its own
//! players, who play the deals in order and keep what they learn across hands (as in the
//! paper). Rotations are independent, so a batch of deals runs in parallel over the
//! rotations (rayon) and the per-deal results are summed in a fixed order: the results
//! are bit-identical for any thread count. After each batch the factory is told, so that
//! it can drop shared per-board data (range tables) that later deals do not need.
use crate::roster::RosterError;
use crate::schedule::{deal, Seating, DEFAULT_SEATING_BLOCK};
use crate::stats::DealLedger;
use loki_engine::{play_hand_seated, Deal, EngineError, GameConfig, HandRecord, Player};
use rayon::prelude::*;

/// Makes the players of a tournament and hears about its progress.
pub trait PlayerFactory: Sync {
    /// The player for `seat` in rotation `rotation`.
    ///
    /// # Errors
    /// A player that cannot be made (e.g. an unknown name).
    fn make(&self, seat: usize, rotation: usize) -> Result<Box<dyn Player + Send>, RosterError>;
    /// A batch of deals is about to be played (precompute shared per-board data here,
    /// in parallel: every rotation will need it at the same moment).
    fn prepare_batch(&self, deals: &[Deal]) {
        let _ = deals;
    }
    /// A batch of deals is finished (drop shared per-board data here).
    fn end_batch(&self) {}
}

/// Why a tournament failed.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    /// A player could not be made.
    #[error(transparent)]
    Player(#[from] RosterError),
    /// The engine refused something (a bug in a player or the engine).
    #[error("deal {deal}, rotation {rotation}: {source}")]
    Engine {
        /// The deal.
        deal: u64,
        /// The rotation.
        rotation: usize,
        /// The engine's error.
        source: EngineError,
    },
    /// Fewer than 2 or more than 10 seats.
    #[error("a tournament needs 2 to 10 seats, got {0}")]
    Seats(usize),
}

/// One finished hand of a rotation, for hand histories.
#[derive(Debug, Clone)]
pub struct PlayedHand {
    /// The deal.
    pub deal: u64,
    /// The rotation.
    pub rotation: usize,
    /// The seat at each position.
    pub seats: Vec<usize>,
    /// The engine's record.
    pub record: HandRecord,
}

/// What one rotation returns for a batch: net chips per deal by seat, kept records, and
/// the number of player decisions (actions) made.
type RotationBatch = Result<(Vec<Vec<i64>>, Vec<PlayedHand>, u64), SimError>;

struct Rotation {
    index: usize,
    players: Vec<Box<dyn Player + Send>>,
}

/// A duplicate tournament in progress.
pub struct Tournament {
    config: GameConfig,
    seed: u64,
    seating: Seating,
    rotations: Vec<Rotation>,
    /// Per-deal results so far.
    pub ledger: DealLedger,
    keep_records: bool,
    decisions: u64,
}

impl Tournament {
    /// A tournament of `config.seats()` players from `factory`, deals seeded by `seed`.
    ///
    /// # Errors
    /// A bad seat count or a player the factory cannot make.
    pub fn new(
        config: GameConfig,
        seed: u64,
        factory: &dyn PlayerFactory,
    ) -> Result<Tournament, SimError> {
        let n = config.seats();
        if !(2..=10).contains(&n) {
            return Err(SimError::Seats(n));
        }
        let mut rotations = Vec::with_capacity(n);
        for r in 0..n {
            let players = (0..n)
                .map(|s| factory.make(s, r).map_err(SimError::Player))
                .collect::<Result<Vec<_>, _>>()?;
            rotations.push(Rotation { index: r, players });
        }
        Ok(Tournament {
            seating: Seating::new(seed, n, DEFAULT_SEATING_BLOCK),
            config,
            seed,
            rotations,
            ledger: DealLedger::default(),
            keep_records: false,
            decisions: 0,
        })
    }
    /// Permute the seats every `block` deals (0: cyclic rotations only); call before
    /// playing. The default is [`DEFAULT_SEATING_BLOCK`].
    pub fn set_seating_block(&mut self, block: u64) {
        self.seating = Seating::new(self.seed, self.config.seats(), block);
    }
    /// Keep every hand's record (for hand histories).
    pub fn keep_records(&mut self, keep: bool) {
        self.keep_records = keep;
    }
    /// Player decisions (actions, blinds not counted) made by this process so far (not
    /// restored from checkpoints; `loki bench --signature` reports it).
    pub fn decisions(&self) -> u64 {
        self.decisions
    }
    /// Deals played so far.
    pub fn deals_played(&self) -> u64 {
        self.ledger.net.len() as u64
    }
    /// The number of rotations (= seats).
    pub fn rotations(&self) -> usize {
        self.rotations.len()
    }
    /// The players of a rotation, by seat (for checkpoints).
    pub fn players_mut(&mut self, rotation: usize) -> Option<&mut Vec<Box<dyn Player + Send>>> {
        self.rotations.get_mut(rotation).map(|r| &mut r.players)
    }

    /// Plays the next `count` deals (in parallel over rotations) and returns the hand
    /// records if kept, in (deal, rotation) order.
    ///
    /// # Errors
    /// An engine error (which would be a bug).
    pub fn play_batch(
        &mut self,
        count: u64,
        factory: &dyn PlayerFactory,
    ) -> Result<Vec<PlayedHand>, SimError> {
        let n = self.config.seats();
        let first = self.deals_played();
        let deals: Vec<_> = (first..first + count)
            .map(|d| (d, deal(self.seed, d, n)))
            .collect();
        let cards: Vec<Deal> = deals.iter().map(|d| d.1.clone()).collect();
        factory.prepare_batch(&cards);
        let config = &self.config;
        let keep = self.keep_records;
        let seating = &self.seating;
        let per_rotation: Vec<RotationBatch> = self
            .rotations
            .par_iter_mut()
            .map(|rot| {
                let mut nets = Vec::with_capacity(deals.len());
                let mut hands = Vec::new();
                let mut decisions = 0u64;
                for (d, cards) in &deals {
                    let seats = seating.seats_by_position(*d, rot.index);
                    let mut slots: Vec<Option<&mut Box<dyn Player + Send>>> =
                        rot.players.iter_mut().map(Some).collect();
                    let mut by_position: Vec<&mut dyn Player> = Vec::with_capacity(n);
                    for &s in &seats {
                        let p = slots[s]
                            .take()
                            .unwrap_or_else(|| unreachable!("seats are a permutation"));
                        by_position.push(p.as_mut());
                    }
                    let record = play_hand_seated(config, &mut by_position, cards, &seats)
                        .map_err(|e| SimError::Engine {
                            deal: *d,
                            rotation: rot.index,
                            source: e,
                        })?;
                    let net: Vec<i64> = seating
                        .positions(*d, rot.index)
                        .into_iter()
                        .map(|p| record.net[p])
                        .collect();
                    nets.push(net);
                    decisions += record.actions.iter().map(|r| r.len() as u64).sum::<u64>();
                    if keep {
                        hands.push(PlayedHand {
                            deal: *d,
                            rotation: rot.index,
                            seats,
                            record,
                        });
                    }
                }
                Ok((nets, hands, decisions))
            })
            .collect();
        let mut totals = vec![vec![0i64; n]; deals.len()];
        let mut hands = Vec::new();
        for r in per_rotation {
            let (nets, h, decisions) = r?;
            self.decisions += decisions;
            for (t, net) in totals.iter_mut().zip(nets) {
                for (x, y) in t.iter_mut().zip(net) {
                    *x += y;
                }
            }
            hands.extend(h);
        }
        hands.sort_by_key(|h| (h.deal, h.rotation));
        self.ledger.net.extend(totals);
        factory.end_batch();
        Ok(hands)
    }
}
