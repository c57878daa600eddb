//! Player construction for every command: the Loki family (BPM, BPT, BPL, GOM, SOM, LOKI2,
//! TP, TA, LP, LA), configured variants (`[variants.NAME]` in `--config`), and the engine's
//! simple players (call, raise, random). Names are case-insensitive.
use anyhow::{bail, Context, Result};
use loki_bot::{Knowledge, LokiConfig, LokiPlayer, PlayerKind, Style};
use loki_engine::{Player, PlayerRegistry, PlayerSpec};
use std::path::Path;
use std::sync::Arc;

/// Reads `--config FILE` (or the compiled-in defaults).
pub fn load_config(path: Option<&Path>) -> Result<LokiConfig> {
    match path {
        None => Ok(LokiConfig::default()),
        Some(p) => {
            let text = std::fs::read_to_string(p)
                .with_context(|| format!("cannot read config {}", p.display()))?;
            LokiConfig::from_toml(&text).with_context(|| format!("config {}", p.display()))
        }
    }
}

/// Builds players by name.
pub struct Roster {
    /// Shared knowledge of all Loki players.
    pub know: Arc<Knowledge>,
    simple: PlayerRegistry,
}

impl Roster {
    /// A roster for a configuration.
    pub fn new(config: LokiConfig) -> Roster {
        Roster {
            know: Knowledge::new(config),
            simple: PlayerRegistry::builtin(),
        }
    }
    /// The canonical name of a kind (upper case for the Loki family, the variant's own
    /// spelling for variants, lower case for simple players), or an error listing the
    /// known names.
    pub fn canonical(&self, name: &str) -> Result<String> {
        if let Ok(s) = Style::named(name, &self.know.config) {
            return Ok(s.name);
        }
        if self.simple.contains(name) {
            return Ok(name.to_ascii_lowercase());
        }
        bail!(
            "unknown player '{name}' (known: {}{})",
            self.names().join(", "),
            ""
        )
    }
    /// All known names.
    pub fn names(&self) -> Vec<String> {
        let mut v: Vec<String> = PlayerKind::ALL
            .iter()
            .map(|k| k.name().to_string())
            .collect();
        v.extend(self.know.config.variants.keys().cloned());
        v.extend(self.simple.names().iter().map(|s| s.to_string()));
        v
    }
    /// Expands a `--players` list ("2*BPM,call") into one canonical kind per seat.
    pub fn expand(&self, text: &str) -> Result<Vec<String>> {
        let spec = PlayerSpec::parse(text).with_context(|| format!("bad --players '{text}'"))?;
        spec.expand().iter().map(|k| self.canonical(k)).collect()
    }
    /// One player of `kind` named `name`, with its random seed.
    pub fn make(&self, kind: &str, name: &str, seed: u64) -> Result<Box<dyn Player + Send>> {
        if let Ok(style) = Style::named(kind, &self.know.config) {
            return Ok(Box::new(LokiPlayer::new(
                name,
                style,
                self.know.clone(),
                seed,
            )));
        }
        let spec = PlayerSpec::parse(kind)?;
        let mut v = self.simple.build(&spec, seed)?;
        match v.pop() {
            Some(p) => Ok(Box::new(Renamed(p, name.to_string()))),
            None => bail!("unknown player '{kind}'"),
        }
    }
    /// A players registry with the simple players, the Loki family and the configured
    /// variants (for `loki simulate`).
    pub fn registry(&self) -> PlayerRegistry {
        let mut r = PlayerRegistry::builtin();
        let mut styles: Vec<Style> = PlayerKind::ALL
            .iter()
            .map(|k| Style::of(*k, &self.know.config))
            .collect();
        for name in self.know.config.variants.keys() {
            if let Ok(s) = Style::named(name, &self.know.config) {
                styles.push(s);
            }
        }
        for style in styles {
            let know = self.know.clone();
            let key = style.name.clone();
            r.register(&key, move |name, seed| {
                Box::new(LokiPlayer::new(name, style.clone(), know.clone(), seed))
            });
        }
        r
    }
    /// A Loki player (for `advise`).
    pub fn loki(&self, kind: &str, name: &str, seed: u64) -> Result<LokiPlayer> {
        let style = Style::named(kind, &self.know.config)
            .map_err(anyhow::Error::msg)
            .with_context(|| "advise needs a Loki player (BPM, SOM, LOKI2, ...)")?;
        Ok(LokiPlayer::new(name, style, self.know.clone(), seed))
    }
}

/// Seat names: the kind when it occurs once, else `KIND-k` (k from 1).
pub fn seat_names(kinds: &[String]) -> Vec<String> {
    kinds
        .iter()
        .enumerate()
        .map(|(i, k)| {
            if kinds.iter().filter(|x| *x == k).count() == 1 {
                k.clone()
            } else {
                let n = kinds[..=i].iter().filter(|x| *x == k).count();
                format!("{k}-{n}")
            }
        })
        .collect()
}

/// A player under another name.
struct Renamed(Box<dyn Player + Send>, String);

impl Player for Renamed {
    fn name(&self) -> &str {
        &self.1
    }
    fn begin_hand(&mut self, view: &loki_engine::SeatView<'_>) {
        self.0.begin_hand(view)
    }
    fn observe(&mut self, event: &loki_engine::Event, view: &loki_engine::SeatView<'_>) {
        self.0.observe(event, view)
    }
    fn act(&mut self, view: &loki_engine::SeatView<'_>) -> loki_engine::Action {
        self.0.act(view)
    }
    fn end_hand(&mut self, view: &loki_engine::SeatView<'_>) {
        self.0.end_hand(view)
    }
    fn save_state(&self) -> Option<String> {
        self.0.save_state()
    }
    fn load_state(&mut self, state: &str) -> Result<(), String> {
        self.0.load_state(state)
    }
}
