//! The colors of the player types: four of Okabe and Ito's qualitative palette ("Color
//! Universal Design", 2008: black, blue, bluish green, orange), then six of ours (magenta,
//! brick, purple, olive, lavender, coral) chosen by a search that maximizes the smallest
//! CIEDE2000 difference of any pair among colors of lightness 25 to 65 (readable lines on
//! white). Every pair of the ten differs by at least 27.5 (the old palette, matplotlib's
//! tab10, had pairs at 16.2, and its blue and teal, BPT's and TP's in a ten-kind field,
//! at 27.3 read as one hue on a line two pixels wide), each at least 30 from the white
//! background. `delta_e2000` is the measure (Sharma, Wu and Dalal 2005), tested on their
//! data.

/// The palette as sRGB, the first colors for the first player types of the list.
pub const PALETTE: [(u8, u8, u8); 10] = [
    (0, 0, 0),
    (0, 114, 178),
    (0, 158, 115),
    (230, 159, 0),
    (238, 0, 136),
    (136, 34, 34),
    (102, 0, 170),
    (85, 85, 0),
    (170, 136, 238),
    (255, 102, 68),
];

/// The color of the `i`-th player type (in the order of the player list; the palette
/// repeats after ten).
pub fn color(i: usize) -> (u8, u8, u8) {
    PALETTE[i % PALETTE.len()]
}

/// CIELAB (D65 white) of an sRGB color.
pub fn lab((r, g, b): (u8, u8, u8)) -> [f64; 3] {
    let lin = |u: u8| {
        let u = u as f64 / 255.0;
        if u > 0.04045 {
            ((u + 0.055) / 1.055).powf(2.4)
        } else {
            u / 12.92
        }
    };
    let (r, g, b) = (lin(r), lin(g), lin(b));
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// The CIEDE2000 color difference of two CIELAB colors (Sharma, Wu and Dalal 2005,
/// with kL = kC = kH = 1).
pub fn delta_e2000(lab1: [f64; 3], lab2: [f64; 3]) -> f64 {
    let [l1, a1, b1] = lab1;
    let [l2, a2, b2] = lab2;
    let c_bar = (a1.hypot(b1) + a2.hypot(b2)) / 2.0;
    let p7 = |c: f64| c.powi(7) / (c.powi(7) + 25f64.powi(7));
    let g = 0.5 * (1.0 - p7(c_bar).sqrt());
    let (a1p, a2p) = ((1.0 + g) * a1, (1.0 + g) * a2);
    let (c1p, c2p) = (a1p.hypot(b1), a2p.hypot(b2));
    let hue = |b: f64, a: f64| {
        if a == 0.0 && b == 0.0 {
            0.0
        } else {
            b.atan2(a).to_degrees().rem_euclid(360.0)
        }
    };
    let (h1p, h2p) = (hue(b1, a1p), hue(b2, a2p));
    let dl = l2 - l1;
    let dc = c2p - c1p;
    let dh = if c1p * c2p == 0.0 {
        0.0
    } else if (h2p - h1p).abs() <= 180.0 {
        h2p - h1p
    } else if h2p - h1p > 180.0 {
        h2p - h1p - 360.0
    } else {
        h2p - h1p + 360.0
    };
    let dh_big = 2.0 * (c1p * c2p).sqrt() * (dh / 2.0).to_radians().sin();
    let l_bar = (l1 + l2) / 2.0;
    let cp_bar = (c1p + c2p) / 2.0;
    let h_bar = if c1p * c2p == 0.0 {
        h1p + h2p
    } else if (h1p - h2p).abs() <= 180.0 {
        (h1p + h2p) / 2.0
    } else if h1p + h2p < 360.0 {
        (h1p + h2p + 360.0) / 2.0
    } else {
        (h1p + h2p - 360.0) / 2.0
    };
    let cos = |deg: f64| deg.to_radians().cos();
    let t =
        1.0 - 0.17 * cos(h_bar - 30.0) + 0.24 * cos(2.0 * h_bar) + 0.32 * cos(3.0 * h_bar + 6.0)
            - 0.20 * cos(4.0 * h_bar - 63.0);
    let d_theta = 30.0 * (-((h_bar - 275.0) / 25.0).powi(2)).exp();
    let r_c = 2.0 * p7(cp_bar).sqrt();
    let s_l = 1.0 + 0.015 * (l_bar - 50.0).powi(2) / (20.0 + (l_bar - 50.0).powi(2)).sqrt();
    let s_c = 1.0 + 0.045 * cp_bar;
    let s_h = 1.0 + 0.015 * cp_bar * t;
    let r_t = -(2.0 * d_theta).to_radians().sin() * r_c;
    let (x, y, z) = (dl / s_l, dc / s_c, dh_big / s_h);
    (x * x + y * y + z * z + r_t * y * z).sqrt()
}

/// The difference of two sRGB colors in CIEDE2000.
pub fn distance(c1: (u8, u8, u8), c2: (u8, u8, u8)) -> f64 {
    delta_e2000(lab(c1), lab(c2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ciede2000_matches_sharma_wu_dalal() {
        // Pairs 1, 7, 17, 25 and 34 of the paper's test data (Table 1).
        let cases = [
            ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
            ([50.0, 0.0, 0.0], [50.0, -1.0, 2.0], 2.3669),
            ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0], 27.1492),
            (
                [60.2574, -34.0099, 36.2677],
                [60.4626, -34.1751, 39.4387],
                1.2644,
            ),
            (
                [2.0776, 0.0795, -1.1350],
                [0.9033, -0.0636, -0.5514],
                0.9082,
            ),
        ];
        for (a, b, want) in cases {
            let got = delta_e2000(a, b);
            assert!((got - want).abs() < 1e-4, "{a:?} {b:?}: {got} != {want}");
            assert!((delta_e2000(b, a) - want).abs() < 1e-4, "symmetric");
        }
    }

    #[test]
    fn ten_kinds_stay_apart() {
        let mut closest = f64::INFINITY;
        for (i, &a) in PALETTE.iter().enumerate() {
            for &b in &PALETTE[i + 1..] {
                closest = closest.min(distance(a, b));
            }
            let white = distance(a, (255, 255, 255));
            assert!(white >= 30.0, "color {i} is {white:.1} from white");
        }
        assert!(closest >= 27.5, "closest pair {closest:.1}");
        // The old palette (tab10) fails: its red and brown, its purple and pink.
        assert!(distance((214, 39, 40), (140, 86, 75)) < 20.0);
        assert!(distance((148, 103, 189), (227, 119, 194)) < 20.0);
    }
}
