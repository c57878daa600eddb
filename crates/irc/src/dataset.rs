//! The replayed database: every hand of the merged roots replayed or counted with its
//! reason, the players indexed by nickname, in time order.
use crate::archive::{Archive, MergeStats};
use crate::hand::IrcHand;
use crate::replay::{replay, Skip};
use std::collections::BTreeMap;

/// Replay statistics.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReplayStats {
    /// Line counts of the merge.
    pub lines: MergeStats,
    /// Hands read (distinct timestamps with an `hdb` line).
    pub hands: usize,
    /// Hands replayed.
    pub replayed: usize,
    /// Hands skipped, by reason ([`Skip::kind`]).
    pub skipped: BTreeMap<&'static str, usize>,
    /// Replayed hands whose recorded winnings differ from the engine's pot award.
    pub winnings_differ: usize,
    /// Replayed hands where the engine could not award the pot (a showdown player's
    /// cards were not shown).
    pub unshown_showdowns: usize,
}

/// All replayed hands in time order, and the players.
#[derive(Debug, Clone, Default)]
pub struct Dataset {
    /// The hands, by timestamp.
    pub hands: Vec<IrcHand>,
    /// Nicknames, sorted; [`IrcHand::players`] indexes this list.
    pub players: Vec<String>,
    /// What happened to every hand.
    pub stats: ReplayStats,
    /// Each skipped hand: timestamp and reason.
    pub skips: Vec<(u64, Skip)>,
    /// Hands dealt in per nickname, over every hand read (replayed or not).
    pub dealt: BTreeMap<String, usize>,
}

impl Dataset {
    /// Replays every hand of the archive.
    pub fn new(archive: &Archive) -> Dataset {
        let mut stats = ReplayStats {
            lines: archive.stats(),
            ..ReplayStats::default()
        };
        let mut hands = Vec::new();
        let mut skips = Vec::new();
        let mut dealt: BTreeMap<String, usize> = BTreeMap::new();
        for (t, parts) in archive.hands() {
            stats.hands += 1;
            for nick in parts.pdb.keys() {
                *dealt.entry(nick.clone()).or_default() += 1;
            }
            match replay(parts) {
                Ok(h) => hands.push(h),
                Err(s) => {
                    *stats.skipped.entry(s.kind()).or_default() += 1;
                    skips.push((t, s));
                }
            }
        }
        stats.replayed = hands.len();
        let mut names: Vec<String> = hands.iter().flat_map(|h| h.names.clone()).collect();
        names.sort_unstable();
        names.dedup();
        for h in &mut hands {
            h.players = h
                .names
                .iter()
                .map(|n| names.binary_search(n).unwrap_or(0) as u32)
                .collect();
            match &h.replayed_net {
                Some(net) if *net != h.recorded_net() => stats.winnings_differ += 1,
                Some(_) => {}
                None => stats.unshown_showdowns += 1,
            }
        }
        Dataset {
            hands,
            players: names,
            stats,
            skips,
            dealt,
        }
    }
    /// The id of a nickname.
    pub fn player_id(&self, nick: &str) -> Option<u32> {
        self.players
            .binary_search_by(|n| n.as_str().cmp(nick))
            .ok()
            .map(|i| i as u32)
    }
}
