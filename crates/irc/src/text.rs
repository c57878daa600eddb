//! The text that `loki irc` prints: the replay statistics, the player list, one
//! player's profile, the export's summary, the model list and the evaluation's tables
//! (the JSON forms are the serde forms of the same types).
use crate::eval::report::{GroupReport, ModelReport, Report};
use crate::phh::PhhSkip;
use crate::predict::ModelSpec;
use crate::profile::{PlayerLine, PlayerProfile};
use crate::{Dataset, ReplayStats};
use loki_engine::Action;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// What `loki irc check` prints: the replay statistics, the hands whose recorded
/// winnings differ from the engine's pot split, and with `verbose` every skipped hand.
pub fn check_text(d: &Dataset, verbose: bool) -> String {
    let mut out = String::new();
    for l in stats_lines(&d.stats) {
        let _ = writeln!(out, "{l}");
    }
    if d.stats.winnings_differ > 0 {
        let _ = writeln!(
            out,
            "{} replayed hands record winnings other than the engine's pot split",
            d.stats.winnings_differ
        );
    }
    if verbose {
        for (t, s) in &d.skips {
            let _ = writeln!(out, "hand {t}: {s}");
        }
    }
    out
}

/// What `loki irc export` prints after writing: the replay statistics, the hands
/// written to `file` and the count of each reason a hand was not expressible.
pub fn export_text(
    stats: &ReplayStats,
    written: usize,
    skipped: &BTreeMap<PhhSkip, usize>,
    file: &str,
) -> String {
    let mut out = String::new();
    for l in stats_lines(stats) {
        let _ = writeln!(out, "{l}");
    }
    let _ = writeln!(out, "{written} hands written to {file}");
    for (s, n) in skipped {
        let _ = writeln!(out, "  not expressible in PHH: {n:>6}  {}", s.describe());
    }
    out
}

/// `--model list`: every model's name and line.
pub fn models_text(models: &[ModelSpec]) -> String {
    let mut out = String::new();
    for m in models {
        let _ = writeln!(out, "{:<12} {}", m.name, m.description);
    }
    out
}

/// A 95% interval as "[lo, hi]".
fn ci(v: [f64; 2], digits: usize) -> String {
    format!("[{:.digits$}, {:.digits$}]", v[0], v[1])
}

/// One group's table: a line per model.
fn group_table(out: &mut String, r: &Report, pick: impl Fn(&ModelReport) -> &GroupReport) {
    let _ = writeln!(
        out,
        "{:<12} {:>9} {:>8} {:>18} {:>9} {:>7} {:>8} {:>16} {:>11} {:>16}",
        "model",
        "decisions",
        "bits",
        "95% CI",
        "accuracy",
        "pairs",
        "hc bits",
        "95% CI",
        "percentile",
        "95% CI"
    );
    for (name, m) in &r.models {
        let g = pick(m);
        let _ = writeln!(
            out,
            "{:<12} {:>9} {:>8.4} {:>18} {:>9.4} {:>7} {:>8.3} {:>16} {:>11.3} {:>16}",
            name,
            g.decisions,
            g.bits_per_decision,
            ci(g.bits_per_decision_ci95, 4),
            g.accuracy,
            g.showdown_pairs,
            g.holecard_bits_gained,
            ci(g.holecard_bits_gained_ci95, 3),
            g.holecard_percentile,
            ci(g.holecard_percentile_ci95, 3)
        );
    }
}

/// What `loki irc eval` prints: the hands scored, a table per group (all players,
/// humans, bots) and, with several models, the paired differences.
pub fn eval_text(r: &Report, walked: usize, resamples: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} hands scored of {} replayed; {} bootstrap resamples over hands",
        r.hands, walked, resamples
    );
    let _ = writeln!(out, "all players:");
    group_table(&mut out, r, |m| &m.all);
    let _ = writeln!(out, "humans:");
    group_table(&mut out, r, |m| &m.humans);
    let _ = writeln!(out, "bots (names with `bot`):");
    group_table(&mut out, r, |m| &m.bots);
    if r.models.len() > 1 {
        let _ = writeln!(out, "paired differences on the same decisions, each pair once, better (fewer bits per decision) minus worse: bits per decision, 95% CI:");
        for (i, (a, ma)) in r.models.iter().enumerate() {
            for (b, mb) in &r.models[i + 1..] {
                let (Some(ab), Some(ba)) = (ma.differences.get(b), mb.differences.get(a)) else {
                    continue;
                };
                let (name, other, diff) = if ab.bits_per_decision <= 0.0 {
                    (a, b, ab)
                } else {
                    (b, a, ba)
                };
                let _ = writeln!(
                    out,
                    "  {name:<12} \u{2212} {other:<12} bits {:+.4} {}  hole-card bits {:+.3} {}",
                    diff.bits_per_decision,
                    ci(diff.bits_per_decision_ci95, 4),
                    diff.holecard_bits_gained,
                    ci(diff.holecard_bits_gained_ci95, 3)
                );
            }
        }
    }
    out
}

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
            let n = c.total();
            let f = |a: Action| {
                if n == 0 {
                    "-".to_string()
                } else {
                    format!("{:.3}", f64::from(c[a]) / f64::from(n))
                }
            };
            let to_call = ["0", "1", "2+"][b];
            let _ = writeln!(
                out,
                "{name:<8} {to_call:>7} {n:>10} {:>7} {:>12} {:>11}",
                f(Action::Fold),
                f(Action::Call),
                f(Action::Raise)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::report::Difference;
    use crate::eval::report::ModelReport;

    #[test]
    fn export_text_counts_and_names_the_file() {
        let stats = ReplayStats::default();
        let mut skipped = BTreeMap::new();
        skipped.insert(PhhSkip::RaiseCap, 3);
        let t = export_text(&stats, 7, &skipped, "out.phhs");
        assert!(t.contains("\n7 hands written to out.phhs\n"), "{t}");
        assert!(t.contains("  not expressible in PHH:      3  "), "{t}");
    }

    #[test]
    fn eval_text_has_a_table_per_group_and_differences_only_for_several_models() {
        let one = Report {
            models: vec![("SOM".into(), ModelReport::default())],
            hands: 12,
        };
        let t = eval_text(&one, 20, 100);
        assert!(
            t.starts_with("12 hands scored of 20 replayed; 100 bootstrap resamples over hands\n")
        );
        assert_eq!(t.matches("model        decisions").count(), 3, "{t}");
        assert!(!t.contains("paired differences"));
        let two = Report {
            models: vec![
                ("SOM".into(), ModelReport::default()),
                ("GOM".into(), ModelReport::default()),
            ],
            hands: 12,
        };
        assert!(eval_text(&two, 20, 100).contains("paired differences"));
        // Each pair once, the better model (fewer bits) first.
        let diff = |bits: f64| Difference {
            bits_per_decision: bits,
            bits_per_decision_ci95: [bits - 0.01, bits + 0.01],
            accuracy: 0.0,
            accuracy_ci95: [0.0, 0.0],
            holecard_bits_gained: 0.0,
            holecard_bits_gained_ci95: [0.0, 0.0],
            holecard_percentile: 0.0,
            holecard_percentile_ci95: [0.0, 0.0],
        };
        let mut som = ModelReport::default();
        som.differences.insert("GOM".into(), diff(0.05));
        let mut gom = ModelReport::default();
        gom.differences.insert("SOM".into(), diff(-0.05));
        let pair = Report {
            models: vec![("SOM".into(), som), ("GOM".into(), gom)],
            hands: 12,
        };
        let t = eval_text(&pair, 20, 100);
        let lines: Vec<&str> = t.lines().filter(|l| l.contains("bits -0.0500")).collect();
        assert_eq!(lines.len(), 1, "{t}");
        assert!(lines[0].starts_with("  GOM          \u{2212} SOM "), "{t}");
        assert!(!t.contains("+0.0500"), "{t}");
        let j = two.json();
        assert_eq!(j["GOM"]["humans"]["decisions"], 0);
        assert_eq!(j.as_object().map(|o| o.len()), Some(2));
    }
}
