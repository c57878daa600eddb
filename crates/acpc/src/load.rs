//! A game named on the command line: a game definition file, else a built-in game
//! (`holdem.limit.2p.reverse_blinds`, `holdem.limit.3p` ... `holdem.limit.10p`), with the
//! name the dealer's log and the match report give it.
use crate::error::GameError;
use crate::game::{GameDef, MAX_GAME_BYTES};
use std::io::Read;
use std::path::Path;

/// Why a named game cannot be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file cannot be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
    /// The file is not a game definition we play.
    #[error("game {path}: {source}")]
    Game {
        /// The file.
        path: String,
        /// The cause.
        source: GameError,
    },
    /// Neither a file nor a built-in game.
    #[error("no game file or built-in game '{name}' (built in: {builtin})")]
    Unknown {
        /// The name given.
        name: String,
        /// The built-in names, comma-separated.
        builtin: String,
    },
}

impl GameDef {
    /// The game `spec` names (a file, else a built-in game) and its name for logs (the
    /// file's name, or `NAME.game`). At most [`MAX_GAME_BYTES`] of a file are read.
    ///
    /// # Errors
    /// An unreadable or bad file, or an unknown name.
    pub fn load(spec: &str) -> Result<(GameDef, String), LoadError> {
        let path = Path::new(spec);
        if path.is_file() {
            let io = |source| LoadError::Io {
                path: spec.to_string(),
                source,
            };
            let mut text = String::new();
            std::fs::File::open(path)
                .map_err(io)?
                .take(MAX_GAME_BYTES as u64 + 1)
                .read_to_string(&mut text)
                .map_err(io)?;
            let game = GameDef::parse(&text).map_err(|source| LoadError::Game {
                path: spec.to_string(),
                source,
            })?;
            let name = path
                .file_name()
                .map_or(spec.to_string(), |n| n.to_string_lossy().into());
            return Ok((game, name));
        }
        match GameDef::builtin(spec) {
            Some(g) => {
                let name = spec.strip_suffix(".game").unwrap_or(spec);
                Ok((g, format!("{name}.game")))
            }
            None => Err(LoadError::Unknown {
                name: spec.to_string(),
                builtin: GameDef::builtin_names().join(", "),
            }),
        }
    }
}
