//! Re-weighting as the sources describe it, with parameters where the right and the
//! wrong implementation differ (Billings et al. 1998, Figure 3 and "Computing Initial
//! Weights"; Papp 1998 §7.2; Peña 1999 §4).
#![allow(missing_docs)]
use loki_bot::frequencies::ActionFrequencies;
use loki_bot::opponent_model::{ModelMode, OpponentModel};
use loki_bot::{Context, FrequencyTable, Knowledge, LokiConfig};
use loki_cards::HOLDINGS;
use loki_engine::{Action, Round};
use proptest::prelude::*;

#[path = "common/one_loop.rs"]
mod one_loop;

fn know() -> std::sync::Arc<Knowledge> {
    Knowledge::new(LokiConfig::default()).unwrap()
}

/// The normalized weight share of the holdings whose income rate is in the top `share` of
/// the 1,326 at a 10-seat table.
fn top_share(m: &OpponentModel, know: &Knowledge, share: f64) -> f64 {
    let r = know.ranking(10);
    let mut order: Vec<usize> = (0..HOLDINGS).collect();
    order.sort_by(|&a, &b| r.by_holding[b].total_cmp(&r.by_holding[a]));
    let k = ((share * HOLDINGS as f64).round() as usize).max(1);
    let w = m.weights();
    let total: f64 = (0..HOLDINGS).map(|h| w.at(h)).sum();
    order[..k].iter().map(|&h| w.at(h)).sum::<f64>() / total
}

fn preflop_after(
    know: &Knowledge,
    mode: ModelMode,
    freq: impl Into<ActionFrequencies>,
    action: Action,
    bets_to_call: usize,
) -> OpponentModel {
    let cfg = &know.config.model;
    let mut defaults = FrequencyTable::papp_irc();
    defaults.0[0][bets_to_call.min(2)] = freq.into();
    let mut m = OpponentModel::new(cfg);
    m.begin_hand();
    m.observe(
        mode,
        Context::new(Round::Preflop, bets_to_call),
        action,
        &defaults,
        &know.config,
        know.ranking(10),
        &|_| None,
    );
    m
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// After a raise the top F(raise) of holdings holds a larger share of the weight than
    /// after a call, whatever the frequencies.
    #[test]
    fn a_preflop_raiser_is_modeled_tighter_than_a_caller(
        raise in 0.03f64..0.5, call in 0.03f64..0.5
    ) {
        let know = know();
        let f = [1.0 - raise - call, call, raise];
        let r = preflop_after(&know, ModelMode::Generic, f, Action::Raise, 1);
        let c = preflop_after(&know, ModelMode::Generic, f, Action::Call, 1);
        let (sr, sc) = (top_share(&r, &know, raise), top_share(&c, &know, raise));
        prop_assert!(sr > sc, "raise {sr} call {sc}");
    }
}

#[test]
fn a_median_holding_ends_at_the_floor_after_a_tight_raise() {
    let know = know();
    // A tight player: raises 10% facing the big blind at a full table.
    let m = preflop_after(&know, ModelMode::Generic, [0.7, 0.2, 0.1], Action::Raise, 1);
    let r = know.ranking(10);
    let mut order: Vec<usize> = (0..HOLDINGS).collect();
    order.sort_by(|&a, &b| r.by_holding[a].total_cmp(&r.by_holding[b]));
    let median = order[HOLDINGS / 2];
    assert_eq!(m.weights().at(median), 0.01);
    // ... and the best holdings keep their full weight.
    assert_eq!(m.weights().at(order[HOLDINGS - 1]), 1.0);
}

#[test]
fn a_post_flop_check_reweights_loki1_unless_ignored_and_loki2_always() {
    use loki_bot::config::CheckRule;
    let defaults = FrequencyTable::papp_irc();
    let ehs = |h: usize| Some((h % 100) as f64 / 100.0);
    let check = |know: &Knowledge, mode: ModelMode, round: Round| {
        let mut m = OpponentModel::new(&know.config.model);
        m.begin_hand();
        let changed = m.observe(
            mode,
            Context::new(round, 0),
            Action::Call,
            &defaults,
            &know.config,
            know.ranking(10),
            &ehs,
        );
        (changed, m)
    };
    let unchanged = |m: &OpponentModel| (0..HOLDINGS).all(|h| m.weights().at(h) == 1.0);
    let mut ignore = LokiConfig::default();
    ignore.model.checks = CheckRule::Ignore;
    let ignore = Knowledge::new(ignore).unwrap();
    let default = know();
    assert_eq!(default.config.model.checks, CheckRule::Reweight);
    for round in Round::ALL {
        // Loki-1 as the paper has it, and the basic players' models: a check says nothing.
        for mode in [ModelMode::Generic, ModelMode::Specific] {
            let (changed, m) = check(&ignore, mode, round);
            assert!(!changed && unchanged(&m), "{mode:?} {round}");
        }
        let (changed, m) = check(&default, ModelMode::InitialOnly, round);
        assert!(!changed && unchanged(&m), "{round}");
        // By default Loki-1's models read a post-flop check as "did not bet" (the IRC
        // default bets 50% when checked to: threshold 0.5): the strongest holdings keep
        // the slow-play share, the weak ones all their weight. Pre-flop (the big blind's
        // free check) they still read nothing.
        for mode in [ModelMode::Generic, ModelMode::Specific, ModelMode::Loki2] {
            let (changed, m) = check(&default, mode, round);
            if round == Round::Preflop {
                // Loki-2 reads the big blind's check by the income-rate ranking.
                let loki2 = mode == ModelMode::Loki2;
                assert_eq!(changed, loki2, "{mode:?}");
                assert_eq!(unchanged(&m), !loki2, "{mode:?}");
                continue;
            }
            assert!(changed, "{mode:?} {round}");
            let min_passive = default.config.triples.min_passive;
            assert!(
                (m.weights().at(99) - min_passive).abs() < 1e-12,
                "{mode:?} {round}"
            );
            assert_eq!(m.weights().at(10), 1.0, "{mode:?} {round}");
            assert!(m.weights().at(55) < 1.0 && m.weights().at(55) > min_passive);
        }
    }
}

#[test]
fn a_never_seen_action_keeps_the_nuts_at_full_weight() {
    let know = know();
    let cfg = &know.config.model;
    let mut defaults = FrequencyTable::papp_irc();
    // This opponent has never raised facing two bets on the river.
    defaults.0[3][2] = [0.7, 0.3, 0.0].into();
    let ehs = |h: usize| {
        Some(if h == 7 {
            1.0
        } else {
            (h % 100) as f64 / 100.0
        })
    };
    let mut m = OpponentModel::new(cfg);
    m.begin_hand();
    m.observe(
        ModelMode::Generic,
        Context::new(Round::River, 2),
        Action::Raise,
        &defaults,
        &know.config,
        know.ranking(10),
        &ehs,
    );
    assert_eq!(m.weights().at(7), 1.0);
    // Pre-flop likewise: the best holding keeps full weight.
    let m = preflop_after(&know, ModelMode::Generic, [0.8, 0.2, 0.0], Action::Raise, 2);
    let r = know.ranking(10);
    let best = (0..HOLDINGS)
        .max_by(|&a, &b| r.by_holding[a].total_cmp(&r.by_holding[b]))
        .unwrap();
    assert_eq!(m.weights().at(best), 1.0);
}

#[test]
fn preflop_thresholds_are_papps_percentiles() {
    // Papp §7.2.2: facing one bet with frequencies fold 0.7, call 0.2, raise 0.1, a raise
    // needs the top 10% (threshold 1 - 0.1 = 0.9) and a call the next 20% (0.9 - 0.2 =
    // 0.7), with sigma 0.1 in percentile space (ours). Every holding's new weight is
    // Figure 3's factor at its income-rate percentile for that threshold, exactly (for
    // the raise divided by the factor of the best class, whose mid-rank percentile
    // 0.998 falls just short of mu + sigma = 1: it keeps full weight).
    let know = know();
    let ranking = know.ranking(10);
    let pct = &ranking.percentile;
    let sigma = know.config.model.preflop_sigma;
    for (action, mu) in [(Action::Raise, 0.9), (Action::Call, 0.7)] {
        let m = preflop_after(&know, ModelMode::Generic, [0.7, 0.2, 0.1], action, 1);
        let raw = |p: f64| (p - mu + sigma) / (2.0 * sigma);
        let divisor = raw(ranking.top).min(1.0);
        if action == Action::Raise {
            assert!(divisor < 1.0 && divisor > 0.98, "{divisor}");
        }
        for (h, &p) in pct.iter().enumerate() {
            let want = (raw(p) / divisor).clamp(0.01, 1.0);

            assert!(
                (m.weights().at(h) - want).abs() < 1e-12,
                "{action:?} holding {h} at percentile {p}: {} != {want}",
                m.weights().at(h)
            );
        }
    }
}

/// The re-weighting as it is done (the best value found in lanes, the weights by
/// `set_factors` with no running sum, the mean by `mean_factor` only when asked for,
/// the law's kind matched outside the loop by `Law::with_factor`) gives, bit for bit,
/// the weights, law and mean factor of the single loop: random tables and values
/// (some NaN, some tied, zeros of both signs, values beyond [0, 1]), every rule, with
/// and without the mean, laws whose divisor is 1 and others, and a triple's law.
#[test]
fn reweighting_equals_the_single_loop_bit_for_bit() {
    use loki_assess::WeightTable;
    use loki_bot::reweight::{
        mean_factor, reweight_table_with, set_factors, values_of, MeanFactor, SetFactors,
    };
    use loki_bot::trust::Law;
    use one_loop::{apply_factors_in_one_loop, reweight_table_in_one_loop};
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(1998);
    // Laws with a divisor of 1 (the factor without the division) and without.
    let mut divisors = [0usize; 2];
    for case in 0..400 {
        let mut w = [0.0f64; loki_cards::HOLDINGS];
        for x in w.iter_mut() {
            *x = if rng.random_bool(0.1) {
                0.0
            } else {
                rng.random::<f64>()
            };
        }
        let base = WeightTable::from_weights(&w).unwrap();
        let scale = if case % 5 == 0 { 3.0 } else { 1.0 };
        let draws: Vec<f64> = (0..loki_cards::HOLDINGS).map(|_| rng.random()).collect();
        let value = values_of(|h| {
            let u = draws[h];
            match h % 13 {
                0 if case % 2 == 0 => None,
                1 => Some(if u < 0.5 { -0.0 } else { 0.0 }),
                2 => Some(0.5),
                _ => Some(u * scale - 0.1),
            }
        });
        let mu = rng.random::<f64>() * 1.4 - 0.2;
        let sigma = if case % 7 == 0 {
            0.0
        } else {
            rng.random::<f64>() * 0.3
        };
        let floor = [0.0, 0.01, 0.2][case % 3];
        let trust = [1.0, 0.0, 0.37, 2.0][case % 4];
        for keep_best in [true, false] {
            let u = WeightTable::uniform;
            let (mut a, mut b, mut c) = (u(), u(), u());
            let (law, mean) = reweight_table_with(
                &base,
                &mut a,
                (mu, sigma),
                floor,
                trust,
                &value,
                keep_best,
                true,
            );
            let y = reweight_table_in_one_loop(
                &base,
                &mut b,
                (mu, sigma),
                floor,
                trust,
                &value,
                keep_best,
            );
            assert_eq!(law, y.0, "case {case}");
            divisors[usize::from(law.divisor == 1.0)] += 1;
            assert_eq!(mean.map(f64::to_bits), Some(y.1.to_bits()), "case {case}");
            let bits = |t: &WeightTable| t.weights().map(f64::to_bits);
            assert_eq!(bits(&a), bits(&b), "case {case}");
            // Without the mean: the same law and weights.
            let (z, none) = reweight_table_with(
                &base,
                &mut c,
                (mu, sigma),
                floor,
                trust,
                &value,
                keep_best,
                false,
            );
            assert_eq!((z, none), (y.0, None), "case {case}");
            assert_eq!(bits(&c), bits(&b), "case {case}");
            // The mean computed apart from the weights the law read.
            let m = mean_factor(base.weights(), &value, |v| z.factor(v));
            assert_eq!(m.to_bits(), y.1.to_bits(), "case {case}");
        }
        let law = Law::Triple {
            raise_t: mu,
            call_t: mu * 0.5,
            width: sigma.max(0.05),
            min_passive: 0.1,
            action: [Action::Fold, Action::Call, Action::Raise][case % 3],
        };
        let mut b = base.clone();
        let y = apply_factors_in_one_loop(None, &mut b, &value, floor, trust, |v| law.factor(v));
        // The law's kind matched outside the loop, as the opponent model re-weights.
        let mut e = base.clone();
        law.with_factor(SetFactors {
            base: None,
            out: &mut e,
            values: &value,
            floor,
            trust,
        });
        assert_eq!(e.weights().map(f64::to_bits), b.weights().map(f64::to_bits));
        let m = law.with_factor(MeanFactor(base.weights(), &value));
        assert_eq!(m.to_bits(), y.to_bits(), "case {case}");
        // From a base table into another one.
        let mut d = WeightTable::uniform();
        set_factors(Some(&base), &mut d, &value, floor, trust, |v| law.factor(v));
        assert_eq!(d.weights().map(f64::to_bits), b.weights().map(f64::to_bits));
    }
    assert!(divisors.iter().all(|&n| n > 50), "{divisors:?}");
}
