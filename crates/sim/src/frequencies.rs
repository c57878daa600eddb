//! The action frequencies of players in self-play, in Loki's 36 categories (round x bets
//! to call x fold/call/raise): how the generic model's defaults were made ("based on how
//! GOM itself plays", Billings et al. 1998, "Experiments"). Independent tables play in
//! parallel, each seeded by `table_seed(seed, t)`, and their counts are summed in table
//! order, so the result does not depend on the number of threads.
use loki_agent::{table_seed, Roster};
use loki_bot::frequencies::CategoryCounts;
use loki_bot::{FrequencyTable, Knowledge, LokiConfig};
use loki_engine::{Action, Event, GameConfig, Table};

/// Why self-play could not be measured (shared with the calibration).
pub use crate::self_play_error::SelfPlayError as FrequencyRunError;

/// Plays `hands` hands of `players` at one table and counts every action by category,
/// per seat.
fn measure_table(
    roster: &Roster,
    players: &str,
    hands: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<CategoryCounts>, FrequencyRunError> {
    let players = roster.table(players, seed)?;
    let n = players.len();
    let mut table = Table::new(
        GameConfig::paper(n).map_err(loki_engine::EngineError::from)?,
        players,
        seed,
    )?;
    let mut counts = vec![CategoryCounts::default(); n];
    for _ in 0..hands {
        let rec = table.play_one()?;
        for e in &rec.events {
            if let Event::Action(x) = e {
                let b = (x.bets_to_call as usize).min(2);
                let seat = rec.seats[x.position];
                counts[seat.index()][x.round.index()][b][x.action] += 1;
            }
        }
        progress(1);
    }
    Ok(counts)
}

/// Each kind's frequencies against the defaults: per context with at least 20
/// observations, the kind's [fold, call, raise] and the defaults', and the largest
/// difference.
pub fn by_kind_report(
    kinds: &[String],
    seats: &[CategoryCounts],
    defaults: &FrequencyTable,
) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let mut names: Vec<&String> = Vec::new();
    for k in kinds {
        if !names.contains(&k) {
            names.push(k);
        }
    }
    let rounds = ["preflop", "flop", "turn", "river"];
    for k in names {
        let mut c = CategoryCounts::default();
        for (seat, counts) in seats.iter().enumerate() {
            if &kinds[seat] == k {
                c.add(counts);
            }
        }
        let f = FrequencyTable::from_counts(&c);
        let _ = writeln!(out, "{k}:");
        let (mut worst, mut sum, mut weight) = (0.0f64, 0.0f64, 0u64);
        for (r, round) in rounds.iter().enumerate() {
            for (b, cell) in c[r].iter().enumerate() {
                let n = cell.total();
                if n < 20 {
                    continue;
                }
                let (x, d) = (f.0[r][b], defaults.0[r][b]);
                let diff = Action::ALL
                    .map(|a| (x[a] - d[a]).abs())
                    .into_iter()
                    .fold(0.0, f64::max);
                worst = worst.max(diff);
                sum += diff * n as f64;
                weight += n;
                let _ = writeln!(
                    out,
                    "  {round:<7} {b} to call  n {n:>7}  kind {x:.3}  default {d:.3}  largest difference {diff:.3}",
                );
            }
        }
        let _ = writeln!(
            out,
            "  largest difference {worst:.3}; mean over observations {:.3}",
            if weight > 0 { sum / weight as f64 } else { 0.0 }
        );
    }
    out
}

/// Plays `hands` hands split over `tables` independent tables in parallel (table `t`
/// seeded by `table_seed(seed, t)`, with its own board cache) and sums their counts in table
/// order.
///
/// # Errors
/// A player list that does not parse, an engine error (a bug).
pub fn measure(
    config: &LokiConfig,
    defaults: FrequencyTable,
    players: &str,
    hands: u64,
    tables: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<CategoryCounts>, FrequencyRunError> {
    use rayon::prelude::*;
    let per_table: Vec<Result<Vec<CategoryCounts>, FrequencyRunError>> = (0..tables)
        .into_par_iter()
        .map(|t| {
            let share = hands / tables + u64::from(t < hands % tables);
            let roster = Roster::with_knowledge(Knowledge::with_defaults(config.clone(), defaults));
            measure_table(&roster, players, share, table_seed(seed, t), progress)
        })
        .collect();
    let mut seats: Vec<CategoryCounts> = Vec::new();
    for c in per_table {
        let c = c?;
        seats.resize(c.len(), CategoryCounts::default());
        for (into, from) in seats.iter_mut().zip(&c) {
            into.add(from);
        }
    }
    Ok(seats)
}

/// What a fixed-point run of self-play found ([`iterate`]).
pub struct Iterated {
    /// The last table measured (the starting table if no iteration ran).
    pub table: FrequencyTable,
    /// The counts the last table was made from.
    pub counts: CategoryCounts,
    /// One line per iteration: "iteration I: largest change C".
    pub history: Vec<String>,
}

/// The self-play of [`iterate`]: the players, hands per round split over independent
/// tables, the seed, and when to stop.
pub struct SelfPlay<'a> {
    /// The `--players` list.
    pub players: &'a str,
    /// Hands per round.
    pub hands: u64,
    /// Independent tables.
    pub tables: u64,
    /// The seed of every round.
    pub seed: u64,
    /// Most rounds.
    pub iterations: u32,
    /// Stop when no frequency changed by more than this.
    pub tolerance: f64,
}

/// Rounds of self-play, each starting from the table the previous one measured (the
/// first from `start`), until no frequency changes by more than the tolerance or after
/// the most rounds. `on_iteration` gets each round's line as it ends.
///
/// # Errors
/// As [`measure`].
pub fn iterate(
    config: &LokiConfig,
    start: FrequencyTable,
    spec: &SelfPlay,
    progress: &(dyn Fn(u64) + Sync),
    on_iteration: &mut dyn FnMut(&str),
) -> Result<Iterated, FrequencyRunError> {
    let mut defaults = start;
    let mut history = Vec::new();
    let mut counts = CategoryCounts::default();
    for it in 1..=spec.iterations {
        let (players, hands, tables, seed) = (spec.players, spec.hands, spec.tables, spec.seed);
        let seats = measure(config, defaults, players, hands, tables, seed, progress)?;
        counts = CategoryCounts::default();
        for c in &seats {
            counts.add(c);
        }
        let table = FrequencyTable::from_counts(&counts);
        let change = table.max_difference(&defaults);
        let line = format!("iteration {it}: largest change {change:.4}");
        on_iteration(&line);
        history.push(line);
        defaults = table;
        if change <= spec.tolerance {
            break;
        }
    }
    Ok(Iterated {
        table: defaults,
        counts,
        history,
    })
}

#[cfg(test)]
mod iterate_tests {
    use super::*;

    #[test]
    fn iterate_stops_at_the_tolerance_or_the_most_rounds() {
        let config = LokiConfig::default();
        let start = Knowledge::default_frequencies(&config).unwrap();
        let mut spec = SelfPlay {
            players: "3*GOM",
            hands: 30,
            tables: 2,
            seed: 5,
            iterations: 2,
            tolerance: 0.0,
        };
        let mut lines = Vec::new();
        let two = iterate(&config, start, &spec, &|_| {}, &mut |l| {
            lines.push(l.to_string())
        })
        .unwrap();
        assert_eq!(two.history.len(), 2);
        assert_eq!(lines, two.history);
        assert!(two.history[1].starts_with("iteration 2: largest change "));
        // The first round equals one measure from the start.
        spec.tolerance = 1.0;
        let one = iterate(&config, start, &spec, &|_| {}, &mut |_| {}).unwrap();
        assert_eq!(one.history.len(), 1);
        let seats = measure(&config, start, "3*GOM", 30, 2, 5, &|_| {}).unwrap();
        let mut counts = CategoryCounts::default();
        for c in &seats {
            counts.add(c);
        }
        assert_eq!(one.table, FrequencyTable::from_counts(&counts));
    }
}
