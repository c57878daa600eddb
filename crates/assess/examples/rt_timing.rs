#![allow(missing_docs)]
use loki_assess::{RangeTable, RankCache, WeightTable};
use loki_cards::{parse_cards, HoleCards};
fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let board = parse_cards(&a[1]).unwrap();
    let n: usize = a[2].parse().unwrap();
    match a[0].as_str() {
        "table" => {
            for _ in 0..n {
                std::hint::black_box(RangeTable::new(&board).unwrap());
            }
        }
        "cache" => {
            for _ in 0..n {
                std::hint::black_box(RangeTable::with_rank_cache(&board).unwrap());
            }
        }
        "pot" | "pot10" => {
            let cache = RankCache::new(&board).unwrap();
            let h: HoleCards = "AdQc".parse().unwrap();
            let ts: Vec<WeightTable> = (0..10)
                .map(|i| WeightTable::filled(0.1 * i as f64))
                .collect();
            let refs: Vec<&WeightTable> = ts.iter().collect();
            let t0 = std::time::Instant::now();
            for _ in 0..n {
                if a[0] == "pot" {
                    std::hint::black_box(cache.potential(h, &ts[5]).unwrap());
                } else {
                    std::hint::black_box(cache.potentials(h, &refs).unwrap());
                }
            }
            eprintln!(
                "wall per call {:.1} us",
                t0.elapsed().as_secs_f64() * 1e6 / n as f64
            );
        }
        "naive" => {
            let h: HoleCards = "AdQc".parse().unwrap();
            for _ in 0..n {
                let bh = loki_cards::Hand::EMPTY.with_all(&board);
                let dead = board.iter().fold(h.set().bits(), |m, c| m | 1 << c.index());
                let ours = bh.with(h.low()).with(h.high());
                let mut hp = [[0u32; 3]; 3];
                for o in HoleCards::all() {
                    let om = o.set().bits();
                    if om & dead != 0 {
                        continue;
                    }
                    let th = bh.with(o.low()).with(o.high());
                    let now = (1 - ours.rank().cmp(&th.rank()) as i32) as usize;
                    for t in 0..52u8 {
                        if (dead | om) >> t & 1 == 1 {
                            continue;
                        }
                        for r in t + 1..52u8 {
                            if (dead | om) >> r & 1 == 1 {
                                continue;
                            }
                            let f = 1 - ours
                                .with_index(t)
                                .with_index(r)
                                .rank()
                                .cmp(&th.with_index(t).with_index(r).rank())
                                as i32;
                            hp[now][f as usize] += 1;
                        }
                    }
                }
                std::hint::black_box(hp);
            }
        }
        _ => {}
    }
}
