//! One `MATCHSTATE` rebuilt on its own into the engine's state (the hand tracker,
//! `loki_history::HandTracker`, from its first state), and the rebuilding of the ACPC
//! games' states checked against the protocol's documented exchanges.
use loki_engine::{ByPosition, GameConfig, HandState, Seat};
use loki_history::{HandTracker, MatchState, RebuildError};

/// The engine state of one `MATCHSTATE` on its own (seat `p` = position `p`).
///
/// # Errors
/// As [`HandTracker::start`] and [`HandTracker::update`].
pub fn rebuild(config: &GameConfig, ms: &MatchState) -> Result<HandState, RebuildError> {
    let seats: ByPosition<Seat> = Seat::all(config.seats()).collect();
    let mut t = HandTracker::start(config, ms, &seats)?;
    t.update(ms, &mut |_, _| {})?;
    Ok(t.into_state())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameDef;
    use loki_engine::Position;
    use loki_engine::{Event, SeatView};

    fn ms(t: &str) -> MatchState {
        MatchState::parse(t).unwrap()
    }

    #[test]
    fn the_documented_heads_up_hand_rebuilds_to_a_showdown() {
        let c = GameDef::holdem(2).unwrap().config().unwrap();
        let s = rebuild(&c, &ms("MATCHSTATE:0:0:c:7d3d|")).unwrap();
        assert_eq!(s.to_act(), Some(Position::new(0)));
        let s = rebuild(&c, &ms("MATCHSTATE:0:0:crrrc/:7d3d|/5sKs7s")).unwrap();
        assert_eq!(s.to_act(), Some(Position::new(0)));
        assert_eq!(s.pot(), 80);
        let s = rebuild(&c, &ms("MATCHSTATE:1:0:crrrc/cc/cc/r:|2hAc/5sKs7s/9s/6h")).unwrap();
        assert_eq!(s.to_act(), Some(Position::new(1)));
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
        assert_eq!(s.to_act(), Some(Position::new(2)));
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
        let board_count = RebuildError::BoardCount {
            round: 2,
            expected: 3,
            got: 2,
        };
        for (state, want) in [
            ("0:0:crrrc:7d3d|", RebuildError::RoundEnd(1)),
            ("0:0:c/:7d3d|/5sKs7s", RebuildError::RoundEnd(1)),
            ("0:0:c:7d3d|2hAc", RebuildError::CardsBeforeShowdown(1)),
            (
                "0:0:crrrc/cc/cc/rc:7d3d|/5sKs7s/9s/6h",
                RebuildError::MissingShowdownCards(1),
            ),
            ("0:0:cc/:7d3d|/5sKs", board_count),
            ("1:0::7d3d|", RebuildError::MissingHole),
        ] {
            let state = ms(&format!("MATCHSTATE:{state}"));
            assert_eq!(rebuild(&c, &state).unwrap_err(), want, "{state}");
        }
        assert!(matches!(
            rebuild(&c, &ms("MATCHSTATE:0:0:rrrr:7d3d|")).unwrap_err(),
            RebuildError::Illegal { .. }
        ));
        let seats: ByPosition<Seat> = [0, 1].map(Seat::new).into();
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
        let seats: ByPosition<Seat> = [5, 9].map(Seat::new).into();
        let first = ms("MATCHSTATE:1:0::|2hAc");
        let mut t = HandTracker::start(&c, &first, &seats).unwrap();
        let mut seen = Vec::new();
        let mut f = |e: &Event, v: &SeatView<'_>| {
            assert_eq!(v.seat_of(Position::new(0)), Seat::new(5));
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
            .any(|e| matches!(e, Event::HoleDealt { position, .. } if position.index() == 0)));
    }
}
