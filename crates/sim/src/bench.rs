//! The measurements of `loki bench` (Stockfish's `bench` idea): the hand evaluator
//! (`eval_random_per_s`, `eval_enumerate_per_s`), the assessment (`hs_flop_ns`,
//! `potential2_flop_us`), the range table (`range_ehs_flop_ms`, `potential2_cached_us`),
//! the players' decisions (`decision_flop_ms`: the median time of a SOM decision on the
//! flop in ten-seat self-play, the re-weighting of the opponents' tables since its
//! previous decision included, the board's range table already built;
//! `poki_decision_flop_ms`, the same for POKI with 500 trials, `_early_stop` with the
//! early stop) and the tournament (`tournament_hands_per_s`, the figure-4 field on all
//! cores). Each adds its keys to one flat JSON object; the CLI prints it. What a user pays
//! on a new board, and self-play speed, are measured by [`crate::new_board`].
use crate::factory::TournamentFactory;
use crate::preset::FIGURE4;
use crate::run::{Run, RunError, RunSpec};
use crate::runner::{DuplicateTables, PlayerFactory, SimError};
use crate::shard::Shard;
use loki_agent::{seat_names, Roster, RosterError, SeatedPlayer};
use loki_assess::{hand_strength, potential, Lookahead, RangeTable, RankCache, WeightTable};
use loki_bot::LokiConfig;
use loki_cards::{parse_cards, Hand, HoleCards, HOLDINGS};
use loki_engine::{Deal, GameConfig, Round};
use serde_json::{Map, Value};
use std::hint::black_box;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// A measurement that could not run (a bug: the inputs are fixed).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct BenchError(pub String);

impl From<RunError> for BenchError {
    fn from(e: RunError) -> Self {
        BenchError(e.to_string())
    }
}

macro_rules! bench_error_from {
    ($($t:ty),*) => {$(
        impl From<$t> for BenchError {
            fn from(e: $t) -> Self {
                BenchError(e.to_string())
            }
        }
    )*};
}
bench_error_from!(
    RosterError,
    SimError,
    loki_engine::ConfigError,
    loki_engine::EngineError,
    loki_assess::AssessError
);

/// The fixed seed of every benchmark input.
pub const BENCH_SEED: u64 = 0x10c1_1998;

/// `n` random 7-card hands, seven distinct card indices each.
pub use loki_cards::random_hands;

/// Evaluations per second over random hands, built from their seven cards in the loop.
pub fn eval_random_per_s(hands: &[[u8; 7]]) -> f64 {
    let start = Instant::now();
    let mut acc = 0u64;
    for h in hands {
        let hand = h.iter().fold(Hand::EMPTY, |acc, &c| acc.with_index(c));
        acc = acc.wrapping_add(hand.rank().value() as u64);
    }
    black_box(acc);
    hands.len() as f64 / start.elapsed().as_secs_f64()
}

/// All 7-card hands whose lowest card index is below `first_limit` (52 = all
/// 133,784,560), in lexicographic order, built incrementally. Returns (count, per second).
pub fn eval_enumerate(first_limit: usize) -> (u64, f64) {
    let start = Instant::now();
    let mut n = 0u64;
    let mut acc = 0u64;
    for a in 0..first_limit.min(46) {
        let ha = Hand::EMPTY.with_index(a as u8);
        for b in a + 1..47 {
            let hb = ha.with_index(b as u8);
            for c in b + 1..48 {
                let hc = hb.with_index(c as u8);
                for d in c + 1..49 {
                    let hd = hc.with_index(d as u8);
                    for e in d + 1..50 {
                        let he = hd.with_index(e as u8);
                        for f in e + 1..51 {
                            let hf = he.with_index(f as u8);
                            for g in f + 1..52 {
                                acc =
                                    acc.wrapping_add(hf.with_index(g as u8).rank().value() as u64);
                                n += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    black_box(acc);
    (n, n as f64 / start.elapsed().as_secs_f64())
}

/// Best of three timings of `reps` calls of `f`, in seconds per call.
fn time_per_call(reps: u32, mut f: impl FnMut()) -> f64 {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..reps {
                f();
            }
            t.elapsed().as_secs_f64() / f64::from(reps)
        })
        .fold(f64::INFINITY, f64::min)
}

/// Adds `hs_flop_ns` (one weighted HS on a flop, 1,081 showdowns) and `potential2_flop_us` (the full
/// weighted two-card HP table for one hand, from nothing) to `out`, both for Ad Qc on
/// 3h 4c Jh with uniform weights.
pub fn measure_assess(quick: bool, out: &mut Map<String, Value>) {
    let (Ok(hole), Ok(board)) = ("AdQc".parse::<HoleCards>(), parse_cards("3h4cJh")) else {
        return;
    };
    let w = WeightTable::uniform();
    let hs = time_per_call(if quick { 20_000 } else { 200_000 }, || {
        black_box(hand_strength(black_box(hole), black_box(&board), &w).ok());
    });
    out.insert(
        "hs_flop_ns".into(),
        Value::from((hs * 1e9 * 10.0).round() / 10.0),
    );
    let p2 = time_per_call(if quick { 100 } else { 1_000 }, || {
        black_box(potential(black_box(hole), black_box(&board), &w, Lookahead::Two).ok());
    });
    out.insert(
        "potential2_flop_us".into(),
        Value::from((p2 * 1e6 * 10.0).round() / 10.0),
    );
}

/// The median of `v` (the upper one of an even count; NaN if empty).
pub(crate) fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

/// Adds `range_ehs_flop_ms` (median over several builds of the range table of the
/// rainbow flop 5s4dKh, swept in full (no flop class store), one thread, no rank cache)
/// and `potential2_cached_us` (median
/// time of one hand's full weighted two-card HP table against one opponent table with
/// the board's rank cache already built).
pub fn measure_range(quick: bool, out: &mut Map<String, Value>) {
    let (Ok(board), Ok(hole)) = (parse_cards("5s4dKh"), "AdQc".parse::<HoleCards>()) else {
        return;
    };
    let runs = if quick { 5 } else { 15 };
    let mut ms = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let table = RangeTable::new(black_box(&board));
        ms.push(t.elapsed().as_secs_f64() * 1e3);
        black_box(table.ok());
    }
    out.insert("range_ehs_flop_ms".into(), Value::from(round3(median(ms))));

    let Ok(cache) = RankCache::new(&board) else {
        return;
    };
    let mut w = [0.0; HOLDINGS];
    for (h, x) in w.iter_mut().enumerate() {
        let u = (h as u64 * 2_654_435_761 % (1 << 32)) as f64 / 4_294_967_296.0;
        *x = 0.01 + 0.99 * u;
    }
    let weights = WeightTable::from_weights(&w).unwrap_or_default();
    let reps = if quick { 50 } else { 200 };
    let mut us = Vec::new();
    for _ in 0..if quick { 5 } else { 9 } {
        let t = Instant::now();
        for _ in 0..reps {
            black_box(cache.potential2(black_box(hole), &weights).ok());
        }
        us.push(t.elapsed().as_secs_f64() * 1e6 / f64::from(reps));
    }
    out.insert(
        "potential2_cached_us".into(),
        Value::from(round3(median(us))),
    );
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The median flop decision of ten SOM players over `hands` hands.
pub fn decision_flop_ms(hands: u64) -> Result<f64, BenchError> {
    flop_decisions_ms("SOM", LokiConfig::default(), hands)
}

/// The median flop decision of ten POKI players over `hands` hands: every decision plays
/// all `trials` trials when `early_stop` is off (the runout strength tables are built on
/// first use and count in the decision that builds them).
pub fn poki_decision_flop_ms(hands: u64, early_stop: bool) -> Result<f64, BenchError> {
    let mut config = LokiConfig::default();
    if !early_stop {
        config.simulation.z = 0.0;
    }
    flop_decisions_ms("POKI", config, hands)
}

/// The players of the bench's table: the tournament's, each timed.
struct TimedFactory {
    inner: TournamentFactory,
    /// Every flop decision's time, in milliseconds.
    samples: Arc<Mutex<Vec<f64>>>,
}

impl PlayerFactory for TimedFactory {
    fn make(
        &self,
        seat: usize,
        rotation: usize,
        match_seed: u64,
    ) -> Result<SeatedPlayer, RosterError> {
        let samples = self.samples.clone();
        let seat = self.inner.make(seat, rotation, match_seed)?;
        Ok(seat.on_timing(Box::new(move |round, took| {
            if round == Round::Flop {
                let ms = took.as_secs_f64() * 1e3;
                samples.lock().unwrap_or_else(|p| p.into_inner()).push(ms);
            }
        })))
    }
    fn prepare_batch(&self, deals: &[Deal]) {
        self.inner.prepare_batch(deals);
    }
    fn end_batch(&self) {
        self.inner.end_batch();
    }
}

/// The median flop decision of ten players of `kind` at one table of a tournament (the
/// button moving every deal), `hands` hands, each hand's board analyses built before it
/// (the bench times decisions, not range tables).
fn flop_decisions_ms(kind: &str, config: LokiConfig, hands: u64) -> Result<f64, BenchError> {
    let n = 10;
    let kinds = vec![kind.to_string(); n];
    let names = seat_names(&kinds);
    let samples = Arc::new(Mutex::new(Vec::new()));
    let factory = TimedFactory {
        inner: TournamentFactory::new(Roster::new(config)?, kinds, names),
        samples: samples.clone(),
    };
    let one_table = Shard {
        index: 0,
        count: n as u64,
    };
    let mut table =
        DuplicateTables::sharded(GameConfig::paper(n)?, BENCH_SEED, 1, one_table, &factory)?;
    table.set_seating_block(0);
    for _ in 0..hands {
        table.play_batch(1, &factory)?;
    }
    let all = std::mem::take(&mut *samples.lock().unwrap_or_else(|p| p.into_inner()));
    Ok(if all.is_empty() { 0.0 } else { median(all) })
}

/// Adds `decision_flop_ms`, `poki_decision_flop_ms`, `poki_decision_flop_ms_early_stop`
/// and `tournament_hands_per_s` to `out`, telling `note` what each measures.
///
/// # Errors
/// A player or tournament error (a bug).
pub fn measure_play(
    quick: bool,
    out: &mut Map<String, Value>,
    note: &mut dyn FnMut(&str),
) -> Result<(), BenchError> {
    note("decision_flop_ms: ten-seat SOM self-play");
    let d = decision_flop_ms(if quick { 40 } else { 200 })?;
    out.insert("decision_flop_ms".into(), Value::from(d));
    note("poki_decision_flop_ms: ten-seat POKI self-play, 500 trials per decision");
    let d = poki_decision_flop_ms(if quick { 8 } else { 40 }, false)?;
    out.insert("poki_decision_flop_ms".into(), Value::from(d));
    note("poki_decision_flop_ms_early_stop: the same with the early stop");
    let d = poki_decision_flop_ms(if quick { 8 } else { 40 }, true)?;
    out.insert("poki_decision_flop_ms_early_stop".into(), Value::from(d));
    note("tournament_hands_per_s: the figure-4 field on all cores");
    let h = hands_per_second(if quick { 50 } else { 300 }, 1998)?;
    out.insert("tournament_hands_per_s".into(), Value::from(h.round()));
    Ok(())
}

/// Hands per second of the figure-4 field on all cores.
///
/// # Errors
/// A tournament error (a bug).
pub fn hands_per_second(deals: u64, seed: u64) -> Result<f64, BenchError> {
    let mut spec = RunSpec::new(FIGURE4, deals * 10, seed);
    spec.batch = 25;
    let mut run = Run::start(&spec)?;
    let start = Instant::now();
    while !run.is_done() {
        run.play_batch()?;
    }
    Ok(run.hands_played() as f64 / start.elapsed().as_secs_f64())
}

/// A measurement with sensible digits: whole numbers from 1,000 up, else four significant
/// digits (`1.992`, not `1.9922809999999997`).
pub fn tidy(x: f64) -> f64 {
    if !x.is_finite() || x == 0.0 || x.abs() >= 1000.0 {
        return x.round();
    }
    let decimals = 3 - x.abs().log10().floor() as i32;
    let scale = 10f64.powi(decimals);
    (x * scale).round() / scale
}

#[cfg(test)]
mod tests {
    use super::tidy;

    #[test]
    fn measurements_have_four_significant_digits() {
        for (x, want) in [
            (1.992_280_999_999_999_7, "1.992"),
            (0.012_345_6, "0.01235"),
            (123.456, "123.5"),
            (123_456.7, "123457"),
        ] {
            assert_eq!(format!("{}", tidy(x)), want);
        }
    }
}
