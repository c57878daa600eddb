//! The one progress bar of every long command (on stderr, hidden when quiet): elapsed
//! time, the bar, done/total in the command's unit, the rate in whole units per second
//! and the time left. A resumed run's bar starts at the work already done, and its rate
//! and time left count only the work done since.
use indicatif::{ProgressBar, ProgressState, ProgressStyle};

/// A bar for `total` units of work of which `done` are already done before this process.
pub fn bar(quiet: bool, total: u64, done: u64, unit: &str) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total.saturating_sub(done));
    let template = format!(
        "{{elapsed_precise}} [{{bar:30}}] {{done}}/{{total}} {unit}  {{rate}}  eta {{eta}}"
    );
    let style = ProgressStyle::with_template(&template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key(
            "done",
            move |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{}", s.pos() + done);
            },
        )
        .with_key(
            "total",
            move |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{}", s.len().unwrap_or(0) + done);
            },
        )
        .with_key("rate", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{}/s", rate(s.per_sec()));
        })
        .progress_chars("=> ");
    bar.set_style(style);
    bar
}

/// A rate with sensible digits: whole units from 10 up, two significant digits below.
pub fn rate(per_sec: f64) -> String {
    if !per_sec.is_finite() || per_sec <= 0.0 {
        "-".to_string()
    } else if per_sec >= 10.0 {
        format!("{per_sec:.0}")
    } else {
        format!("{per_sec:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::rate;

    #[test]
    fn rates_have_sensible_digits() {
        assert_eq!(rate(668.5509), "669");
        assert_eq!(rate(2.345), "2.35");
        assert_eq!(rate(0.0), "-");
        assert_eq!(rate(f64::NAN), "-");
    }
}
