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

/// The stakes of a named game (a file or a built-in name), as a history reader's template.
///
/// # Errors
/// A game that does not load or that loki does not play.
pub fn game_spec(name: &str) -> Result<loki_engine::GameSpec, LoadError> {
    let (def, _) = GameDef::load(name)?;
    let config = def.config().map_err(|source| LoadError::Game {
        path: name.to_string(),
        source,
    })?;
    Ok(config.spec().clone())
}

/// The game of an ACPC log's hands, whose lines do not state the stakes: `game` when
/// given, else `stakes`, else the game the log's header names (a built-in game, or the
/// stakes in the name [`GameDef::log_game_file`] gives), else 1,2 blinds and 2,4 bets.
///
/// # Errors
/// A named game that does not load.
pub fn log_game(
    game: Option<&str>,
    text: &str,
    stakes: Option<loki_engine::GameSpec>,
) -> Result<loki_engine::GameSpec, LoadError> {
    if let Some(g) = game {
        return game_spec(g);
    }
    let named = loki_history::header_game(text).and_then(GameDef::log_game_spec);
    Ok(stakes.or(named).unwrap_or_default())
}

#[cfg(test)]
mod log_game_tests {
    use super::*;

    #[test]
    fn the_game_flag_then_the_stakes_then_the_header() {
        let log = "# name/game/hands/seed m holdem.limit.3p.game 10 1\n";
        let three = log_game(None, log, None).unwrap();
        assert_eq!((three.small_blind, three.big_blind), (5, 10));
        let given = loki_engine::GameSpec {
            small_blind: 1,
            big_blind: 2,
            ..loki_engine::GameSpec::default()
        };
        assert_eq!(log_game(None, log, Some(given.clone())).unwrap(), given);
        let two = log_game(Some("holdem.limit.2p.reverse_blinds"), log, Some(given)).unwrap();
        assert_eq!(two.big_blind, 10);
        assert!(log_game(Some("nope"), "", None).is_err());
    }
}
