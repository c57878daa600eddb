//! Heads-up self-play of one kind on one thread with every flop class stored first (the
//! state of a long run), for profilers: `perf record` this example to see where a hand's
//! time goes (docs/speed.md, "Where the milliseconds go").
//!
//! `cargo run --profile profiling -p loki-sim --example selfplay_time -- [KIND] [HANDS]`
use loki_assess::range::flop_classes;
use loki_sim::new_board::selfplay_hands_per_s;

fn main() {
    let mut args = std::env::args().skip(1);
    let kind = args.next().unwrap_or_else(|| "SOM".into());
    let hands: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(2_000);
    let classes = flop_classes();
    classes.fill_all();
    match selfplay_hands_per_s(&kind, hands, 1, 1) {
        Ok(rate) => println!("{rate:.0} hands/s"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
