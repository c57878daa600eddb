//! The text that `loki irc` prints: the replay statistics, the player list and one
//! player's profile (the JSON forms are the serde forms of the same types).
use crate::profile::{PlayerLine, PlayerProfile};
use crate::ReplayStats;
use std::fmt::Write as _;

/// The replay statistics: one line of counts, then one line per reason for skipping,
/// the most common first.
pub fn stats_lines(s: &ReplayStats) -> Vec<String> {
    let skipped: usize = s.skipped.values().sum();
    let mut v = vec![format!(
        "{} hands read, {} replayed, {} skipped ({} pdb lines, {} identical copies dropped, {} lines without a hand)",
        s.hands, s.replayed, skipped, s.lines.pdb_lines, s.lines.duplicate_lines, s.lines.orphan_lines
    )];
    let mut reasons: Vec<(&&str, &usize)> = s.skipped.iter().collect();
    reasons.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (reason, n) in reasons {
        v.push(format!("  skipped: {n:>6}  {reason}"));
    }
    v
}

/// The player list as a table (bots marked).
pub fn players_table(lines: &[PlayerLine]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<16} {:>7} {:>8} {:>9} {:>9}",
        "player", "hands", "replayed", "decisions", "showdowns"
    );
    for p in lines {
        let bot = if p.bot { "  (bot)" } else { "" };
        let _ = writeln!(
            out,
            "{:<16} {:>7} {:>8} {:>9} {:>9}{bot}",
            p.nick, p.hands, p.replayed, p.decisions, p.showdowns
        );
    }
    out
}

fn pct(x: Option<f64>) -> String {
    x.map_or("-".into(), |v| format!("{:.1}%", 100.0 * v))
}

/// One player's profile: the HUD statistics, the frequencies of the 12 categories of
/// round and bets to call, and the showdowns.
pub fn profile_text(p: &PlayerProfile) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} replayed hands",
        p.profile.name, p.profile.hands
    );
    let _ = writeln!(
        out,
        "VPIP {}  PFR {}  AF {}  WTSD {}  W$SD {}",
        pct(p.hud.vpip),
        pct(p.hud.pfr),
        p.hud.af.map_or("-".into(), |v| format!("{v:.2}")),
        pct(p.hud.wtsd),
        pct(p.hud.wsd)
    );
    let _ = writeln!(
        out,
        "round    to call  decisions    fold   check/call   bet/raise"
    );
    for (r, name) in ["preflop", "flop", "turn", "river"].iter().enumerate() {
        for (b, c) in p.profile.counts[r].iter().enumerate() {
            let n: u32 = c.iter().sum();
            let f = |i: usize| {
                if n == 0 {
                    "-".to_string()
                } else {
                    format!("{:.3}", f64::from(c[i]) / f64::from(n))
                }
            };
            let to_call = ["0", "1", "2+"][b];
            let _ = writeln!(
                out,
                "{name:<8} {to_call:>7} {n:>10} {:>7} {:>12} {:>11}",
                f(0),
                f(1),
                f(2)
            );
        }
    }
    let _ = writeln!(out, "{} showdowns:", p.showdowns.len());
    for s in &p.showdowns {
        let board: String = s.board.iter().map(|c| c.to_string()).collect();
        let _ = writeln!(
            out,
            "  {}  {}  {board:<10}  {:+}",
            s.timestamp, s.cards, s.net
        );
    }
    out
}
