//! A person at a fixed-limit Texas Hold'em table against Loki players, without any I/O:
//! the game session that `loki serve` (the web page) and `loki play` (the terminal) share.
//!
//! * [`TableSpec`] (seats, bots, stakes, seed, the person's name) and [`Session`]: one
//!   table with one person's seat (seat 0) and bots seated by `loki_agent` (`Roster`, `Seat`). The
//!   session deals from its own seeded generator, moves the button as the engine's
//!   `Table` does (the seat of position `p` in hand `h` is `(p + h) mod N`), lets the bots
//!   act until it is the person's turn, and validates every action of the person
//!   ([`Session::act`]: the seat must be the person's, the step current, the hand in
//!   progress, the action legal; a refused action changes nothing).
//! * [`TableView`] (`view.rs`): everything a message to the person may carry, built only
//!   from the person's `SeatView` (the engine hides other seats' hole cards) and the
//!   showdown, so no message ever holds another seat's hole cards before it shows them.
//! * [`ModelView`] (`belief.rs`): for each Loki player, what it believes about every other
//!   player's hand right now (its weight table as the 13 x 13 starting-hand chart and
//!   the most likely holdings on the board, Billings et al. 1998, "Opponent Modeling";
//!   Papp 1998 ch. 7), and the assessment and rule of its last decision, from its
//!   `DecisionTrace`; after a showdown, where each shown hand sat in those beliefs.
//! * The person's profile (`loki_agent::profiles`): the person's statistics as a profile
//!   of `loki-store`, loaded into every Loki player's model of the person at the start of
//!   a session and added to after every hand.
//! * [`history`]: the session's hands as PHH as the person saw them (unshown cards
//!   `????`), which PokerKit 0.7.7 replays.
//! * [`text`]: the same views as plain text for the terminal.
#![forbid(unsafe_code)]

pub mod belief;
mod error;
pub mod history;
mod session;
mod spec;
pub mod text;
mod view;

pub use belief::{BeliefView, DecisionView, HoldingShare, ModelView, ShowdownMark};
pub use error::{PlayError, SpecError};
pub use session::{Session, PERSON};
pub use spec::{person_name, Stakes, TableSpec, DEFAULT_BOTS, MAX_NAME_CHARS};
pub use view::{LegalView, LogEntry, ResultView, SeatInfo, ShownView, TableView};
