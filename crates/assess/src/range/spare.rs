//! Spare buffers for the largest per-board table, the river-rank cache's type tables of
//! a flop (up to 355 groups of 676 entries: 480 KB), kept by the flop class store the
//! board caches share when a cache is dropped and reused by the next flop's cache.
//! Without them every new flop asks the allocator for half a megabyte and frees it a
//! hand later; glibc's allocator then serves it from freshly mapped pages as often as
//! not (its trimming and mapping thresholds decide, so it varies from run to run with
//! what the process allocated before), and the page faults cost a first flop decision
//! about a fifth of its time. A buffer holds no data across boards (it is cleared when
//! taken), and the spares go with the store and the last cache that took from it: a
//! server whose tables all close gets the memory back.
use super::sweep::TYPE_TABLE;
use std::sync::Mutex;

/// The most runout groups a flop has (a two-tone flop: 355), so the capacity of a flop's
/// type tables (every flop's fit).
pub(crate) const FLOP_TABLES: usize = 355 * TYPE_TABLE;

/// Spare buffers kept (**ours**: about as many as threads build flops at once; four of
/// 480 KB, about 2 MB at most).
const SPARES: usize = 4;

/// The spare buffers of a flop class store (see the module docs).
#[derive(Debug, Default)]
pub(crate) struct Spares(Mutex<Vec<Vec<u16>>>);

impl Spares {
    /// An empty buffer with room for a flop's type tables: a spare one if any, else a
    /// new one.
    pub(crate) fn flop_tables(&self) -> Vec<u16> {
        let spare = self.0.lock().ok().and_then(|mut s| s.pop());
        match spare {
            Some(mut v) => {
                v.clear();
                v
            }
            None => Vec::with_capacity(FLOP_TABLES),
        }
    }

    /// Keeps `buffer` as a spare if it has room for a flop's type tables and fewer than
    /// [`SPARES`] are kept; otherwise frees it.
    pub(crate) fn give_back(&self, buffer: Vec<u16>) {
        if buffer.capacity() < FLOP_TABLES {
            return;
        }
        if let Ok(mut s) = self.0.lock() {
            if s.len() < SPARES {
                s.push(buffer);
            }
        }
    }

    /// The spares kept.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.0.lock().map_or(0, |s| s.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A buffer given back is taken again, empty, with its room; at most `SPARES` are
    /// kept; small buffers are not kept.
    #[test]
    fn spares_are_reused_empty_and_bounded() {
        let spares = Spares::default();
        let mut a = spares.flop_tables();
        assert!(a.capacity() >= FLOP_TABLES && a.is_empty());
        a.extend([7u16; 10]);
        let at = a.as_ptr();
        spares.give_back(a);
        let b = spares.flop_tables();
        assert_eq!(b.as_ptr(), at, "the spare is reused");
        assert!(b.is_empty());
        spares.give_back(Vec::with_capacity(10));
        assert_eq!(spares.len(), 0, "a small buffer is not kept");
        for _ in 0..SPARES + 2 {
            spares.give_back(Vec::with_capacity(FLOP_TABLES));
        }
        assert_eq!(spares.len(), SPARES);
        drop(b);
    }
}
