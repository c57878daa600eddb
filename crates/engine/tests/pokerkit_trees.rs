//! The engine against PokerKit 0.7.7, decision by decision: `tests/data/pokerkit_trees.txt`
//! (written by `scripts/pokerkit_trees.py`) holds every betting sequence of hand-picked
//! short-stack games in their first betting rounds and one random hand of each of 800
//! random short-stack games, with PokerKit's position to act, legal actions and finishing
//! stacks. At every decision the engine must have the same round, position to act and
//! legal actions (fold, check/call, bet/raise), and at the end the same finishing stacks:
//! short all-ins reopen the betting exactly where PokerKit's do.
#![allow(missing_docs)]
use loki_cards::{parse_cards, Card, HoleCards};
use loki_engine::Position;
use loki_engine::{Action, GameConfig, GameSpec, HandState, Phase};

const DATA: &str = include_str!("data/pokerkit_trees.txt");

struct Game {
    header: String,
    config: GameConfig,
    holes: Vec<HoleCards>,
    board: Vec<Card>,
    tokens: Vec<String>,
}

fn pair(s: &str) -> (i64, i64) {
    let (a, b) = s.split_once(',').unwrap();
    (a.parse().unwrap(), b.parse().unwrap())
}

fn parse(data: &str) -> Vec<Game> {
    let mut games: Vec<Game> = Vec::new();
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.first() == Some(&"game") {
            let (small_blind, big_blind) = pair(f[2]);
            let (small_bet, big_bet) = pair(f[3]);
            let spec = GameSpec {
                seats: f[1].parse().unwrap(),
                small_blind,
                big_blind,
                small_bet,
                big_bet,
                max_raises: (f[4] != "-").then(|| f[4].parse().unwrap()),
                stacks: Some(f[5].split(',').map(|s| s.parse().unwrap()).collect()),
                ..GameSpec::default()
            };
            games.push(Game {
                header: line.to_string(),
                config: GameConfig::new(spec).unwrap(),
                holes: f[6].split(',').map(|h| h.parse().unwrap()).collect(),
                board: parse_cards(f[7]).unwrap(),
                tokens: Vec::new(),
            });
        } else {
            let g = games.last_mut().expect("tokens before the first game");
            g.tokens.extend(f.iter().map(|t| t.to_string()));
        }
    }
    games
}

fn legal_string(s: &HandState) -> String {
    let legal = s.legal_actions();
    Action::ALL
        .into_iter()
        .filter(|a| legal.contains(*a))
        .map(|a| match a {
            Action::Fold => 'f',
            Action::Call => 'c',
            Action::Raise => 'r',
        })
        .collect()
}

fn action(c: char) -> Action {
    match c {
        'f' => Action::Fold,
        'c' => Action::Call,
        'r' => Action::Raise,
        _ => panic!("bad action {c}"),
    }
}

#[derive(Default)]
struct Counts {
    decisions: usize,
    ends: usize,
}

/// Walks PokerKit's tree from `state` (cards dealt as due), comparing every token.
fn walk(
    g: &Game,
    mut s: HandState,
    at: &mut usize,
    path: &mut String,
    counts: &mut Counts,
) -> Result<(), String> {
    while let Phase::DealBoard(r) = s.phase() {
        let from = s.board().len();
        s.deal_board(&g.board[from..from + r.cards_dealt()])
            .map_err(|e| e.to_string())?;
    }
    let token = g.tokens.get(*at).ok_or("tokens run out")?.clone();
    *at += 1;
    if let Some(stacks) = token.strip_prefix('=') {
        let want: Vec<i64> = stacks.split(',').map(|x| x.parse().unwrap()).collect();
        let got = s
            .result()
            .and_then(|r| r.finishing_stacks.clone())
            .ok_or_else(|| {
                format!(
                    "after '{path}': PokerKit ended the hand, we have {:?}",
                    s.phase()
                )
            })?;
        if got != want {
            return Err(format!("after '{path}': stacks {got:?}, PokerKit {want:?}"));
        }
        counts.ends += 1;
        return Ok(());
    }
    let (node, only) = match token.split_once('>') {
        Some((n, a)) => (n, a.chars().next()),
        None => (token.as_str(), None),
    };
    let mut chars = node.chars();
    let round = chars.next().and_then(|c| c.to_digit(10)).unwrap() as usize;
    let actor = chars.next().and_then(|c| c.to_digit(10)).unwrap() as usize;
    let legal: String = chars.collect();
    let ours = format!(
        "{}{}{}",
        s.round().index(),
        s.to_act().map_or("-".into(), |p| p.to_string()),
        legal_string(&s)
    );
    if ours != format!("{round}{actor}{legal}") {
        return Err(format!(
            "after '{path}': we have round/actor/legal {ours}, PokerKit {node}"
        ));
    }
    counts.decisions += 1;
    for m in legal.chars().filter(|m| only.is_none_or(|o| o == *m)) {
        let mut child = s.clone();
        child.apply(action(m)).map_err(|e| e.to_string())?;
        path.push(m);
        walk(g, child, at, path, counts)?;
        path.pop();
    }
    Ok(())
}

#[test]
fn every_decision_matches_pokerkit() {
    let games = parse(DATA);
    assert!(games.len() >= 800, "{} games", games.len());
    let mut counts = Counts::default();
    let mut bad = Vec::new();
    for g in &games {
        let mut s = HandState::new(&g.config).unwrap();
        for (p, h) in g.holes.iter().enumerate() {
            s.deal_hole(Position::new(p), *h).unwrap();
        }
        let mut at = 0;
        let r = walk(g, s, &mut at, &mut String::new(), &mut counts);
        match r {
            Ok(()) if at == g.tokens.len() => {}
            Ok(()) => bad.push(format!("{}: {} tokens left", g.header, g.tokens.len() - at)),
            Err(e) => bad.push(format!("{}: {e}", g.header)),
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} games differ from PokerKit, e.g.\n{}",
        bad.len(),
        games.len(),
        bad.iter().take(12).cloned().collect::<Vec<_>>().join("\n")
    );
    // the whole file was compared
    let tokens: usize = games.iter().map(|g| g.tokens.len()).sum();
    assert_eq!(counts.decisions + counts.ends, tokens);
    assert!(counts.decisions > 20_000 && counts.ends > 6_000);
}
