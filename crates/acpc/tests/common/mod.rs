//! Shared test helpers: the reference example player, Loki players, and match options.
#![allow(dead_code)]
use loki_acpc::{DealerOptions, GameDef, TimeLimits};
use loki_bot::{Knowledge, LokiConfig, LokiPlayer, Style};
use loki_cards::{rng_from_seed, uniform_unit, LokiRng};
use loki_engine::{Action, Player, SeatView};
use std::sync::{Arc, OnceLock};

/// The reference dealer's example player: fold 6%, call 47%, raise 47%, among the valid
/// actions (invalid ones get probability 0 and the rest is renormalized).
pub struct ExamplePlayer {
    rng: LokiRng,
}

impl ExamplePlayer {
    pub fn new(seed: u64) -> ExamplePlayer {
        ExamplePlayer {
            rng: rng_from_seed(seed),
        }
    }
}

impl Player for ExamplePlayer {
    fn name(&self) -> &str {
        "example"
    }
    fn act(&mut self, view: &SeatView<'_>) -> Action {
        let legal = view.legal_actions();
        let mut probs = [0.06, 0.47, 0.47];
        for (i, a) in Action::ALL.iter().enumerate() {
            if !legal.contains(*a) {
                probs[i] = 0.0;
            }
        }
        let total: f64 = probs.iter().sum();
        let mut r = uniform_unit(&mut self.rng) * total;
        for (i, a) in Action::ALL.iter().enumerate() {
            if r < probs[i] {
                return *a;
            }
            r -= probs[i];
        }
        Action::Call
    }
}

pub fn knowledge() -> Arc<Knowledge> {
    static K: OnceLock<Arc<Knowledge>> = OnceLock::new();
    K.get_or_init(|| {
        // SOM-UNIFORM: SOM ranking holdings against one uniform opponent
        // (`reweight.rank = "uniform"`) instead of the paper's field.
        let config =
            LokiConfig::from_toml("[variants.SOM-UNIFORM]\nbase = \"SOM\"\nrank = \"uniform\"\n")
                .unwrap();
        Knowledge::new(config).unwrap()
    })
    .clone()
}

pub fn loki(kind: &str, seed: u64) -> LokiPlayer {
    let know = knowledge();
    let style = Style::named(kind, &know.config).expect("a Loki kind");
    LokiPlayer::new(kind, style, know, seed)
}

pub fn options(players: usize, hands: u64, seed: u64, names: &[&str]) -> DealerOptions {
    let game = GameDef::holdem(players).unwrap();
    DealerOptions {
        game_name: format!("{}.game", GameDef::holdem_name(players)),
        game,
        match_name: "test".into(),
        hands,
        seed,
        names: names.iter().map(|s| s.to_string()).collect(),
        limits: TimeLimits::default(),
        start_timeout: Some(std::time::Duration::from_secs(30)),
        quiet: true,
    }
}

pub fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("loki-acpc-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}
