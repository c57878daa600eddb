//! Every model by name, in report order: the baselines, the paper's models and ours
//! (`--model`).
use super::{baseline, context, loki, ModelSpec};

/// Every model, in report order.
pub fn models() -> Vec<ModelSpec> {
    let mut v = vec![
        ModelSpec {
            name: "population",
            description: "population frequencies per round and bets to call (0, 1, 2+)",
            make: Box::new(|| Box::new(baseline::Population::new())),
        },
        ModelSpec {
            name: "per-player",
            description:
                "each player's frequencies per round and bets to call, with a population prior",
            make: Box::new(|| Box::new(baseline::PerPlayer::new())),
        },
    ];
    v.extend(loki::models());
    v.extend(context::models());
    v
}

/// The model named `name` (case-insensitive).
pub fn model(name: &str) -> Option<ModelSpec> {
    models()
        .into_iter()
        .find(|m| m.name.eq_ignore_ascii_case(name))
}

/// A `--model` name that names no model.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown model `{0}` (`--model list` lists them)")]
pub struct UnknownModel(pub String);

/// The models named (case-insensitive, each once, in the order given); none named:
/// every model.
pub fn select(names: &[String]) -> Result<Vec<ModelSpec>, UnknownModel> {
    if names.is_empty() {
        return Ok(models());
    }
    let mut v: Vec<ModelSpec> = Vec::new();
    for name in names {
        let m = model(name).ok_or_else(|| UnknownModel(name.clone()))?;
        if !v.iter().any(|x| x.name == m.name) {
            v.push(m);
        }
    }
    Ok(v)
}
