//! `loki merge`: the shard files of one run, checked and merged into the results of the
//! whole run (`loki_sim::merge_folders`), byte-identical to the unsharded run's.
use anyhow::Result;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// Folders holding shard files (shard-I-of-N.json), or the files themselves.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// Where to write results.json, deals.csv and profit.png (a directory).
    #[arg(long, default_value = "loki-tournament")]
    out: PathBuf,
}

/// `loki merge`: checks that the shard files are the shards of one run, each exactly
/// once, and writes the results of the whole run, byte-identical to the unsharded run.
pub fn run(a: MergeArgs) -> Result<ExitCode> {
    crate::interrupt::on_ctrl_c(|| {
        "\nloki: interrupted; results.json and deals.csv are each written whole or not \
         at all: give the same command again"
            .to_string()
    });
    let (text, shards, whole) = loki_sim::merge_folders(&a.inputs, &a.out)?;
    crate::profit::draw(&whole, &a.out)?;
    print!("{text}");
    eprintln!(
        "{} merged; results in {}",
        loki_sim::results::plural(shards as u64, "shard", "shards"),
        a.out.display()
    );
    Ok(ExitCode::SUCCESS)
}
