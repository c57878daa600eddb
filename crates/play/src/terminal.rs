//! The terminal game, line by line over any `BufRead` and `Write` (`loki play` gives
//! stdin and stdout; the tests give bytes): the table, the prompt with the pot and the
//! legal actions, the result of each hand in words, and on request the model view (`m`,
//! `y` for what the bots believe about the person), the belief charts (`g`), the table
//! (`t`) and the session summary (`s`); `?` lists the commands. Quitting mid-hand asks
//! first, then plays the hand out as check or fold, so that its chips count; so does the
//! end of the input.
use crate::{summary_text, text, Choice, PlayError, Session, PERSON};
use std::io::{BufRead, Write};

/// What went wrong in the terminal game: the streams, or the session itself.
#[derive(Debug, thiserror::Error)]
pub enum TerminalError {
    /// Reading the input or writing the output failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The session failed (not a refused action: those are printed and play goes on).
    #[error(transparent)]
    Play(#[from] PlayError),
}

/// How the terminal game runs.
#[derive(Debug, Clone, Copy, Default)]
pub struct TerminalOptions {
    /// Stop after this many hands (None: until `q` or the end of the input).
    pub hands: Option<u64>,
    /// Print the model view after every hand and before each of the person's turns.
    pub model: bool,
}

/// Plays the session from its first hand to the end: `q`, the end of the input, or
/// `options.hands` hands. `hand_over` runs after each hand's result is printed (the
/// binary saves the person's statistics there).
pub fn play_lines(
    session: &mut Session,
    input: &mut impl BufRead,
    out: &mut impl Write,
    options: TerminalOptions,
    hand_over: &mut dyn FnMut(&mut Session, &mut dyn Write) -> std::io::Result<()>,
) -> Result<(), TerminalError> {
    session.next_hand(session.step())?;
    let mut printed = 0usize;
    let mut hand_seen = None;
    let mut result_shown = false;
    let mut line = String::new();
    loop {
        let v = session.view();
        if hand_seen != v.hand {
            hand_seen = v.hand;
            printed = 0;
            result_shown = false;
            write!(out, "{}", text::table(&v))?;
        }
        for entry in v.log.iter().skip(printed) {
            writeln!(out, "  {}", entry.text)?;
        }
        printed = v.log.len();
        let done = options.hands.is_some_and(|n| v.hands_played as u64 >= n);
        let models = v.model.as_deref().unwrap_or(&[]);
        if !v.in_progress {
            if !result_shown {
                result_shown = true;
                write!(out, "{}", text::result(&v))?;
                hand_over(session, out)?;
                if options.model {
                    write!(out, "{}", text::model(models, None))?;
                }
            }
            if done {
                break;
            }
            write!(out, "Enter: next hand (? for help)> ")?;
        } else if v.legal.is_some() {
            if options.model {
                write!(out, "{}", text::model(models, None))?;
            }
            write!(out, "{}", text::prompt(&v))?;
        }
        out.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 {
            // The end of the input: a hand in progress is played out and counts.
            writeln!(out)?;
            if session.abandon()? {
                writeln!(
                    out,
                    "(the hand in progress was played out as check or fold)"
                )?;
                finish_hand(session, out, printed)?;
            }
            break;
        }
        let word = line.trim().to_ascii_lowercase();
        let result = match (word.as_str(), Choice::from_word(&word)) {
            (_, Some(choice)) => session.choose(PERSON, choice, session.step()),
            ("", None) if !v.in_progress => session.next_hand(session.step()),
            ("", None) => Ok(()),
            ("m" | "model", None) => Ok(write!(out, "{}", text::model(models, None))?),
            ("y" | "you", None) => Ok(write!(out, "{}", text::model(models, Some(PERSON)))?),
            ("g" | "charts", None) => Ok(write!(out, "{}", text::charts(models))?),
            ("t" | "table", None) => Ok(write!(out, "{}", text::table(&v))?),
            ("s" | "summary", None) => Ok(write!(out, "{}", summary_text(&session.summary()))?),
            ("?" | "h" | "help", None) => Ok(writeln!(out, "{}", text::HELP)?),
            ("q" | "quit", None) if v.in_progress => {
                write!(
                    out,
                    "a hand is in progress: quitting plays it out as check or fold, and it counts. Quit? [y/N]> "
                )?;
                out.flush()?;
                line.clear();
                let sure = input.read_line(&mut line)? == 0
                    || matches!(line.trim().to_ascii_lowercase().as_str(), "y" | "yes");
                if sure {
                    session.abandon()?;
                    finish_hand(session, out, printed)?;
                    break;
                }
                Ok(())
            }
            ("q" | "quit", None) => break,
            _ => Ok(writeln!(
                out,
                "unknown command {:?}; {}",
                word.chars().take(20).collect::<String>(),
                text::HELP
            )?),
        };
        if let Err(e) = result {
            writeln!(out, "refused: {e}")?;
        }
    }
    Ok(())
}

/// The rest of an abandoned hand's log and its result.
fn finish_hand(session: &Session, out: &mut impl Write, printed: usize) -> std::io::Result<()> {
    let v = session.view();
    for entry in v.log.iter().skip(printed) {
        writeln!(out, "  {}", entry.text)?;
    }
    write!(out, "{}", text::result(&v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TableSpec;
    use loki_bot::LokiConfig;

    fn run(input: &str, options: TerminalOptions) -> (String, usize, Session) {
        let mut spec = TableSpec::new("Ann", 7);
        spec.seats = 3;
        spec.bots = "call,raise".into();
        let mut session = Session::new(&spec, LokiConfig::default(), None).unwrap();
        let mut out = Vec::new();
        let mut hands_over = 0;
        play_lines(
            &mut session,
            &mut input.as_bytes(),
            &mut out,
            options,
            &mut |_, _| {
                hands_over += 1;
                Ok(())
            },
        )
        .unwrap();
        (String::from_utf8(out).unwrap(), hands_over, session)
    }

    #[test]
    fn folding_two_hands_then_the_hand_limit_ends_the_game() {
        let opts = TerminalOptions {
            hands: Some(2),
            model: false,
        };
        let (out, over, session) = run("f\n\nf\n\nf\n", opts);
        assert_eq!(over, 2, "{out}");
        assert_eq!(session.summary().hands, 2);
        assert!(!out.contains("unknown command"), "{out}");
    }

    #[test]
    fn unknown_words_are_explained_and_the_end_of_input_plays_the_hand_out() {
        let (out, over, session) = run("dance\n", TerminalOptions::default());
        assert!(out.contains("unknown command \"dance\""), "{out}");
        assert!(
            out.contains("(the hand in progress was played out as check or fold)"),
            "{out}"
        );
        assert_eq!(over, 0);
        assert_eq!(session.summary().hands, 1);
    }

    #[test]
    fn quitting_mid_hand_asks_first() {
        let (out, _, session) = run("q\nn\nq\ny\n", TerminalOptions::default());
        assert_eq!(out.matches("Quit? [y/N]>").count(), 2, "{out}");
        assert_eq!(session.summary().hands, 1);
    }
}
