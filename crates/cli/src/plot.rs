//! The paper's Figure 4: average profit (chips) per player type against hands played,
//! drawn with plotters into a PNG. The font (DejaVu Sans, Bitstream Vera licence, see
//! `assets/DejaVuSans-LICENSE.txt`) is compiled in, so no system font is needed.
use anyhow::{anyhow, Result};
use loki_sim::DealLedger;
use plotters::prelude::*;
use std::path::Path;
use std::sync::Once;

static FONT: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");

fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let _ = plotters::style::register_font("sans-serif", FontStyle::Normal, FONT);
    });
}

/// Per deal and seat, the net chips averaged over the matches' ledgers (match order;
/// one ledger gives its own values).
fn average(ledgers: &[DealLedger]) -> Vec<Vec<f64>> {
    let deals = ledgers.iter().map(|l| l.net.len()).min().unwrap_or(0);
    let m = ledgers.len().max(1) as f64;
    (0..deals)
        .map(|d| {
            let seats = ledgers[0].net[d].len();
            (0..seats)
                .map(|i| ledgers.iter().map(|l| l.net[d][i] as f64).sum::<f64>() / m)
                .collect()
        })
        .collect()
}

/// Cumulative average profit per kind after each deal (hands played = deals x rotations).
pub fn curves(net: &[Vec<f64>], kinds: &[String]) -> Vec<(String, Vec<f64>)> {
    let mut names: Vec<String> = Vec::new();
    for k in kinds {
        if !names.contains(k) {
            names.push(k.clone());
        }
    }
    names
        .into_iter()
        .map(|k| {
            let idx: Vec<usize> = (0..kinds.len()).filter(|&i| kinds[i] == k).collect();
            let mut acc = 0.0;
            let pts = net
                .iter()
                .map(|d| {
                    acc += idx.iter().map(|&i| d[i]).sum::<f64>() / idx.len() as f64;
                    acc
                })
                .collect();
            (k, pts)
        })
        .collect()
}

/// A whole number with thousands separators: 100000 -> "100,000", -1234 -> "-1,234".
pub fn thousands(x: f64) -> String {
    let v = x.round() as i64;
    let digits = v.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    if v < 0 {
        format!("-{out}")
    } else {
        out
    }
}

/// The per-deal profit of each kind (averaged over its copies), in the order of
/// [`curves`], and its standard deviation over deals.
fn deal_sd(net: &[Vec<f64>], kinds: &[String], kind: &str) -> f64 {
    let idx: Vec<usize> = (0..kinds.len()).filter(|&i| kinds[i] == kind).collect();
    let xs: Vec<f64> = net
        .iter()
        .map(|d| idx.iter().map(|&i| d[i]).sum::<f64>() / idx.len().max(1) as f64)
        .collect();
    let n = xs.len();
    if n < 2 {
        return 0.0;
    }
    let mean = xs.iter().sum::<f64>() / n as f64;
    (xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1) as f64).sqrt()
}

/// What the caption says about the run.
pub struct Caption {
    /// Hands played.
    pub hands: u64,
    /// Deals.
    pub deals: u64,
    /// Seed.
    pub seed: u64,
    /// Independent matches averaged (0: one, without `--matches`).
    pub matches: u64,
}

/// Writes the profit plot: the average cumulative profit of each player type against
/// hands played, with a shaded 95% band (+-1.96 sd sqrt(deals so far), sd of the type's
/// per-deal profit over the whole run).
pub fn profit_png(
    path: &Path,
    ledgers: &[DealLedger],
    kinds: &[String],
    rotations: usize,
    caption: &Caption,
) -> Result<()> {
    register_font();
    let net = average(ledgers);
    let curves = curves(&net, kinds);
    let sds: Vec<f64> = curves
        .iter()
        .map(|(k, _)| deal_sd(&net, kinds, k))
        .collect();
    let deals = net.len().max(1);
    let (lo, hi) = curves
        .iter()
        .zip(&sds)
        .flat_map(|((_, c), sd)| {
            c.iter().enumerate().flat_map(move |(j, &y)| {
                let w = 1.96 * sd * ((j + 1) as f64).sqrt();
                [y - w, y + w]
            })
        })
        .fold((0.0f64, 0.0f64), |(a, b), x| (a.min(x), b.max(x)));
    let pad = ((hi - lo) * 0.05).max(1.0);
    let root = BitMapBackend::new(path, (960, 640)).into_drawing_area();
    let err = |e: &dyn std::fmt::Display| anyhow!("cannot draw {}: {e}", path.display());
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let (title, rest) = root.split_vertically(58);
    title
        .draw(&Text::new(
            "Average profit by player type (duplicate, $2/$4)",
            (12, 8),
            ("sans-serif", 22).into_font(),
        ))
        .map_err(|e| err(&e))?;
    title
        .draw(&Text::new(
            if caption.matches == 0 {
                format!(
                    "{} hands ({} deals x {} seatings), seed {}; shaded: 95% band of each type's cumulative profit",
                    thousands(caption.hands as f64),
                    thousands(caption.deals as f64),
                    rotations,
                    caption.seed
                )
            } else {
                format!(
                    "mean of {} matches of {} deals x {} seatings ({} hands), seed {}; shaded: 95% band of the mean",
                    thousands(caption.matches as f64),
                    thousands(caption.deals as f64),
                    rotations,
                    thousands(caption.hands as f64),
                    caption.seed
                )
            },
            (12, 34),
            ("sans-serif", 14).into_font().color(&RGBColor(80, 80, 80)),
        ))
        .map_err(|e| err(&e))?;
    let max_x = (deals * rotations) as f64;
    let mut chart = ChartBuilder::on(&rest)
        .margin(12)
        .margin_right(36)
        .x_label_area_size(40)
        .y_label_area_size(80)
        .build_cartesian_2d(0.0..max_x, (lo - pad)..(hi + pad))
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc("hands played")
        .y_desc("profit ($)")
        .light_line_style(RGBColor(238, 238, 238))
        .bold_line_style(RGBColor(200, 200, 200))
        .x_label_formatter(&|x| thousands(*x))
        .y_label_formatter(&|y| thousands(*y))
        .label_style(("sans-serif", 14))
        .draw()
        .map_err(|e| err(&e))?;
    let palette = [
        RGBColor(214, 39, 40),
        RGBColor(31, 119, 180),
        RGBColor(44, 160, 44),
        RGBColor(148, 103, 189),
        RGBColor(255, 127, 14),
        RGBColor(0, 0, 0),
        RGBColor(23, 190, 207),
        RGBColor(140, 86, 75),
        RGBColor(227, 119, 194),
        RGBColor(188, 189, 34),
    ];
    for (i, ((name, pts), sd)) in curves.iter().zip(&sds).enumerate() {
        let color = palette[i % palette.len()];
        let step = (pts.len() / 1000).max(1);
        let kept: Vec<(f64, f64, f64)> = std::iter::once((0.0, 0.0, 0.0))
            .chain(
                pts.iter()
                    .enumerate()
                    .filter(|(j, _)| j % step == 0 || *j + 1 == pts.len())
                    .map(|(j, y)| {
                        let w = 1.96 * sd * ((j + 1) as f64).sqrt();
                        (((j + 1) * rotations) as f64, *y, w)
                    }),
            )
            .collect();
        let band: Vec<(f64, f64)> = kept
            .iter()
            .map(|&(x, y, w)| (x, y + w))
            .chain(kept.iter().rev().map(|&(x, y, w)| (x, y - w)))
            .collect();
        chart
            .draw_series(std::iter::once(Polygon::new(
                band,
                color.mix(0.15).filled(),
            )))
            .map_err(|e| err(&e))?;
        chart
            .draw_series(LineSeries::new(
                kept.iter().map(|&(x, y, _)| (x, y)),
                color.stroke_width(2),
            ))
            .map_err(|e| err(&e))?
            .label(name.clone())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font(("sans-serif", 14))
        .position(SeriesLabelPosition::UpperLeft)
        .draw()
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0.0), "0");
        assert_eq!(thousands(999.0), "999");
        assert_eq!(thousands(1000.0), "1,000");
        assert_eq!(thousands(100000.4), "100,000");
        assert_eq!(thousands(-1234567.0), "-1,234,567");
    }
}
