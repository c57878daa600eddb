//! The model view: for each Loki player, what it believes about every other live
//! player's hand right now and why it made its last decision (Billings et al. 1998,
//! "Opponent Modeling" and "Hand Assessment"; Papp 1998 ch. 6-7).
//!
//! * **Beliefs** are the player's weight table of each opponent (`OpponentModel::weights`,
//!   re-weighted after every action it observed) shown as the 13 x 13 starting-hand chart
//!   (the average weight of each class's holdings) and the most likely holdings with
//!   their share of the weight. They are computed with the *board alone* as the known
//!   cards, never with the believing player's hole cards: excluding its cards would show
//!   which holdings it holds a card of, and so its cards.
//! * **The last decision** comes from the player's `DecisionTrace` of this hand: round,
//!   action, pot odds and per opponent the frequencies it used, at any time; its own
//!   strength (HS, HS_n, PPot, NPot, PPot1, NPot1, ehs, its HS against each opponent, the
//!   probability triple, POKI's simulated values) and the rule behind the action only
//!   once the hand is over, or in study mode, which says so: during the hand they are the
//!   strength of cards the person must not see. The trace's own hole cards and pre-flop
//!   income rate (which names the starting hand) are never sent.
//! * **After a showdown**, each shown hand is marked in every belief about its owner: its
//!   cell in the chart, the share of the other holdings weighted above it (ties counting
//!   half, as in `loki irc eval`: 0 is the favourite, 0.5 no better than chance) and its
//!   weight relative to the heaviest holding.
//! * **Ties** are explained in words that the page and the terminal both print
//!   ([`BeliefView::top_note`], [`ShowdownMark::text`]): when more holdings weigh as
//!   much as the last one listed than the list shows, or when no holding stands out.
use crate::hand::Occupant;
use crate::session::Session;
use loki_assess::{StartingHandGrid, WeightTable};
use loki_bot::{DecisionTrace, LokiPlayer};
use loki_cards::{CardSet, HoleCards, StartingHand, HOLDINGS};
use loki_engine::{Action, ByAction, Chips, Event};
use serde::Serialize;

/// Holdings listed per belief (ours): the page and the terminal show all of them, so
/// the note on ties counts the list the person sees.
pub const TOP_HOLDINGS: usize = 6;

/// One Loki player's view.
#[derive(Debug, Clone, Serialize)]
pub struct ModelView {
    /// Its seat.
    pub seat: usize,
    /// Its name.
    pub name: String,
    /// Its kind (SOM, GOM, ...).
    pub kind: String,
    /// Whether it has folded this hand.
    pub folded: bool,
    /// Its last decision in this hand.
    pub last: Option<DecisionView>,
    /// Whether its own strength and rule are shown (the hand is over, or study mode).
    pub revealed: bool,
    /// What it believes about each other live player.
    pub beliefs: Vec<BeliefView>,
}

/// The last decision of a Loki player, from its trace.
#[derive(Debug, Clone, Serialize)]
pub struct DecisionView {
    /// The round.
    pub round: String,
    /// The rule that decided ("preflop-make2", "make1", "pot-odds", ...); hidden (`None`)
    /// during the hand outside study mode, as every value below that tells its strength.
    pub rule: Option<String>,
    /// The action as the table says it: "fold", "check", "call", "bet" or "raise".
    pub action: String,
    /// The probability triple [fold, call, raise].
    pub triple: Option<ByAction<f64>>,
    /// Hand strength against the field table (post-flop).
    pub hs: Option<f64>,
    /// HS_n: the product of the hand strengths against each live opponent.
    pub hs_n: Option<f64>,
    /// Positive potential to the river (PPot2 on the flop, PPot1 on the turn).
    pub ppot: Option<f64>,
    /// Negative potential to the river.
    pub npot: Option<f64>,
    /// Positive potential of the next card.
    pub ppot1: Option<f64>,
    /// Negative potential of the next card.
    pub npot1: Option<f64>,
    /// Effective hand strength.
    pub ehs: Option<f64>,
    /// Pot odds of a call.
    pub pot_odds: f64,
    /// Chips to call.
    pub to_call: Chips,
    /// The pot.
    pub pot: Chips,
    /// POKI: the simulated value in chips of [fold, call, raise] (`None`: not offered)
    /// and the trials played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub simulation: Option<(ByAction<Option<f64>>, u32)>,
}

/// What a Loki player believes about one other player.
#[derive(Debug, Clone, Serialize)]
pub struct BeliefView {
    /// The other player's seat.
    pub seat: usize,
    /// The other player's name.
    pub name: String,
    /// Actions of this player the model has counted (across hands, and sessions for
    /// the person's stored profile).
    pub actions_seen: u32,
    /// The frequencies [fold, call, raise] used at the last decision.
    pub frequencies: Option<ByAction<f64>>,
    /// Observations behind them.
    pub observations: Option<u32>,
    /// Our HS against this player's table at the last decision (hidden during the hand
    /// outside study mode).
    pub hs: Option<f64>,
    /// The weight table as the starting-hand chart (`grid[row][col]`, ace first, suited
    /// above the diagonal; `None` for a class the board rules out).
    pub grid: [[Option<f64>; 13]; 13],
    /// The most likely holdings and their share of the weight.
    pub top: Vec<HoldingShare>,
    /// Ties around the list in words (no holding stands out; more holdings tie with the
    /// last one listed than the list shows), the same in the page and the terminal.
    pub top_note: Option<String>,
    /// Where the shown hand sat, after a showdown.
    pub shown: Option<ShowdownMark>,
}

/// A holding and its share of the live weight.
#[derive(Debug, Clone, Serialize)]
pub struct HoldingShare {
    /// The holding.
    pub cards: HoleCards,
    /// Its share of the weight of the holdings the board allows.
    pub share: f64,
}

/// Where a shown hand sat in a belief.
#[derive(Debug, Clone, Serialize)]
pub struct ShowdownMark {
    /// The shown holding.
    pub cards: HoleCards,
    /// Its starting-hand class ("AKs").
    pub class: String,
    /// Its cell in the chart.
    pub row: usize,
    /// Its cell in the chart.
    pub col: usize,
    /// Share of the other holdings the board allows that weighed more (ties half).
    pub above: f64,
    /// Its weight over the heaviest holding's.
    pub relative: f64,
    /// Its share of the weight.
    pub share: f64,
    /// In words (ties count half), the same in the page and the terminal.
    pub text: String,
}

/// Four decimals, as the views show shares and strengths.
pub(crate) fn round4(x: f64) -> f64 {
    (x * 1e4).round() / 1e4
}

fn avoids(h: usize, known: CardSet) -> Option<HoleCards> {
    HoleCards::from_index(h)
        .ok()
        .filter(|c| c.set().is_disjoint(known))
}

/// The chart of a weight table with `board` as the only known cards.
pub fn belief_grid(w: &WeightTable, board: CardSet) -> [[Option<f64>; 13]; 13] {
    w.starting_hand_grid(board)
        .cells
        .map(|row| row.map(|c| c.map(round4)))
}

/// The most likely holdings with `board` as the only known cards.
pub fn belief_top(w: &WeightTable, board: CardSet, n: usize) -> Vec<HoldingShare> {
    w.top_holdings(board, n)
        .into_iter()
        .map(|(cards, share)| HoldingShare {
            cards,
            share: round4(share),
        })
        .collect()
}

/// Where `shown` sits in `w` with `board` known.
pub fn showdown_mark(w: &WeightTable, board: CardSet, shown: HoleCards) -> ShowdownMark {
    let x = w.get(shown);
    let (mut above, mut ties, mut others, mut max, mut total) = (0.0, 0.0, 0.0, x, x);
    for h in 0..HOLDINGS {
        if h == shown.index() || avoids(h, board).is_none() {
            continue;
        }
        let y = w.at(h);
        others += 1.0;
        total += y;
        max = f64::max(max, y);
        if y > x {
            above += 1.0;
        } else if y == x {
            ties += 1.0;
        }
    }
    let class = StartingHand::of(shown);
    let (row, col) = StartingHandGrid::cell(class);
    let ratio = |a: f64, b: f64| if b > 0.0 { round4(a / b) } else { 0.0 };
    let above = ratio(above + ties / 2.0, others);
    let relative = ratio(x, max);
    let text = format!(
        "{class}: {} of the other holdings weighed more (ties count half); weight {relative:.2} of the heaviest",
        percent(above)
    );
    ShowdownMark {
        cards: shown,
        class: class.to_string(),
        row,
        col,
        above,
        relative,
        share: ratio(x, total),
        text,
    }
}

/// A share as a percentage with two significant digits below 1% ("0.085%", "3.4%").
pub fn percent(x: f64) -> String {
    let p = 100.0 * x;
    if p > 0.0 && p < 1.0 {
        format!("{p:.2}%")
    } else {
        format!("{p:.1}%")
    }
}

/// The ties around the most likely holdings of `w` (board known), in words: `None` when
/// the list shows every holding as heavy as its last one.
pub fn top_note(w: &WeightTable, board: CardSet, top: &[HoldingShare]) -> Option<String> {
    let last = top.last()?;
    let cut = w.get(last.cards);
    let (mut allowed, mut tied) = (0usize, 0usize);
    for h in 0..HOLDINGS {
        if avoids(h, board).is_none() {
            continue;
        }
        allowed += 1;
        if w.at(h) == cut {
            tied += 1;
        }
    }
    let listed = top.iter().filter(|t| w.get(t.cards) == cut).count();
    if tied <= listed {
        return None;
    }
    Some(if tied == allowed {
        format!(
            "no holding stands out: all {allowed} holdings the board allows weigh the same ({} each)",
            percent(last.share)
        )
    } else if listed == top.len() {
        format!(
            "no holding stands out among the heaviest: {tied} holdings tie at {} each; the list shows {listed} of them",
            percent(last.share)
        )
    } else {
        format!(
            "{tied} holdings tie at {} with the last one listed; the list shows {listed} of them",
            percent(last.share)
        )
    })
}

/// An action as the table says it: with nothing to call a call is a check and a raise a
/// bet.
fn action_word(action: Action, to_call: Chips) -> &'static str {
    match (action, to_call == 0) {
        (Action::Fold, _) => "fold",
        (Action::Call, true) => "check",
        (Action::Call, false) => "call",
        (Action::Raise, true) => "bet",
        (Action::Raise, false) => "raise",
    }
}

/// The decision as the person may see it: its own strength and rule only when `reveal`.
fn decision_view(t: &DecisionTrace, reveal: bool) -> DecisionView {
    let a = t.assessment.as_ref().filter(|_| reveal);
    let tr = t.triple.by_action();
    DecisionView {
        round: t.round.to_string(),
        rule: reveal.then(|| t.rule.to_string()),
        action: action_word(t.action, t.to_call).into(),
        triple: reveal.then(|| tr.map(round4)),
        hs: a.map(|a| round4(a.hs)),
        hs_n: a.map(|a| round4(a.hs_n)),
        ppot: a.map(|a| round4(a.ppot)),
        npot: a.map(|a| round4(a.npot)),
        ppot1: a.map(|a| round4(a.ppot1)),
        npot1: a.map(|a| round4(a.npot1)),
        ehs: a.map(|a| round4(a.ehs)),
        pot_odds: round4(t.pot_odds),
        to_call: t.to_call,
        pot: t.pot,
        simulation: t
            .simulation
            .as_ref()
            .filter(|_| reveal)
            .map(|o| (o.ev.map(|v| v.map(round4)), o.trials)),
    }
}

fn beliefs(
    s: &Session,
    loki: &LokiPlayer,
    me: usize,
    trace: Option<&DecisionTrace>,
    reveal: bool,
) -> Vec<BeliefView> {
    let Some(hand) = &s.hand else {
        return Vec::new();
    };
    let board: CardSet = hand.state().board().iter().copied().collect();
    let shown: Vec<(usize, HoleCards)> = hand
        .state()
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Showdown { hands } => Some(hands.clone()),
            _ => None,
        })
        .flatten()
        .map(|h| (hand.seat_of(h.position), h.cards))
        .collect();
    let mut out = Vec::new();
    for (p, &at) in hand.seats.enumerate() {
        let seat = at.index();
        if seat == me || !hand.state().is_live(p) {
            continue;
        }
        let Some(model) = loki.model(at) else {
            continue;
        };
        let w = model.weights();
        let opp = trace.and_then(|t| t.opponents.iter().find(|o| o.seat.index() == seat));
        let top = belief_top(w, board, TOP_HOLDINGS);
        out.push(BeliefView {
            seat,
            name: s.names[seat].clone(),
            actions_seen: model.stats.total(),
            frequencies: opp.map(|o| o.frequencies.map(round4)),
            observations: opp.map(|o| o.observations),
            hs: opp.and_then(|o| o.hs).filter(|_| reveal).map(round4),
            grid: belief_grid(w, board),
            top_note: top_note(w, board, &top),
            top,
            shown: shown
                .iter()
                .find(|(s, _)| *s == seat)
                .map(|(_, cards)| showdown_mark(w, board, *cards)),
        });
    }
    out
}

/// The model view of every Loki player at the table.
pub(crate) fn model_views(s: &Session) -> Vec<ModelView> {
    let Some(hand) = &s.hand else {
        return Vec::new();
    };
    // A bot's own strength and rule: once the hand is over, or in study mode.
    let reveal = s.study || hand.state().is_complete();
    s.occupants
        .iter()
        .enumerate()
        .filter_map(|(seat, o)| match o {
            Occupant::Bot(b) => b.loki().map(|l| (seat, l)),
            _ => None,
        })
        .map(|(seat, loki)| {
            let trace = hand.traces[seat].as_ref();
            ModelView {
                seat,
                name: s.names[seat].clone(),
                kind: s.kinds[seat].clone(),
                folded: hand
                    .position_of(seat)
                    .is_some_and(|p| !hand.state().is_live(p)),
                last: trace.map(|t| decision_view(t, reveal)),
                revealed: reveal,
                beliefs: beliefs(s, loki, seat, trace, reveal),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(f: impl Fn(usize) -> f64) -> WeightTable {
        let mut w = [0.0; HOLDINGS];
        for (h, x) in w.iter_mut().enumerate() {
            *x = f(h);
        }
        WeightTable::from_weights(&w).unwrap()
    }

    #[test]
    fn a_call_with_nothing_to_call_is_a_check_and_a_raise_a_bet() {
        assert_eq!(action_word(Action::Call, 0), "check");
        assert_eq!(action_word(Action::Call, 2), "call");
        assert_eq!(action_word(Action::Raise, 0), "bet");
        assert_eq!(action_word(Action::Raise, 4), "raise");
        assert_eq!(action_word(Action::Fold, 2), "fold");
    }

    #[test]
    fn the_mark_counts_heavier_holdings_and_halves_ties() {
        let board: CardSet = loki_cards::parse_cards("2c3d4h")
            .unwrap()
            .into_iter()
            .collect();
        let aa: HoleCards = "AsAh".parse().unwrap();
        // Uniform: every other holding ties, half above.
        let m = showdown_mark(&WeightTable::uniform(), board, aa);
        assert_eq!(m.above, 0.5);
        assert_eq!(m.relative, 1.0);
        assert_eq!((m.row, m.col, m.class.as_str()), (0, 0, "AA"));
        // The shown hand alone heaviest: nothing above.
        let w = table(|h| if h == aa.index() { 1.0 } else { 0.5 });
        let m = showdown_mark(&w, board, aa);
        assert_eq!(m.above, 0.0);
        assert_eq!(m.relative, 1.0);
        // The shown hand alone lightest: everything the board allows is above.
        let w = table(|h| if h == aa.index() { 0.01 } else { 1.0 });
        let m = showdown_mark(&w, board, aa);
        assert_eq!(m.above, 1.0);
        assert_eq!(m.relative, 0.01);
        // 1,176 holdings avoid three board cards: AsAh and 1,175 others.
        let heavier: Vec<usize> = (0..HOLDINGS)
            .filter(|&h| avoids(h, board).is_some() && h != aa.index())
            .take(270)
            .collect();
        let w = table(|h| if heavier.contains(&h) { 1.0 } else { 0.5 });
        let m = showdown_mark(&w, board, aa);
        let expect = (270.0 + (1175.0 - 270.0) / 2.0) / 1175.0;
        assert!((m.above - round4(expect)).abs() < 1e-12, "{}", m.above);
    }

    #[test]
    fn ties_are_told_in_words() {
        let board = CardSet::EMPTY;
        // Uniform: nothing stands out.
        let w = WeightTable::uniform();
        let top = belief_top(&w, board, 8);
        let note = top_note(&w, board, &top).unwrap();
        assert!(
            note.starts_with("no holding stands out: all 1326"),
            "{note}"
        );
        // Three heavy holdings, then 20 tied: the list of 8 shows 5 of the 20.
        let heavy: Vec<usize> = vec![5, 50, 500];
        let tied: Vec<usize> = (600..620).collect();
        let w = table(|h| {
            if heavy.contains(&h) {
                1.0
            } else if tied.contains(&h) {
                0.5
            } else {
                0.1
            }
        });
        let top = belief_top(&w, board, 8);
        let note = top_note(&w, board, &top).unwrap();
        assert!(note.starts_with("20 holdings tie at"), "{note}");
        assert!(note.ends_with("the list shows 5 of them"), "{note}");
        // Eight distinct weights: no note.
        let w = table(|h| if h < 8 { 0.2 + 0.1 * h as f64 } else { 0.1 });
        let top = belief_top(&w, board, 8);
        assert_eq!(top_note(&w, board, &top), None);
        assert_eq!(percent(0.00086), "0.09%");
        assert_eq!(percent(0.034), "3.4%");
    }

    #[test]
    fn beliefs_ignore_the_believer_cards() {
        // The chart and the top holdings take only the board: holdings with any other
        // card keep their weight (here the single heaviest holding is listed first).
        let kk: HoleCards = "KsKh".parse().unwrap();
        let w = table(|h| if h == kk.index() { 1.0 } else { 0.2 });
        let top = belief_top(&w, CardSet::EMPTY, 3);
        assert_eq!(top[0].cards, kk);
        let g = belief_grid(&w, CardSet::EMPTY);
        assert!(g[1][1].unwrap() > g[0][0].unwrap());
    }
}
