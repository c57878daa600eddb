//! The Loki players at a real table: every action legal, traces filled, deterministic.
#![allow(missing_docs)]
use loki_bot::{Knowledge, LokiConfig, LokiPlayer, PlayerKind, Style};
use loki_engine::{play_hand_seated, Deal, GameConfig, Player};
use std::sync::Arc;

fn players(know: &Arc<Knowledge>, kinds: &[PlayerKind], seed: u64) -> Vec<LokiPlayer> {
    kinds
        .iter()
        .enumerate()
        .map(|(i, k)| {
            LokiPlayer::new(
                format!("{}-{i}", k.name()),
                Style::of(*k, &know.config),
                know.clone(),
                seed + i as u64,
            )
        })
        .collect()
}

fn play(kinds: &[PlayerKind], hands: u64, seed: u64) -> (Vec<i64>, Vec<LokiPlayer>) {
    let know = Knowledge::new(LokiConfig::default()).unwrap();
    let n = kinds.len();
    let config = GameConfig::limit(n, 1, 2, 2, 4).unwrap();
    let mut ps = players(&know, kinds, seed);
    let mut total = vec![0i64; n];
    for h in 0..hands {
        let deal = loki_sim_free_deal(seed, h, n);
        let seats: Vec<usize> = (0..n).map(|p| (p + h as usize) % n).collect();
        let mut slots: Vec<Option<&mut LokiPlayer>> = ps.iter_mut().map(Some).collect();
        let mut by_pos: Vec<&mut dyn Player> = Vec::new();
        for &s in &seats {
            by_pos.push(slots[s].take().unwrap());
        }
        let r = play_hand_seated(&config, &mut by_pos, &deal, &seats).expect("legal play");
        for (p, &s) in seats.iter().enumerate() {
            total[s] += r.net[p];
        }
        know.boards.clear();
    }
    (total, ps)
}

fn loki_sim_free_deal(seed: u64, h: u64, n: usize) -> Deal {
    let mut deck = loki_cards::Deck::from_seed(seed.wrapping_mul(1_000_003).wrapping_add(h));
    Deal::from_deck(n, &mut deck).unwrap()
}

#[test]
fn all_kinds_play_legally_and_deterministically() {
    let kinds = PlayerKind::ALL;
    let (a, ps) = play(&kinds, 40, 5);
    assert_eq!(a.iter().sum::<i64>(), 0);
    let (b, _) = play(&kinds, 40, 5);
    assert_eq!(a, b, "same seed, same result");
    // Somebody made a post-flop decision with a full trace.
    let traced = ps
        .iter()
        .filter_map(|p| p.last_trace())
        .any(|t| t.assessment.is_some());
    assert!(traced);
}

#[test]
fn som_learns_statistics_across_hands() {
    let kinds = [
        PlayerKind::Som,
        PlayerKind::Bpm,
        PlayerKind::Bpl,
        PlayerKind::Bpt,
    ];
    let (_, ps) = play(&kinds, 60, 11);
    let som = &ps[0];
    let seen: u32 = (1..4)
        .filter_map(|s| som.model(s))
        .map(|m| m.stats.total())
        .sum();
    assert!(seen > 100, "{seen}");
}

#[test]
fn saved_state_resumes_exactly() {
    // Play 30 hands, save, play 20 more; versus restore into fresh players and play the 20.
    let kinds = [PlayerKind::Loki2, PlayerKind::Som, PlayerKind::Gom];
    let know = Knowledge::new(LokiConfig::default()).unwrap();
    let config = GameConfig::limit(3, 1, 2, 2, 4).unwrap();
    let run = |ps: &mut Vec<LokiPlayer>, from: u64, to: u64| -> Vec<i64> {
        let mut out = Vec::new();
        for h in from..to {
            let deal = loki_sim_free_deal(3, h, 3);
            let seats: Vec<usize> = (0..3).map(|p| (p + h as usize) % 3).collect();
            let mut slots: Vec<Option<&mut LokiPlayer>> = ps.iter_mut().map(Some).collect();
            let mut by_pos: Vec<&mut dyn Player> = Vec::new();
            for &s in &seats {
                by_pos.push(slots[s].take().unwrap());
            }
            out.extend(
                play_hand_seated(&config, &mut by_pos, &deal, &seats)
                    .unwrap()
                    .net,
            );
        }
        out
    };
    let mut a = players(&know, &kinds, 1);
    run(&mut a, 0, 30);
    let saved: Vec<String> = a.iter().map(|p| p.save_state().unwrap()).collect();
    let cont = run(&mut a, 30, 50);
    let mut b = players(&know, &kinds, 999);
    for (p, s) in b.iter_mut().zip(&saved) {
        p.load_state(s).unwrap();
    }
    assert_eq!(run(&mut b, 30, 50), cont);
    assert!(b[0].load_state("not json").is_err());
}
