//! Profiles: what a Loki player learned of an opponent, kept between matches in SQLite
//! (`loki-store`). The glue between a stored [`Profile`] / [`HandDelta`] (plain records)
//! and a Loki player's [`ActionStats`] (the 36 category counts of Billings et al. 1998,
//! "Computing Initial Weights", Papp 1998 §7.1, and Loki-2's recent-action window, Peña
//! 1999), in both directions, and [`ProfileBook`]: the opponents' profiles of one seat,
//! loaded when an opponent is first seen and saved after every hand (one transaction).
//! `loki acpc client` keeps its opponents' profiles with a book; `loki serve` and
//! `loki play` keep the person's, so that the specific-modeling players know the person
//! from the first hand of the next session.
use loki_bot::{ActionStats, LokiPlayer};
use loki_engine::{Action, Event, SeatView};
use loki_store::{HandDelta, Observation, Profile, Store};
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
pub fn hand_delta(view: &SeatView<'_>, position: usize, name: &str) -> HandDelta {
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

/// The opponents' profiles of one seat over a match: each opponent's statistics are
/// loaded into the player's model when its seat is first seen, and what every hand adds
/// is saved when it ends. Opponents are keyed by name (`names[seat]`, the dealer's seat
/// order), else `seat N` (N from 1).
pub struct ProfileBook {
    store: Store,
    names: Vec<String>,
    window: usize,
    loaded: HashSet<usize>,
    failures: u64,
    warnings: Vec<String>,
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

    /// A book over an open store; `window` is the players' recent-action window.
    pub fn new(store: Store, names: Vec<String>, window: usize) -> ProfileBook {
        ProfileBook {
            store,
            names,
            window,
            loaded: HashSet::new(),
            failures: 0,
            warnings: Vec::new(),
        }
    }
    /// The key of a seat.
    pub fn name_of(&self, seat: usize) -> String {
        self.names
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("seat {}", seat + 1))
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
        for p in (0..view.players()).filter(|&p| p != me) {
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
        let deltas: Vec<_> = (0..view.players())
            .filter(|&p| p != me)
            .map(|p| hand_delta(view, p, &self.name_of(view.seat_of(p))))
            .collect();
        if let Err(e) = self.store.record_hand(&deltas, self.window) {
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
        let d = std::env::temp_dir().join(format!("loki-agent-book-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join("file"), "x").unwrap();
        let e = ProfileBook::open(&d.join("file/p.sqlite3"), vec![], 20)
            .err()
            .unwrap()
            .to_string();
        assert!(e.ends_with("file is a file, not a folder"), "{e}");
        assert!(ProfileBook::open(&d.join("p.sqlite3"), vec!["a".into()], 20).is_ok());
        assert!(d.join("p.sqlite3").exists());
        std::fs::remove_dir_all(&d).unwrap();
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
            counts[r][b][a] += 1;
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

    #[test]
    fn hand_deltas_count_what_the_loki_player_records() {
        use loki_bot::{Knowledge, LokiConfig, LokiPlayer, Style};
        use loki_cards::{rng_from_seed, uniform_below, Deck};
        use loki_engine::{GameConfig, HandState, Phase, Player};
        let know = Knowledge::new(LokiConfig::default()).unwrap();
        let config = GameConfig::limit(4, 5, 10, 10, 20).unwrap();
        for seed in 0..40u64 {
            let mut rng = rng_from_seed(seed);
            let mut deck = Deck::shuffled(&mut rng);
            let mut state = HandState::new(&config).unwrap();
            state.set_seats(&[2, 3, 0, 1]).unwrap();
            for p in 0..4 {
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
                    _ => break,
                }
            }
            let view = state.view(0);
            let style = Style::named("SOM", &know.config).unwrap();
            let mut loki = LokiPlayer::new("SOM", style, know.clone(), 1);
            loki.begin_hand(&view);
            for e in view.events() {
                loki.observe(e, &view);
            }
            for p in 1..4 {
                let d = hand_delta(&view, p, "x");
                let mut counts = loki_engine::ActionCounts::default();
                for o in &d.observations {
                    counts.record(o.context(), o.action);
                }
                let recorded = loki
                    .model(view.seat_of(p))
                    .map(|m| m.stats.table())
                    .unwrap_or_default();
                assert_eq!(counts, recorded, "seed {seed}, position {p}");
            }
        }
    }
}
