#![allow(missing_docs)]
#![allow(clippy::needless_range_loop)]
//! The range table and the river-rank cache against a naive Figure-2 loop (exact integer
//! equality) and against the public reference cases.
use loki_assess::{HoldingCounts, RangeTable, RankCache, WeightTable};
use loki_cards::{parse_cards, Card, Hand, HoleCards, HOLDINGS};
use proptest::prelude::*;

/// The naive Figure-2 loop of Billings et al. 1998: every opponent holding, every
/// runout, two evaluations each (uniform weights, integer counts).
fn naive(board: &[Card], hole: HoleCards) -> HoldingCounts {
    let mut dead = 0u64;
    for c in board.iter().chain(hole.cards().iter()) {
        dead |= 1 << c.index();
    }
    let bh = Hand::EMPTY.with_all(board);
    let ours = bh.with(hole.low()).with(hole.high());
    let x_h = ours.rank();
    let mut out = HoldingCounts::default();
    for o in HoleCards::all() {
        let om = o.set().bits();
        if om & dead != 0 {
            continue;
        }
        let theirs = bh.with(o.low()).with(o.high());
        let x_o = theirs.rank();
        let now = match x_h.cmp(&x_o) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Less => 2,
        };
        match now {
            0 => out.ahead += 1,
            1 => out.tied += 1,
            _ => out.behind += 1,
        }
        let live: Vec<u8> = (0..52u8).filter(|&c| (dead | om) >> c & 1 == 0).collect();
        let mut judge = |extra: &[u8]| {
            let y_h = ours.with_indices(extra).rank();
            let y_o = theirs.with_indices(extra).rank();
            let fin = match y_h.cmp(&y_o) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 2,
            };
            out.hp[now][fin] += 1;
        };
        if board.len() == 3 {
            for (i, &t) in live.iter().enumerate() {
                for &r in &live[i + 1..] {
                    judge(&[t, r]);
                }
            }
        } else {
            for &r in &live {
                judge(&[r]);
            }
        }
    }
    out
}

/// The naive weighted loop (f64 sums, weights added once to HS, once per runout to HP).
fn naive_weighted(board: &[Card], hole: HoleCards, w: &WeightTable) -> ([f64; 3], [[f64; 3]; 3]) {
    let mut dead = 0u64;
    for c in board.iter().chain(hole.cards().iter()) {
        dead |= 1 << c.index();
    }
    let bh = Hand::EMPTY.with_all(board);
    let ours = bh.with(hole.low()).with(hole.high());
    let mut total = [0.0; 3];
    let mut hp = [[0.0; 3]; 3];
    for o in HoleCards::all() {
        let om = o.set().bits();
        if om & dead != 0 {
            continue;
        }
        let wk = w.get(o);
        let theirs = bh.with(o.low()).with(o.high());
        let now = (1 - ours.rank().cmp(&theirs.rank()) as i32) as usize;
        total[now] += wk;
        let live: Vec<u8> = (0..52u8).filter(|&c| (dead | om) >> c & 1 == 0).collect();
        for (i, &t) in live.iter().enumerate() {
            for &r in &live[i + 1..] {
                let fin = 1 - ours
                    .with_indices(&[t, r])
                    .rank()
                    .cmp(&theirs.with_indices(&[t, r]).rank()) as i32;
                hp[now][fin as usize] += wk;
            }
        }
    }
    (total, hp)
}

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

/// Holdings that avoid the board, every `step`-th one starting at `start`.
fn sample(board: &[Card], start: usize, step: usize) -> Vec<HoleCards> {
    let mut m = 0u64;
    for c in board {
        m |= 1 << c.index();
    }
    HoleCards::all()
        .filter(|h| h.set().bits() & m == 0)
        .skip(start)
        .step_by(step)
        .collect()
}

fn check_rows(t: &RangeTable, board: &[Card]) {
    let r = u64::from(t.runouts());
    for h in sample(board, 0, 1) {
        let k = t.counts(h).unwrap();
        assert_eq!(k.ahead + k.tied + k.behind, t.opponents(), "{h}");
        for (row, n) in k.hp.iter().zip([k.ahead, k.tied, k.behind]) {
            let sum: u64 = row.iter().map(|&v| u64::from(v)).sum();
            assert_eq!(sum, r * u64::from(n), "row sum of {h} on {board:?}");
        }
        let hs = k.hs();
        let ehs = t.ehs(h).unwrap();
        assert!((0.0..=1.0).contains(&hs) && (hs..=1.0).contains(&ehs));
    }
}

const TEXTURES: [&str; 5] = ["3h4cJh", "5s4dKh", "JcQc8c", "9d2s9h", "7c7d7h"];

#[test]
fn flops_equal_naive_loop_on_sampled_holdings() {
    for (i, f) in TEXTURES.iter().enumerate() {
        let board = cards(f);
        let t = RangeTable::new(&board).unwrap();
        check_rows(&t, &board);
        for h in sample(&board, 3 + i, 37) {
            assert_eq!(t.counts(h).unwrap(), naive(&board, h), "{h} on {f}");
        }
    }
}

#[test]
fn turns_equal_naive_loop_on_every_holding() {
    for f in ["3h4cJh2h", "JcQc8c9c", "9d2s9h9c", "5s4dKhAc"] {
        let board = cards(f);
        let t = RangeTable::new(&board).unwrap();
        assert_eq!(t.runouts(), 44);
        assert_eq!(t.opponents(), 1035);
        check_rows(&t, &board);
        let step = if f == "3h4cJh2h" { 1 } else { 7 };
        for h in sample(&board, 0, step) {
            assert_eq!(t.counts(h).unwrap(), naive(&board, h), "{h} on {f}");
        }
    }
}

#[test]
fn paper_example_and_ehs_values() {
    let board = cards("3h4cJh");
    let t = RangeTable::new(&board).unwrap();
    let h: HoleCards = "AdQc".parse().unwrap();
    let k = t.counts(h).unwrap();
    assert_eq!((k.ahead, k.tied, k.behind), (628, 9, 444));
    assert_eq!(
        k.hp,
        [
            [449005, 3211, 169504],
            [0, 8370, 540],
            [91981, 1036, 346543]
        ]
    );
    assert!((t.hs(h).unwrap() - 0.585106).abs() < 1e-6);
    assert!((t.ppot(h).unwrap() - 0.208324).abs() < 1e-6);
    assert!((t.npot(h).unwrap() - 0.273693).abs() < 1e-6);
    assert!((t.ehs(h).unwrap() - 0.671539).abs() < 1e-6);
    assert!((t.ehs_at(h.index()) - 0.671539).abs() < 1e-6);
    let touching: HoleCards = "Jh2c".parse().unwrap();
    assert!(t.ehs(touching).is_none() && t.ehs_at(touching.index()).is_nan());
    let all = t.ehs_all();
    assert_eq!(all.len(), HOLDINGS);
    assert_eq!(all.iter().filter(|v| !v.is_nan()).count(), 1176);
}

fn weights(rule: &str) -> WeightTable {
    let mut w = [0.0; HOLDINGS];
    for (h, slot) in w.iter_mut().enumerate() {
        *slot = match rule {
            "uniform" => 1.0,
            "hash" => {
                let u = ((h as u64 * 2654435761) % (1u64 << 32)) as f64 / 4294967296.0;
                0.01 + 0.99 * u
            }
            "preflop" => {
                let hc = HoleCards::from_index(h).unwrap();
                let (a, b) = (hc.low(), hc.high());
                let ra = i64::from(a.rank().index()) + 2;
                let rb = i64::from(b.rank().index()) + 2;
                let (hi, lo) = (ra.max(rb), ra.min(rb));
                let score = hi + lo - (hi - lo).min(4)
                    + if hi == lo { 12 } else { 0 }
                    + if a.suit() == b.suit() { 2 } else { 0 };
                ((score - 8) as f64 / 24.0).clamp(0.01, 1.0)
            }
            _ => panic!("unknown rule {rule}"),
        };
    }
    WeightTable::from_weights(&w).unwrap()
}

fn close(a: f64, b: f64, what: &str) {
    let tol = 2e-6f64.max(1e-9 * b.abs());
    assert!((a - b).abs() <= tol, "{what}: {a} vs {b}");
}

struct Case {
    id: &'static str,
    hole: &'static str,
    board: &'static str,
    rule: &'static str,
    counts: [f64; 3],
    hs: f64,
    ppot: f64,
    npot: f64,
    hp: [[f64; 3]; 3],
    ehs: f64,
}

/// (id, hole, board, weight rule, [ahead, tied, behind], hs, ppot, npot, hp, ehs_n1) from public.json
const PUBLIC: &[Case] = &[
    Case {
        id: "P01",
        hole: "AdQc",
        board: "3h4cJh",
        rule: "uniform",
        counts: [628.0, 9.0, 444.0],
        hs: 0.585106,
        ppot: 0.208324,
        npot: 0.273693,
        hp: [
            [449005.0, 3211.0, 169504.0],
            [0.0, 8370.0, 540.0],
            [91981.0, 1036.0, 346543.0],
        ],
        ehs: 0.671539,
    },
    Case {
        id: "P02",
        hole: "5h2h",
        board: "3h4cJh",
        rule: "uniform",
        counts: [0.0, 9.0, 1072.0],
        hs: 0.004163,
        ppot: 0.596066,
        npot: 0.005051,
        hp: [
            [0.0, 0.0, 0.0],
            [3240.0, 5625.0, 45.0],
            [629616.0, 8025.0, 423639.0],
        ],
        ehs: 0.597748,
    },
    Case {
        id: "P03",
        hole: "7d9h",
        board: "Qc7h5d",
        rule: "hash",
        counts: [438.48661, 3.047646, 105.879934],
        hs: 0.803798,
        ppot: 0.174853,
        npot: 0.185355,
        hp: [
            [349322.218114, 8087.551674, 76691.974236],
            [0.0, 3003.6017, 13.567611],
            [17486.77821, 2210.524463, 85123.831792],
        ],
        ehs: 0.838104,
    },
    Case {
        id: "P04",
        hole: "2d5h",
        board: "3cTh2c",
        rule: "preflop",
        counts: [213.113333, 0.06, 109.081667],
        hs: 0.661412,
        ppot: 0.19252,
        npot: 0.283848,
        hp: [
            [150811.905, 550.68, 59619.615],
            [0.0, 58.5, 0.9],
            [20590.431667, 411.43, 86988.988333],
        ],
        ehs: 0.726597,
    },
    Case {
        id: "P05",
        hole: "9d6s",
        board: "9cAs5c",
        rule: "uniform",
        counts: [858.0, 6.0, 217.0],
        hs: 0.796485,
        ppot: 0.182374,
        npot: 0.184537,
        hp: [
            [685564.0, 13207.0, 150649.0],
            [0.0, 5850.0, 90.0],
            [33291.0, 12860.0, 168679.0],
        ],
        ehs: 0.833601,
    },
    Case {
        id: "P06",
        hole: "Td8c",
        board: "8hAh4h",
        rule: "hash",
        counts: [419.745443, 2.811588, 125.511335],
        hs: 0.768428,
        ppot: 0.140908,
        npot: 0.285583,
        hp: [
            [287545.952901, 18346.323682, 109655.712057],
            [0.0, 2299.236893, 484.235464],
            [14634.510629, 6140.591646, 103481.119634],
        ],
        ehs: 0.801059,
    },
    Case {
        id: "P07",
        hole: "2s4d",
        board: "4c6cKdTs",
        rule: "uniform",
        counts: [553.0, 22.0, 460.0],
        hs: 0.544928,
        ppot: 0.109535,
        npot: 0.163322,
        hp: [
            [20303.0, 0.0, 4029.0],
            [48.0, 872.0, 48.0],
            [1886.0, 720.0, 17634.0],
        ],
        ehs: 0.594774,
    },
    Case {
        id: "P08",
        hole: "8hJc",
        board: "6s7dQdQs",
        rule: "preflop",
        counts: [33.538333, 3.166667, 229.368333],
        hs: 0.132,
        ppot: 0.097121,
        npot: 0.209699,
        hp: [
            [1138.128333, 34.5, 303.058333],
            [0.0, 131.833333, 7.5],
            [950.453333, 72.958333, 9068.795],
        ],
        ehs: 0.216301,
    },
    Case {
        id: "P09",
        hole: "8cQc",
        board: "2s6d7hTs",
        rule: "hash",
        counts: [127.400716, 4.494186, 394.35084],
        hs: 0.246364,
        ppot: 0.171338,
        npot: 0.169064,
        hp: [
            [4604.177157, 77.467453, 923.986893],
            [0.0, 194.327381, 3.416818],
            [2918.255806, 143.302478, 14289.878675],
        ],
        ehs: 0.37549,
    },
];

#[test]
fn public_cases_through_the_rank_cache() {
    let fp = weights("preflop");
    assert!((fp.sum() - 358.893333).abs() < 1e-6);
    assert!((weights("hash").sum() - 669.042464).abs() < 1e-6);
    for c in PUBLIC {
        let board = cards(c.board);
        let cache = RankCache::new(&board).unwrap();
        let hole: HoleCards = c.hole.parse().unwrap();
        let w = weights(c.rule);
        let p = if board.len() == 3 {
            assert!(cache.potential1(hole, &w).is_err());
            cache.potential2(hole, &w).unwrap()
        } else {
            assert!(cache.potential2(hole, &w).is_err());
            cache.potential1(hole, &w).unwrap()
        };
        let id = c.id;
        close(p.ahead, c.counts[0], &format!("{id} ahead"));
        close(p.tied, c.counts[1], &format!("{id} tied"));
        close(p.behind, c.counts[2], &format!("{id} behind"));
        assert_eq!(p.hp_total, [p.ahead, p.tied, p.behind]);
        for i in 0..3 {
            for j in 0..3 {
                close(p.hp[i][j], c.hp[i][j], &format!("{id} hp[{i}][{j}]"));
            }
        }
        close(p.hs, c.hs, &format!("{id} hs"));
        close(p.ppot, c.ppot, &format!("{id} ppot"));
        close(p.npot, c.npot, &format!("{id} npot"));
        close(p.ehs(), c.ehs, &format!("{id} ehs"));
        if c.rule == "uniform" {
            let t = RangeTable::new(&board).unwrap();
            close(t.ehs(hole).unwrap(), c.ehs, &format!("{id} range ehs"));
        }
    }
}

#[test]
fn cache_with_uniform_weights_reproduces_the_table() {
    for f in ["9d2s9h", "5s4dKhAc"] {
        let board = cards(f);
        let t = RangeTable::with_rank_cache(&board).unwrap();
        let cache = t.rank_cache().unwrap();
        let u = WeightTable::uniform();
        for h in sample(&board, 1, 3) {
            let k = t.counts(h).unwrap();
            let p = cache.potential(h, &u).unwrap();
            assert_eq!(
                p.hp_total,
                [k.ahead, k.tied, k.behind].map(f64::from),
                "{h}"
            );
            assert_eq!(p.hp, k.hp.map(|r| r.map(f64::from)), "{h} on {f}");
            assert_eq!(p.ppot, t.ppot(h).unwrap());
        }
        assert!(cache.hand_counts("9d2c".parse().unwrap()).is_err() || f != "9d2s9h");
    }
    // a standalone cache equals the one filled by the table's pass
    let board = cards("JcQc8c");
    let a = RankCache::new(&board).unwrap();
    let t = RangeTable::with_rank_cache(&board).unwrap();
    let b = t.rank_cache().unwrap();
    for (ri, _) in a.runouts().iter().enumerate().step_by(97) {
        for h in (0..HOLDINGS).step_by(13) {
            assert_eq!(a.river_rank(ri, h), b.river_rank(ri, h));
        }
    }
}

#[test]
fn weighted_cache_equals_naive_weighted_loop() {
    let board = cards("8h9hTc");
    let cache = RankCache::new(&board).unwrap();
    let tables = [weights("hash"), weights("preflop")];
    for hole in ["AhKh", "7s6s", "TdTs"] {
        let hole: HoleCards = hole.parse().unwrap();
        let ps = cache.potentials(hole, &[&tables[0], &tables[1]]).unwrap();
        for (p, w) in ps.iter().zip(&tables) {
            let (total, hp) = naive_weighted(&board, hole, w);
            for i in 0..3 {
                close(p.hp_total[i], total[i], "total");
                for j in 0..3 {
                    close(p.hp[i][j], hp[i][j], "hp");
                }
            }
        }
    }
}

#[test]
fn errors_are_typed() {
    assert!(RangeTable::new(&cards("3h4c")).is_err());
    assert!(RangeTable::new(&cards("3h4cJh2c5c")).is_err());
    let c = cards("3h4c");
    assert!(RangeTable::new(&[c[0], c[1], c[0]]).is_err());
    let cache = RankCache::new(&cards("3h4cJh")).unwrap();
    let w = WeightTable::uniform();
    assert!(cache.potential("3h2c".parse().unwrap(), &w).is_err());
}

fn board_strategy() -> impl Strategy<Value = (Vec<u8>, Vec<usize>)> {
    (
        proptest::sample::subsequence((0u8..52).collect::<Vec<_>>(), 4).prop_shuffle(),
        proptest::bool::ANY,
        proptest::collection::vec(0usize..1128, 2),
    )
        .prop_map(|(b, turn, hs)| {
            let mut b = b;
            if !turn {
                b.truncate(3);
            }
            (b, hs)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10, .. ProptestConfig::default() })]
    #[test]
    fn range_table_equals_single_hand_loop((board, picks) in board_strategy()) {
        let board: Vec<Card> = board.iter().map(|&i| Card::from_index(i).unwrap()).collect();
        let t = RangeTable::new(&board).unwrap();
        let holdings = sample(&board, 0, 1);
        for p in picks {
            let h = holdings[p % holdings.len()];
            prop_assert_eq!(t.counts(h).unwrap(), naive(&board, h));
        }
    }
}

#[test]
fn rank_cache_equals_direct_evaluation() {
    for f in [
        "JcQc8c", "3h4cJh", "9h8h7h", "AhKhQh", "5d4d3d2d", "3h4cJh2h",
    ] {
        let board = cards(f);
        let bm = board.iter().fold(0u64, |m, c| m | 1 << c.index());
        let c = RankCache::new(&board).unwrap();
        let bh = Hand::EMPTY.with_all(&board);
        for (ri, &(a, b)) in c.runouts().iter().enumerate() {
            let rm = 1u64 << a | if b < 52 { 1u64 << b } else { 0 };
            let hr = bh.with_index(a).with_index(b);
            for h in HoleCards::all().skip(ri % 7).step_by(7) {
                let hm = h.set().bits();
                let want = if hm & bm != 0 || hm & rm != 0 {
                    None
                } else {
                    Some(hr.with(h.low()).with(h.high()).rank().value())
                };
                assert_eq!(c.river_rank(ri, h.index()), want, "{f} runout {ri} {h}");
            }
        }
        assert_eq!(c.river_rank(c.runouts().len(), 0), None);
        assert_eq!(c.river_rank(usize::MAX, 0), None);
        assert_eq!(c.river_rank(0, usize::MAX), None);
    }
}

#[test]
fn one_table_is_shared_across_threads() {
    let board = cards("Ks9d4c");
    let table = std::sync::Arc::new(RangeTable::with_rank_cache(&board).unwrap());
    let hole: HoleCards = "Th9h".parse().unwrap();
    let want = table.ehs(hole).unwrap();
    let handles: Vec<_> = (0..2)
        .map(|i| {
            let t = std::sync::Arc::clone(&table);
            std::thread::spawn(move || {
                let w = weights(if i == 0 { "uniform" } else { "hash" });
                let p = t.rank_cache().unwrap().potential2(hole, &w).unwrap();
                (t.ehs(hole).unwrap(), p, i)
            })
        })
        .collect();
    for h in handles {
        let (ehs, p, i) = h.join().unwrap();
        assert_eq!(ehs, want);
        if i == 0 {
            close(p.ehs(), want, "uniform cached ehs");
        }
    }
}
