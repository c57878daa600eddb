//! `loki assess --hole AdQc [--board 3h4cJh] [--opponents N] [--weights FILE] [--json]`:
//! weighted hand strength, HS_n, hand potential and EHS of one hand against N opponents
//! sharing one weight table (Billings et al. 1998, "Hand Assessment"); and
//! `loki assess --board 3h4cJh --range [--json]`: the `ehs` of every holding that avoids
//! the board, as its owner sees it (the range table re-weighting uses).
use anyhow::{Context, Result};
use clap::Args;
use loki_assess::{parse_weights_json, Assessment, WeightTable};
use loki_cards::{parse_cards, HoleCards};
use serde_json::{Map, Value};
use std::process::ExitCode;

#[derive(Args)]
pub struct AssessArgs {
    /// Our two hole cards, e.g. AdQc (not with --range).
    #[arg(long, required_unless_present = "range", conflicts_with = "range")]
    hole: Option<String>,
    /// Print the ehs of every holding on a flop or turn board (HS against one uniform
    /// opponent and exact PPot2 / PPot1), as re-weighting uses it.
    #[arg(long)]
    range: bool,
    /// The board: none (pre-flop), 3, 4 or 5 cards, e.g. 3h4cJh.
    #[arg(long, default_value = "")]
    board: String,
    /// Number of opponents; all share the weight table.
    #[arg(long, default_value_t = 1)]
    opponents: usize,
    /// JSON object mapping holdings ("AcKd") to weights in [0, 1]; unlisted weigh 1.0.
    #[arg(long)]
    weights: Option<std::path::PathBuf>,
    /// Print one flat JSON object on stdout.
    #[arg(long)]
    json: bool,
}

fn run_range(a: &AssessArgs) -> Result<ExitCode> {
    let board = parse_cards(&a.board).with_context(|| format!("bad board '{}'", a.board))?;
    if a.weights.is_some() || a.opponents != 1 {
        anyhow::bail!(
            "--range is against one uniform opponent: leave out --weights and --opponents"
        );
    }
    let table = loki_assess::RangeTable::new(&board)
        .with_context(|| format!("--range needs a flop or turn board, got '{}'", a.board))?;
    let mut rows: Vec<(HoleCards, f64)> = HoleCards::all()
        .filter_map(|h| table.ehs(h).map(|e| (h, e)))
        .collect();
    if a.json {
        let o: Map<String, Value> = rows
            .iter()
            .map(|(h, e)| (h.to_string(), Value::from(*e)))
            .collect();
        println!("{}", Value::Object(o));
    } else {
        rows.sort_by(|x, y| y.1.total_cmp(&x.1).then(x.0.cmp(&y.0)));
        for (h, e) in rows {
            println!("{h} {e:.6}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn run(a: AssessArgs) -> Result<ExitCode> {
    if a.range {
        return run_range(&a);
    }
    let text = a.hole.clone().unwrap_or_default();
    let hole: HoleCards = text
        .parse()
        .with_context(|| format!("bad hole cards '{text}'"))?;
    let board = parse_cards(&a.board).with_context(|| format!("bad board '{}'", a.board))?;
    let weights = match &a.weights {
        None => WeightTable::uniform(),
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read weights file {}", path.display()))?;
            parse_weights_json(&text).with_context(|| format!("weights file {}", path.display()))?
        }
    };
    let r = Assessment::new(hole, &board, &weights, a.opponents)?;
    if a.json {
        println!("{}", r.json());
    } else {
        print!("{r}");
    }
    Ok(ExitCode::SUCCESS)
}
