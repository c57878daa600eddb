//! The bench keys of what a user of loki pays (the `loki bench` measurements of
//! [`crate::bench`], the user's side): the first decision of a player on a flop, turn and
//! river it has not seen before (its board analyses built inside that decision, as when
//! loki is the opponent of a learning agent and every hand brings a new board), heads-up
//! and at ten seats, and heads-up self-play in hands per second on one thread (the
//! `loki simulate` loop). Billings et al. 1998 ("Hand Assessment", "Weighting the
//! Enumeration") and Papp 1998 §7.2.3 describe the work such a decision does; the
//! measurement setup is ours.
//!
//! Every seat of a first-decision table has its own [`Roster`], so its own board cache:
//! each sample includes the analyses of the new board (range table, river-rank and
//! next-card caches, and on first use the paper ranking's order and potentials), the
//! re-weightings after the opponents' actions of the round and the decision. A seat
//! that shared a cache with the others (a tournament's table, `loki simulate`) would pay
//! the analyses only when it is the first to see the board. The flop's range table comes
//! from the flop class store the board caches share when it holds the flop's suit class (its sums for
//! one flop of the class serve every flop of it): the per-kind keys are measured with
//! every class stored, as in a long run, `som_first_flop_ms_hu_cold` with none.
use crate::bench::{median, BenchError};
use loki_agent::{player_seed, Roster, SeatedPlayer};
use loki_assess::range::flop_classes;
use loki_bot::kinds::{Bench, Kind, KINDS};
use loki_bot::LokiConfig;
use loki_engine::{GameConfig, Player, Round, Table};
use serde_json::{Map, Value};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The medians of a player's first decisions on each new board, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FirstDecisions {
    /// The first flop decision.
    pub flop: f64,
    /// The first turn decision.
    pub turn: f64,
    /// The first river decision.
    pub river: f64,
}

/// The first-decision samples of a table's seats by post-flop round, in milliseconds.
type Samples = Arc<Mutex<[Vec<f64>; 3]>>;

/// A seat of `kind` with its own roster (so its own board cache) that adds the time of
/// its first decision of each post-flop round to `samples`.
fn timed_seat(
    kind: &str,
    roster: &Roster,
    seat: usize,
    seed: u64,
    samples: Samples,
) -> Result<SeatedPlayer, BenchError> {
    let name = format!("{kind}-{}", seat + 1);
    let mut last: Option<Round> = None;
    let seat = SeatedPlayer::build(roster, kind, &name, player_seed(seed, 0, seat))?;
    Ok(seat.on_timing(Box::new(move |round, took| {
        // A seat's decisions come in round order within a hand and every hand starts
        // before the flop, so a change of round is the first decision of a round.
        let first = last != Some(round);
        last = Some(round);
        let slot = match round {
            Round::Flop => 0,
            Round::Turn => 1,
            Round::River => 2,
            Round::Preflop => return,
        };
        if first {
            let mut all = samples.lock().unwrap_or_else(|p| p.into_inner());
            all[slot].push(took.as_secs_f64() * 1e3);
        }
    })))
}

/// The medians of the first flop, turn and river decisions of `seats` players of
/// `kind`, each with its own board cache, over `hands` hands of self-play at one table
/// (one thread, the button moving every hand, new cards every hand).
///
/// # Errors
/// A player or table error (a bug: the inputs are fixed).
///
/// With `cold`, the flop class store of the seats' board caches
/// ([`loki_assess::range::flop_classes`]) is emptied before every hand, so that each flop is swept in full as the first flop of its
/// class is; otherwise flops are served from the classes the store holds.
pub fn first_decisions_ms(
    kind: &str,
    seats: usize,
    hands: u64,
    seed: u64,
    cold: bool,
) -> Result<FirstDecisions, BenchError> {
    let config = LokiConfig::default();
    let samples: Samples = Arc::default();
    let rosters = (0..seats)
        .map(|_| Roster::new(config.clone()))
        .collect::<Result<Vec<_>, _>>()?;
    let players = rosters
        .iter()
        .enumerate()
        .map(|(s, roster)| {
            let seat = timed_seat(kind, roster, s, seed, samples.clone())?;
            Ok(Box::new(seat) as Box<dyn Player + Send>)
        })
        .collect::<Result<Vec<_>, BenchError>>()?;
    let mut table = Table::new(GameConfig::paper(seats)?, players, seed)?;
    for _ in 0..hands {
        if cold {
            for roster in &rosters {
                roster.know.boards.classes().clear();
            }
        }
        table.play_one()?;
        // Between hands, each cache lets go of the boards its player no longer holds
        // (memory stays at about one hand's boards per seat; no board is found again).
        for roster in &rosters {
            roster.know.boards.clear();
        }
    }
    let [flop, turn, river] =
        std::mem::take(&mut *samples.lock().unwrap_or_else(|p| p.into_inner()));
    Ok(FirstDecisions {
        flop: median(flop),
        turn: median(turn),
        river: median(river),
    })
}

/// Heads-up self-play of `kind` in hands per second on one thread: the median over
/// `runs` runs of `hands` hands each (the `loki simulate` loop: one roster, one board
/// cache shared by both players, new cards every hand).
///
/// # Errors
/// A player or table error (a bug).
pub fn selfplay_hands_per_s(
    kind: &str,
    hands: u64,
    runs: usize,
    seed: u64,
) -> Result<f64, BenchError> {
    let roster = Roster::new(LokiConfig::default())?;
    let list = format!("2*{kind}");
    let mut rates = Vec::with_capacity(runs);
    for run in 0..runs {
        let run_seed = seed.wrapping_add(run as u64);
        let players = roster.table(&list, run_seed)?;
        let mut table = Table::new(GameConfig::paper(2)?, players, run_seed)?;
        let start = Instant::now();
        for _ in 0..hands {
            table.play_one()?;
        }
        rates.push(hands as f64 / start.elapsed().as_secs_f64());
    }
    Ok(median(rates))
}

/// The kinds whose first decisions and self-play the bench measures, in the table's
/// order: those of [`Bench::Quick`] with `--quick`, those of [`Bench::Full`] too
/// otherwise (**ours**: POKI, the slowest, runs only in the full bench).
pub fn measured(quick: bool) -> Vec<&'static Kind> {
    let wanted = |b: Bench| b == Bench::Quick || (b == Bench::Full && !quick);
    KINDS.iter().filter(|k| wanted(k.bench)).collect()
}

/// Adds `som_first_flop_ms_hu_cold` (SOM's first flop decisions heads-up with the flop
/// class store emptied before every hand), `flop_classes_fill_ms` (every flop class swept
/// and stored, rayon's pool) and then, with every class stored (as a long run has them
/// after some 20,000 flops), for each kind `k` of [`measured`] (lower case): `k_first_flop_ms_hu`,
/// `k_first_turn_ms_hu`, `k_first_river_ms_hu` (heads-up), the same ending in `_10`
/// (ten seats) and `k_selfplay_hands_per_s` (heads-up, one thread), telling `note` what
/// each measures. `--quick` measures fewer kinds (not POKI) over fewer hands, and
/// self-play as the median of 3 runs instead of 5.
///
/// # Errors
/// A player or table error (a bug).
pub fn measure_new_boards(
    quick: bool,
    seed: u64,
    out: &mut Map<String, Value>,
    note: &mut dyn FnMut(&str),
) -> Result<(), BenchError> {
    let kinds = measured(quick);
    // Held for the whole measurement, so that the rosters' board caches share it.
    let classes = flop_classes();
    note("som_first_flop_ms_hu_cold: SOM's first flop decisions, every flop swept in full");
    let hands = if quick { 60 } else { 200 };
    let cold = first_decisions_ms("SOM", 2, hands, seed, true)?;
    out.insert("som_first_flop_ms_hu_cold".into(), Value::from(cold.flop));
    note("flop_classes_fill_ms: every flop class swept and stored, on all cores");
    classes.clear();
    let start = Instant::now();
    classes.fill_all();
    let fill_ms = start.elapsed().as_secs_f64() * 1e3;
    out.insert("flop_classes_fill_ms".into(), Value::from(fill_ms));
    for kind in kinds {
        let k = kind.name.to_ascii_lowercase();
        // The simulating kinds (POKI) play fewer hands.
        let poki = kind.shape().is_some_and(|s| s.simulates);
        for (seats, suffix, hands) in [
            (2, "hu", if quick { 60 } else { 200 }),
            (10, "10", if quick { 12 } else { 60 }),
        ] {
            let hands = if poki { hands / 3 } else { hands };
            note(&format!(
                "{k}_first_*_ms_{suffix}: first decisions on new boards, {seats} seats, {hands} hands"
            ));
            let d = first_decisions_ms(kind.name, seats, hands, seed, false)?;
            for (round, ms) in [("flop", d.flop), ("turn", d.turn), ("river", d.river)] {
                out.insert(format!("{k}_first_{round}_ms_{suffix}"), Value::from(ms));
            }
        }
        let hands = match (quick, poki) {
            (true, _) => 100,
            (false, false) => 200,
            (false, true) => 100,
        };
        let runs = if quick { 3 } else { 5 };
        note(&format!(
            "{k}_selfplay_hands_per_s: heads-up self-play, one thread, median of {runs} x {hands} hands"
        ));
        let h = selfplay_hands_per_s(kind.name, hands, runs, seed)?;
        out.insert(format!("{k}_selfplay_hands_per_s"), Value::from(h.round()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_round_gets_first_decisions() {
        let d = first_decisions_ms("SOM", 2, 30, 7, true).unwrap();
        for x in [d.flop, d.turn, d.river] {
            assert!(x.is_finite() && x > 0.0, "{d:?}");
        }
        assert!(selfplay_hands_per_s("GOM", 5, 1, 7).unwrap() > 0.0);
    }
}
