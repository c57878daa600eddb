//! The two downloads of a person's history ([`HistoryFile`]): PHH and plain text, written
//! from a session as the person's seat saw it (loki-play's histories).
use loki_play::Session;

/// The two downloads of a person's history (the single table's session, or a room's
/// hands dealt to the person's seat), as the person saw them.
#[derive(Clone, Copy)]
pub(crate) enum HistoryFile {
    /// PHH (at the single table with each hand's study-mode and abandoned marks).
    Phh,
    /// Plain text, hand by hand.
    Text,
}

impl HistoryFile {
    /// The hands of the person in `seat` (a one-person table's: `solo`), as that person
    /// saw them.
    pub(crate) fn write(self, s: &Session, seat: usize, solo: bool) -> String {
        use loki_play::history::{person_phh_with_meta, person_text, seat_phh, seat_text};
        let (hands, name) = (s.history(), &s.names()[seat]);
        match (self, solo) {
            (HistoryFile::Phh, true) => person_phh_with_meta(s.history_with_meta()),
            (HistoryFile::Text, true) => person_text(s.history_with_meta()),
            (HistoryFile::Phh, false) => seat_phh(hands, seat, name),
            (HistoryFile::Text, false) => seat_text(hands, seat, name),
        }
    }

    /// The download's `Content-Disposition`.
    pub(crate) fn disposition(self, solo: bool) -> &'static str {
        match (self, solo) {
            (HistoryFile::Phh, true) => "attachment; filename=\"loki-session.phhs\"",
            (HistoryFile::Text, true) => "attachment; filename=\"loki-session.txt\"",
            (HistoryFile::Phh, false) => "attachment; filename=\"loki-room.phhs\"",
            (HistoryFile::Text, false) => "attachment; filename=\"loki-room.txt\"",
        }
    }
}
