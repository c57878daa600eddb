//! [`HandState`]: the pure state machine of one hand of fixed-limit hold'em. Chance is
//! explicit (the engine deals only the cards it is given), every change is recorded as an
//! [`Event`], and a refused action or deal returns a typed error and changes nothing.
//!
//! All-ins follow PokerKit 0.7.7 exactly (the rule is in the crate docs, "All-ins"): the
//! fields `full_raise`, `acted` and `short_all_ins` are PokerKit's
//! `completion_betting_or_raising_amount`, `acted_player_indices` and
//! `consecutive_short_all_in_amounts` (`pokerkit/state.py`), and [`HandState::check`]
//! refuses a raise where PokerKit's `_verify_completion_betting_or_raising` does.
use crate::pot::split_pots;
use crate::seat::Seat;
use crate::{
    Action, ActionError, ActionEvent, Chips, ConfigError, DealError, Event, GameConfig,
    LegalActions, Round, ShownHand,
};
use crate::{ByPosition, Position};
use loki_cards::{Card, CardSet, Hand, HandRank, HoleCards};

/// Chips of a player with no configured stack: never reached in one hand.
const DEEP: Chips = Chips::MAX / 4;

/// What the hand waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Hole cards are due; the position is the lowest one not yet dealt.
    DealHole(Position),
    /// Board cards for this round are due.
    DealBoard(Round),
    /// This position is to act.
    Act(Position),
    /// Showdown: the hidden hole cards of this live position must be revealed
    /// ([`HandState::reveal`]); only after [`HandState::deal_hole_hidden`].
    Reveal(Position),
    /// The hand is over.
    Complete,
}

/// The outcome of a finished hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandResult {
    /// Net chips by position (sums to zero).
    pub net: ByPosition<Chips>,
    /// Total chips each position put in.
    pub contributions: ByPosition<Chips>,
    /// Whether the hand went to a showdown.
    pub showdown: bool,
    /// The showdown ranks by position (`None` for folded players or without showdown).
    pub ranks: ByPosition<Option<HandRank>>,
    /// Finishing stacks by position, when stacks are configured.
    pub finishing_stacks: Option<ByPosition<Chips>>,
}

/// One hand of fixed-limit Texas Hold'em.
#[derive(Debug, Clone)]
pub struct HandState {
    config: GameConfig,
    n: usize,
    stack: ByPosition<Chips>,
    bets: ByPosition<Chips>,
    contrib: ByPosition<Chips>,
    folded: ByPosition<bool>,
    need: ByPosition<bool>,
    hole: ByPosition<Option<HoleCards>>,
    hidden: ByPosition<bool>,
    board: Vec<Card>,
    used: CardSet,
    round: Round,
    level: u32,
    raises: u32,
    current: Chips,
    /// The largest bet or raise increment this round (PokerKit's
    /// `completion_betting_or_raising_amount`).
    full_raise: Chips,
    /// Who has acted since the last full bet or raise.
    acted: ByPosition<bool>,
    /// Who has acted at all in the current round (blinds are not actions).
    acted_in_round: ByPosition<bool>,
    /// Who has put chips in by an action (a call of more than nothing, a bet or a raise)
    /// in the current round.
    put_in_round: ByPosition<bool>,
    /// Increments of the consecutive all-ins short of a full raise since the last full
    /// bet or raise (0: none).
    short_all_ins: Chips,
    river_aggressor: Option<Position>,
    phase: Phase,
    events: Vec<Event>,
    result: Option<HandResult>,
    seats: ByPosition<Seat>,
}

impl HandState {
    /// A new hand: the blinds are posted and hole cards are due.
    pub fn new(config: &GameConfig) -> Result<HandState, ConfigError> {
        let n = config.seats();
        let mut stack = match config.stacks() {
            Some(s) => s.to_vec(),
            None => vec![DEEP; n],
        };
        let mut bets = vec![0; n];
        for (p, b) in config.blinds().into_iter().enumerate() {
            let paid = b.min(stack[p]);
            bets[p] = paid;
            stack[p] -= paid;
        }
        let current = bets.iter().copied().max().unwrap_or(0);
        let events = vec![Event::BlindsPosted {
            amounts: bets.clone(),
        }];
        let mut state = HandState {
            config: config.clone(),
            n,
            stack: ByPosition::new(stack),
            contrib: ByPosition::new(bets.clone()),
            bets: ByPosition::new(bets),
            folded: ByPosition::filled(n, false),
            need: ByPosition::filled(n, false),
            hole: ByPosition::filled(n, None),
            hidden: ByPosition::filled(n, false),
            board: Vec::new(),
            used: CardSet::EMPTY,
            round: Round::Preflop,
            level: u32::from(current > 0),
            raises: 0,
            current,
            full_raise: 0,
            acted: ByPosition::filled(n, false),
            acted_in_round: ByPosition::filled(n, false),
            put_in_round: ByPosition::filled(n, false),
            short_all_ins: 0,
            river_aggressor: None,
            phase: Phase::DealHole(Position::new(0)),
            events,
            result: None,
            seats: Seat::all(n).collect(),
        };
        state.open_round();
        Ok(state)
    }

    /// The configuration.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }
    /// Number of players.
    pub fn players(&self) -> usize {
        self.n
    }
    /// What the hand waits for.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The position to act, if any.
    pub fn to_act(&self) -> Option<Position> {
        match self.phase {
            Phase::Act(p) => Some(p),
            _ => None,
        }
    }
    /// Whether the hand is over.
    pub fn is_complete(&self) -> bool {
        self.phase == Phase::Complete
    }
    /// The current round.
    pub fn round(&self) -> Round {
        self.round
    }
    /// All events so far.
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    /// The board so far.
    pub fn board(&self) -> &[Card] {
        &self.board
    }
    /// Hole cards by position (as dealt so far; `None` while hidden).
    pub fn hole_cards(&self) -> &[Option<HoleCards>] {
        self.hole.as_slice()
    }
    /// The pot: all chips put in so far.
    pub fn pot(&self) -> Chips {
        self.contrib.iter().sum()
    }
    /// Total chips put in by each position.
    pub fn contributions(&self) -> &[Chips] {
        self.contrib.as_slice()
    }
    /// Chips each position put in during the current round.
    pub fn round_bets(&self) -> &[Chips] {
        self.bets.as_slice()
    }
    /// Remaining stacks when stacks are configured.
    pub fn stacks(&self) -> Option<&[Chips]> {
        self.config.stacks().map(|_| self.stack.as_slice())
    }
    /// Whether a position still has to act this round (it has not acted since the last
    /// bet or raise, or not at all; public information).
    pub fn needs_action(&self, position: Position) -> bool {
        self.need.get(position).copied().unwrap_or(false)
    }
    /// Whether a position has acted in the current round (blinds are not actions).
    pub fn acted_this_round(&self, position: Position) -> bool {
        self.acted_in_round.get(position).copied().unwrap_or(false)
    }
    /// Whether a position has put chips in by an action in the current round (a call of
    /// more than nothing, a bet or a raise; blinds are not actions).
    pub fn put_in_this_round(&self, position: Position) -> bool {
        self.put_in_round.get(position).copied().unwrap_or(false)
    }
    /// Whether a position has not folded.
    pub fn is_live(&self, position: Position) -> bool {
        !self.folded.get(position).copied().unwrap_or(true)
    }
    /// Whether a position has no chips left.
    pub fn is_all_in(&self, position: Position) -> bool {
        self.stack.get(position) == Some(&0)
    }
    /// Bets and raises so far this round, the big blind counting as the pre-flop bet.
    pub fn bets_this_round(&self) -> u32 {
        self.level
    }
    /// Raises (`r` actions) made this round.
    pub fn raises_this_round(&self) -> u32 {
        self.raises
    }
    /// Chips `position` needs to call now.
    pub fn amount_to_call(&self, position: Position) -> Chips {
        match (self.bets.get(position), self.stack.get(position)) {
            (Some(b), Some(s)) => (self.current - b).clamp(0, *s),
            _ => 0,
        }
    }
    /// Bets `position` faces: `ceil(amount to call / bet size)`.
    pub fn bets_to_call(&self, position: Position) -> u32 {
        let owed = self
            .bets
            .get(position)
            .map_or(0, |b| (self.current - b).max(0));
        let size = self.config.bet_size(self.round);
        u32::try_from((owed + size - 1) / size).unwrap_or(u32::MAX)
    }
    /// The result, once the hand is over.
    pub fn result(&self) -> Option<&HandResult> {
        self.result.as_ref()
    }

    /// Sets the seat (a table-wide player identity) of each position, so that players can
    /// tell their opponents apart from hand to hand. By default position `p` is seat `p`.
    ///
    /// # Errors
    /// A list whose length is not the number of players.
    pub fn set_seats(&mut self, seats: &ByPosition<Seat>) -> Result<(), ConfigError> {
        if seats.len() != self.n {
            return Err(ConfigError::Seats(seats.len()));
        }
        self.seats = seats.clone();
        Ok(())
    }

    /// The seat of each position.
    pub fn seats(&self) -> &ByPosition<Seat> {
        &self.seats
    }

    fn live_count(&self) -> usize {
        self.folded.iter().filter(|f| !**f).count()
    }
    fn active(&self, p: Position) -> bool {
        !self.folded[p] && self.stack[p] > 0
    }
    fn cap_reached(&self) -> bool {
        let uncapped = self.config.rules().uncapped_heads_up && self.live_count() == 2;
        match self.config.max_raises() {
            Some(m) if !uncapped => self.level > m,
            _ => false,
        }
    }

    /// The legal actions (all false unless a player is to act).
    pub fn legal_actions(&self) -> LegalActions {
        let mut legal = LegalActions::default();
        for a in Action::ALL {
            if self.check(a).is_ok() {
                match a {
                    Action::Fold => legal.fold = true,
                    Action::Call => legal.call = true,
                    Action::Raise => legal.raise = true,
                }
            }
        }
        legal
    }

    /// Whether `action` is legal now, and why not.
    pub fn check(&self, action: Action) -> Result<(), ActionError> {
        let Phase::Act(p) = self.phase else {
            return Err(ActionError::NotActing);
        };
        match action {
            Action::Call => Ok(()),
            Action::Fold => {
                if self.amount_to_call(p) == 0 && !self.config.rules().fold_when_check_free {
                    Err(ActionError::FoldWhenCheckFree)
                } else {
                    Ok(())
                }
            }
            Action::Raise => {
                let owed = self.current - self.bets[p];
                if self.cap_reached() {
                    Err(ActionError::RaiseCap)
                } else if self.stack[p] <= owed {
                    Err(ActionError::CannotRaise)
                } else if owed < self.full_raise || (self.short_all_ins > 0 && self.acted[p]) {
                    Err(ActionError::NotReopened)
                } else if !Position::all(self.n).any(|q| {
                    q != p && !self.folded[q] && self.stack[q] + self.bets[q] > self.current
                }) {
                    Err(ActionError::CannotRaise)
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Applies an action of the player to act; on error nothing changes.
    pub fn apply(&mut self, action: Action) -> Result<&Event, ActionError> {
        self.check(action)?;
        let Phase::Act(p) = self.phase else {
            return Err(ActionError::NotActing);
        };
        let bets_to_call = self.bets_to_call(p);
        let amount = match action {
            Action::Fold => {
                self.folded[p] = true;
                0
            }
            Action::Call => self.amount_to_call(p),
            Action::Raise => {
                let target = self.current + self.config.bet_size(self.round);
                (target - self.bets[p]).min(self.stack[p])
            }
        };
        self.bets[p] += amount;
        self.contrib[p] += amount;
        self.stack[p] -= amount;
        self.need[p] = false;
        self.acted[p] = true;
        self.acted_in_round[p] = true;
        self.put_in_round[p] |= amount > 0;
        if action == Action::Raise {
            let increment = self.bets[p] - self.current;
            if increment >= self.full_raise {
                self.acted.iter_mut().for_each(|a| *a = false);
                self.acted[p] = true;
            }
            self.full_raise = self.full_raise.max(increment);
            if self.stack[p] > 0 {
                self.short_all_ins = 0;
            } else {
                self.short_all_ins += increment;
            }
            if self.short_all_ins >= self.full_raise {
                self.short_all_ins = 0;
            }
            self.current = self.current.max(self.bets[p]);
            self.level += 1;
            self.raises += 1;
            for q in Position::all(self.n) {
                if q != p && self.active(q) {
                    self.need[q] = true;
                }
            }
            if self.round == Round::River {
                self.river_aggressor = Some(p);
            }
        }
        self.events.push(Event::Action(ActionEvent {
            position: p,
            round: self.round,
            action,
            amount,
            bet_to: self.bets[p],
            bets_to_call,
            all_in: self.stack[p] == 0 && action != Action::Fold,
        }));
        let at = self.events.len() - 1;
        if self.live_count() == 1 {
            self.finish(false);
        } else {
            self.advance(p.after(1, self.n));
        }
        Ok(&self.events[at])
    }

    /// Deals hole cards to a position (any order); when all are dealt, betting starts.
    pub fn deal_hole(&mut self, position: Position, cards: HoleCards) -> Result<&Event, DealError> {
        if !self.hole_due(position) {
            return Err(DealError::HoleNotDue(position));
        }
        self.claim(cards)?;
        self.hole[position] = Some(cards);
        self.events.push(Event::HoleDealt { position, cards });
        let at = self.events.len() - 1;
        self.after_hole_dealt();
        Ok(&self.events[at])
    }

    /// Deals hole cards that this observer cannot see (an ACPC client's opponents). They
    /// must be revealed at a showdown ([`Phase::Reveal`]).
    pub fn deal_hole_hidden(&mut self, position: Position) -> Result<&Event, DealError> {
        if !self.hole_due(position) {
            return Err(DealError::HoleNotDue(position));
        }
        self.hidden[position] = true;
        self.events.push(Event::HoleHidden { position });
        let at = self.events.len() - 1;
        self.after_hole_dealt();
        Ok(&self.events[at])
    }

    /// Reveals the hidden hole cards of the position due in [`Phase::Reveal`].
    pub fn reveal(&mut self, position: Position, cards: HoleCards) -> Result<(), DealError> {
        if self.phase != Phase::Reveal(position) {
            return Err(DealError::HoleNotDue(position));
        }
        self.claim(cards)?;
        self.hole[position] = Some(cards);
        self.showdown_or_reveal();
        Ok(())
    }

    /// Marks hole cards as used, refusing a card already dealt (state unchanged then).
    fn claim(&mut self, cards: HoleCards) -> Result<(), DealError> {
        if let Some(c) = cards.cards().into_iter().find(|c| self.used.contains(*c)) {
            return Err(DealError::DuplicateCard(c));
        }
        self.used = self.used.union(cards.set());
        Ok(())
    }

    fn hole_due(&self, position: Position) -> bool {
        matches!(self.phase, Phase::DealHole(_))
            && self.hole.get(position) == Some(&None)
            && !self.hidden[position]
    }

    fn after_hole_dealt(&mut self) {
        match Position::all(self.n).find(|&q| self.hole[q].is_none() && !self.hidden[q]) {
            Some(q) => self.phase = Phase::DealHole(q),
            None => self.advance(self.config.first_preflop()),
        }
    }

    fn showdown_or_reveal(&mut self) {
        match Position::all(self.n).find(|&p| !self.folded[p] && self.hole[p].is_none()) {
            Some(p) => self.phase = Phase::Reveal(p),
            None => self.finish(true),
        }
    }

    /// Deals the board cards of the round that is due (3, 1 or 1 cards).
    pub fn deal_board(&mut self, cards: &[Card]) -> Result<&Event, DealError> {
        let Phase::DealBoard(round) = self.phase else {
            return Err(DealError::BoardNotDue);
        };
        if cards.len() != round.cards_dealt() {
            return Err(DealError::BoardCount {
                round,
                expected: round.cards_dealt(),
                got: cards.len(),
            });
        }
        let mut used = self.used;
        for &c in cards {
            if !used.insert(c) {
                return Err(DealError::DuplicateCard(c));
            }
        }
        self.used = used;
        self.board.extend_from_slice(cards);
        self.events.push(Event::BoardDealt {
            round,
            cards: cards.to_vec(),
        });
        let at = self.events.len() - 1;
        self.advance(self.config.first_postflop());
        Ok(&self.events[at])
    }

    /// Who acts in a round that starts (PokerKit's `_begin_betting`): live players with
    /// chips who could still lose some (a positive effective stack), unless only one of
    /// them is left and they already have the largest bet.
    fn open_round(&mut self) {
        let mut totals: Vec<Chips> = Position::all(self.n)
            .filter(|&q| !self.folded[q])
            .map(|q| self.bets[q] + self.stack[q])
            .collect();
        totals.sort_unstable();
        let second = totals.iter().rev().nth(1).copied().unwrap_or(0);
        for p in Position::all(self.n) {
            self.need[p] = self.active(p) && second > self.bets[p];
        }
        let mut needed = Position::all(self.n).filter(|&p| self.need[p]);
        if let (Some(p), None) = (needed.next(), needed.next()) {
            if self.bets[p] >= self.current {
                self.need[p] = false;
            }
        }
        self.full_raise = 0;
        self.short_all_ins = 0;
        self.acted.iter_mut().for_each(|a| *a = false);
        self.acted_in_round.iter_mut().for_each(|a| *a = false);
        self.put_in_round.iter_mut().for_each(|a| *a = false);
    }

    /// Finds the next player to act from `start`, or ends the round.
    fn advance(&mut self, start: Position) {
        for i in 0..self.n {
            let p = start.after(i, self.n);
            if !self.need[p] || !self.active(p) {
                continue;
            }
            self.phase = Phase::Act(p);
            return;
        }
        self.end_round();
    }

    fn end_round(&mut self) {
        self.events.push(Event::RoundEnd {
            round: self.round,
            pot: self.pot(),
        });
        match self.round.next() {
            None => self.showdown_or_reveal(),
            Some(next) => {
                self.round = next;
                self.bets.iter_mut().for_each(|b| *b = 0);
                self.current = 0;
                self.level = 0;
                self.raises = 0;
                self.open_round();
                self.phase = Phase::DealBoard(next);
            }
        }
    }

    fn finish(&mut self, showdown: bool) {
        let mut ranks: Vec<Option<HandRank>> = vec![None; self.n];
        if showdown {
            let board = Hand::EMPTY.with_all(&self.board);
            let start = self.river_aggressor.unwrap_or_default();
            let mut shown = Vec::new();
            for i in 0..self.n {
                let p = start.after(i, self.n);
                if let (false, Some(h)) = (self.folded[p], self.hole[p]) {
                    let rank = board.with(h.low()).with(h.high()).rank();
                    ranks[p.index()] = Some(rank);
                    shown.push(ShownHand {
                        position: p,
                        cards: h,
                        rank,
                    });
                }
            }
            self.events.push(Event::Showdown { hands: shown });
        } else {
            // The last live player takes everything; any rank marks them eligible.
            if let Some(p) = self.folded.iter().position(|f| !*f) {
                ranks[p] = Some(HandRank::default());
            }
        }
        let mut net: ByPosition<Chips> = self.contrib.iter().map(|c| -c).collect();
        for pot in split_pots(self.contrib.as_slice(), &ranks) {
            for &(p, chips) in &pot.shares {
                net[Position::new(p)] += chips;
                self.stack[Position::new(p)] += chips;
            }
            self.events.push(Event::PotAwarded {
                amount: pot.amount,
                eligible: pot.eligible.into_iter().map(Position::new).collect(),
                shares: (pot.shares.into_iter())
                    .map(|(p, c)| (Position::new(p), c))
                    .collect(),
            });
        }
        if !showdown {
            ranks = vec![None; self.n];
        }
        self.events.push(Event::HandEnd { net: net.clone() });
        self.result = Some(HandResult {
            net,
            contributions: self.contrib.clone(),
            showdown,
            ranks: ByPosition::new(ranks),
            finishing_stacks: self.config.stacks().map(|_| self.stack.clone()),
        });
        self.phase = Phase::Complete;
    }

    /// The reference dealer's values of the finished hand by position (`None` while it
    /// is not over).
    pub fn acpc_values(&self) -> Option<ByPosition<f64>> {
        let r = self.result()?;
        let winner = Position::all(self.players()).find(|&p| self.is_live(p));
        let ranks = crate::pot::ranks_or_winner(&r.ranks, r.showdown, winner);
        Some(crate::pot::acpc_values(&r.contributions, &ranks))
    }
}
