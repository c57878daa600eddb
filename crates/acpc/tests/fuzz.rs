//! The parsers under hostile input (proptest): malformed, truncated, mutated and
//! oversized lines and game files give typed errors, never a panic, and every accepted
//! value prints back to itself; hand rebuilding and the client session survive any
//! sequence of lines; the line reader's memory stays bounded.
#![allow(missing_docs)]
use loki_acpc::dealer::judge;
use loki_acpc::line::{Line, LineReader};
use loki_acpc::{parse_reply, rebuild, ClientSession, GameDef, MatchState, MAX_LINE_LEN};
use loki_engine::{CallPlayer, HandState, RandomPlayer};
use proptest::prelude::*;

const STATES: [&str; 8] = [
    "MATCHSTATE:0:0::7d3d|",
    "MATCHSTATE:1:0:c:|2hAc",
    "MATCHSTATE:0:0:crrrc/:7d3d|/5sKs7s",
    "MATCHSTATE:0:0:crrrc/cc/cc/r:7d3d|/5sKs7s/9s/6h",
    "MATCHSTATE:0:0:crrrc/cc/cc/rc:7d3d|2hAc/5sKs7s/9s/6h",
    "MATCHSTATE:2:0::||As9d",
    "MATCHSTATE:2:0:frrc/rc/rc/rc:8dJd|Td4d|As9d/6s3d6c/2c/Qc",
    "MATCHSTATE:1:10:rrf:|4d8d",
];

/// A valid state mutated: cut, characters replaced, inserted or deleted, or repeated.
fn mutated() -> impl Strategy<Value = String> {
    (
        0..STATES.len(),
        prop::collection::vec((0usize..200, 0u8..6, any::<char>()), 0..6),
        0usize..3,
    )
        .prop_map(|(i, edits, repeat)| {
            let mut s: Vec<char> = STATES[i].repeat(repeat + 1).chars().collect();
            for (at, kind, c) in edits {
                let at = at % (s.len() + 1);
                match kind {
                    0 => s.truncate(at),
                    1 if at < s.len() => s[at] = c,
                    2 => s.insert(at, c),
                    3 if at < s.len() => {
                        s.remove(at);
                    }
                    4 => s.insert(at, ['|', '/', ':', 'r', 'c', 'f', '9'][at % 7]),
                    _ => {}
                }
            }
            s.into_iter().collect()
        })
}

fn any_line() -> impl Strategy<Value = String> {
    prop_oneof![
        mutated(),
        ".{0,80}",
        "MATCHSTATE:[0-9]{1,3}:[0-9]{1,12}:[crf/]{0,30}:[2-9TJQKAcdhs|/]{0,40}",
        // Oversized: far above the protocol's line limit.
        (2000usize..20_000).prop_map(|n| format!("MATCHSTATE:0:0:{}:7d3d|", "c".repeat(n))),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn states_parse_to_typed_errors_or_print_back(line in any_line()) {
        if let Ok(ms) = MatchState::parse(&line) {
            prop_assert!(line.len() <= MAX_LINE_LEN);
            prop_assert_eq!(MatchState::parse(&ms.to_string()), Ok(ms.clone()));
            // Rebuilding any parsed state never panics.
            if let Some(g) = GameDef::holdem(ms.players()) {
                let _ = rebuild(&g.config().unwrap(), &ms);
            }
        }
        let _ = parse_reply(&line);
    }

    #[test]
    fn replies_are_judged_without_panics(bytes in prop::collection::vec(any::<u8>(), 0..300), i in 0..STATES.len()) {
        let sent = MatchState::parse(STATES[i]).unwrap();
        let config = GameDef::holdem(sent.players()).unwrap().config().unwrap();
        let state = HandState::new(&config).unwrap();
        let _ = judge(&bytes, &sent, &state);
        let mut echo = STATES[i].as_bytes().to_vec();
        echo.push(b':');
        echo.extend(&bytes);
        let _ = judge(&echo, &sent, &state);
    }

    #[test]
    fn sessions_survive_any_sequence_of_lines(lines in prop::collection::vec(any_line(), 1..30), seed in any::<u64>()) {
        let mut s = ClientSession::new(None).unwrap();
        let mut p = RandomPlayer::new("r", seed);
        for l in &lines {
            if let Ok(Some(reply)) = s.on_line(l, &mut p) {
                // A reply echoes the state and adds one action character.
                prop_assert!(reply.starts_with(l.trim_end()));
                prop_assert!(reply.len() == l.trim_end().len() + 4);
            }
        }
        s.finish(&mut CallPlayer::new("c"));
    }

    #[test]
    fn game_files_parse_to_typed_errors_or_print_back(
        n in 2usize..=10,
        edits in prop::collection::vec((0usize..2000, 0u8..5, any::<char>()), 0..8),
    ) {
        let mut s: Vec<char> = GameDef::holdem(n).unwrap().to_string().chars().collect();
        for (at, kind, c) in edits {
            let at = at % (s.len() + 1);
            match kind {
                0 => s.truncate(at),
                1 if at < s.len() => s[at] = c,
                2 => s.insert(at, c),
                3 if at < s.len() => { s.remove(at); }
                _ => s.insert(at, ['\n', '=', ' ', '9', '-'][at % 5]),
            }
        }
        let text: String = s.into_iter().collect();
        if let Ok(g) = GameDef::parse(&text) {
            prop_assert_eq!(GameDef::parse(&g.to_string()), Ok(g.clone()));
            let _ = g.config();
        }
    }

    #[test]
    fn arbitrary_game_text_never_panics(text in "(?s).{0,400}") {
        let _ = GameDef::parse(&text);
    }

    #[test]
    fn the_line_reader_bounds_every_line(chunks in prop::collection::vec((0usize..3000, any::<bool>()), 1..20)) {
        let mut data = Vec::new();
        let mut want = Vec::new();
        for (len, newline) in &chunks {
            data.extend(std::iter::repeat_n(b'a', *len));
            if *newline {
                data.push(b'\n');
            }
        }
        // The expected lines: split on '\n', too long if 1024 bytes or more before it.
        let mut parts: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
        if parts.last().is_some_and(|p| p.is_empty()) {
            parts.pop();
        }
        for p in parts {
            want.push(if p.len() >= MAX_LINE_LEN { Line::TooLong } else { Line::Text(p.to_vec()) });
        }
        let mut r = LineReader::new(&data[..], MAX_LINE_LEN);
        let mut got = Vec::new();
        while let Some(l) = r.read_line().unwrap() {
            got.push(l);
        }
        prop_assert_eq!(got, want);
    }
}

#[test]
fn a_huge_line_without_newline_is_refused_in_bounded_memory() {
    // 64 MiB of 'x' from a reader that never ends a line: one TooLong, nothing kept.
    struct Endless(usize);
    impl std::io::Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(self.0);
            buf[..n].fill(b'x');
            self.0 -= n;
            Ok(n)
        }
    }
    let mut r = LineReader::new(Endless(64 << 20), MAX_LINE_LEN);
    assert_eq!(r.read_line().unwrap(), Some(Line::TooLong));
    assert_eq!(r.read_line().unwrap(), None);
}
