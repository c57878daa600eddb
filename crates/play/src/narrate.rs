//! A hand told as the person saw it, from its events (the person's `SeatView`, or a
//! finished record with the other seats' cards hidden): the log line by line (each line
//! with the pot after it and the seat's bet in the round, so that the page can replay the
//! actions one at a time), each seat's action in the current round (cleared when a new
//! street is dealt), the hands shown with their names, and the result: who won each pot
//! with what ("SOM wins 36 with two pair, jacks and fours"; split pots shown as such).
use crate::hand_name::{name_against, name_of};
use loki_cards::{Card, HoleCards};
use loki_engine::{Action, ActionEvent, Chips, Event, Round};
use loki_engine::{ByPosition, Position, Seat};
use serde::Serialize;

/// One line of the hand's log.
#[derive(Debug, Clone, Default, Serialize)]
pub struct LogEntry {
    /// The seat it is about, if any.
    pub seat: Option<usize>,
    /// The text.
    pub text: String,
    /// What it is: "blind", "dealt", "board", "action", "show" or "win".
    pub kind: &'static str,
    /// For an action: "fold", "check", "call", "bet" or "raise".
    pub action: Option<&'static str>,
    /// The pot after it.
    pub pot: Chips,
    /// For a blind or an action: the seat's bet in the round after it.
    pub bet: Option<Chips>,
    /// For a new street: the whole board so far.
    pub board: Option<Vec<Card>>,
}

/// A hand shown at the showdown.
#[derive(Debug, Clone, Serialize)]
pub struct ShownView {
    /// The seat.
    pub seat: usize,
    /// Its cards.
    pub cards: HoleCards,
    /// Its name with the ranks ("pair of jacks", "two pair, jacks and fours").
    pub hand: String,
    /// Its category ("pair", "two pair").
    pub category: String,
}

/// One pot of a finished hand.
#[derive(Debug, Clone, Serialize)]
pub struct PotView {
    /// Chips in it.
    pub amount: Chips,
    /// The seats that won it (more than one: a split pot).
    pub winners: Vec<usize>,
    /// `[seat, chips]` for each winner.
    pub shares: Vec<(usize, Chips)>,
    /// The winning hand's name (`None`: the others folded).
    pub hand: Option<String>,
    /// In words.
    pub text: String,
}

/// The text of an action: "folds", "checks", "calls 2", "bets 4", "raises to 6".
pub fn action_text(a: &ActionEvent) -> String {
    let s = match a.action {
        Action::Fold => "folds".to_string(),
        Action::Call if a.amount == 0 => "checks".to_string(),
        Action::Call => format!("calls {}", a.amount),
        Action::Raise if a.bets_to_call == 0 && a.round != Round::Preflop => {
            format!("bets {}", a.bet_to)
        }
        Action::Raise => format!("raises to {}", a.bet_to),
    };
    if a.all_in {
        format!("{s} (all-in)")
    } else {
        s
    }
}

/// The word of an action: fold, check, call, bet or raise.
fn action_word(a: &ActionEvent) -> &'static str {
    match a.action {
        Action::Fold => "fold",
        Action::Call if a.amount == 0 => "check",
        Action::Call => "call",
        Action::Raise if a.bets_to_call == 0 && a.round != Round::Preflop => "bet",
        Action::Raise => "raise",
    }
}

/// Names joined as in a sentence: "A", "A and B", "A, B and C".
pub fn and_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Hole cards as text, the higher card first ("AsKd"): the one order used everywhere.
pub fn cards_text(h: HoleCards) -> String {
    h.to_string()
}

/// A hand as the person saw it.
#[derive(Default)]
pub(crate) struct Narration {
    /// The log.
    pub log: Vec<LogEntry>,
    /// Each position's last action in the current round.
    pub labels: ByPosition<Option<String>>,
    /// The hands shown, with their names.
    pub shown: Vec<ShownView>,
    /// The pots won (empty until the hand is over).
    pub pots: Vec<PotView>,
}

/// Tells the hand of `events`; `seats[p]` and `names[p]` are position `p`'s seat and
/// name, `me` the person's position (whose dealt cards are told).
pub(crate) fn narrate<'a>(
    events: impl IntoIterator<Item = &'a Event>,
    seats: &ByPosition<Seat>,
    names: &ByPosition<String>,
    me: Option<Position>,
) -> Narration {
    let n = seats.len();
    let mut out = Narration {
        labels: ByPosition::filled(n, None),
        ..Narration::default()
    };
    let mut pot: Chips = 0;
    let mut bets: ByPosition<Chips> = ByPosition::filled(n, 0);
    // Each position's chips in the pot over the hand, and the level below the next pot.
    let mut put: ByPosition<Chips> = ByPosition::filled(n, 0);
    let mut floor: Chips = 0;
    let mut board: Vec<Card> = Vec::new();
    let mut shown: Vec<(Position, HoleCards)> = Vec::new();
    let seat = |p: Position| Some(seats[p].index());
    let entry = |seat: Option<usize>, text: String, kind: &'static str, pot: Chips| LogEntry {
        seat,
        text,
        kind,
        pot,
        ..LogEntry::default()
    };
    for e in events {
        match e {
            Event::BlindsPosted { amounts } => {
                for (p, &a) in Position::all(n).zip(amounts).filter(|(_, a)| **a > 0) {
                    pot += a;
                    if let Some(b) = bets.get_mut(p) {
                        *b += a;
                    }
                    if let Some(x) = put.get_mut(p) {
                        *x += a;
                    }
                    let mut l = entry(seat(p), format!("{} posts {a}", names[p]), "blind", pot);
                    l.bet = bets.get(p).copied();
                    out.log.push(l);
                }
            }
            Event::HoleDealt { position, cards } if Some(*position) == me => {
                out.log.push(entry(
                    seat(*position),
                    format!("you are dealt {}", cards_text(*cards)),
                    "dealt",
                    pot,
                ));
            }
            Event::BoardDealt { round, cards } => {
                board.extend(cards.iter().copied());
                bets.iter_mut().for_each(|b| *b = 0);
                out.labels.iter_mut().for_each(|l| *l = None);
                let c: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
                let mut l = entry(None, format!("{round}: {}", c.join(" ")), "board", pot);
                l.board = Some(board.clone());
                out.log.push(l);
            }
            Event::Action(a) => {
                let p = a.position;
                pot += a.amount;
                if let Some(b) = bets.get_mut(p) {
                    *b += a.amount;
                }
                if let Some(x) = put.get_mut(p) {
                    *x += a.amount;
                }
                let text = action_text(a);
                if let Some(l) = out.labels.get_mut(p) {
                    *l = Some(text.clone());
                }
                let mut l = entry(seat(p), format!("{} {text}", names[p]), "action", pot);
                l.action = Some(action_word(a));
                l.bet = bets.get(p).copied();
                out.log.push(l);
            }
            Event::Showdown { hands } => {
                for h in hands {
                    let mut seven = board.clone();
                    seven.extend(h.cards.cards());
                    let name = name_of(&seven).map_or_else(String::new, |(_, s)| s);
                    let category = h
                        .rank
                        .category()
                        .map_or_else(String::new, |c| c.name().to_string());
                    out.log.push(entry(
                        seat(h.position),
                        format!(
                            "{} shows {} ({name})",
                            names[h.position],
                            cards_text(h.cards)
                        ),
                        "show",
                        pot,
                    ));
                    shown.push((h.position, h.cards));
                    out.shown.push(ShownView {
                        seat: seats[h.position].index(),
                        cards: h.cards,
                        hand: name,
                        category,
                    });
                }
            }
            Event::PotAwarded {
                amount,
                eligible,
                shares,
            } => {
                for &(p, chips) in shares {
                    out.log.push(entry(
                        seat(p),
                        format!("{} wins {chips}", names[p]),
                        "win",
                        pot,
                    ));
                }
                let told = Told {
                    shown: &shown,
                    put: &put,
                    floor,
                    board: &board,
                    seats,
                    names,
                };
                out.pots.push(pot_view(*amount, shares, &told));
                // The pot's level: the least any hand it was formed from put in. (The
                // engine forms the pots from the hands that win one, after mucking the
                // others, as PokerKit does: `eligible` is often the winners alone, and
                // the beaten hands are found by their chips.)
                floor = eligible
                    .iter()
                    .filter_map(|&p| put.get(p).copied())
                    .min()
                    .unwrap_or(floor);
            }
            _ => {}
        }
    }
    let several = out.pots.len() > 1;
    for (i, pv) in out.pots.iter_mut().enumerate() {
        if several {
            let which = if i == 0 { "Main pot" } else { "Side pot" };
            pv.text = format!("{which}: {}", pv.text);
        }
    }
    out
}

fn seven(board: &[Card], hole: HoleCards) -> Vec<Card> {
    let mut v = board.to_vec();
    v.extend(hole.cards());
    v
}

/// What a pot's words draw on: the hand as told up to its end.
struct Told<'a> {
    /// The hands shown, by position.
    shown: &'a [(Position, HoleCards)],
    /// Each position's chips in the pot over the hand.
    put: &'a ByPosition<Chips>,
    /// The level the pot starts above (0 for the main pot): the hands that put in more
    /// contested it.
    floor: Chips,
    /// The board.
    board: &'a [Card],
    /// Each position's seat.
    seats: &'a ByPosition<Seat>,
    /// Each position's name.
    names: &'a ByPosition<String>,
}

/// One pot: who won it, with what, in words; the winning hand is named against every
/// hand shown that contested the pot.
fn pot_view(amount: Chips, shares: &[(Position, Chips)], told: &Told<'_>) -> PotView {
    let Told {
        shown,
        put,
        floor,
        board,
        seats,
        names,
    } = *told;
    let winners: Vec<Position> = shares.iter().map(|&(p, _)| p).collect();
    let hole_of = |p: Position| shown.iter().find(|(q, _)| *q == p).map(|(_, h)| *h);
    let winner_names: Vec<String> = winners.iter().map(|&p| names[p].clone()).collect();
    let chips = |p: Position| put.get(p).copied().unwrap_or(0);
    // The winning hand, named against the beaten hands shown for this pot.
    let hand = winners.first().and_then(|&w| {
        let mine = seven(board, hole_of(w)?);
        let beaten: Vec<Vec<Card>> = shown
            .iter()
            .filter(|(p, _)| !winners.contains(p) && chips(*p) > floor)
            .map(|&(_, h)| seven(board, h))
            .collect();
        if winners.len() > 1 {
            name_of(&mine).map(|(_, s)| s)
        } else {
            let refs: Vec<&[Card]> = beaten.iter().map(Vec::as_slice).collect();
            name_against(&mine, &refs)
        }
    });
    let text = match (winners.len(), &hand) {
        (1, Some(h)) => format!("{} wins {amount} with {h}", winner_names[0]),
        (1, None) => format!("{} wins {amount}: the others folded", winner_names[0]),
        (_, h) => {
            let each: Vec<Chips> = shares.iter().map(|&(_, c)| c).collect();
            let split = if each.iter().all(|&c| c == each[0]) {
                format!("{} each", each[0])
            } else {
                let v: Vec<String> = each.iter().map(|c| c.to_string()).collect();
                and_list(&v)
            };
            let with = h
                .as_ref()
                .map_or_else(String::new, |h| format!(" with {h}"));
            format!("{} split {amount} ({split}){with}", and_list(&winner_names))
        }
    };
    PotView {
        amount,
        winners: winners.iter().map(|&p| seats[p].index()).collect(),
        shares: shares.iter().map(|&(p, c)| (seats[p].index(), c)).collect(),
        hand,
        text,
    }
}

/// Chips with their sign: `+12`, `-4`, `0`.
pub(crate) fn signed(x: i64) -> String {
    if x > 0 {
        format!("+{x}")
    } else {
        x.to_string()
    }
}

/// The role of a position at an `n`-seat table.
pub(crate) fn role(position: usize, n: usize) -> Option<&'static str> {
    match (n, position) {
        (2, 0) => Some("BB"),
        (2, 1) => Some("BTN/SB"),
        (_, 0) => Some("SB"),
        (_, 1) => Some("BB"),
        (n, p) if p + 1 == n => Some("BTN"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_follow_the_acpc_positions() {
        assert_eq!(role(0, 2), Some("BB"));
        assert_eq!(role(1, 2), Some("BTN/SB"));
        assert_eq!(role(0, 6), Some("SB"));
        assert_eq!(role(1, 6), Some("BB"));
        assert_eq!(role(2, 6), None);
        assert_eq!(role(5, 6), Some("BTN"));
        assert_eq!(role(2, 3), Some("BTN"));
    }

    #[test]
    fn lists_read_as_sentences() {
        let v = |xs: &[&str]| xs.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(and_list(&v(&[])), "");
        assert_eq!(and_list(&v(&["A"])), "A");
        assert_eq!(and_list(&v(&["A", "B"])), "A and B");
        assert_eq!(and_list(&v(&["A", "B", "C"])), "A, B and C");
    }

    fn names() -> ByPosition<String> {
        ["Ann", "SOM", "GOM"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    fn seats() -> ByPosition<Seat> {
        Seat::all(3).collect()
    }

    fn at(p: usize) -> Position {
        Position::new(p)
    }

    fn h(s: &str) -> HoleCards {
        s.parse().unwrap()
    }

    #[test]
    fn pots_are_told_with_the_winning_hand_and_splits() {
        let board = loki_cards::parse_cards("Js4d9c7h2s").unwrap();
        let (names, seats) = (names(), seats());
        let told = |shown, put| Told {
            shown,
            put,
            floor: 0,
            board: &board,
            seats: &seats,
            names: &names,
        };
        let shown = [(at(0), h("JdAc")), (at(1), h("JcKc")), (at(2), h("QdQh"))];
        let (even, two, one): (ByPosition<Chips>, ByPosition<Chips>, ByPosition<Chips>) =
            ([12; 3].into(), [18, 18, 1].into(), [2, 8, 2].into());
        let p = pot_view(36, &[(Position::new(0), 36)], &told(&shown, &even));
        assert_eq!(p.text, "Ann wins 36 with pair of jacks, ace kicker");
        assert_eq!(p.hand.as_deref(), Some("pair of jacks, ace kicker"));
        let split = [(at(0), h("JdAc")), (at(1), h("JcAd"))];
        let p = pot_view(
            37,
            &[(Position::new(0), 19), (Position::new(1), 18)],
            &told(&split, &two),
        );
        assert_eq!(
            p.text,
            "Ann and SOM split 37 (19 and 18) with pair of jacks"
        );
        assert_eq!(p.winners, vec![0, 1]);
        let p = pot_view(12, &[(Position::new(1), 12)], &told(&[], &one));
        assert_eq!(p.text, "SOM wins 12: the others folded");
    }

    #[test]
    fn the_kicker_is_named_against_every_hand_that_contested_the_pot() {
        let board = loki_cards::parse_cards("4cAh7h3cAc").unwrap();
        let (names, seats) = (names(), seats());
        let told = |shown, put, floor| Told {
            shown,
            put,
            floor,
            board: &board,
            seats: &seats,
            names: &names,
        };
        // The engine forms the pot from the hands that win one: `eligible` holds the
        // winner alone; the hands shown were beaten all the same.
        let shown = [(at(0), h("Js9h")), (at(1), h("Kh6h")), (at(2), h("Ts5d"))];
        let even: ByPosition<Chips> = [8, 8, 8].into();
        let p = pot_view(24, &[(Position::new(1), 24)], &told(&shown, &even, 0));
        assert_eq!(p.text, "SOM wins 24 with pair of aces, king kicker");
        // GOM, all in for 8 with the best hand, wins the main pot against both; SOM
        // wins the side pot above 8 against Ann alone: the king decides, not the
        // seven that loses to GOM's queen.
        let shown = [(at(0), h("Js9h")), (at(1), h("Kh6h")), (at(2), h("KsQd"))];
        let put = [13, 13, 8].into();
        let p = pot_view(24, &[(Position::new(2), 24)], &told(&shown, &put, 0));
        assert_eq!(p.text, "GOM wins 24 with pair of aces, queen kicker");
        let p = pot_view(10, &[(Position::new(1), 10)], &told(&shown, &put, 8));
        assert_eq!(p.text, "SOM wins 10 with pair of aces, king kicker");
    }
}
