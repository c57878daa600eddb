//! Showdown equity with every hole card known: each live player's expected share of the
//! pot if the rest of the board were dealt and nobody bet again (ties split). This is the
//! value function of loki's reduced estimator (ours: AIVAT leaves the value function to
//! the user, Burch et al. 2018 §4; a showdown-equity value is the simplest that knows
//! who is ahead). Exact from the flop on (every turn and river enumerated); before the
//! flop, a Monte-Carlo estimate over whole boards.
use loki_cards::{Card, CardSet, Hand, HoleCards, LokiRng};

/// Shares of one board completed: the winners split 1.
fn showdown(hands: &[Hand], board: Hand, shares: &mut [f64]) {
    let mut best = None;
    let mut winners = 0u32;
    let mut ranks = [Default::default(); 23];
    for (i, h) in hands.iter().enumerate() {
        let r = h.combine(board).rank();
        ranks[i] = r;
        match best {
            Some(b) if r < b => {}
            Some(b) if r == b => winners += 1,
            _ => {
                best = Some(r);
                winners = 1;
            }
        }
    }
    let share = 1.0 / f64::from(winners.max(1));
    for (i, s) in shares.iter_mut().enumerate() {
        if Some(ranks[i]) == best {
            *s += share;
        }
    }
}

/// The cards still in the deck: not in `dead`.
fn live_cards(dead: CardSet) -> Vec<Card> {
    dead.complement().iter().collect()
}

/// Each of `holes`' exact share over every completion of `board` (3 to 5 cards) from the
/// cards not in `dead` (`dead` holds every card dealt: all hole cards, folded ones too,
/// and the board). With no card to come, the showdown's split. `None` for a board of
/// fewer than three cards or more than 22 players.
pub fn exact(holes: &[HoleCards], board: &[Card], dead: CardSet) -> Option<Vec<f64>> {
    if !(3..=5).contains(&board.len()) || holes.len() > 22 {
        return None;
    }
    let hands: Vec<Hand> = holes.iter().map(|h| Hand::from_set(h.set())).collect();
    let b = Hand::default().with_all(board);
    let mut shares = vec![0.0; holes.len()];
    let deck = live_cards(dead);
    let count = match board.len() {
        5 => {
            showdown(&hands, b, &mut shares);
            1
        }
        4 => {
            for &c in &deck {
                showdown(&hands, b.with(c), &mut shares);
            }
            deck.len()
        }
        _ => {
            let mut k = 0;
            for (i, &c) in deck.iter().enumerate() {
                let bc = b.with(c);
                for &d in &deck[i + 1..] {
                    showdown(&hands, bc.with(d), &mut shares);
                    k += 1;
                }
            }
            k
        }
    };
    if count == 0 {
        return None;
    }
    let n = count as f64;
    Some(shares.into_iter().map(|s| s / n).collect())
}

/// Each of `holes`' share averaged over `samples` whole boards drawn uniformly from the
/// cards not in `dead`: an unbiased estimate of the pre-flop equity.
pub fn sampled(
    holes: &[HoleCards],
    dead: CardSet,
    samples: u32,
    rng: &mut LokiRng,
) -> Option<Vec<f64>> {
    if holes.len() > 22 || samples == 0 {
        return None;
    }
    let hands: Vec<Hand> = holes.iter().map(|h| Hand::from_set(h.set())).collect();
    let mut deck = live_cards(dead);
    if deck.len() < 5 {
        return None;
    }
    let mut shares = vec![0.0; holes.len()];
    for _ in 0..samples {
        // A partial Fisher-Yates shuffle: the first five cards are a uniform board.
        for i in 0..5 {
            let left = (deck.len() - i) as u32;
            let j = i + loki_cards::uniform_below(rng, left) as usize;
            deck.swap(i, j);
        }
        showdown(&hands, Hand::default().with_all(&deck[..5]), &mut shares);
    }
    let n = f64::from(samples);
    Some(shares.into_iter().map(|s| s / n).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use loki_cards::{parse_cards, rng_from_seed};

    fn hole(s: &str) -> HoleCards {
        s.parse().unwrap()
    }
    fn dead(holes: &[HoleCards], board: &[Card]) -> CardSet {
        let mut d: CardSet = board.iter().copied().collect();
        for h in holes {
            d = d.union(h.set());
        }
        d
    }

    #[test]
    fn river_showdown_and_split() {
        let holes = [hole("AsAd"), hole("KsKd")];
        let board = parse_cards("2c7h9dJcQh").unwrap();
        assert_eq!(
            exact(&holes, &board, dead(&holes, &board)),
            Some(vec![1.0, 0.0])
        );
        let holes = [hole("2s3d"), hole("2h3c")];
        let board = parse_cards("AcKhQdJs9c").unwrap();
        assert_eq!(
            exact(&holes, &board, dead(&holes, &board)),
            Some(vec![0.5, 0.5])
        );
    }

    #[test]
    fn turn_equity_counts_outs() {
        // Kings against aces with no flush or straight possible: two kings left of 44
        // cards (set over set is not possible: aces need one of two aces).
        let holes = [hole("AsAd"), hole("KsKd")];
        let board = parse_cards("2c7h9d3c").unwrap();
        let e = exact(&holes, &board, dead(&holes, &board)).unwrap();
        assert!((e[1] - 2.0 / 44.0).abs() < 1e-12, "{e:?}");
        assert!((e[0] + e[1] - 1.0).abs() < 1e-12);
    }

    #[test]
    fn flop_equity_is_the_mean_of_the_turn_equities() {
        // The identity the chance corrections rest on: E over the turn of the turn's
        // exact equity is the flop's exact equity.
        let holes = [hole("AhKh"), hole("QsQc"), hole("9d8d")];
        let board = parse_cards("Qh7h2d").unwrap();
        let d = dead(&holes, &board);
        let flop = exact(&holes, &board, d).unwrap();
        let mut mean = [0.0; 3];
        let cards: Vec<Card> = d.complement().iter().collect();
        for &c in &cards {
            let mut b = board.clone();
            b.push(c);
            let e = exact(&holes, &b, d.with(c)).unwrap();
            for i in 0..3 {
                mean[i] += e[i] / cards.len() as f64;
            }
        }
        for i in 0..3 {
            assert!((mean[i] - flop[i]).abs() < 1e-12, "{mean:?} {flop:?}");
        }
    }

    #[test]
    fn sampled_preflop_equity_is_close_to_the_known_value() {
        // AA against KK all-in pre-flop: about 81.9% (a standard figure: 0.8195 with
        // suits AsAd KcKh, within sampling error).
        let holes = [hole("AsAd"), hole("KcKh")];
        let e = sampled(&holes, dead(&holes, &[]), 20_000, &mut rng_from_seed(7)).unwrap();
        assert!((e[0] - 0.82).abs() < 0.01, "{e:?}");
        assert!((e[0] + e[1] - 1.0).abs() < 1e-9);
    }
}
