//! Hands named as players say them: "pair of jacks", "two pair, jacks and fours", "full
//! house, kings full of fours", "straight, ten high", "ace high"; and, between two hands
//! of the same name, the card that decides ("pair of jacks, ace kicker"). Built from the
//! evaluator's best five cards (`loki_cards::best_five`, ordered as players read them:
//! larger groups first, then higher ranks; the wheel 5-4-3-2-A).
use loki_cards::{best_five, Card, HandCategory, Rank};

/// The rank's name: "ace", "ten", "deuce" is "two".
pub fn rank_name(r: Rank) -> &'static str {
    match r {
        Rank::Two => "two",
        Rank::Three => "three",
        Rank::Four => "four",
        Rank::Five => "five",
        Rank::Six => "six",
        Rank::Seven => "seven",
        Rank::Eight => "eight",
        Rank::Nine => "nine",
        Rank::Ten => "ten",
        Rank::Jack => "jack",
        Rank::Queen => "queen",
        Rank::King => "king",
        Rank::Ace => "ace",
    }
}

/// The plural: "sixes", "aces".
pub fn rank_plural(r: Rank) -> String {
    match r {
        Rank::Six => "sixes".into(),
        _ => format!("{}s", rank_name(r)),
    }
}

/// The best hand of 5 to 7 cards and its name, or `None` for another number of cards.
pub fn name_of(cards: &[Card]) -> Option<([Card; 5], String)> {
    let (five, rank) = best_five(cards)?;
    let r: Vec<Rank> = five.iter().map(|c| c.rank()).collect();
    let name = match rank.category()? {
        HandCategory::HighCard => format!("{} high", rank_name(r[0])),
        HandCategory::Pair => format!("pair of {}", rank_plural(r[0])),
        HandCategory::TwoPair => {
            format!("two pair, {} and {}", rank_plural(r[0]), rank_plural(r[2]))
        }
        HandCategory::ThreeOfAKind => format!("three of a kind, {}", rank_plural(r[0])),
        HandCategory::Straight => format!("straight, {} high", rank_name(r[0])),
        HandCategory::Flush => format!("flush, {} high", rank_name(r[0])),
        HandCategory::FullHouse => format!(
            "full house, {} full of {}",
            rank_plural(r[0]),
            rank_plural(r[3])
        ),
        HandCategory::FourOfAKind => format!("four of a kind, {}", rank_plural(r[0])),
        HandCategory::StraightFlush if r[0] == Rank::Ace => "royal flush".into(),
        HandCategory::StraightFlush => format!("straight flush, {} high", rank_name(r[0])),
    };
    Some((five, name))
}

/// The name of `winner`'s best hand, with the deciding card when a beaten hand has the
/// same name ("pair of jacks, ace kicker"); both are 5 to 7 cards.
pub fn name_against(winner: &[Card], beaten: &[&[Card]]) -> Option<String> {
    let (five, name) = name_of(winner)?;
    // The latest card, in reading order, that decides against some beaten hand.
    let mut decisive: Option<usize> = None;
    for other in beaten {
        let Some((theirs, their_name)) = name_of(other) else {
            continue;
        };
        if their_name != name {
            continue;
        }
        // The first card, in reading order, where the two hands differ decides.
        if let Some(i) = (0..5).find(|&i| five[i].rank() != theirs[i].rank()) {
            decisive = Some(decisive.map_or(i, |d| d.max(i)));
        }
    }
    Some(match decisive {
        Some(i) => format!("{name}, {} kicker", rank_name(five[i].rank())),
        None => name,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use loki_cards::parse_cards;

    fn name(s: &str) -> String {
        name_of(&parse_cards(s).unwrap()).unwrap().1
    }

    #[test]
    fn every_category_is_named_with_its_ranks() {
        for (cards, expect) in [
            ("AsJd9c7h4s3d2c", "ace high"),
            ("JsJd9c7h4s3d2c", "pair of jacks"),
            ("JsJd4c4h9s3d2c", "two pair, jacks and fours"),
            ("JsJd4c4h9s9d2c", "two pair, jacks and nines"),
            ("7s7d7c4hAs3d2c", "three of a kind, sevens"),
            ("6s6d6cKh2s", "three of a kind, sixes"),
            ("Ts9d8c7h6s3d2c", "straight, ten high"),
            ("As2d3c4h5sKdKc", "straight, five high"),
            ("AhJh9h7h4h3d2c", "flush, ace high"),
            ("KsKdKc4h4s3d2c", "full house, kings full of fours"),
            ("4s4d4cKhKs3d2c", "full house, fours full of kings"),
            ("9s9d9c9hAs3d2c", "four of a kind, nines"),
            ("9h8h7h6h5hAsAd", "straight flush, nine high"),
            ("AhKhQhJhTh2c3d", "royal flush"),
        ] {
            assert_eq!(name(cards), expect, "{cards}");
        }
        assert!(name_of(&parse_cards("AsKs").unwrap()).is_none());
    }

    #[test]
    fn the_kicker_is_named_only_when_it_decides() {
        let board = "Js4d9c7h2s";
        let a = parse_cards(&format!("{board}JdAc")).unwrap();
        let b = parse_cards(&format!("{board}JcKc")).unwrap();
        let c = parse_cards(&format!("{board}9dKh")).unwrap();
        assert_eq!(
            name_against(&a, &[b.as_slice()]).unwrap(),
            "pair of jacks, ace kicker"
        );
        // Against another name: no kicker.
        assert_eq!(name_against(&a, &[c.as_slice()]).unwrap(), "pair of jacks");
        // Against two hands of the same name, the card that beats both.
        let a9 = parse_cards("JsJd9c7h2sAc8d").unwrap();
        let d8 = parse_cards("JsJh9c7h2sAd6d").unwrap();
        assert_eq!(
            name_against(&a9, &[b.as_slice(), d8.as_slice()]).unwrap(),
            "pair of jacks, eight kicker"
        );

        // Two pair decided by the second pair, and by the fifth card.
        let board = "KsKd5c3h2s";
        let x = parse_cards(&format!("{board}QdQh")).unwrap();
        let y = parse_cards(&format!("{board}JdJh")).unwrap();
        assert_eq!(
            name_against(&x, &[y.as_slice()]).unwrap(),
            "two pair, kings and queens"
        );
        let board = "KsKd5c5h2s";
        let x = parse_cards(&format!("{board}AdQh")).unwrap();
        let y = parse_cards(&format!("{board}QdJh")).unwrap();
        assert_eq!(
            name_against(&x, &[y.as_slice()]).unwrap(),
            "two pair, kings and fives, ace kicker"
        );
    }
}
