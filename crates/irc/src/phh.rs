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
use loki_engine::Position;
use loki_engine::{Action, Chips, Round};
use loki_history::{phh_list, toml_string, write_phh_game};
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
    if rules.single_blind && (n == 2 || h.irc_positions[Position::new(0)] != 1) {
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

/// Writes one hand as the PHH table `[key]`. The caller checks [`expressible`] first.
/// The game keys and actions are `loki-history`'s writer's (PokerKit's showdown order);
/// unshown hole cards are `????`, bankrolls are the stacks.
pub fn write_hand(w: &mut impl Write, key: usize, h: &IrcHand) -> std::io::Result<()> {
    writeln!(w, "[{key}]")?;
    write_phh_game(w, &h.config, &h.bankrolls, &h.events, &h.hole)?;
    writeln!(w, "hand = {}", h.timestamp)?;
    let names: Vec<String> = h.names.iter().map(|s| toml_string(s)).collect();
    writeln!(w, "players = [{}]", names.join(", "))?;
    let finishing: Vec<Chips> = h
        .bankrolls
        .iter()
        .zip(h.recorded_net())
        .map(|(b, n)| b + n)
        .collect();
    writeln!(w, "finishing_stacks = {}", phh_list(&finishing))?;
    Ok(())
}

/// Writes every expressible hand of `hands` to `w` as a PHHS file (tables keyed 1, 2,
/// ..., a blank line between them) and returns the number written and how many were
/// left out for each reason.
pub fn write_hands(
    w: &mut impl Write,
    hands: &[IrcHand],
) -> std::io::Result<(usize, std::collections::BTreeMap<PhhSkip, usize>)> {
    let mut skipped = std::collections::BTreeMap::new();
    let mut written = 0usize;
    for h in hands {
        match expressible(h) {
            Ok(()) => {
                if written > 0 {
                    writeln!(w)?;
                }
                written += 1;
                write_hand(w, written, h)?;
            }
            Err(s) => *skipped.entry(s).or_default() += 1,
        }
    }
    w.flush()?;
    Ok((written, skipped))
}
