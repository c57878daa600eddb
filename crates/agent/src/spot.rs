//! [`Spot`]: one decision set up from a betting line, as `loki advise` asks for it: the
//! table size, our position and cards, the board and the betting so far (an ACPC betting
//! string, rounds separated by `/`). The hand is rebuilt by the same engine replay the
//! network client uses (`loki_history::HandTracker`: blinds, our cards, the others' hidden,
//! every action and board in order), and the player sees every event as it would in play,
//! so its opponent models are re-weighted exactly as at a table.
use crate::agent::{NotToAct, PublicView};
use loki_cards::{Card, CardSet, HoleCards};
use loki_engine::ByPosition;
use loki_engine::Position;
use loki_engine::{Action, GameConfig, Phase, Player, Round, Seat};
use loki_history::{HandTracker, MatchState, RebuildError};

/// Why a spot cannot be set up.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum SpotError {
    /// A position outside the table.
    #[error("position {position} is not a position of {seats} seats (0 to {})", seats - 1)]
    Position {
        /// The position.
        position: usize,
        /// The seats.
        seats: usize,
    },
    /// A seat outside the table.
    #[error("seat {seat} is not a seat of {seats} seats (0 to {})", seats - 1)]
    SeatedPlayer {
        /// The seat.
        seat: usize,
        /// The seats.
        seats: usize,
    },
    /// A card in the hole and on the board, or twice on the board.
    #[error("card {0} is given twice (hole and board)")]
    CardTwice(Card),
    /// A board that is not as long as the betting reaches.
    #[error("the board has {has} cards but the betting reaches the {round} (a board of {needs})")]
    BoardLength {
        /// Cards given.
        has: usize,
        /// The round the betting reaches.
        round: Round,
        /// Cards that round has.
        needs: usize,
    },
    /// More rounds than the game has.
    #[error("the betting has {0} rounds; hold'em has 4")]
    Rounds(usize),
    /// The betting does not replay.
    #[error("the betting does not replay: {0}")]
    Replay(#[from] RebuildError),
    /// Someone else (or nobody) is to act after the betting.
    #[error(transparent)]
    NotToAct(#[from] NotToAct),
}

/// One decision: everything a player needs to be asked for its action.
#[derive(Debug, Clone)]
pub struct Spot {
    /// The game (its seats are the players dealt in).
    pub game: GameConfig,
    /// Our position (0 = small blind, 1 = big blind, 2 = first to act pre-flop;
    /// heads-up the engine's reverse blinds).
    pub position: Position,
    /// Our cards.
    pub hole: HoleCards,
    /// The board so far (as far as the betting reaches).
    pub board: Vec<Card>,
    /// The actions of each round reached (one empty round before any action).
    pub betting: Vec<Vec<Action>>,
    /// Our seat (table-wide identity), when the player knows its opponents by seat (a
    /// tournament player's saved state): we sit at `position`, the other seats at the
    /// remaining positions in seat order. `None`: seat = position.
    pub seat: Option<usize>,
}

impl Spot {
    /// The seat at each position.
    ///
    /// # Errors
    /// A seat or position outside the table.
    pub fn seats(&self) -> Result<ByPosition<Seat>, SpotError> {
        let n = self.game.seats();
        if self.position >= Position::new(n) {
            return Err(SpotError::Position {
                position: self.position.index(),
                seats: n,
            });
        }
        let Some(me) = self.seat else {
            return Ok(Seat::all(n).collect());
        };
        if me >= n {
            return Err(SpotError::SeatedPlayer { seat: me, seats: n });
        }
        let mut others = (0..n).filter(|&s| s != me);
        Ok(Position::all(n)
            .map(|p| {
                Seat::new(if p == self.position {
                    me
                } else {
                    others.next().unwrap_or(me)
                })
            })
            .collect())
    }

    /// The state as our seat receives it over the ACPC protocol.
    fn match_state(&self) -> Result<MatchState, SpotError> {
        let n = self.game.seats();
        let mut used = CardSet::EMPTY;
        for c in self
            .hole
            .cards()
            .into_iter()
            .chain(self.board.iter().copied())
        {
            if !used.insert(c) {
                return Err(SpotError::CardTwice(c));
            }
        }
        let rounds = self.betting.len().max(1);
        let round = *Round::ALL
            .get(rounds - 1)
            .ok_or(SpotError::Rounds(rounds))?;
        if self.board.len() != round.board_len() {
            return Err(SpotError::BoardLength {
                has: self.board.len(),
                round,
                needs: round.board_len(),
            });
        }
        let view = PublicView {
            position: self.position,
            hole: self.hole,
            board: self.board.clone(),
            betting: self.betting.clone(),
            holes: ByPosition::default(),
        };
        view.match_state(n, 0)
            .map_err(|_| SpotError::Rounds(rounds))
    }

    /// Replays the hand into `player` (its `begin_hand`, then every event our position
    /// may see, in order) and returns the rebuilt hand, with our position to act.
    ///
    /// # Errors
    /// A bad position or seat, a card given twice, a board that does not match the
    /// betting, betting the rules refuse, or a position that is not to act.
    pub fn replay(&self, player: &mut dyn Player) -> Result<HandTracker, SpotError> {
        let seats = self.seats()?;
        let ms = self.match_state()?;
        let mut tracker = HandTracker::start(&self.game, &ms, &seats)?;
        player.begin_hand(&tracker.view());
        tracker.update(&ms, &mut |e, v| player.observe(e, v))?;
        match tracker.state().phase() {
            Phase::Act(p) if p == self.position => Ok(tracker),
            Phase::Act(p) => Err(NotToAct {
                position: self.position,
                to_act: Some(p),
            }
            .into()),
            _ => Err(NotToAct {
                position: self.position,
                to_act: None,
            }
            .into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use loki_cards::parse_cards;
    use loki_engine::{CallPlayer, Event, SeatView};

    fn spot(seats: usize, position: usize, board: &str, betting: &str) -> Spot {
        Spot {
            game: GameConfig::paper(seats).unwrap(),
            position: Position::new(position),
            hole: "AdQc".parse().unwrap(),
            board: parse_cards(board).unwrap(),
            betting: loki_history::parse_betting(betting).unwrap(),
            seat: None,
        }
    }

    /// Counts what a player is told.
    #[derive(Default)]
    struct Ear {
        begun: usize,
        actions: usize,
        boards: usize,
    }
    impl Player for Ear {
        fn name(&self) -> &str {
            "ear"
        }
        fn begin_hand(&mut self, _: &SeatView<'_>) {
            self.begun += 1;
        }
        fn observe(&mut self, e: &Event, _: &SeatView<'_>) {
            match e {
                Event::Action(_) => self.actions += 1,
                Event::BoardDealt { .. } => self.boards += 1,
                _ => {}
            }
        }
        fn act(&mut self, _: &SeatView<'_>) -> Action {
            Action::Call
        }
    }

    #[test]
    fn the_player_hears_every_action_and_board() {
        let mut ear = Ear::default();
        let t = spot(10, 0, "3h4cJh", "ffcrccffccc/")
            .replay(&mut ear)
            .unwrap();
        assert_eq!((ear.begun, ear.actions, ear.boards), (1, 11, 1));
        assert_eq!(t.state().to_act(), Some(Position::new(0)));
        assert_eq!(t.state().board().len(), 3);
        // Pre-flop, nobody has acted: the first to act is position 2.
        let mut ear = Ear::default();
        assert!(spot(6, 2, "", "").replay(&mut ear).is_ok());
        assert_eq!(ear.actions, 0);
    }

    #[test]
    fn bad_spots_are_refused_with_a_reason() {
        let mut p = CallPlayer::new("c");
        assert_eq!(
            spot(10, 4, "3h4cJh", "ffcrccffccc/")
                .replay(&mut p)
                .unwrap_err(),
            SpotError::NotToAct(NotToAct {
                position: Position::new(4),
                to_act: Some(Position::new(0))
            })
        );
        assert!(matches!(
            spot(10, 0, "3h4c", "ffcrccffccc/").replay(&mut p),
            Err(SpotError::BoardLength {
                has: 2,
                needs: 3,
                ..
            })
        ));
        assert!(matches!(
            spot(10, 0, "3h4cJh", "ffcrccffccc").replay(&mut p),
            Err(SpotError::BoardLength {
                has: 3,
                needs: 0,
                ..
            })
        ));
        assert_eq!(
            spot(3, 0, "AdKcJh", "ccc/").replay(&mut p).unwrap_err(),
            SpotError::CardTwice("Ad".parse().unwrap())
        );
        assert!(matches!(
            spot(3, 0, "", "rrrrr").replay(&mut p),
            Err(SpotError::Replay(_))
        ));
        assert!(matches!(
            spot(3, 3, "", "").replay(&mut p),
            Err(SpotError::Position { .. })
        ));
        let mut s = spot(3, 0, "", "cc");
        s.seat = Some(5);
        assert!(matches!(
            s.replay(&mut p),
            Err(SpotError::SeatedPlayer { .. })
        ));
    }

    #[test]
    fn our_seat_sits_at_our_position_and_the_others_in_seat_order() {
        let mut s = spot(4, 2, "", "cc");
        s.seat = Some(1);
        assert_eq!(s.seats().unwrap(), [0, 2, 1, 3].map(Seat::new));
        s.seat = None;
        assert_eq!(s.seats().unwrap(), [0, 1, 2, 3].map(Seat::new));
    }
}
