//! The protocol's other lines (`docs/acpc-protocol.md`, "Protocol"): a client's reply
//! (the state echoed, `:` and an action character) and the `VERSION:a.b.c` greeting; the
//! `MATCHSTATE` line itself is `loki_history::MatchState`. Pure: strings in, typed values
//! out.
use loki_engine::Action;
use loki_history::{MatchState, StateError, MAX_LINE_LEN};

/// The protocol version loki speaks.
pub const VERSION: (u32, u32, u32) = (2, 0, 0);

/// The greeting a client sends first.
pub const VERSION_LINE: &str = "VERSION:2.0.0";

/// What a reply line from the acting seat amounts to, in the order the reference dealer
/// checks it (`readPlayerResponse`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// A line starting with `#` or `;`: ignored silently.
    Comment,
    /// Not a state: "WARNING: bad state format in response", ignored.
    BadState(StateError),
    /// A state, and what follows it: `None` when there is no `:` after the state.
    State {
        /// The echoed state.
        state: MatchState,
        /// The action: `Some(Some(a))` for a known action character, `Some(None)` for an
        /// unknown or missing one after the colon, `None` without the colon.
        action: Option<Option<Action>>,
    },
}

/// Parses a reply line (without its line end).
pub fn parse_reply(line: &str) -> Reply {
    if line.starts_with('#') || line.starts_with(';') {
        return Reply::Comment;
    }
    if line.len() > MAX_LINE_LEN {
        return Reply::BadState(StateError::TooLong);
    }
    // The state is the first five colon-separated fields; the action follows the fifth.
    let mut colons = line.match_indices(':').map(|(i, _)| i);
    let end = colons.nth(4);
    let (state_text, rest) = match end {
        Some(i) => (&line[..i], Some(&line[i + 1..])),
        None => (line, None),
    };
    match MatchState::parse(state_text) {
        Err(e) => Reply::BadState(e),
        Ok(state) => Reply::State {
            state,
            action: rest.map(|r| r.chars().next().and_then(Action::from_acpc_char)),
        },
    }
}

/// Parses a greeting `VERSION:a.b.c` (trailing text ignored, as `sscanf` does); `None`
/// if it is not one.
pub fn parse_version(line: &str) -> Option<(u32, u32, u32)> {
    let rest = line.strip_prefix("VERSION:")?;
    let mut parts = rest.splitn(3, '.');
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next()?.parse().ok()?;
    let third = parts.next()?;
    let digits: String = third
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .take(10)
        .collect();
    let revision = digits.parse().ok()?;
    Some((major, minor, revision))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_follow_the_reference_order_of_checks() {
        assert_eq!(parse_reply("# hello"), Reply::Comment);
        assert!(matches!(parse_reply("hello"), Reply::BadState(_)));
        let r = parse_reply("MATCHSTATE:0:0:c:7d3d|:r");
        let Reply::State { state, action } = r else {
            panic!()
        };
        assert_eq!(state.betting_string(), "c");
        assert_eq!(action, Some(Some(Action::Raise)));
        let Reply::State { action, .. } = parse_reply("MATCHSTATE:1:1::|2c7d:x") else {
            panic!()
        };
        assert_eq!(action, Some(None));
        let Reply::State { action, .. } = parse_reply("MATCHSTATE:1:1::|2c7d:") else {
            panic!()
        };
        assert_eq!(action, Some(None));
        let Reply::State { action, .. } = parse_reply("MATCHSTATE:1:1::|2c7d") else {
            panic!()
        };
        assert_eq!(action, None);
        let Reply::State { action, .. } = parse_reply("MATCHSTATE:1:1::|2c7d:call") else {
            panic!()
        };
        assert_eq!(action, Some(Some(Action::Call)));
    }

    #[test]
    fn versions() {
        assert_eq!(parse_version("VERSION:2.0.0"), Some((2, 0, 0)));
        assert_eq!(parse_version("VERSION:2.5.0\r"), Some((2, 5, 0)));
        assert_eq!(parse_version("VERSION:2.0"), None);
        assert_eq!(parse_version("hello"), None);
    }
}
