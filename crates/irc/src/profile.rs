//! Player statistics from the replayed hands: the list of players by hands played, and
//! one player's profile: Loki's 36 action categories (round x bets to call 0/1/2+ x fold,
//! check/call, bet/raise), the usual HUD statistics and the hands shown down.
//!
//! HUD definitions (the standard tracker ones; Papp's categories come from the same
//! decisions):
//! * VPIP: hands with a voluntary pre-flop call, bet or raise (blind posts do not count)
//!   over hands with at least one pre-flop decision (one opportunity per hand; a big
//!   blind's walk is not an opportunity);
//! * PFR: hands with a pre-flop bet or raise over the same opportunities;
//! * AF: post-flop bets and raises over post-flop calls (checks do not count);
//! * WTSD: showdowns over hands in which the player saw the flop;
//! * W$SD: showdowns in which the player won chips over showdowns.
use crate::dataset::Dataset;
use crate::hand::is_bot_name;
use loki_cards::{Card, HoleCards};
use loki_engine::{ratio, Action, ActionCounts, Chips, Hud, Profile, Round};
use serde::Serialize;

/// One line of the player list.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct PlayerLine {
    /// Nickname.
    pub nick: String,
    /// Hands dealt in (every hand read, replayed or not).
    pub hands: usize,
    /// Hands replayed.
    pub replayed: usize,
    /// Decisions in replayed hands.
    pub decisions: usize,
    /// Hole cards shown at a showdown.
    pub showdowns: usize,
    /// The name marks a bot.
    pub bot: bool,
}

/// Players by hands played (most first, then by name).
pub fn players(data: &Dataset) -> Vec<PlayerLine> {
    let mut v: Vec<PlayerLine> = data
        .dealt
        .iter()
        .map(|(nick, &hands)| PlayerLine {
            nick: nick.clone(),
            hands,
            replayed: 0,
            decisions: 0,
            showdowns: 0,
            bot: is_bot_name(nick),
        })
        .collect();
    let index = |nick: &str, v: &[PlayerLine]| v.binary_search_by(|p| p.nick.as_str().cmp(nick));
    for h in &data.hands {
        for (p, nick) in h.names.enumerate() {
            if let Ok(i) = index(nick, &v) {
                v[i].replayed += 1;
                v[i].decisions += h.decisions.iter().filter(|d| d.spot.position == p).count();
                v[i].showdowns += usize::from(h.showdown.contains(&p) && h.hole[p].is_some());
            }
        }
    }
    v.sort_by(|a, b| b.hands.cmp(&a.hands).then_with(|| a.nick.cmp(&b.nick)));
    v
}

/// A hand the player showed down.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Showdown {
    /// The hand's timestamp.
    pub timestamp: u64,
    /// The player's cards.
    pub cards: HoleCards,
    /// The board.
    pub board: Vec<Card>,
    /// Net chips won (won - put in).
    pub net: Chips,
}

/// One player's profile from the database: the one profile type of loki (the 36
/// categories, hands, VPIP and PFR hands; no recent window), its HUD statistics with the
/// showdown ones, and the hands it showed down.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct PlayerProfile {
    /// The profile (`name` is the nickname).
    #[serde(flatten)]
    pub profile: Profile,
    /// HUD statistics (VPIP and PFR over the hands with a pre-flop decision).
    pub hud: Hud,
    /// Hands shown down, in time order.
    pub showdowns: Vec<Showdown>,
}

/// The profile of `nick`, if the player is in a replayed hand.
pub fn profile(data: &Dataset, nick: &str) -> Option<PlayerProfile> {
    let mut cat = ActionCounts::default();
    let (mut hands, mut opp, mut vpip, mut pfr) = (0, 0, 0, 0);
    let (mut agg, mut calls, mut saw_flop, mut sd, mut won) = (0, 0, 0, 0, 0);
    let mut showdowns = Vec::new();
    for h in &data.hands {
        let Some((p, _)) = h.names.enumerate().find(|(_, n)| *n == nick) else {
            continue;
        };
        hands += 1;
        let mine: Vec<_> = h
            .decisions
            .iter()
            .filter(|d| d.spot.position == p)
            .collect();
        for d in &mine {
            let r = d.spot.round.index();
            cat[r][(d.spot.bets_to_call as usize).min(2)][d.class] += 1;
            if d.spot.round != Round::Preflop {
                match (d.class, d.symbol) {
                    (Action::Raise, _) => agg += 1,
                    (Action::Call, 'c') => calls += 1,
                    _ => {}
                }
            }
        }
        let pre: Vec<_> = mine
            .iter()
            .filter(|d| d.spot.round == Round::Preflop)
            .collect();
        if !pre.is_empty() {
            opp += 1;
            vpip += u64::from(
                pre.iter()
                    .any(|d| d.symbol != 'k' && d.class != Action::Fold),
            );
            pfr += u64::from(pre.iter().any(|d| d.class == Action::Raise));
        }
        let folded_pre = pre.iter().any(|d| d.class == Action::Fold);
        if h.board.len() >= 3 && !folded_pre {
            saw_flop += 1;
        }
        if h.showdown.contains(&p) {
            sd += 1;
            won += u64::from(h.won[p] > 0);
            if let Some(cards) = h.hole[p] {
                showdowns.push(Showdown {
                    timestamp: h.timestamp,
                    cards,
                    board: h.board.clone(),
                    net: h.won[p] - h.put_in[p],
                });
            }
        }
    }
    (hands > 0).then(|| PlayerProfile {
        profile: Profile {
            name: nick.to_string(),
            hands,
            vpip_hands: vpip,
            pfr_hands: pfr,
            counts: cat,
            recent: Vec::new(),
        },
        hud: Hud {
            hands,
            vpip: ratio(vpip, opp),
            pfr: ratio(pfr, opp),
            af: ratio(agg, calls),
            wtsd: ratio(sd, saw_flop),
            wsd: ratio(won, sd),
        },
        showdowns,
    })
}
