//! Merging the lines of several copies of the database into hands. Roots may hold the
//! same month with different hands, and the same player's `pdb` files: every line is
//! keyed by its timestamp (and nickname for `pdb` lines), identical copies are kept once,
//! and a hand whose copies disagree is marked as conflicting (never guessed). Pure: the
//! folder walk is in [`crate::folders`].
use crate::lines::{HdbLine, PdbLine, RosterLine};
use std::collections::BTreeMap;

/// Counts of lines as merged.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MergeStats {
    /// `hdb` lines read (all copies).
    pub hdb_lines: usize,
    /// `hroster` lines read.
    pub roster_lines: usize,
    /// `pdb` lines read.
    pub pdb_lines: usize,
    /// Lines dropped as identical copies of a line already read.
    pub duplicate_lines: usize,
    /// `hroster` or `pdb` lines of a timestamp without an `hdb` line.
    pub orphan_lines: usize,
}

/// Everything known about one timestamp.
#[derive(Debug, Clone, Default)]
pub struct HandParts {
    /// The `hdb` line.
    pub hdb: Option<HdbLine>,
    /// The `hroster` line.
    pub roster: Option<RosterLine>,
    /// The `pdb` lines by nickname.
    pub pdb: BTreeMap<String, PdbLine>,
    /// Two copies of a line disagree.
    pub conflict: bool,
}

/// The merged database: hands by timestamp.
#[derive(Debug, Clone, Default)]
pub struct Archive {
    parts: BTreeMap<u64, HandParts>,
    lines: MergeStats,
}

/// Keeps the first copy of a line, counts an identical one, marks a different one.
fn merge<T: PartialEq>(slot: &mut Option<T>, line: T, conflict: &mut bool, lines: &mut MergeStats) {
    match slot {
        None => *slot = Some(line),
        Some(old) if *old == line => lines.duplicate_lines += 1,
        Some(_) => *conflict = true,
    }
}

impl Archive {
    /// An empty archive.
    pub fn new() -> Archive {
        Archive::default()
    }
    /// Adds `hdb` lines.
    pub fn add_hdb(&mut self, lines: Vec<HdbLine>) {
        for l in lines {
            self.lines.hdb_lines += 1;
            let p = self.parts.entry(l.timestamp).or_default();
            merge(&mut p.hdb, l, &mut p.conflict, &mut self.lines);
        }
    }
    /// Adds `hroster` lines.
    pub fn add_roster(&mut self, lines: Vec<RosterLine>) {
        for l in lines {
            self.lines.roster_lines += 1;
            let p = self.parts.entry(l.timestamp).or_default();
            merge(&mut p.roster, l, &mut p.conflict, &mut self.lines);
        }
    }
    /// Adds `pdb` lines (of any players).
    pub fn add_pdb(&mut self, lines: Vec<PdbLine>) {
        for l in lines {
            self.lines.pdb_lines += 1;
            let p = self.parts.entry(l.timestamp).or_default();
            let mut slot = p.pdb.remove(&l.nick);
            let nick = l.nick.clone();
            merge(&mut slot, l, &mut p.conflict, &mut self.lines);
            if let Some(s) = slot {
                p.pdb.insert(nick, s);
            }
        }
    }
    /// Line counts; `orphan_lines` counts the lines of timestamps without an `hdb` line.
    pub fn stats(&self) -> MergeStats {
        let mut s = self.lines;
        s.orphan_lines = self
            .parts
            .values()
            .filter(|p| p.hdb.is_none())
            .map(|p| p.pdb.len() + usize::from(p.roster.is_some()))
            .sum();
        s
    }
    /// The hands (timestamps with an `hdb` line) in time order.
    pub fn hands(&self) -> impl Iterator<Item = (u64, &HandParts)> {
        self.parts
            .iter()
            .filter(|(_, p)| p.hdb.is_some())
            .map(|(t, p)| (*t, p))
    }
    /// Number of hands.
    pub fn len(&self) -> usize {
        self.hands().count()
    }
    /// Whether there is no hand.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::{parse_hdb, parse_pdb};

    #[test]
    fn copies_merge_and_conflicts_are_marked() {
        let mut a = Archive::new();
        a.add_hdb(vec![parse_hdb("5 1 1 2 0/0 0/0 0/0 1/15").unwrap()]);
        a.add_hdb(vec![
            parse_hdb("5 1 1 2 0/0 0/0 0/0 1/15").unwrap(),
            parse_hdb("6 1 2 2 0/0 0/0 0/0 1/15").unwrap(),
        ]);
        a.add_pdb(vec![parse_pdb("al 6 2 1 Bf - - - 100 5 0", None).unwrap()]);
        a.add_pdb(vec![parse_pdb("al 6 2 1 Bc - - - 100 10 0", None).unwrap()]);
        a.add_pdb(vec![parse_pdb("bo 7 2 1 Bf - - - 100 5 0", None).unwrap()]);
        let s = a.stats();
        assert_eq!((s.hdb_lines, s.pdb_lines, s.duplicate_lines), (3, 3, 1));
        assert_eq!(s.orphan_lines, 1);
        let hands: Vec<_> = a.hands().collect();
        assert_eq!(hands.len(), 2);
        assert!(!hands[0].1.conflict);
        assert!(hands[1].1.conflict);
    }
}
