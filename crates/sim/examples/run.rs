//! A tournament as a library: start a run, stop it after a few batches, resume it from
//! its checkpoint, and print the table `loki tournament` prints. The resumed run gives
//! the same ledger as one played straight through.
//!
//! `cargo run --release -p loki-sim --example run`
use loki_sim::{report, Checkpoint, Outcome, Run, RunSink, RunSpec};

/// Keeps the last checkpoint in memory and counts the hand history's bytes.
#[derive(Default)]
struct Memory {
    checkpoint: Option<Checkpoint>,
    history_bytes: usize,
}

impl RunSink for Memory {
    fn history(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.history_bytes += bytes.len();
        Ok(())
    }
    fn checkpoint(&mut self, checkpoint: &Checkpoint) -> std::io::Result<()> {
        self.checkpoint = Some(checkpoint.clone());
        Ok(())
    }
}

fn ledgers(run: &Run) -> Vec<Vec<Vec<i64>>> {
    match run.outcome() {
        Outcome::Whole(l) => l.into_iter().map(|l| l.net).collect(),
        Outcome::Shard(s) => s.matches.into_iter().map(|m| m.ledger.net).collect(),
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut spec = RunSpec::new("SOM,GOM,BPM", 600, 1998);
    spec.batch = 20;

    // Straight through, with the hand histories kept.
    let mut whole = Run::start(&spec)?;
    whole.keep_records(true);
    let mut sink = Memory::default();
    whole.play_to_end(&mut sink, &mut |hands| eprint!("\r{hands} hands"))?;
    eprintln!();

    // Two batches, a checkpoint, then the rest from the checkpoint alone.
    let mut first = Run::start(&spec)?;
    first.play_batch()?;
    first.play_batch()?;
    let saved = first.checkpoint(Default::default());
    let mut resumed = Run::resume(&spec, saved)?;
    println!("resumed after {} hands", resumed.hands_resumed());
    while !resumed.is_done() {
        resumed.play_batch()?;
    }
    assert_eq!(
        ledgers(&whole),
        ledgers(&resumed),
        "a resumed run is the same run"
    );

    let Outcome::Whole(matches) = whole.outcome() else {
        unreachable!("the whole run")
    };
    let r = report(whole.inputs(), &matches, whole.kinds())?;
    print!("{}", r.text(whole.inputs()));
    println!(
        "{} decisions, {} bytes of hand history",
        whole.decisions(),
        sink.history_bytes
    );
    Ok(())
}
