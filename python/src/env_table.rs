//! One table of `loki.env`, without Python: a seeded dealer (the engine `Table`'s: one
//! generator, hand `h` the `h`-th shuffle, dealt as `Deal::from_deck`, the seat at
//! position `p` in hand `h` being `(p + h) mod N`), the hand in progress, and the Loki
//! players that sit at some seats and play their turns by themselves (each sees exactly
//! the events it would see at loki's table). The other seats are the caller's: the table
//! advances until one of them is to act or the hand is over. With a Loki player at every
//! seat but the caller's, hands are those of `loki simulate` with the same seed.
use crate::observation;
use loki_agent::SeatedPlayer;
use loki_cards::{rng_from_seed, Deck, LokiRng};
use loki_engine::{
    Action, ActionError, Chips, Deal, EngineError, Event, GameConfig, HandDriver, HandState,
    Player, Seat, SeatView, Seating, Table,
};
use loki_engine::{ByPosition, Position};

/// A table of the environment.
pub struct EnvTable {
    config: GameConfig,
    rng: LokiRng,
    /// Hands dealt (the current hand is `hand - 1`).
    hand: u64,
    /// The hand in progress, driven by the engine's one hand loop.
    driver: HandDriver,
    /// The Loki player at each seat (None: the caller's seat).
    bots: Vec<Option<SeatedPlayer>>,
    /// What a copy needs: the generator and the bots' states before this hand, and the
    /// caller's actions in it.
    start: TableStart,
    actions: Vec<Action>,
    /// Rewards by seat (big blinds) of finished hands not yet taken, and whether the
    /// current hand's are in.
    pending: Vec<f64>,
    collected: bool,
}

/// A table between hands: the dealer's generator and each bot's learned state.
#[derive(Clone)]
pub struct TableStart {
    /// The generator's state (`loki_cards::rng_state`).
    pub rng: String,
    /// Hands dealt before.
    pub hand: u64,
    /// Each seat's bot state (`Player::save_state`; None for a caller's seat or a
    /// stateless player).
    pub bots: Vec<Option<String>>,
}

impl EnvTable {
    /// A table of `config` whose seat `s` is played by `bots[s]` (None: the caller),
    /// dealing from a generator seeded by `seed`; the first hand is dealt.
    ///
    /// # Errors
    /// Not one bot slot per seat.
    pub fn new(
        config: GameConfig,
        bots: Vec<Option<SeatedPlayer>>,
        seed: u64,
    ) -> Result<EnvTable, String> {
        let rng = rng_from_seed(seed);
        EnvTable::resume(config, bots, rng, 0)
    }

    /// A table whose dealer continues from `rng` after `hand` hands; the next hand is
    /// dealt.
    fn resume(
        config: GameConfig,
        bots: Vec<Option<SeatedPlayer>>,
        rng: LokiRng,
        hand: u64,
    ) -> Result<EnvTable, String> {
        if bots.len() != config.seats() {
            return Err(format!(
                "{} players for {} seats",
                bots.len(),
                config.seats()
            ));
        }
        let mut rng = rng;
        let start = table_start(&rng, hand, &bots);
        let driver = deal_hand(&config, &mut rng, hand)?;
        let mut t = EnvTable {
            pending: vec![0.0; config.seats()],
            config,
            rng,
            hand: hand + 1,
            driver,
            bots,
            start,
            actions: Vec::new(),
            collected: false,
        };
        t.driver.begin(&mut Bots(&mut t.bots));
        t.advance();
        Ok(t)
    }

    /// A table rebuilt from a [`TableStart`] and the caller's actions since: exactly the
    /// table that made them.
    ///
    /// # Errors
    /// A state that does not load, or an action the hand refuses.
    pub fn restore(
        config: GameConfig,
        mut bots: Vec<Option<SeatedPlayer>>,
        start: &TableStart,
        actions: &[Action],
    ) -> Result<EnvTable, String> {
        for (bot, state) in bots.iter_mut().zip(&start.bots) {
            if let (Some(b), Some(s)) = (bot.as_mut(), state) {
                b.load_state(s).map_err(|e| e.to_string())?;
            }
        }
        let rng = loki_cards::rng_from_state(&start.rng).ok_or("bad generator state")?;
        let mut t = EnvTable::resume(config, bots, rng, start.hand)?;
        for a in actions {
            t.apply(*a).map_err(|e| e.to_string())?;
        }
        Ok(t)
    }

    /// The table between hands as this hand began, and the caller's actions since.
    pub fn snapshot(&self) -> (TableStart, Vec<Action>) {
        (self.start.clone(), self.actions.clone())
    }

    /// Ends the hand in progress if it is not over (nothing is settled), and deals the
    /// next one.
    ///
    /// # Errors
    /// None in practice: a validated game starts a hand, and a fresh deck deals it.
    pub fn next_hand(&mut self) -> Result<(), String> {
        self.start = table_start(&self.rng, self.hand, &self.bots);
        self.actions.clear();
        self.collected = false;
        self.driver = deal_hand(&self.config, &mut self.rng, self.hand)?;
        self.hand += 1;
        self.driver.begin(&mut Bots(&mut self.bots));
        self.advance();
        Ok(())
    }

    /// Shows the new events to the bots, deals the board when due and lets the bots act,
    /// until a caller's seat is to act or the hand is over (then the bots end it).
    fn advance(&mut self) {
        // The bots' actions are made legal and the cards are dealt in order: nothing can
        // fail.
        let _ = self.driver.run(&mut Bots(&mut self.bots));
    }

    /// The caller's action at its turn; the table then advances.
    ///
    /// # Errors
    /// An illegal action (nothing changes) or no caller's seat to act.
    pub fn apply(&mut self, action: Action) -> Result<(), ActionError> {
        if self.to_act_seat().is_none() {
            return Err(ActionError::NotActing);
        }
        self.driver.apply(action)?;
        self.actions.push(action);
        self.advance();
        Ok(())
    }

    /// The caller's seat to act, if any.
    pub fn to_act_seat(&self) -> Option<usize> {
        let p = self.driver.state().to_act()?;
        let seat = self.driver.state().seats()[p].index();
        self.bots[seat].is_none().then_some(seat)
    }

    /// The position of `seat` in this hand.
    pub fn position_of(&self, seat: usize) -> usize {
        self.driver
            .state()
            .seats()
            .iter()
            .position(|s| s.index() == seat)
            .unwrap_or(0)
    }

    /// Whether the hand is over.
    pub fn is_over(&self) -> bool {
        self.driver.state().is_complete()
    }

    /// Adds the finished hand's rewards (net chips by seat in big blinds) to the pending
    /// ones, once.
    pub fn collect(&mut self) {
        if self.collected {
            return;
        }
        if let Some(net) = self.net_by_seat() {
            let bb = self.config.big_blind() as f64;
            for (r, v) in self.pending.iter_mut().zip(net) {
                *r += v as f64 / bb;
            }
            self.collected = true;
        }
    }

    /// Collects and deals while the hand is over (the bots may play a whole hand without
    /// the caller); returns the hands finished.
    ///
    /// # Errors
    /// As [`EnvTable::next_hand`]; a table without a caller's seat.
    pub fn settle(&mut self) -> Result<u32, String> {
        if self.bots.iter().all(Option::is_some) {
            return Err("every seat is a Loki player: nobody is left to play".into());
        }
        let mut k = 0;
        while self.is_over() {
            self.collect();
            self.next_hand()?;
            k += 1;
        }
        Ok(k)
    }

    /// The pending rewards by seat, which are then zero.
    pub fn take_rewards(&mut self) -> Vec<f64> {
        let n = self.pending.len();
        std::mem::replace(&mut self.pending, vec![0.0; n])
    }

    /// The pending rewards and whether the hand's are in (for a copy).
    pub fn rewards_state(&self) -> (Vec<f64>, bool) {
        (self.pending.clone(), self.collected)
    }

    /// Sets the pending rewards (for a copy).
    pub fn set_rewards_state(&mut self, pending: Vec<f64>, collected: bool) {
        if pending.len() == self.pending.len() {
            self.pending = pending;
        }
        self.collected = collected;
    }

    /// Net chips by seat of the finished hand.
    pub fn net_by_seat(&self) -> Option<Vec<Chips>> {
        let r = self.driver.state().result()?;
        let mut net = vec![0; self.config.seats()];
        for (p, v) in r.net.iter().enumerate() {
            net[self.driver.state().seats()[Position::new(p)].index()] = *v;
        }
        Some(net)
    }

    /// The observation of `seat` (see [`observation`]) into `out`.
    pub fn observe(&self, seat: usize, out: &mut [f32]) {
        observation::encode(self.driver.state(), self.position_of(seat), out);
    }

    /// The information-state string of `seat` (see [`observation::info_state`]).
    pub fn info_state(&self, seat: usize) -> String {
        observation::info_state(self.driver.state(), self.position_of(seat))
    }

    /// The hand in progress.
    pub fn state(&self) -> &HandState {
        self.driver.state()
    }

    /// The game.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// Hands dealt.
    pub fn hands(&self) -> u64 {
        self.hand
    }
}

/// The table between hands: the dealer's generator, hands dealt, each bot's state.
fn table_start(rng: &LokiRng, hand: u64, bots: &[Option<SeatedPlayer>]) -> TableStart {
    TableStart {
        rng: loki_cards::rng_state(rng),
        hand,
        bots: bots
            .iter()
            .map(|b| b.as_ref().and_then(Player::save_state))
            .collect(),
    }
}

/// Hand `h` of the table (the next shuffle of `rng`), its hole cards dealt.
fn deal_hand(config: &GameConfig, rng: &mut LokiRng, h: u64) -> Result<HandDriver, String> {
    let n = config.seats();
    let mut deck = Deck::shuffled(rng);
    // 2n + 5 <= 25 cards of 52: the deal cannot run out.
    let deal = Deal::from_deck(n, &mut deck).ok_or("the deck ran out")?;
    let seats: ByPosition<Seat> = Position::all(n).map(|p| Table::seat_of(p, h, n)).collect();
    HandDriver::new(config, deal, &seats).map_err(|e| e.to_string())
}

/// The Loki players of a table by seat, as the driver's [`Seating`]: each sees what its
/// position may see and plays its turns (an illegal answer becomes a call); a caller's
/// seat hands the turn back.
struct Bots<'a>(&'a mut [Option<SeatedPlayer>]);

impl Bots<'_> {
    fn at(&mut self, state: &HandState, position: usize) -> Option<&mut SeatedPlayer> {
        self.0[state.seats()[Position::new(position)].index()].as_mut()
    }
}

impl Seating for Bots<'_> {
    type Error = EngineError;
    fn begin(&mut self, position: Position, view: &SeatView) {
        let seat = view.seat_of(position);
        if let Some(b) = self.0[seat.index()].as_mut() {
            b.begin_hand(view);
        }
    }
    fn observe(&mut self, position: Position, event: &Event, view: &SeatView) {
        if let Some(b) = self.0[view.seat_of(position).index()].as_mut() {
            b.observe(event, view);
        }
    }
    fn act(
        &mut self,
        state: &HandState,
        position: Position,
    ) -> Result<Option<Action>, EngineError> {
        let Some(bot) = self.at(state, position.index()) else {
            return Ok(None);
        };
        let view = state.view(position);
        let action = bot.act(&view);
        Ok(Some(if view.legal_actions().contains(action) {
            action
        } else {
            Action::Call
        }))
    }
    fn end(&mut self, position: Position, view: &SeatView) {
        let seat = view.seat_of(position);
        if let Some(b) = self.0[seat.index()].as_mut() {
            b.end_hand(view);
        }
    }
}
