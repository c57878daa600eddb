//! What one seat of `loki.env` observes, as a tensor and as a string, from its own view
//! of the hand only (its hole cards and the public events; never another holding before
//! a showdown). The tensor's layout is defined here once ([`FIELDS`]) and exported to
//! Python as `loki.env.OBSERVATION_FIELDS`; docs/python.md documents it. Chips are in big
//! blinds. Positions are ACPC positions (0 = small blind; heads-up 0 = big blind), 10
//! slots whatever the number of players.
use loki_cards::HoleCards;
use loki_engine::Position;
use loki_engine::{Action, Event, HandState, Round};

/// Positions in the tensor (the most players of a game).
pub const SLOTS: usize = 10;

/// The fields of the observation tensor in order: name and length.
pub const FIELDS: [(&str, usize); 14] = [
    // Card planes: 1 at each card index (4 * rank + suit) present.
    ("hole", 52),
    ("flop", 52),
    ("turn", 52),
    ("river", 52),
    // One-hot: our position.
    ("position", SLOTS),
    // 1 for each position at the table, and for each that has not folded.
    ("seated", SLOTS),
    ("live", SLOTS),
    // One-hot: the round (pre-flop, flop, turn, river).
    ("round", 4),
    // The betting so far: per round, per position, the number of folds, calls (checks
    // included) and raises (bets included): index (round * SLOTS + position) * 3 + action.
    ("betting", 4 * SLOTS * 3),
    // Chips each position has put in this hand, and has behind (0 when the game has
    // no stacks: nobody can be all-in), in big blinds.
    ("contributions", SLOTS),
    ("stacks", SLOTS),
    // The pot and our amount to call, in big blinds; bets and raises this round (the big
    // blind counting as the pre-flop bet).
    ("pot", 1),
    ("to_call", 1),
    ("bets_this_round", 1),
];

/// The length of the observation tensor.
pub const SIZE: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < FIELDS.len() {
        n += FIELDS[i].1;
        i += 1;
    }
    n
};

/// The offset of a field.
const fn offset(name: &str) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < FIELDS.len() {
        if eq(FIELDS[i].0, name) {
            return n;
        }
        n += FIELDS[i].1;
        i += 1;
    }
    panic!("no such field")
}

const fn eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const HOLE: usize = offset("hole");
const FLOP: usize = offset("flop");
const TURN: usize = offset("turn");
const RIVER: usize = offset("river");
const POSITION: usize = offset("position");
const SEATED: usize = offset("seated");
const LIVE: usize = offset("live");
const ROUND: usize = offset("round");
const BETTING: usize = offset("betting");
const CONTRIBUTIONS: usize = offset("contributions");
const STACKS: usize = offset("stacks");
const POT: usize = offset("pot");
const TO_CALL: usize = offset("to_call");
const BETS: usize = offset("bets_this_round");

/// Writes the observation of `position` into `out` (at least [`SIZE`] long).
pub fn encode(state: &HandState, position: usize, out: &mut [f32]) {
    let hole = state.hole_cards().get(position).copied().flatten();
    encode_with(state, position, hole, out);
}

/// [`encode`] with `hole` as the cards of `position` (what a policy holding them would
/// observe: local best response asks a policy for every holding).
pub fn encode_with(state: &HandState, position: usize, hole: Option<HoleCards>, out: &mut [f32]) {
    let out = &mut out[..SIZE];
    out.fill(0.0);
    let n = state.players();
    let bb = state.config().big_blind().max(1) as f32;
    if let Some(h) = hole {
        out[HOLE + usize::from(h.low().index())] = 1.0;
        out[HOLE + usize::from(h.high().index())] = 1.0;
    }
    for (i, c) in state.board().iter().enumerate() {
        let plane = match i {
            0..=2 => FLOP,
            3 => TURN,
            _ => RIVER,
        };
        out[plane + usize::from(c.index())] = 1.0;
    }
    out[POSITION + position.min(SLOTS - 1)] = 1.0;
    for p in 0..n.min(SLOTS) {
        out[SEATED + p] = 1.0;
        out[LIVE + p] = f32::from(u8::from(state.is_live(Position::new(p))));
        out[CONTRIBUTIONS + p] = state.contributions()[p] as f32 / bb;
        if let Some(s) = state.stacks() {
            out[STACKS + p] = s[p] as f32 / bb;
        }
    }
    out[ROUND + state.round().index()] = 1.0;
    for e in state.events() {
        if let Event::Action(a) = e {
            let p = a.position.index();
            if p < SLOTS {
                let i = (a.round.index() * SLOTS + p) * 3 + a.action.index();
                out[BETTING + i] += 1.0;
            }
        }
    }
    out[POT] = state.pot() as f32 / bb;
    out[TO_CALL] = state.amount_to_call(Position::new(position)) as f32 / bb;
    out[BETS] = state.bets_this_round() as f32;
}

/// The information-state string of `position`: the ACPC `MATCHSTATE` line of its view
/// without the hand number, `position:betting:cards` (`"1:crrc/r:|AsKd/3h4cJh"`: the
/// betting by round, ours the only holding shown, then the board by round). Two views
/// with the same string cannot be told apart by the player.
pub fn info_state(state: &HandState, position: usize) -> String {
    let hole = state.hole_cards().get(position).copied().flatten();
    info_state_with(state, position, hole)
}

/// [`info_state`] with `hole` as the cards of `position` (what a policy holding them
/// would see: local best response asks a policy for every holding).
pub fn info_state_with(state: &HandState, position: usize, hole: Option<HoleCards>) -> String {
    let rounds = state.round().index() + 1;
    let mut betting: Vec<String> = vec![String::new(); rounds];
    for e in state.events() {
        if let Event::Action(a) = e {
            if let Some(r) = betting.get_mut(a.round.index()) {
                r.push(a.action.acpc_char());
            }
        }
    }
    let mut cards = String::new();
    for p in 0..state.players() {
        if p > 0 {
            cards.push('|');
        }
        if p == position {
            if let Some(h) = hole {
                cards.push_str(&h.to_string());
            }
        }
    }
    let board = state.board();
    for r in &Round::ALL[1..rounds] {
        cards.push('/');
        if let Some(dealt) = board.get(r.dealt_range()) {
            for c in dealt {
                cards.push_str(&c.to_string());
            }
        }
    }
    format!("{position}:{}:{cards}", betting.join("/"))
}

/// The legal-action mask `[fold, call, raise]` (loki's action numbers) of the hand now.
pub fn mask(state: &HandState) -> [bool; 3] {
    let legal = state.legal_actions();
    Action::ALL.map(|a| legal.contains(a))
}
