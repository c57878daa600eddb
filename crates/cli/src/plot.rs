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

/// Cumulative average profit per kind after each deal (hands played = deals x rotations).
pub fn curves(ledger: &DealLedger, kinds: &[String]) -> Vec<(String, Vec<f64>)> {
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
            let pts = ledger
                .net
                .iter()
                .map(|d| {
                    acc += idx.iter().map(|&i| d[i] as f64).sum::<f64>() / idx.len() as f64;
                    acc
                })
                .collect();
            (k, pts)
        })
        .collect()
}

/// Writes the profit plot.
pub fn profit_png(
    path: &Path,
    ledger: &DealLedger,
    kinds: &[String],
    rotations: usize,
) -> Result<()> {
    register_font();
    let curves = curves(ledger, kinds);
    let deals = ledger.net.len().max(1);
    let (lo, hi) = curves
        .iter()
        .flat_map(|c| c.1.iter().copied())
        .fold((0.0f64, 0.0f64), |(a, b), x| (a.min(x), b.max(x)));
    let pad = ((hi - lo) * 0.05).max(1.0);
    let root = BitMapBackend::new(path, (960, 600)).into_drawing_area();
    let err = |e: &dyn std::fmt::Display| anyhow!("cannot draw {}: {e}", path.display());
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let max_x = (deals * rotations) as f64;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Average profit by player type (duplicate, $2/$4)",
            ("sans-serif", 22),
        )
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(0.0..max_x, (lo - pad)..(hi + pad))
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc("hands played")
        .y_desc("profit ($)")
        .label_style(("sans-serif", 14))
        .draw()
        .map_err(|e| err(&e))?;
    let palette = [
        &RED,
        &BLUE,
        &GREEN,
        &MAGENTA,
        &CYAN,
        &BLACK,
        &RGBColor(255, 140, 0),
        &RGBColor(128, 0, 128),
        &RGBColor(0, 128, 128),
        &RGBColor(128, 128, 0),
    ];
    for (i, (name, pts)) in curves.iter().enumerate() {
        let color = palette[i % palette.len()];
        let step = (pts.len() / 1000).max(1);
        let series = std::iter::once((0.0, 0.0)).chain(
            pts.iter()
                .enumerate()
                .filter(|(j, _)| j % step == 0 || *j + 1 == pts.len())
                .map(|(j, y)| (((j + 1) * rotations) as f64, *y)),
        );
        chart
            .draw_series(LineSeries::new(series, color.stroke_width(2)))
            .map_err(|e| err(&e))?
            .label(name.clone())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .label_font(("sans-serif", 14))
        .position(SeriesLabelPosition::UpperLeft)
        .draw()
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))?;
    Ok(())
}
