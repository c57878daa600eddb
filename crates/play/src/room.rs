//! A room: one table where several people and Loki players sit, as Loki played on the
//! IRC poker server where people play each other (Billings, Papp, Schaeffer, Szafron
//! 1998, "Opponent Modeling in Poker", section on the experiments). A room is a
//! [`Session`] whose person seats are open until someone takes them; the bots are seated
//! through `loki_agent` (`Roster`, `SeatedPlayer`) as at a one-person table and model every
//! person by seat as they model any opponent.
//!
//! * [`RoomSpec`]: the seats in order (`open` for a person's seat, else a bot's kind, as
//!   a `--players`-style list such as `2*open,SOM,GOM,open,LOKI2`), the stakes, the seed.
//! * People take open seats by name ([`Session::take_seat`]); a person may sit out and
//!   come back ([`Session::set_present`]); a seat is given up with
//!   [`Session::vacate`]. A hand deals only the seats present (every bot, each seated
//!   person not sitting out): a person sitting out pays no blind. A person who sits out
//!   in the middle of a hand checks when free, else folds, at each turn left.
//! * A person who lets the time run out is checked when free, else folded
//!   ([`Session::time_out`]; the clock is the caller's: this crate has no I/O).
//! * What a person sees is [`Session::view_for`] of the person's seat: never another
//!   seat's hole cards before the showdown.
//!
//! Values **ours**: a person's seat is named `seat N` (from 1) while it is open; study
//! mode is off in rooms (a bot's own strength would help one person against another).
use crate::betting::free_or_fold;
use crate::hand::Occupant;
use crate::session::Session;
use crate::spec::{bot_name_clash, name_skeleton, person_name, reserved_name};
use crate::{PlayError, SpecError};
use loki_agent::{player_seed, seat_names, Roster, RosterError, SeatedPlayer};
use loki_bot::LokiConfig;
use loki_engine::{PlayerSpec, Position, Seat, Stakes};
use loki_store::Profile;

/// The word that marks a person's seat in a room's layout.
pub const OPEN: &str = "open";

/// One decision a hand waits for: the same while it waits for it, whatever else
/// changes at the table (people joining, sitting out, coming back, leaving), and
/// different for every later decision (the caller's clock keys the time bank on it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The hand's number (from 1).
    pub hand: u64,
    /// The events of the hand before the decision.
    pub events: usize,
    /// The seat to act.
    pub seat: usize,
}

/// Who sits in a seat of a room.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatKind {
    /// A seat for a person.
    Person,
    /// A bot of this kind (canonical name).
    Bot(String),
}

/// A room to open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoomSpec {
    /// The seats in order, 2 to 10, at least one a person's.
    pub seats: Vec<SeatKind>,
    /// The stakes.
    pub stakes: Stakes,
    /// The seed of the deck (and of the bots' random generators).
    pub seed: u64,
}

impl RoomSpec {
    /// The seats of a layout such as `2*open,SOM,GOM,open,LOKI2` (`open` is a person's
    /// seat; every other name a bot's kind, checked against `roster`).
    ///
    /// # Errors
    /// A layout that does not parse, names an unknown kind, has fewer than 2 or more
    /// than 10 seats, or no seat for a person.
    pub fn layout(text: &str, roster: &Roster) -> Result<Vec<SeatKind>, SpecError> {
        let spec = PlayerSpec::parse(text).map_err(RosterError::from)?;
        // Counts are the browser's: add them without overflow before expanding.
        let n = spec
            .entries
            .iter()
            .fold(0usize, |n, e| n.saturating_add(e.count));
        if !(2..=10).contains(&n) {
            return Err(SpecError::Seats(n));
        }
        let seats = spec
            .expand()
            .into_iter()
            .map(|k| {
                if k == OPEN {
                    Ok(SeatKind::Person)
                } else {
                    roster.canonical(&k).map(SeatKind::Bot)
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        if !seats.contains(&SeatKind::Person) {
            return Err(SpecError::NoPersonSeat);
        }
        Ok(seats)
    }
}

/// The name of an open seat.
fn open_name(seat: usize) -> String {
    format!("seat {}", seat + 1)
}

impl Session {
    /// A room for `spec` under a Loki configuration: its bots seated, its people's seats
    /// open.
    ///
    /// # Errors
    /// Bad seats, stakes or bots.
    pub fn room(spec: &RoomSpec, config: LokiConfig) -> Result<Session, SpecError> {
        let n = spec.seats.len();
        if !(2..=10).contains(&n) {
            return Err(SpecError::Seats(n));
        }
        if !spec.seats.contains(&SeatKind::Person) {
            return Err(SpecError::NoPersonSeat);
        }
        // A one-person session of the right size gives the game, the stakes' checks
        // and the bookkeeping; its seats are then replaced.
        let mut base = crate::TableSpec::new("room", spec.seed);
        base.seats = n;
        base.stakes = spec.stakes;
        base.bots = "call".into();
        base.show_model = false;
        let mut s = Session::new(&base, LokiConfig::default(), None)?;
        let roster = Roster::new(config)?;
        let bot_kinds: Vec<String> = spec
            .seats
            .iter()
            .filter_map(|k| match k {
                SeatKind::Bot(kind) => Some(kind.clone()),
                SeatKind::Person => None,
            })
            .collect();
        let mut bot_names = seat_names(&bot_kinds).into_iter();
        let mut occupants = Vec::with_capacity(n);
        let mut names = Vec::with_capacity(n);
        let mut kinds = Vec::with_capacity(n);
        for (seat, kind) in spec.seats.iter().enumerate() {
            match kind {
                SeatKind::Person => {
                    occupants.push(Occupant::Person);
                    names.push(open_name(seat));
                    kinds.push("person".to_string());
                }
                SeatKind::Bot(kind) => {
                    let name = bot_names.next().unwrap_or_else(|| open_name(seat));
                    let seed = player_seed(spec.seed, 0, seat);
                    let bot = SeatedPlayer::build(&roster, kind, &name, seed)?;
                    occupants.push(Occupant::Bot(Box::new(bot)));
                    names.push(name);
                    kinds.push(kind.clone());
                }
            }
        }
        s.window = roster.know.config.model.window;
        s.known_kinds = roster.names();
        s.huds = names.iter().map(|n| Profile::empty(n)).collect();
        s.present = spec
            .seats
            .iter()
            .map(|k| matches!(k, SeatKind::Bot(_)))
            .collect();
        s.taken = vec![false; n];
        s.occupants = occupants;
        s.names = names;
        s.kinds = kinds;
        s.room = true;
        s.study = false;
        Ok(s)
    }

    /// Whether a person's seat is taken by someone.
    pub fn is_taken(&self, seat: usize) -> bool {
        self.taken.get(seat).copied().unwrap_or(false)
    }
    /// Whether a seat is a person's (taken or not).
    pub fn is_person_seat(&self, seat: usize) -> bool {
        matches!(self.occupants.get(seat), Some(Occupant::Person))
    }
    /// Whether a seat is dealt into the next hand.
    pub fn is_present(&self, seat: usize) -> bool {
        self.present.get(seat).copied().unwrap_or(false)
    }
    /// The people's seats that nobody has taken.
    pub fn open_seats(&self) -> Vec<usize> {
        (0..self.occupants.len())
            .filter(|&s| self.is_person_seat(s) && !self.is_taken(s))
            .collect()
    }

    /// Seats the person `name` in the first open seat (present from the next hand on):
    /// the bots' models of the seat start again, from the person's stored `profile` if
    /// any (nothing of the seat's earlier person carries over). Returns the seat.
    ///
    /// # Errors
    /// A bad name, a bot's name or a name already at the table ([`SpecError::Name`],
    /// [`SpecError::BotName`], [`SpecError::ReservedName`], [`SpecError::NameTaken`],
    /// [`SpecError::NameLooksLike`]: names compared as [`crate::name_skeleton`]s), or no
    /// open seat
    /// ([`SpecError::RoomFull`]).
    pub fn take_seat(&mut self, name: &str, profile: Option<&Profile>) -> Result<usize, SpecError> {
        let name = person_name(name)?;
        let bots: Vec<String> = (0..self.names.len())
            .filter(|&s| !self.is_person_seat(s))
            .map(|s| self.names[s].clone())
            .collect();
        let known = self.known_kinds.iter().map(String::as_str);
        if let Some(bot) = bot_name_clash(&name, known, &bots) {
            return Err(SpecError::BotName { name, bot });
        }
        if let Some(word) = reserved_name(&name) {
            return Err(SpecError::ReservedName { name, word });
        }
        let (lower, skeleton) = (name.to_lowercase(), name_skeleton(&name));
        let clash = (0..self.names.len())
            .filter(|&s| self.is_taken(s))
            .map(|s| &self.names[s])
            .find(|n| name_skeleton(n) == skeleton);
        if let Some(taken) = clash {
            if taken.to_lowercase() == lower {
                return Err(SpecError::NameTaken(name));
            }
            let taken = taken.clone();
            return Err(SpecError::NameLooksLike { name, taken });
        }
        let seat = *self.open_seats().first().ok_or(SpecError::RoomFull)?;
        self.taken[seat] = true;
        self.present[seat] = true;
        self.names[seat] = name.clone();
        self.huds[seat] = Profile::empty(&name);
        self.bankrolls[seat].clear();
        self.net_from[seat] = self.net[seat];
        let window = self.window;
        let fresh = Profile::empty(&name);
        let known = profile.unwrap_or(&fresh);
        for o in &mut self.occupants {
            if let Occupant::Bot(b) = o {
                b.know(Seat::new(seat), known, window);
            }
        }
        self.step += 1;
        Ok(seat)
    }

    /// A person sits out (`false`: not dealt into later hands; in the hand in progress,
    /// checks when free, else folds, at each turn left) or comes back (`true`: dealt in
    /// from the next hand on).
    ///
    /// # Errors
    /// The seat is not a taken person's seat; [`PlayError::Engine`] on a bug.
    pub fn set_present(&mut self, seat: usize, present: bool) -> Result<(), PlayError> {
        if !self.is_person_seat(seat) || !self.is_taken(seat) {
            return Err(PlayError::NotAPersonSeat(seat));
        }
        if self.present[seat] == present {
            return Ok(());
        }
        self.present[seat] = present;
        self.step += 1;
        self.run()
    }

    /// Gives a person's seat up: it is open again (its person, if in the hand in
    /// progress, checks or folds to the end of it).
    ///
    /// # Errors
    /// As [`Session::set_present`].
    pub fn vacate(&mut self, seat: usize) -> Result<(), PlayError> {
        self.set_present(seat, false)?;
        self.taken[seat] = false;
        if self
            .hand
            .as_ref()
            .is_none_or(|h| h.position_of(seat).is_none())
        {
            self.names[seat] = open_name(seat);
        }
        self.step += 1;
        Ok(())
    }

    /// The hand in progress or the last one: its number (from 1) and the hole cards of
    /// every seat dealt in, by seat. For the server's own tests and logs: never sent to
    /// anyone.
    pub fn dealt_cards(&self) -> Option<(u64, Vec<(usize, String)>)> {
        let h = self.hand.as_ref()?;
        let mut cards = Vec::new();
        for (p, hole) in Position::all(h.seats.len()).zip(h.state().hole_cards()) {
            for c in hole.iter().flat_map(|x| x.cards()) {
                cards.push((h.seat_of(p), c.to_string()));
            }
        }
        Some((h.number + 1, cards))
    }

    /// The decision the hand in progress waits for, if any (see [`Turn`]).
    pub fn turn(&self) -> Option<Turn> {
        let h = self.hand.as_ref().filter(|h| !h.state().is_complete())?;
        let seat = self.seat_to_act()?;
        Some(Turn {
            hand: h.number + 1,
            events: h.state().events().len(),
            seat,
        })
    }

    /// The person to act at `step` ran out of time: checked when free, else folded; the
    /// bots then play on. Returns the seat that timed out, `None` when the step is stale
    /// or no person is to act (nothing changes).
    ///
    /// # Errors
    /// [`PlayError::Engine`] on a bug.
    pub fn time_out(&mut self, step: u64) -> Result<Option<usize>, PlayError> {
        if step != self.step || !self.in_progress() {
            return Ok(None);
        }
        let Some(seat) = self.seat_to_act().filter(|&s| self.is_person_seat(s)) else {
            return Ok(None);
        };
        let Some(h) = &self.hand else {
            return Ok(None);
        };
        let p = h.state().to_act().ok_or(PlayError::NoHand)?;
        let action = free_or_fold(h.state(), p);
        self.act(seat, action, step)?;
        Ok(Some(seat))
    }
}

#[cfg(test)]
#[path = "room_tests.rs"]
mod tests;
