//! The counts pass over the dense rows of the rank cache (`rows.rs`), the reference the
//! counts pass over the type tables (`crates/assess/src/range/by_type.rs`) is compared
//! with; written to auto-vectorise, and on x86-64 CPUs with AVX2 compiled a second time
//! with AVX2 and chosen at run time, as `crates/assess/src/range/simd.rs` does for the
//! fast passes (so that the bench times both the same way).
#![allow(unsafe_code)]

/// The counts pass of one hand over dense rows ([`count_rows_portable`]), with AVX2 when
/// the CPU has it.
pub fn count_rows(y: &[i8], rows: &[(usize, i8)], below: &mut [u16], equal: &mut [u16]) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2 (detected just above), the only
            // precondition of calling a `#[target_feature(enable = "avx2")]` function.
            unsafe { count_rows_avx2(y, rows, below, equal) };
            return;
        }
    }
    count_rows_portable(y, rows, below, equal)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn count_rows_avx2(y: &[i8], rows: &[(usize, i8)], below: &mut [u16], equal: &mut [u16]) {
    count_rows_portable(y, rows, below, equal)
}

/// For every listed runout row (offset into `y`, our dense rank there) and every holding
/// k: `below[k] += y[k] < ours`, `equal[k] += y[k] == ours`. Signed byte compares (the
/// dead-holding sentinel counts as neither), byte counters for up to 248 rows at a time
/// widened into the 16-bit totals, rows taken eight at a time so that the counters stay
/// in registers; written so that it auto-vectorises.
#[inline(always)]
pub fn count_rows_portable(y: &[i8], rows: &[(usize, i8)], below: &mut [u16], equal: &mut [u16]) {
    const L: usize = 32;
    const G: usize = 8;
    const BLOCK: usize = 248;
    let n = below.len().min(equal.len());
    let full = n / L * L;
    let mut b8 = vec![0u8; n];
    let mut e8 = vec![0u8; n];
    for block in rows.chunks(BLOCK) {
        b8.fill(0);
        e8.fill(0);
        for group in block.chunks(G) {
            let segs: Vec<(&[i8], i8)> = group
                .iter()
                .filter_map(|&(off, yh)| Some((y.get(off..off + n)?, yh)))
                .collect();
            let mut c = 0;
            while c < full {
                let mut lt = [0u8; L];
                let mut eq = [0u8; L];
                for &(row, yh) in &segs {
                    let Some(seg) = row.get(c..c + L) else {
                        continue;
                    };
                    for i in 0..L {
                        lt[i] = lt[i].wrapping_add(u8::from(seg[i] < yh));
                        eq[i] = eq[i].wrapping_add(u8::from(seg[i] == yh));
                    }
                }
                for (d, v) in b8[c..c + L].iter_mut().zip(lt) {
                    *d = d.wrapping_add(v);
                }
                for (d, v) in e8[c..c + L].iter_mut().zip(eq) {
                    *d = d.wrapping_add(v);
                }
                c += L;
            }
            for &(row, yh) in &segs {
                for k in full..n {
                    b8[k] = b8[k].wrapping_add(u8::from(row[k] < yh));
                    e8[k] = e8[k].wrapping_add(u8::from(row[k] == yh));
                }
            }
        }
        for (d, &v) in below.iter_mut().zip(&b8) {
            *d = d.wrapping_add(u16::from(v));
        }
        for (d, &v) in equal.iter_mut().zip(&e8) {
            *d = d.wrapping_add(u16::from(v));
        }
    }
}
