//! Evaluates models on IRC roots and prints a table (a development aid; the command is
//! `loki irc eval`). Usage: eval_table ROOT [MODEL...]
fn main() {
    let mut args = std::env::args().skip(1);
    let root: std::path::PathBuf = args.next().expect("root").into();
    let names: Vec<String> = args.collect();
    let t = std::time::Instant::now();
    let d = loki_irc::load(&[root]).expect("load");
    let specs: Vec<_> = if names.is_empty() {
        loki_irc::predict::models()
    } else {
        names
            .iter()
            .map(|n| loki_irc::predict::model(n).expect("model"))
            .collect()
    };
    let opts = loki_irc::eval::EvalOptions {
        resamples: 200,
        ..Default::default()
    };
    let e = loki_irc::eval::evaluate(&d, &specs, &opts, &|_| {});
    let walked = t.elapsed();
    let r = loki_irc::eval::report::report(&e, &opts);
    for (name, m) in &r.models {
        let a = &m.all;
        println!(
            "{name:<14} {:>7} {:.4} [{:.4},{:.4}] acc {:.4}  pairs {} gain {:.3} [{:.3},{:.3}] pct {:.3} | humans {:.4} bots {:.4}",
            a.decisions, a.bits_per_decision, a.bits_per_decision_ci95[0], a.bits_per_decision_ci95[1], a.accuracy,
            a.showdown_pairs, a.holecard_bits_gained, a.holecard_bits_gained_ci95[0], a.holecard_bits_gained_ci95[1], a.holecard_percentile,
            m.humans.bits_per_decision, m.bots.bits_per_decision
        );
    }
    if let Some((_, m)) = r.models.iter().find(|(n, _)| n == "per-player") {
        let _ = m;
    }
    for (name, m) in &r.models {
        if let Some(d) = m.differences.get("per-player") {
            println!(
                "{name} - per-player: {:.4} [{:.4},{:.4}]",
                d.bits_per_decision, d.bits_per_decision_ci95[0], d.bits_per_decision_ci95[1]
            );
        }
    }
    println!("walk {:?}, total {:?}", walked, t.elapsed());
}
