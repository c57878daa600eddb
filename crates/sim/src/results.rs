//! The results of a tournament run: the inputs its results depend on, `results.json`
//! (inputs and summary; with several matches the pooled statistics, the spread between
//! matches and each match) as serde types, and the [`report`] of a whole run, the JSON
//! and the table `loki tournament` prints.
use crate::stats::{mean_ci95, summarize, DealLedger, Summary};
use serde::{Deserialize, Serialize};

/// The game of a tournament (chips).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// Small blind.
    pub small_blind: i64,
    /// Big blind.
    pub big_blind: i64,
    /// Bet size pre-flop and on the flop.
    pub small_bet: i64,
    /// Bet size on the turn and river.
    pub big_bet: i64,
}

impl Game {
    /// The paper's $2/$4 game with $1/$2 blinds.
    pub const PAPER: Game = Game {
        small_blind: 1,
        big_blind: 2,
        small_bet: 2,
        big_bet: 4,
    };
}

/// Everything the results of a run depend on (no timings, threads or paths).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Inputs {
    /// The loki version.
    pub loki_version: String,
    /// The seed.
    pub seed: u64,
    /// The `--players` list as given.
    pub player_list: String,
    /// Seat names.
    pub seats: Vec<String>,
    /// Hands played (deals x rotations).
    pub hands: u64,
    /// Deals.
    pub deals: u64,
    /// Rotations (= seats).
    pub rotations: usize,
    /// Deals between seat permutations (0: cyclic rotations only).
    pub seating_block: u64,
    /// Independent matches (`--matches`; 0 when not given: one match, as without).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub matches: u64,
    /// The game.
    pub game: Game,
    /// The Loki configuration, as JSON.
    pub configuration: serde_json::Value,
}

impl Inputs {
    /// The inputs of a run of `hands` hands (rounded up to whole deals) with these seats.
    pub fn new(
        seed: u64,
        player_list: &str,
        seats: &[String],
        hands: u64,
        configuration: serde_json::Value,
        version: &str,
    ) -> Inputs {
        let n = seats.len().max(1) as u64;
        let deals = hands.div_ceil(n);
        Inputs {
            loki_version: version.to_string(),
            seed,
            player_list: player_list.to_string(),
            seats: seats.to_vec(),
            hands: deals * n,
            deals,
            rotations: seats.len(),
            seating_block: crate::schedule::DEFAULT_SEATING_BLOCK,
            matches: 0,
            game: Game::PAPER,
            configuration,
        }
    }
}

fn is_zero(x: &u64) -> bool {
    *x == 0
}

/// `results.json`: the inputs and the summary side by side.
#[derive(Debug, Serialize)]
pub struct Results<'a> {
    /// The inputs.
    #[serde(flatten)]
    pub inputs: &'a Inputs,
    /// The summary.
    #[serde(flatten)]
    pub summary: &'a Summary,
}

impl Results<'_> {
    /// The bytes of `results.json` (pretty JSON and a final newline).
    ///
    /// # Errors
    /// A value JSON cannot hold (a bug).
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        Ok(serde_json::to_string_pretty(self)? + "\n")
    }
}

/// One kind's results across independent matches.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KindSpread {
    /// The kind.
    pub kind: String,
    /// The mean over matches of the kind's sb/hand.
    pub sb_per_hand: f64,
    /// The standard deviation of the kind's sb/hand between matches.
    pub sd: f64,
    /// Half-width of the 95% interval of the mean over matches (1.96 sd / sqrt(M)).
    pub ci95: f64,
}

/// One match of a multi-match run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchSummary {
    /// The match number.
    #[serde(rename = "match")]
    pub match_index: u64,
    /// Its seed.
    pub seed: u64,
    /// Its results.
    #[serde(flatten)]
    pub summary: Summary,
}

/// `results.json` of a run with `--matches`: the inputs, the pooled statistics over the
/// deals of all matches, the spread between matches, and each match.
#[derive(Debug, Serialize)]
pub struct MatchesResults<'a> {
    /// The inputs.
    #[serde(flatten)]
    pub inputs: &'a Inputs,
    /// Pooled over all deals of all matches (intervals over deals across matches).
    #[serde(flatten)]
    pub pooled: Summary,
    /// Per kind, the spread of sb/hand between matches.
    pub between_matches: Vec<KindSpread>,
    /// Each match.
    pub per_match: Vec<MatchSummary>,
}

impl MatchesResults<'_> {
    /// The results of the matches' ledgers (match order).
    pub fn new<'a>(
        inputs: &'a Inputs,
        ledgers: &[DealLedger],
        names: &[String],
        kinds: &[String],
        rotations: usize,
        small_bet: i64,
    ) -> MatchesResults<'a> {
        let all = DealLedger {
            net: ledgers.iter().flat_map(|l| l.net.iter().cloned()).collect(),
        };
        let pooled = summarize(&all, names, kinds, rotations, small_bet);
        let per_match: Vec<MatchSummary> = ledgers
            .iter()
            .enumerate()
            .map(|(m, l)| MatchSummary {
                match_index: m as u64,
                seed: crate::schedule::match_seed(inputs.seed, m as u64),
                summary: summarize(l, names, kinds, rotations, small_bet),
            })
            .collect();
        let between_matches = pooled
            .kinds
            .iter()
            .map(|k| {
                let xs: Vec<f64> = per_match
                    .iter()
                    .filter_map(|m| m.summary.kinds.iter().find(|x| x.kind == k.kind))
                    .map(|x| x.sb_per_hand)
                    .collect();
                let (mean, ci95) = mean_ci95(&xs);
                let sd = if xs.len() < 2 {
                    0.0
                } else {
                    (xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>()
                        / (xs.len() - 1) as f64)
                        .sqrt()
                };
                KindSpread {
                    kind: k.kind.clone(),
                    sb_per_hand: mean,
                    sd,
                    ci95: if ci95.is_finite() { ci95 } else { 0.0 },
                }
            })
            .collect();
        MatchesResults {
            inputs,
            pooled,
            between_matches,
            per_match,
        }
    }

    /// The bytes of `results.json`.
    ///
    /// # Errors
    /// A value JSON cannot hold (a bug).
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        Ok(serde_json::to_string_pretty(self)? + "\n")
    }
}

/// The results of a whole run: `results.json` and what its table shows.
#[derive(Debug, Clone)]
pub struct Report {
    /// The bytes of `results.json`.
    pub json: String,
    /// The statistics over all deals (of all matches).
    pub pooled: Summary,
    /// With several matches, each kind's spread between matches.
    pub between_matches: Option<Vec<KindSpread>>,
}

/// The report of a whole run from its ledgers (one per match): one match (without
/// `--matches`) as a plain tournament; several with the pooled statistics, the spread
/// between matches and each match.
///
/// # Errors
/// A value JSON cannot hold (a bug).
pub fn report(
    inputs: &Inputs,
    ledgers: &[DealLedger],
    kinds: &[String],
) -> Result<Report, serde_json::Error> {
    let n = inputs.seats.len();
    let small_bet = inputs.game.small_bet;
    if inputs.matches == 0 {
        let empty = DealLedger::default();
        let summary = summarize(
            ledgers.first().unwrap_or(&empty),
            &inputs.seats,
            kinds,
            n,
            small_bet,
        );
        let json = Results {
            inputs,
            summary: &summary,
        }
        .to_json()?;
        Ok(Report {
            json,
            pooled: summary,
            between_matches: None,
        })
    } else {
        let r = MatchesResults::new(inputs, ledgers, &inputs.seats, kinds, n, small_bet);
        Ok(Report {
            json: r.to_json()?,
            pooled: r.pooled.clone(),
            between_matches: Some(r.between_matches.clone()),
        })
    }
}

/// About how many hands make a difference of `mean` with a 95% half-width `ci95` after
/// `hands` hands significant: `hands (ci95 / |mean|)^2`, rounded up to two significant
/// digits ("-" for a difference of exactly 0 or an interval that is not finite). Fewer
/// than `hands` for a difference that is significant already.
fn hands_to_trust(hands: u64, mean: f64, ci95: f64) -> String {
    if mean == 0.0 || !ci95.is_finite() {
        return "-".into();
    }
    let n = (hands as f64 * (ci95 / mean.abs()).powi(2)).max(1.0);
    let digits = n.log10().floor() as i32 - 1;
    let unit = 10f64.powi(digits.max(0));
    let rounded = ((n / unit).ceil() * unit) as u64;
    format!("about {rounded}")
}

impl Report {
    /// The results as the table `loki tournament` prints: the run, each kind's profit
    /// and sb/hand with its 95% interval (best first), the paired differences, and with
    /// several matches each kind's spread between matches.
    pub fn text(&self, inputs: &Inputs) -> String {
        use std::fmt::Write as _;
        let mut out = String::new();
        let s = &self.pooled;
        if inputs.matches == 0 {
            let _ = writeln!(
                out,
                "{} hands ({} deals x {} rotations), seed {}, $2/$4",
                inputs.hands, inputs.deals, inputs.rotations, inputs.seed
            );
        } else {
            let _ = writeln!(
                out,
                "{} matches of {} hands ({} deals x {} rotations), {} hands in all, seed {}, $2/$4; pooled:",
                inputs.matches,
                inputs.hands,
                inputs.deals,
                inputs.rotations,
                inputs.matches * inputs.hands,
                inputs.seed
            );
        }
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "{:<10} {:>6} {:>12} {:>10} {:>10}",
            "kind", "copies", "profit $", "sb/hand", "+/- 95%"
        );
        let mut kinds = s.kinds.clone();
        kinds.sort_by(|a, b| b.sb_per_hand.total_cmp(&a.sb_per_hand));
        for k in &kinds {
            let _ = writeln!(
                out,
                "{:<10} {:>6} {:>12.0} {:>10.4} {:>10.4}",
                k.kind, k.copies, k.profit, k.sb_per_hand, k.ci95
            );
        }
        if !s.differences.is_empty() {
            let played = inputs.hands * inputs.matches.max(1);
            let _ = writeln!(out);
            let _ = writeln!(
                out,
                "{:<16} {:>10} {:>10}  significant  hands to trust it",
                "difference", "sb/hand", "+/- 95%"
            );
            for d in &s.differences {
                let _ = writeln!(
                    out,
                    "{:<16} {:>10.4} {:>10.4}  {:<11}  {}",
                    format!("{} - {}", d.a, d.b),
                    d.sb_per_hand,
                    d.ci95,
                    if d.significant { "yes" } else { "no" },
                    hands_to_trust(played, d.sb_per_hand, d.ci95)
                );
            }
            let _ = writeln!(
                out,
                "A difference is trusted when its 95% interval excludes 0; \"hands to trust it\" \
                 is about how many hands that takes at the difference and spread measured \
                 here (the interval shrinks as 1/sqrt(hands))."
            );
        }
        if let Some(between) = &self.between_matches {
            let _ = writeln!(out);
            let _ = writeln!(
                out,
                "{:<10} {:>10} {:>12} {:>10}   over {} matches",
                "kind", "sb/hand", "sd matches", "+/- 95%", inputs.matches
            );
            for k in between {
                let _ = writeln!(
                    out,
                    "{:<10} {:>10.4} {:>12.4} {:>10.4}",
                    k.kind, k.sb_per_hand, k.sd, k.ci95
                );
            }
        }
        out
    }
}

#[cfg(test)]
mod hands_to_trust_tests {
    use super::hands_to_trust;

    #[test]
    fn the_hands_a_difference_needs_scale_as_the_square_of_its_interval() {
        // Half-width 0.004 around 0.002 after 800,000 hands: four times the hands.
        assert_eq!(hands_to_trust(800_000, 0.002, 0.004), "about 3200000");
        // Significant already: fewer hands than played (0.06 +- 0.004: 800,000 / 225).
        assert_eq!(hands_to_trust(800_000, -0.06, 0.004), "about 3600");
        // Rounded up to two significant digits.
        assert_eq!(hands_to_trust(1_000, 0.01, 0.0311), "about 9700");
        assert_eq!(hands_to_trust(1_000, 0.0, 0.01), "-");
        assert_eq!(hands_to_trust(1_000, 0.1, f64::INFINITY), "-");
    }
}
