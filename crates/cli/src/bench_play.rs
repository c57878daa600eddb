//! `loki bench` keys of the player and the tournament: `decision_flop_ms` (the median time
//! of a SOM decision on the flop in ten-seat self-play, the re-weighting of the opponents'
//! tables since its previous decision included, the board's range table already built),
//! `poki_decision_flop_ms` (the same for POKI, 500 trials; `_early_stop` with the early
//! stop) and `tournament_hands_per_s` (the figure-4 field on all cores).
use anyhow::Result;
use loki_agent::{Roster, Seat};
use loki_bot::{LokiConfig, PlayerKind};
use loki_engine::{play_hand_seated, Action, Deal, Event, GameConfig, Player, Round, SeatView};
use serde_json::{Map, Value};
use std::time::{Duration, Instant};

struct Timed {
    inner: Seat,
    pending: Duration,
    samples: Vec<f64>,
}

impl Player for Timed {
    fn name(&self) -> &str {
        self.inner.name()
    }
    fn begin_hand(&mut self, view: &SeatView<'_>) {
        self.pending = Duration::ZERO;
        self.inner.begin_hand(view);
    }
    fn observe(&mut self, event: &Event, view: &SeatView<'_>) {
        let t = Instant::now();
        self.inner.observe(event, view);
        if view.round() == Round::Flop {
            self.pending += t.elapsed();
        }
    }
    fn act(&mut self, view: &SeatView<'_>) -> Action {
        let t = Instant::now();
        let a = self.inner.act(view);
        if view.round() == Round::Flop {
            self.samples
                .push((t.elapsed() + self.pending).as_secs_f64() * 1e3);
        }
        self.pending = Duration::ZERO;
        a
    }
}

/// The median flop decision of ten SOM players over `hands` hands.
pub fn decision_flop_ms(hands: u64) -> Result<f64> {
    flop_decisions_ms(PlayerKind::Som, LokiConfig::default(), hands)
}

/// The median flop decision of ten POKI players over `hands` hands: every decision plays
/// all `trials` trials when `early_stop` is off (the runout strength tables are built on
/// first use and count in the decision that builds them).
pub fn poki_decision_flop_ms(hands: u64, early_stop: bool) -> Result<f64> {
    let mut config = LokiConfig::default();
    if !early_stop {
        config.simulation.z = 0.0;
    }
    flop_decisions_ms(PlayerKind::Poki, config, hands)
}

fn flop_decisions_ms(kind: PlayerKind, config: LokiConfig, hands: u64) -> Result<f64> {
    let roster = Roster::new(config)?;
    let know = roster.know.clone();
    let n = 10;
    let config = GameConfig::paper(n)?;
    let mut players: Vec<Timed> = (0..n)
        .map(|i| {
            let name = format!("{}-{}", kind.name(), i + 1);
            Ok(Timed {
                inner: Seat::build(&roster, kind.name(), &name, i as u64)?,
                pending: Duration::ZERO,
                samples: Vec::new(),
            })
        })
        .collect::<Result<_>>()?;
    for h in 0..hands {
        let mut deck = loki_cards::Deck::from_seed(crate::bench::BENCH_SEED.wrapping_add(h));
        let deal = Deal::from_deck(n, &mut deck).ok_or_else(|| anyhow::anyhow!("deck"))?;
        // The boards' analyses are built before the hand (the bench times decisions,
        // not range tables) and held while it is played.
        let _boards = [3, 4, 5]
            .into_iter()
            .map(|len| know.boards.get(&deal.board[..len]))
            .collect::<Result<Vec<_>, _>>()?;
        let seats: Vec<usize> = (0..n).map(|p| (p + h as usize) % n).collect();
        let mut slots: Vec<Option<&mut Timed>> = players.iter_mut().map(Some).collect();
        let mut by_position: Vec<&mut dyn Player> = Vec::with_capacity(n);
        for &s in &seats {
            by_position.push(slots[s].take().ok_or_else(|| anyhow::anyhow!("seat"))?);
        }
        play_hand_seated(&config, &mut by_position, &deal, &seats)?;
    }
    let mut all: Vec<f64> = players
        .iter()
        .flat_map(|p| p.samples.iter().copied())
        .collect();
    if all.is_empty() {
        return Ok(0.0);
    }
    all.sort_by(f64::total_cmp);
    Ok(all[all.len() / 2])
}

pub fn measure(quick: bool, out: &mut Map<String, Value>) -> Result<()> {
    eprintln!("decision_flop_ms: ten-seat SOM self-play");
    let d = decision_flop_ms(if quick { 40 } else { 200 })?;
    out.insert("decision_flop_ms".into(), Value::from(d));
    eprintln!("poki_decision_flop_ms: ten-seat POKI self-play, 500 trials per decision");
    let d = poki_decision_flop_ms(if quick { 8 } else { 40 }, false)?;
    out.insert("poki_decision_flop_ms".into(), Value::from(d));
    eprintln!("poki_decision_flop_ms_early_stop: the same with the early stop");
    let d = poki_decision_flop_ms(if quick { 8 } else { 40 }, true)?;
    out.insert("poki_decision_flop_ms_early_stop".into(), Value::from(d));
    eprintln!("tournament_hands_per_s: the figure-4 field on all cores");
    let h = crate::tournament::hands_per_second(if quick { 50 } else { 300 }, 1998)?;
    out.insert("tournament_hands_per_s".into(), Value::from(h.round()));
    Ok(())
}
