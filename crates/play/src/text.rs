//! The table, the model view and the summary as plain text, for `loki play` (a
//! line-oriented terminal game that also works over a pipe). Everything is rendered from
//! a [`TableView`], the same value the web page receives; the words that explain ties and
//! showdown marks are the model view's own ([`BeliefView::top_note`],
//! [`crate::ShowdownMark::text`]), so the page and the terminal say the same.
use crate::belief::{BeliefView, ModelView};
use crate::hud::HudView;
use crate::narrate::{cards_text, signed};
use crate::TableView;
use loki_assess::StartingHandGrid;
use std::fmt::Write as _;

/// The terminal's commands.
pub const HELP: &str = "commands: f = fold, c = check or call, k = check only, r = bet or raise, \
b = bet only, Enter = next hand, m = what Loki believes, y = what they think of you, \
g = the belief charts, t = the table, s = the session summary, ? or help = this list, q = quit";

/// "1 hand", "2 hands".
pub fn plural(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

fn opt(x: Option<f64>) -> String {
    x.map_or_else(|| "-".into(), |v| format!("{v:.3}"))
}

/// A HUD in a few characters: "VPIP 25% PFR 10% AF 1.5 (20 hands)".
pub fn hud(h: &HudView) -> String {
    let af = h.af.map_or_else(|| "-".to_string(), |a| format!("{a:.1}"));
    format!(
        "VPIP {:.0}% PFR {:.0}% AF {af} ({})",
        100.0 * h.vpip,
        100.0 * h.pfr,
        plural(h.hands, "hand")
    )
}

/// The widest line of the terminal's table (ours: a classic terminal).
pub const TABLE_WIDTH: usize = 80;

/// Width in characters.
fn width(s: &str) -> usize {
    s.chars().count()
}

/// `cells` joined by `sep` on lines of at most [`TABLE_WIDTH`] characters: a cell that
/// would pass it starts a line of its own, indented by `indent` spaces (a cell is never
/// cut; none is wider than the line; blank cells only pad).
fn fit(cells: &[String], sep: &str, indent: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line: Option<String> = None;
    for cell in cells {
        line = Some(match line.take() {
            None => cell.clone(),
            Some(l)
                if !cell.trim().is_empty()
                    && width(&l) + width(sep) + width(cell.trim_end()) > TABLE_WIDTH =>
            {
                lines.push(l);
                format!("{:indent$}{}", "", cell.trim_start())
            }
            Some(l) => l + sep + cell,
        });
    }
    lines.extend(line);
    lines.iter().map(|l| l.trim_end().to_string()).collect()
}

/// The cells of one column, each padded to the column's widest (the last column not).
fn pad(column: Vec<String>) -> Vec<String> {
    let w = column.iter().map(|c| width(c)).max().unwrap_or(0);
    column.into_iter().map(|c| format!("{c:<w$}")).collect()
}

/// The seats, the board and the pot, in lines of at most [`TABLE_WIDTH`] characters at
/// any number of seats: the hand's line, then per seat a line of its name, kind, role,
/// cards, chips and last action (its columns as wide as this table needs), and under it
/// its HUD (the person's: how the bots see them).
pub fn table(v: &TableView) -> String {
    let mut s = String::new();
    let hand = v
        .hand
        .map_or_else(|| "no hand yet".into(), |h| format!("hand {h}"));
    let round = v.round.clone().unwrap_or_else(|| "over".into());
    let board: Vec<String> = v.board.iter().map(|c| c.to_string()).collect();
    let mut head = vec![
        format!("-- {hand}, {round}"),
        format!("board [{}]", board.join(" ")),
        format!("pot {}", v.pot),
        format!(
            "stakes {}/{} (blinds {}/{})",
            v.stakes[2], v.stakes[3], v.stakes[0], v.stakes[1]
        ),
    ];
    if v.study {
        head.push("study mode".into());
    }
    for line in fit(&head, "; ", 3) {
        let _ = writeln!(s, "{line}");
    }
    let column = |f: &dyn Fn(&crate::SeatInfo) -> String| pad(v.seats.iter().map(f).collect());
    let columns = [
        column(&|seat| if seat.to_act { ">" } else { " " }.to_string()),
        column(&|seat| format!("seat {}", seat.seat)),
        column(&|seat| seat.name.clone()),
        column(&|seat| seat.kind.clone()),
        column(&|seat| seat.role.unwrap_or("").to_string()),
        column(&|seat| {
            seat.cards.map_or_else(
                || if seat.folded { "folded" } else { "??" }.to_string(),
                cards_text,
            )
        }),
        column(&|seat| format!("bet {}", seat.bet)),
        column(&|seat| format!("in {}", seat.put_in)),
        column(&|seat| format!("net {}", signed(seat.net))),
        v.seats
            .iter()
            .map(|seat| seat.last_action.clone().unwrap_or_default())
            .collect(),
    ];
    // The HUD under the name.
    let under = width(&columns[0][0]) + width(&columns[1][0]) + 2;
    for (i, seat) in v.seats.iter().enumerate() {
        let cells: Vec<String> = columns.iter().map(|c| c[i].clone()).collect();
        for line in fit(&cells, " ", under) {
            let _ = writeln!(s, "{line}");
        }
        let who = if seat.seat == v.you {
            "bots see you: "
        } else {
            ""
        };
        let hud = format!("{who}{}", hud(&seat.hud));
        let mut words: Vec<String> = hud.split(' ').map(String::from).collect();
        words[0] = format!("{:under$}{}", "", words[0]);
        for line in fit(&words, " ", under) {
            let _ = writeln!(s, "{line}");
        }
    }
    s
}

/// The prompt of the person's turn, with the pot.
pub fn prompt(v: &TableView) -> String {
    let Some(l) = &v.legal else {
        return String::new();
    };
    let mut choices = Vec::new();
    if l.fold {
        choices.push("[f]old".to_string());
    }
    if l.call {
        choices.push(format!("[c] {}", l.call_label));
    }
    if l.raise {
        choices.push(format!("[r] {}", l.raise_label));
    }
    format!(
        "pot {}; your turn: {} (? for help)> ",
        v.pot,
        choices.join(", ")
    )
}

/// The outcome of the last hand in words and the bankroll.
pub fn result(v: &TableView) -> String {
    let mut s = String::new();
    if let Some(r) = &v.result {
        for line in &r.banner {
            let _ = writeln!(s, "*** {line}");
        }
        let mut nets: Vec<String> = v
            .seats
            .iter()
            .map(|seat| format!("{} {}", seat.name, signed(r.net[seat.seat])))
            .collect();
        if let Some(first) = nets.first_mut() {
            *first = format!("result: {first}");
        }
        for line in fit(&nets, ", ", 8) {
            let _ = writeln!(s, "{line}");
        }
    }
    let _ = writeln!(
        s,
        "you after {}: {} chips",
        plural(v.hands_played as u64, "hand"),
        signed(v.bankroll.last().copied().unwrap_or(0))
    );
    s
}

fn belief_line(b: &BeliefView) -> String {
    let top: Vec<String> = b
        .top
        .iter()
        .map(|h| format!("{} {}", h.cards, crate::belief::percent(h.share)))
        .collect();
    let mut s = format!("    about {}: {} actions seen", b.name, b.actions_seen);
    if let (Some(f), Some(n)) = (b.frequencies, b.observations) {
        let _ = write!(
            s,
            "; frequencies [f {:.2}, c {:.2}, r {:.2}] ({n} obs.)",
            f.fold(),
            f.call(),
            f.raise()
        );
    }
    if let Some(hs) = b.hs {
        let _ = write!(s, "; hs {hs:.3}");
    }
    let _ = write!(s, "\n      most likely: {}", top.join(", "));
    if let Some(note) = &b.top_note {
        let _ = write!(s, "\n      ({note})");
    }
    if let Some(m) = &b.shown {
        let _ = write!(s, "\n      showed {}: {}", m.cards, m.text);
    }
    s
}

/// Each Loki player's last decision and beliefs, in words; `only_about` keeps the
/// beliefs about one seat (the person's: "what they think of me").
pub fn model(models: &[ModelView], only_about: Option<usize>) -> String {
    let mut s = String::new();
    for m in models {
        let _ = write!(s, "{} ({})", m.name, m.kind);
        if m.folded {
            s.push_str(", folded");
        }
        match &m.last {
            Some(d) if m.revealed => {
                let t = d.triple.unwrap_or_default();
                let _ = writeln!(
                    s,
                    ": {} on the {} by rule {}; triple [{:.2} {:.2} {:.2}]; hs {} hs_n {} ppot {} npot {} ehs {}",
                    d.action,
                    d.round,
                    d.rule.as_deref().unwrap_or("-"),
                    t.fold(),
                    t.call(),
                    t.raise(),
                    opt(d.hs),
                    opt(d.hs_n),
                    opt(d.ppot),
                    opt(d.npot),
                    opt(d.ehs)
                );
                if let Some((ev, trials)) = &d.simulation {
                    let v =
                        |x: Option<f64>| x.map_or_else(|| "-".to_string(), |v| format!("{v:+.2}"));
                    let _ = writeln!(
                        s,
                        "    simulated value (chips, {trials} trials): fold {} call {} raise {}",
                        v(ev.fold()),
                        v(ev.call()),
                        v(ev.raise())
                    );
                }
            }
            Some(d) => {
                let _ = writeln!(
                    s,
                    ": {} on the {} (its strength and rule are shown when the hand is over; study mode shows them now)",
                    d.action, d.round
                );
            }
            None => s.push_str(": no decision yet this hand\n"),
        }
        for b in m
            .beliefs
            .iter()
            .filter(|b| only_about.is_none_or(|seat| b.seat == seat))
        {
            let _ = writeln!(s, "{}", belief_line(b));
        }
    }
    s
}

/// The shade of a weight relative to the heaviest class.
fn shade(x: Option<f64>, max: f64) -> char {
    const SHADES: [char; 6] = [' ', '.', ':', '+', '*', '#'];
    match x {
        None => 'x',
        Some(_) if max <= 0.0 => SHADES[0],
        Some(v) => SHADES[((v / max) * 5.0).round().clamp(0.0, 5.0) as usize],
    }
}

/// The legend of the charts (the page's says the same).
pub const CHART_LEGEND: &str = "charts: rows and columns A..2, suited above the diagonal; \
`#` the heaviest classes, blank the lightest, `x` ruled out by the board, `@` the shown hand; \
classes of equal weight get the same shade (ties)";

/// The beliefs as starting-hand charts, several side by side: `#` the heaviest classes,
/// blank the lightest, `x` a class the board rules out, `@` the shown hand.
pub fn charts(models: &[ModelView]) -> String {
    let mut blocks: Vec<(String, Vec<String>)> = Vec::new();
    for m in models {
        for b in &m.beliefs {
            let max = b
                .grid
                .iter()
                .flatten()
                .flatten()
                .fold(0.0, |a: f64, &x| a.max(x));
            let mut lines = vec![format!(
                "  {}",
                StartingHandGrid::RANKS.iter().collect::<String>()
            )];
            for (r, row) in b.grid.iter().enumerate() {
                let mut line = format!("{} ", StartingHandGrid::RANKS[r]);
                for (c, x) in row.iter().enumerate() {
                    let here = b.shown.as_ref().is_some_and(|s| s.row == r && s.col == c);
                    line.push(if here { '@' } else { shade(*x, max) });
                }
                lines.push(line);
            }
            let title = format!("{} on {}", m.name, b.name);
            blocks.push((title.chars().take(17).collect(), lines));
        }
    }
    let mut s = format!("{CHART_LEGEND}\n");
    for group in blocks.chunks(4) {
        for (title, _) in group {
            let _ = write!(s, "{title:<19}");
        }
        s.push('\n');
        for i in 0..14 {
            for (_, lines) in group {
                let _ = write!(s, "{:<19}", lines[i]);
            }
            s.push('\n');
        }
        s.push('\n');
    }
    for m in models {
        for b in &m.beliefs {
            if let Some(note) = &b.top_note {
                let _ = writeln!(s, "{} on {}: {note}", m.name, b.name);
            }
        }
    }
    s
}
