//! The results of a tournament run: the inputs its results depend on, `results.json`
//! (inputs and summary; with several matches the pooled statistics, the spread between
//! matches and each match) as serde types, and the [`report`] of a whole run, the JSON
//! and the table `loki tournament` prints.
use crate::stats::{mean_ci95_t, summarize, t_quantile, DealLedger, OverMatches, Summary};
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
    /// Half-width of the 95% interval of the mean over matches by Student's t on M - 1
    /// degrees of freedom (`t_{0.975, M-1} sd / sqrt(M)`; 0 for one match).
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
        let mut all = DealLedger::default();
        for l in ledgers {
            all.extend(l);
        }
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
                let (mean, sd, ci95) = mean_ci95_t(&xs);
                KindSpread {
                    kind: k.kind.clone(),
                    sb_per_hand: mean,
                    sd,
                    ci95: ci95.unwrap_or(0.0),
                }
            })
            .collect();
        let mut pooled = pooled;
        for k in &mut pooled.kinds {
            let xs: Vec<f64> = per_match
                .iter()
                .filter_map(|m| m.summary.kinds.iter().find(|x| x.kind == k.kind))
                .map(|x| x.sb_per_hand)
                .collect();
            k.over_matches = Some(OverMatches {
                ci95_matches: mean_ci95_t(&xs).2,
                matches: xs,
            });
        }
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
        let mut summary = summarize(
            ledgers.first().unwrap_or(&empty),
            &inputs.seats,
            kinds,
            n,
            small_bet,
        );
        for k in &mut summary.kinds {
            k.over_matches = Some(OverMatches {
                matches: vec![k.sb_per_hand],
                ci95_matches: None,
            });
        }
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

/// The rotations a ledger sums, as `deals.csv` writes them: `first-last` for a run of
/// them, the one rotation alone, else each separated by `;`.
fn rotations_text(rotations: &[usize]) -> String {
    match rotations {
        [] => String::new(),
        [r] => r.to_string(),
        [first, .., last] if last - first + 1 == rotations.len() => format!("{first}-{last}"),
        _ => rotations
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(";"),
    }
}

/// `deals.csv`: one row per match, deal and seat, with the seat's net chips in that
/// deal summed over the rotations given (all of them for a whole run; a shard's own for
/// a shard). Columns `match,deal,rotations,seat,name,kind,net_chips,reduced_chips`: the
/// match, the deal and the seat (its place in the player list) from 0, the rotations
/// summed (`0-9`), the seat's name and kind, its net chips and the same reduced (empty
/// when the ledger has no reduced values). `matches` holds each match's number, the
/// rotations its ledger sums and the ledger.
pub fn deals_csv(
    seats: &[String],
    kinds: &[String],
    matches: &[(u64, &[usize], &DealLedger)],
) -> String {
    use std::fmt::Write as _;
    let mut out = String::from("match,deal,rotations,seat,name,kind,net_chips,reduced_chips\n");
    for (m, rotations, ledger) in matches {
        let r = rotations_text(rotations);
        let reduced = ledger.has_reduced();
        for (d, net) in ledger.net.iter().enumerate() {
            for (s, chips) in net.iter().enumerate() {
                let name = seats.get(s).map_or("", String::as_str);
                let kind = kinds.get(s).map_or("", String::as_str);
                let _ = write!(out, "{m},{d},{r},{s},{name},{kind},{chips},");
                if let Some(x) = ledger
                    .reduced
                    .get(d)
                    .and_then(|x| x.get(s))
                    .filter(|_| reduced)
                {
                    let _ = write!(out, "{:.4}", *x as f64 / crate::stats::MICRO);
                }
                out.push('\n');
            }
        }
    }
    out
}

/// The normal quantiles of a two-sided 5% test at 80% power: `z_{0.975} + z_{0.8}`.
pub const POWER_80_Z: f64 = 1.96 + 0.8416;

/// About how many hands a difference of `mean`, with a 95% half-width `ci95` (normal,
/// `1.96 sd / sqrt(n)`) after `hands` hands, needs to be found significant at a
/// two-sided 5% level with 80% power: the `n` with `|mean| = (1.96 + 0.8416) sd /
/// sqrt(n)`, that is `hands (2.8016 ci95 / (1.96 |mean|))^2`, rounded up to two
/// significant digits ("-" for a difference of exactly 0 or an interval that is not
/// finite).
fn hands_to_trust(hands: u64, mean: f64, ci95: f64) -> String {
    if mean == 0.0 || !ci95.is_finite() {
        return "-".into();
    }
    let n = (hands as f64 * (POWER_80_Z * ci95 / (1.96 * mean.abs())).powi(2)).max(1.0);
    let digits = n.log10().floor() as i32 - 1;
    let unit = 10f64.powi(digits.max(0));
    let rounded = ((n / unit).ceil() * unit) as u64;
    format!("about {rounded}")
}

/// `count` and the noun, singular for one ("1 match", "2 matches").
pub fn plural(count: u64, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// A p-value for the table: four decimals, "<0.0001" below.
fn p_text(p: f64) -> String {
    if p < 1e-4 {
        "<0.0001".into()
    } else {
        format!("{p:.4}")
    }
}

impl Report {
    /// The results as the table `loki tournament` prints: the run, each kind's profit
    /// and sb/hand with its 95% interval over deals (best first), the paired differences
    /// (better minus worse, p-value, Holm's decision, hands for 80% power), and with
    /// several matches each kind's spread between matches and its Student's t interval.
    pub fn text(&self, inputs: &Inputs) -> String {
        use std::fmt::Write as _;
        let mut out = String::new();
        let s = &self.pooled;
        let deals = inputs.deals * inputs.matches.max(1);
        if inputs.matches == 0 {
            let _ = writeln!(
                out,
                "{} ({} x {}), seed {}, $2/$4",
                plural(inputs.hands, "hand", "hands"),
                plural(inputs.deals, "deal", "deals"),
                plural(inputs.rotations as u64, "rotation", "rotations"),
                inputs.seed
            );
        } else {
            let _ = writeln!(
                out,
                "{} of {} ({} x {}), {} in all, seed {}, $2/$4; pooled:",
                plural(inputs.matches, "match", "matches"),
                plural(inputs.hands, "hand", "hands"),
                plural(inputs.deals, "deal", "deals"),
                plural(inputs.rotations as u64, "rotation", "rotations"),
                plural(inputs.matches * inputs.hands, "hand", "hands"),
                inputs.seed
            );
        }
        let _ = writeln!(out);
        let reduced = s.kinds.iter().all(|k| k.reduced.is_some());
        let _ = write!(
            out,
            "{:<10} {:>6} {:>12} {:>10} {:>10}",
            "kind", "copies", "profit $", "sb/hand", "+/- 95%"
        );
        if reduced {
            let _ = write!(out, " {:>10} {:>10}", "reduced", "+/- 95%");
        }
        let _ = writeln!(out);
        let mut kinds = s.kinds.clone();
        kinds.sort_by(|a, b| b.sb_per_hand.total_cmp(&a.sb_per_hand));
        for k in &kinds {
            let _ = write!(
                out,
                "{:<10} {:>6} {:>12.0} {:>10.4} {:>10.4}",
                k.kind, k.copies, k.profit, k.sb_per_hand, k.ci95
            );
            if let Some(r) = k.reduced.filter(|_| reduced) {
                let _ = write!(out, " {:>10.4} {:>10.4}", r.sb_per_hand, r.ci95);
            }
            let _ = writeln!(out);
        }
        let _ = writeln!(
            out,
            "+/- 95%: normal interval over the {} (1.96 sd / sqrt(deals); a deal's hands at every rotation are one sample).",
            plural(deals, "deal", "deals")
        );
        if reduced {
            let _ = writeln!(
                out,
                "reduced: the same from each hand's net minus its corrections for the board dealt and the known strategies' actions, unbiased (docs/tournaments.md)."
            );
        }
        if !s.differences.is_empty() {
            let played = inputs.hands * inputs.matches.max(1);
            let _ = writeln!(out);
            let reduced = s.differences.iter().all(|d| d.reduced.is_some());
            let _ = write!(
                out,
                "{:<16} {:>10} {:>10} {:>9}  significant  hands to trust it",
                "difference", "sb/hand", "+/- 95%", "p-value"
            );
            if reduced {
                let _ = write!(
                    out,
                    "  {:>10} {:>10}  significant  hands to trust it",
                    "reduced", "+/- 95%"
                );
            }
            let _ = writeln!(out);
            for d in &s.differences {
                let mut row = format!(
                    "{:<16} {:>+10.4} {:>10.4} {:>9}  {:<11}  {:<17}",
                    format!("{} \u{2212} {}", d.a, d.b),
                    d.sb_per_hand,
                    d.ci95,
                    p_text(d.p_value),
                    if d.significant { "yes" } else { "no" },
                    hands_to_trust(played, d.sb_per_hand, d.ci95)
                );
                if let Some(r) = d.reduced.filter(|_| reduced) {
                    let _ = write!(
                        row,
                        "  {:>+10.4} {:>10.4}  {:<11}  {}",
                        r.sb_per_hand,
                        r.ci95,
                        if r.significant { "yes" } else { "no" },
                        hands_to_trust(played, r.sb_per_hand, r.ci95)
                    );
                }
                let _ = writeln!(out, "{}", row.trim_end());
            }
            let m = s.differences.len() as u64;
            let _ = writeln!(
                out,
                "Better minus worse, interval over deals; significant: Holm's step-down over the {} at 5% family-wise.",
                plural(m, "difference", "differences")
            );
            let _ = writeln!(
                out,
                "Hands to trust it: hands for 80% power at two-sided 5% (|d| = (1.96 + 0.8416) sd / sqrt(n)) at the spread measured here."
            );
        }
        if let Some(between) = &self.between_matches {
            let _ = writeln!(out);
            let _ = writeln!(
                out,
                "{:<10} {:>10} {:>12} {:>10}   over {}",
                "kind",
                "sb/hand",
                "sd matches",
                "+/- 95%",
                plural(inputs.matches, "match", "matches")
            );
            let mut between = between.clone();
            between.sort_by(|a, b| b.sb_per_hand.total_cmp(&a.sb_per_hand));
            for k in &between {
                let ci = if inputs.matches < 2 {
                    "-".to_string()
                } else {
                    format!("{:.4}", k.ci95)
                };
                let _ = writeln!(
                    out,
                    "{:<10} {:>10.4} {:>12.4} {:>10}",
                    k.kind, k.sb_per_hand, k.sd, ci
                );
            }
            if inputs.matches < 2 {
                let _ = writeln!(
                    out,
                    "+/- 95%: Student's t over matches needs 2 matches or more."
                );
            } else {
                let df = inputs.matches - 1;
                let _ = writeln!(
                    out,
                    "+/- 95%: Student's t over the {} on {} (t = {:.3}): t sd / sqrt(matches).",
                    plural(inputs.matches, "match", "matches"),
                    plural(df, "degree of freedom", "degrees of freedom"),
                    t_quantile(0.975, df as f64)
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
    fn the_hands_a_difference_needs_give_80_percent_power() {
        // |d| = 2.8016 sd / sqrt(n) with sd / sqrt(800,000) = 0.004 / 1.96: n = 800,000
        // (2.8016 x 0.004 / (1.96 x 0.002))^2 = 6,537,000, up to two digits.
        assert_eq!(hands_to_trust(800_000, 0.002, 0.004), "about 6600000");
        // Significant already: fewer hands than played.
        assert_eq!(hands_to_trust(800_000, -0.06, 0.004), "about 7300");
        assert_eq!(hands_to_trust(1_000, 0.0, 0.01), "-");
        assert_eq!(hands_to_trust(1_000, 0.1, f64::INFINITY), "-");
    }

    #[test]
    fn deals_csv_has_a_row_per_match_deal_and_seat() {
        use crate::stats::DealLedger;
        let seats = vec!["SOM".to_string(), "BPM".to_string()];
        let kinds = seats.clone();
        let a = DealLedger {
            net: vec![vec![3, -3], vec![-1, 1]],
            reduced: vec![vec![1_250_000, -1_250_000], vec![500_000, -500_000]],
        };
        let b = DealLedger {
            net: vec![vec![0, 0]],
            reduced: Vec::new(),
        };
        let csv = super::deals_csv(&seats, &kinds, &[(0, &[0, 1], &a), (1, &[1], &b)]);
        assert_eq!(
            csv,
            "match,deal,rotations,seat,name,kind,net_chips,reduced_chips\n\
             0,0,0-1,0,SOM,SOM,3,1.2500\n0,0,0-1,1,BPM,BPM,-3,-1.2500\n\
             0,1,0-1,0,SOM,SOM,-1,0.5000\n0,1,0-1,1,BPM,BPM,1,-0.5000\n\
             1,0,1,0,SOM,SOM,0,\n1,0,1,1,BPM,BPM,0,\n"
        );
        assert_eq!(super::rotations_text(&[0, 2]), "0;2");
    }

    #[test]
    fn counts_of_one_are_singular() {
        assert_eq!(super::plural(1, "hand", "hands"), "1 hand");
        assert_eq!(super::plural(2, "hand", "hands"), "2 hands");
        assert_eq!(super::plural(0, "match", "matches"), "0 matches");
    }
}
