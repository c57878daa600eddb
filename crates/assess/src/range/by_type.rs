//! The counts pass of one hand over the rank cache's type tables (`cache.rs`): for every
//! opponent holding k, the runouts it shares with our hand that end with k below us and
//! tied. On a runout every live holding's river rank is its group's entry for its type,
//! so the runouts of one group and flush suit compare alike, type by type:
//!
//! * per (group, flush suit), with `m` runouts of it avoiding our cards, every type below
//!   (tied with) our type there adds `m` to its total (a 676-entry compare-and-add);
//! * the runouts through one of k's cards must not count for k (k is dead on them): per
//!   runout card c and flush suit, the types below (tied with) ours on the row of c's
//!   type are tallied (26 entries), and k takes back the tallies of its two cards at the
//!   other card's type; on a flop the runout of k's own two cards was taken back twice,
//!   and k adds it once more.
//!
//! Written to auto-vectorise; `simd.rs` compiles it a second time with AVX2. The
//! counts are those of one compare per holding and runout over the dense rows (a test
//! compares both on every flop class).
use super::board::BoardInfo;
use super::sweep::{card_type, CT, TYPE_TABLE};

/// Flush-suit values: the four suits and "none".
const SUITS: usize = 5;

/// `CARD_TYPES[s][c]`: the card type of card index `c` under flush-suit value `s`.
static CARD_TYPES: [[u8; 52]; SUITS] = {
    let mut out = [[0u8; 52]; SUITS];
    let mut s = 0;
    while s < SUITS {
        let mut c = 0;
        while c < 52 {
            out[s][c] = card_type(c, s);
            c += 1;
        }
        s += 1;
    }
    out
};

/// The rank cache's parts the counts pass reads: the board, each runout's group and
/// flush suit, the groups' type tables.
pub(crate) struct TypeTables<'a> {
    pub info: &'a BoardInfo,
    pub groups: &'a [u16],
    pub suits: &'a [u8],
    pub ranks: &'a [u16],
}

/// `(below, equal)` by local holding for our hand at local index `h` (zero for the
/// holdings that share a card with ours).
#[inline(always)]
pub(crate) fn hand_tally(cache: &TypeTables<'_>, h: usize) -> (Vec<u16>, Vec<u16>) {
    let info = cache.info;
    let n = info.n();
    let mut below = vec![0u16; n];
    let mut equal = vec![0u16; n];
    let (Some(&hm), Some(&(ha, hb))) = (info.masks.get(h), info.cards.get(h)) else {
        return (below, equal);
    };
    let types = &CARD_TYPES;
    let key = |a: u8, b: u8, s: usize| {
        usize::from(types[s][usize::from(a) % 52]) * CT + usize::from(types[s][usize::from(b) % 52])
    };
    let groups = cache.ranks.len() / TYPE_TABLE;
    // Runouts avoiding our cards per (group, flush suit), and per (runout card, flush
    // suit) the types on the row of the card's type below and tied with ours.
    let mut runs = vec![0u16; groups * SUITS];
    let mut card_lt = vec![[0u16; CT]; 52 * SUITS];
    let mut card_eq = vec![[0u16; CT]; 52 * SUITS];
    let mut seen = 0u8;
    for (j, (&(c1, c2), &mask)) in info.runouts.iter().zip(&info.runout_masks).enumerate() {
        if mask & hm != 0 {
            continue;
        }
        let (Some(&g), Some(&s)) = (cache.groups.get(j), cache.suits.get(j)) else {
            continue;
        };
        let (g, s) = (usize::from(g), usize::from(s) % SUITS);
        let Some(table) = cache.ranks.get(g * TYPE_TABLE..(g + 1) * TYPE_TABLE) else {
            continue;
        };
        if let Some(r) = runs.get_mut(g * SUITS + s) {
            *r += 1;
        }
        seen |= 1 << s;
        let yh = table[key(ha, hb, s)];
        for c in [c1, c2] {
            if c >= 52 {
                continue;
            }
            let t = usize::from(types[s][usize::from(c)]);
            let slot = usize::from(c) * SUITS + s;
            let (Some(row), Some(lt), Some(eq)) = (
                table.get(t * CT..(t + 1) * CT),
                card_lt.get_mut(slot),
                card_eq.get_mut(slot),
            ) else {
                continue;
            };
            for ((l, e), &y) in lt.iter_mut().zip(eq.iter_mut()).zip(row) {
                *l += u16::from(y < yh);
                *e += u16::from(y == yh);
            }
        }
    }
    let mut acc_lt = vec![0u16; SUITS * TYPE_TABLE];
    let mut acc_eq = vec![0u16; SUITS * TYPE_TABLE];
    for (table, runs) in cache
        .ranks
        .chunks_exact(TYPE_TABLE)
        .zip(runs.chunks_exact(SUITS))
    {
        for (s, &m) in runs.iter().enumerate() {
            if m == 0 {
                continue;
            }
            let yh = table[key(ha, hb, s)];
            let span = s * TYPE_TABLE..(s + 1) * TYPE_TABLE;
            let (Some(lt), Some(eq)) = (acc_lt.get_mut(span.clone()), acc_eq.get_mut(span)) else {
                continue;
            };
            for ((l, e), &y) in lt.iter_mut().zip(eq.iter_mut()).zip(table) {
                *l = l.wrapping_add(m & 0u16.wrapping_sub(u16::from(y < yh)));
                *e = e.wrapping_add(m & 0u16.wrapping_sub(u16::from(y == yh)));
            }
        }
    }
    let pairs = info.runouts.first().is_some_and(|&(_, c2)| c2 < 52);
    for (k, (&(ka, kb), &mask)) in info.cards.iter().zip(&info.masks).enumerate() {
        if mask & hm != 0 {
            continue;
        }
        let (mut lt, mut eq) = (0u16, 0u16);
        let mut rest = seen;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (ta, tb) = (
                usize::from(types[s][usize::from(ka)]),
                usize::from(types[s][usize::from(kb)]),
            );
            let (a, b) = (usize::from(ka) * SUITS + s, usize::from(kb) * SUITS + s);
            let all = s * TYPE_TABLE + ta * CT + tb;
            lt = lt
                .wrapping_add(acc_lt[all])
                .wrapping_sub(card_lt[a][tb])
                .wrapping_sub(card_lt[b][ta]);
            eq = eq
                .wrapping_add(acc_eq[all])
                .wrapping_sub(card_eq[a][tb])
                .wrapping_sub(card_eq[b][ta]);
        }
        // With two-card runouts (a flop's) the runouts are the holdings, in the same
        // order: the runout of k's own cards was taken back through each of them.
        if pairs && info.runouts.get(k) == Some(&(ka, kb)) {
            let (Some(&g), Some(&s)) = (cache.groups.get(k), cache.suits.get(k)) else {
                continue;
            };
            let s = usize::from(s) % SUITS;
            if let Some(table) = cache
                .ranks
                .get(usize::from(g) * TYPE_TABLE..(usize::from(g) + 1) * TYPE_TABLE)
            {
                let (yh, yk) = (table[key(ha, hb, s)], table[key(ka, kb, s)]);
                lt = lt.wrapping_add(u16::from(yk < yh));
                eq = eq.wrapping_add(u16::from(yk == yh));
            }
        }
        below[k] = lt;
        equal[k] = eq;
    }
    (below, equal)
}
