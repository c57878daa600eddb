//! [`TableView`]: everything a message to the person may carry, and nothing more. It is
//! built from the person's `SeatView` (the engine's view, which holds no other seat's
//! hole cards) and, once the hand is over, the cards shown at the showdown; the seed,
//! the deck and the bots' cards stay in the session. The model view ([`ModelView`]) is
//! added only while the person has it on.
use crate::belief::{model_views, ModelView};
use crate::session::{Session, PERSON};
use loki_cards::{Card, HoleCards};
use loki_engine::{Action, Chips, Event, Round, SeatView};
use serde::Serialize;

/// The table as the person may see it.
#[derive(Debug, Clone, Serialize)]
pub struct TableView {
    /// The table's step: requests name it (see [`Session::act`]).
    pub step: u64,
    /// The person's seat.
    pub you: usize,
    /// The current (or last) hand's number, from 1.
    pub hand: Option<u64>,
    /// Whether a hand is in progress.
    pub in_progress: bool,
    /// Whether the person is to act.
    pub your_turn: bool,
    /// The round ("preflop", "flop", "turn", "river") of the hand in progress.
    pub round: Option<String>,
    /// Blinds and bets: small blind, big blind, small bet, big bet.
    pub stakes: [Chips; 4],
    /// Every seat.
    pub seats: Vec<SeatInfo>,
    /// The board.
    pub board: Vec<Card>,
    /// Chips in the pot.
    pub pot: Chips,
    /// The seat to act.
    pub to_act: Option<usize>,
    /// The person's legal actions, on the person's turn.
    pub legal: Option<LegalView>,
    /// What happened in this hand, as the person saw it.
    pub log: Vec<LogEntry>,
    /// The outcome, once the hand is over.
    pub result: Option<ResultView>,
    /// Hands finished.
    pub hands_played: usize,
    /// The person's session net after each finished hand.
    pub bankroll: Vec<Chips>,
    /// Whether the model view is on.
    pub show_model: bool,
    /// What each Loki player believes (only while the model view is on).
    pub model: Option<Vec<ModelView>>,
}

/// One seat.
#[derive(Debug, Clone, Serialize)]
pub struct SeatInfo {
    /// The seat (fixed for the session).
    pub seat: usize,
    /// The player's name.
    pub name: String,
    /// The player's kind (`you` for the person).
    pub kind: String,
    /// The position in the current hand (ACPC numbering).
    pub position: Option<usize>,
    /// "SB", "BB", "BTN" or "BTN/SB" (heads-up).
    pub role: Option<&'static str>,
    /// Folded in this hand.
    pub folded: bool,
    /// Chips bet in the current round.
    pub bet: Chips,
    /// Chips put in this hand.
    pub put_in: Chips,
    /// Session net chips.
    pub net: Chips,
    /// Hole cards: the person's own, or cards shown at the showdown.
    pub cards: Option<HoleCards>,
    /// The seat's last action in this hand ("calls 2", ...).
    pub last_action: Option<String>,
    /// Whether this seat is to act.
    pub to_act: bool,
}

/// The person's choices.
#[derive(Debug, Clone, Serialize)]
pub struct LegalView {
    /// Folding is legal.
    pub fold: bool,
    /// Checking or calling is legal.
    pub call: bool,
    /// Betting or raising is legal.
    pub raise: bool,
    /// Chips to call.
    pub to_call: Chips,
    /// "check" or "call 2".
    pub call_label: String,
    /// "bet 2" or "raise to 6".
    pub raise_label: String,
}

/// One line of the hand's log.
#[derive(Debug, Clone, Serialize)]
pub struct LogEntry {
    /// The seat it is about, if any.
    pub seat: Option<usize>,
    /// The text.
    pub text: String,
}

/// The outcome of a finished hand.
#[derive(Debug, Clone, Serialize)]
pub struct ResultView {
    /// Whether it went to a showdown.
    pub showdown: bool,
    /// Net chips of the hand by seat.
    pub net: Vec<Chips>,
    /// The hands shown.
    pub shown: Vec<ShownView>,
    /// Seats that won chips.
    pub winners: Vec<usize>,
}

/// A hand shown at the showdown.
#[derive(Debug, Clone, Serialize)]
pub struct ShownView {
    /// The seat.
    pub seat: usize,
    /// Its cards.
    pub cards: HoleCards,
    /// Its category ("two pair", ...).
    pub hand: String,
}

/// The role of a position at an `n`-seat table.
fn role(position: usize, n: usize) -> Option<&'static str> {
    match (n, position) {
        (2, 0) => Some("BB"),
        (2, 1) => Some("BTN/SB"),
        (_, 0) => Some("SB"),
        (_, 1) => Some("BB"),
        (n, p) if p + 1 == n => Some("BTN"),
        _ => None,
    }
}

/// The text of an action.
pub(crate) fn action_text(a: &loki_engine::ActionEvent) -> String {
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

/// The hands shown at the showdown of a finished hand, by position.
fn shown_hands<'a>(view: &SeatView<'a>) -> Vec<loki_engine::ShownHand> {
    view.events()
        .filter_map(|e| match e {
            Event::Showdown { hands } => Some(hands.clone()),
            _ => None,
        })
        .flatten()
        .collect()
}

impl Session {
    /// The view of the table for the person: the only thing sent to people.
    pub fn view(&self) -> TableView {
        let n = self.game.seats();
        let g = &self.game;
        let mut seats: Vec<SeatInfo> = (0..n)
            .map(|seat| SeatInfo {
                seat,
                name: self.names[seat].clone(),
                kind: self.kinds[seat].clone(),
                position: None,
                role: None,
                folded: false,
                bet: 0,
                put_in: 0,
                net: self.net[seat],
                cards: None,
                last_action: None,
                to_act: false,
            })
            .collect();
        let mut out = TableView {
            step: self.step,
            you: PERSON,
            hand: None,
            in_progress: false,
            your_turn: false,
            round: None,
            stakes: [g.small_blind(), g.big_blind(), g.small_bet(), g.big_bet()],
            seats: Vec::new(),
            board: Vec::new(),
            pot: 0,
            to_act: None,
            legal: None,
            log: Vec::new(),
            result: None,
            hands_played: self.hands_played(),
            bankroll: self.bankroll.clone(),
            show_model: self.show_model,
            model: None,
        };
        if let Some(hand) = &self.hand {
            if let Some(me) = hand.position_of(PERSON) {
                // Everything below comes from the person's own view.
                let view = hand.state.view(me);
                let seat_of = |p: usize| hand.seats[p];
                out.hand = Some(hand.number + 1);
                out.in_progress = !hand.state.is_complete();
                out.board = view.board().to_vec();
                out.pot = view.pot();
                let bets = hand.state.round_bets();
                for p in 0..n {
                    let s = &mut seats[seat_of(p)];
                    s.position = Some(p);
                    s.role = role(p, n);
                    s.folded = !view.is_live(p);
                    s.put_in = view.contributions()[p];
                    s.bet = if out.in_progress { bets[p] } else { 0 };
                }
                seats[PERSON].cards = view.hole();
                if out.in_progress {
                    out.round = Some(view.round().to_string());
                    out.to_act = view.to_act().map(seat_of);
                    if let Some(s) = out.to_act {
                        seats[s].to_act = true;
                    }
                }
                if view.is_my_turn() {
                    out.your_turn = true;
                    let l = view.legal_actions();
                    let to_call = view.amount_to_call();
                    let bet_to = hand.state.round_bets().iter().copied().max().unwrap_or(0)
                        + view.bet_size();
                    let bet = view.bets_this_round() == 0;
                    out.legal = Some(LegalView {
                        fold: l.fold,
                        call: l.call,
                        raise: l.raise,
                        to_call,
                        call_label: if to_call == 0 {
                            "check".into()
                        } else {
                            format!("call {to_call}")
                        },
                        raise_label: if bet {
                            format!("bet {}", view.bet_size())
                        } else {
                            format!("raise to {bet_to}")
                        },
                    });
                }
                out.log = self.log(&view, &hand.seats);
                for e in view.events() {
                    if let Event::Action(a) = e {
                        seats[seat_of(a.position)].last_action = Some(action_text(a));
                    }
                }
                if let Some(result) = view.result() {
                    let shown = shown_hands(&view);
                    let mut net = vec![0; n];
                    for p in 0..n {
                        net[seat_of(p)] = result.net[p];
                    }
                    for h in &shown {
                        seats[seat_of(h.position)].cards = Some(h.cards);
                    }
                    out.result = Some(ResultView {
                        showdown: result.showdown,
                        winners: (0..n).filter(|&s| net[s] > 0).collect(),
                        net,
                        shown: shown
                            .iter()
                            .map(|h| ShownView {
                                seat: seat_of(h.position),
                                cards: h.cards,
                                hand: h
                                    .rank
                                    .category()
                                    .map_or_else(String::new, |c| c.name().to_string()),
                            })
                            .collect(),
                    });
                }
            }
        }
        out.seats = seats;
        if self.show_model {
            out.model = Some(model_views(self));
        }
        out
    }

    /// The hand's log from the person's view.
    fn log(&self, view: &SeatView<'_>, seats: &[usize]) -> Vec<LogEntry> {
        let name = |p: usize| self.names[seats[p]].clone();
        let mut log = Vec::new();
        for e in view.events() {
            match e {
                Event::BlindsPosted { amounts } => {
                    for (p, &a) in amounts.iter().enumerate().filter(|(_, a)| **a > 0) {
                        log.push(LogEntry {
                            seat: Some(seats[p]),
                            text: format!("{} posts {a}", name(p)),
                        });
                    }
                }
                Event::HoleDealt { position, cards } if *position == view.position() => {
                    log.push(LogEntry {
                        seat: Some(seats[*position]),
                        text: format!("you are dealt {cards}"),
                    });
                }
                Event::BoardDealt { round, cards } => {
                    let c: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
                    log.push(LogEntry {
                        seat: None,
                        text: format!("{round}: {}", c.join(" ")),
                    });
                }
                Event::Action(a) => log.push(LogEntry {
                    seat: Some(seats[a.position]),
                    text: format!("{} {}", name(a.position), action_text(a)),
                }),
                Event::Showdown { hands } => {
                    for h in hands {
                        let cat = h.rank.category().map_or("", |c| c.name());
                        log.push(LogEntry {
                            seat: Some(seats[h.position]),
                            text: format!("{} shows {} ({cat})", name(h.position), h.cards),
                        });
                    }
                }
                Event::PotAwarded { shares, .. } => {
                    for &(p, chips) in shares {
                        log.push(LogEntry {
                            seat: Some(seats[p]),
                            text: format!("{} wins {chips}", name(p)),
                        });
                    }
                }
                _ => {}
            }
        }
        log
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
}
