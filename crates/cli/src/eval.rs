//! `loki eval CARDS...`: the best five-card hand of 5 to 7 cards.
use anyhow::{bail, Context, Result};
use clap::Args;
use loki_cards::{best_five, parse_cards, Card};
use std::process::ExitCode;

#[derive(Args)]
pub struct EvalArgs {
    /// 5 to 7 cards, e.g. `As Ks Qs Js Ts 9h 2c` or `AsKsQsJsTs`.
    #[arg(required = true, num_args = 1..)]
    cards: Vec<String>,
    /// Print one JSON object: {"cards", "best", "category", "rank"}.
    #[arg(long)]
    json: bool,
}

pub fn run(a: EvalArgs) -> Result<ExitCode> {
    let text = a.cards.join(" ");
    let cards = parse_cards(&text).with_context(|| format!("bad cards '{text}'"))?;
    if !(5..=7).contains(&cards.len()) {
        bail!("need 5 to 7 cards, got {} ('{text}')", cards.len());
    }
    let Some((five, rank)) = best_five(&cards) else {
        bail!("need 5 to 7 cards");
    };
    let category = rank.category().map(|c| c.name()).unwrap_or("none");
    let show = |cs: &[Card]| cs.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    if a.json {
        let v = serde_json::json!({
            "cards": show(&cards),
            "best": show(&five),
            "category": category,
            "rank": rank.value(),
        });
        println!("{v}");
    } else {
        println!("{}  ({category})", show(&five).join(" "));
    }
    Ok(ExitCode::SUCCESS)
}
