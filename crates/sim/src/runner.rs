//! The duplicate tournament runner. A run is one or more independent matches; each
//! match is played at N tables, one per seating rotation, each with its own players, who
//! play the match's deals in order and keep what they learn across hands (as in the
//! paper). Tables are independent, so a batch of deals runs in parallel over the tables
//! (rayon) and the per-deal results are summed per match in rotation order: the results
//! are bit-identical for any thread count. A process may play only some of the tables
//! (a [`Shard`]); merging shards gives the same integers. Before each batch the factory
//! is told, so that it can precompute shared per-board data (range tables) and drop it
//! after.
use crate::schedule::{deal, match_seed, Seating, DEFAULT_SEATING_BLOCK};
use crate::shard::{MatchLedger, Shard, ShardError};
use crate::stats::DealLedger;
use loki_agent::{RosterError, SeatedPlayer};
use loki_engine::{play_hand_seated, Deal, EngineError, GameConfig, HandRecord, Player};
use rayon::prelude::*;

/// Makes the players of a tournament and hears about its progress.
pub trait PlayerFactory: Sync {
    /// The player for `seat` in rotation `rotation` of the match seeded by `match_seed`.
    ///
    /// # Errors
    /// A player that cannot be made (e.g. an unknown name).
    fn make(
        &self,
        seat: usize,
        rotation: usize,
        match_seed: u64,
    ) -> Result<SeatedPlayer, RosterError>;
    /// A batch of deals is about to be played (precompute shared per-board data here,
    /// in parallel: every table will need it at the same moment).
    fn prepare_batch(&self, deals: &[Deal]) {
        let _ = deals;
    }
    /// The next batch's deals, while this batch is played: precompute their shared data
    /// now, on threads that would otherwise wait for the batch's slowest table.
    fn prefetch(&self, deals: &[Deal]) {
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
    #[error("match {matched}, deal {deal}, rotation {rotation}: {source}")]
    Engine {
        /// The match.
        matched: u64,
        /// The deal.
        deal: u64,
        /// The rotation.
        rotation: usize,
        /// The engine's error.
        source: EngineError,
    },
    /// A hand's corrections could not be computed (a bug).
    #[error("match {matched}, deal {deal}, rotation {rotation}: {source}")]
    Reduce {
        /// The match.
        matched: u64,
        /// The deal.
        deal: u64,
        /// The rotation.
        rotation: usize,
        /// Why.
        source: loki_variance::VarianceError,
    },
    /// Fewer than 2 or more than 10 seats.
    #[error("a tournament needs 2 to 10 seats, got {0}")]
    Seats(usize),
    /// No matches.
    #[error("a run needs at least one match")]
    NoMatches,
    /// A bad shard.
    #[error(transparent)]
    Shard(#[from] ShardError),
}

/// One finished hand of a duplicate tournament (its match, deal and rotation with the
/// engine's record), for hand histories.
#[derive(Debug, Clone)]
pub struct DuplicateHand {
    /// The match.
    pub match_index: u64,
    /// The deal.
    pub deal: u64,
    /// The rotation.
    pub rotation: usize,
    /// The engine's record (with the seat at each position).
    pub record: HandRecord,
}

/// What one table returns for a batch: net chips per deal by seat, the same reduced,
/// kept records, and the number of player decisions (actions) made.
type TableBatch = Result<(Vec<Vec<i64>>, Vec<Vec<i64>>, Vec<DuplicateHand>, u64), SimError>;

/// One table: a rotation of a match, with its players.
struct Table {
    match_index: u64,
    rotation: usize,
    seed: u64,
    seating: Seating,
    players: Vec<SeatedPlayer>,
}

/// The tables of a duplicate tournament in progress, all of them or one shard's, playing
/// its deals (a [`crate::Run`] drives them batch by batch; a [`crate::RunFolder`] keeps a
/// run's files).
pub struct DuplicateTables {
    config: GameConfig,
    seed: u64,
    tables: Vec<Table>,
    ledgers: Vec<MatchLedger>,
    deals_played: u64,
    keep_records: bool,
    decisions: u64,
}

impl DuplicateTables {
    /// One match of `config.seats()` players from `factory`, deals seeded by `seed`, all
    /// its tables.
    ///
    /// # Errors
    /// A bad seat count or a player the factory cannot make.
    pub fn new(
        config: GameConfig,
        seed: u64,
        factory: &dyn PlayerFactory,
    ) -> Result<DuplicateTables, SimError> {
        DuplicateTables::sharded(config, seed, 1, Shard::ALL, factory)
    }

    /// The tables of `shard` of a run of `matches` independent matches (match `m` seeded
    /// by [`match_seed`]`(seed, m)`; match 0 by `seed` itself).
    ///
    /// # Errors
    /// A bad seat count, no matches, more shards than tables, or a player the factory
    /// cannot make.
    pub fn sharded(
        config: GameConfig,
        seed: u64,
        matches: u64,
        shard: Shard,
        factory: &dyn PlayerFactory,
    ) -> Result<DuplicateTables, SimError> {
        let n = config.seats();
        if !(2..=10).contains(&n) {
            return Err(SimError::Seats(n));
        }
        if matches == 0 {
            return Err(SimError::NoMatches);
        }
        let range = shard.tables(matches * n as u64)?;
        let mut tables = Vec::with_capacity((range.end - range.start) as usize);
        let mut ledgers: Vec<MatchLedger> = Vec::new();
        for t in range {
            let (m, r) = (t / n as u64, (t % n as u64) as usize);
            let ms = match_seed(seed, m);
            let players = (0..n)
                .map(|s| factory.make(s, r, ms).map_err(SimError::Player))
                .collect::<Result<Vec<_>, _>>()?;
            tables.push(Table {
                match_index: m,
                rotation: r,
                seed: ms,
                seating: Seating::new(ms, n, DEFAULT_SEATING_BLOCK),
                players,
            });
            match ledgers.last_mut() {
                Some(l) if l.match_index == m => l.rotations.push(r),
                _ => ledgers.push(MatchLedger {
                    match_index: m,
                    rotations: vec![r],
                    ledger: DealLedger::default(),
                }),
            }
        }
        Ok(DuplicateTables {
            config,
            seed,
            tables,
            ledgers,
            deals_played: 0,
            keep_records: false,
            decisions: 0,
        })
    }
    /// Permute the seats every `block` deals (0: cyclic rotations only); call before
    /// playing. The default is [`DEFAULT_SEATING_BLOCK`].
    pub fn set_seating_block(&mut self, block: u64) {
        let n = self.config.seats();
        for t in &mut self.tables {
            t.seating = Seating::new(t.seed, n, block);
        }
    }
    /// Keep every hand's record (for hand histories).
    pub fn keep_records(&mut self, keep: bool) {
        self.keep_records = keep;
    }
    /// Whether every hand's record is kept.
    pub fn keeps_records(&self) -> bool {
        self.keep_records
    }
    /// Player decisions (actions, blinds not counted) made by this process so far (not
    /// restored from checkpoints; `loki bench --signature` reports it).
    pub fn decisions(&self) -> u64 {
        self.decisions
    }
    /// Deals played so far (by every table).
    pub fn deals_played(&self) -> u64 {
        self.deals_played
    }
    /// The run's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// The number of tables this tournament plays.
    pub fn tables(&self) -> usize {
        self.tables.len()
    }
    /// The players of a table (in table order), by seat (for checkpoints).
    pub fn players_mut(&mut self, table: usize) -> Option<&mut Vec<SeatedPlayer>> {
        self.tables.get_mut(table).map(|t| &mut t.players)
    }
    /// The per-deal results of each match touched, summed over this tournament's
    /// rotations of it.
    pub fn match_ledgers(&self) -> &[MatchLedger] {
        &self.ledgers
    }
    /// The per-deal results of the first match (all of a one-match, unsharded run).
    pub fn ledger(&self) -> &DealLedger {
        static EMPTY: DealLedger = DealLedger {
            net: Vec::new(),
            reduced: Vec::new(),
        };
        self.ledgers.first().map_or(&EMPTY, |l| &l.ledger)
    }
    /// Restores the results of a checkpoint (the same tables, every match at the same
    /// number of deals).
    ///
    /// # Errors
    /// Ledgers of other matches or rotations, or of different lengths.
    pub fn restore(&mut self, ledgers: Vec<MatchLedger>) -> Result<(), ShardError> {
        let same_tables = ledgers.len() == self.ledgers.len()
            && ledgers
                .iter()
                .zip(&self.ledgers)
                .all(|(a, b)| a.match_index == b.match_index && a.rotations == b.rotations);
        let deals = ledgers.first().map_or(0, |l| l.ledger.net.len());
        if !same_tables || ledgers.iter().any(|l| l.ledger.net.len() != deals) {
            return Err(ShardError::Corrupt {
                file: "checkpoint".into(),
                reason: "its tables or deal counts do not match this run".into(),
            });
        }
        self.ledgers = ledgers;
        self.deals_played = deals as u64;
        Ok(())
    }

    /// Plays the next `count` deals at every table (in parallel) and returns the hand
    /// records if kept, in (match, deal, rotation) order.
    ///
    /// # Errors
    /// An engine error (which would be a bug).
    pub fn play_batch(
        &mut self,
        count: u64,
        factory: &dyn PlayerFactory,
    ) -> Result<Vec<DuplicateHand>, SimError> {
        self.play_batch_then(count, 0, factory)
    }

    /// The deals `range` of every match touched, in match order.
    fn deals(&self, range: std::ops::Range<u64>) -> Vec<Vec<(u64, Deal)>> {
        let n = self.config.seats();
        self.ledgers
            .iter()
            .map(|l| {
                let ms = match_seed(self.seed, l.match_index);
                range.clone().map(|d| (d, deal(ms, d, n))).collect()
            })
            .collect()
    }

    /// [`DuplicateTables::play_batch`], telling the factory the `next` deals after these so
    /// that it can prepare them while the tables play (results do not change).
    ///
    /// # Errors
    /// An engine error (which would be a bug).
    pub fn play_batch_then(
        &mut self,
        count: u64,
        next: u64,
        factory: &dyn PlayerFactory,
    ) -> Result<Vec<DuplicateHand>, SimError> {
        let n = self.config.seats();
        let first = self.deals_played;
        let deals = self.deals(first..first + count);
        let cards: Vec<Deal> = deals.iter().flatten().map(|d| d.1.clone()).collect();
        factory.prepare_batch(&cards);
        let upcoming: Vec<Deal> = self
            .deals(first + count..first + count + next)
            .into_iter()
            .flatten()
            .map(|d| d.1)
            .collect();
        let config = &self.config;
        let keep = self.keep_records;
        let match_pos = |m: u64| self.ledgers.iter().position(|l| l.match_index == m);
        let slots: Vec<usize> = self
            .tables
            .iter()
            .map(|t| match_pos(t.match_index).unwrap_or(0))
            .collect();
        let play_tables = || -> Vec<TableBatch> {
            self.tables
                .par_iter_mut()
                .zip(&slots)
                .map(|(table, &slot)| {
                    let mut nets = Vec::with_capacity(count as usize);
                    let mut reduced = Vec::with_capacity(count as usize);
                    let mut hands = Vec::new();
                    let mut decisions = 0u64;
                    for (d, cards) in &deals[slot] {
                        let seats = table.seating.seats_by_position(*d, table.rotation);
                        let record = play_hand_seated(config, &mut table.players, cards, &seats)
                            .map_err(|e| SimError::Engine {
                                matched: table.match_index,
                                deal: *d,
                                rotation: table.rotation,
                                source: e,
                            })?;
                        let corrections = loki_variance::corrections(
                            &record,
                            |p, view| table.players[record.seats[p].index()].strategy(view),
                            loki_variance::ValueFunction::default(),
                        )
                        .map(|c| c.reduce(&record.net))
                        .map_err(|e| SimError::Reduce {
                            matched: table.match_index,
                            deal: *d,
                            rotation: table.rotation,
                            source: e,
                        })?;
                        let positions = table.seating.positions(*d, table.rotation);
                        nets.push(
                            positions
                                .iter()
                                .map(|&p| record.net[p])
                                .collect::<Vec<i64>>(),
                        );
                        reduced.push(
                            positions
                                .iter()
                                .map(|&p| crate::stats::to_micro(corrections[p]))
                                .collect::<Vec<i64>>(),
                        );
                        decisions += record.actions.iter().map(|r| r.len() as u64).sum::<u64>();
                        if keep {
                            hands.push(DuplicateHand {
                                match_index: table.match_index,
                                deal: *d,
                                rotation: table.rotation,
                                record,
                            });
                        }
                    }
                    Ok((nets, reduced, hands, decisions))
                })
                .collect()
        };
        let (per_table, ()) = rayon::join(play_tables, || {
            if !upcoming.is_empty() {
                factory.prefetch(&upcoming);
            }
        });
        let mut totals: Vec<Vec<Vec<i64>>> =
            vec![vec![vec![0i64; n]; count as usize]; self.ledgers.len()];
        let mut reduced_totals: Vec<Vec<Vec<i64>>> =
            vec![vec![vec![0; n]; count as usize]; self.ledgers.len()];
        let mut hands = Vec::new();
        for (r, &slot) in per_table.into_iter().zip(&slots) {
            let (nets, reduced, h, decisions) = r?;
            self.decisions += decisions;
            for (t, net) in totals[slot].iter_mut().zip(nets) {
                for (x, y) in t.iter_mut().zip(net) {
                    *x += y;
                }
            }
            for (t, net) in reduced_totals[slot].iter_mut().zip(reduced) {
                for (x, y) in t.iter_mut().zip(net) {
                    *x += y;
                }
            }
            hands.extend(h);
        }
        hands.sort_by_key(|h| (h.match_index, h.deal, h.rotation));
        for ((l, t), r) in self.ledgers.iter_mut().zip(totals).zip(reduced_totals) {
            l.ledger.extend(&DealLedger { net: t, reduced: r });
        }
        self.deals_played += count;
        factory.end_batch();
        Ok(hands)
    }
}
