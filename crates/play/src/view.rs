//! [`TableView`]: everything a message to the person may carry, and nothing more. It is
//! built from the person's `SeatView` (the engine's view, which holds no other seat's
//! hole cards) and, once the hand is over, the cards shown at the showdown; the seed,
//! the deck and the bots' cards stay in the session. The model view ([`ModelView`]) is
//! added only while the person has it on, and a bot's own hand strength and rule only
//! once the hand is over or in study mode (`belief.rs`).
use crate::belief::{model_views, ModelView};
use crate::history::as_seen_by;
use crate::hud::{hud_of, merged, HudView};
use crate::narrate::{narrate, role, LogEntry, PotView, ShownView};
use crate::session::{Session, PERSON};
use crate::settle::names_by_position;
use loki_cards::{Card, HoleCards};
use loki_engine::{ByPosition, Chips, Event, Seat};
use serde::Serialize;

/// The table as the person may see it.
#[derive(Debug, Clone, Default, Serialize)]
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
    /// What happened in this hand, as the person saw it, in order (the page replays the
    /// bots' actions from it one at a time).
    pub log: Vec<LogEntry>,
    /// The outcome, once the hand is over.
    pub result: Option<ResultView>,
    /// Hands finished.
    pub hands_played: usize,
    /// The person's session net after each finished hand.
    pub bankroll: Vec<Chips>,
    /// Whether the model view is on.
    pub show_model: bool,
    /// Whether study mode is on: the bots' own strength and rules are shown during the
    /// hand.
    pub study: bool,
    /// What each Loki player believes (only while the model view is on).
    pub model: Option<Vec<ModelView>>,
}

/// One seat.
#[derive(Debug, Clone, Default, Serialize)]
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
    /// The seat's last action in the current round ("calls 2", ...); cleared when a new
    /// street is dealt.
    pub last_action: Option<String>,
    /// Whether this seat is to act.
    pub to_act: bool,
    /// The seat's HUD: for a bot, its play at this table; for the person, the bots' view
    /// of the person (the stored profile and this session).
    pub hud: HudView,
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
    /// Each pot (the main pot first): who won it and with what.
    pub pots: Vec<PotView>,
    /// The result in words, a line per pot ("SOM wins 36 with two pair, jacks and
    /// fours"; "Ann and SOM split 36 (18 each) with flush, ace high").
    pub banner: Vec<String>,
}

impl Session {
    /// The HUD of a seat (the person's: the stored profile and this session).
    pub fn hud(&self, seat: usize) -> HudView {
        match (&self.known, seat) {
            (Some(known), PERSON) => hud_of(&merged(known, &self.huds[PERSON])),
            _ => hud_of(&self.huds[seat]),
        }
    }

    /// The view of the table for the person: the only thing sent to people.
    pub fn view(&self) -> TableView {
        let mut v = self.view_for(PERSON, self.show_model);
        v.bankroll = self.bankroll.clone();
        v
    }

    /// The view of the table for the person in seat `you` (a room's person, or the
    /// person of a one-person table), with the model view when `show_model`. Everyone
    /// sees the hand's public part (board, pot, bets, folds, the seat to act); the rest
    /// (cards, the log, the choices, the result) is built from that person's own
    /// `SeatView` only, so a person not dealt into the hand sees no cards at all.
    pub fn view_for(&self, you: usize, show_model: bool) -> TableView {
        let (mut out, mut seats) = self.bare_view(you);
        out.show_model = show_model;
        if let Some(hand) = &self.hand {
            public_part(hand, &mut out, &mut seats);
            if let Some(me) = hand.position_of(you) {
                // Everything below comes from the person's own view.
                let view = hand.state().view(me);
                let bets = view.round_bets();
                seats[you].cards = view.hole();
                if view.is_my_turn() {
                    out.your_turn = true;
                    let l = view.legal_actions();
                    let to_call = view.amount_to_call();
                    let bet_to = bets.iter().copied().max().unwrap_or(0) + view.bet_size();
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
                let names = names_by_position(&hand.seats, &self.names);
                let told = narrate(view.events(), &hand.seats, &names, Some(me));
                for (&seat, label) in hand.seats.iter().zip(told.labels) {
                    seats[seat.index()].last_action = label;
                }
                out.log = told.log;
                if let Some(result) = view.result() {
                    let (shown, pots) = (told.shown, told.pots);
                    out.result = Some(ResultView {
                        showdown: result.showdown,
                        ..settled(shown, pots, &hand.seats, &result.net, &mut seats)
                    });
                }
            }
        }
        out.seats = seats;
        if show_model {
            out.model = Some(model_views(self));
        }
        out
    }

    /// The table of seat `you` with no hand: the seats' names, kinds, nets and HUDs.
    fn bare_view(&self, you: usize) -> (TableView, Vec<SeatInfo>) {
        let g = &self.game;
        let mut seats: Vec<SeatInfo> = (0..g.seats())
            .map(|seat| SeatInfo {
                seat,
                name: self.names[seat].clone(),
                kind: self.kinds[seat].clone(),
                // A room's seat counts from when its person sat down.
                net: self.net[seat] - self.net_from[seat],
                hud: self.hud(seat),
                ..SeatInfo::default()
            })
            .collect();
        if let Some(s) = seats.get_mut(you).filter(|_| self.room) {
            s.kind = "you".into();
        }
        let out = TableView {
            step: self.step,
            you,
            stakes: [g.small_blind(), g.big_blind(), g.small_bet(), g.big_bet()],
            hands_played: self.hands_played(),
            bankroll: self.bankrolls.get(you).cloned().unwrap_or_default(),
            study: self.study,
            ..TableView::default()
        };
        (out, seats)
    }

    /// The last finished hand as the person in seat `you` saw it, for its replay: its
    /// log, board, pot and result, with the person's own cards (if it was dealt to the
    /// person now in that seat, by name) and the cards shown at its showdown, no other.
    /// A person not dealt into it sees the shown cards only; a spectator (`you` past the
    /// seats) no hole card at all, as in its live view. Never the hand in progress (only
    /// finished hands are kept).
    pub fn last_hand_for(&self, you: usize) -> Option<TableView> {
        let (r, _) = self.history.back()?;
        let me = r
            .seats
            .position_of(Seat::new(you))
            .filter(|&p| self.names.get(you) == r.names.get(p));
        let mut seen = as_seen_by(r, me.map_or(usize::MAX, |_| you));
        if you >= self.names.len() {
            // A spectator sees no hole card, not even one shown at the showdown (as in its
            // live view).
            seen.played
                .events
                .retain(|e| !matches!(e, Event::Showdown { .. }));
        }
        let told = narrate(&seen.events, &r.seats, &r.names, me);
        let (mut out, mut seats) = self.bare_view(you);
        for (p, seat) in r.seats.enumerate() {
            let s = &mut seats[seat.index()];
            (s.name, s.position, s.role) = (
                r.names[p].clone(),
                Some(p.index()),
                role(p.index(), r.seats.len()),
            );
            (s.put_in, s.last_action) = (r.contributions[p], told.labels[p].clone());
        }
        for e in told.log.iter().filter(|e| e.action == Some("fold")) {
            seats[e.seat.unwrap_or(you)].folded = true;
        }
        if let Some(p) = me {
            seats[you].cards = r.hole[p];
        }
        let result = ResultView {
            showdown: r.ranks.iter().any(Option::is_some),
            ..settled(told.shown, told.pots, &r.seats, &r.net, &mut seats)
        };
        out.hand = Some(r.hand_number + 1);
        (out.board, out.pot) = (r.board.clone(), r.contributions.iter().sum());
        (out.log, out.result, out.seats) = (told.log, Some(result), seats);
        Some(out)
    }
}

/// The outcome of a finished hand from what was told of it (`at[p]` is position `p`'s
/// seat); the cards shown are put on their seats.
fn settled(
    shown: Vec<ShownView>,
    pots: Vec<PotView>,
    at: &ByPosition<Seat>,
    net_by_position: &ByPosition<Chips>,
    seats: &mut [SeatInfo],
) -> ResultView {
    let mut net = vec![0; seats.len()];
    for (&seat, &v) in at.iter().zip(net_by_position) {
        net[seat.index()] = v;
    }
    for h in &shown {
        seats[h.seat].cards = Some(h.cards);
    }
    ResultView {
        showdown: false,
        winners: (0..net.len()).filter(|&s| net[s] > 0).collect(),
        net,
        shown,
        banner: pots.iter().map(|p| p.text.clone()).collect(),
        pots,
    }
}

/// The public part of a hand, the same for every person: the hand's number, the board,
/// the pot, each seat's bets and folds, the seat to act. No event is read, so no card
/// but the board's.
fn public_part(hand: &crate::hand::Hand, out: &mut TableView, seats: &mut [SeatInfo]) {
    let state = hand.state();
    let n = hand.seats.len();
    out.hand = Some(hand.number + 1);
    out.in_progress = !state.is_complete();
    out.board = state.board().to_vec();
    out.pot = state.pot();
    for (p, seat) in hand.seats.enumerate() {
        let s = &mut seats[seat.index()];
        s.position = Some(p.index());
        s.role = role(p.index(), n);
        s.folded = !state.is_live(p);
        s.put_in = state.contributions()[p.index()];
        s.bet = if out.in_progress {
            state.round_bets()[p.index()]
        } else {
            0
        };
    }
    if out.in_progress {
        out.round = Some(state.round().to_string());
        out.to_act = state.to_act().map(|p| hand.seat_of(p));
        if let Some(s) = out.to_act {
            seats[s].to_act = true;
        }
    }
}
