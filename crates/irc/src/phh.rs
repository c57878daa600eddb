//! Export of replayed hands as PHH (PokerKit 0.7.7's TOML hand histories, variant `"FT"`),
//! with the bankrolls as starting stacks and unshown hole cards as `????`. PHH player
//! `pN` is engine position `N - 1` (PHH reverses the blinds heads-up, as the engine's
//! heads-up seating does). The IRC rules PHH cannot express make a hand [`PhhSkip`]:
//! heads-up betting after the flop (the IRC small blind acts first there, PokerKit's big
//! blind), a single blind posted by another position than the first (or heads-up), more
//! than 4 bets and raises in a round (PokerKit's fixed-limit cap; IRC heads-up play is
//! uncapped), a showdown with unshown cards, and recorded winnings that differ from the
//! engine's pot split (which PokerKit would compute).
use crate::hand::IrcHand;
use loki_engine::{Action, Chips, Event, Round};
use std::io::Write;

/// Why a hand cannot be written as PHH.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PhhSkip {
    /// Heads-up with betting after the flop.
    HeadsUpPostflop,
    /// A single blind that PHH cannot place.
    SingleBlind,
    /// A round with more than 4 bets and raises.
    RaiseCap,
    /// A showdown player's cards were not shown.
    UnshownShowdown,
    /// The recorded winnings differ from the engine's pot split.
    Winnings,
}

impl PhhSkip {
    /// A short description.
    pub fn describe(self) -> &'static str {
        match self {
            PhhSkip::HeadsUpPostflop => "heads-up betting after the flop (IRC: small blind first)",
            PhhSkip::SingleBlind => "a single blind PHH cannot place",
            PhhSkip::RaiseCap => "more than 4 bets and raises in a round (PokerKit's cap)",
            PhhSkip::UnshownShowdown => "a showdown with unshown cards",
            PhhSkip::Winnings => "recorded winnings differ from the pot split",
        }
    }
}

/// Whether a hand can be written, and why not.
pub fn expressible(h: &IrcHand) -> Result<(), PhhSkip> {
    let n = h.seats();
    let rules = h.config.rules();
    let postflop = h.decisions.iter().any(|d| d.spot.round != Round::Preflop);
    if rules.single_blind && (n == 2 || h.irc_positions[0] != 1) {
        return Err(PhhSkip::SingleBlind);
    }
    if n == 2 && postflop {
        return Err(PhhSkip::HeadsUpPostflop);
    }
    for r in Round::ALL {
        let raises = h
            .decisions
            .iter()
            .filter(|d| d.spot.round == r && d.action == Action::Raise)
            .count();
        if raises > 4 {
            return Err(PhhSkip::RaiseCap);
        }
    }
    match &h.replayed_net {
        None => Err(PhhSkip::UnshownShowdown),
        Some(net) if *net != h.recorded_net() => Err(PhhSkip::Winnings),
        Some(_) => Ok(()),
    }
}

fn toml_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn list<T: std::fmt::Display>(v: &[T]) -> String {
    let items: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("[{}]", items.join(", "))
}

/// Writes one hand as the PHH table `[key]`. The caller checks [`expressible`] first.
pub fn write_hand(w: &mut impl Write, key: usize, h: &IrcHand) -> std::io::Result<()> {
    let n = h.seats();
    let mut blinds = h.config.blinds();
    if n == 2 {
        blinds.reverse();
    }
    writeln!(w, "[{key}]")?;
    writeln!(w, "variant = \"FT\"")?;
    writeln!(w, "antes = {}", list(&vec![0; n]))?;
    writeln!(w, "blinds_or_straddles = {}", list(&blinds))?;
    writeln!(w, "small_bet = {}", h.config.small_bet())?;
    writeln!(w, "big_bet = {}", h.config.big_bet())?;
    writeln!(w, "starting_stacks = {}", list(&h.bankrolls))?;
    writeln!(w, "actions = [")?;
    // PokerKit shows the live hands when the river ends, or as soon as a betting round
    // ends with at most one live player holding chips, from the street's opener (the last
    // bettor or raiser, else the player after the largest blind pre-flop and p1 after the
    // flop), and deals the rest of the board afterwards (as `loki-history` writes it).
    let mut remaining: Vec<Chips> = h.bankrolls.clone();
    let mut live = vec![true; n];
    let mut opener = 0usize;
    let mut shown = false;
    for e in &h.events {
        match e {
            Event::BlindsPosted { amounts } => {
                for (p, a) in amounts.iter().enumerate() {
                    remaining[p] -= a;
                }
                let top = (0..n).max_by_key(|&p| (amounts[p], p)).unwrap_or(0);
                opener = (top + 1) % n;
            }
            Event::HoleDealt { position, cards } => {
                writeln!(w, "  \"d dh p{} {cards}\",", position + 1)?
            }
            Event::HoleHidden { position } => writeln!(w, "  \"d dh p{} ????\",", position + 1)?,
            Event::BoardDealt { cards, .. } => {
                opener = 0;
                let s: String = cards.iter().map(|c| c.to_string()).collect();
                writeln!(w, "  \"d db {s}\",")?
            }
            Event::Action(a) => {
                let p = a.position + 1;
                remaining[a.position] -= a.amount;
                match a.action {
                    Action::Fold => {
                        live[a.position] = false;
                        writeln!(w, "  \"p{p} f\",")?
                    }
                    Action::Call => writeln!(w, "  \"p{p} cc\",")?,
                    Action::Raise => {
                        opener = a.position;
                        writeln!(w, "  \"p{p} cbr {}\",", a.bet_to)?
                    }
                }
            }
            Event::RoundEnd { round, .. } if !shown => {
                let live_count = live.iter().filter(|l| **l).count();
                let with_chips = (0..n).filter(|&p| live[p] && remaining[p] > 0).count();
                if live_count > 1 && (*round == Round::River || with_chips <= 1) {
                    shown = true;
                    for i in 0..n {
                        let p = (opener + i) % n;
                        if live[p] {
                            let cards = h.hole[p].map_or("????".to_string(), |c| c.to_string());
                            writeln!(w, "  \"p{} sm {cards}\",", p + 1)?;
                        }
                    }
                }
            }
            _ => {}
        }
    }
    writeln!(w, "]")?;
    writeln!(w, "hand = {}", h.timestamp)?;
    let names: Vec<String> = h.names.iter().map(|s| toml_string(s)).collect();
    writeln!(w, "players = [{}]", names.join(", "))?;
    let finishing: Vec<Chips> = h
        .bankrolls
        .iter()
        .zip(h.recorded_net())
        .map(|(b, n)| b + n)
        .collect();
    writeln!(w, "finishing_stacks = {}", list(&finishing))?;
    Ok(())
}
