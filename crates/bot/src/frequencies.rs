//! Action statistics in Loki's 36 categories (Billings et al. 1998, "Computing Initial
//! Weights"; Papp 1998 §7.1): action (fold, check/call, bet/raise) x bets to call (0, 1,
//! 2+) x round (pre-flop, flop, turn, river). Counts are kept across hands; frequencies
//! blend observed counts linearly with default frequencies until a context has
//! `min_observations` (20) observations (Papp Eq. 7.3/7.4), and Loki-2 also keeps the
//! last 20 actions of each opponent (Peña 1999, "Specific opponent modeling").
use loki_engine::{Action, ActionCounts, ByAction, ByContext, Round};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

pub use loki_engine::Context;

/// Frequencies of [fold, check/call, bet/raise] (summing to 1).
pub type ActionFrequencies = ByAction<f64>;

/// A table of frequencies per context: `[round][bets to call][action]`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct FrequencyTable(pub ByContext<ActionFrequencies>);

/// A frequency table file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum FrequencyError {
    /// Not TOML with a `frequencies` array of 4 x 3 x 3 numbers.
    #[error("bad frequency table: {0}")]
    Toml(#[from] toml::de::Error),
    /// A row with a negative entry, NaN, or nothing in it.
    #[error("bad frequency table: row [{round}][{bets}] = {row:?} is not a distribution")]
    Row {
        /// The round index.
        round: usize,
        /// Bets to call.
        bets: usize,
        /// The row.
        row: ActionFrequencies,
    },
}

/// Action counts in the 36 categories, `[round][bets to call][fold, call, raise]`.
pub type CategoryCounts = ByContext<ByAction<u64>>;

impl FrequencyTable {
    /// Reads a frequency table file: TOML with `frequencies = [[[f, c, r] x 3] x 4]`
    /// (rounds pre-flop .. river, bets to call 0, 1, 2+); each row is normalized.
    ///
    /// # Errors
    /// Bad TOML, a wrong shape, or a row that is not a distribution.
    pub fn from_toml(text: &str) -> Result<FrequencyTable, FrequencyError> {
        #[derive(Deserialize)]
        struct File {
            frequencies: ByContext<ActionFrequencies>,
        }
        let mut f: File = toml::from_str(text)?;
        for (round, rows) in f.frequencies.0.iter_mut().enumerate() {
            for (bets, row) in rows.iter_mut().enumerate() {
                let sum = row.total();
                if sum.is_nan() || sum <= 0.0 || row.values().any(|x| *x < 0.0) {
                    return Err(FrequencyError::Row {
                        round,
                        bets,
                        row: *row,
                    });
                }
                *row = row.map(|x| x / sum);
            }
        }
        Ok(FrequencyTable(f.frequencies))
    }

    /// The frequencies of observed counts (a context without observations gets a pure
    /// check/call).
    pub fn from_counts(counts: &CategoryCounts) -> FrequencyTable {
        FrequencyTable(counts.map(|c| {
            let n = c.total();
            if n == 0 {
                ByAction::new(0.0, 1.0, 0.0)
            } else {
                c.map(|x| x as f64 / n as f64)
            }
        }))
    }

    /// The table as a file [`FrequencyTable::from_toml`] reads: `comments` (each line
    /// prefixed with `# `), the observation counts if given, and the rows with six
    /// decimals.
    pub fn to_toml(&self, comments: &[String], counts: Option<&CategoryCounts>) -> String {
        let mut out = String::new();
        for c in comments {
            out.push_str("# ");
            out.push_str(c);
            out.push('\n');
        }
        out.push_str(
            "# frequencies[round][bets to call][fold, check/call, bet/raise], rounds pre-flop, flop,\n# turn, river; bets to call 0, 1, 2+.\n",
        );
        if let Some(c) = counts {
            out.push_str(&format!(
                "# Observations per context (same layout): {:?}\n",
                c.0
            ));
        }
        out.push_str("frequencies = [\n");
        for rows in &self.0 .0 {
            let rows: Vec<String> = rows.iter().map(|f| format!("{f:.6}")).collect();
            out.push_str(&format!("  [{}],\n", rows.join(", ")));
        }
        out.push_str("]\n");
        out
    }

    /// The largest absolute difference between two tables' entries.
    pub fn max_difference(&self, other: &FrequencyTable) -> f64 {
        self.0
             .0
            .iter()
            .flatten()
            .flat_map(ByAction::values)
            .zip(other.0 .0.iter().flatten().flat_map(ByAction::values))
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max)
    }

    /// Papp's "typical IRC player" (Table B.2, d'[bets to call]), the same in every round.
    pub fn papp_irc() -> FrequencyTable {
        let d = [[0.0, 0.5, 0.5], [0.5, 0.3, 0.2], [0.7, 0.2, 0.1]].map(ByAction);
        FrequencyTable(ByContext([d; 4]))
    }
    /// The frequencies of a context.
    pub fn get(&self, c: Context) -> ActionFrequencies {
        self.0[c]
    }
}

/// Counts of one opponent's actions in the 36 categories, plus the last `window` actions
/// of each context (Loki-2's recency record, kept per context so that a context's recent
/// frequencies are not diluted by the others).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActionStats {
    counts: [ByAction<u32>; 12],
    recent: Vec<VecDeque<Action>>,
    window: usize,
}

impl ActionStats {
    /// Empty statistics keeping the last `window` actions of each context (Loki-2: 20).
    pub fn new(window: usize) -> ActionStats {
        ActionStats {
            counts: [ByAction::splat(0); 12],
            recent: vec![VecDeque::with_capacity(window + 1); 12],
            window,
        }
    }
    /// Statistics from stored parts: the counts `[round][bets to call][action]` and the
    /// recent actions, oldest first (each context keeps its last `window`).
    pub fn from_parts(
        counts: ActionCounts,
        recent: impl IntoIterator<Item = (Context, Action)>,
        window: usize,
    ) -> ActionStats {
        let mut s = ActionStats::new(window);
        for (c, cell) in counts.iter() {
            s.counts[c.index()] = *cell;
        }
        for (c, a) in recent {
            s.remember(c, a);
        }
        s
    }
    /// Records one action.
    pub fn record(&mut self, c: Context, a: Action) {
        self.counts[c.index()][a] += 1;
        self.remember(c, a);
    }
    fn remember(&mut self, c: Context, a: Action) {
        if self.window > 0 {
            if let Some(w) = self.recent.get_mut(c.index()) {
                w.push_back(a);
                while w.len() > self.window {
                    w.pop_front();
                }
            }
        }
    }
    /// The recent actions of every context, oldest first within each context.
    pub fn recent(&self) -> impl Iterator<Item = (Context, Action)> + '_ {
        self.recent.iter().enumerate().flat_map(|(slot, w)| {
            let c = Context::new(
                Round::ALL.get(slot / 3).copied().unwrap_or(Round::River),
                slot % 3,
            );
            w.iter().map(move |&a| (c, a))
        })
    }
    /// Counts [fold, call, raise] in a context.
    pub fn counts(&self, c: Context) -> ByAction<u32> {
        self.counts[c.index()]
    }
    /// Number of observations in a context.
    pub fn observations(&self, c: Context) -> u32 {
        self.counts(c).total()
    }
    /// Total observations in all 36 categories.
    pub fn total(&self) -> u32 {
        self.counts.iter().map(ByAction::total).sum()
    }
    /// Observed frequencies blended with `default`: weight `n / min_obs` on the observed
    /// frequencies while `n < min_obs`, then the observed ones alone (Papp Eq. 7.3).
    pub fn blended(
        &self,
        c: Context,
        default: ActionFrequencies,
        min_obs: u32,
    ) -> ActionFrequencies {
        blend(self.counts(c), default, min_obs)
    }
    /// Counts [fold, call, raise] among the last `window` actions in this context.
    pub fn recent_counts(&self, c: Context) -> ByAction<u32> {
        let mut n = ByAction::splat(0u32);
        for &a in self.recent.get(c.index()).into_iter().flatten() {
            n[a] += 1;
        }
        n
    }
    /// Loki-2's frequencies (Peña 1999, "Specific opponent modeling"): the average of the
    /// historic ones (blended with `default` as in [`ActionStats::blended`]) and the raw
    /// frequencies of the context's last `window` actions, once that window holds at least
    /// `recent_min` actions (**ours**); the historic ones alone before.
    pub fn loki2(
        &self,
        c: Context,
        default: ActionFrequencies,
        min_obs: u32,
        recent_min: u32,
    ) -> ActionFrequencies {
        let historic = self.blended(c, default, min_obs);
        let n = self.recent_counts(c);
        let total = n.total();
        if total == 0 || total < recent_min {
            return historic;
        }
        ByAction::from_fn(|a| 0.5 * (historic[a] + f64::from(n[a]) / f64::from(total)))
    }
    /// All counts, `[round][bets to call][action]`, for reports.
    pub fn table(&self) -> ActionCounts {
        let mut t = ActionCounts::default();
        for c in Context::all() {
            t[c] = self.counts[c.index()];
        }
        t
    }
}

fn blend(n: ByAction<u32>, default: ActionFrequencies, min_obs: u32) -> ActionFrequencies {
    let total = n.total();
    if total == 0 {
        return default;
    }
    let obs = n.map(|x| f64::from(x) / f64::from(total));
    let w = (f64::from(total) / f64::from(min_obs.max(1))).min(1.0);
    ByAction::from_fn(|a| w * obs[a] + (1.0 - w) * default[a])
}

/// Non-negative weights normalized to sum 1 (uniform if they sum to 0 or are not finite).
pub fn normalized(p: ActionFrequencies) -> ActionFrequencies {
    let s = p.total();
    if s.is_finite() && s > 0.0 && p.values().all(|x| *x >= 0.0) {
        p.map(|x| x / s)
    } else {
        ByAction::splat(1.0 / 3.0)
    }
}

/// The (raise, call) thresholds of an action's frequencies: raise threshold `1 - F(raise)`,
/// call threshold `raise threshold - F(call)` (Papp §7.2.1; Peña's example: 6 raises, 8
/// calls, 6 folds give 0.7 and 0.3).
pub fn thresholds(f: ActionFrequencies) -> (f64, f64) {
    let raise = (1.0 - f.raise()).clamp(0.0, 1.0);
    let call = (raise - f.call()).clamp(0.0, 1.0);
    (raise, call)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records `a` in context `c` `n` times.
    fn record_n(s: &mut ActionStats, c: Context, a: Action, n: usize) {
        for _ in 0..n {
            s.record(c, a);
        }
    }

    #[test]
    fn pena_thresholds_example() {
        // 20 observations on the turn facing one bet: 6 raises, 8 calls, 6 folds.
        let mut s = ActionStats::new(20);
        let c = Context::new(Round::Turn, 1);
        for (n, a) in [(6, Action::Raise), (8, Action::Call), (6, Action::Fold)] {
            record_n(&mut s, c, a, n);
        }
        let f = s.blended(c, ByAction::new(0.0, 1.0, 0.0), 20);
        let (r, k) = thresholds(f);
        assert!((r - 0.7).abs() < 1e-12 && (k - 0.3).abs() < 1e-12);
    }

    #[test]
    fn papp_example_20_70_10() {
        // 100 pre-flop observations facing 2 bets: 20 raises, 70 calls, 10 folds.
        let (r, k) = thresholds(ByAction::new(0.1, 0.7, 0.2));
        assert!((r - 0.8).abs() < 1e-12 && (k - 0.1).abs() < 1e-12);
    }

    #[test]
    fn blending_moves_linearly_to_observed() {
        let mut s = ActionStats::new(20);
        let c = Context::new(Round::Flop, 0);
        let d = ByAction::new(0.0, 0.5, 0.5);
        assert_eq!(s.blended(c, d, 20), d);
        record_n(&mut s, c, Action::Raise, 5);
        // 5 of 20: a quarter observed (all raises), three quarters default.
        let f = s.blended(c, d, 20);
        assert!((f.raise() - (0.25 + 0.75 * 0.5)).abs() < 1e-12);
        record_n(&mut s, c, Action::Call, 15);
        assert_eq!(s.blended(c, d, 20), [0.0, 0.75, 0.25]);
        assert_eq!(s.total(), 20);
    }

    #[test]
    fn loki2_windows_are_per_context() {
        let mut s = ActionStats::new(20);
        let c = Context::new(Round::Turn, 1);
        let other = Context::new(Round::Flop, 0);
        record_n(&mut s, c, Action::Call, 30);
        record_n(&mut s, c, Action::Raise, 10);
        // Twenty later actions elsewhere do not push this context's out of its window.
        record_n(&mut s, other, Action::Call, 20);
        assert_eq!(s.recent_counts(c), [0, 10, 10]);
        // Historic [0, 0.75, 0.25], recent [0, 0.5, 0.5]: averaged.
        let d = ByAction::new(0.5, 0.3, 0.2);
        let f = s.loki2(c, d, 20, 5);
        assert!(
            (f.raise() - 0.375).abs() < 1e-12 && (f.call() - 0.625).abs() < 1e-12,
            "{f:?}"
        );
        // Below the minimum count the historic frequencies stand alone.
        let mut t = ActionStats::new(20);
        record_n(&mut t, c, Action::Raise, 4);
        assert_eq!(t.loki2(c, d, 20, 5), t.blended(c, d, 20));
    }

    #[test]
    fn stats_from_parts_equal_the_recorded_ones() {
        let mut s = ActionStats::new(3);
        let seq = [
            (Context::new(Round::Flop, 0), Action::Raise),
            (Context::new(Round::Turn, 1), Action::Call),
            (Context::new(Round::Flop, 0), Action::Call),
            (Context::new(Round::Flop, 0), Action::Call),
            (Context::new(Round::Flop, 0), Action::Fold),
        ];
        for (c, a) in seq {
            s.record(c, a);
        }
        let back = ActionStats::from_parts(s.table(), seq, 3);
        assert_eq!(back, s);
        let again = ActionStats::from_parts(s.table(), s.recent().collect::<Vec<_>>(), 3);
        assert_eq!(again, s);
    }

    #[test]
    fn table_files_round_trip() {
        let row = [[1, 2, 3], [0, 0, 0], [5, 0, 5]].map(ByAction);
        let counts: CategoryCounts = ByContext([row; 4]);
        let t = FrequencyTable::from_counts(&counts);
        assert_eq!(t.0[0][1], [0.0, 1.0, 0.0]);
        let text = t.to_toml(&["made by a test".into()], Some(&counts));
        assert!(text.starts_with("# made by a test\n"));
        let back = FrequencyTable::from_toml(&text).unwrap();
        assert!(back.max_difference(&t) < 1e-6);
        assert!(FrequencyTable::from_toml("frequencies = 3").is_err());
        let bad = text.replace("[0.000000, 1.000000, 0.000000]", "[0.0, -1.0, 0.0]");
        assert!(matches!(
            FrequencyTable::from_toml(&bad),
            Err(FrequencyError::Row { bets: 1, .. })
        ));
    }

    #[test]
    fn window_keeps_the_last_actions() {
        let mut s = ActionStats::new(20);
        let c = Context::new(Round::River, 1);
        record_n(&mut s, c, Action::Fold, 30);
        record_n(&mut s, c, Action::Raise, 20);
        assert_eq!(s.recent_counts(c), [0, 0, 20]);
        assert_eq!(s.counts(c), [30, 0, 20]);
        assert_eq!(Context::new(Round::Flop, 5).bets_to_call, 2);
    }
}
