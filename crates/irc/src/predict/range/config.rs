//! The constants of the learned ranges ([`RangeConfig`]).
use loki_bot::figure3::FloorRule;

/// Constants of the learned ranges (all **ours**, chosen on the development month; see
/// docs/irc.md, "The models").
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RangeConfig {
    /// Weight, in showdowns, of the prior shape in the distribution of all showdown
    /// hands.
    pub preflop_prior: f64,
    /// The prior shape: combinations times the income-rate percentile to this power.
    pub income_exponent: f64,
    /// Weight, in showdowns, of the coarser distribution in a pre-flop line's strength
    /// tilt (line, then line at the table size).
    pub line_prior: f64,
    /// Weight, in showdowns, of "no tilt" in a player's pre-flop strength tilt (0: none).
    pub player_prior: f64,
    /// Pre-flop lines also by table size.
    pub sized_lines: bool,
    /// Re-weight by learned sequence likelihoods after the flop.
    pub sequences: bool,
    /// Weight, in showdowns, of P(sequence) in an EHS bucket's P(sequence | bucket).
    pub sequence_prior: f64,
    /// Share of each neighbouring EHS bucket in a bucket's sequence counts.
    pub smoothing: f64,
    /// Exponent of each sequence likelihood (1 = plain product).
    pub tempering: f64,
    /// Re-weight by Loki-1 thresholds after the flop.
    pub thresholds: bool,
    /// The lowest threshold factor (Loki: 0.01).
    pub floor: f64,
    /// Where that floor applies: on the factor alone (Loki: also on the new weight).
    pub floor_rule: FloorRule,
    /// Threshold sigma as a multiple of the action's frequency (Loki: 0.5).
    pub sigma_scale: f64,
    /// Upper clamp of that sigma (Loki: 0.2; the lower clamp is Loki's 0.05).
    pub sigma_max: f64,
    /// Share of the pre-flop weights alone mixed into the final table.
    pub mix: f64,
}

impl Default for RangeConfig {
    fn default() -> Self {
        RangeConfig {
            preflop_prior: 200.0,
            income_exponent: 1.0,
            line_prior: 20.0,
            player_prior: 100.0,
            sized_lines: true,
            sequences: true,
            sequence_prior: 20.0,
            smoothing: 0.15,
            tempering: 0.75,
            thresholds: true,
            floor: 0.3,
            floor_rule: FloorRule::Factor,
            sigma_scale: 0.5,
            sigma_max: 0.2,
            mix: 0.1,
        }
    }
}
