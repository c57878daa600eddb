//! Post-flop betting (Papp 1998 §6.2-6.6): rules tried in priority order, the most
//! aggressive first: check-raise with a very strong hand, Make2 at ehs >= 0.85, Make1 at
//! ehs >= 0.50, semi-bluff when the potential pays Pot_Odds2, call by pot odds, call by
//! showdown odds, otherwise check or fold. The semi-bluff and pot-odds rules read the
//! potential of the next card (PPot1): Papp's "the next card wins it".
use crate::config::PostflopConfig;
use crate::triple::ProbabilityTriple;
use loki_engine::{Action, ByAction, Round};
use serde::Serialize;

/// What the post-flop rules look at.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct PostflopSituation {
    /// The round (flop, turn or river).
    pub round: Round,
    /// Effective hand strength `hs_n + (1 - hs_n) * ppot`.
    pub ehs: f64,
    /// Hand strength against all live opponents (product of per-opponent HS).
    pub hs_n: f64,
    /// Positive potential of the next card (PPot1; 0 on the river): Papp reads PPOT in
    /// the semi-bluff and pot-odds rules as "the next card wins it".
    pub ppot1: f64,
    /// Chips to call.
    pub to_call: i64,
    /// The pot before our action (all chips put in so far).
    pub pot: i64,
    /// The bet size of this round.
    pub bet: i64,
    /// The game's big bet (the bet size of the turn and river), for showdown odds.
    pub big_bet: i64,
    /// Bets made this round.
    pub bets_this_round: usize,
    /// Whether we already called or bet this round.
    pub already_in_this_round: bool,
    /// Live players still to act after us this round (for check-raising).
    pub players_after: usize,
    /// Whether a raise is legal.
    pub can_raise: bool,
    /// Whether we semi-bluffed in an earlier round and nobody has bet since.
    pub semi_bluff_continues: bool,
}

/// Which rule fired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// Check now, intending to raise (ehs >= check_raise).
    CheckRaise,
    /// Raise if fewer than two bets, else call (ehs >= make2).
    Make2,
    /// Bet if nobody has, else call (ehs >= make1).
    Make1,
    /// Call or check (ehs >= the call threshold, when set below make1).
    CallThreshold,
    /// Bet on potential (PPot >= Pot_Odds2).
    SemiBluff,
    /// Call on pot odds.
    PotOdds,
    /// Call on showdown odds.
    ShowdownOdds,
    /// Nothing else applies: check or fold.
    CheckOrFold,
}

impl Rule {
    /// The rule's name as traces print it.
    pub fn name(self) -> &'static str {
        match self {
            Rule::CheckRaise => "check-raise",
            Rule::Make2 => "make2",
            Rule::Make1 => "make1",
            Rule::CallThreshold => "call-threshold",
            Rule::SemiBluff => "semi-bluff",
            Rule::PotOdds => "pot-odds",
            Rule::ShowdownOdds => "showdown-odds",
            Rule::CheckOrFold => "check-or-fold",
        }
    }
}

/// Pot odds: `to_call / (pot + to_call)` (Billings et al. 1998: call $4 to win $16 at 0.20).
pub fn pot_odds(to_call: i64, pot: i64) -> f64 {
    if to_call <= 0 {
        0.0
    } else {
        to_call as f64 / (pot + to_call) as f64
    }
}

/// Papp's Eq. 6.5: `2 bet / ((pot + 4 bet) + 2 bet)` (we can call a bet and a raise; the
/// bettor and raiser each put in two bets).
pub fn pot_odds2(bet: i64, pot: i64) -> f64 {
    let b = bet as f64;
    2.0 * b / ((pot as f64 + 4.0 * b) + 2.0 * b)
}

/// Showdown odds (**ours**; Papp §6.6's formula is lost): the cost of calling now and one
/// big bet in each later round, against the pot plus what one opponent puts in meanwhile:
/// `(to_call + future) / (pot + to_call + 2 future)`, with `future` = one bet per later round.
pub fn showdown_odds(round: Round, to_call: i64, pot: i64, big_bet: i64) -> f64 {
    let later = match round {
        Round::Preflop => 3,
        Round::Flop => 2,
        Round::Turn => 1,
        Round::River => 0,
    };
    let future = (later * big_bet) as f64;
    let cost = to_call as f64 + future;
    if cost <= 0.0 {
        0.0
    } else {
        cost / (pot as f64 + to_call as f64 + 2.0 * future)
    }
}

/// Loki-2's randomized version of the rules (Peña's second triple generator): the pure
/// rules with each boundary linearly interpolated over `[t - smoothing, t + smoothing]`.
/// Equivalently, the rules' decision averaged over a uniform shift `u` in
/// `[-smoothing, smoothing]` of ehs, HS_n and PPot1 together (each clamped to [0, 1]):
/// the decision is a step function of `u`, so the average is exact, one evaluation per
/// interval between the points where some comparison flips.
pub fn smoothed_triple(
    cfg: &PostflopConfig,
    s: &PostflopSituation,
    smoothing: f64,
) -> ProbabilityTriple {
    if smoothing <= 0.0 {
        return ProbabilityTriple::pure(decide(cfg, s).0);
    }
    let d = smoothing;
    let mut cuts = vec![-d, d];
    let mut cut = |threshold: f64, value: f64| {
        let u = threshold - value;
        if u > -d && u < d {
            cuts.push(u);
        }
    };
    for t in [cfg.check_raise, cfg.make2, cfg.make1, cfg.call] {
        cut(t, s.ehs);
    }
    let odds = pot_odds(s.to_call, s.pot);
    cut(pot_odds2(s.bet, s.pot), s.ppot1);
    cut(odds, s.ppot1);
    cut(odds, s.hs_n);
    cut(showdown_odds(s.round, s.to_call, s.pot, s.big_bet), s.hs_n);
    cuts.sort_by(f64::total_cmp);
    let mut p = ByAction::splat(0.0);
    for w in cuts.windows(2) {
        let (lo, hi) = (w[0], w[1]);
        if hi <= lo {
            continue;
        }
        let u = 0.5 * (lo + hi);
        let shifted = PostflopSituation {
            ehs: (s.ehs + u).clamp(0.0, 1.0),
            hs_n: (s.hs_n + u).clamp(0.0, 1.0),
            ppot1: (s.ppot1 + u).clamp(0.0, 1.0),
            ..*s
        };
        p[decide(cfg, &shifted).0] += (hi - lo) / (2.0 * d);
    }
    ProbabilityTriple::new(p)
}

/// The decision of the post-flop rules: the action and the rule that fired.
pub fn decide(cfg: &PostflopConfig, s: &PostflopSituation) -> (Action, Rule) {
    let raise_or_call = if s.can_raise {
        Action::Raise
    } else {
        Action::Call
    };
    let facing_two = s.bet > 0 && s.to_call >= 2 * s.bet && !s.already_in_this_round;
    if s.to_call == 0 && s.ehs >= cfg.check_raise && s.players_after > 0 {
        return (Action::Call, Rule::CheckRaise);
    }
    if s.ehs >= cfg.make2 {
        let a = if s.bets_this_round < 2 {
            raise_or_call
        } else {
            Action::Call
        };
        return (a, Rule::Make2);
    }
    if s.ehs >= cfg.make1 {
        if s.to_call == 0 {
            return (raise_or_call, Rule::Make1);
        }
        if !facing_two {
            return (Action::Call, Rule::Make1);
        }
    }
    if s.ehs >= cfg.call && cfg.call < cfg.make1 && !facing_two {
        return (Action::Call, Rule::CallThreshold);
    }
    if cfg.semi_bluff
        && s.to_call == 0
        && s.round != Round::River
        && (s.ppot1 >= pot_odds2(s.bet, s.pot) || s.semi_bluff_continues)
    {
        return (raise_or_call, Rule::SemiBluff);
    }
    if s.to_call > 0 {
        let chance = if s.round == Round::River {
            s.hs_n
        } else {
            s.ppot1
        };
        if chance >= pot_odds(s.to_call, s.pot) {
            return (Action::Call, Rule::PotOdds);
        }
        if cfg.showdown_odds && s.hs_n >= showdown_odds(s.round, s.to_call, s.pot, s.big_bet) {
            return (Action::Call, Rule::ShowdownOdds);
        }
        return (Action::Fold, Rule::CheckOrFold);
    }
    (Action::Call, Rule::CheckOrFold)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> PostflopSituation {
        PostflopSituation {
            round: Round::Flop,
            ehs: 0.3,
            hs_n: 0.3,
            ppot1: 0.0,
            to_call: 0,
            pot: 10,
            bet: 2,
            big_bet: 4,
            bets_this_round: 0,
            already_in_this_round: false,
            players_after: 0,
            can_raise: true,
            semi_bluff_continues: false,
        }
    }

    #[test]
    fn paper_pot_odds_example() {
        // A 25% chance calls $4 to win $16: 4 / (16 + 4) = 0.20.
        assert!((pot_odds(4, 16) - 0.20).abs() < 1e-12);
        let s = PostflopSituation {
            round: Round::River,
            hs_n: 0.25,
            ehs: 0.25,
            to_call: 4,
            pot: 16,
            bet: 4,
            bets_this_round: 1,
            ..base()
        };
        assert_eq!(
            decide(&PostflopConfig::default(), &s),
            (Action::Call, Rule::PotOdds)
        );
        let s = PostflopSituation {
            hs_n: 0.15,
            ehs: 0.15,
            ..s
        };
        assert_eq!(decide(&PostflopConfig::default(), &s).0, Action::Fold);
    }

    #[test]
    fn rules_in_priority_order() {
        let c = PostflopConfig::default();
        // (ehs, hs_n, ppot1, to_call, bets this round, players after) and the decision.
        for ((ehs, hs_n, ppot1, to_call, bets, after), want) in [
            ((0.97, 0.3, 0.0, 0, 0, 2), (Action::Call, Rule::CheckRaise)),
            ((0.97, 0.3, 0.0, 0, 0, 0), (Action::Raise, Rule::Make2)),
            ((0.9, 0.3, 0.0, 4, 2, 0), (Action::Call, Rule::Make2)),
            ((0.6, 0.3, 0.0, 0, 0, 0), (Action::Raise, Rule::Make1)),
            ((0.6, 0.3, 0.0, 2, 1, 0), (Action::Call, Rule::Make1)),
            // Facing two bets without having called one: Make1 falls through (to pot odds).
            ((0.6, 0.6, 0.3, 4, 2, 0), (Action::Call, Rule::PotOdds)),
            ((0.1, 0.1, 0.05, 4, 2, 0), (Action::Fold, Rule::CheckOrFold)),
        ] {
            let s = PostflopSituation {
                ehs,
                hs_n,
                ppot1,
                to_call,
                bets_this_round: bets,
                players_after: after,
                ..base()
            };
            assert_eq!(decide(&c, &s), want, "{s:?}");
        }
    }

    #[test]
    fn semi_bluff_uses_pot_odds2() {
        let c = PostflopConfig::default();
        // pot 10, bet 2: Pot_Odds2 = 4 / (18 + 4) = 0.1818...
        assert!((pot_odds2(2, 10) - 4.0 / 22.0).abs() < 1e-12);
        let s = PostflopSituation {
            ppot1: 0.2,
            ehs: 0.3,
            ..base()
        };
        assert_eq!(decide(&c, &s), (Action::Raise, Rule::SemiBluff));
        let s = PostflopSituation { ppot1: 0.1, ..s };
        assert_eq!(decide(&c, &s), (Action::Call, Rule::CheckOrFold));
        let s = PostflopSituation {
            semi_bluff_continues: true,
            ..s
        };
        assert_eq!(decide(&c, &s).1, Rule::SemiBluff);
        let s = PostflopSituation {
            round: Round::River,
            ..s
        };
        assert_eq!(decide(&c, &s).1, Rule::CheckOrFold);
    }

    #[test]
    fn showdown_odds_call() {
        let c = PostflopConfig::default();
        // Turn, 4 to call into 40, future one big bet: (4 + 4) / (40 + 4 + 8) = 0.1538.
        assert!((showdown_odds(Round::Turn, 4, 40, 4) - 8.0 / 52.0).abs() < 1e-12);
        let s = PostflopSituation {
            round: Round::Turn,
            bet: 4,
            to_call: 4,
            pot: 40,
            bets_this_round: 1,
            hs_n: 0.2,
            ehs: 0.2,
            ppot1: 0.02,
            ..base()
        };
        assert_eq!(decide(&c, &s), (Action::Call, Rule::ShowdownOdds));
    }

    #[test]
    fn loki2_triples_interpolate_linearly() {
        let c = PostflopConfig::default();
        // ehs 0.02 above make1 with nothing to call and no potential: betting holds for
        // shifts above -0.02, so 0.07 of the 0.10-wide window bets (thirds would give 2/3).
        let s = PostflopSituation {
            ehs: 0.52,
            hs_n: 0.52,
            ..base()
        };
        let t = smoothed_triple(&c, &s, 0.05);
        assert!((t.get(Action::Raise) - 0.7).abs() < 1e-12, "{t}");
        assert!((t.get(Action::Call) - 0.3).abs() < 1e-12, "{t}");
        // Far from every threshold the triple is pure.
        let s = PostflopSituation {
            ehs: 0.7,
            hs_n: 0.7,
            ..base()
        };
        assert_eq!(
            smoothed_triple(&c, &s, 0.05),
            ProbabilityTriple::pure(Action::Raise)
        );
        // Zero smoothing is the pure rule.
        assert_eq!(
            smoothed_triple(
                &c,
                &PostflopSituation {
                    ehs: 0.52,
                    ..base()
                },
                0.0
            ),
            ProbabilityTriple::pure(Action::Raise)
        );
    }

    #[test]
    fn showdown_odds_use_the_games_big_bet() {
        let c = PostflopConfig::default();
        // A flop bet of 2 in a game whose big bet is 10 (not 2 x 2): calling 2 into 20
        // costs 2 + 2 x 10 later against 20 + 2 + 40: 22 / 62 = 0.355. With 4 assumed it
        // would be 10 / 38 = 0.263.
        assert!((showdown_odds(Round::Flop, 2, 20, 10) - 22.0 / 62.0).abs() < 1e-12);
        let s = PostflopSituation {
            to_call: 2,
            pot: 20,
            bets_this_round: 1,
            big_bet: 10,
            hs_n: 0.3,
            ehs: 0.3,
            ppot1: 0.0,
            ..base()
        };
        assert_eq!(decide(&c, &s), (Action::Fold, Rule::CheckOrFold));
        let s = PostflopSituation { big_bet: 4, ..s };
        assert_eq!(decide(&c, &s), (Action::Call, Rule::ShowdownOdds));
    }
}
