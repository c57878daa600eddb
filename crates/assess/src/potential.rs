//! Hand potential (Billings et al. 1998, "Hand Potential", Figure 2 and Table 1): for
//! every live opponent holding and every runout of one card (PPot1/NPot1) or two cards
//! (PPot2/NPot2, flop only) the holding's weight goes to `hp[now][final]`, where `now`
//! and `final` are ahead/tied/behind on the current board and after the runout.
//! `hp_total[now]` is the weighted number of holdings in each state now, so each row of
//! `hp` sums to `R * hp_total[row]` with `R` the runouts per holding (990, 45 or 44).
//!
//! ```text
//! PPot = (hp[B][A] + hp[B][T]/2 + hp[T][A]/2) / (R * (hp_total[B] + hp_total[T]/2))
//! NPot = (hp[A][B] + hp[T][B]/2 + hp[A][T]/2) / (R * (hp_total[A] + hp_total[T]/2))
//! ```
//!
//! A zero denominator gives 0 (a convention of `crates/assess/tests/data/public.json`, not the
//! paper's).
//!
//! # How it is fast
//! The loop is runout-major: our hand is ranked once per runout. Within a runout, an
//! opponent holding whose cards cannot complete a flush has a value fixed by its two
//! ranks, so the 91 rank classes are ranked once and each class adds its weights
//! (precomputed per class and current state) in one step. Holdings that meet the
//! runout's cards (dead) are taken back out per (card, other rank), and holdings that
//! could make a flush are ranked apart: both cards of a suit with three or four on the
//! board one by one; one card x of a suit with four on the board per x (the flush then
//! depends on x alone: with seven cards a flush excludes a full house); every holding
//! when the board holds five of a suit.
use crate::hand_strength::state;
use crate::spot::{live_holdings, spot};
use crate::{AssessError, WeightTable};
use loki_cards::{holding_index, Card, Hand, HoleCards, HOLDINGS};

/// How many cards to look ahead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lookahead {
    /// The next card only (PPot1/NPot1; flop or turn).
    One,
    /// The next two cards (PPot2/NPot2; flop only).
    Two,
}

impl Lookahead {
    /// Number of cards looked ahead.
    pub fn cards(self) -> usize {
        match self {
            Lookahead::One => 1,
            Lookahead::Two => 2,
        }
    }
}

/// The weighted hand-potential table of one hand against one opponent table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Potential {
    /// `hp[now][final]`, rows and columns in the order ahead, tied, behind.
    pub hp: [[f64; 3]; 3],
    /// Weighted live holdings by state now (ahead, tied, behind).
    pub hp_total: [f64; 3],
    /// The lookahead that produced the table.
    pub lookahead: Lookahead,
    /// Runouts per opponent holding (`R`): 990, 45 (flop) or 44 (turn).
    pub runouts: usize,
    /// Positive potential: the chance to end ahead when behind now (ties count half).
    pub ppot: f64,
    /// Negative potential: the chance to end behind when ahead now (ties count half).
    pub npot: f64,
}

impl Potential {
    /// Builds the derived numbers from a table and its totals.
    pub fn from_table(
        hp: [[f64; 3]; 3],
        hp_total: [f64; 3],
        lookahead: Lookahead,
        runouts: usize,
    ) -> Potential {
        let (a, t, b) = (0, 1, 2);
        let r = runouts as f64;
        let pd = r * (hp_total[b] + hp_total[t] / 2.0);
        let nd = r * (hp_total[a] + hp_total[t] / 2.0);
        let ppot = if pd > 0.0 {
            (hp[b][a] + hp[b][t] / 2.0 + hp[t][a] / 2.0) / pd
        } else {
            0.0
        };
        let npot = if nd > 0.0 {
            (hp[a][b] + hp[t][b] / 2.0 + hp[a][t] / 2.0) / nd
        } else {
            0.0
        };
        Potential {
            hp,
            hp_total,
            lookahead,
            runouts,
            ppot,
            npot,
        }
    }
}

/// Class of two cards by rank: `13 * high + low`.
#[inline(always)]
fn class_of(a: u8, b: u8) -> usize {
    let (ra, rb) = ((a / 4) as usize, (b / 4) as usize);
    if ra >= rb {
        ra * 13 + rb
    } else {
        rb * 13 + ra
    }
}

/// The weighted hand potential of `hole` on a flop (one- or two-card lookahead) or a
/// turn (one-card lookahead) against one opponent table.
///
/// # Errors
/// A bad board length, a duplicate card, or a lookahead that does not fit the board
/// (pre-flop, river, two cards on the turn). No live weight is not an error here: the
/// table is all zero and PPot = NPot = 0.
pub fn potential(
    hole: HoleCards,
    board: &[Card],
    weights: &WeightTable,
    lookahead: Lookahead,
) -> Result<Potential, AssessError> {
    let s = spot(hole, board)?;
    let n_look = lookahead.cards();
    if !(board.len() == 3 || (board.len() == 4 && n_look == 1)) {
        return Err(AssessError::NoLookahead {
            lookahead: n_look,
            board: board.len(),
        });
    }
    let wt = weights.weights();
    let live = live_holdings(s.known);
    let n = live.len();
    // Per live holding: weight, state now, rank class, card mask.
    let ours_now = s.our_hand.rank().value();
    let mut w = Vec::with_capacity(n);
    let mut now = Vec::with_capacity(n);
    let mut cls = Vec::with_capacity(n);
    let mut mask = Vec::with_capacity(n);
    let mut hp_total = [0.0f64; 3];
    // class_w[class][now]
    let mut class_w = [[0.0f64; 3]; 169];
    // dead_w[card][rank of the other card][now]: holdings taken out when `card` falls.
    let mut dead_w = [[[0.0f64; 3]; 13]; 52];
    // one_w[x][now]: live holdings whose only card of x's suit is x.
    let mut one_w = [[0.0f64; 3]; 52];
    // one_dead_w[x][rank y][now]: the same, by the rank of the other card.
    let mut one_dead_w = [[[0.0f64; 3]; 13]; 52];
    // pos[holding] = live index; live indices of the holdings with both / one card of a suit.
    let mut pos = [0u16; HOLDINGS];
    let mut both_suit: Vec<Vec<u16>> = vec![Vec::new(); 4];
    let mut one_suit: Vec<Vec<u16>> = vec![Vec::new(); 4];
    for (k, l) in live.iter().enumerate() {
        let x = wt[l.h as usize];
        let st = state(
            ours_now,
            s.board_hand.with_index(l.a).with_index(l.b).rank().value(),
        );
        let c = class_of(l.a, l.b);
        w.push(x);
        now.push(st as u8);
        cls.push(c as u8);
        mask.push((1u64 << l.a) | (1u64 << l.b));
        hp_total[st] += x;
        class_w[c][st] += x;
        dead_w[l.a as usize][(l.b / 4) as usize][st] += x;
        dead_w[l.b as usize][(l.a / 4) as usize][st] += x;
        pos[l.h as usize] = k as u16;
        let (sa, sb) = ((l.a % 4) as usize, (l.b % 4) as usize);
        if sa == sb {
            both_suit[sa].push(k as u16);
        } else {
            one_suit[sa].push(k as u16);
            one_suit[sb].push(k as u16);
            one_w[l.a as usize][st] += x;
            one_w[l.b as usize][st] += x;
            one_dead_w[l.a as usize][(l.b / 4) as usize][st] += x;
            one_dead_w[l.b as usize][(l.a / 4) as usize][st] += x;
        }
    }
    // Class weights of the flush candidates of each variant (see `RankTable::split`).
    let mut cand_w = [[[0.0f64; 3]; 169]; 10];
    cand_w[9] = class_w;
    let all_live: Vec<u16> = (0..n as u16).collect();
    for fs in 0..4 {
        for &k in &both_suit[fs] {
            let k = k as usize;
            cand_w[1 + fs][cls[k] as usize][now[k] as usize] += w[k];
            cand_w[5 + fs][cls[k] as usize][now[k] as usize] += w[k];
        }
        for &k in &one_suit[fs] {
            let k = k as usize;
            cand_w[5 + fs][cls[k] as usize][now[k] as usize] += w[k];
        }
    }
    let active: Vec<usize> = (0..169)
        .filter(|&c| class_w[c].iter().any(|&x| x != 0.0))
        .collect();
    let unknown: Vec<u8> = (0..52u8)
        .filter(|&c| s.known.bits() & (1u64 << c) == 0)
        .collect();
    let mut board_suits = [0usize; 4];
    for c in board {
        board_suits[(c.index() % 4) as usize] += 1;
    }

    let board_ranks: Vec<u8> = board.iter().map(|c| c.index() / 4).collect();
    // Class values per rank multiset of the runout, built on first use.
    let mut tables: Vec<Option<RankTable>> = vec![None; 169];
    let mut hp = [[0.0f64; 3]; 3];
    let mut runout = |extra: &[u8], hp: &mut [[f64; 3]; 3]| {
        let mut bh = s.board_hand;
        let mut oh = s.our_hand;
        let mut suits = board_suits;
        let mut emask = 0u64;
        for &e in extra {
            bh = bh.with_index(e);
            oh = oh.with_index(e);
            suits[(e % 4) as usize] += 1;
            emask |= 1u64 << e;
        }
        let ours = oh.rank().value();
        let rp = match *extra {
            [t] => (t / 4) as usize,
            [t, r] => class_of(t, r),
            _ => 0,
        };
        let table = tables[rp].get_or_insert_with(|| {
            let mut ranks = board_ranks.clone();
            ranks.extend(extra.iter().map(|e| e / 4));
            RankTable::new(&ranks, &active)
        });
        let flush_suit = (0..4).find(|&x| suits[x] >= 3);
        let variant = match flush_suit {
            None => 0,
            Some(fs) if suits[fs] >= 5 => 9,
            Some(fs) if suits[fs] >= 4 => 5 + fs,
            Some(fs) => 1 + fs,
        };
        let base = table.split(ours, variant, &active, &class_w, &cand_w[variant]);
        let vals = &table.vals;
        // Four copies of the accumulator break the store-to-load chains.
        let mut acc = [[[0.0f64; 3]; 3]; 4];
        acc[0] = base;
        // Dead holdings meet the runout's cards: take them out by (card, other rank).
        for &e in extra {
            let re = (e / 4) as usize;
            let (mut da, mut dt, mut db) = ([0.0f64; 3], [0.0f64; 3], [0.0f64; 3]);
            for (ry, d) in dead_w[e as usize].iter().enumerate() {
                let c = if re >= ry { re * 13 + ry } else { ry * 13 + re };
                let v = vals[c];
                let ma = f64::from(u8::from(v < ours));
                let mt = f64::from(u8::from(v == ours));
                let mb = f64::from(u8::from(v > ours));
                for i in 0..3 {
                    da[i] += ma * d[i];
                    dt[i] += mt * d[i];
                    db[i] += mb * d[i];
                }
            }
            for i in 0..3 {
                acc[1][i][0] -= da[i];
                acc[1][i][1] -= dt[i];
                acc[1][i][2] -= db[i];
            }
        }
        // A holding made of both runout cards was taken out twice.
        if let [t, r] = *extra {
            if let Some(h) = holding_index(t, r) {
                let k = pos[h] as usize;
                acc[3][now[k] as usize][state(ours, vals[cls[k] as usize])] += w[k];
            }
        }
        // Flush candidates: left out of the class split, added at their exact value (or,
        // when dead, given back what the dead correction took).
        if let Some(fs) = flush_suit {
            let lists: &[&Vec<u16>] = if suits[fs] >= 5 {
                // A flush on the board: every holding is ranked exactly.
                &[&all_live]
            } else if suits[fs] >= 4 {
                // Four of the suit on the board: a holding with exactly one card x of
                // the suit has a flush, whose value depends on x alone (with seven
                // cards a flush excludes a full house, and the evaluator's flush branch
                // reads only that suit). Add those holdings per x, then fix the dead.
                for &x in &unknown {
                    if (x % 4) as usize != fs {
                        continue;
                    }
                    if emask & (1u64 << x) != 0 {
                        // x is on the board now: its one-suit holdings are dead, taken
                        // out at their class value but never put in. Give them back.
                        let rx = (x / 4) as usize;
                        for (ry, d) in one_dead_w[x as usize].iter().enumerate() {
                            let c = if rx >= ry { rx * 13 + ry } else { ry * 13 + rx };
                            let f = state(ours, vals[c]);
                            let a = &mut acc[2 + (ry & 1)];
                            a[0][f] += d[0];
                            a[1][f] += d[1];
                            a[2][f] += d[2];
                        }
                        continue;
                    }
                    let vx = state(ours, bh.with_index(x).rank().value());
                    let ow = &one_w[x as usize];
                    let a = &mut acc[(x & 1) as usize];
                    a[0][vx] += ow[0];
                    a[1][vx] += ow[1];
                    a[2][vx] += ow[2];
                    for &e in extra {
                        if (e % 4) as usize == fs {
                            continue;
                        }
                        if let Some(h) = holding_index(x, e) {
                            let k = pos[h] as usize;
                            let row = &mut acc[2 + (e & 1) as usize][now[k] as usize];
                            row[vx] -= w[k];
                            row[state(ours, vals[cls[k] as usize])] += w[k];
                        }
                    }
                }
                &[&both_suit[fs]]
            } else {
                &[&both_suit[fs]]
            };
            let mut i = 0usize;
            for list in lists {
                for &k in list.iter() {
                    let k = k as usize;
                    let nk = now[k] as usize;
                    let v = if mask[k] & emask != 0 {
                        vals[cls[k] as usize]
                    } else {
                        let l = live[k];
                        bh.with_index(l.a).with_index(l.b).rank().value()
                    };
                    acc[i & 3][nk][state(ours, v)] += w[k];
                    i += 1;
                }
            }
        }
        for a in &acc {
            for i in 0..3 {
                for j in 0..3 {
                    hp[i][j] += a[i][j];
                }
            }
        }
    };
    let runouts_per_holding = match lookahead {
        Lookahead::One => {
            for &t in &unknown {
                runout(&[t], &mut hp);
            }
            unknown.len() - 2
        }
        Lookahead::Two => {
            for (i, &t) in unknown.iter().enumerate() {
                for &r in &unknown[i + 1..] {
                    runout(&[t, r], &mut hp);
                }
            }
            let m = unknown.len() - 2;
            m * (m - 1) / 2
        }
    };
    Ok(Potential::from_table(
        hp,
        hp_total,
        lookahead,
        runouts_per_holding,
    ))
}

/// The values of the rank classes for one multiset of board ranks, where no flush is
/// possible, and the class weights split by our value (memoized per value of ours).
#[derive(Clone)]
struct RankTable {
    /// Value by class.
    vals: [u16; 169],
    /// `(ours, variant, split)`: `split[now][final]` summed over the active classes
    /// without the flush candidates of the variant.
    memo: Vec<(u16, usize, [[f64; 3]; 3])>,
}

impl RankTable {
    fn new(board_ranks: &[u8], active: &[usize]) -> RankTable {
        // Suits dealt round-robin: at most two cards of a suit, so never a flush.
        let base = board_ranks
            .iter()
            .enumerate()
            .fold(Hand::EMPTY, |h, (i, &r)| {
                h.with_index(4 * r + (i % 4) as u8)
            });
        let m = board_ranks.len();
        let mut vals = [0u16; 169];
        for &c in active {
            let (hi, lo) = ((c / 13) as u8, (c % 13) as u8);
            vals[c] = base
                .with_index(4 * hi + (m % 4) as u8)
                .with_index(4 * lo + ((m + 1) % 4) as u8)
                .rank()
                .value();
        }
        RankTable {
            vals,
            memo: Vec::new(),
        }
    }
    /// The weights of all active classes by (state now, final state) for our value,
    /// leaving out the flush candidates of `variant` (weights `cand`).
    fn split(
        &mut self,
        ours: u16,
        variant: usize,
        active: &[usize],
        class_w: &[[f64; 3]; 169],
        cand: &[[f64; 3]; 169],
    ) -> [[f64; 3]; 3] {
        if let Some((_, _, s)) = self
            .memo
            .iter()
            .find(|(o, v, _)| *o == ours && *v == variant)
        {
            return *s;
        }
        // Branch-free sums in registers: ahead, tied and all, by state now.
        let (mut ahead, mut tied, mut all) = ([0.0f64; 3], [0.0f64; 3], [0.0f64; 3]);
        for &c in active {
            let v = self.vals[c];
            let ma = f64::from(u8::from(v < ours));
            let mt = f64::from(u8::from(v == ours));
            for i in 0..3 {
                let x = class_w[c][i] - cand[c][i];
                ahead[i] += ma * x;
                tied[i] += mt * x;
                all[i] += x;
            }
        }
        let mut split = [[0.0f64; 3]; 3];
        for (nw, row) in split.iter_mut().enumerate() {
            *row = [ahead[nw], tied[nw], all[nw] - ahead[nw] - tied[nw]];
        }
        self.memo.push((ours, variant, split));
        split
    }
}
