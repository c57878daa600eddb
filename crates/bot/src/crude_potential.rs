//! The crude positive potential PPOT_c (Papp 1998 §7.2.3): "crude because it ignores
//! much of the available information (such as weight arrays) and looks for a few
//! features about the hand, using heuristics to associate a value to each". POKI's
//! simulations use it where an exact potential would cost a range table per sampled
//! board: the in-trial strength of a holding on a sampled flop or turn.
//!
//! The features (Papp's flush rule; the straight rule and the conversion to a
//! probability are **ours**, the thesis gives no more):
//!
//! * a four-card flush draw with at most two of its suit on the board: 9 outs, one out
//!   per card; with three of its suit on the board each of the 9 cards is worth 0.5 to 1
//!   out by the rank of our suited hole card (a Two 0.5, an Ace 1: "we are more likely to
//!   be up against other diamond flush draws");
//! * a straight draw: every rank that would complete a straight using a hole card (and
//!   that the board alone would not), each of its unseen cards one out, except the cards
//!   already counted for the flush;
//! * no outs for a hand that already has a straight or better of that kind.
//!
//! With `o` outs among `n` unseen cards, one card to come gives `o / n`; two cards to
//! come (a flop) `1 - (1 - o / n) (1 - o / (n - 1))`, as "PPot2" counts a draw that
//! gets there on either card. On a river there is nothing to come.
use loki_cards::{Card, HoleCards};

/// The straights as 13-bit rank masks (Two = bit 0, Ace = bit 12): the wheel (the Ace as
/// low card), then six high to Ace high.
const STRAIGHTS: [u16; 10] = [
    0b1_0000_0000_1111,
    0b1_1111,
    0b11_1110,
    0b111_1100,
    0b1111_1000,
    0b1_1111_0000,
    0b11_1110_0000,
    0b111_1100_0000,
    0b1111_1000_0000,
    0b1_1111_0000_0000,
];

fn has_straight(ranks: u16) -> bool {
    for s in STRAIGHTS {
        if ranks & s == s {
            return true;
        }
    }
    false
}

/// The crude potential of `hole` on `board` to the river (3 or 4 cards; 0 on any other
/// board): see the module docs.
pub fn crude_potential(hole: HoleCards, board: &[Card]) -> f64 {
    let (outs, unseen) = match board.len() {
        3 | 4 => crude_outs(hole, board),
        _ => return 0.0,
    };
    let p1 = (outs / unseen).min(1.0);
    if board.len() == 4 {
        p1
    } else {
        let p2 = (outs / (unseen - 1.0)).min(1.0);
        1.0 - (1.0 - p1) * (1.0 - p2)
    }
}

/// The crude potential of the next card alone (PPot1's counterpart: "the next card wins
/// it"): `outs / unseen` on a flop or turn, 0 otherwise.
pub fn crude_potential_next(hole: HoleCards, board: &[Card]) -> f64 {
    match board.len() {
        3 | 4 => {
            let (outs, unseen) = crude_outs(hole, board);
            (outs / unseen).min(1.0)
        }
        _ => 0.0,
    }
}

/// The outs of `hole` on `board` and the number of unseen cards.
fn crude_outs(hole: HoleCards, board: &[Card]) -> (f64, f64) {
    let hole_cards = hole.cards();
    let mut suit_count = [0u8; 4];
    let mut board_suit = [0u8; 4];
    let mut ranks_all = 0u16;
    let mut ranks_board = 0u16;
    let mut seen = 0u64;
    for c in hole_cards.iter().chain(board) {
        suit_count[usize::from(c.suit().index())] += 1;
        ranks_all |= 1 << c.rank().index();
        seen |= 1 << c.index();
    }
    for c in board {
        board_suit[usize::from(c.suit().index())] += 1;
        ranks_board |= 1 << c.rank().index();
    }
    let unseen = 52.0 - (2 + board.len()) as f64;
    let mut outs = 0.0f64;
    // Flush draws.
    let mut flush_suit = None;
    for s in 0..4 {
        if suit_count[s] == 4 && board_suit[s] < 4 {
            flush_suit = Some(s as u8);
            let per_card = if board_suit[s] >= 3 {
                let suited = hole_cards
                    .iter()
                    .filter(|c| usize::from(c.suit().index()) == s)
                    .map(|c| c.rank().index())
                    .max()
                    .unwrap_or(0);
                0.5 + 0.5 * f64::from(suited) / 12.0
            } else {
                1.0
            };
            outs += 9.0 * per_card;
        }
    }
    // Straight draws (no straight yet).
    if !has_straight(ranks_all) {
        for r in 0..13u8 {
            let bit = 1u16 << r;
            if ranks_all & bit != 0 {
                continue;
            }
            if has_straight(ranks_all | bit) && !has_straight(ranks_board | bit) {
                for s in 0..4u8 {
                    let card = r * 4 + s;
                    if seen & (1 << card) == 0 && Some(s) != flush_suit {
                        outs += 1.0;
                    }
                }
            }
        }
    }
    (outs, unseen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use loki_assess::RangeTable;
    use loki_cards::parse_cards;

    fn pc(hole: &str, board: &str) -> f64 {
        crude_potential(hole.parse().unwrap(), &parse_cards(board).unwrap())
    }

    #[test]
    fn papp_flush_rules() {
        // Two diamonds on the board, two in the hand: 9 outs of 46 on the turn.
        assert!((pc("AdKd", "2d7dJc9s") - 9.0 / 46.0).abs() < 1e-12);
        // Three on the board: worth 1 each with the Ace, 0.5 each with a Two.
        assert!((pc("AdKc", "2d7dJd9s") - 9.0 / 46.0).abs() < 1e-12);
        assert!((pc("2dKc", "3d7dJd9s") - 4.5 / 46.0).abs() < 1e-12);
        // A made flush or four of a suit on the board: no flush outs.
        assert_eq!(pc("AdKd", "2d7dJd9s"), 0.0);
        assert_eq!(pc("3c9c", "2d7dJdKd"), 0.0);
        // On the river nothing comes; on the flop two cards do.
        assert_eq!(pc("AdKd", "2d7dJc9s4h"), 0.0);
        let flop = pc("AdKd", "2d7dJc");
        assert!((flop - (1.0 - (1.0 - 9.0 / 47.0) * (1.0 - 9.0 / 46.0))).abs() < 1e-12);
        let next = crude_potential_next("AdKd".parse().unwrap(), &parse_cards("2d7dJc").unwrap());
        assert!((next - 9.0 / 47.0).abs() < 1e-12);
    }

    #[test]
    fn straight_draws() {
        // Open-ended 8-9 on 6-7-K: a Five or a Ten, 8 outs.
        assert!((pc("8c9d", "6h7sKdQc") - 8.0 / 46.0).abs() < 1e-12);
        // A gutshot: 4 outs. A straight on the board alone is no out of ours.
        assert!((pc("8c9d", "5h7sKdQc") - 4.0 / 46.0).abs() < 1e-12);
        assert_eq!(pc("2c2d", "9hTsJdQc"), 0.0);
        // A made straight has no straight outs.
        assert_eq!(pc("8c9d", "6h7sTdQc"), 0.0);
        // A wheel draw: A-2-3-4 needs a Five.
        assert!((pc("Ac2d", "3h4sKdQc") - 4.0 / 46.0).abs() < 1e-12);
        // Flush and straight outs are not counted twice: 9 + 8 - 2.
        assert!((pc("8d9d", "6d7dKcQs") - 15.0 / 46.0).abs() < 1e-12);
    }

    #[test]
    fn draws_rank_like_the_exact_potential() {
        // On the paper's turn 3h 4c Jh 2c, the crude value orders strong draws above
        // hands without one, as the exact PPot1 does.
        let board = parse_cards("3h4cJh2c").unwrap();
        let table = RangeTable::new(&board).unwrap();
        let exact = |h: &str| table.ppot(h.parse().unwrap()).unwrap();
        for (draw, none) in [("AhKh", "KdQs"), ("6s7s", "9s9d"), ("Ah9h", "9s9d")] {
            assert!(pc(draw, "3h4cJh2c") > pc(none, "3h4cJh2c"), "{draw} {none}");
            assert!(exact(draw) > exact(none), "{draw} {none}");
        }
    }
}
