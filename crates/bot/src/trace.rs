//! The decision trace: why the player acted as it did (the numbers of Billings et al. 1998,
//! "Hand Assessment" and "Betting Strategy", the rule that fired, the probability triple,
//! and for each opponent the most likely holdings and the frequencies used). The CLI's
//! `loki advise` and the web page print it as it is.
use serde::Serialize;

/// One opponent as the player sees it at a decision.
#[derive(Debug, Clone, Serialize)]
pub struct OpponentTrace {
    /// The opponent's position in the hand.
    pub position: usize,
    /// The opponent's hand strength against our holding, from its weight table.
    pub hs: f64,
    /// The top weighted holdings, normalized weight first.
    pub top_hands: Vec<(String, f64)>,
    /// The frequencies [fold, call, raise] the model uses in the current context.
    pub frequencies: [f64; 3],
    /// Observations behind them.
    pub observations: u32,
}

/// Everything behind one decision.
#[derive(Debug, Clone, Serialize)]
pub struct DecisionTrace {
    /// The player's name.
    pub player: String,
    /// "preflop", "flop", "turn" or "river".
    pub street: String,
    /// Our hole cards.
    pub hole: String,
    /// The board.
    pub board: String,
    /// Hand strength against one opponent holding the field table (the average of the
    /// live opponents' normalized weights); pre-flop `None`.
    pub hs: Option<f64>,
    /// HS_n: the product of the per-opponent HS.
    pub hs_n: Option<f64>,
    /// Positive potential (PPot2 flop, PPot1 turn, 0 river).
    pub ppot: Option<f64>,
    /// Negative potential.
    pub npot: Option<f64>,
    /// Effective hand strength `hs_n + (1 - hs_n) ppot`.
    pub ehs: Option<f64>,
    /// Income rate (pre-flop).
    pub income_rate: Option<f64>,
    /// The pre-flop plan.
    pub plan: Option<String>,
    /// Pot odds of a call.
    pub pot_odds: f64,
    /// Chips to call.
    pub to_call: i64,
    /// Chips in the pot.
    pub pot: i64,
    /// The rule that fired.
    pub rule: String,
    /// The probability triple [fold, call, raise].
    pub triple: [f64; 3],
    /// The action taken: "fold", "call" (check included) or "raise" (bet included).
    pub action: String,
    /// The opponents still in the hand.
    pub opponents: Vec<OpponentTrace>,
}
