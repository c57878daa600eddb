//! Playing hands with players: [`play_hand`] plays one hand with given cards (the
//! duplicate tournament calls it with its own deck schedule) and [`Table`] plays many
//! hands from a seeded deck, moving the button as the ACPC dealer does.
use crate::driver::{Deal, HandDriver, Seating};
use crate::ByPosition;
use crate::{
    Action, EngineError, Event, GameConfig, HandRecord, HandState, Player, Position, Seat, SeatView,
};
use loki_cards::{rng_from_seed, Deck, LokiRng};

/// The players of one hand by position, as a [`Seating`]: each sees what it may see and
/// plays its own turns.
struct PlayersInHand<'a, 'b>(&'a mut ByPosition<&'b mut dyn Player>);

impl Seating for PlayersInHand<'_, '_> {
    type Error = EngineError;
    fn begin(&mut self, position: Position, view: &SeatView) {
        self.0[position].begin_hand(view);
    }
    fn observe(&mut self, position: Position, event: &Event, view: &SeatView) {
        self.0[position].observe(event, view);
    }
    fn act(
        &mut self,
        state: &HandState,
        position: Position,
    ) -> Result<Option<Action>, EngineError> {
        Ok(Some(self.0[position].act(&state.view(position))))
    }
    fn name(&self, position: Position) -> String {
        self.0[position].name().to_string()
    }
    fn end(&mut self, position: Position, view: &SeatView) {
        self.0[position].end_hand(view);
    }
}

/// Plays one hand: `players[p]` sits at position `p`. Players see only their views; every
/// event they may see is passed to `observe`. An illegal action is an error.
pub fn play_hand(
    config: &GameConfig,
    players: &mut [&mut dyn Player],
    deal: &Deal,
) -> Result<HandRecord, EngineError> {
    let seats: ByPosition<Seat> = Seat::all(config.seats()).collect();
    let mut players: ByPosition<&mut dyn Player> = players
        .iter_mut()
        .map(|p| &mut **p as &mut dyn Player)
        .collect();
    play_in_positions(config, &mut players, deal, &seats)
}

/// [`play_hand`] with the players of a table by seat, where position `p` belongs to the
/// player of seat `seats[p]`; players see the seats through
/// [`crate::SeatView::seat_of`] and the record keeps them.
pub fn play_hand_seated<P: Player>(
    config: &GameConfig,
    by_seat: &mut [P],
    deal: &Deal,
    seats: &ByPosition<Seat>,
) -> Result<HandRecord, EngineError> {
    let got = by_seat.len();
    let mut players = ByPosition::seated(by_seat, seats)
        .ok_or(EngineError::PlayerCount {
            expected: config.seats(),
            got,
        })?
        .into_iter()
        .map(|p| p as &mut dyn Player)
        .collect();
    play_in_positions(config, &mut players, deal, seats)
}

/// Plays one hand with the players in position order, `seats[p]` the seat of position
/// `p`.
fn play_in_positions(
    config: &GameConfig,
    players: &mut ByPosition<&mut dyn Player>,
    deal: &Deal,
    seats: &ByPosition<Seat>,
) -> Result<HandRecord, EngineError> {
    let n = config.seats();
    if players.len() != n {
        return Err(EngineError::PlayerCount {
            expected: n,
            got: players.len(),
        });
    }
    let mut driver = HandDriver::new(config, deal.clone(), seats)?;
    let mut seating = PlayersInHand(players);
    driver.begin(&mut seating);
    driver.run(&mut seating)?;
    let names = players.iter().map(|p| p.name().to_string()).collect();
    HandRecord::from_state(driver.state(), names, 0).ok_or(EngineError::PlayerCount {
        expected: n,
        got: 0,
    })
}

/// Plays hands between players at fixed seats; the seat of position `p` in hand `h` is
/// `(p + h) mod N` (the ACPC dealer's button move). Cards come from one seeded generator:
/// hand `h` uses the `h`-th shuffle.
pub struct Table {
    config: GameConfig,
    players: Vec<Box<dyn Player + Send>>,
    rng: LokiRng,
    hand_number: u64,
}

impl Table {
    /// A table: `players[s]` sits at seat `s`.
    pub fn new(
        config: GameConfig,
        players: Vec<Box<dyn Player + Send>>,
        seed: u64,
    ) -> Result<Table, EngineError> {
        if players.len() != config.seats() {
            return Err(EngineError::PlayerCount {
                expected: config.seats(),
                got: players.len(),
            });
        }
        Ok(Table {
            config,
            players,
            rng: rng_from_seed(seed),
            hand_number: 0,
        })
    }
    /// The seat of `position` in hand `hand` at an `n`-player table.
    pub fn seat_of(position: Position, hand: u64, n: usize) -> Seat {
        Seat::new(((position.index() as u64 + hand) % n as u64) as usize)
    }
    /// Player names by seat.
    pub fn names(&self) -> Vec<String> {
        self.players.iter().map(|p| p.name().to_string()).collect()
    }
    /// Plays the next hand.
    pub fn play_one(&mut self) -> Result<HandRecord, EngineError> {
        let n = self.config.seats();
        let h = self.hand_number;
        let mut deck = Deck::shuffled(&mut self.rng);
        let deal = Deal::from_deck(n, &mut deck).ok_or(EngineError::PlayerCount {
            expected: n,
            got: n,
        })?;
        let seats: ByPosition<Seat> = Position::all(n).map(|p| Table::seat_of(p, h, n)).collect();
        let got = self.players.len();
        let mut by_position = ByPosition::seated(&mut self.players, &seats)
            .ok_or(EngineError::PlayerCount { expected: n, got })?
            .into_iter()
            .map(|p| p.as_mut() as &mut dyn Player)
            .collect();
        let mut record = play_in_positions(&self.config, &mut by_position, &deal, &seats)?;
        record.played.hand_number = h;
        record.played.seats = seats;
        self.hand_number += 1;
        Ok(record)
    }
    /// Plays `hands` hands and returns their records.
    pub fn play(&mut self, hands: u64) -> Result<Vec<HandRecord>, EngineError> {
        (0..hands).map(|_| self.play_one()).collect()
    }
}
