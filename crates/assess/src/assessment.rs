//! One hand assessed against N opponents who share one weight table, as `loki assess`
//! prints it (Billings et al. 1998, "Hand Assessment"): weighted HS, HS_n = HS^n, the
//! hand potential tables (one-card lookahead on the flop and turn, two-card on the flop),
//! and EHS with PPot = PPot2 on the flop, PPot1 on the turn, 0 on the river.
use crate::{ehs, ehs_npot, hand_strength, potential, AssessError, HandStrength, Lookahead};
use crate::{Potential, WeightTable};
use loki_cards::{Card, HoleCards};

/// Everything about one hand against `opponents` opponents sharing one table.
#[derive(Debug, Clone, PartialEq)]
pub struct Assessment {
    /// Our hole cards.
    pub hole: HoleCards,
    /// The board (0, 3, 4 or 5 cards).
    pub board: Vec<Card>,
    /// Number of opponents (all share the table).
    pub opponents: usize,
    /// Weighted ahead/tied/behind against one opponent.
    pub strength: HandStrength,
    /// HS against one opponent.
    pub hs: f64,
    /// HS_n = HS^opponents.
    pub hs_n: f64,
    /// One-card lookahead (flop and turn).
    pub potential1: Option<Potential>,
    /// Two-card lookahead (flop only).
    pub potential2: Option<Potential>,
    /// The PPot used for EHS: PPot2 on the flop, PPot1 on the turn, 0 otherwise.
    pub ppot: f64,
    /// The NPot matching `ppot`.
    pub npot: f64,
    /// EHS = HS_n + (1 - HS_n) * PPot.
    pub ehs: f64,
    /// EHS - HS_n * NPot.
    pub ehs_npot: f64,
}

impl Assessment {
    /// Assesses `hole` on `board` against `opponents` opponents sharing `weights`.
    ///
    /// # Errors
    /// A bad board length, a duplicate card, no live holding with a positive weight, or
    /// `opponents` outside 1..=22.
    pub fn new(
        hole: HoleCards,
        board: &[Card],
        weights: &WeightTable,
        opponents: usize,
    ) -> Result<Assessment, AssessError> {
        if !(1..=22).contains(&opponents) {
            return Err(AssessError::Opponents(opponents));
        }
        let strength = hand_strength(hole, board, weights)?;
        let hs = strength.hs();
        let hs_n = hs.powi(opponents as i32);
        let (potential1, potential2) = match board.len() {
            3 => (
                Some(potential(hole, board, weights, Lookahead::One)?),
                Some(potential(hole, board, weights, Lookahead::Two)?),
            ),
            4 => (Some(potential(hole, board, weights, Lookahead::One)?), None),
            _ => (None, None),
        };
        let (ppot, npot) = match (&potential1, &potential2) {
            (_, Some(p)) | (Some(p), None) => (p.ppot, p.npot),
            _ => (0.0, 0.0),
        };
        Ok(Assessment {
            hole,
            board: board.to_vec(),
            opponents,
            strength,
            hs,
            hs_n,
            potential1,
            potential2,
            ppot,
            npot,
            ehs: ehs(hs_n, ppot),
            ehs_npot: ehs_npot(hs_n, ppot, npot),
        })
    }
}

impl Assessment {
    /// The flat JSON object of `loki assess --json`: ahead, tied, behind, hs, hs_n, ehs,
    /// ehs_npot, and per lookahead n (1, 2) when computed hp{n}, ppot{n}, npot{n}.
    pub fn json(&self) -> serde_json::Value {
        let mut o = serde_json::Map::new();
        let mut put = |k: &str, v: serde_json::Value| {
            o.insert(k.into(), v);
        };
        put("ahead", self.strength.ahead.into());
        put("tied", self.strength.tied.into());
        put("behind", self.strength.behind.into());
        put("hs", self.hs.into());
        put("hs_n", self.hs_n.into());
        put("ehs", self.ehs.into());
        put("ehs_npot", self.ehs_npot.into());
        for (n, p) in [("1", &self.potential1), ("2", &self.potential2)] {
            if let Some(p) = p {
                put(&format!("hp{n}"), serde_json::json!(p.hp));
                put(&format!("ppot{n}"), p.ppot.into());
                put(&format!("npot{n}"), p.npot.into());
            }
        }
        serde_json::Value::Object(o)
    }
}

impl std::fmt::Display for Assessment {
    /// The text of `loki assess`: the situation, HS and HS_n, each lookahead's PPot,
    /// NPot and HP table, EHS and EHS-N.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let show: Vec<String> = self.board.iter().map(|c| c.to_string()).collect();
        writeln!(
            f,
            "hole {}  board {}  opponents {}",
            self.hole,
            if show.is_empty() {
                "(pre-flop)".to_string()
            } else {
                show.join(" ")
            },
            self.opponents
        )?;
        let s = &self.strength;
        writeln!(
            f,
            "ahead {}  tied {}  behind {}  (weighted holdings)",
            s.ahead, s.tied, s.behind
        )?;
        writeln!(f, "HS    {:.6}", self.hs)?;
        writeln!(f, "HS_n  {:.6}", self.hs_n)?;
        for (name, p) in [
            ("one-card lookahead", &self.potential1),
            ("two-card lookahead", &self.potential2),
        ] {
            let Some(p) = p else { continue };
            writeln!(
                f,
                "{name}: PPot {:.6}  NPot {:.6}  ({} runouts per holding)",
                p.ppot, p.npot, p.runouts
            )?;
            writeln!(f, "  now\\final        ahead          tied        behind")?;
            for (label, row) in ["ahead", "tied", "behind"].iter().zip(p.hp) {
                writeln!(
                    f,
                    "  {label:<8} {:>13.3} {:>13.3} {:>13.3}",
                    row[0], row[1], row[2]
                )?;
            }
        }
        writeln!(f, "EHS   {:.6}  (HS_n + (1 - HS_n) * PPot)", self.ehs)?;
        writeln!(f, "EHS-N {:.6}  (EHS - HS_n * NPot)", self.ehs_npot)
    }
}

#[cfg(test)]
mod text_tests {
    use super::*;
    use loki_cards::parse_cards;

    #[test]
    fn text_and_json_carry_the_same_numbers() {
        let hole: HoleCards = "AdQc".parse().unwrap();
        let board = parse_cards("3h4cJh").unwrap();
        let r = Assessment::new(hole, &board, &WeightTable::uniform(), 1).unwrap();
        let text = r.to_string();
        assert!(
            text.starts_with("hole AdQc  board 3h 4c Jh  opponents 1\n"),
            "{text}"
        );
        assert!(text.contains(&format!("EHS   {:.6}", r.ehs)), "{text}");
        assert!(text.contains("one-card lookahead: PPot") && text.contains("two-card lookahead"));
        assert!(text.contains("  now\\final        ahead"), "{text}");
        let j = r.json();
        assert_eq!(j["ehs"].as_f64(), Some(r.ehs));
        assert_eq!(j["hp2"][0].as_array().map(Vec::len), Some(3));
        // Pre-flop: no lookahead tables.
        let pre = Assessment::new(hole, &[], &WeightTable::uniform(), 2).unwrap();
        assert!(pre.to_string().contains("board (pre-flop)  opponents 2"));
    }
}
