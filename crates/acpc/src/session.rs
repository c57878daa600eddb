//! The client's side of an ACPC match, without sockets (`docs/acpc-protocol.md`,
//! "Protocol"): each line from the dealer goes in, the reply (if it is our turn) comes
//! out. The session picks the game (the given one, or the built-in game for the number of
//! players in the first state), rebuilds each hand with a [`HandTracker`], drives any
//! engine [`Player`] exactly as the engine's table does (`begin_hand`, `observe` for every
//! event it may see, `act`, `end_hand`), and gives every opponent a fixed seat for the
//! whole match so that models follow players while positions rotate.
//!
//! Seats: our seat is `(position + hand) mod N` in the first hand (the dealer's seat
//! order: the button moves one seat per hand); an opponent at position `q` when we are at
//! position `p` sits `q - p` seats after us. This holds whether or not the dealer moves
//! the button (its `-f` option keeps positions fixed, and the offsets with them).
use crate::error::ClientError;
use crate::game::GameDef;
use loki_engine::ByPosition;
use loki_engine::{Action, GameConfig, Player, Seat};
use loki_history::{HandTracker, MatchState, RebuildError};

/// The client's state between lines.
#[derive(Debug, Default)]
pub struct ClientSession {
    game: Option<GameDef>,
    config: Option<GameConfig>,
    seat: Option<usize>,
    tracker: Option<HandTracker>,
    ended: bool,
    replied_at: Option<(u32, usize)>,
    hands: u64,
    net: f64,
}

fn cut(line: &str) -> String {
    line.chars().take(120).collect()
}

impl ClientSession {
    /// A session for a game (checked now), or for the built-in game of the first state's
    /// number of players.
    ///
    /// # Errors
    /// A game the engine does not play.
    pub fn new(game: Option<GameDef>) -> Result<ClientSession, ClientError> {
        let config = game.as_ref().map(GameDef::config).transpose()?;
        Ok(ClientSession {
            game,
            config,
            ..ClientSession::default()
        })
    }

    /// The game, once known.
    pub fn game(&self) -> Option<&GameDef> {
        self.game.as_ref()
    }
    /// Our seat (0-based, the dealer's seat order), once known.
    pub fn seat(&self) -> Option<usize> {
        self.seat
    }
    /// Hands finished.
    pub fn hands(&self) -> u64 {
        self.hands
    }
    /// Our net chips over the finished hands, as the reference dealer scores them (an
    /// even split of tied pots).
    pub fn net(&self) -> f64 {
        self.net
    }
    /// The hand in progress, if any.
    pub fn tracker(&self) -> Option<&HandTracker> {
        self.tracker.as_ref()
    }

    fn end_hand(&mut self, player: &mut dyn Player) {
        if let Some(t) = &self.tracker {
            if !self.ended {
                player.end_hand(&t.view());
                self.ended = true;
                if let Some(v) = t.state().acpc_values() {
                    self.hands += 1;
                    self.net += v.get(t.position()).copied().unwrap_or(0.0);
                }
            }
        }
    }

    /// Handles one line from the dealer (line end optional) and returns the reply to send
    /// (with `\r\n`) when it is our turn. Comments (`#`, `;`) and blank lines are
    /// ignored. A player's illegal action is replaced by a call, so the reply is always
    /// valid.
    ///
    /// # Errors
    /// A line that is not a state, or a state that does not continue the match.
    pub fn on_line(
        &mut self,
        line: &str,
        player: &mut dyn Player,
    ) -> Result<Option<String>, ClientError> {
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
            return Ok(None);
        }
        let ms = MatchState::parse(line).map_err(|error| ClientError::State {
            error,
            line: cut(line),
        })?;
        let rebuild_err = |error: RebuildError| ClientError::Rebuild {
            error,
            line: cut(line),
        };
        if self.config.is_none() {
            let game = GameDef::holdem(ms.players()).ok_or_else(|| {
                rebuild_err(RebuildError::Players {
                    expected: 2,
                    got: ms.players(),
                })
            })?;
            self.config = Some(game.config()?);
            self.game = Some(game);
        }
        let config = self.config.clone().ok_or(ClientError::NotText)?;
        let n = config.seats();
        if ms.players() != n {
            return Err(rebuild_err(RebuildError::Players {
                expected: n,
                got: ms.players(),
            }));
        }
        let me = *self
            .seat
            .get_or_insert(((ms.position.index() as u64 + u64::from(ms.hand)) % n as u64) as usize);
        let new_hand = self.tracker.as_ref().is_none_or(|t| t.hand() != ms.hand);
        if new_hand {
            self.end_hand(player);
            let seats: ByPosition<Seat> = (0..n)
                .map(|q| Seat::new((me + n + q - ms.position.index()) % n))
                .collect();
            let tracker = HandTracker::start(&config, &ms, &seats).map_err(rebuild_err)?;
            player.begin_hand(&tracker.view());
            self.tracker = Some(tracker);
            self.ended = false;
        }
        let Some(tracker) = self.tracker.as_mut() else {
            return Ok(None);
        };
        tracker
            .update(&ms, &mut |e, v| player.observe(e, v))
            .map_err(rebuild_err)?;
        if tracker.is_complete() {
            self.end_hand(player);
            return Ok(None);
        }
        if !tracker.is_my_turn() {
            return Ok(None);
        }
        let mark = (tracker.hand(), tracker.state().events().len());
        if self.replied_at == Some(mark) {
            return Ok(None);
        }
        self.replied_at = Some(mark);
        let view = tracker.view();
        let mut action = player.act(&view);
        if !view.legal_actions().contains(action) {
            action = Action::Call;
        }
        Ok(Some(format!("{line}:{}\r\n", action.acpc_char())))
    }

    /// Whether a hand has begun and not ended (a connection closed now cuts it off).
    pub fn hand_in_progress(&self) -> bool {
        self.tracker.is_some() && !self.ended
    }

    /// The match is over (the dealer closed the connection): ends the hand in progress.
    pub fn finish(&mut self, player: &mut dyn Player) {
        self.end_hand(player);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use loki_engine::{CallPlayer, Event, Position, RaisePlayer, SeatView};

    #[test]
    fn replies_echo_the_state_and_pick_the_builtin_game() {
        let mut s = ClientSession::new(None).unwrap();
        let mut p = RaisePlayer::new("r");
        assert_eq!(
            s.on_line("MATCHSTATE:0:0::7d3d|\r\n", &mut p).unwrap(),
            None
        );
        assert_eq!(s.game().unwrap().players, 2);
        assert_eq!(s.seat(), Some(0));
        // The same state twice is answered once; capped, a raise would be invalid, so the
        // raise player calls.
        for (state, action) in [
            ("MATCHSTATE:0:0:r:7d3d|", Some('r')),
            ("MATCHSTATE:0:0:r:7d3d|", None),
            ("MATCHSTATE:0:0:rrr:7d3d|", Some('c')),
            ("MATCHSTATE:0:0:rrrc/:7d3d|/5sKs7s", Some('r')),
            ("MATCHSTATE:0:0:rrrc/rf:7d3d|/5sKs7s", None),
        ] {
            let reply = action.map(|a| format!("{state}:{a}\r\n"));
            assert_eq!(s.on_line(state, &mut p).unwrap(), reply, "{state}");
        }
        assert_eq!(s.hands(), 1);
        assert_eq!(s.net(), 40.0);
        // Next hand: seat 0 is now position 1, the button, first to act.
        assert_eq!(
            s.on_line("MATCHSTATE:1:1::|3d3h", &mut p).unwrap(),
            Some("MATCHSTATE:1:1::|3d3h:r\r\n".into())
        );
        assert!(s.on_line("garbage", &mut p).is_err());
        // The dealer may turn our action into a call: that is its word, not an error.
        assert_eq!(s.on_line("MATCHSTATE:1:1:c:|3d3h", &mut p).unwrap(), None);
        assert!(
            s.on_line("MATCHSTATE:1:1:c:|4d4h", &mut p).is_err(),
            "other cards"
        );
    }

    /// Records the seats it sees and the events.
    #[derive(Default)]
    struct Spy {
        seats: Vec<Vec<Seat>>,
        events: usize,
        hands: usize,
    }
    impl Player for Spy {
        fn name(&self) -> &str {
            "spy"
        }
        fn begin_hand(&mut self, v: &SeatView<'_>) {
            self.seats
                .push(Position::all(v.players()).map(|p| v.seat_of(p)).collect());
        }
        fn observe(&mut self, _e: &Event, _v: &SeatView<'_>) {
            self.events += 1;
        }
        fn act(&mut self, _v: &SeatView<'_>) -> Action {
            Action::Call
        }
        fn end_hand(&mut self, _v: &SeatView<'_>) {
            self.hands += 1;
        }
    }

    #[test]
    fn seats_follow_players_as_positions_rotate() {
        let mut s = ClientSession::new(GameDef::builtin("holdem.limit.3p")).unwrap();
        let mut spy = Spy::default();
        // We are seat 1: position 1 in hand 0, position 0 in hand 1, position 2 in hand 2.
        s.on_line("MATCHSTATE:1:0::|Td4d|", &mut spy).unwrap();
        s.on_line("MATCHSTATE:0:1::8dJd||", &mut spy).unwrap();
        s.on_line("MATCHSTATE:2:2::||As9d", &mut spy).unwrap();
        s.finish(&mut spy);
        let seats = |s: [usize; 3]| s.map(Seat::new).to_vec();
        assert_eq!(
            spy.seats,
            vec![seats([0, 1, 2]), seats([1, 2, 0]), seats([2, 0, 1])]
        );
        assert_eq!(spy.hands, 3, "unfinished hands end too");
        assert_eq!(s.hands(), 0, "but are not counted");
        assert!(spy.events > 0);
        let mut c = CallPlayer::new("c");
        assert!(
            s.on_line("MATCHSTATE:0:3::8dJd|", &mut c).is_err(),
            "2 players in a 3-player game"
        );
    }
}
