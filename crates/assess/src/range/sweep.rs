//! The runout-major sweep over holding types (algorithm B of the module docs).
use super::board::BoardInfo;
use loki_cards::holding_index;

/// Card types: `2 * rank + (suit == flush suit)`.
const CT: usize = 26;
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

/// Running counts of swept holdings: `le[j]` = swept weight with rank class <= j.
struct Counter<'a> {
    le: &'a [u16],
    tot: i32,
}

impl Counter<'_> {
    #[inline(always)]
    fn query(&self, c: usize) -> [i32; 3] {
        let lt = if c > 0 {
            self.le.get(c - 1).copied().unwrap_or(0)
        } else {
            0
        };
        let le = self.le.get(c).copied().unwrap_or(0);
        [i32::from(lt), i32::from(le), self.tot]
    }
}

/// The counts of holdings swept so far relative to type `t` (`[x below, x at or below,
/// all]`), over live holdings avoiding `t`'s two cards (global minus the two card types'
/// counters; the holding itself is added back by the caller).
#[inline(always)]
fn query(
    t: &TypeRec,
    le_g: &[u16],
    le_p: &[u16],
    tot_g: i32,
    tot_p: &[i32; CT],
    dx: usize,
) -> [i32; 3] {
    let c = t.xc as usize;
    let (a, b) = (t.a as usize, t.b as usize);
    let part = |k: usize| Counter {
        le: le_p.get(k * dx..(k + 1) * dx).unwrap_or(&[0]),
        tot: tot_p[k % CT],
    };
    let g = Counter {
        le: le_g,
        tot: tot_g,
    }
    .query(c);
    let pa = part(a).query(c);
    if a == b {
        [g[0] - 2 * pa[0], g[1] - 2 * pa[1], g[2] - 2 * pa[2]]
    } else {
        let pb = part(b).query(c);
        [
            g[0] - pa[0] - pb[0],
            g[1] - pa[1] - pb[1],
            g[2] - pa[2] - pb[2],
        ]
    }
}

#[inline(always)]
fn add_from(le: &mut [u16], c: usize, w: u16) {
    if let Some(tail) = le.get_mut(c..) {
        for v in tail {
            *v = v.wrapping_add(w);
        }
    }
}

#[inline(always)]
fn key(a: u8, b: u8) -> usize {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    a as usize * KS + b as usize
}

#[inline(always)]
fn card_type(c: usize, s: usize) -> u8 {
    (c / 4 * 2 + usize::from(c % 4 == s)) as u8
}

/// Groups of equal river rank a runout can have in the dense cache (`i8` values
/// `-128..=126`; `127` marks a dead holding). At most 91 non-flush rank pairs plus 56
/// flush classes exist on one 5-card board, so 255 is never reached.
pub(crate) const MAX_GROUPS: usize = 255;
/// Stride of the per-runout table "dense group -> river rank".
pub(crate) const RANK_STRIDE: usize = 256;
/// The dense value of a dead holding.
pub(crate) const DEAD_DENSE: i8 = i8::MAX;

/// Runs the sweep over every runout. Returns the six sums of every local holding and, if
/// `cache` is given, fills it: `dense` (runouts x holdings, row-major) gets the dense
/// river-rank group of every holding on every runout as `group - 128` (order kept;
/// [`DEAD_DENSE`] for holdings that touch the runout), and `ranks` (runouts x
/// [`RANK_STRIDE`]) the river rank of each group.
#[inline(always)]
pub(crate) fn sweep(info: &BoardInfo, mut cache: Option<(&mut [i8], &mut [u16])>) -> Vec<Sums> {
    let n = info.n();
    let dx = info.dx.max(1);
    let mut le_g = vec![0u16; dx];
    let mut le_p = vec![0u16; CT * dx];
    let mut acc = vec![[0u32; 6]; 5 * KS * KS];
    let mut dead_acc = vec![[0u32; 6]; n];
    let mut cnt = vec![[0u32; 6]; KS * KS];
    let mut stamp = vec![usize::MAX; KS * KS];
    let mut ykey = vec![DEAD_DENSE; KS * KS];
    let mut group_rank = [0u16; RANK_STRIDE];
    let mut types: Vec<TypeRec> = Vec::with_capacity(400);
    let mut order: Vec<u32> = Vec::with_capacity(400);
    let mut before: Vec<[i32; 3]> = Vec::with_capacity(400);
    for (ri, members) in &info.orbits {
        let ri = *ri;
        let Some(&(r1, r2)) = info.runouts.get(ri) else {
            continue;
        };
        // Every runout of the orbit contributes what the representative contributes, to
        // the permuted holdings; the final average over the group sorts that out.
        let weight = members.len() as u32;
        let dead = info.board_mask | info.runout_masks[ri];
        let mut h5 = info.board_hand.with_index(r1);
        if r2 < 52 {
            h5 = h5.with_index(r2);
        }
        // The flush suit: at most one suit has 3+ cards on a 5-card board.
        let mut suit_count = [0u8; 4];
        for c in 0..52 {
            if dead >> c & 1 == 1 {
                suit_count[c % 4] += 1;
            }
        }
        let s = suit_count.iter().position(|&k| k >= 3).unwrap_or(NO_SUIT);
        let mut sigma = [DEAD; 52];
        let mut full = [0u8; 52];
        let mut nct = [0u16; CT];
        let mut rep = [[0u8; 2]; CT];
        for c in 0..52 {
            let t = card_type(c, s);
            full[c] = t;
            if dead >> c & 1 == 0 {
                sigma[c] = t;
                let k = nct[t as usize] as usize;
                if k < 2 {
                    rep[t as usize][k] = c as u8;
                }
                nct[t as usize] += 1;
            }
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
                let Some(loc) = holding_index(c1, c2).map(|g| info.local[g] as usize) else {
                    continue;
                };
                let Some(&xc) = info.xc.get(loc) else {
                    continue;
                };
                let y = h5.with_index(c1).with_index(c2).rank().value();
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
        order.clear();
        order.extend(
            types
                .iter()
                .enumerate()
                .map(|(i, t)| u32::from(t.y) << 16 | i as u32),
        );
        order.sort_unstable();
        before.clear();
        before.resize(types.len(), [0; 3]);
        le_g.fill(0);
        for (t, &k) in nct.iter().enumerate() {
            if k > 0 {
                le_p[t * dx..(t + 1) * dx].fill(0);
            }
        }
        let mut tot_g = 0i32;
        let mut tot_p = [0i32; CT];
        let query = |t: &TypeRec, le_g: &[u16], le_p: &[u16], tot_g: i32, tot_p: &[i32; CT]| {
            query(t, le_g, le_p, tot_g, tot_p, dx)
        };
        let sbase = s * KS * KS;
        let mut i = 0;
        let mut group = 0usize;
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
                add_from(&mut le_g, c, t.m);
                tot_g += i32::from(t.m);
                let a = t.a as usize;
                add_from(&mut le_p[a * dx..(a + 1) * dx], c, t.wa);
                tot_p[a] += i32::from(t.wa);
                if t.a != t.b {
                    let b = t.b as usize;
                    add_from(&mut le_p[b * dx..(b + 1) * dx], c, t.wb);
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
                let sums = v.map(|z| z.max(0) as u32 * weight);
                cnt[k] = sums;
                stamp[k] = ri;
                ykey[k] = (group.min(MAX_GROUPS - 1) as i32 - 128) as i8;
                let slot = &mut acc[sbase + k];
                for (d, z) in slot.iter_mut().zip(sums) {
                    *d = d.wrapping_add(z);
                }
            }
            if let Some(slot) = group_rank.get_mut(group) {
                *slot = y;
            }
            group += 1;
            i = j;
        }
        // Holdings that touch the runout are dead on it: take back what their type added.
        for (pass, c) in [r1, r2].into_iter().enumerate() {
            if c >= 52 {
                continue;
            }
            for &h in &info.card_holdings[c as usize] {
                let (ca, cb) = info.cards[h as usize];
                if pass == 1 && (ca == r1 || cb == r1) {
                    continue;
                }
                let k = key(full[ca as usize], full[cb as usize]);
                if stamp[k] == ri {
                    let d = &mut dead_acc[h as usize];
                    for (d, z) in d.iter_mut().zip(cnt[k]) {
                        *d = d.wrapping_add(z);
                    }
                }
            }
        }
        if let Some((dense, ranks)) = cache.as_mut() {
            for &(rj, g) in members {
                if let Some(row) = ranks.get_mut(rj * RANK_STRIDE..(rj + 1) * RANK_STRIDE) {
                    row.copy_from_slice(&group_rank);
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
