//! Prints the replay statistics of IRC database roots (a development aid).
fn main() {
    let roots: Vec<std::path::PathBuf> = std::env::args().skip(1).map(Into::into).collect();
    let t = std::time::Instant::now();
    let d = loki_irc::load(&roots).expect("load");
    println!("{:?}", d.stats);
    let decisions: usize = d.hands.iter().map(|h| h.decisions.len()).sum();
    println!(
        "decisions {decisions}, players {}, {:?}",
        d.players.len(),
        t.elapsed()
    );
    let mut shown = std::collections::BTreeMap::new();
    for (t, s) in d.skips.iter().take(4000) {
        let e = shown.entry(s.kind()).or_insert(0);
        *e += 1;
        if *e <= 3 {
            println!("{t}: {s}");
        }
    }
}
