//! Spare buffers for the largest per-board table, the river-rank cache's type tables of
//! a flop (up to 355 groups of 676 entries: 480 KB), kept per thread when a cache is
//! dropped and reused by the next flop's cache on that thread. Without them every new
//! flop asks the allocator for half a megabyte and frees it a hand later; glibc's
//! allocator then serves it from freshly mapped pages as often as not (its
//! trimming and mapping thresholds decide), and the page faults cost a first flop
//! decision about a fifth of its time, varying from run to run with the allocator's
//! state. A buffer holds no data across boards: it is cleared when taken.
use super::sweep::TYPE_TABLE;
use std::cell::RefCell;

/// The most runout groups a flop has (a two-tone flop: 355), so the capacity of a flop's
/// type tables (every flop's fit).
pub(crate) const FLOP_TABLES: usize = 355 * TYPE_TABLE;

/// Spare buffers kept per thread (**ours**: a thread rarely builds more than a few flops'
/// caches between drops): four of 480 KB, about 2 MB a thread at most.
const SPARES: usize = 4;

thread_local! {
    static TABLES: RefCell<Vec<Vec<u16>>> = const { RefCell::new(Vec::new()) };
}

/// An empty buffer with room for a flop's type tables: a spare one of this thread if
/// any, else a new one.
pub(crate) fn flop_tables() -> Vec<u16> {
    let spare = TABLES
        .try_with(|t| t.try_borrow_mut().ok().and_then(|mut t| t.pop()))
        .ok()
        .flatten();
    match spare {
        Some(mut v) => {
            v.clear();
            v
        }
        None => Vec::with_capacity(FLOP_TABLES),
    }
}

/// Keeps `buffer` as a spare of this thread if it has room for a flop's type tables
/// and fewer than [`SPARES`] are kept; otherwise frees it.
pub(crate) fn give_back(buffer: Vec<u16>) {
    if buffer.capacity() < FLOP_TABLES {
        return;
    }
    // A thread being torn down has no spares: the buffer is freed.
    let _ = TABLES.try_with(|t| {
        if let Ok(mut t) = t.try_borrow_mut() {
            if t.len() < SPARES {
                t.push(buffer);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A buffer given back is taken again, empty, with its room; at most `SPARES` are
    /// kept; small buffers are not kept.
    #[test]
    fn spares_are_reused_empty_and_bounded() {
        let mut a = flop_tables();
        assert!(a.capacity() >= FLOP_TABLES && a.is_empty());
        a.extend([7u16; 10]);
        let at = a.as_ptr();
        give_back(a);
        let b = flop_tables();
        assert_eq!(b.as_ptr(), at, "the spare is reused");
        assert!(b.is_empty());
        give_back(Vec::with_capacity(10));
        let c = flop_tables();
        assert!(c.capacity() >= FLOP_TABLES);
        for _ in 0..SPARES + 2 {
            give_back(Vec::with_capacity(FLOP_TABLES));
        }
        assert_eq!(TABLES.with(|t| t.borrow().len()), SPARES);
        drop((b, c));
    }
}
