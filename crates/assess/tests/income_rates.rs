#![allow(missing_docs)]
//! The committed income-rate tables (data/income_rates.csv): sanity checks against Papp
//! 1998 (Appendix A) and Sklansky & Malmuth's groups, determinism of the generator, and
//! a regeneration of a few types with fewer games within statistical tolerance.
use loki_assess::income_rate;
use loki_assess::income_rate::{simulate, simulate_one, IncomeRates};
use loki_cards::StartingHand;

fn hand(name: &str) -> StartingHand {
    StartingHand::all().find(|h| h.to_string() == name).unwrap()
}

#[test]
fn compiled_tables_parse_and_are_sane() {
    let t = IncomeRates::compiled();
    for seats in 2..=10 {
        let table = t.table(seats).unwrap();
        let best = StartingHand::all()
            .max_by(|a, b| table[a.index()].total_cmp(&table[b.index()]))
            .unwrap();
        let worst = StartingHand::all()
            .min_by(|a, b| table[a.index()].total_cmp(&table[b.index()]))
            .unwrap();
        assert_eq!(best.to_string(), "AA", "{seats} seats");
        if seats >= 5 {
            assert_eq!(worst.to_string(), "72o", "{seats} seats");
        } else if seats <= 3 {
            assert_eq!(worst.to_string(), "32o", "{seats} seats");
        }
        // Zero-sum: the combo-weighted mean over all 1,326 holdings is 0.
        let mean: f64 = StartingHand::all()
            .map(|h| table[h.index()] * h.combos() as f64)
            .sum::<f64>()
            / 1326.0;
        assert!(mean.abs() < 5.0, "{seats} seats: mean {mean}");
    }
    // Papp's IR7: AA +2.043, 72o -0.495 per unit; IR2 32o -351.
    let aa7 = income_rate(7, hand("AA"));
    let s72 = income_rate(7, hand("72o"));
    assert!((aa7 - 2043).abs() < 60, "AA at 7: {aa7}");
    assert!((s72 + 495).abs() < 40, "72o at 7: {s72}");
    let s32 = income_rate(2, hand("32o"));
    assert!((s32 + 351).abs() < 40, "32o at 2: {s32}");
    // Papp: 88 of 169 types are non-negative in IR7.
    let nonneg = StartingHand::all()
        .filter(|h| t.get(7, *h).unwrap() >= 0.0)
        .count();
    assert!(
        (70..=100).contains(&nonneg),
        "{nonneg} non-negative at 7 seats"
    );
    // Out-of-range sizes are clamped.
    assert_eq!(income_rate(1, hand("AA")), income_rate(2, hand("AA")));
    assert_eq!(income_rate(23, hand("AA")), income_rate(10, hand("AA")));
    assert!(t.get(11, hand("AA")).is_none());
}

/// Sklansky & Malmuth (1994) groups 1..8; everything else is group 9.
const SM_GROUPS: [&[&str]; 8] = [
    &["AA", "KK", "QQ", "JJ", "AKs"],
    &["TT", "AQs", "AJs", "KQs", "AKo"],
    &["99", "JTs", "QJs", "KJs", "ATs", "AQo"],
    &["T9s", "KQo", "88", "QTs", "98s", "J9s", "AJo", "KTs"],
    &[
        "77", "87s", "Q9s", "T8s", "KJo", "QJo", "JTo", "76s", "97s", "A9s", "A8s", "A7s", "A6s",
        "A5s", "A4s", "A3s", "A2s", "65s",
    ],
    &[
        "66", "ATo", "55", "86s", "KTo", "QTo", "54s", "K9s", "J8s", "75s",
    ],
    &[
        "44", "J9o", "64s", "T9o", "53s", "33", "98o", "43s", "22", "K8s", "K7s", "K6s", "K5s",
        "K4s", "K3s", "K2s", "T7s", "Q8s",
    ],
    &[
        "87o", "A9o", "Q9o", "76o", "42s", "32s", "96s", "85s", "J8o", "J7s", "65o", "54o", "74s",
        "K9o", "T8o",
    ],
];

#[test]
fn agrees_with_sklansky_malmuth_groups() {
    let t = IncomeRates::compiled().table(7).unwrap();
    let sm_group = |h: StartingHand| -> usize {
        let s = h.to_string();
        SM_GROUPS
            .iter()
            .position(|g| g.contains(&s.as_str()))
            .unwrap_or(8)
    };
    let mut sizes: Vec<usize> = SM_GROUPS.iter().map(|g| g.len()).collect();
    sizes.push(169 - sizes.iter().sum::<usize>());
    let mut ranked: Vec<StartingHand> = StartingHand::all().collect();
    ranked.sort_by(|a, b| t[b.index()].total_cmp(&t[a.index()]));
    let mut ir_group = vec![0usize; 169];
    let mut i = 0;
    for (g, &n) in sizes.iter().enumerate() {
        for h in &ranked[i..i + n] {
            ir_group[h.index()] = g;
        }
        i += n;
    }
    let far: Vec<String> = StartingHand::all()
        .filter(|&h| ir_group[h.index()].abs_diff(sm_group(h)) > 1)
        .map(|h| h.to_string())
        .collect();
    eprintln!("{} types more than one S&M group away: {far:?}", far.len());
    // Papp: all but 16 of the 169 types land in the same group or one away.
    assert!(far.len() <= 24, "{} far: {far:?}", far.len());
    // Papp: the top two groups are identical.
    for h in StartingHand::all() {
        if sm_group(h) < 2 {
            assert_eq!(ir_group[h.index()], sm_group(h), "{h}");
        }
    }
}

#[test]
fn generator_is_deterministic_whatever_the_threads() {
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let a = one.install(|| simulate(4, 70_000, 42, &|_| {}).unwrap());
    let b = simulate(4, 70_000, 42, &|_| {}).unwrap();
    assert_eq!(a, b);
    let aks = hand("AKs");
    assert_eq!(simulate_one(4, aks, 70_000, 42).unwrap(), a[aks.index()]);
    assert!(simulate(1, 10, 1, &|_| {}).is_err());
    assert!(simulate_one(11, aks, 10, 1).is_err());
}

#[test]
fn regenerated_types_agree_within_tolerance() {
    let t = IncomeRates::compiled();
    for seats in [2, 7, 10] {
        for name in ["AA", "72o", "T9s", "AKo"] {
            let h = hand(name);
            let games = 40_000;
            let got = simulate_one(seats, h, games, 20_260_101).unwrap();
            let want = t.get(seats, h).unwrap();
            // Net per game lies in [-1, seats - 1]: its standard deviation is at most
            // about sqrt(p (1 - p)) * seats <= seats / 2 units.
            let sd = 1000.0 * seats as f64 / 2.0 / (games as f64).sqrt();
            assert!(
                (got - want).abs() <= 5.0 * sd,
                "{name} at {seats}: {got} vs {want} (5 sd = {})",
                5.0 * sd
            );
        }
    }
}

/// A checksum of the committed table: any edit of data/income_rates.csv shows here.
#[test]
fn compiled_table_checksum() {
    let t = IncomeRates::compiled();
    let sum: f64 = (2..=10)
        .flat_map(|s| t.table(s).unwrap().iter().copied())
        .sum();
    assert!((sum - 98474.3).abs() < 1e-6, "checksum {sum}");
    assert_eq!(income_rate(7, hand("AA")), 2050);
    assert_eq!(income_rate(7, hand("72o")), -499);
    assert_eq!(income_rate(2, hand("32o")), -353);
}
