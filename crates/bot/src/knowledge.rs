//! What every Loki player of a run shares: the configuration, the default action
//! frequencies of the generic model, the income-rate rankings of the 1,326 holdings per
//! table size, and the board cache.
use crate::board_cache::BoardCache;
use crate::config::{DefaultFrequencies, LokiConfig};
use crate::frequencies::FrequencyTable;
use crate::opponent_model::PreflopRanking;
use loki_assess::IncomeRates;
use loki_cards::{HoleCards, StartingHand};
use std::sync::Arc;

/// The default frequencies measured in self-play of the GOM player (see
/// `data/self_play_frequencies.toml` for how they were made).
const SELF_PLAY: &str = include_str!("../data/self_play_frequencies.toml");

/// Parses a frequency table file: `[[round]]` arrays of three `[fold, call, raise]` rows.
fn parse_frequencies(text: &str) -> Option<FrequencyTable> {
    #[derive(serde::Deserialize)]
    struct File {
        frequencies: [[[f64; 3]; 3]; 4],
    }
    let mut f: File = toml::from_str(text).ok()?;
    for row in f.frequencies.iter_mut().flatten() {
        let sum: f64 = row.iter().sum();
        if sum.is_nan() || sum <= 0.0 || row.iter().any(|x| *x < 0.0) {
            return None;
        }
        for x in row.iter_mut() {
            *x /= sum;
        }
    }
    Some(FrequencyTable(f.frequencies))
}

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
    /// Builds the shared knowledge for a configuration.
    pub fn new(config: LokiConfig) -> Arc<Knowledge> {
        let defaults = match config.model.defaults {
            DefaultFrequencies::Irc => FrequencyTable::papp_irc(),
            DefaultFrequencies::SelfPlay => {
                parse_frequencies(SELF_PLAY).unwrap_or_else(FrequencyTable::papp_irc)
            }
        };
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
        let t = parse_frequencies(SELF_PLAY).expect("self-play table");
        // GOM bets most flops checked to it; the file is not the Table B.2 placeholder.
        assert!(t.0[1][0][2] > 0.6, "{:?}", t.0[1][0]);
        for round in t.0 {
            for row in round {
                assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{row:?}");
            }
        }
    }
}
