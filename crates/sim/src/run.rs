//! A tournament run from start to finish, as a library: what `loki tournament` does
//! between parsing its arguments and drawing its table and plot. A [`RunSpec`] (players,
//! hands, seed, matches, shard, configuration) becomes a [`Run`], fresh or resumed from
//! a [`Checkpoint`]; [`Run::play_to_end`] plays it batch by batch and hands every
//! batch's hand histories and checkpoint to a [`RunSink`] on a writer thread of its own,
//! so that the players never wait for the disk; [`Run::outcome`] gives the results (the
//! whole run's ledgers, or one shard's file). Nothing here touches the file system: the
//! sink decides where bytes go.
use crate::checkpoint::{Checkpoint, HistoryDigest};
use crate::factory::TournamentFactory;
use crate::results::Inputs;
use crate::runner::{DuplicateHand, DuplicateTables, SimError};
use crate::shard::{Shard, ShardResult};
use crate::stats::DealLedger;
use loki_agent::{seat_names, Roster, RosterError};
use loki_bot::LokiConfig;
use loki_engine::{GameConfig, Player};
use std::sync::mpsc;

/// Everything a run is made of.
#[derive(Debug, Clone)]
pub struct RunSpec {
    /// The `--players` list ("2*BPM,2*BPT,2*BPL,2*GOM,2*SOM").
    pub players: String,
    /// Hands per match (rounded up to whole deals).
    pub hands: u64,
    /// The seed of the deals and of every player's random choices.
    pub seed: u64,
    /// Independent matches (0: one match, reported as a plain tournament).
    pub matches: u64,
    /// Deals between seat permutations (0: the cyclic rotations alone).
    pub seating_block: u64,
    /// The tables this process plays (`Shard::ALL` for the whole run).
    pub shard: Shard,
    /// Deals per batch between checkpoints.
    pub batch: u64,
    /// The players' configuration.
    pub config: LokiConfig,
}

impl RunSpec {
    /// A one-match run of `players` with the default configuration, seating block and
    /// batch.
    pub fn new(players: &str, hands: u64, seed: u64) -> RunSpec {
        RunSpec {
            players: players.to_string(),
            hands,
            seed,
            matches: 0,
            seating_block: crate::schedule::DEFAULT_SEATING_BLOCK,
            shard: Shard::ALL,
            batch: DEFAULT_BATCH,
            config: LokiConfig::default(),
        }
    }
}

/// Deals per batch between checkpoints (**ours**).
pub const DEFAULT_BATCH: u64 = 50;

/// Why a run cannot start, resume or go on.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// A bad player list or player.
    #[error(transparent)]
    Roster(#[from] RosterError),
    /// The tournament failed.
    #[error(transparent)]
    Sim(#[from] SimError),
    /// A spec out of range.
    #[error("{0}")]
    Spec(String),
    /// A checkpoint of another run.
    #[error("the checkpoint was made with other inputs (players, hands, seed, matches, shard or config)")]
    OtherRun,
    /// A checkpoint that does not hold together.
    #[error("the checkpoint is corrupt: {0}")]
    Corrupt(String),
    /// The sink could not write.
    #[error("{0}")]
    Write(#[from] std::io::Error),
    /// The configuration does not serialize (a bug).
    #[error(transparent)]
    Json(#[from] serde_json::Error),
}

/// Where a run's bytes go, batch by batch (called on the writer thread).
pub trait RunSink: Send {
    /// Appends the hand histories of a batch (PHH text), when records are kept.
    ///
    /// # Errors
    /// The history cannot be written.
    fn history(&mut self, bytes: &[u8]) -> std::io::Result<()>;
    /// Saves the checkpoint after a batch (its `phh_bytes` count the history written
    /// before it).
    ///
    /// # Errors
    /// The checkpoint cannot be written.
    fn checkpoint(&mut self, checkpoint: &Checkpoint) -> std::io::Result<()>;
}

/// What a run produced.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// The whole run: one ledger per match.
    Whole(Vec<DealLedger>),
    /// One shard of it (the content of its shard file).
    Shard(Box<ShardResult>),
}

/// A tournament run in progress.
pub struct Run {
    factory: TournamentFactory,
    tables: DuplicateTables,
    inputs: Inputs,
    shard: Shard,
    batch: u64,
    history: HistoryDigest,
    resumed_deals: u64,
}

impl Run {
    /// A fresh run.
    ///
    /// # Errors
    /// A player list that does not parse or names an unknown player, 2 to 10 seats
    /// needed, zero hands, matches or batch, a bad shard.
    pub fn start(spec: &RunSpec) -> Result<Run, RunError> {
        if spec.hands == 0 {
            return Err(RunError::Spec("--hands must be positive".into()));
        }
        if spec.batch == 0 {
            return Err(RunError::Spec("--batch must be positive".into()));
        }
        let roster = Roster::new(spec.config.clone())?;
        let kinds = roster.expand(&spec.players)?;
        let n = kinds.len();
        if !(2..=10).contains(&n) {
            return Err(RunError::Spec(format!(
                "a tournament needs 2 to 10 players, got {n}"
            )));
        }
        let names = seat_names(&kinds);
        let mut inputs = Inputs::new(
            spec.seed,
            &spec.players,
            &names,
            spec.hands,
            serde_json::to_value(&spec.config)?,
            env!("CARGO_PKG_VERSION"),
        );
        inputs.seating_block = spec.seating_block;
        inputs.matches = spec.matches;
        let game = GameConfig::paper(n).map_err(|e| RunError::Spec(e.to_string()))?;
        let factory = TournamentFactory::new(roster, kinds, names);
        let mut tables =
            DuplicateTables::sharded(game, spec.seed, spec.matches.max(1), spec.shard, &factory)?;
        tables.set_seating_block(spec.seating_block);
        Ok(Run {
            factory,
            tables,
            inputs,
            shard: spec.shard,
            batch: spec.batch,
            history: HistoryDigest::default(),
            resumed_deals: 0,
        })
    }

    /// A run continued from a checkpoint made by the same spec: every player's state and
    /// every deal's result restored.
    ///
    /// # Errors
    /// As [`Run::start`]; a checkpoint of other inputs or shard, or one whose tables,
    /// deals or player states do not hold together (a deal whose results do not sum to
    /// zero, a player state that does not load), or one whose digest does not match its
    /// content (an edited file).
    pub fn resume(spec: &RunSpec, checkpoint: Checkpoint) -> Result<Run, RunError> {
        let mut run = Run::start(spec)?;
        if !checkpoint.is_sealed() {
            return Err(RunError::Corrupt(
                "its content does not match its digest (edited, or not written by loki)".into(),
            ));
        }
        if checkpoint.inputs != run.inputs || checkpoint.shard != run.shard {
            return Err(RunError::OtherRun);
        }
        for l in &checkpoint.matches {
            if let Some(d) = l
                .ledger
                .net
                .iter()
                .position(|deal| deal.iter().sum::<i64>() != 0)
            {
                return Err(RunError::Corrupt(format!(
                    "the results of match {}, deal {d} do not sum to zero",
                    l.match_index
                )));
            }
        }
        if checkpoint.players.len() != run.tables.tables() {
            return Err(RunError::Corrupt(format!(
                "{} tables of players for {} tables",
                checkpoint.players.len(),
                run.tables.tables()
            )));
        }
        for (i, states) in checkpoint.players.iter().enumerate() {
            let ps = run
                .tables
                .players_mut(i)
                .ok_or_else(|| RunError::Corrupt("too many tables".into()))?;
            if states.len() != ps.len() {
                return Err(RunError::Corrupt(format!("table {i} has the wrong seats")));
            }
            for (p, s) in ps.iter_mut().zip(states) {
                if let Some(s) = s {
                    p.load_state(s)
                        .map_err(|e| RunError::Corrupt(format!("table {i}: {e}")))?;
                }
            }
        }
        run.tables
            .restore(checkpoint.matches)
            .map_err(|e| RunError::Corrupt(e.to_string()))?;
        if run.tables.deals_played() > run.inputs.deals {
            return Err(RunError::Corrupt("more deals than the run has".into()));
        }
        run.history = HistoryDigest {
            bytes: checkpoint.phh_bytes,
            hash: checkpoint.phh_digest,
        };
        run.resumed_deals = run.tables.deals_played();
        Ok(run)
    }

    /// The inputs (everything the results depend on).
    pub fn inputs(&self) -> &Inputs {
        &self.inputs
    }
    /// The shard played.
    pub fn shard(&self) -> Shard {
        self.shard
    }
    /// The kind of each seat.
    pub fn kinds(&self) -> &[String] {
        &self.factory.kinds
    }
    /// The name of each seat.
    pub fn names(&self) -> &[String] {
        &self.factory.names
    }
    /// Hands per deal in this process (one per table).
    pub fn hands_per_deal(&self) -> u64 {
        self.tables.tables() as u64
    }
    /// Hands this process plays in all.
    pub fn hands_total(&self) -> u64 {
        self.inputs.deals * self.hands_per_deal()
    }
    /// Hands played so far (restored ones included).
    pub fn hands_played(&self) -> u64 {
        self.tables.deals_played() * self.hands_per_deal()
    }
    /// Hands restored from the checkpoint.
    pub fn hands_resumed(&self) -> u64 {
        self.resumed_deals * self.hands_per_deal()
    }
    /// The digest of the hand history written so far (as the checkpoint counted it): a
    /// resumed history file must begin with exactly these bytes.
    pub fn history_digest(&self) -> HistoryDigest {
        self.history
    }
    /// Player decisions made by this process.
    pub fn decisions(&self) -> u64 {
        self.tables.decisions()
    }
    /// Whether every deal has been played.
    pub fn is_done(&self) -> bool {
        self.tables.deals_played() >= self.inputs.deals
    }
    /// Keep every hand's record for the hand history.
    pub fn keep_records(&mut self, keep: bool) {
        self.tables.keep_records(keep);
    }

    /// Plays the next batch of deals at every table and returns the records kept.
    ///
    /// # Errors
    /// An engine error (a bug).
    pub fn play_batch(&mut self) -> Result<Vec<DuplicateHand>, RunError> {
        let left = self.inputs.deals - self.tables.deals_played().min(self.inputs.deals);
        let count = self.batch.min(left);
        if count == 0 {
            return Ok(Vec::new());
        }
        let after = self.inputs.deals - self.tables.deals_played() - count;
        Ok(self
            .tables
            .play_batch_then(count, self.batch.min(after), &self.factory)?)
    }

    /// The checkpoint of the run as it stands, sealed (`history`: the hand history
    /// written so far).
    pub fn checkpoint(&mut self, history: HistoryDigest) -> Checkpoint {
        let mut players = Vec::with_capacity(self.tables.tables());
        for i in 0..self.tables.tables() {
            if let Some(ps) = self.tables.players_mut(i) {
                players.push(ps.iter().map(|p| p.save_state()).collect());
            }
        }
        let mut c = Checkpoint {
            inputs: self.inputs.clone(),
            shard: self.shard,
            matches: self.tables.match_ledgers().to_vec(),
            players,
            phh_bytes: history.bytes,
            phh_digest: history.hash,
            digest: String::new(),
        };
        c.seal();
        c
    }

    /// Plays the run to its end. After every batch the batch's hand histories (when
    /// records are kept) and then the checkpoint go to `sink` on a writer thread, while
    /// the players go on with the next batch; `progress` hears the hands played so far
    /// (restored ones included) after every batch.
    ///
    /// # Errors
    /// An engine error, or the first error of the sink (the run stops there; the last
    /// checkpoint written is whole).
    pub fn play_to_end(
        &mut self,
        sink: &mut dyn RunSink,
        progress: &mut dyn FnMut(u64),
    ) -> Result<(), RunError> {
        let keep = self.tables.keeps_records();
        let first_key = self.hands_played();
        let history_start = self.history;
        std::thread::scope(|scope| {
            // One batch may wait while the next is played: memory stays bounded.
            let (tx, rx) = mpsc::sync_channel::<(Vec<DuplicateHand>, Checkpoint)>(1);
            let writer = scope.spawn(move || -> Result<HistoryDigest, RunError> {
                let mut history = history_start;
                let mut key = first_key;
                for (hands, mut checkpoint) in rx {
                    if keep {
                        let mut buf = Vec::new();
                        for h in &hands {
                            if history.bytes + buf.len() as u64 > 0 {
                                buf.push(b'\n');
                            }
                            key += 1;
                            loki_history::write_phh_hand(&mut buf, Some(key as usize), &h.record)?;
                        }
                        sink.history(&buf)?;
                        history.extend(&buf);
                    }
                    checkpoint.phh_bytes = history.bytes;
                    checkpoint.phh_digest = history.hash;
                    checkpoint.seal();
                    sink.checkpoint(&checkpoint)?;
                }
                Ok(history)
            });
            let mut played = Ok(());
            while !self.is_done() {
                let hands = match self.play_batch() {
                    Ok(h) => h,
                    Err(e) => {
                        played = Err(e);
                        break;
                    }
                };
                let checkpoint = self.checkpoint(HistoryDigest::default());
                if tx.send((hands, checkpoint)).is_err() {
                    break; // the writer failed: its error is below
                }
                progress(self.hands_played());
            }
            drop(tx);
            let written = writer
                .join()
                .unwrap_or_else(|p| std::panic::resume_unwind(p));
            match written {
                Ok(history) => {
                    self.history = history;
                    played
                }
                Err(e) => Err(e),
            }
        })
    }

    /// What the run produced so far: the whole run's ledgers, or this shard's file.
    pub fn outcome(&self) -> Outcome {
        let ledgers = self.tables.match_ledgers();
        if self.shard == Shard::ALL {
            Outcome::Whole(ledgers.iter().map(|l| l.ledger.clone()).collect())
        } else {
            let tables = self
                .shard
                .tables(self.inputs.matches.max(1) * self.inputs.rotations as u64)
                .unwrap_or(0..0);
            let mut result = ShardResult {
                inputs: self.inputs.clone(),
                shard: self.shard,
                tables,
                matches: ledgers.to_vec(),
                digest: String::new(),
            };
            result.seal();
            Outcome::Shard(Box::new(result))
        }
    }
}
