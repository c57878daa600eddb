//! A match between loki players through our ACPC dealer and clients on loopback
//! (`loki acpc match`): the players connect over the ACPC protocol 2.0.0 as any agent
//! would, and the match reports each player's winnings in small bets and milli-big-blinds
//! per hand with 95% intervals. Duplicate play replays the same cards once per seating,
//! every player taking every seat once (the cyclic rotations of
//! [`crate::schedule::Seating`] with no permutation), which removes most of the luck of
//! the cards, as in the paper's duplicate tournament.
use crate::schedule::Seating;
use crate::stats::mean_ci95;
use loki_acpc::{run_match, DealerOptions, GameDef, HandDone, MatchError, TimeLimits};
use loki_agent::{player_seed, seat_names, Roster, RosterError, SeatedPlayer};
use loki_engine::{ByPosition, Player};
use std::io::Write;
use std::time::{Duration, Instant};

/// A match to play.
#[derive(Debug, Clone)]
pub struct LoopbackSpec {
    /// The game.
    pub game: GameDef,
    /// The game's name for the logs (`holdem.limit.3p.game`).
    pub game_name: String,
    /// Player kinds by seat.
    pub kinds: Vec<String>,
    /// Hands (per seating with `duplicate`).
    pub hands: u64,
    /// The seed of the cards and the players.
    pub seed: u64,
    /// Play every seating with the same cards.
    pub duplicate: bool,
}

/// Why a loopback match failed.
#[derive(Debug, thiserror::Error)]
pub enum LoopbackError {
    /// A player that cannot be built.
    #[error(transparent)]
    Roster(#[from] RosterError),
    /// The dealer or a client failed; the dealer's messages follow.
    #[error("{error}\n{messages}")]
    Match {
        /// The failure.
        error: MatchError,
        /// What the dealer printed.
        messages: String,
    },
    /// A log could not be written.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// Players that do not fit the game.
    #[error("{players} players for a {game}-player game")]
    Players {
        /// The players given.
        players: usize,
        /// The game's.
        game: usize,
    },
    /// A hand's corrections could not be computed (a bug).
    #[error(transparent)]
    Reduce(#[from] loki_variance::VarianceError),
}

/// One player's result.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerResult {
    /// The player's name.
    pub name: String,
    /// Chips won in all (summed over the seatings).
    pub chips: f64,
    /// Small bets per hand (averaged over the seatings) and its 95% half-width.
    pub sb_per_hand: (f64, f64),
    /// Milli-big-blinds per hand and its 95% half-width.
    pub mbb_per_hand: (f64, f64),
    /// Small bets per hand with the luck of the cards taken out (the chance corrections
    /// of `loki_variance`: the players' strategies are inside their clients, so no action
    /// is corrected) and its 95% half-width: unbiased, and narrower.
    pub reduced_sb_per_hand: (f64, f64),
}

/// A finished match.
#[derive(Debug, Clone)]
pub struct LoopbackReport {
    /// Seatings played (1, or the players with `duplicate`).
    pub seatings: usize,
    /// Every player's result, by seat of the first seating.
    pub players: Vec<PlayerResult>,
    /// Every decision's time, state received to reply sent.
    pub decisions: Vec<Duration>,
    /// Wall time.
    pub seconds: f64,
}

impl LoopbackReport {
    /// The table `loki acpc match` prints: the match (hands, seatings, seed, game, small
    /// bet and big blind), then each player's chips, sb/hand and mbb/hand with their 95%
    /// half-widths.
    pub fn text(&self, spec: &LoopbackSpec) -> String {
        use std::fmt::Write as _;
        let mut out = String::new();
        let (sb, bb) = (spec.game.small_bet(), spec.game.big_blind());
        let _ = writeln!(
            out,
            "{}{}, seed {}, {} (small bet {sb}, big blind {bb})",
            crate::results::plural(spec.hands, "hand", "hands"),
            if spec.duplicate {
                format!(" x {} seatings (duplicate)", self.seatings)
            } else {
                String::new()
            },
            spec.seed,
            spec.game_name
        );
        let _ = writeln!(
            out,
            "{:<12} {:>12} {:>10} {:>8} {:>10} {:>8} {:>10} {:>8}",
            "player", "chips", "sb/hand", "±95%", "mbb/hand", "±95%", "reduced", "±95%"
        );
        for p in &self.players {
            let _ = writeln!(
                out,
                "{:<12} {:>12} {:>+10.4} {:>8.4} {:>+10.0} {:>8.0} {:>+10.4} {:>8.4}",
                p.name,
                loki_history::format_value(p.chips),
                p.sb_per_hand.0,
                p.sb_per_hand.1,
                p.mbb_per_hand.0,
                p.mbb_per_hand.1,
                p.reduced_sb_per_hand.0,
                p.reduced_sb_per_hand.1
            );
        }
        out
    }
}

/// Plays the match. `log(r)` gives the writer of seating `r`'s dealer log (or none);
/// `on_hand` hears every finished hand.
///
/// # Errors
/// A player that cannot be built, players that do not fit the game, a failed dealer or
/// client, a log that cannot be written.
pub fn play(
    spec: &LoopbackSpec,
    roster: &Roster,
    log: &mut dyn FnMut(usize) -> std::io::Result<Option<Box<dyn Write>>>,
    on_hand: &mut dyn FnMut(),
) -> Result<LoopbackReport, LoopbackError> {
    let n = spec.kinds.len();
    if spec.game.players != n {
        return Err(LoopbackError::Players {
            players: n,
            game: spec.game.players,
        });
    }
    let names = seat_names(&spec.kinds);
    let seatings = if spec.duplicate { n } else { 1 };
    let rotations = Seating::new(spec.seed, n, 0);
    // values[player][hand]: chips summed over the seatings.
    let mut values = vec![vec![0.0; spec.hands as usize]; n];
    // The same with each hand's chance corrections taken out.
    let mut reduced = vec![vec![0.0; spec.hands as usize]; n];
    let mut reduce_error = None;
    let mut decisions = Vec::new();
    let started = Instant::now();
    for r in 0..seatings {
        // The dealer's seat s (the schedule's position s) holds player `player_at[s]`.
        let player_at: Vec<usize> = rotations
            .seats_by_position(0, r)
            .iter()
            .map(|s| s.index())
            .collect();
        let players = player_at
            .iter()
            .map(|&i| {
                let seed = player_seed(spec.seed, 0, i);
                let seat = SeatedPlayer::build(roster, &spec.kinds[i], &names[i], seed)?;
                Ok(Box::new(seat) as Box<dyn Player + Send>)
            })
            .collect::<Result<Vec<_>, RosterError>>()?;
        let options = DealerOptions {
            game: spec.game.clone(),
            game_name: spec.game_name.clone(),
            match_name: format!("loki-match-{r}"),
            hands: spec.hands,
            seed: spec.seed,
            names: player_at.iter().map(|&i| names[i].clone()).collect(),
            limits: TimeLimits::default(),
            start_timeout: Some(Duration::from_secs(60)),
            quiet: true,
        };
        let mut writer = log(r)?;
        let mut messages = Vec::new();
        let mut hand_done = |h: &HandDone| {
            let corrections = loki_variance::corrections(
                &h.record,
                |_, _| None,
                loki_variance::ValueFunction::default(),
            )
            .map(|c| c.total());
            let corrections = corrections.unwrap_or_else(|e| {
                reduce_error.get_or_insert(e);
                ByPosition::filled(h.values.len(), 0.0)
            });
            for (p, v) in h.values.enumerate() {
                let player = player_at[h.record.seats[p].index()];
                values[player][h.hand as usize] += v;
                reduced[player][h.hand as usize] += v - corrections[p];
            }
            on_hand();
        };
        let report = run_match(
            options,
            players,
            writer.as_mut().map(|w| w as &mut dyn Write),
            &mut messages,
            &mut hand_done,
        )
        .map_err(|error| LoopbackError::Match {
            error,
            messages: String::from_utf8_lossy(&messages).into_owned(),
        })?;
        if let Some(w) = writer.as_mut() {
            w.flush()?;
        }
        for c in report.clients {
            decisions.extend(c.decisions);
        }
    }
    if let Some(e) = reduce_error {
        return Err(e.into());
    }
    let (sb, bb) = (spec.game.small_bet() as f64, spec.game.big_blind() as f64);
    let players = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let per_hand: Vec<f64> = values[i].iter().map(|v| v / seatings as f64).collect();
            let (m, ci) = mean_ci95(&per_hand);
            let per_hand: Vec<f64> = reduced[i].iter().map(|v| v / seatings as f64).collect();
            let (rm, rci) = mean_ci95(&per_hand);
            PlayerResult {
                name: name.clone(),
                chips: values[i].iter().sum(),
                sb_per_hand: (m / sb, ci / sb),
                mbb_per_hand: (m / bb * 1000.0, ci / bb * 1000.0),
                reduced_sb_per_hand: (rm / sb, rci / sb),
            }
        })
        .collect();
    Ok(LoopbackReport {
        seatings,
        players,
        decisions,
        seconds: started.elapsed().as_secs_f64(),
    })
}

pub use loki_acpc::client::percentiles;
