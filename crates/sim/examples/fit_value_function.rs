//! Fits the reduced estimator's value function (loki-variance's `ValueFunction`) to the
//! players by least squares, so that each duplicate deal's reduced value varies least:
//!
//! * the stake of each deal's correction from the flop on (a factor of the pot and the
//!   bets to come from each live player), by round and number of live players;
//! * the stake of the value after an action of a player whose strategy is known, by
//!   round.
//!
//! The fit is made on one set of seeds and judged on another; it prints the tables to put
//! in `FITTED_DEALS` and `FITTED_ACTIONS` (crates/variance/src/correction.rs).
//!
//! `cargo run --release -p loki-sim --example fit_value_function -- [HANDS] [SEED]`
//! (defaults 400000 and 91001, which made the tables): the hands are shared among the
//! matches of `MATCHES`, and the judging deals are half as many, from other seeds.
// Matrix code reads best with its indices.
#![allow(clippy::needless_range_loop)]
use loki_engine::Position;
use loki_engine::{Action, ByAction, Event, ExamplePlayer, Player, RandomPlayer, SeatView};
use loki_sim::{Run, RunSpec};
use loki_variance::fit::{least_squares, spread_ratio, Row};
use loki_variance::{corrections, live_bucket, Stake, ValueFunction, LIVE_BUCKETS};
use std::collections::BTreeMap;

/// The matches fitted on (Figure 4's ten seats, heads-up Loki matches, and Loki against
/// players whose strategies are known), with their shares of the hands.
const MATCHES: [(&str, u64); 5] = [
    ("2*BPM,2*BPT,2*BPL,2*GOM,2*SOM", 3),
    ("SOM,GOM", 2),
    ("SOM,BPM", 2),
    ("SOM,random", 1),
    ("SOM,example", 1),
];

/// The deals' unknowns: (pot, bets) for each round from the flop and each live bucket.
const DEAL_UNKNOWNS: usize = 3 * LIVE_BUCKETS * 2;
/// All unknowns: the deals', then (pot, bets) of the actions of each round.
const UNKNOWNS: usize = DEAL_UNKNOWNS + 4 * 2;

/// Every stake zero but those `set` picks.
fn only(set: impl Fn(&mut ValueFunction)) -> ValueFunction {
    let mut v = ValueFunction::uniform(0.0);
    v.deals = [[Stake {
        pot: 0.0,
        bets: 0.0,
    }; LIVE_BUCKETS]; 4];
    v.actions = [Stake {
        pot: 0.0,
        bets: 0.0,
    }; 4];
    set(&mut v);
    v
}

/// The strategy of a kind whose strategy is known (`None`: a Loki player).
fn known_player(kind: &str) -> Option<Box<dyn Player>> {
    match kind {
        "random" => Some(Box::new(RandomPlayer::new(kind, 0))),
        "example" => Some(Box::new(ExamplePlayer::new(kind, 0))),
        _ => None,
    }
}

/// Every (match, deal, seat)'s row of a run.
fn rows(players: &str, hands: u64, seed: u64) -> Result<Vec<Row>, Box<dyn std::error::Error>> {
    let mut run = Run::start(&RunSpec::new(players, hands, seed))?;
    run.keep_records(true);
    let by_seat: Vec<Option<Box<dyn Player>>> =
        run.kinds().iter().map(|k| known_player(k)).collect();
    let any_known = by_seat.iter().any(Option::is_some);
    let deal_pots = only(|v| {
        v.deals = [[Stake {
            pot: 1.0,
            bets: 0.0,
        }; LIVE_BUCKETS]; 4]
    });
    let deal_bets = only(|v| {
        v.deals = [[Stake {
            pot: 0.0,
            bets: 1.0,
        }; LIVE_BUCKETS]; 4]
    });
    let hole_cards = only(|v| v.deals[0] = [Stake::bets(1.0); LIVE_BUCKETS]);
    let mut by_deal: BTreeMap<(u64, u64, usize), Row> = BTreeMap::new();
    while !run.is_done() {
        for h in run.play_batch()? {
            let r = &h.record;
            let known = |p: Position, view: &SeatView<'_>| -> Option<ByAction<f64>> {
                by_seat[r.seats[p].index()].as_ref()?.strategy(view)
            };
            let pots = corrections(r, |_, _| None, deal_pots)?;
            let bets = corrections(r, |_, _| None, deal_bets)?;
            let pre = corrections(r, known, hole_cards)?;
            // The actions' terms: by round, the pot's and the bets' parts.
            let mut actions = vec![vec![0.0; r.net.len()]; 8];
            if any_known {
                for (i, terms) in actions.iter_mut().enumerate() {
                    let (round, part) = (i / 2, i % 2);
                    let stake = Stake {
                        pot: f64::from(u8::from(part == 0)),
                        bets: f64::from(u8::from(part == 1)),
                    };
                    let c = corrections(r, known, only(|v| v.actions[round] = stake))?;
                    for (t, (a, a0)) in terms.iter_mut().zip(c.action.iter().zip(&pre.action)) {
                        *t = a - a0;
                    }
                }
            }
            let mut bucket = [0; 4];
            let mut live = r.net.len();
            for e in &r.events {
                match e {
                    Event::Action(a) if a.action == Action::Fold => live -= 1,
                    Event::BoardDealt { round, .. } => bucket[round.index()] = live_bucket(live),
                    _ => {}
                }
            }
            for (p, &net) in r.net.iter().enumerate() {
                let row = by_deal
                    .entry((h.match_index, h.deal, r.seats[Position::new(p)].index()))
                    .or_insert_with(|| Row {
                        terms: vec![0.0; UNKNOWNS],
                        ..Row::default()
                    });
                row.net += net as f64;
                row.fixed += net as f64 - pre.by_round[0][p] - pre.action[p];
                for round in 1..4 {
                    let at = ((round - 1) * LIVE_BUCKETS + bucket[round]) * 2;
                    row.terms[at] += pots.by_round[round][p];
                    row.terms[at + 1] += bets.by_round[round][p];
                }
                for (i, terms) in actions.iter().enumerate() {
                    row.terms[DEAL_UNKNOWNS + i] += terms[p];
                }
            }
        }
        eprint!("\r{players}: {} hands", run.hands_played());
    }
    eprintln!();
    Ok(by_deal.into_values().collect())
}

/// The rows of each match of [`MATCHES`].
fn all_rows(hands: u64, seed: u64) -> Result<Vec<Vec<Row>>, Box<dyn std::error::Error>> {
    let total: u64 = MATCHES.iter().map(|m| m.1).sum();
    MATCHES
        .iter()
        .zip(seed..)
        .map(|((players, share), seed)| rows(players, hands * share / total, seed))
        .collect()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let hands: u64 = args.first().map_or(Ok(400_000), |s| s.parse())?;
    let seed: u64 = args.get(1).map_or(Ok(91_001), |s| s.parse())?;
    let train: Vec<Row> = all_rows(hands, seed)?.into_iter().flatten().collect();
    let test = all_rows(hands / 2, seed + 100)?;
    let prior: Vec<f64> = (0..UNKNOWNS).map(|_| 1.0).collect();
    let theta = least_squares(&train, &prior);
    let stake = |at: usize| format!("stake({:.2}, {:.2})", theta[at], theta[at + 1]);
    println!("const FITTED_DEALS: [[Stake; LIVE_BUCKETS]; 3] = [");
    for round in 0..3 {
        let line: Vec<String> = (0..LIVE_BUCKETS)
            .map(|b| stake((round * LIVE_BUCKETS + b) * 2))
            .collect();
        println!("    [{}],", line.join(", "));
    }
    println!("];");
    let line: Vec<String> = (0..4).map(|r| stake(DEAL_UNKNOWNS + r * 2)).collect();
    println!("const FITTED_ACTIONS: [Stake; 4] = [{}];", line.join(", "));
    println!("spread of the reduced deals over the plain ones, on other deals:");
    for ((players, _), rows) in MATCHES.iter().zip(&test) {
        println!(
            "  {players}: {:.3} with one bet to come everywhere, {:.3} fitted",
            spread_ratio(rows, &prior),
            spread_ratio(rows, &theta)
        );
    }
    Ok(())
}
