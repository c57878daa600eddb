//! The session's hands as PHH (PokerKit 0.7.7's format, written by `loki-history`) as the
//! person saw them: the person's own cards, the cards shown at showdowns, and every other
//! seat's cards as PHH's unknown cards `????`. PokerKit replays such files
//! (`scripts/pokerkit_check.py`); the engine's own reader needs every card.
use crate::session::PERSON;
use loki_engine::{Event, HandRecord};

/// A hand record with the hole cards the person did not see dealt hidden (the record's
/// `hole` is used by the writer only for the hands shown at the showdown).
pub fn as_seen_by_person(record: &HandRecord) -> HandRecord {
    let me = record.seats.iter().position(|&s| s == PERSON);
    let mut r = record.clone();
    for e in &mut r.events {
        if let Event::HoleDealt { position, .. } = *e {
            if Some(position) != me {
                *e = Event::HoleHidden { position };
            }
        }
    }
    r
}

/// The hands as a `.phhs` text as the person saw them.
pub fn person_phh<'a>(records: impl IntoIterator<Item = &'a HandRecord>) -> String {
    let seen: Vec<HandRecord> = records.into_iter().map(as_seen_by_person).collect();
    let mut out = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = loki_history::write_phh(&mut out, &seen);
    String::from_utf8_lossy(&out).into_owned()
}
