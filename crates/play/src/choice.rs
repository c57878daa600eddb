//! What the person may ask for, by name: `fold`, `check`, `call`, `bet`, `raise`. `call`
//! means check or call and `raise` bet or raise (the engine's two actions, as the ACPC
//! protocol's `c` and `r`); `check` and `bet` say more and are refused when they do not
//! fit: `check` while a bet is due, `bet` when the round already has one. A script that
//! means check never pays a bet.
use loki_engine::Action;
use serde::Deserialize;

/// An action of the person by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Choice {
    /// Fold.
    Fold,
    /// Check: only when nothing is due.
    Check,
    /// Check or call.
    Call,
    /// Bet: only when the round has no bet yet.
    Bet,
    /// Bet or raise.
    Raise,
}

impl Choice {
    /// The engine's action.
    pub fn action(self) -> Action {
        match self {
            Choice::Fold => Action::Fold,
            Choice::Check | Choice::Call => Action::Call,
            Choice::Bet | Choice::Raise => Action::Raise,
        }
    }
    /// A terminal word: `f`/`fold`, `k`/`check`, `c`/`call`, `b`/`bet`, `r`/`raise`
    /// (any case).
    pub fn from_word(w: &str) -> Option<Choice> {
        match w.to_ascii_lowercase().as_str() {
            "f" | "fold" => Some(Choice::Fold),
            "k" | "check" => Some(Choice::Check),
            "c" | "call" => Some(Choice::Call),
            "b" | "bet" => Some(Choice::Bet),
            "r" | "raise" => Some(Choice::Raise),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_json_name_the_same_choices() {
        assert_eq!(Choice::from_word("K"), Some(Choice::Check));
        assert_eq!(Choice::from_word("call"), Some(Choice::Call));
        assert_eq!(Choice::from_word("x"), None);
        let c: Choice = serde_json::from_str("\"check\"").unwrap();
        assert_eq!(c, Choice::Check);
        assert!(serde_json::from_str::<Choice>("\"allin\"").is_err());
        assert_eq!(Choice::Check.action(), Action::Call);
        assert_eq!(Choice::Bet.action(), Action::Raise);
    }
}
