//! Shared test helpers: Loki players and match options.
#![allow(dead_code)]
use loki_acpc::{DealerOptions, GameDef, TimeLimits};
use loki_bot::{Knowledge, LokiConfig, LokiPlayer, Style};
use std::sync::{Arc, OnceLock};

pub fn knowledge() -> Arc<Knowledge> {
    static K: OnceLock<Arc<Knowledge>> = OnceLock::new();
    K.get_or_init(|| {
        // SOM-NOTRUST: SOM whose models do not check at showdowns that the
        // opponent's actions follow its cards (`model.trust = false` for SOM).
        let config =
            LokiConfig::from_toml("[variants.SOM-NOTRUST]\nbase = \"SOM\"\ntrust = false\n")
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
    let d = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("loki-acpc-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}
