//! The paper's experiments and ours as ready-made fields of `loki tournament --preset`
//! (Billings et al. 1998, "Experiments", Figure 4 and the one-SOM field; the reference
//! styles, LOKI2 and POKI fields are ours; Peña 1999 §4 for B, R and B+R, each Loki-2
//! variant in two seats among eight Loki-1 players). Each plays [`Preset::hands`] hands
//! unless told otherwise.

/// The figure-4 field: two copies each of BPM, BPT, BPL, GOM and SOM.
pub const FIGURE4: &str = "2*BPM,2*BPT,2*BPL,2*GOM,2*SOM";

/// A preset field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// Figure 4.
    Figure4,
    /// One SOM against nine BPM.
    SomVsBpm,
    /// The modeling players among the reference styles.
    Reference,
    /// The figure-4 field with LOKI2 in GOM's seats.
    Loki2,
    /// Two POKI among the Loki family and two reference styles.
    Poki,
    /// Peña's B: two LOKI2B among eight SOM, 25,000 hands.
    PenaB,
    /// Peña's R: two LOKI2R among eight SOM, 25,000 hands.
    PenaR,
    /// Peña's B+R: two LOKI2 among eight SOM, 25,000 hands.
    PenaBr,
}

impl Preset {
    /// Every preset, in the order `--help` lists them.
    pub const ALL: [Preset; 8] = [
        Preset::Figure4,
        Preset::SomVsBpm,
        Preset::Reference,
        Preset::Loki2,
        Preset::Poki,
        Preset::PenaB,
        Preset::PenaR,
        Preset::PenaBr,
    ];

    /// Hands of a preset run (per match): 100,000, and Peña's 2,500 deals of ten
    /// rotations, 25,000 hands (Peña §4, §5).
    pub fn hands(self) -> u64 {
        match self {
            Preset::PenaB | Preset::PenaR | Preset::PenaBr => 25_000,
            _ => 100_000,
        }
    }

    /// The name `--preset` takes.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Figure4 => "figure4",
            Preset::SomVsBpm => "som-vs-bpm",
            Preset::Reference => "reference",
            Preset::Loki2 => "loki2",
            Preset::Poki => "poki",
            Preset::PenaB => "pena-b",
            Preset::PenaR => "pena-r",
            Preset::PenaBr => "pena-br",
        }
    }
    /// What it plays, in words.
    pub fn about(self) -> &'static str {
        match self {
            Preset::Figure4 => "Figure 4: two copies each of BPM, BPT, BPL, GOM and SOM, 100,000 hands",
            Preset::SomVsBpm => "One SOM against nine BPM, 100,000 hands",
            Preset::Reference => "Two SOM and two GOM among BPT, BPL and the reference styles TP, TA, LP, LA, 100,000 hands",
            Preset::Loki2 => "The figure-4 field with LOKI2 in GOM's seats, 100,000 hands",
            Preset::Poki => "Two POKI among SOM, LOKI2, GOM, BPM, BPT, BPL and the reference styles TA and LP, 100,000 hands",
            Preset::PenaB => "Peña's B: two LOKI2B (triple betting) among eight SOM (Loki-1), 25,000 hands",
            Preset::PenaR => "Peña's R: two LOKI2R (triple re-weighting) among eight SOM (Loki-1), 25,000 hands",
            Preset::PenaBr => "Peña's B+R: two LOKI2 (both) among eight SOM (Loki-1), 25,000 hands",
        }
    }
    /// The players, one per seat (a `--players` list).
    pub fn players(self) -> &'static str {
        match self {
            Preset::Figure4 => FIGURE4,
            Preset::SomVsBpm => "SOM,9*BPM",
            Preset::Reference => "2*SOM,2*GOM,BPT,BPL,TP,TA,LP,LA",
            Preset::Loki2 => "2*BPM,2*BPT,2*BPL,2*SOM,2*LOKI2",
            Preset::Poki => "2*POKI,SOM,LOKI2,GOM,BPM,BPT,BPL,TA,LP",
            Preset::PenaB => "2*LOKI2B,8*SOM",
            Preset::PenaR => "2*LOKI2R,8*SOM",
            Preset::PenaBr => "2*LOKI2,8*SOM",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_fields_two_to_ten_known_players() {
        let roster = loki_agent::Roster::new(loki_bot::LokiConfig::default()).unwrap();
        for p in Preset::ALL {
            let kinds = roster.expand(p.players()).unwrap();
            assert!((2..=10).contains(&kinds.len()), "{}", p.name());
            let hands = match p.hands() {
                100_000 => "100,000 hands",
                25_000 => "25,000 hands",
                h => panic!("{}: {h} hands", p.name()),
            };
            assert!(p.about().ends_with(hands), "{}: {hands}", p.name());
        }
        let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
        assert_eq!(
            names,
            [
                "figure4",
                "som-vs-bpm",
                "reference",
                "loki2",
                "poki",
                "pena-b",
                "pena-r",
                "pena-br"
            ]
        );
        // Peña's seatings: two of the Loki-2 variant among eight Loki-1 players (SOM).
        for (p, variant) in [
            (Preset::PenaB, "LOKI2B"),
            (Preset::PenaR, "LOKI2R"),
            (Preset::PenaBr, "LOKI2"),
        ] {
            let kinds = roster.expand(p.players()).unwrap();
            let count = |k: &str| kinds.iter().filter(|x| x.as_str() == k).count();
            assert_eq!(
                (kinds.len(), count(variant), count("SOM")),
                (10, 2, 8),
                "{}",
                p.name()
            );
        }
    }
}
