//! The runout-major sweep over holding types (algorithm B of the module docs).
use super::board::BoardInfo;
use super::prefix::Prefix;

/// Card types: `2 * rank + (suit == flush suit)`.
pub(crate) const CT: usize = 26;
/// Entries of a runout group's type table ([`Fill::Types`]): one per ordered pair of card
/// types, `a * CT + b` (both orders hold the same rank).
pub(crate) const TYPE_TABLE: usize = CT * CT;
/// The type table's entry of a holding type with no live holding on the group's runouts:
/// above every river rank (a rank's category is in its top four bits and at most 9, so
/// ranks stay below 40,960), so that it compares as neither below nor tied with a live
/// holding.
pub(crate) const ABSENT: u16 = u16::MAX;
/// Key stride: type keys are `a * KS + b` with `a <= b`; `26` marks a dead card.
const KS: usize = 27;
/// The card type of a dead card.
const DEAD: u8 = 26;
/// Suit value meaning "no suit has three or more cards on the 5-card board".
const NO_SUIT: usize = 4;

/// Sums over runouts, per holding: `[a1, a2, b1, b2, n1, n2]` with
/// a1 = #{x_o < x_h, y_o < y_h}, a2 = #{x_o < x_h, y_o = y_h},
/// b1 = #{x_o = x_h, y_o < y_h}, b2 = #{x_o = x_h, y_o = y_h},
/// n1 = #{y_o < y_h}, n2 = #{y_o = y_h}.
pub(crate) type Sums = [u32; 6];

/// One holding type on one runout.
#[derive(Clone, Copy, Default)]
struct TypeRec {
    /// Card types, `a <= b`.
    a: u8,
    b: u8,
    /// Rank class on the current board.
    xc: u16,
    /// River rank.
    y: u16,
    /// Live holdings of this type.
    m: u16,
    /// Holdings of this type through one fixed card of type `a` (`b`).
    wa: u16,
    wb: u16,
}

/// The counts of one counter at rank class `c`: `[below, at or below, all]`.
#[inline(always)]
fn counts(p: &Prefix, tot: i32, c: usize) -> [i32; 3] {
    let (lt, le) = p.lt_le(c);
    [i32::from(lt), i32::from(le), tot]
}

/// The counts of holdings swept so far relative to type `t` (`[x below, x at or below,
/// all]`), over live holdings avoiding `t`'s two cards (global minus the two card types'
/// counters; the holding itself is added back by the caller).
#[inline(always)]
fn query(t: &TypeRec, le_g: &Prefix, le_p: &[Prefix], tot_g: i32, tot_p: &[i32; CT]) -> [i32; 3] {
    let c = t.xc as usize;
    let (a, b) = (t.a as usize, t.b as usize);
    let part = |k: usize| match le_p.get(k) {
        Some(p) => counts(p, tot_p[k % CT], c),
        None => [0; 3],
    };
    let g = counts(le_g, tot_g, c);
    let pa = part(a);
    if a == b {
        [g[0] - 2 * pa[0], g[1] - 2 * pa[1], g[2] - 2 * pa[2]]
    } else {
        let pb = part(b);
        [
            g[0] - pa[0] - pb[0],
            g[1] - pa[1] - pb[1],
            g[2] - pa[2] - pb[2],
        ]
    }
}

#[inline(always)]
fn key(a: u8, b: u8) -> usize {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    a as usize * KS + b as usize
}

/// The card type of card index `c` under flush-suit value `s` (0..4; 4: none).
#[inline(always)]
pub(crate) const fn card_type(c: usize, s: usize) -> u8 {
    (c / 4 * 2 + (c % 4 == s) as usize) as u8
}

/// Groups of equal river rank a runout can have in the dense cache (`i8` values
/// `-128..=126`; `127` marks a dead holding). At most 91 non-flush rank pairs plus 56
/// flush classes exist on one 5-card board, so 255 is never reached.
pub(crate) const MAX_GROUPS: usize = 255;
/// The rank cache's parts the sweep fills: the dense rows (runouts x holdings), each
/// runout's rank table, and the rank tables (one per runout group, [`RANK_STRIDE`]
/// entries each, appended).
pub(crate) type CacheRows<'a> = (&'a mut [i8], &'a mut [u16], &'a mut Vec<u16>);
/// Stride of the per-group table "dense group -> river rank".
pub(crate) const RANK_STRIDE: usize = 256;
/// The dense value of a dead holding.
pub(crate) const DEAD_DENSE: i8 = i8::MAX;

/// Fills `order` with `y << 16 | type index` for every type, ascending (a two-pass radix
/// sort on the river rank; the type indices are already ascending within a rank).
fn sort_by_river_rank(types: &[TypeRec], order: &mut Vec<u32>, scratch: &mut Vec<u32>) {
    scratch.clear();
    scratch.extend(
        types
            .iter()
            .enumerate()
            .map(|(i, t)| u32::from(t.y) << 16 | i as u32),
    );
    order.clear();
    order.resize(scratch.len(), 0);
    for shift in [16, 24] {
        let mut start = [0usize; 257];
        for &k in scratch.iter() {
            start[(k >> shift & 0xff) as usize + 1] += 1;
        }
        for d in 1..257 {
            start[d] += start[d - 1];
        }
        for &k in scratch.iter() {
            let d = (k >> shift & 0xff) as usize;
            if let Some(slot) = order.get_mut(start[d]) {
                *slot = k;
            }
            start[d] += 1;
        }
        std::mem::swap(order, scratch);
    }
    std::mem::swap(order, scratch);
}

/// The order of each river rank among a runout's distinct river ranks, from a two-level
/// bit set over the 16-bit ranks (256 blocks of 256 bits): the same groups as counting
/// the distinct ranks below in sorted order, without sorting.
struct DenseRanks {
    /// Blocks holding a rank.
    top: [u64; 4],
    /// Per block, its 256 bits.
    bits: Vec<[u64; 4]>,
    /// Per block and word, the ranks in earlier words and blocks.
    before: Vec<[u16; 4]>,
}

impl DenseRanks {
    /// The bit set over `blocks` blocks (256 for every 16-bit rank; 0 when unused).
    fn new(blocks: usize) -> DenseRanks {
        DenseRanks {
            top: [0; 4],
            bits: vec![[0; 4]; blocks],
            before: vec![[0; 4]; blocks],
        }
    }

    /// Takes the runout's river ranks; `group_rank` gets the rank of each group (the
    /// distinct ranks ascending, zeros after them).
    #[inline(always)]
    fn build(&mut self, ys: impl Iterator<Item = u16>, group_rank: &mut [u16; RANK_STRIDE]) {
        for (w, word) in self.top.iter_mut().enumerate() {
            while *word != 0 {
                let b = w * 64 + word.trailing_zeros() as usize;
                *word &= *word - 1;
                self.bits[b] = [0; 4];
            }
        }
        for y in ys {
            let (b, lo) = (usize::from(y >> 8), usize::from(y & 0xff));
            self.top[b / 64] |= 1 << (b % 64);
            self.bits[b][lo / 64] |= 1 << (lo % 64);
        }
        group_rank.fill(0);
        let mut count = 0u16;
        for (w, &word) in self.top.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                let b = w * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                for (i, &bits) in self.bits[b].iter().enumerate() {
                    self.before[b][i] = count;
                    let mut r = bits;
                    while r != 0 {
                        let lo = i * 64 + r.trailing_zeros() as usize;
                        r &= r - 1;
                        if let Some(slot) = group_rank.get_mut(usize::from(count)) {
                            *slot = (b << 8 | lo) as u16;
                        }
                        count += 1;
                    }
                }
            }
        }
    }

    /// The dense cache value of river rank `y` (one of those taken): its group - 128.
    #[inline(always)]
    fn group(&self, y: u16) -> i8 {
        let (b, lo) = (usize::from(y >> 8), usize::from(y & 0xff));
        let (w, bit) = (lo / 64, lo % 64);
        let below = (self.bits[b][w] & ((1u64 << bit) - 1)).count_ones() as usize;
        let g = usize::from(self.before[b][w]) + below;
        (g.min(MAX_GROUPS - 1) as i32 - 128) as i8
    }
}

/// The flush suit of a 5-card (or 4-card) board given as a card mask: the suit with 3 or
/// more cards (at most one), or [`NO_SUIT`].
pub(crate) fn flush_suit(board: u64) -> usize {
    (0..4)
        .find(|&s| (board >> s & 0x0001_1111_1111_1111).count_ones() >= 3)
        .unwrap_or(NO_SUIT)
}

/// The orbit representatives grouped by what their sweep depends on: the flush suit and
/// the card types (rank, of the flush suit or not) of the runout cards. Two runouts with
/// the same signature have the same live card types in the same numbers and the same
/// river ranks for every holding type (no suit other than the flush suit can make a
/// flush), so their sweeps are identical. Groups in order of their first orbit.
fn runout_groups(info: &BoardInfo) -> RunoutGroups {
    let orbits = &info.orbits;
    // Signature -> group (numbered by first orbit), then each orbit's group.
    let mut group_of = vec![u16::MAX; 5 * KS * KS];
    let mut sizes: Vec<u32> = Vec::with_capacity(400);
    let of_orbit: Vec<u16> = (0..orbits.len())
        .map(|o| {
            let Some((ri, &(r1, r2))) = orbits
                .rep(o)
                .and_then(|ri| Some((ri, info.runouts.get(ri)?)))
            else {
                return u16::MAX;
            };
            let s = flush_suit(info.board_mask | info.runout_masks[ri]);
            let code = |c: u8| {
                if c < 52 {
                    usize::from(card_type(c as usize, s))
                } else {
                    CT
                }
            };
            let (a, b) = (code(r1).min(code(r2)), code(r1).max(code(r2)));
            let Some(g) = group_of.get_mut((s * KS + a) * KS + b) else {
                return u16::MAX;
            };
            if *g == u16::MAX {
                *g = sizes.len() as u16;
                sizes.push(0);
            }
            if let Some(n) = sizes.get_mut(usize::from(*g)) {
                *n += 1;
            }
            *g
        })
        .collect();
    // Each group's span, its orbits ascending.
    let mut spans: Vec<(u32, u32)> = Vec::with_capacity(sizes.len());
    let mut at = 0u32;
    for &n in &sizes {
        spans.push((at, at + n));
        at += n;
    }
    let mut fill: Vec<u32> = spans.iter().map(|&(a, _)| a).collect();
    let mut flat = vec![0usize; at as usize];
    for (o, &g) in of_orbit.iter().enumerate() {
        if let Some(next) = fill.get_mut(usize::from(g)) {
            if let Some(slot) = flat.get_mut(*next as usize) {
                *slot = o;
            }
            *next += 1;
        }
    }
    RunoutGroups {
        orbits: flat,
        spans,
    }
}

/// The runout groups of a board: each a list of orbits, stored flat.
struct RunoutGroups {
    orbits: Vec<usize>,
    spans: Vec<(u32, u32)>,
}

impl RunoutGroups {
    /// The groups in order, each its orbits.
    fn iter(&self) -> impl Iterator<Item = &[usize]> {
        self.spans
            .iter()
            .map(|&(a, b)| self.orbits.get(a as usize..b as usize).unwrap_or(&[]))
    }
}

/// The river ranks of hands without a flush on the runouts with given ranks, by hole
/// ranks: a rank-pair-of-runout table per board, filled when a group with those runout
/// ranks first needs it and shared by every group with them (a hand without a flush has
/// the river rank of every hand with the same runout and hole ranks).
struct SharedRows {
    /// Runout ranks (`min * 14 + max`, 13 for a turn's missing second card) -> the
    /// offset of its rows in `rows`, or `u32::MAX`.
    at: [u32; 13 * 14],
    /// Per runout ranks, 13 rows (the first hole card's rank) of [`CT`] entries (the
    /// second hole card's type: its rank twice, for both flush-suit values).
    rows: Vec<u16>,
}

impl SharedRows {
    fn new() -> SharedRows {
        SharedRows {
            at: [u32::MAX; 13 * 14],
            rows: Vec::new(),
        }
    }

    /// The rows of the runout ranks `runout_ranks` (`min * 14 + max`, 13 for a missing
    /// second card), the ranks of the board's and the runout's cards being `five` (four
    /// or five of them, 13 past the last).
    #[inline(always)]
    fn rows(&mut self, runout_ranks: usize, five: [u8; 5]) -> &[u16] {
        let at = self.at.get(runout_ranks).copied().unwrap_or(u32::MAX);
        let start = if at == u32::MAX {
            let start = self.rows.len();
            self.rows.resize(start + 13 * CT, ABSENT);
            // The seven ranks with the suits dealt in turn (at most three cards of a
            // suit): the rank without a flush, which is the ranks' alone. A card may be
            // given twice: the evaluator's key is a sum over the cards' ranks, and the
            // rank of a pair of hole ranks that no live cards make is never read (its
            // types are dead).
            let h5 = five
                .iter()
                .enumerate()
                .filter(|&(_, &r)| r < 13)
                .fold(loki_cards::Hand::EMPTY, |h, (i, &r)| {
                    h.with_index(r * 4 + (i % 4) as u8)
                });
            if let Some(rows) = self.rows.get_mut(start..start + 13 * CT) {
                for r1 in 0..13u8 {
                    let h6 = h5.with_index(r1 * 4 + 1);
                    for r2 in r1..13u8 {
                        let y = h6.with_index(r2 * 4 + 2).rank().value();
                        let (i, j) = (usize::from(r1), usize::from(r2));
                        for (row, col) in [(i, j), (j, i)] {
                            if let Some(pair) =
                                rows.get_mut(row * CT + 2 * col..row * CT + 2 * col + 2)
                            {
                                pair.fill(y);
                            }
                        }
                    }
                }
            }
            if let Some(slot) = self.at.get_mut(runout_ranks) {
                *slot = start as u32;
            }
            start
        } else {
            at as usize
        };
        self.rows.get(start..start + 13 * CT).unwrap_or(&[])
    }
}

/// Fills one runout group's type table (`TYPE_TABLE` entries) from the shared rows of
/// its runout ranks (`rows`, see [`SharedRows`]): live card types `nct` (count of live
/// cards per type), the five cards `h5`, flush suit `s` (4: none) with `suited` cards of
/// it among the five. Entries of a dead type (and of a pair of one type with fewer than
/// two live cards) are [`ABSENT`]; a hand with a flush is evaluated (with the flush
/// suit's card of an odd type, a card of another suit of an even one); every other
/// entry is its rows' rank. The same table as writing the live pairs one by one.
#[inline(always)]
fn type_table(
    table: &mut [u16],
    rows: &[u16],
    nct: &[u16; CT],
    h5: loki_cards::Hand,
    s: usize,
    suited: u32,
) {
    let dead: [u16; CT] = std::array::from_fn(|t| if nct[t] == 0 { ABSENT } else { 0 });
    for (a, out) in table.chunks_exact_mut(CT).enumerate() {
        let (Ok(out), Some(Ok(row))) = (
            <&mut [u16; CT]>::try_from(out),
            rows.get(a / 2 * CT..a / 2 * CT + CT)
                .map(<&[u16; CT]>::try_from),
        ) else {
            continue;
        };
        if dead[a] != 0 {
            *out = [ABSENT; CT];
            continue;
        }
        // In fixed-width pieces (16 + 8 + 2 lanes), which vectorise.
        let (o16, rest) = out.split_at_mut(16);
        let (o8, o2) = rest.split_at_mut(8);
        for (pieces, at) in [(o16, 0), (o8, 16), (o2, 24)] {
            for (i, y) in pieces.iter_mut().enumerate() {
                *y = row[at + i] | dead[at + i];
            }
        }
        if nct[a] < 2 {
            out[a] = ABSENT;
        }
    }
    if s >= 4 || suited < 3 {
        return;
    }
    // A hand with a flush ranks by its cards of the flush suit alone (the evaluator
    // reads that suit's ranks: with five cards of one suit among seven, no full house or
    // four of a kind is possible), so its rank depends on which of its types are of the
    // flush suit (odd) and on nothing else: one evaluation per flush-suit type, per pair
    // of them, and one for none, each with cards of other suits for the rest (one of
    // them may repeat a dead card: its suit has at most two of the seven).
    let fs = s as u8;
    let (t1, t2) = ((fs + 1) % 4, (fs + 2) % 4);
    let odd = |t: usize| (t / 2) as u8 * 4 + fs;
    let eval = |c1: u8, c2: u8| h5.with_index(c1).with_index(c2).rank().value();
    // The live types, and those of the flush suit.
    let mut live = [0usize; CT];
    let mut flush = [0usize; 13];
    let (mut nl, mut nf) = (0, 0);
    for (t, &k) in nct.iter().enumerate() {
        if k > 0 {
            live[nl % CT] = t;
            nl += 1;
            if t % 2 == 1 {
                flush[nf % 13] = t;
                nf += 1;
            }
        }
    }
    let (live, flush) = (&live[..nl.min(CT)], &flush[..nf.min(13)]);
    let mut set = |a: usize, b: usize, y: u16| {
        if let Some(e) = table.get_mut(a * CT + b) {
            *e = y;
        }
        if let Some(e) = table.get_mut(b * CT + a) {
            *e = y;
        }
    };
    // Two flush-suit hole cards (a flush whenever three are among the five).
    for (i, &a) in flush.iter().enumerate() {
        for &b in &flush[i + 1..] {
            set(a, b, eval(odd(a), odd(b)));
        }
    }
    if suited >= 4 {
        // One flush-suit hole card with one of another suit.
        for &a in flush {
            let y = eval(odd(a), t1);
            for &b in live.iter().filter(|&&b| b % 2 == 0) {
                set(a, b, y);
            }
        }
    }
    if suited >= 5 {
        // No flush-suit hole card: the five cards' flush.
        let y = eval(t1, t2);
        for (i, &a) in live.iter().enumerate() {
            for &b in live[i..].iter().filter(|&&b| b % 2 == 0) {
                if a % 2 == 0 && (a != b || nct[a] >= 2) {
                    set(a, b, y);
                }
            }
        }
    }
}

/// What the sweep writes of the rank cache: one table of river ranks by holding type per
/// runout group ([`Fill::Types`], the cache players use), or the dense rows of every
/// runout (the reference the tests and the criterion bench compare with, written one of
/// two ways with the same bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fill {
    /// Per runout group, the river rank of each holding type (a [`TYPE_TABLE`]-entry
    /// table by ordered card-type pair, [`ABSENT`] where no live holding has the type),
    /// and per runout its group: every live holding's river rank on a runout is its
    /// group's entry for the holding's type under the runout's flush suit (see
    /// [`Fill::PerGroup`]). No per-holding rows.
    Types,
    /// [`Fill::Types`] with each group's table written pair by pair of live card types
    /// (one river rank looked up or evaluated per pair), as before the tables were built
    /// from shared rows: the reference the tests and the criterion bench compare with.
    /// Only the cache part of the sweep (without sums) differs.
    TypesPerPair,
    /// Every row of every runout from the holdings' card types, one lookup per holding
    /// and runout (the reference).
    PerHolding,
    /// One row per runout group and flush suit from the holdings' type keys, copied to
    /// each runout of the group with that flush suit with the holdings through its
    /// runout cards marked dead: a suit permutation maps the group's representative onto
    /// each of its runouts, the representative's flush suit onto the runout's, and a
    /// holding's type under the runout's flush suit onto its preimage's type under the
    /// representative's; the river-rank group of every holding type is the same on every
    /// runout of the group, and a holding that touches the runout is dead whatever its
    /// type.
    PerGroup,
}

/// Runs the sweep over every runout. Returns the six sums of every local holding and, if
/// `cache` is given, fills it: `dense` (runouts x holdings, row-major) gets the dense
/// river-rank group of every holding on every runout as `group - 128` (order kept;
/// [`DEAD_DENSE`] for holdings that touch the runout), `groups` (one per runout) the
/// index of the runout's rank table, and `ranks` gets one table per runout group
/// ([`RANK_STRIDE`] entries: the river rank of each dense group; every runout of a
/// group has the same).
///
/// `fill` chooses how the dense rows are written (the same bytes either way, see
/// [`Fill`]); with [`Fill::Types`] `dense` is not touched, `groups` gets each runout's
/// group and `ranks` one [`TYPE_TABLE`]-entry table per group. With `sums` false only the cache is filled (the holding types' river ranks
/// and rows, no counts: the sums come from the board's suit class, `classes.rs`) and the
/// returned list is empty.
#[inline(always)]
pub(crate) fn sweep(
    info: &BoardInfo,
    cache: Option<CacheRows<'_>>,
    fill: Fill,
    sums: bool,
) -> Vec<Sums> {
    let n = info.n();
    // The type tables go their own way; `cache` is left with the dense rows, if asked.
    let (mut cache, mut type_tables) = match fill {
        Fill::Types | Fill::TypesPerPair => (None, cache),
        _ => (cache, None),
    };
    // Per flush-suit value, each local holding's type key (for the per-group fill).
    let type_keys: Vec<Vec<u16>> = match (&cache, fill) {
        (Some(_), Fill::PerGroup) => (0..5)
            .map(|s| {
                info.cards
                    .iter()
                    .map(|&(ca, cb)| {
                        key(card_type(ca as usize, s), card_type(cb as usize, s)) as u16
                    })
                    .collect()
            })
            .collect(),
        _ => Vec::new(),
    };
    // Per flush-suit value, the current group's row by type (filled when a runout of the
    // group with that flush suit first needs it).
    let mut suit_rows = vec![DEAD_DENSE; if cache.is_some() { 5 * n } else { 0 }];
    let mut suit_stamp = [usize::MAX; 5];
    let dx = info.dx.max(1);
    // Only the type tables from shared rows: no sort, no running counts, no dense rows.
    let tables_only = !sums && fill == Fill::Types;
    let mut le_g = Prefix::new(dx);
    let mut le_p = vec![Prefix::new(dx); if sums { CT } else { 0 }];
    // The sums' accumulators (not needed when only the cache is filled).
    let size = |len: usize| if sums { len } else { 0 };
    let mut acc = vec![[0u32; 6]; size(5 * KS * KS)];
    let mut dead_acc = vec![[0u32; 6]; size(n)];
    let mut cnt = vec![[0u32; 6]; size(KS * KS)];
    let mut stamp = vec![usize::MAX; size(KS * KS)];
    // Indexed by type key (below KS * KS = 729), 1,024 entries so that a key masked to
    // 10 bits needs no bounds check in the row gathers.
    let mut ykey = [DEAD_DENSE; 1024];
    let mut group_rank = [0u16; RANK_STRIDE];
    let mut types: Vec<TypeRec> = Vec::with_capacity(400);
    let mut order: Vec<u32> = Vec::with_capacity(400);
    let mut scratch: Vec<u32> = Vec::with_capacity(400);
    let mut before: Vec<[i32; 3]> = Vec::with_capacity(400);
    let mut dense = DenseRanks::new(if tables_only { 0 } else { 256 });
    // The river ranks of hands without a flush by (runout ranks, hole ranks), shared by
    // every group with those runout ranks (0: not evaluated yet).
    let mut plain = vec![0u16; if tables_only { 0 } else { 13 * 14 * 13 * 13 }];
    let mut shared_rows = SharedRows::new();
    let runout_groups = runout_groups(info);
    if let Some((_, _, ranks)) = type_tables.as_mut() {
        // One table per group, allocated at once: growing the tables by reallocation
        // takes fresh pages from the system on every board (page faults).
        let want = runout_groups.spans.len() * TYPE_TABLE;
        ranks.reserve_exact(want);
    }
    for (gi, group) in runout_groups.iter().enumerate() {
        // Every runout of the group sweeps identically (same flush suit, same card types
        // live in the same numbers, same river ranks): sweep the first one, weighted by
        // the group's runouts (each orbit representative stands for its whole orbit; the
        // final average over the symmetry group sorts that out).
        let Some(ri) = group.first().and_then(|&o| info.orbits.rep(o)) else {
            continue;
        };
        let Some(&(r1, r2)) = info.runouts.get(ri) else {
            continue;
        };
        let weight: u32 = group
            .iter()
            .map(|&o| info.orbits.members(o).len() as u32)
            .sum();
        let dead = info.board_mask | info.runout_masks[ri];
        let mut h5 = info.board_hand.with_index(r1);
        if r2 < 52 {
            h5 = h5.with_index(r2);
        }
        let s = flush_suit(dead);
        // Cards of the flush suit on the five (or six) cards, and the runout's ranks.
        let suited = if s < 4 {
            (dead >> s & 0x0001_1111_1111_1111).count_ones()
        } else {
            0
        };
        let (k1, k2) = (
            usize::from(r1 / 4),
            if r2 < 52 { usize::from(r2 / 4) } else { 13 },
        );
        let runout_ranks = (k1.min(k2) * 14 + k1.max(k2)) * 169;
        // The ranks of the board's and the runout's cards (four or five), 13 past them.
        let mut five = [13u8; 5];
        for (slot, c) in five.iter_mut().zip(
            info.board
                .iter()
                .map(|c| c.index())
                .chain([r1, r2].into_iter().filter(|&c| c < 52)),
        ) {
            *slot = c / 4;
        }
        let mut full = [0u8; 52];
        let mut nct = [0u16; CT];
        let mut rep = [[0u8; 2]; CT];
        if tables_only {
            // Live cards per type from each rank's four bits.
            let live = !dead;
            for (r, pair) in nct.chunks_exact_mut(2).enumerate() {
                let m = (live >> (4 * r)) as u32 & 0xf;
                if s < 4 {
                    pair[0] = (m & !(1 << s)).count_ones() as u16;
                    pair[1] = (m >> s & 1) as u16;
                } else {
                    pair[0] = m.count_ones() as u16;
                }
            }
        }
        for (c, slot) in full.iter_mut().enumerate() {
            if tables_only {
                break;
            }
            let t = card_type(c, s);
            *slot = t;
            if dead >> c & 1 == 0 {
                let k = nct[t as usize] as usize;
                if k < 2 {
                    rep[t as usize][k] = c as u8;
                }
                nct[t as usize] += 1;
            }
        }
        // Without a flush a hand's river rank depends on the ranks alone (another group
        // with the same runout ranks may have evaluated it).
        let mut river_rank = |a: usize, b: usize, c1: u8, c2: u8| -> u16 {
            let flush = suited + u32::from(a as u8 & 1) + u32::from(b as u8 & 1) >= 5;
            let slot = plain.get_mut(runout_ranks + a / 2 * 13 + b / 2);
            match slot {
                Some(y) if !flush => {
                    if *y == 0 {
                        *y = h5.with_index(c1).with_index(c2).rank().value();
                    }
                    *y
                }
                _ => h5.with_index(c1).with_index(c2).rank().value(),
            }
        };
        if let (Some((_, groups, ranks)), false, Fill::Types) = (type_tables.as_mut(), sums, fill) {
            // The type table alone, from the rows the groups with these runout ranks
            // share, with the entries of dead types marked and those of hands with a
            // flush evaluated.
            let base = ranks.len();
            ranks.resize(base + TYPE_TABLE, ABSENT);
            let rows = shared_rows.rows(runout_ranks / 169, five);
            if let Some(table) = ranks.get_mut(base..base + TYPE_TABLE) {
                type_table(table, rows, &nct, h5, s, suited);
            }
            for &o in group {
                for &(rj, _) in info.orbits.members(o) {
                    if let Some(slot) = groups.get_mut(rj) {
                        *slot = gi as u16;
                    }
                }
            }
            continue;
        }
        if let (Some((_, groups, ranks)), false) = (type_tables.as_mut(), sums) {
            // The reference: every pair of live card types (a pair of one type needs two
            // live cards of it), both orders.
            let mut live = [0usize; CT];
            let mut count = 0;
            for (t, &k) in nct.iter().enumerate() {
                if k > 0 {
                    live[count] = t;
                    count += 1;
                }
            }
            let live = &live[..count];
            let base = ranks.len();
            ranks.resize(base + TYPE_TABLE, ABSENT);
            if let Some(table) = ranks.get_mut(base..base + TYPE_TABLE) {
                for (i, &a) in live.iter().enumerate() {
                    for &b in &live[i..] {
                        if a == b && nct[a] < 2 {
                            continue;
                        }
                        let (c1, c2) = (rep[a][0], if a == b { rep[a][1] } else { rep[b][0] });
                        let y = river_rank(a, b, c1, c2);
                        table[a * CT + b] = y;
                        table[b * CT + a] = y;
                    }
                }
            }
            for &o in group {
                for &(rj, _) in info.orbits.members(o) {
                    if let Some(slot) = groups.get_mut(rj) {
                        *slot = gi as u16;
                    }
                }
            }
            continue;
        }
        // One representative per holding type: all live holdings of a type share the
        // board rank and the river rank (no other suit can make a flush; a flush on the
        // flop or turn needs the flush suit).
        types.clear();
        for a in 0..CT {
            if nct[a] == 0 {
                continue;
            }
            for b in a..CT {
                if nct[b] == 0 {
                    continue;
                }
                let (c1, c2, m, wa, wb) = if a == b {
                    if nct[a] < 2 {
                        continue;
                    }
                    let k = nct[a];
                    (rep[a][0], rep[a][1], k * (k - 1) / 2, k - 1, k - 1)
                } else {
                    (rep[a][0], rep[b][0], nct[a] * nct[b], nct[b], nct[a])
                };
                let Some(&xc) = info.pair_xc.get(usize::from(c1) * 52 + usize::from(c2)) else {
                    continue;
                };
                if xc == super::board::NONE {
                    continue;
                }
                let y = river_rank(a, b, c1, c2);
                types.push(TypeRec {
                    a: a as u8,
                    b: b as u8,
                    xc,
                    y,
                    m,
                    wa,
                    wb,
                });
            }
        }
        if let Some((_, groups, ranks)) = type_tables.as_mut() {
            // The group's river rank of each holding type, both orders of its card types.
            let base = ranks.len();
            ranks.resize(base + TYPE_TABLE, ABSENT);
            if let Some(table) = ranks.get_mut(base..) {
                for t in &types {
                    let (a, b) = (usize::from(t.a) % CT, usize::from(t.b) % CT);
                    table[a * CT + b] = t.y;
                    table[b * CT + a] = t.y;
                }
            }
            for &o in group {
                for &(rj, _) in info.orbits.members(o) {
                    if let Some(slot) = groups.get_mut(rj) {
                        *slot = gi as u16;
                    }
                }
            }
            if !sums {
                continue;
            }
        }
        if !sums {
            // The cache alone: each type's river-rank group (its order among the
            // distinct river ranks, from a bit set of them), then the rows below.
            dense.build(types.iter().map(|t| t.y), &mut group_rank);
            for t in &types {
                ykey[key(t.a, t.b)] = dense.group(t.y);
            }
        } else {
            sort_by_river_rank(&types, &mut order, &mut scratch);
            before.clear();
            before.resize(types.len(), [0; 3]);
            le_g.clear();
            for (p, &k) in le_p.iter_mut().zip(&nct) {
                if k > 0 {
                    p.clear();
                }
            }
            let mut tot_g = 0i32;
            let mut tot_p = [0i32; CT];
            let sbase = s * KS * KS;
            let mut i = 0;
            let mut y_group = 0usize;
            group_rank.fill(0);
            while i < order.len() {
                let y = (order[i] >> 16) as u16;
                let mut j = i;
                while j < order.len() && (order[j] >> 16) as u16 == y {
                    j += 1;
                }
                for &o in &order[i..j] {
                    let t = &types[(o & 0xffff) as usize];
                    before[(o & 0xffff) as usize] = query(t, &le_g, &le_p, tot_g, &tot_p);
                }
                for &o in &order[i..j] {
                    let t = types[(o & 0xffff) as usize];
                    let c = t.xc as usize;
                    le_g.add(c, t.m);
                    tot_g += i32::from(t.m);
                    let a = t.a as usize % CT;
                    le_p[a].add(c, t.wa);
                    tot_p[a] += i32::from(t.wa);
                    if t.a != t.b {
                        let b = t.b as usize % CT;
                        le_p[b].add(c, t.wb);
                        tot_p[b] += i32::from(t.wb);
                    }
                }
                for &o in &order[i..j] {
                    let ti = (o & 0xffff) as usize;
                    let t = &types[ti];
                    let [lt_b, le_b, tot_b] = before[ti];
                    let [lt_a, le_a, tot_a] = query(t, &le_g, &le_p, tot_g, &tot_p);
                    // The holding itself was counted once in the global counter and once in
                    // each card's counter: add it back once (it ties on both ranks).
                    let (le_a, tot_a) = (le_a + 1, tot_a + 1);
                    let b1 = le_b - lt_b;
                    let v = [
                        lt_b,
                        lt_a - lt_b,
                        b1,
                        (le_a - lt_a) - b1,
                        tot_b,
                        tot_a - tot_b,
                    ];
                    let k = key(t.a, t.b);
                    let once = v.map(|z| z.max(0) as u32);
                    cnt[k] = once;
                    stamp[k] = gi;
                    ykey[k] = (y_group.min(MAX_GROUPS - 1) as i32 - 128) as i8;
                    let slot = &mut acc[sbase + k];
                    for (d, z) in slot.iter_mut().zip(once) {
                        *d = d.wrapping_add(z.wrapping_mul(weight));
                    }
                }
                if let Some(slot) = group_rank.get_mut(y_group) {
                    *slot = y;
                }
                y_group += 1;
                i = j;
            }
        }
        // The group's rank table, shared by its runouts.
        let table = cache.as_mut().map_or(0, |(_, _, ranks)| {
            ranks.extend_from_slice(&group_rank);
            (ranks.len() / RANK_STRIDE - 1) as u16
        });
        for &o in group {
            let members = info.orbits.members(o);
            let Some(&(ri, _)) = members.first() else {
                continue;
            };
            let w = members.len() as u32;
            let Some(&(r1, r2)) = info.runouts.get(ri) else {
                continue;
            };
            // Holdings that touch the runout are dead on it: take back what their type
            // added.
            for (pass, c) in [r1, r2].into_iter().enumerate() {
                if c >= 52 || !sums {
                    continue;
                }
                for &h in &info.card_holdings[c as usize] {
                    let (ca, cb) = info.cards[h as usize];
                    if pass == 1 && (ca == r1 || cb == r1) {
                        continue;
                    }
                    let k = key(full[ca as usize], full[cb as usize]);
                    if stamp[k] == gi {
                        let d = &mut dead_acc[h as usize];
                        for (d, z) in d.iter_mut().zip(cnt[k]) {
                            *d = d.wrapping_add(z.wrapping_mul(w));
                        }
                    }
                }
            }
            let Some((dense, groups, _)) = cache.as_mut() else {
                continue;
            };
            if fill == Fill::PerGroup {
                for &(rj, _) in members {
                    if let Some(slot) = groups.get_mut(rj) {
                        *slot = table;
                    }
                    let (Some(&(c1, c2)), Some(&mask)) =
                        (info.runouts.get(rj), info.runout_masks.get(rj))
                    else {
                        continue;
                    };
                    // The member's flush suit is the representative's under the suit
                    // permutation between them, and a holding's type under it is its
                    // preimage's type: the group's row by type under that suit.
                    let sj = flush_suit(info.board_mask | mask);
                    let (Some(keys), Some(suit_row)) =
                        (type_keys.get(sj), suit_rows.get_mut(sj * n..(sj + 1) * n))
                    else {
                        continue;
                    };
                    if suit_stamp[sj] != gi {
                        suit_stamp[sj] = gi;
                        for (y, &k) in suit_row.iter_mut().zip(keys) {
                            *y = ykey[usize::from(k) & 1023];
                        }
                    }
                    let Some(row) = dense.get_mut(rj * n..(rj + 1) * n) else {
                        continue;
                    };
                    row.copy_from_slice(suit_row);
                    for c in [c1, c2] {
                        for &h in info.card_holdings.get(c as usize).map_or(&[][..], |v| v) {
                            if let Some(y) = row.get_mut(h as usize) {
                                *y = DEAD_DENSE;
                            }
                        }
                    }
                }
                continue;
            }
            let dead = info.board_mask | info.runout_masks[ri];
            let mut sigma = [DEAD; 52];
            for (c, t) in sigma.iter_mut().enumerate() {
                if dead >> c & 1 == 0 {
                    *t = full[c];
                }
            }
            for &(rj, g) in members {
                if let Some(slot) = groups.get_mut(rj) {
                    *slot = table;
                }
                let Some(perm) = info.holding_perms.get(g) else {
                    continue;
                };
                let Some(row) = dense.get_mut(rj * n..(rj + 1) * n) else {
                    continue;
                };
                // Holding h on the representative is holding perm[h] on runout rj.
                for (&(ca, cb), &ph) in info.cards.iter().zip(perm) {
                    if let Some(y) = row.get_mut(ph as usize) {
                        *y = ykey[key(sigma[ca as usize], sigma[cb as usize])];
                    }
                }
            }
        }
    }
    if !sums {
        return Vec::new();
    }
    let weighted: Vec<Sums> = info
        .cards
        .iter()
        .zip(&dead_acc)
        .map(|(&(ca, cb), dead)| {
            let mut out = [0u32; 6];
            for s in 0..5 {
                let k = key(card_type(ca as usize, s), card_type(cb as usize, s));
                for (o, z) in out.iter_mut().zip(acc[s * KS * KS + k]) {
                    *o = o.wrapping_add(z);
                }
            }
            for (o, z) in out.iter_mut().zip(dead) {
                *o = o.wrapping_sub(*z);
            }
            out
        })
        .collect();
    // Average over the symmetry group: total(h) = (1/|G|) * sum over g of W(g(h)).
    let gsize = info.holding_perms.len().max(1) as u64;
    (0..n)
        .map(|h| {
            let mut sum = [0u64; 6];
            for perm in &info.holding_perms {
                let w = weighted[perm[h] as usize % n];
                for (s, z) in sum.iter_mut().zip(w) {
                    *s += u64::from(z);
                }
            }
            sum.map(|z| (z / gsize) as u32)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use loki_cards::{parse_cards, Card};

    /// The runout groups as they were formed before (sorted by signature, then by first
    /// orbit), for the test below.
    fn runout_groups_by_sorting(info: &BoardInfo) -> Vec<Vec<usize>> {
        let mut keyed: Vec<(u32, usize)> = (0..info.orbits.len())
            .map(|o| {
                let ri = info.orbits.rep(o).unwrap();
                let (r1, r2) = info.runouts[ri];
                let s = flush_suit(info.board_mask | info.runout_masks[ri]);
                let code = |c: u8| {
                    if c < 52 {
                        u32::from(card_type(c as usize, s))
                    } else {
                        CT as u32
                    }
                };
                let (a, b) = (code(r1).min(code(r2)), code(r1).max(code(r2)));
                ((s as u32 * KS as u32 + a) * KS as u32 + b, o)
            })
            .collect();
        keyed.sort_unstable();
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (i, &(sig, o)) in keyed.iter().enumerate() {
            if i > 0 && keyed[i - 1].0 == sig {
                groups.last_mut().unwrap().push(o);
            } else {
                groups.push(vec![o]);
            }
        }
        groups.sort_unstable_by_key(|g| g.first().copied());
        groups
    }

    /// The groups numbered by first orbit without sorting are the groups formed by
    /// sorting, in the same order: every flop up to suit isomorphism with its next-card
    /// set-up, and turns of every texture.
    #[test]
    fn runout_groups_equal_the_groups_formed_by_sorting() {
        let card = |i: u8| Card::from_index(i).unwrap();
        for (i, f) in super::super::classes::canonical_flops().iter().enumerate() {
            let flop = BoardInfo::new(&f.map(card)).unwrap();
            let mut infos = vec![flop.next_card().unwrap(), flop];
            if i % 7 == 0 {
                let t = (0..52u8).find(|t| !f.contains(t) && usize::from(*t) % 4 == i % 4);
                let turn: Vec<Card> = f.iter().chain(t.iter()).map(|&x| card(x)).collect();
                infos.push(BoardInfo::new(&turn).unwrap());
            }
            for info in infos {
                let groups: Vec<Vec<usize>> =
                    runout_groups(&info).iter().map(<[usize]>::to_vec).collect();
                assert!(
                    groups == runout_groups_by_sorting(&info),
                    "{:?}",
                    info.board
                );
            }
        }
    }

    /// The number of sweeps per texture, and every group holds runouts of one signature
    /// (checked through the sweep itself in `mod.rs` and `tests/range.rs`).
    #[test]
    fn runout_groups_per_texture() {
        let groups = |b: &str| {
            let info = BoardInfo::new(&parse_cards(b).unwrap()).unwrap();
            let g = runout_groups(&info);
            let orbits: usize = g.iter().map(<[usize]>::len).sum();
            assert_eq!(orbits, info.orbits.len(), "every orbit in one group on {b}");
            g.iter().count()
        };
        let counts: Vec<usize> = ["5s4dKh", "3h4cJh", "JcQc8c", "9d2s9h", "7c7d7h", "3h4cJh2h"]
            .iter()
            .map(|b| groups(b))
            .collect();
        assert_eq!(counts, [289, 355, 266, 223, 156, 23]);
    }
}
