//! The picture of a duplicate tournament (Billings et al. 1998, "Experiments", Figure 4):
//! the average cumulative profit of each player type against hands played, as a PNG.
//! An edge crate: it writes the file `loki tournament` and `loki merge` put beside
//! results.json. The curve arithmetic (`curves`) and the legend's order and colors
//! (`palette`) are pure and tested; `text` renders the labels with each glyph at its own
//! advance (plotters' own font path drops the glyphs' side bearings, "BPT" came out as
//! "BP T"); `profit` draws the picture.
#![forbid(unsafe_code)]

pub mod curves;
pub mod palette;
pub mod profit;
pub mod text;

pub use curves::{curves, ranking_order, thousands, Curve};
pub use profit::{profit_png, Caption, PlotError};
