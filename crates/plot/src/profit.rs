//! The profit plot of a tournament: the average cumulative profit of each player type
//! against hands played (the paper's Figure 4), one line per type in the colors of
//! `palette`, a shaded 95% band (+-1.96 sd sqrt(deals so far), sd of the type's per-deal
//! profit over the whole run), and the legend to the right of the plot area in the final
//! ranking's order, best first. With up to five types every type has its band; with more
//! (ours: ten overlapping bands are a blur) only the best and the last type have theirs,
//! and the caption says so.
use crate::curves::{average, curves, ranking_order, thousands, Curve};
use crate::palette;
use crate::text::{GlyphText, FONT};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::{Path, PathBuf};
use std::sync::Once;

/// Types up to which every type's band is drawn (ours).
pub const ALL_BANDS_UP_TO: usize = 5;

/// Width and height of the picture in pixels.
pub const SIZE: (u32, u32) = (1040, 640);

/// Width of the legend to the right of the plot area.
const LEGEND_WIDTH: u32 = 130;

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

/// Why the picture could not be drawn or written.
#[derive(Debug, thiserror::Error)]
#[error("cannot draw {}: {message}", path.display())]
pub struct PlotError {
    /// The file.
    pub path: PathBuf,
    /// What plotters or the encoder said.
    pub message: String,
}

/// plotters resolves a font family before it asks the backend to draw; the one it finds
/// is the font [`GlyphText`] renders with.
fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let _ = plotters::style::register_font("sans-serif", FontStyle::Normal, FONT);
    });
}

/// Which types have a shaded band: all of up to [`ALL_BANDS_UP_TO`] types, else the first
/// and the last of `ranking`.
pub fn banded(ranking: &[usize]) -> Vec<bool> {
    let n = ranking.len();
    let mut out = vec![n <= ALL_BANDS_UP_TO; n];
    if let (Some(&best), Some(&last)) = (ranking.first(), ranking.last()) {
        out[best] = true;
        out[last] = true;
    }
    out
}

/// The caption's line under the title.
pub fn caption_text(caption: &Caption, rotations: usize, kinds: usize) -> String {
    let bands = if kinds <= ALL_BANDS_UP_TO {
        "each type's"
    } else {
        "the best and the last type's"
    };
    if caption.matches == 0 {
        format!(
            "{} hands ({} deals x {} seatings), seed {}; shaded: 95% band of {bands} cumulative profit",
            thousands(caption.hands as f64),
            thousands(caption.deals as f64),
            rotations,
            caption.seed
        )
    } else {
        format!(
            "mean of {} matches of {} deals x {} seatings ({} hands), seed {}; shaded: 95% band of {bands} mean",
            thousands(caption.matches as f64),
            thousands(caption.deals as f64),
            rotations,
            thousands(caption.hands as f64),
            caption.seed
        )
    }
}

/// Writes the profit plot of a whole run: `matches` (each match's net chips by deal and
/// seat), `kinds` (the player type of each seat), `rotations` seatings per deal.
pub fn profit_png<M: AsRef<[Vec<i64>]>>(
    path: &Path,
    matches: &[M],
    kinds: &[String],
    rotations: usize,
    caption: &Caption,
) -> Result<(), PlotError> {
    register_font();
    let err = |e: &dyn std::fmt::Display| PlotError {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    let net = average(matches);
    let curves = curves(&net, kinds);
    let ranking = ranking_order(&curves);
    let banded = banded(&ranking);
    let band = |c: &Curve, j: usize| 1.96 * c.sd * ((j + 1) as f64).sqrt();
    let (lo, hi) = curves
        .iter()
        .zip(&banded)
        .flat_map(|(c, &b)| {
            c.points.iter().enumerate().flat_map(move |(j, &y)| {
                let w = if b { band(c, j) } else { 0.0 };
                [y - w, y + w]
            })
        })
        .fold((0.0f64, 0.0f64), |(a, b), x| (a.min(x), b.max(x)));
    let pad = ((hi - lo) * 0.05).max(1.0);
    let deals = net.len().max(1);
    let root = GlyphText::new(BitMapBackend::new(path, SIZE)).into_drawing_area();
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
            caption_text(caption, rotations, curves.len()),
            (12, 34),
            ("sans-serif", 14).into_font().color(&RGBColor(80, 80, 80)),
        ))
        .map_err(|e| err(&e))?;
    let (plot, legend) = rest.split_horizontally(SIZE.0 - LEGEND_WIDTH);
    let max_x = (deals * rotations) as f64;
    let mut chart = ChartBuilder::on(&plot)
        .margin(12)
        .margin_right(24)
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
    let color = |i: usize| {
        let (r, g, b) = palette::color(i);
        RGBColor(r, g, b)
    };
    // Bands first, then the lines over them; the best type's line drawn last, on top.
    let kept: Vec<Vec<(f64, f64, f64)>> = curves
        .iter()
        .map(|c| {
            let step = (c.points.len() / 1000).max(1);
            std::iter::once((0.0, 0.0, 0.0))
                .chain(
                    c.points
                        .iter()
                        .enumerate()
                        .filter(|(j, _)| j % step == 0 || *j + 1 == c.points.len())
                        .map(|(j, y)| (((j + 1) * rotations) as f64, *y, band(c, j))),
                )
                .collect()
        })
        .collect();
    for &i in ranking.iter().rev().filter(|&&i| banded[i]) {
        let shape: Vec<(f64, f64)> = kept[i]
            .iter()
            .map(|&(x, y, w)| (x, y + w))
            .chain(kept[i].iter().rev().map(|&(x, y, w)| (x, y - w)))
            .collect();
        chart
            .draw_series(std::iter::once(Polygon::new(
                shape,
                color(i).mix(0.12).filled(),
            )))
            .map_err(|e| err(&e))?;
    }
    for &i in ranking.iter().rev() {
        chart
            .draw_series(LineSeries::new(
                kept[i].iter().map(|&(x, y, _)| (x, y)),
                color(i).stroke_width(2),
            ))
            .map_err(|e| err(&e))?;
    }
    // The legend: right of the plot area, best first.
    let top = 24;
    legend
        .draw(&Text::new(
            "best first",
            (4, top - 18),
            ("sans-serif", 13).into_font().color(&RGBColor(80, 80, 80)),
        ))
        .map_err(|e| err(&e))?;
    for (row, &i) in ranking.iter().enumerate() {
        let y = top + 8 + 22 * row as i32;
        legend
            .draw(&PathElement::new(
                vec![(4, y), (28, y)],
                color(i).stroke_width(3),
            ))
            .map_err(|e| err(&e))?;
        legend
            .draw(&Text::new(
                curves[i].kind.clone(),
                (34, y),
                TextStyle::from(("sans-serif", 14).into_font())
                    .pos(Pos::new(HPos::Left, VPos::Center)),
            ))
            .map_err(|e| err(&e))?;
    }
    root.present().map_err(|e| err(&e))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_for_all_of_five_and_the_ends_of_ten() {
        assert_eq!(banded(&[2, 0, 1]), vec![true; 3]);
        let ten = [3, 1, 4, 0, 5, 9, 2, 6, 8, 7];
        let b = banded(&ten);
        assert_eq!(b.iter().filter(|&&x| x).count(), 2);
        assert!(b[3] && b[7]);
        assert!(banded(&[]).is_empty());
    }

    #[test]
    fn the_png_decodes_at_its_size() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("profit.png");
        let kinds: Vec<String> = ["BPT", "SOM", "BPT", "SOM"].map(String::from).to_vec();
        let net: Vec<Vec<i64>> = (0..50)
            .map(|d| {
                let x = (d % 7) as i64 - 3;
                vec![x, -x, 2 * x, -2 * x]
            })
            .collect();
        let caption = Caption {
            hands: 200,
            deals: 50,
            seed: 1998,
            matches: 0,
        };
        profit_png(&path, &[net], &kinds, 4, &caption).unwrap();
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!((info.width, info.height), SIZE);
        // Some pixels are the first color (black: BPT's line and legend) and some not white.
        let px = info.color_type.samples();
        let black = buf.chunks(px).filter(|p| p[..3] == [0, 0, 0]).count();
        assert!(black > 100, "{black} black pixels");
    }

    #[test]
    fn caption_names_the_bands_drawn() {
        let c = Caption {
            hands: 2000,
            deals: 200,
            seed: 1998,
            matches: 0,
        };
        assert!(caption_text(&c, 10, 10).contains("the best and the last type's"));
        assert!(caption_text(&c, 10, 5).contains("each type's cumulative"));
        assert!(caption_text(&c, 10, 5).starts_with("2,000 hands (200 deals x 10 seatings)"));
    }
}
