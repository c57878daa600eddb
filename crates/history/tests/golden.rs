//! Golden histories: the reference dealer's log lines replay and score as printed, our PHH
//! text for a heads-up hand is exact, and bad input gives an error naming the hand and
//! the line (never a panic).
#![allow(missing_docs)]
use loki_cards::{parse_cards, HoleCards};
use loki_engine::Position;
use loki_engine::{GameConfig, GameSpec, HandRecord, HandState, Phase};
use loki_history::{
    detect_format, format_state_line, format_value, read_acpc, read_history, read_phh, write_phh,
    write_phh_hand, Format, HistoryError,
};

fn acpc_game() -> GameSpec {
    // holdem.limit.2p.reverse_blinds / holdem.limit.3p: blinds 5/10, bets 10/20
    GameSpec {
        small_blind: 5,
        big_blind: 10,
        small_bet: 10,
        big_bet: 20,
        ..GameSpec::default()
    }
}

#[test]
fn reference_dealer_lines_replay_and_score() {
    let log = "# name/game/hands/seed m holdem.limit.2p.reverse_blinds.game 11 42\n\
               #--t_response 600000\n\
               STATE:0:crrrc/cc/cc/rc:7d3d|2hAc/5sKs7s/9s/6h:60|-60:Alice|Bob\n\
               STATE:10:rrf:3h4c|4d8d:20|-20:Alice|Bob\n";
    let hands = read_acpc(log.as_bytes(), &acpc_game()).unwrap();
    assert_eq!(hands.len(), 2);
    let a = hands[0].as_ref().unwrap();
    assert_eq!(a.record().unwrap().net, vec![60, -60]);
    assert_eq!(
        format_state_line(a.record().unwrap()),
        "STATE:0:crrrc/cc/cc/rc:7d3d|Ac2h/5sKs7s/9s/6h:60|-60:Alice|Bob"
    );
    let b = hands[1].as_ref().unwrap();
    assert_eq!(b.record().unwrap().net, vec![20, -20]);
    assert_eq!(
        b.record().unwrap().seats,
        [0, 1].map(loki_engine::Seat::new)
    ); // hand 10: (p + 10) mod 2
    let three = "STATE:0:frrc/rc/rc/rc:8dJd|Td4d|As9d/6s3d6c/2c/Qc:80|-80|0:Alice|Bob|Carol\n";
    let hands = read_acpc(three.as_bytes(), &acpc_game()).unwrap();
    assert_eq!(
        hands[0].as_ref().unwrap().record().unwrap().net,
        vec![80, -80, 0]
    );
    // a wrong value is reported
    let bad = "STATE:0:frrc/rc/rc/rc:8dJd|Td4d|As9d/6s3d6c/2c/Qc:70|-70|0:Alice|Bob|Carol\n";
    let e = read_acpc(bad.as_bytes(), &acpc_game()).unwrap()[0]
        .as_ref()
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("hand 0, line 1: values 70|-70|0 differ"),
        "{e}"
    );
}

#[test]
fn values_print_like_the_reference_dealer() {
    assert_eq!(format_value(60.0), "60");
    assert_eq!(format_value(-257.5), "-257.5");
    assert_eq!(format_value(27864.1666666666), "27864.166667");
    assert_eq!(format_value(1.0 / 3.0), "0.333333");
    assert_eq!(format_value(-0.0), "0");
}

#[test]
fn odd_chip_split_in_both_formats() {
    // 4 players, position 0 folds its small blind, three-way tie for a pot of 7
    let config = GameConfig::paper(4).unwrap();
    let mut s = HandState::new(&config).unwrap();
    for (p, h) in ["9c9d", "2c3c", "4d5d", "2h3h"].iter().enumerate() {
        s.deal_hole(Position::new(p), h.parse::<HoleCards>().unwrap())
            .unwrap();
    }
    let board = parse_cards("AsKdQhJcTs").unwrap();
    for a in "ccfc".chars() {
        s.apply(loki_engine::Action::from_acpc_char(a).unwrap())
            .unwrap();
    }
    let mut at = 0;
    while !s.is_complete() {
        match s.phase() {
            Phase::DealBoard(r) => {
                s.deal_board(&board[at..at + r.cards_dealt()]).unwrap();
                at += r.cards_dealt();
            }
            _ => {
                s.apply(loki_engine::Action::Call).unwrap();
            }
        }
    }
    let names = ["a", "b", "c", "d"].map(String::from).to_vec();
    let record = HandRecord::from_state(&s, names, 3).unwrap();
    assert_eq!(record.net, vec![-1, 1, 0, 0]);
    assert_eq!(
        format_state_line(&record),
        "STATE:3:ccfc/ccc/ccc/ccc:9d9c|3c2c|5d4d|3h2h/AsKdQh/Jc/Ts:-1|0.333333|0.333333|0.333333:a|b|c|d"
    );
    let mut phh = Vec::new();
    write_phh_hand(&mut phh, Some(1), &record).unwrap();
    let text = String::from_utf8(phh).unwrap();
    assert!(
        text.contains("finishing_stacks = [51, 53, 52, 52]"),
        "{text}"
    );
    // showdown order: no river bet, so from p1 (p2, p3, p4 are live)
    assert!(
        text.contains("\"p2 sm 3c2c\",\n  \"p3 sm 5d4d\",\n  \"p4 sm 3h2h\",\n]"),
        "{text}"
    );
    let back = read_phh(text.as_bytes()).unwrap();
    assert_eq!(
        back[0].as_ref().unwrap().record().unwrap().net,
        vec![-1, 1, 0, 0]
    );
}

const HEADS_UP: &str = r#"[1]
variant = "FT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [52, 52]
actions = [
  "d dh p1 8c3s",
  "d dh p2 7h4c",
  "p2 cbr 4",
  "p1 cc",
  "d db 4sAh7d",
  "p1 cc",
  "p2 cbr 2",
  "p1 cc",
  "d db Qc",
  "p1 cc",
  "p2 cbr 4",
  "p1 cc",
  "d db 3c",
  "p1 cc",
  "p2 cbr 4",
  "p1 cc",
  "p2 sm 7h4c",
  "p1 sm 8c3s",
]
hand = 1
seats = [1, 2]
players = ["call", "raise"]
finishing_stacks = [38, 66]
"#;

#[test]
fn heads_up_phh_is_exact() {
    // PHH reverses the blinds heads-up: p1 (position 0) posts the big blind
    let hands = read_phh(HEADS_UP.as_bytes()).unwrap();
    let h = hands[0].as_ref().unwrap();
    assert_eq!(h.record().unwrap().net, vec![-14, 14]);
    let mut out = Vec::new();
    write_phh_hand(&mut out, Some(1), h.record().unwrap()).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), HEADS_UP);
}

#[test]
fn phh_numbers_hands_from_one() {
    // `hand = 1` is the engine's first hand (0, as in ACPC logs), `hand = 18` its 17th.
    let first = read_phh(HEADS_UP.as_bytes()).unwrap();
    assert_eq!(first[0].as_ref().unwrap().record().unwrap().hand_number, 0);
    let later = HEADS_UP.replace("hand = 1\n", "hand = 18\n");
    let later = read_phh(later.as_bytes()).unwrap();
    assert_eq!(later[0].as_ref().unwrap().record().unwrap().hand_number, 17);
    // Without `hand`, the first.
    let none = HEADS_UP.replace("hand = 1\n", "");
    let none = read_phh(none.as_bytes()).unwrap();
    assert_eq!(none[0].as_ref().unwrap().record().unwrap().hand_number, 0);
    // The ACPC log's hand 0 is PHH's hand 1, and back.
    let log = "STATE:0:crrrc/cc/cc/rc:7d3d|2hAc/5sKs7s/9s/6h:60|-60:Alice|Bob\n\
               STATE:9:rrf:3h4c|4d8d:20|-20:Alice|Bob\n";
    let hands = read_acpc(log.as_bytes(), &acpc_game()).unwrap();
    let records: Vec<HandRecord> = hands
        .iter()
        .map(|h| h.as_ref().unwrap().record().unwrap().clone())
        .collect();
    let mut phh = Vec::new();
    write_phh(&mut phh, &records).unwrap();
    let phh = String::from_utf8(phh).unwrap();
    let numbers: Vec<&str> = phh.lines().filter(|l| l.starts_with("hand = ")).collect();
    assert_eq!(numbers, ["hand = 1", "hand = 10"]);
    let again = read_phh(phh.as_bytes()).unwrap();
    let lines: Vec<String> = again
        .iter()
        .map(|h| format_state_line(h.as_ref().unwrap().record().unwrap()))
        .collect();
    assert!(
        lines[0].starts_with("STATE:0:") && lines[1].starts_with("STATE:9:"),
        "{lines:?}"
    );
    // `hand = 0` (as older loki wrote) and below are refused, with the line.
    for h in ["0", "-3"] {
        let e = bad(&HEADS_UP.replace("hand = 1\n", &format!("hand = {h}\n")));
        assert_eq!(
            e,
            format!("hand [1], line 28: `hand = {h}`: PHH numbers hands from 1 (older loki wrote the first as 0: add 1 to each `hand`)")
        );
    }
}

fn bad(text: &str) -> String {
    let (_, hands) = read_history(text.as_bytes(), &GameSpec::default()).unwrap();
    hands
        .into_iter()
        .find_map(|h| h.err())
        .map(|e| e.to_string())
        .unwrap_or_default()
}

#[test]
fn bad_histories_name_the_hand_and_the_line() {
    // p1 acts out of turn at line 11
    let e = bad(&HEADS_UP.replace(
        "\"p2 cbr 4\",\n  \"p1 cc\",\n  \"d db 4sAh7d\"",
        "\"p1 cc\",\n  \"p2 cbr 4\",\n  \"d db 4sAh7d\"",
    ));
    assert_eq!(e, "hand [1], line 11: p1 acts but p2 is to act");
    // a duplicate card
    let e = bad(&HEADS_UP.replace("d db 4sAh7d", "d db 4s8c7d"));
    assert_eq!(e, "hand [1], line 13: duplicate card 8c");
    // an impossible stack
    let e = bad(&HEADS_UP.replace("starting_stacks = [52, 52]", "starting_stacks = [0, 52]"));
    assert_eq!(e, "hand [1], line 7: impossible stack 0");
    // finishing stacks that do not add up
    let e = bad(&HEADS_UP.replace("[38, 66]", "[40, 64]"));
    assert!(
        e.starts_with("hand [1], line 31: finishing stacks [40, 64] differ"),
        "{e}"
    );
    // a raise to a wrong amount
    let e = bad(&HEADS_UP.replace("p2 cbr 2", "p2 cbr 3"));
    assert_eq!(
        e,
        "hand [1], line 15: raise to 3, but the limit raise is to 2"
    );
    // a fifth raise pre-flop (PokerKit's FT cap: four, the blinds not counted)
    let capped = HEADS_UP.replace(
        "  \"p2 cbr 4\",\n  \"p1 cc\",\n  \"d db 4sAh7d\"",
        "  \"p2 cbr 4\",\n  \"p1 cbr 6\",\n  \"p2 cbr 8\",\n  \"p1 cbr 10\",\n  \"p2 cbr 12\",\n  \"p1 cc\",\n  \"d db 4sAh7d\"",
    );
    let e = bad(&capped);
    assert_eq!(
        e,
        "hand [1], line 15: a 5th bet or raise on a street (PokerKit's FT cap is 4)"
    );
    // bad TOML
    let e = bad("[1]\nvariant = \"FT\"\nantes = [0, 0\n");
    assert!(e.starts_with("hand [1], line 3: bad TOML"), "{e}");
    // an ACPC line with a bad card
    let e = bad("STATE:0:cc:7d3x|2hAc:0|0:a|b\n");
    assert!(e.starts_with("hand 0, line 1: bad cards"), "{e}");
    // an ACPC line that ends too early
    let e = bad("STATE:4:c:7d3d|2hAc:0|0:a|b\n");
    assert_eq!(
        e,
        "hand 4, line 1: the hand is incomplete: p1 has not acted"
    );
    // unknown format
    assert!(matches!(
        detect_format("hello world\n"),
        Err(HistoryError::UnknownFormat)
    ));
    assert!(matches!(
        read_history("garbage".as_bytes(), &GameSpec::default()),
        Err(HistoryError::UnknownFormat)
    ));
    assert_eq!(detect_format(HEADS_UP).unwrap(), Format::Phh);
    // nothing to read
    assert!(matches!(detect_format(""), Err(HistoryError::Empty)));
    assert!(matches!(
        detect_format("\n  \n# a comment\n"),
        Err(HistoryError::Empty)
    ));
}

#[test]
fn all_in_hands_show_when_the_betting_ends() {
    // heads-up, position 0 (the big blind, p1) has 3 chips: p2 raises to 4, p1 calls
    // all-in; PokerKit 0.7.7 expects the shows at once (last raiser first), then the board.
    let config = GameConfig::new(GameSpec {
        seats: 2,
        stacks: Some(vec![3, 50]),
        ..GameSpec::default()
    })
    .unwrap();
    let mut s = HandState::new(&config).unwrap();
    s.deal_hole(Position::new(0), "2c2d".parse().unwrap())
        .unwrap();
    s.deal_hole(Position::new(1), "AhKh".parse().unwrap())
        .unwrap();
    s.apply(loki_engine::Action::Raise).unwrap();
    s.apply(loki_engine::Action::Call).unwrap();
    let board = parse_cards("3s4s5s9dTd").unwrap();
    s.deal_board(&board[..3]).unwrap();
    s.deal_board(&board[3..4]).unwrap();
    s.deal_board(&board[4..]).unwrap();
    let record = HandRecord::from_state(&s, vec!["a".into(), "b".into()], 0).unwrap();
    let mut out = Vec::new();
    write_phh_hand(&mut out, None, &record).unwrap();
    let text = String::from_utf8(out).unwrap();
    let want = "actions = [\n  \"d dh p1 2d2c\",\n  \"d dh p2 AhKh\",\n  \"p2 cbr 4\",\n  \"p1 cc\",\n  \"p2 sm AhKh\",\n  \"p1 sm 2d2c\",\n  \"d db 3s4s5s\",\n  \"d db 9d\",\n  \"d db Td\",\n]\n";
    assert!(text.contains(want), "{text}");
    assert!(text.contains("finishing_stacks = [6, 47]"), "{text}");
    let back = read_phh(text.as_bytes()).unwrap();
    assert_eq!(back[0].as_ref().unwrap().record().unwrap().net, vec![3, -3]);
}

#[test]
fn phh_reads_what_pokerkit_replays() {
    // PokerKit's FT cap is 4 bets and raises on a street, the blinds not counted, and a
    // fold when checking is free is only a warning in its cash-game mode: the IRC
    // database has both.
    let hand = |preflop: &str| {
        format!(
            r#"variant = "FT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 AcKc",
  "d dh p2 7h4c",
  "d dh p3 9s9d",
  {preflop}
  "d db 4sAh7d",
  "p1 f",
  "p2 cbr 2",
  "p3 cbr 4",
  "p2 cbr 6",
  "p3 cbr 8",
  "p2 cc",
  "d db Qc",
  "p2 cc",
  "p3 cc",
  "d db 3c",
  "p2 cc",
  "p3 cc",
  "p2 sm 7h4c",
  "p3 sm 9s9d",
]
"#
        )
    };
    let four = r#""p3 cbr 4", "p1 cbr 6", "p2 cbr 8", "p3 cbr 10", "p1 cc", "p2 cc","#;
    let (_, hands) = read_history(hand(four).as_bytes(), &GameSpec::default()).unwrap();
    let r = hands[0].as_ref().unwrap().record().unwrap().clone();
    // p1 folds on the flop where checking was free; p2's two pair beats p3's nines
    assert_eq!(r.net, vec![-10, 28, -18]);
    let five = r#""p3 cbr 4", "p1 cbr 6", "p2 cbr 8", "p3 cbr 10", "p1 cbr 12", "p2 cc", "p3 cc","#;
    let e = bad(&hand(five));
    assert!(e.contains("a 5th bet or raise on a street"), "{e}");
}
