//! The person's session in a few numbers, shown when the person leaves and on demand:
//! hands, net chips, big blinds per 100 hands, the person's VPIP, PFR and aggression
//! factor in this session, the biggest pots, and how many hands were played in study
//! mode or abandoned.
use crate::hand::BigPot;
use crate::hud::hud_of;
use crate::narrate::signed;
use crate::session::{Session, PERSON};
use loki_engine::Chips;
use serde::Serialize;
use std::fmt::Write as _;

/// The person's session.
#[derive(Debug, Clone, Serialize)]
pub struct SummaryView {
    /// The person's name.
    pub name: String,
    /// Hands finished.
    pub hands: usize,
    /// Net chips.
    pub net: Chips,
    /// The big blind.
    pub big_blind: Chips,
    /// Net big blinds per 100 hands (`None` before the first hand).
    pub bb_per_100: Option<f64>,
    /// The person's VPIP in this session.
    pub vpip: f64,
    /// The person's PFR in this session.
    pub pfr: f64,
    /// The person's aggression factor after the flop in this session (`None`: no call of
    /// a bet after the flop).
    pub af: Option<f64>,
    /// Hands played with study mode on.
    pub study_hands: usize,
    /// Hands the person left in the middle (played out as check or fold; their chips
    /// count).
    pub abandoned_hands: usize,
    /// The biggest pots, biggest first.
    pub biggest_pots: Vec<BigPot>,
}

impl Session {
    /// The person's session so far.
    pub fn summary(&self) -> SummaryView {
        let hands = self.hands_played();
        let net = self.net()[PERSON];
        let bb = self.big_blind();
        let hud = hud_of(&self.huds[PERSON]);
        SummaryView {
            name: self.person_name().to_string(),
            hands,
            net,
            big_blind: bb,
            bb_per_100: (hands > 0 && bb > 0).then(|| {
                let x = net as f64 / bb as f64 * 100.0 / hands as f64;
                (x * 100.0).round() / 100.0
            }),
            vpip: hud.vpip,
            pfr: hud.pfr,
            af: hud.af,
            study_hands: self.study_hands(),
            abandoned_hands: self.abandoned_hands(),
            biggest_pots: self.biggest_pots().to_vec(),
        }
    }
}

/// The summary as text (the terminal prints it; the page shows the same lines).
pub fn summary_text(s: &SummaryView) -> String {
    let mut out = String::new();
    let rate = s
        .bb_per_100
        .map_or_else(|| "-".to_string(), |x| format!("{x:+.2}"));
    let _ = writeln!(
        out,
        "{}: {}, {} chips ({rate} big blinds per 100 hands)",
        s.name,
        crate::text::plural(s.hands as u64, "hand"),
        signed(s.net)
    );
    let af = s.af.map_or_else(|| "-".to_string(), |a| format!("{a:.2}"));
    let _ = writeln!(
        out,
        "you: VPIP {:.0}%, PFR {:.0}%, aggression factor {af}",
        100.0 * s.vpip,
        100.0 * s.pfr
    );
    let _ = writeln!(
        out,
        "study mode: on in {} of {} hands; hands left in the middle: {}",
        s.study_hands, s.hands, s.abandoned_hands
    );
    for p in &s.biggest_pots {
        let _ = writeln!(
            out,
            "biggest pots: hand {}, pot {}, you {}: {}",
            p.hand,
            p.pot,
            signed(p.net),
            p.result.join("; ")
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TableSpec;
    use loki_bot::LokiConfig;
    use loki_engine::Action;

    #[test]
    fn the_summary_adds_up_the_session() {
        let mut spec = TableSpec::new("Ann", 3);
        spec.seats = 3;
        spec.bots = "call,raise".into();
        let mut s = Session::new(&spec, LokiConfig::default(), None).unwrap();
        let empty = s.summary();
        assert_eq!((empty.hands, empty.bb_per_100), (0, None));
        for h in 0..10 {
            s.next_hand(s.step()).unwrap();
            while s.in_progress() {
                let a = if h % 3 == 0 {
                    Action::Fold
                } else {
                    Action::Call
                };
                let a = if a == Action::Fold && !s.view().legal.unwrap().fold {
                    Action::Call
                } else {
                    a
                };
                s.act(PERSON, a, s.step()).unwrap();
            }
        }
        let sum = s.summary();
        assert_eq!(sum.hands, 10);
        assert_eq!(sum.net, s.net()[PERSON]);
        let expect = sum.net as f64 / 2.0 * 100.0 / 10.0;
        assert!((sum.bb_per_100.unwrap() - expect).abs() < 0.01);
        assert_eq!(sum.biggest_pots.len(), 5);
        assert!(sum.biggest_pots.windows(2).all(|w| w[0].pot >= w[1].pot));
        // The biggest pots are the biggest of the history.
        let mut pots: Vec<Chips> = s
            .history()
            .map(|r| r.contributions.iter().sum::<Chips>())
            .collect();
        pots.sort_unstable_by(|a, b| b.cmp(a));
        let kept: Vec<Chips> = sum.biggest_pots.iter().map(|p| p.pot).collect();
        assert_eq!(kept, pots[..5]);
        assert!(sum.biggest_pots.iter().all(|p| !p.result.is_empty()));
        let text = summary_text(&sum);
        assert!(text.starts_with("Ann: 10 hands, "), "{text}");
        assert!(text.contains("VPIP"), "{text}");
    }
}
