//! Text drawn right: a drawing backend that passes every shape to the backend it wraps
//! and renders text itself with ab_glyph, each glyph placed at the pen position plus its
//! own bounds (side bearing) and the pen moved by the glyph's advance and the font's
//! kerning. plotters' ab_glyph path places each glyph's ink box at the pen and so drops
//! the side bearings: narrow glyphs after wide ones left gaps ("BP T", "LOKI 2",
//! "profi t"). Every text of the picture is in the one font compiled in (DejaVu Sans,
//! Bitstream Vera licence, see `assets/DejaVuSans-LICENSE.txt`), whatever family a style
//! names.
use ab_glyph::{point, Font, FontRef, Glyph, OutlinedGlyph, PxScale, ScaleFont};
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
};

/// DejaVu Sans, compiled in.
pub static FONT: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");

/// The font compiled in (it parses: the bytes are fixed and tested).
pub fn font() -> FontRef<'static> {
    FontRef::try_from_slice(FONT).expect("the DejaVu Sans compiled in parses")
}

/// A line of text laid out at `size` pixels: its glyphs placed with the top of the line
/// at y = 0 and the pen starting at x = 0, the advance width and the line height.
pub struct Layout {
    /// The glyphs with ink, outlined at their places.
    pub glyphs: Vec<OutlinedGlyph>,
    /// The pen's final position: the width of the line.
    pub width: f32,
    /// Ascent minus descent.
    pub height: f32,
}

/// Lays out one line of text.
pub fn layout(font: &FontRef<'static>, text: &str, size: f32) -> Layout {
    let scaled = font.as_scaled(PxScale::from(size));
    let ascent = scaled.ascent();
    let mut pen = 0.0f32;
    let mut prev = None;
    let mut glyphs = Vec::new();
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(p) = prev {
            pen += scaled.kern(p, id);
        }
        let glyph: Glyph = id.with_scale_and_position(size, point(pen, ascent));
        if let Some(outlined) = font.outline_glyph(glyph) {
            glyphs.push(outlined);
        }
        pen += scaled.h_advance(id);
        prev = Some(id);
    }
    Layout {
        glyphs,
        width: pen,
        height: ascent - scaled.descent(),
    }
}

/// A backend that renders text with [`layout`] and passes everything else through.
pub struct GlyphText<B> {
    inner: B,
    font: FontRef<'static>,
}

impl<B: DrawingBackend> GlyphText<B> {
    /// Wraps a backend.
    pub fn new(inner: B) -> Self {
        GlyphText {
            inner,
            font: font(),
        }
    }
}

impl<B: DrawingBackend> DrawingBackend for GlyphText<B> {
    type ErrorType = B::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }
    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.inner.ensure_prepared()
    }
    fn present(&mut self) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.inner.present()
    }
    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.inner.draw_pixel(point, color)
    }
    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.inner.draw_line(from, to, style)
    }
    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.inner.draw_rect(upper_left, bottom_right, style, fill)
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.inner.draw_path(path, style)
    }
    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.inner.draw_circle(center, radius, style, fill)
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.inner.fill_polygon(vert, style)
    }
    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        (w, h): (u32, u32),
        src: &[u8],
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.inner.blit_bitmap(pos, (w, h), src)
    }

    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), DrawingErrorKind<B::ErrorType>> {
        let l = layout(&self.font, text, style.size() as f32);
        Ok((l.width.ceil() as u32, l.height.ceil() as u32))
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        let color = style.color();
        if color.alpha == 0.0 {
            return Ok(());
        }
        let l = layout(&self.font, text, style.size() as f32);
        let (w, h) = (l.width.round() as i32, l.height.round() as i32);
        let dx = match style.anchor().h_pos {
            HPos::Left => 0,
            HPos::Right => -w,
            HPos::Center => -w / 2,
        };
        let dy = match style.anchor().v_pos {
            VPos::Top => 0,
            VPos::Center => -h / 2,
            VPos::Bottom => -h,
        };
        let trans = style.transform();
        let mut pixels = Vec::new();
        for g in &l.glyphs {
            let b = g.px_bounds();
            g.draw(|x, y, coverage| {
                if coverage > 0.0 {
                    let (tx, ty) = trans.transform(
                        b.min.x as i32 + x as i32 + dx,
                        b.min.y as i32 + y as i32 + dy,
                    );
                    pixels.push(((pos.0 + tx, pos.1 + ty), coverage.min(1.0)));
                }
            });
        }
        for (p, coverage) in pixels {
            self.inner.draw_pixel(
                p,
                BackendColor {
                    alpha: color.alpha * coverage as f64,
                    rgb: color.rgb,
                },
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The left and right ink edges of each glyph of a line.
    fn ink(text: &str) -> Vec<(f32, f32)> {
        layout(&font(), text, 14.0)
            .glyphs
            .iter()
            .map(|g| (g.px_bounds().min.x, g.px_bounds().max.x))
            .collect()
    }

    #[test]
    fn glyphs_sit_at_their_advance_and_side_bearing() {
        // B's ink starts at its left side bearing, over a pixel right of the pen (the
        // old path put it at the pen: "BP T").
        let f = font();
        let scaled = f.as_scaled(PxScale::from(14.0));
        let lsb = scaled.h_side_bearing(scaled.glyph_id('B'));
        assert!(lsb > 1.0, "{lsb}");
        assert!((ink("B")[0].0 - lsb).abs() < 1.0, "{:?} vs {lsb}", ink("B"));
        // And each glyph starts where the pen was plus its left side bearing: the ink of
        // "T" in "PT" is where it is in "T" moved by P's advance.
        let advance_p = scaled.h_advance(scaled.glyph_id('P'))
            + scaled.kern(scaled.glyph_id('P'), scaled.glyph_id('T'));
        let alone = ink("T")[0].0;
        let after = ink("PT")[1].0;
        assert!(
            (after - alone - advance_p).abs() < 1.0,
            "{after} vs {alone} + {advance_p}"
        );
    }

    #[test]
    fn width_is_the_sum_of_advances_and_spaces_have_no_ink() {
        let l = layout(&font(), "A B", 20.0);
        assert_eq!(l.glyphs.len(), 2);
        let f = font();
        let scaled = f.as_scaled(PxScale::from(20.0));
        let sum: f32 = "A B"
            .chars()
            .map(|c| scaled.h_advance(scaled.glyph_id(c)))
            .sum();
        assert!((l.width - sum).abs() < 0.5);
        assert!(l.height > 19.0 && l.height < 25.0, "{}", l.height);
    }
}
