//! How much would a value function that plays the hand out with copies of the players
//! (AIVAT's, Burch et al. 2018) remove from the reduced estimate of a heads-up Loki
//! duplicate match? SOM and GOM decide deterministically, so a hand's result is a
//! function of its cards: the river deal's charge `v(after) − E[v(after)]` with
//! `v(after river c)` = the hand played again from its start by copies of the players
//! (taken before the hand) with river card `c` is exact, and leaves nothing of the
//! river's luck. The flop's and turn's charges stay the equity line of
//! `ValueFunction::default()`.
//!
//! Prints the spread of the duplicate deals' reduced values over the plain ones, with
//! the line at every deal and with the river's played out, and checks that the play-out
//! with the river dealt gives the hand's own result.
//!
//! With `turn`, the turn's charge is played out too: `v(after turn t)` is the mean of the
//! play-outs over every river.
//!
//! `cargo run --release -p loki-sim --example playout_value -- [DEALS] [SEED] [turn]`
//! (defaults 2000 and 47002).
use loki_bot::{Knowledge, LokiConfig, LokiPlayer, Style};
use loki_cards::{Card, CardSet};
use loki_engine::Seat;
use loki_engine::{play_hand_seated, ByPosition, Deal, GameConfig, HandRecord};
use loki_variance::{corrections, ValueFunction};
use std::sync::Arc;

/// One seating's table: its players by seat (seat 0 SOM, seat 1 GOM).
fn table(know: &Arc<Knowledge>, seed: u64) -> Result<Vec<LokiPlayer>, Box<dyn std::error::Error>> {
    ["SOM", "GOM"]
        .iter()
        .enumerate()
        .map(|(i, k)| {
            Ok(LokiPlayer::new(
                format!("{k}-{i}"),
                Style::named(k, &know.config)?,
                know.clone(),
                seed + i as u64,
            ))
        })
        .collect()
}

fn play(
    config: &GameConfig,
    players: &mut [LokiPlayer],
    deal: &Deal,
    seats: &ByPosition<Seat>,
) -> Result<HandRecord, Box<dyn std::error::Error>> {
    Ok(play_hand_seated(config, players, deal, seats)?)
}

fn spread(xs: &[f64]) -> f64 {
    let n = xs.len() as f64;
    let m = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / n).sqrt()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let deals: u64 = args.first().map_or(Ok(2_000), |s| s.parse())?;
    let seed: u64 = args.get(1).map_or(Ok(47_002), |s| s.parse())?;
    let turn = args.get(2).is_some_and(|a| a == "turn");
    let know = Knowledge::new(LokiConfig::default())?;
    let config = GameConfig::paper(2)?;
    let mut tables = [table(&know, seed)?, table(&know, seed + 10)?];
    let seatings: [ByPosition<Seat>; 2] = [
        [Seat::new(0), Seat::new(1)].into(),
        [Seat::new(1), Seat::new(0)].into(),
    ];
    let (mut plain, mut line, mut played_out) = (Vec::new(), Vec::new(), Vec::new());
    let mut playouts = 0u64;
    for d in 0..deals {
        let deal = loki_sim::schedule::deal(seed, d, 2);
        // SOM's side (seat 0) of the deal, summed over both seatings.
        let (mut net, mut lin, mut out) = (0.0, 0.0, 0.0);
        for (players, seats) in tables.iter_mut().zip(&seatings) {
            let before = players.clone();
            let record = play(&config, players, &deal, seats)?;
            let som = seats.position_of(Seat::new(0)).ok_or("SOM not seated")?;
            let c = corrections(&record, |_, _| None, ValueFunction::default())?;
            let n = record.net[som] as f64;
            net += n;
            lin += n - c.chance[som.index()];
            // The charges the play-outs replace: the river's (and with `turn`, the turn's).
            let replaced = c.by_round[3][som.index()]
                + if turn {
                    c.by_round[2][som.index()]
                } else {
                    0.0
                };
            let mut charged = replaced;
            let dealt = record.board.len();
            if dealt == 5 || (turn && dealt >= 4) {
                let holes = deal
                    .hole
                    .iter()
                    .fold(CardSet::EMPTY, |d, h| d.union(h.set()));
                // The value after the river: the play-out; after the turn, its mean over
                // every river.
                let mut value_after_turn = |t: Card| -> Result<f64, Box<dyn std::error::Error>> {
                    let dead = deal.board[..3]
                        .iter()
                        .fold(holes, |d, &c| d.with(c))
                        .with(t);
                    let rivers: Vec<Card> = dead.complement().iter().collect();
                    let mut total = 0.0;
                    for &r in &rivers {
                        let mut again = deal.clone();
                        (again.board[3], again.board[4]) = (t, r);
                        let mut copies = before.clone();
                        let result = play(&config, &mut copies, &again, seats)?.net[som] as f64;
                        if (t, r) == (deal.board[3], deal.board[4]) && result != n {
                            return Err(format!(
                                "deal {d}: the play-out gave {result}, the hand {n}"
                            )
                            .into());
                        }
                        total += result;
                        playouts += 1;
                    }
                    Ok(total / rivers.len() as f64)
                };
                let after_turn = value_after_turn(deal.board[3])?;
                // net − (river's charge) − (turn's charge) = the turn's expectation.
                charged = n - after_turn;
                if turn {
                    let dead = deal.board[..3].iter().fold(holes, |d, &c| d.with(c));
                    let turns: Vec<Card> = dead.complement().iter().collect();
                    let mut total = 0.0;
                    for &t in &turns {
                        total += value_after_turn(t)?;
                    }
                    charged += after_turn - total / turns.len() as f64;
                }
            }
            out += n - (c.chance[som.index()] - replaced) - charged;
        }
        plain.push(net);
        line.push(lin);
        played_out.push(out);
        know.boards.clear();
        if d % 100 == 99 {
            eprint!("\r{} deals", d + 1);
        }
    }
    eprintln!();
    let mean = |xs: &[f64]| xs.iter().sum::<f64>() / xs.len() as f64;
    println!(
        "SOM against GOM, {deals} duplicate deals, {playouts} play-outs: spread of the reduced \
         deals over the plain ones {:.3} with the equity line at every deal, {:.3} with the \
         {} played out (means {:+.3}, {:+.3}, {:+.3} chips a deal)",
        spread(&line) / spread(&plain),
        spread(&played_out) / spread(&plain),
        if turn { "turn and river" } else { "river" },
        mean(&plain),
        mean(&line),
        mean(&played_out)
    );
    Ok(())
}
