//! The session's hands as the person saw them: the person's own cards, the cards shown
//! at showdowns, and every other seat's cards hidden.
//!
//! * As PHH (PokerKit 0.7.7's format, written by `loki-history`; unshown cards `????`),
//!   which PokerKit replays (`scripts/pokerkit_check.py`); each hand also carries the
//!   user-defined fields `_study_mode` (study mode was on during it) and `_abandoned`
//!   (the person left in the middle), which PokerKit keeps as such.
//! * As plain text a person can read: each hand's log and result, the person's net.
//!
//! A room's person gets both for the hands dealt to their seat, as seen from it.
use crate::hand::HandMeta;
use crate::narrate::narrate;
use crate::session::PERSON;
use loki_engine::Seat;
use loki_engine::{Event, HandRecord};
use std::fmt::Write as _;

/// A hand record as the player in `seat` saw it: every other seat's hole cards dealt
/// hidden (those shown at the showdown stay in the showdown; the record's `hole` is used
/// by the writer only for the hands shown there).
pub fn as_seen_by(record: &HandRecord, seat: usize) -> HandRecord {
    let me = record.seats.position_of(Seat::new(seat));
    let mut r = record.clone();
    for e in &mut r.played.events {
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
    phh_as_seen_by(records.into_iter().map(|r| (r, None)), PERSON)
}

/// The hands of `records` that a room's person `name` in `seat` was dealt into.
fn dealt_to<'a>(
    records: impl IntoIterator<Item = &'a HandRecord>,
    seat: usize,
    name: &str,
) -> impl Iterator<Item = &'a HandRecord> {
    let name = name.to_string();
    records.into_iter().filter(move |r| {
        r.seats
            .position_of(Seat::new(seat))
            .is_some_and(|p| r.names.get(p).is_some_and(|n| *n == name))
    })
}

/// The hands a room's person `name` in `seat` was dealt into, as a `.phhs` text as that
/// person saw them (numbered from 1 in the file).
pub fn seat_phh<'a>(
    records: impl IntoIterator<Item = &'a HandRecord>,
    seat: usize,
    name: &str,
) -> String {
    phh_as_seen_by(dealt_to(records, seat, name).map(|r| (r, None)), seat)
}

/// The hands as a `.phhs` text as the person saw them, each with how it was played
/// (`_study_mode`, `_abandoned`).
pub fn person_phh_with_meta<'a>(
    hands: impl IntoIterator<Item = &'a (HandRecord, HandMeta)>,
) -> String {
    phh_as_seen_by(hands.into_iter().map(|(r, m)| (r, Some(*m))), PERSON)
}

/// The hands as a `.phhs` text as the player in `seat` saw them, numbered from 1 in the
/// file, each with how it was played (`_study_mode`, `_abandoned`) where that is given.
fn phh_as_seen_by<'a>(
    hands: impl IntoIterator<Item = (&'a HandRecord, Option<HandMeta>)>,
    seat: usize,
) -> String {
    let mut out = Vec::new();
    for (i, (record, meta)) in hands.into_iter().enumerate() {
        if i > 0 {
            out.push(b'\n');
        }
        // Writing to a Vec cannot fail.
        let _ = loki_history::write_phh_hand(&mut out, Some(i + 1), &as_seen_by(record, seat));
        if let Some(meta) = meta {
            out.extend_from_slice(format!("_study_mode = {}\n", meta.study).as_bytes());
            if meta.abandoned {
                out.extend_from_slice(b"_abandoned = true\n");
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The hands as plain text: per hand, the stakes and seats, every line of the log as the
/// person saw it, the result and the person's net.
pub fn person_text<'a>(hands: impl IntoIterator<Item = &'a (HandRecord, HandMeta)>) -> String {
    text_as_seen_by(hands.into_iter().map(|(r, m)| (r, *m)), PERSON)
}

/// The hands a room's person `name` in `seat` was dealt into, as plain text as that
/// person saw them ([`person_text`]'s form; the session's net is the room's).
pub fn seat_text<'a>(
    records: impl IntoIterator<Item = &'a HandRecord>,
    seat: usize,
    name: &str,
) -> String {
    let hands = dealt_to(records, seat, name).map(|r| (r, HandMeta::default()));
    text_as_seen_by(hands, seat)
}

/// The hands as plain text as the player in `seat` saw them.
fn text_as_seen_by<'a>(
    hands: impl IntoIterator<Item = (&'a HandRecord, HandMeta)>,
    seat: usize,
) -> String {
    let mut out = String::new();
    let mut total = 0;
    for (record, meta) in hands {
        let seen = as_seen_by(record, seat);
        let me = seen.seats.position_of(Seat::new(seat));
        let c = &seen.config;
        let _ = writeln!(
            out,
            "Hand {}: bets {}/{}, blinds {}/{}{}{}",
            seen.hand_number + 1,
            c.small_bet(),
            c.big_bet(),
            c.small_blind(),
            c.big_blind(),
            if meta.study { "; study mode on" } else { "" },
            if meta.abandoned {
                "; you left during the hand (played out as check or fold)"
            } else {
                ""
            }
        );
        let seats: Vec<String> = seen
            .names
            .enumerate()
            .map(|(p, name)| {
                let role = crate::narrate::role(p.index(), seen.names.len());
                let you = if Some(p) == me { ", you" } else { "" };
                match role {
                    Some(r) => format!("{name} ({r}{you})"),
                    None if you.is_empty() => name.clone(),
                    None => format!("{name} (you)"),
                }
            })
            .collect();
        let _ = writeln!(out, "  seats in order of play: {}", seats.join(", "));
        let told = narrate(seen.events.iter(), &seen.seats, &seen.names, me);
        for l in &told.log {
            let _ = writeln!(out, "  {}", l.text);
        }
        for p in &told.pots {
            let _ = writeln!(out, "  => {}", p.text);
        }
        if let Some(p) = me {
            total += seen.net[p];
            let _ = writeln!(out, "  you: {:+} (session {:+})", seen.net[p], total);
        }
        out.push('\n');
    }
    out
}
