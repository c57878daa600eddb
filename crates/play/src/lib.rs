//! A person at a fixed-limit Texas Hold'em table against Loki players, without any I/O:
//! the game session that `loki serve` (the web page) and `loki play` (the terminal) share.
//!
//! * [`TableSpec`] (seats, bots, stakes, seed, the person's name, study mode) and
//!   [`Session`]: one table with one person's seat (seat 0) and bots seated by
//!   `loki_agent` (`Roster`, `SeatedPlayer`). The session deals from its own seeded generator,
//!   moves the button as the engine's `Table` does (the seat of position `p` in hand `h`
//!   is `(p + h) mod N`), lets the bots act until it is the person's turn, and validates
//!   every action of the person ([`Session::act`], [`Session::choose`]: the seat must be
//!   the person's, the step current, the hand in progress, the action legal, and a
//!   `check` or `bet` must fit; a refused action changes nothing). A person who leaves
//!   mid-hand abandons it ([`Session::abandon`]: check or fold to the end, so that its
//!   chips count).
//! * [`TableView`] (`view.rs`): everything a message to the person may carry, built only
//!   from the person's `SeatView` (the engine hides other seats' hole cards) and the
//!   showdown, so no message ever holds another seat's hole cards before it shows them;
//!   the hand told line by line and its result in words (`narrate.rs`, `hand_name.rs`:
//!   "SOM wins 36 with two pair, jacks and fours"); each seat's HUD (`hud.rs`).
//! * [`ModelView`] (`belief.rs`): for each Loki player, what it believes about every other
//!   player's hand right now (its weight table as the 13 x 13 starting-hand chart and
//!   the most likely holdings on the board, Billings et al. 1998, "Opponent Modeling";
//!   Papp 1998 ch. 7) and the frequencies it uses; the assessment and rule of its last
//!   decision, from its `DecisionTrace`, once the hand is over (or in study mode); after a
//!   showdown, where each shown hand sat in those beliefs.
//! * The person's profile (`loki_agent::profiles`): the person's statistics as a profile
//!   of `loki-store`, loaded into every Loki player's model of the person at the start of
//!   a session and added to after every hand.
//! * [`SummaryView`] (`summary.rs`): the session in numbers.
//! * [`history`]: the session's hands as PHH and as plain text, as the person saw them
//!   (unshown cards `????`), which PokerKit 0.7.7 replays.
//! * [`text`]: the same views as plain text for the terminal.
#![forbid(unsafe_code)]

pub mod belief;
mod betting;
mod choice;
mod error;
mod hand;
pub mod hand_name;
pub mod history;
pub mod hud;
mod narrate;
mod room;
mod session;
mod settle;
mod spec;
mod summary;
pub mod terminal;
pub mod text;
mod view;

pub use belief::{BeliefView, DecisionView, HoldingShare, ModelView, ShowdownMark};
pub use choice::Choice;
pub use error::PlayError;
pub use hand::{BigPot, HandMeta};
pub use hud::HudView;
pub use narrate::{action_text, and_list, cards_text, LogEntry, PotView, ShownView};
pub use room::{RoomSpec, SeatKind, Turn, OPEN};
pub use session::{Session, BIGGEST_POTS, MAX_HISTORY, PERSON};
pub use spec::{
    bot_name_clash, name_skeleton, person_name, reserved_name, SpecError, Stakes, TableSpec,
    DEFAULT_BOTS, MAX_NAME_CHARS, MAX_STAKE, RESERVED_NAMES,
};
pub use summary::{summary_text, SummaryView};
pub use view::{LegalView, ResultView, SeatInfo, TableView};
