//! Playing hands with players: [`play_hand`] plays one hand with given cards (the
//! duplicate tournament calls it with its own deck schedule) and [`Table`] plays many
//! hands from a seeded deck, moving the button as the ACPC dealer does.
use crate::{EngineError, GameConfig, HandRecord, HandState, Phase, Player};
use loki_cards::{rng_from_seed, Card, Deck, HoleCards, LokiRng};

/// The cards of one hand: hole cards by position and the five board cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    /// Hole cards by position.
    pub hole: Vec<HoleCards>,
    /// The board (flop, turn, river), used as far as the hand goes.
    pub board: [Card; 5],
}

impl Deal {
    /// Deals `players` hands then the board from the top of a deck (`None` if it runs
    /// out).
    pub fn from_deck(players: usize, deck: &mut Deck) -> Option<Deal> {
        let mut hole = Vec::with_capacity(players);
        for _ in 0..players {
            let c = deck.deal_n(2)?;
            hole.push(HoleCards::new(c[0], c[1]).ok()?);
        }
        let b = deck.deal_n(5)?;
        Some(Deal {
            hole,
            board: [b[0], b[1], b[2], b[3], b[4]],
        })
    }
}

fn broadcast(state: &HandState, players: &mut [&mut dyn Player], from: usize) {
    for e in &state.events()[from..] {
        for (p, player) in players.iter_mut().enumerate() {
            if e.visible_to(p) {
                player.observe(e, &state.view(p));
            }
        }
    }
}

/// Plays one hand: `players[p]` sits at position `p`. Players see only their views; every
/// event they may see is passed to `observe`. An illegal action is an error.
pub fn play_hand(
    config: &GameConfig,
    players: &mut [&mut dyn Player],
    deal: &Deal,
) -> Result<HandRecord, EngineError> {
    let seats: Vec<usize> = (0..config.seats()).collect();
    play_hand_seated(config, players, deal, &seats)
}

/// [`play_hand`] where position `p` belongs to the player of seat `seats[p]`; players see
/// the seats through [`crate::SeatView::seat_of`] and the record keeps them.
pub fn play_hand_seated(
    config: &GameConfig,
    players: &mut [&mut dyn Player],
    deal: &Deal,
    seats: &[usize],
) -> Result<HandRecord, EngineError> {
    let n = config.seats();
    if players.len() != n || deal.hole.len() != n {
        return Err(EngineError::PlayerCount {
            expected: n,
            got: players.len().min(deal.hole.len()),
        });
    }
    let mut state = HandState::new(config)?;
    state.set_seats(seats)?;
    for (p, h) in deal.hole.iter().enumerate() {
        state.deal_hole(p, *h)?;
    }
    for (p, player) in players.iter_mut().enumerate() {
        player.begin_hand(&state.view(p));
    }
    let mut seen = 0;
    loop {
        broadcast(&state, players, seen);
        seen = state.events().len();
        match state.phase() {
            Phase::Complete => break,
            Phase::DealHole(p) | Phase::Reveal(p) => {
                return Err(crate::DealError::HoleNotDue(p).into())
            }
            Phase::DealBoard(round) => {
                let from = round.board_len() - round.cards_dealt();
                state.deal_board(&deal.board[from..round.board_len()])?;
            }
            Phase::Act(p) => {
                let action = players[p].act(&state.view(p));
                if let Err(error) = state.apply(action) {
                    return Err(EngineError::IllegalAction {
                        position: p,
                        name: players[p].name().to_string(),
                        action,
                        error,
                    });
                }
            }
        }
    }
    for (p, player) in players.iter_mut().enumerate() {
        player.end_hand(&state.view(p));
    }
    let names = players.iter().map(|p| p.name().to_string()).collect();
    HandRecord::from_state(&state, names, 0).ok_or(EngineError::PlayerCount {
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
    pub fn seat_of(position: usize, hand: u64, n: usize) -> usize {
        ((position as u64 + hand) % n as u64) as usize
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
        let seats: Vec<usize> = (0..n).map(|p| Table::seat_of(p, h, n)).collect();
        // Reorder the players by position for this hand.
        let mut slots: Vec<Option<&mut Box<dyn Player + Send>>> =
            self.players.iter_mut().map(Some).collect();
        let mut by_position: Vec<&mut dyn Player> = Vec::with_capacity(n);
        for &s in &seats {
            if let Some(p) = slots[s].take() {
                by_position.push(p.as_mut());
            }
        }
        let mut record = play_hand_seated(&self.config, &mut by_position, &deal, &seats)?;
        record.hand_number = h;
        record.seats = seats;
        self.hand_number += 1;
        Ok(record)
    }
    /// Plays `hands` hands and returns their records.
    pub fn play(&mut self, hands: u64) -> Result<Vec<HandRecord>, EngineError> {
        (0..hands).map(|_| self.play_one()).collect()
    }
}
