//! What every Loki player of a run shares: the configuration, the default action
//! frequencies of the generic model, the income-rate rankings of the 1,326 holdings per
//! table size, and the board cache.
use crate::board_cache::BoardCache;
use crate::config::{DefaultFrequencies, LokiConfig};
use crate::frequencies::{FrequencyError, FrequencyTable};
use crate::opponent_model::PreflopRanking;
use loki_assess::IncomeRates;
use loki_cards::{HoleCards, StartingHand};
use std::sync::Arc;

/// The default frequencies measured in self-play of the GOM player (see
/// `data/self_play_frequencies.toml` for how they were made).
const SELF_PLAY: &str = include_str!("../data/self_play_frequencies.toml");

/// The same under the sources' configuration (`--config paper`;
/// `data/self_play_frequencies_paper.toml`).
const SELF_PLAY_PAPER: &str = include_str!("../data/self_play_frequencies_paper.toml");

/// Shared, read-only knowledge (plus the board cache, which is internally synchronized).
#[derive(Debug)]
pub struct Knowledge {
    /// The configuration.
    pub config: LokiConfig,
    /// The generic model's default frequencies.
    pub defaults: FrequencyTable,
    rankings: Vec<PreflopRanking>,
    /// Board analyses shared by all players.
    pub boards: BoardCache,
}

impl Knowledge {
    /// The default frequencies a configuration asks for.
    ///
    /// # Errors
    /// The committed self-play table does not parse (a broken build, never hidden by a
    /// fallback).
    pub fn default_frequencies(config: &LokiConfig) -> Result<FrequencyTable, FrequencyError> {
        Ok(match config.model.defaults {
            DefaultFrequencies::Irc => FrequencyTable::papp_irc(),
            DefaultFrequencies::SelfPlay => FrequencyTable::from_toml(SELF_PLAY)?,
            DefaultFrequencies::SelfPlayPaper => FrequencyTable::from_toml(SELF_PLAY_PAPER)?,
        })
    }

    /// Builds the shared knowledge for a configuration.
    ///
    /// # Errors
    /// As [`Knowledge::default_frequencies`].
    pub fn new(config: LokiConfig) -> Result<Arc<Knowledge>, FrequencyError> {
        let defaults = Knowledge::default_frequencies(&config)?;
        Ok(Knowledge::with_defaults(config, defaults))
    }

    /// Builds the shared knowledge with given default frequencies (for measuring them
    /// by self-play iteration).
    pub fn with_defaults(config: LokiConfig, defaults: FrequencyTable) -> Arc<Knowledge> {
        let rates = IncomeRates::compiled();
        let rankings = (2..=10)
            .map(|n| {
                let by_holding = HoleCards::all()
                    .map(|h| rates.get(n, StartingHand::of(h)).unwrap_or(0.0))
                    .collect();
                PreflopRanking::new(by_holding)
            })
            .collect();
        Arc::new(Knowledge {
            config,
            defaults,
            rankings,
            boards: BoardCache::new(),
        })
    }
    /// The income-rate ranking for `players` dealt in (clamped to 2..=10).
    pub fn ranking(&self, players: usize) -> &PreflopRanking {
        &self.rankings[players.clamp(2, 10) - 2]
    }
    /// The income rate (x1000) of a holding with `players` in the hand (clamped 2..=10).
    pub fn income_rate(&self, players: usize, hole: HoleCards) -> f64 {
        self.ranking(players).by_holding[hole.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn committed_self_play_table_parses() {
        let t = FrequencyTable::from_toml(SELF_PLAY).expect("self-play table");
        // The file is measured, not Papp's Table B.2.
        assert_ne!(t, FrequencyTable::papp_irc());
        for round in t.0 .0 {
            for row in round {
                assert!((row.total() - 1.0).abs() < 1e-12, "{row:?}");
            }
        }
    }

    #[test]
    fn the_committed_self_play_tables_were_made_with_their_configurations() {
        // "The default models for the opponent are based on how GOM itself plays"
        // (Billings et al. 1998): a change of the defaults changes how GOM plays, so the
        // table must be measured again.
        for (text, config, file) in [
            (
                SELF_PLAY,
                LokiConfig::default(),
                "self_play_frequencies.toml",
            ),
            (
                SELF_PLAY_PAPER,
                crate::paper::paper(),
                "self_play_frequencies_paper.toml",
            ),
        ] {
            let recorded = text
                .lines()
                .find_map(|l| l.strip_prefix("# Configuration digest: "))
                .expect("the file records the digest of the configuration that made it");
            let made_by = text
                .lines()
                .find_map(|l| l.strip_prefix("# Made by: "))
                .expect("the file records the command that made it");
            assert_eq!(
                recorded.trim(),
                config.play_digest(),
                "the configuration changed since crates/bot/data/{file} was measured: make it \
                 again with `{made_by} --out crates/bot/data/{file}` (then put back its first lines)"
            );
            let table = FrequencyTable::from_toml(text).expect("the table parses");
            assert_ne!(table, FrequencyTable::papp_irc());
        }
        assert_ne!(
            FrequencyTable::from_toml(SELF_PLAY).unwrap(),
            FrequencyTable::from_toml(SELF_PLAY_PAPER).unwrap()
        );
    }

    #[test]
    fn the_digest_follows_every_section_that_changes_play() {
        let d = LokiConfig::default();
        let base = d.play_digest();
        let mut c = d.clone();
        c.model.floor = 0.02;
        assert_ne!(c.play_digest(), base);
        let mut c = d.clone();
        c.reweight.field = crate::config::FieldView::Current;
        assert_ne!(c.play_digest(), base);
        let mut c = d.clone();
        c.postflop.make1 += 0.01;
        assert_ne!(c.play_digest(), base);
        // POKI's simulation does not change how GOM plays.
        let mut c = d;
        c.simulation.trials += 1;
        assert_eq!(c.play_digest(), base);
    }
}
