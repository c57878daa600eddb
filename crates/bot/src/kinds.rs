//! The one table of player kinds: every name a `--players` list takes apart from the
//! configured variants. An entry is a kind's name, its line in `loki players`, how it is
//! built (a Loki [`Shape`]: data over `Style`; or a simple player's constructor) and
//! where else it serves (`loki irc eval`'s predictors, the new-board bench). Everything
//! that lists or builds kinds reads [`KINDS`] (the roster behind `--players`, `loki
//! players`, the web page's form and Python; `loki-irc`'s models; `loki-sim`'s
//! new-board bench), so adding a kind is adding an entry here.
//!
//! The Loki family: Billings et al. 1998, "Experiments" (BPM, BPT, BPL, GOM, SOM); Peña
//! 1999 (Loki-2, its B and R halves, POKI's simulation, the reference styles). Post-flop
//! constants other than Papp's 0.85 / 0.50 are **ours**, overridable by `[variants]`.
use crate::opponent_model::ModelMode::{self, Generic, Loki2, Specific};
use crate::preflop::Tightness::{self, Loose, Moderate, Tight};
use loki_engine::{CallPlayer, ExamplePlayer, Player, RaisePlayer, RandomPlayer};
use Postflop::{Base, Passive, With};

/// One kind.
#[derive(Debug, Clone, Copy)]
pub struct Kind {
    /// The name in `--players` lists and results ("SOM", "call").
    pub name: &'static str,
    /// What it is, in a line (`loki players` adds how a Loki kind plays under the
    /// configuration).
    pub about: &'static str,
    /// How it is built.
    pub plays: Plays,
    /// Its opponent model as a `loki irc eval` predictor (the line `--model list` gives),
    /// if it is one.
    pub predictor: Option<&'static str>,
    /// Whether the new-board bench measures it.
    pub bench: Bench,
}

/// How a kind is built.
#[derive(Debug, Clone, Copy)]
pub enum Plays {
    /// A Loki player of this shape.
    Loki(Shape),
    /// A simple player.
    Simple(MakeSimple),
}

/// A simple player's constructor: (display name, seed) -> player.
pub type MakeSimple = fn(&str, u64) -> Box<dyn Player + Send>;

/// Whether `loki bench`'s new-board keys measure a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bench {
    /// Not measured.
    Off,
    /// Measured by the full bench only (too slow for `--quick`).
    Full,
    /// Measured by `--quick` too.
    Quick,
}

/// What distinguishes a Loki kind's play; `Style::of` reads it under a configuration.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shape {
    /// Pre-flop tightness.
    pub tightness: Tightness,
    /// Post-flop thresholds over the configuration's.
    pub postflop: Postflop,
    /// The opponent model.
    pub model: ModelMode,
    /// Actions drawn from probability triples (Loki-2's betting).
    pub randomized: bool,
    /// Re-weighting mixed by trust whatever `model.trust` says (SOMT and its family).
    pub trusting: bool,
    /// The opponents' frequencies read in context (`context_model.rs`).
    pub context: bool,
    /// Post-flop decisions by selective-sampling simulation (POKI).
    pub simulates: bool,
}

/// A kind's post-flop thresholds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Postflop {
    /// The configuration's.
    Base,
    /// The configuration's with these make1, make2 and call thresholds.
    With(f64, f64, f64),
    /// Passive: make1 0.75, make2 0.95, this call threshold, no check-raise or
    /// semi-bluff.
    Passive(f64),
}

/// A basic player (pre-flop initial weights, no re-weighting) of this tightness and these
/// post-flop thresholds.
const fn basic(tightness: Tightness, postflop: Postflop) -> Shape {
    Shape {
        tightness,
        postflop,
        model: ModelMode::InitialOnly,
        randomized: false,
        trusting: false,
        context: false,
        simulates: false,
    }
}

/// A moderate player with the configuration's thresholds and this opponent model.
const fn modeling(model: ModelMode) -> Shape {
    Shape {
        model,
        ..basic(Moderate, Base)
    }
}

impl Shape {
    const fn randomized(mut self) -> Shape {
        self.randomized = true;
        self
    }
    const fn trusting(mut self) -> Shape {
        self.trusting = true;
        self
    }
    const fn in_context(mut self) -> Shape {
        self.context = true;
        self
    }
    const fn simulating(mut self) -> Shape {
        self.simulates = true;
        self
    }
}

impl Kind {
    const fn loki(name: &'static str, about: &'static str, shape: Shape) -> Kind {
        Kind {
            name,
            about,
            plays: Plays::Loki(shape),
            predictor: None,
            bench: Bench::Off,
        }
    }
    const fn simple(name: &'static str, about: &'static str, make: MakeSimple) -> Kind {
        Kind {
            name,
            about,
            plays: Plays::Simple(make),
            predictor: None,
            bench: Bench::Off,
        }
    }
    const fn predicts(mut self, line: &'static str) -> Kind {
        self.predictor = Some(line);
        self
    }
    const fn bench(mut self, bench: Bench) -> Kind {
        self.bench = bench;
        self
    }
    /// The shape of a Loki kind.
    pub fn shape(&self) -> Option<&Shape> {
        match &self.plays {
            Plays::Loki(s) => Some(s),
            Plays::Simple(_) => None,
        }
    }
}

/// The kind named `name` (case-insensitive) in a table.
pub fn find<'a>(kinds: &'a [Kind], name: &str) -> Option<&'a Kind> {
    kinds.iter().find(|k| k.name.eq_ignore_ascii_case(name))
}

/// Every kind, in the order `loki players` lists them (the Loki family first; the
/// configured variants come between it and the simple players).
pub static KINDS: &[Kind] = &[
    Kind::loki(
        "BPM",
        "basic Loki, moderate: pre-flop initial weights, no re-weighting",
        basic(Moderate, Base),
    ),
    Kind::loki(
        "BPT",
        "basic Loki, tight (conservative) betting parameters",
        basic(Tight, With(0.55, 0.88, 0.55)),
    ),
    Kind::loki(
        "BPL",
        "basic Loki, loose (liberal) betting parameters",
        basic(Loose, With(0.45, 0.80, 0.45)),
    ),
    Kind::loki(
        "GOM",
        "generic opponent modeling: re-weights with Loki's own default frequencies",
        modeling(Generic),
    )
    .predicts("generic opponent model: GOM's self-play frequencies for everyone, Loki-1 re-weighting")
    .bench(Bench::Quick),
    Kind::loki(
        "SOM",
        "specific opponent modeling: re-weights with each opponent's observed frequencies (20 observations)",
        modeling(Specific),
    )
    .predicts("specific opponent model: each player's frequencies blended with the defaults, Loki-1 re-weighting")
    .bench(Bench::Quick),
    Kind::loki(
        "LOKI2",
        "Loki-2 (Peña): probability-triple betting (randomized) and triple re-weighting with last-20-action thresholds",
        modeling(Loki2).randomized(),
    )
    .predicts("Loki-2: historic and last-20 frequencies, probability-triple re-weighting")
    .bench(Bench::Quick),
    Kind::loki(
        "LOKI2B",
        "Peña's B: Loki-2's triple betting with Loki-1's re-weighting (SOM's model)",
        modeling(Specific).randomized(),
    ),
    Kind::loki(
        "LOKI2R",
        "Peña's R: Loki-1's betting (SOM's rules) with Loki-2's triple re-weighting and last-20 thresholds",
        modeling(Loki2),
    ),
    Kind::loki(
        "SOMT",
        "SOM that trusts each opponent's actions as far as its shown cards bore them out, whatever model.trust says (ours; with the default, SOM does too)",
        modeling(Specific).trusting(),
    )
    .predicts("SOM whose re-weighting trusts each player as far as its shown cards followed its actions (loki-bot's SOMT)"),
    Kind::loki(
        "POKI",
        "SOMT's models, Poki's betting: simulates the rest of the hand (up to 500 trials) and takes the action of highest expected value",
        modeling(Specific).trusting().simulating(),
    )
    .bench(Bench::Full),
    Kind::loki(
        "SOMC",
        "SOMT whose thresholds read action frequencies in context (the spot's public features, a per-player tilt), as the best model of IRC players does (ours)",
        modeling(Specific).trusting().in_context(),
    )
    .predicts("SOMT whose actions and re-weighting thresholds read SOM+ctx's frequencies in context (loki-bot's SOMC)")
    .bench(Bench::Quick),
    Kind::loki(
        "TP",
        "reference style: tight-passive (few hands, rarely bets or raises)",
        basic(Tight, Passive(0.45)),
    ),
    Kind::loki(
        "TA",
        "reference style: tight-aggressive (few hands, bets and raises often)",
        basic(Tight, With(0.45, 0.75, 0.45)),
    ),
    Kind::loki(
        "LP",
        "reference style: loose-passive (many hands, calls a lot)",
        basic(Loose, Passive(0.35)),
    ),
    Kind::loki(
        "LA",
        "reference style: loose-aggressive (many hands, bets and raises often)",
        basic(Loose, With(0.40, 0.70, 0.40)),
    ),
    Kind::simple("call", "always checks or calls", |name, _| {
        Box::new(CallPlayer::new(name))
    }),
    Kind::simple(
        "raise",
        "bets or raises whenever legal, else calls",
        |name, _| Box::new(RaisePlayer::new(name)),
    ),
    Kind::simple("random", "a seeded random legal action", |name, seed| {
        Box::new(RandomPlayer::new(name, seed))
    }),
    Kind::simple(
        "example",
        "the ACPC example player: folds 6% facing a bet, else calls or raises evenly",
        |name, seed| Box::new(ExamplePlayer::new(name, seed)),
    ),
];
