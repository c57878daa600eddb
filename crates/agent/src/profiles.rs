//! Profiles: what a Loki player learned of an opponent, kept between matches in SQLite
//! (`loki-store`). The glue between a stored [`Profile`] / [`HandDelta`] (plain records)
//! and a Loki player's [`ActionStats`] (the 36 category counts of Billings et al. 1998,
//! "Computing Initial Weights", Papp 1998 §7.1, and Loki-2's recent-action window, Peña
//! 1999), in both directions, and [`ProfileBook`]: the opponents' profiles of one seat,
//! loaded when an opponent is first seen and saved after every hand (one transaction).
//! Two clients of one match that share a store count each hand of a common opponent
//! once: the book names every hand by [`HandKey`], a digest of the match's public
//! record so far, which both compute alike and which differs between matches as soon as
//! their boards or betting differ, and saves with [`Store::record_hand_once`].
//! `loki acpc client` keeps its opponents' profiles with a book; `loki serve` and
//! `loki play` keep the person's with a people's book ([`ProfileBook::people`]), so that
//! the specific-modeling players know the person from the first hand of the next
//! session.
use loki_bot::{ActionStats, LokiPlayer};
use loki_engine::digest::{fnv1a64_extend, FNV_OFFSET};
use loki_engine::Position;
use loki_engine::{Action, Event, Seat, SeatView};
use loki_store::{HandDelta, Observation, Observer, Profile, Store, StoreError};
use std::collections::HashSet;

/// A player's statistics from a stored profile: its counts, and its recent actions
/// (the store keeps the last `window` of each context, as the player does).
pub fn stats_from_profile(p: &Profile, window: usize) -> ActionStats {
    let recent = p.recent.iter().map(|o| (o.context(), o.action));
    ActionStats::from_parts(p.counts, recent, window)
}

/// What one finished hand adds to the profile of the player at `position`: its actions
/// in the 36 categories (as the Loki player records them: round, bets faced capped at 2,
/// action) and whether it put chips in voluntarily or raised pre-flop.
pub fn hand_delta(view: &SeatView<'_>, position: Position, name: &str) -> HandDelta {
    let mut delta = HandDelta {
        name: name.to_string(),
        vpip: false,
        pfr: false,
        observations: Vec::new(),
    };
    for e in view.events() {
        let Event::Action(a) = e else { continue };
        if a.position != position {
            continue;
        }
        if a.round.index() == 0 {
            delta.vpip |= a.action == Action::Raise || (a.action == Action::Call && a.amount > 0);
            delta.pfr |= a.action == Action::Raise;
        }
        if let Some(o) = Observation::new(a.round.index(), a.bets_to_call as usize, a.action) {
            delta.observations.push(o);
        }
    }
    delta
}

/// The name of a hand that every client of a match computes alike: a 64-bit FNV-1a
/// digest chained over the match's hands so far, each by its number in the match, the
/// seat of every position, every action and the board (public in ACPC; no hole card,
/// which each client sees differently). The hand number alone repeats in every match;
/// the chain makes two matches' keys differ from their first differing hand on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandKey {
    chain: u64,
    hands: u64,
}

impl Default for HandKey {
    fn default() -> HandKey {
        HandKey::new()
    }
}

impl HandKey {
    /// The key before the match's first hand.
    pub fn new() -> HandKey {
        HandKey {
            chain: FNV_OFFSET,
            hands: 0,
        }
    }
    fn eat(&mut self, bytes: &[u8]) {
        self.chain = fnv1a64_extend(self.chain, bytes);
    }
    /// Adds a finished hand and returns its key.
    pub fn next(&mut self, view: &SeatView<'_>) -> u64 {
        let hands = self.hands;
        self.eat(&hands.to_le_bytes());
        self.hands += 1;
        for p in Position::all(view.players()) {
            self.eat(&(view.seat_of(p).index() as u64).to_le_bytes());
        }
        for e in view.events() {
            match e {
                Event::Action(a) => {
                    self.eat(&[b'a', a.position.index() as u8, a.action.acpc_char() as u8])
                }
                Event::BoardDealt { cards, .. } => {
                    self.eat(b"b");
                    for c in cards {
                        self.eat(c.to_string().as_bytes());
                    }
                }
                _ => {}
            }
        }
        self.eat(b";");
        self.chain
    }
}

/// The opponents' profiles of one seat over a match: each opponent's statistics are
/// loaded into the player's model when its seat is first seen, and what every hand adds
/// is saved when it ends. Opponents are keyed by name (`names[seat]`, the dealer's seat
/// order), else `seat N` (N from 1).
pub struct ProfileBook {
    store: Store,
    names: Vec<String>,
    window: usize,
    loaded: HashSet<Seat>,
    failures: u64,
    warnings: Vec<String>,
    /// This client as the store's observer (`None` if it could not register: each hand
    /// is then counted as this client saw it, perhaps twice).
    observer: Option<Observer>,
    key: HandKey,
}

impl Drop for ProfileBook {
    fn drop(&mut self) {
        if let Some(o) = self.observer {
            // The match is over; failing to say so only delays a rerun's counts until
            // the observer times out.
            let _ = self.store.close_observer(o);
        }
    }
}

/// Why the profile store of a seat could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenBookError {
    /// The store's folder is a file.
    #[error("--profiles {}: {} is a file, not a folder", path.display(), parent.display())]
    ParentIsFile {
        /// The store.
        path: std::path::PathBuf,
        /// Its folder, a file.
        parent: std::path::PathBuf,
    },
    /// The store would not open.
    #[error("opponent profiles (--no-profiles to play without)")]
    Store(#[source] loki_store::StoreError),
}

impl ProfileBook {
    /// A book over the store at `path` (created if missing, its folder too).
    ///
    /// # Errors
    /// A folder that is a file, or a store that will not open.
    pub fn open(
        path: &std::path::Path,
        names: Vec<String>,
        window: usize,
    ) -> Result<ProfileBook, OpenBookError> {
        if let Some(parent) = path.parent().filter(|p| p.exists() && !p.is_dir()) {
            return Err(OpenBookError::ParentIsFile {
                path: path.to_path_buf(),
                parent: parent.to_path_buf(),
            });
        }
        let store = Store::open(path).map_err(OpenBookError::Store)?;
        Ok(ProfileBook::new(store, names, window))
    }

    /// A book over an open store; `window` is the players' recent-action window. The
    /// book registers as an observer of the store, so that clients of one match count
    /// each hand once.
    pub fn new(mut store: Store, names: Vec<String>, window: usize) -> ProfileBook {
        let mut warnings = Vec::new();
        let observer = store
            .open_observer()
            .map_err(|e| {
                warnings.push(format!(
                    "{e}: hands seen by other clients of this match may be counted twice"
                ))
            })
            .ok();
        ProfileBook {
            store,
            names,
            window,
            loaded: HashSet::new(),
            failures: 0,
            warnings,
            observer,
            key: HandKey::new(),
        }
    }
    /// A book of people's profiles (`loki play`, `loki serve`): a person's profile is
    /// read by name when a table opens ([`ProfileBook::profile`]) and what each finished
    /// hand adds is saved ([`ProfileBook::save`]). A person sits at one table at a time,
    /// so no observer is registered.
    pub fn people(store: Store, window: usize) -> ProfileBook {
        ProfileBook {
            store,
            names: Vec::new(),
            window,
            loaded: HashSet::new(),
            failures: 0,
            warnings: Vec::new(),
            observer: None,
            key: HandKey::new(),
        }
    }
    /// The stored profile of `name`, if any.
    ///
    /// # Errors
    /// A store that cannot be read.
    pub fn profile(&self, name: &str) -> Result<Option<Profile>, StoreError> {
        self.store.profile(name)
    }
    /// The store (for what it keeps beside the profiles: the bankroll board).
    pub fn store_mut(&mut self) -> &mut Store {
        &mut self.store
    }
    /// Saves what finished hands add to profiles, in one transaction; `false` (a failure
    /// counted, and a warning) when they could not be saved.
    pub fn save(&mut self, deltas: &[HandDelta]) -> bool {
        match self.store.record_hand(deltas, self.window) {
            Ok(()) => true,
            Err(e) => {
                self.failures += 1;
                self.warnings.push(format!("profile not saved: {e}"));
                false
            }
        }
    }
    /// The key of a seat.
    pub fn name_of(&self, seat: Seat) -> String {
        self.names
            .get(seat.index())
            .cloned()
            .unwrap_or_else(|| format!("seat {}", seat.index() + 1))
    }
    /// Hands whose observations could not be saved.
    pub fn failures(&self) -> u64 {
        self.failures
    }
    /// Warnings since the last call (a profile that did not load, a hand not saved).
    pub fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings)
    }
    /// At the start of a hand: checks the names against the table and loads the profile
    /// of every opponent seat not seen before into `player`'s models. Returns `false`
    /// (and warns) when the names do not fit the table: the book must then be dropped.
    pub fn begin_hand(&mut self, player: Option<&mut LokiPlayer>, view: &SeatView<'_>) -> bool {
        if !self.names.is_empty() && self.names.len() != view.players() {
            self.warnings.push(format!(
                "{} names for {} players: profiles are neither loaded nor saved",
                self.names.len(),
                view.players()
            ));
            return false;
        }
        let me = view.position();
        let mut player = player;
        for p in Position::all(view.players()).filter(|&p| p != me) {
            let seat = view.seat_of(p);
            if !self.loaded.insert(seat) {
                continue;
            }
            let name = self.name_of(seat);
            let Some(loki) = player.as_deref_mut() else {
                continue;
            };
            match self.store.profile(&name) {
                Ok(Some(profile)) => {
                    loki.model_mut(seat).stats = stats_from_profile(&profile, self.window);
                }
                Ok(None) => {}
                Err(e) => self.warnings.push(format!("profile of {name}: {e}")),
            }
        }
        true
    }

    /// At the end of a hand: saves what it adds to every opponent's profile.
    pub fn end_hand(&mut self, view: &SeatView<'_>) {
        let me = view.position();
        let deltas: Vec<_> = Position::all(view.players())
            .filter(|&p| p != me)
            .map(|p| hand_delta(view, p, &self.name_of(view.seat_of(p))))
            .collect();
        let key = self.key.next(view);
        let saved = match self.observer {
            Some(o) => self
                .store
                .record_hand_once(&deltas, self.window, o, key)
                .map(|_| ()),
            None => self.store.record_hand(&deltas, self.window),
        };
        if let Err(e) = saved {
            self.failures += 1;
            self.warnings
                .push(format!("profiles not saved for this hand: {e}"));
        }
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_book_under_a_file_is_refused_and_a_new_store_is_made() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("file"), "x").unwrap();
        let e = ProfileBook::open(&d.join("file/p.sqlite3"), vec![], 20)
            .err()
            .unwrap()
            .to_string();
        assert!(e.ends_with("file is a file, not a folder"), "{e}");
        assert!(ProfileBook::open(&d.join("p.sqlite3"), vec!["a".into()], 20).is_ok());
        assert!(d.join("p.sqlite3").exists());
        // A people's book saves what each hand adds and reads it back by name.
        let mut people = ProfileBook::people(Store::open(&d.join("people.sqlite3")).unwrap(), 20);
        assert!(people.profile("Ann").unwrap().is_none());
        let delta = HandDelta {
            name: "Ann".into(),
            vpip: true,
            pfr: false,
            observations: vec![Observation::new(0, 1, Action::Call).unwrap()],
        };
        assert!(people.save(std::slice::from_ref(&delta)));
        assert!(people.save(&[delta]));
        assert_eq!(people.profile("Ann").unwrap().unwrap().hands, 2);
        assert_eq!(people.failures(), 0);
        assert!(people.take_warnings().is_empty());
    }

    use super::*;
    use loki_bot::Context;
    use loki_engine::Round;

    #[test]
    fn a_profile_becomes_the_same_counts_and_window() {
        let mut stats = ActionStats::new(5);
        let mut counts = loki_engine::ActionCounts::default();
        let mut recent = Vec::new();
        for i in 0..200usize {
            let (r, b, a) = (i % 4, (i / 4) % 3, (i * 7) % 3);
            let ctx = Context::new(Round::ALL[r], b);
            let k = Action::ALL[a];
            stats.record(ctx, k);
            counts[ctx][k] += 1;
            recent.push(Observation::new(r, b, k).unwrap());
        }
        let p = Profile {
            name: "x".into(),
            hands: 10,
            vpip_hands: 1,
            pfr_hands: 1,
            counts,
            recent: recent[100..].to_vec(),
        };
        let back = stats_from_profile(&p, 5);
        assert_eq!(back.table(), stats.table());
        assert_eq!(back, stats, "counts and the recent windows");
        // A longer stored window than the player's keeps the player's last actions.
        let mut long = p.clone();
        long.recent = recent.clone();
        assert_eq!(stats_from_profile(&long, 5), stats);
    }

    /// A finished hand at `seats` (seat of each position) from a seed (random legal
    /// actions).
    fn random_hand_at(seed: u64, seats: &[Seat]) -> loki_engine::HandState {
        use loki_cards::{rng_from_seed, uniform_below, Deck};
        use loki_engine::{GameConfig, HandState, Phase};
        let config = GameConfig::limit(seats.len(), 5, 10, 10, 20).unwrap();
        let mut rng = rng_from_seed(seed);
        let mut deck = Deck::shuffled(&mut rng);
        let mut state = HandState::new(&config).unwrap();
        state.set_seats(&seats.iter().copied().collect()).unwrap();
        for p in Position::all(seats.len()) {
            let c = deck.deal_n(2).unwrap().to_vec();
            state
                .deal_hole(p, loki_cards::HoleCards::new(c[0], c[1]).unwrap())
                .unwrap();
        }
        loop {
            match state.phase() {
                Phase::DealBoard(r) => {
                    let c = deck.deal_n(r.cards_dealt()).unwrap().to_vec();
                    state.deal_board(&c).unwrap();
                }
                Phase::Act(_) => {
                    let legal = state.legal_actions().to_vec();
                    let a = legal[uniform_below(&mut rng, legal.len() as u32) as usize];
                    state.apply(a).unwrap();
                }
                _ => return state,
            }
        }
    }

    #[test]
    fn every_seat_names_a_hand_alike_and_matches_apart() {
        let hands: Vec<_> = (0..30)
            .map(|s| random_hand_at(s, &[0, 1, 2].map(Seat::new)))
            .collect();
        // Every seat of one match computes the same keys (its own cards play no part).
        let keys = |order: &[usize], me: usize| {
            let mut k = HandKey::new();
            order
                .iter()
                .map(|&h| k.next(&hands[h].view(Position::new(me))))
                .collect::<Vec<u64>>()
        };
        let match_a: Vec<usize> = (0..20).collect();
        let by_seat: Vec<Vec<u64>> = (0..3).map(|me| keys(&match_a, me)).collect();
        assert_eq!(by_seat[0], by_seat[1]);
        assert_eq!(by_seat[0], by_seat[2]);
        let distinct: HashSet<u64> = by_seat[0].iter().copied().collect();
        assert_eq!(distinct.len(), 20);
        // Another match that shares the later hands but not the first: no key in common.
        let match_b: Vec<usize> = std::iter::once(25).chain(1..20).collect();
        let other: HashSet<u64> = keys(&match_b, 0).into_iter().collect();
        assert!(other.is_disjoint(&distinct));
    }

    #[test]
    fn hand_deltas_count_what_the_loki_player_records() {
        use loki_bot::{Knowledge, LokiConfig, LokiPlayer, Style};
        use loki_engine::Player;
        let know = Knowledge::new(LokiConfig::default()).unwrap();
        for seed in 0..40u64 {
            let state = random_hand_at(seed, &[2, 3, 0, 1].map(Seat::new));
            let view = state.view(Position::new(0));
            let style = Style::named("SOM", &know.config).unwrap();
            let mut loki = LokiPlayer::new("SOM", style, know.clone(), 1);
            loki.begin_hand(&view);
            for e in view.events() {
                loki.observe(e, &view);
            }
            for p in 1..4 {
                let d = hand_delta(&view, Position::new(p), "x");
                let mut counts = loki_engine::ActionCounts::default();
                for o in &d.observations {
                    counts.record(o.context(), o.action);
                }
                let recorded = loki
                    .model(view.seat_of(Position::new(p)))
                    .map(|m| m.stats.table())
                    .unwrap_or_default();
                assert_eq!(counts, recorded, "seed {seed}, position {p}");
            }
        }
    }
}
