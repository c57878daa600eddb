//! Rebuilding a hand from the `MATCHSTATE` lines a client receives (the ACPC protocol
//! 2.0.0; `docs/acpc-protocol.md`, "Protocol", items 2-5): the viewer's own hole cards
//! are dealt, every other position's are dealt hidden (the engine's
//! `deal_hole_hidden`), each new action and board is applied to the engine in order, and
//! at a showdown the shown cards are revealed (the engine's reveal phase). Every state
//! must continue the previous one; anything else is a typed [`RebuildError`]. Pure: no
//! I/O, the events go to a callback.
use crate::error::RebuildError;
use crate::matchstate::MatchState;
use loki_cards::HoleCards;
use loki_engine::{Action, Event, GameConfig, HandState, Phase, SeatView};

/// One hand in progress as the viewer rebuilds it.
#[derive(Debug, Clone)]
pub struct HandTracker {
    state: HandState,
    hand: u32,
    position: usize,
    hole: HoleCards,
    applied: Vec<Vec<Action>>,
    board_rounds: usize,
    emitted: usize,
}

impl HandTracker {
    /// Starts the hand of a state: blinds posted, the viewer's cards dealt, the others
    /// hidden; `seats[p]` is the table-wide identity of position `p` (see
    /// `SeatView::seat_of`). Nothing is applied or emitted yet: call
    /// [`HandTracker::update`] with the same state.
    ///
    /// # Errors
    /// A state for another number of players, or without the viewer's cards.
    pub fn start(
        config: &GameConfig,
        ms: &MatchState,
        seats: &[usize],
    ) -> Result<HandTracker, RebuildError> {
        let n = config.seats();
        if ms.players() != n || seats.len() != n {
            return Err(RebuildError::Players {
                expected: n,
                got: ms.players(),
            });
        }
        let hole = ms.my_hole().ok_or(RebuildError::MissingHole)?;
        let mut state = HandState::new(config).map_err(|_| RebuildError::Players {
            expected: n,
            got: ms.players(),
        })?;
        state.set_seats(seats).map_err(|_| RebuildError::Players {
            expected: n,
            got: seats.len(),
        })?;
        for p in 0..n {
            if p == ms.position {
                state.deal_hole(p, hole)?;
            } else {
                state.deal_hole_hidden(p)?;
            }
        }
        Ok(HandTracker {
            state,
            hand: ms.hand,
            position: ms.position,
            hole,
            applied: vec![Vec::new()],
            board_rounds: 0,
            emitted: 0,
        })
    }

    /// The hand number.
    pub fn hand(&self) -> u32 {
        self.hand
    }
    /// The viewer's position.
    pub fn position(&self) -> usize {
        self.position
    }
    /// The engine state.
    pub fn state(&self) -> &HandState {
        &self.state
    }
    /// The viewer's view.
    pub fn view(&self) -> SeatView<'_> {
        self.state.view(self.position)
    }
    /// Whether the viewer is to act.
    pub fn is_my_turn(&self) -> bool {
        self.state.to_act() == Some(self.position)
    }
    /// Whether the hand is over.
    pub fn is_complete(&self) -> bool {
        self.state.is_complete()
    }

    fn emit(&mut self, on_event: &mut dyn FnMut(&Event, &SeatView<'_>)) {
        let view = self.state.view(self.position);
        for e in &self.state.events()[self.emitted..] {
            if e.visible_to(self.position) {
                on_event(e, &view);
            }
        }
        self.emitted = self.state.events().len();
    }

    /// Applies what `ms` adds to the hand, step by step, passing each new event the viewer
    /// may see to `on_event` with the view after it (the engine table's order: the first
    /// call also passes the blinds and the deals).
    ///
    /// # Errors
    /// A state of another hand or viewer, betting or board that does not extend what was
    /// seen, an illegal action, a round that ends where the rules do not end it, cards
    /// shown before the showdown or missing at it. The hand keeps every step applied
    /// before the error.
    pub fn update(
        &mut self,
        ms: &MatchState,
        on_event: &mut dyn FnMut(&Event, &SeatView<'_>),
    ) -> Result<(), RebuildError> {
        if ms.hand != self.hand
            || ms.position != self.position
            || ms.my_hole() != Some(self.hole)
            || ms.players() != self.state.players()
        {
            return Err(RebuildError::OtherHand);
        }
        self.emit(on_event);
        for (r, want) in ms.betting.iter().enumerate() {
            if r >= 1 {
                let cards = &ms.board[r - 1];
                let round = loki_engine::Round::ALL[r];
                if r <= self.board_rounds {
                    let dealt = &self.state.board()[round.board_len() - round.cards_dealt()..];
                    if dealt.get(..round.cards_dealt()) != Some(cards.as_slice()) {
                        return Err(RebuildError::BoardMismatch(r + 1));
                    }
                } else {
                    match self.state.phase() {
                        Phase::DealBoard(due) if due == round => {
                            if cards.len() != round.cards_dealt() {
                                return Err(RebuildError::BoardCount {
                                    round: r + 1,
                                    expected: round.cards_dealt(),
                                    got: cards.len(),
                                });
                            }
                            self.state.deal_board(cards)?;
                            self.board_rounds = r;
                            self.applied.push(Vec::new());
                            self.emit(on_event);
                        }
                        _ => return Err(RebuildError::RoundEnd(r)),
                    }
                }
            }
            let have = &self.applied[r];
            if want.len() < have.len() || want[..have.len()] != have[..] {
                return Err(RebuildError::ActionMismatch(r + 1));
            }
            for &action in &want[have.len()..] {
                match self.state.phase() {
                    Phase::Act(_) if self.state.round().index() == r => {}
                    _ => return Err(RebuildError::RoundEnd(r + 1)),
                }
                self.state
                    .apply(action)
                    .map_err(|error| RebuildError::Illegal {
                        round: r + 1,
                        action,
                        error,
                    })?;
                self.applied[r].push(action);
                self.emit(on_event);
            }
        }
        if let Phase::DealBoard(_) = self.state.phase() {
            return Err(RebuildError::RoundEnd(ms.betting.len()));
        }
        let showdown = matches!(self.state.phase(), Phase::Reveal(_))
            || self.state.result().is_some_and(|r| r.showdown);
        for (p, h) in ms.holes.iter().enumerate() {
            if p != self.position && h.is_some() && !showdown {
                return Err(RebuildError::CardsBeforeShowdown(p));
            }
        }
        while let Phase::Reveal(p) = self.state.phase() {
            let cards = ms.holes[p].ok_or(RebuildError::MissingShowdownCards(p))?;
            self.state.reveal(p, cards)?;
        }
        self.emit(on_event);
        Ok(())
    }
}

/// The engine state of one `MATCHSTATE` on its own (seat `p` = position `p`).
///
/// # Errors
/// As [`HandTracker::start`] and [`HandTracker::update`].
pub fn rebuild(config: &GameConfig, ms: &MatchState) -> Result<HandState, RebuildError> {
    let seats: Vec<usize> = (0..config.seats()).collect();
    let mut t = HandTracker::start(config, ms, &seats)?;
    t.update(ms, &mut |_, _| {})?;
    Ok(t.state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameDef;

    fn ms(t: &str) -> MatchState {
        MatchState::parse(t).unwrap()
    }

    #[test]
    fn the_documented_heads_up_hand_rebuilds_to_a_showdown() {
        let c = GameDef::holdem(2).unwrap().config().unwrap();
        let s = rebuild(&c, &ms("MATCHSTATE:0:0:c:7d3d|")).unwrap();
        assert_eq!(s.to_act(), Some(0));
        let s = rebuild(&c, &ms("MATCHSTATE:0:0:crrrc/:7d3d|/5sKs7s")).unwrap();
        assert_eq!(s.to_act(), Some(0));
        assert_eq!(s.pot(), 80);
        let s = rebuild(&c, &ms("MATCHSTATE:1:0:crrrc/cc/cc/r:|2hAc/5sKs7s/9s/6h")).unwrap();
        assert_eq!(s.to_act(), Some(1));
        let s = rebuild(
            &c,
            &ms("MATCHSTATE:0:0:crrrc/cc/cc/rc:7d3d|2hAc/5sKs7s/9s/6h"),
        )
        .unwrap();
        // On 5sKs7s9s6h, 7d3d pairs its seven and Ac2h has ace high: the log's 60|-60.
        assert_eq!(s.result().unwrap().net, vec![60, -60]);
    }

    #[test]
    fn three_handed_fold_then_showdown_and_folded_viewer() {
        let c = GameDef::holdem(3).unwrap().config().unwrap();
        let s = rebuild(&c, &ms("MATCHSTATE:2:0::||As9d")).unwrap();
        assert_eq!(s.to_act(), Some(2));
        let s = rebuild(
            &c,
            &ms("MATCHSTATE:2:0:frrc/rc/rc/rc:8dJd|Td4d|As9d/6s3d6c/2c/Qc"),
        )
        .unwrap();
        assert!(s.is_complete());
        // The log line of the documented exchange: 80|-80|0.
        assert_eq!(s.result().unwrap().net, vec![80, -80, 0]);
    }

    #[test]
    fn inconsistent_states_are_refused() {
        let c = GameDef::holdem(2).unwrap().config().unwrap();
        assert_eq!(
            rebuild(&c, &ms("MATCHSTATE:0:0:crrrc:7d3d|")).unwrap_err(),
            RebuildError::RoundEnd(1)
        );
        assert_eq!(
            rebuild(&c, &ms("MATCHSTATE:0:0:c/:7d3d|/5sKs7s")).unwrap_err(),
            RebuildError::RoundEnd(1)
        );
        assert!(matches!(
            rebuild(&c, &ms("MATCHSTATE:0:0:rrrr:7d3d|")).unwrap_err(),
            RebuildError::Illegal { .. }
        ));
        assert_eq!(
            rebuild(&c, &ms("MATCHSTATE:0:0:c:7d3d|2hAc")).unwrap_err(),
            RebuildError::CardsBeforeShowdown(1)
        );
        assert_eq!(
            rebuild(&c, &ms("MATCHSTATE:0:0:crrrc/cc/cc/rc:7d3d|/5sKs7s/9s/6h")).unwrap_err(),
            RebuildError::MissingShowdownCards(1)
        );
        assert_eq!(
            rebuild(&c, &ms("MATCHSTATE:0:0:cc/:7d3d|/5sKs")).unwrap_err(),
            RebuildError::BoardCount {
                round: 2,
                expected: 3,
                got: 2
            }
        );
        assert_eq!(
            rebuild(&c, &ms("MATCHSTATE:1:0::7d3d|")).unwrap_err(),
            RebuildError::MissingHole
        );
        let seats = [0, 1];
        let mut t = HandTracker::start(&c, &ms("MATCHSTATE:0:0:c:7d3d|"), &seats).unwrap();
        t.update(&ms("MATCHSTATE:0:0:c:7d3d|"), &mut |_, _| {})
            .unwrap();
        assert_eq!(
            t.update(&ms("MATCHSTATE:0:0:r:7d3d|"), &mut |_, _| {}),
            Err(RebuildError::ActionMismatch(1))
        );
        assert_eq!(
            t.update(&ms("MATCHSTATE:0:1:c:7d3d|"), &mut |_, _| {}),
            Err(RebuildError::OtherHand)
        );
    }

    #[test]
    fn events_reach_the_viewer_in_order_without_hidden_cards() {
        let c = GameDef::holdem(2).unwrap().config().unwrap();
        let seats = [5, 9];
        let first = ms("MATCHSTATE:1:0::|2hAc");
        let mut t = HandTracker::start(&c, &first, &seats).unwrap();
        let mut seen = Vec::new();
        let mut f = |e: &Event, v: &SeatView<'_>| {
            assert_eq!(v.seat_of(0), 5);
            seen.push(e.clone());
        };
        t.update(&first, &mut f).unwrap();
        t.update(&ms("MATCHSTATE:1:0:crrrc/:|2hAc/5sKs7s"), &mut f)
            .unwrap();
        t.update(
            &ms("MATCHSTATE:1:0:crrrc/cc/cc/rc:7d3d|2hAc/5sKs7s/9s/6h"),
            &mut f,
        )
        .unwrap();
        assert!(matches!(seen[0], Event::BlindsPosted { .. }));
        let actions = seen
            .iter()
            .filter(|e| matches!(e, Event::Action(_)))
            .count();
        assert_eq!(actions, 11);
        assert!(seen.iter().any(|e| matches!(e, Event::Showdown { .. })));
        assert!(matches!(seen.last(), Some(Event::HandEnd { .. })));
        assert!(!seen
            .iter()
            .any(|e| matches!(e, Event::HoleDealt { position: 0, .. })));
    }
}
