//! Runtime ISA dispatch: the hot loops (the range-table sweep and the per-hand counts
//! pass over the rank cache's type tables) are portable Rust written to auto-vectorise; on x86-64 CPUs
//! with AVX2 the same code is compiled a second time with AVX2 enabled (lanes twice as wide) and chosen at run time. Everything else falls back to the portable
//! build.
#![allow(unsafe_code)]
use super::board::BoardInfo;
use super::by_type::TypeTables;
use super::sweep::{CacheRows, Fill, Sums};

/// The range-table sweep (see `sweep::sweep`).
pub(crate) fn sweep(
    info: &BoardInfo,
    cache: Option<CacheRows<'_>>,
    fill: Fill,
    sums: bool,
) -> Vec<Sums> {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("bmi1")
        {
            // SAFETY: the CPU supports AVX2, POPCNT and BMI1 (detected just above), the
            // only precondition of calling a function with those target features.
            return unsafe { sweep_avx2(info, cache, fill, sums) };
        }
    }
    super::sweep::sweep(info, cache, fill, sums)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt,bmi1")]
fn sweep_avx2(info: &BoardInfo, cache: Option<CacheRows<'_>>, fill: Fill, sums: bool) -> Vec<Sums> {
    super::sweep::sweep(info, cache, fill, sums)
}

/// The counts pass of one hand over the type tables (see `by_type::hand_tally`).
pub(crate) fn hand_tally(cache: &TypeTables<'_>, h: usize) -> (Vec<u16>, Vec<u16>) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2 (detected just above), the only
            // precondition of calling a `#[target_feature(enable = "avx2")]` function.
            return unsafe { hand_tally_avx2(cache, h) };
        }
    }
    super::by_type::hand_tally(cache, h)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn hand_tally_avx2(cache: &TypeTables<'_>, h: usize) -> (Vec<u16>, Vec<u16>) {
    super::by_type::hand_tally(cache, h)
}

/// The type tables of the rank cache of the board `info` describes (each runout's group,
/// the groups' tables), from the cache part of the sweep alone.
pub(crate) fn type_tables(info: &BoardInfo) -> (Vec<u16>, Vec<u16>) {
    let mut groups = vec![0u16; info.runouts.len()];
    let mut ranks = Vec::new();
    let mut no_rows: [i8; 0] = [];
    sweep(
        info,
        Some((&mut no_rows[..], &mut groups[..], &mut ranks)),
        Fill::Types,
        false,
    );
    (groups, ranks)
}
