"""Type stubs of ``loki._loki``, the native module of the ``loki`` package (PyO3).

Use the names re-exported by ``loki``; see ``docs/python.md`` for the API with examples.
"""

import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Literal, SupportsIndex, TypeAlias, final

import numpy as np
import numpy.typing as npt

__version__: str

HOLDINGS: int
"""Number of two-card holdings: 1,326."""
STARTING_HANDS: int
"""Number of starting-hand classes: 169."""
CATEGORIES: list[str]
"""Category names, ``CATEGORIES[c - 1]`` for category ``c`` = ``rank >> 12``."""

# ----- errors -----

class LokiError(ValueError):
    """Base class of loki's errors (a ValueError)."""

class CardError(LokiError):
    """Bad card text, card index, holding or starting hand."""

class AssessError(LokiError):
    """An assessment that cannot be made: bad board, weights or opponents."""

class ConfigError(LokiError):
    """An invalid game configuration."""

class DealError(LokiError):
    """A deal the rules engine refuses; the state is unchanged."""

class IllegalActionError(LokiError):
    """An action the rules engine refuses; the state is unchanged.

    Raised by :func:`replay` with ``index`` (0-based, in the action list), ``position``
    (the position to act, or None) and ``action`` (its name).
    """

    index: int
    position: int | None
    action: str

class AgentError(LokiError):
    """A hand view the agent cannot play, an unknown player kind or unusable profiles."""

class HistoryError(LokiError):
    """A hand history that cannot be read or does not replay."""

# ----- cards -----

_CardLike: TypeAlias = Card | str | SupportsIndex
"""A card: a :class:`Card`, its text (``"As"``) or its index (0..52)."""
_CardsLike: TypeAlias = str | Iterable[_CardLike]
"""Cards: text (``"3h4cJh"``, ``"3h 4c Jh"``) or an iterable of cards."""
_HoleLike: TypeAlias = HoleCards | str | SupportsIndex | Sequence[_CardLike]
"""A holding: a :class:`HoleCards`, text (``"AsKd"``), two cards, or a holding index."""
_StartingHandLike: TypeAlias = StartingHand | HoleCards | str | SupportsIndex
"""A starting hand: a :class:`StartingHand`, its name (``"AKs"``), a holding, or its index."""
_WeightsLike: TypeAlias = npt.ArrayLike | None
"""A weight table: 1,326 weights in [0, 1] by holding index; None = uniform."""
_ActionLike: TypeAlias = str | SupportsIndex
"""An action: "fold", "call"/"check", "raise"/"bet", a letter f/c/k/r/b, or 0/1/2."""

@final
class Card:
    """A playing card. ``Card("As")``, ``Card(51)``; ``int(card)`` is its index."""

    def __new__(cls, card: _CardLike) -> Card: ...
    @property
    def index(self) -> int:
        """The card index ``4 * rank + suit`` (2c = 0, ..., As = 51)."""
    @property
    def rank(self) -> int:
        """The rank index 0..13 (2 = 0, ..., A = 12)."""
    @property
    def suit(self) -> int:
        """The suit index 0..4 (c = 0, d = 1, h = 2, s = 3)."""
    def __index__(self) -> int: ...
    def __int__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __lt__(self, other: Card, /) -> bool: ...
    def __le__(self, other: Card, /) -> bool: ...
    def __gt__(self, other: Card, /) -> bool: ...
    def __ge__(self, other: Card, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class HoleCards:
    """Two distinct hole cards: one of the 1,326 holdings; ``int(h)`` is its index."""

    def __new__(cls, hole: _HoleLike) -> HoleCards: ...
    @property
    def index(self) -> int:
        """The holding index 0..1326."""
    @property
    def high(self) -> Card:
        """The card with the higher index."""
    @property
    def low(self) -> Card:
        """The card with the lower index."""
    @property
    def cards(self) -> tuple[Card, Card]:
        """Both cards, low index first."""
    @property
    def starting_hand(self) -> StartingHand:
        """The starting-hand class."""
    @staticmethod
    def all() -> list[HoleCards]:
        """All 1,326 holdings in index order."""
    def __index__(self) -> int: ...
    def __int__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __lt__(self, other: HoleCards, /) -> bool: ...
    def __le__(self, other: HoleCards, /) -> bool: ...
    def __gt__(self, other: HoleCards, /) -> bool: ...
    def __ge__(self, other: HoleCards, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class StartingHand:
    """One of the 169 starting-hand classes; ``int(s)`` is its grid index."""

    def __new__(cls, hand: _StartingHandLike) -> StartingHand: ...
    @property
    def index(self) -> int:
        """The grid index ``row * 13 + col`` (suited above the diagonal)."""
    @property
    def high(self) -> int:
        """The higher rank index (2 = 0 .. A = 12)."""
    @property
    def low(self) -> int:
        """The lower rank index."""
    @property
    def suited(self) -> bool:
        """Whether the two cards share a suit."""
    @property
    def pair(self) -> bool:
        """Whether the two cards share a rank."""
    @property
    def combos(self) -> int:
        """The number of holdings in the class (6, 4 or 12)."""
    def holdings(self) -> list[HoleCards]:
        """The holdings of the class."""
    @staticmethod
    def all() -> list[StartingHand]:
        """All 169 classes in grid-index order."""
    def __index__(self) -> int: ...
    def __int__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __lt__(self, other: StartingHand, /) -> bool: ...
    def __le__(self, other: StartingHand, /) -> bool: ...
    def __gt__(self, other: StartingHand, /) -> bool: ...
    def __ge__(self, other: StartingHand, /) -> bool: ...
    def __hash__(self) -> int: ...

def parse_cards(text: str) -> list[Card]:
    """Parses card text (``"AdQc"``, ``"3h 4c Jh"``, any case), refusing duplicates."""

def card_indices(cards: _CardsLike) -> list[int]:
    """The indices (``4 * rank + suit``) of cards."""

def holding_index(a: int, b: int) -> int:
    """The holding index (0..1326) of two card indices, in either order."""

def holding_cards(index: int) -> tuple[int, int]:
    """The two card indices (low, high) of a holding index."""

# ----- evaluator -----

def evaluate(cards: _CardsLike) -> int:
    """The rank of the best five of 5 to 7 distinct cards (higher is better)."""

def best_five(cards: _CardsLike) -> tuple[list[Card], int]:
    """The best five of 5 to 7 cards, strongest first, and the hand's rank."""

def category(rank: int) -> str:
    """The category name of a rank ("high card" .. "straight flush")."""

def _evaluate_batch(
    cards: npt.NDArray[np.uint8],
    check: bool = True,
    out: npt.NDArray[np.uint16] | None = None,
) -> npt.NDArray[np.uint16]:
    """Ranks the rows of a C-contiguous uint8 array of shape (n, 5..7)."""

def _bench_reference_loop(cards: npt.NDArray[np.uint8]) -> int:
    """Not API: ``loki bench``'s evaluator loop over (n, 7) rows, for bench_eval.py."""

# ----- assessment -----

@final
class HandStrength:
    """Weighted ahead / tied / behind sums against one opponent table."""

    @property
    def ahead(self) -> float: ...
    @property
    def tied(self) -> float: ...
    @property
    def behind(self) -> float: ...
    @property
    def total(self) -> float:
        """ahead + tied + behind."""
    @property
    def hs(self) -> float:
        """HS = (ahead + tied / 2) / total."""

@final
class Potential:
    """The weighted hand-potential table of one hand against one opponent table."""

    @property
    def hp(self) -> list[list[float]]:
        """``hp[now][final]``, rows and columns ahead, tied, behind."""
    @property
    def hp_total(self) -> list[float]:
        """Weighted live holdings by state now (ahead, tied, behind)."""
    @property
    def lookahead(self) -> int:
        """Cards looked ahead (1 or 2)."""
    @property
    def runouts(self) -> int:
        """Runouts per opponent holding: 990, 45 or 44."""
    @property
    def ppot(self) -> float:
        """Positive potential."""
    @property
    def npot(self) -> float:
        """Negative potential."""

@final
class Assessment:
    """One hand against N opponents sharing one weight table, as ``loki assess``."""

    @property
    def hole(self) -> HoleCards: ...
    @property
    def board(self) -> list[Card]: ...
    @property
    def opponents(self) -> int: ...
    @property
    def strength(self) -> HandStrength: ...
    @property
    def hs(self) -> float: ...
    @property
    def hs_n(self) -> float:
        """HS ** opponents."""
    @property
    def potential1(self) -> Potential | None:
        """One-card lookahead (flop and turn)."""
    @property
    def potential2(self) -> Potential | None:
        """Two-card lookahead (flop only)."""
    @property
    def ppot(self) -> float:
        """PPot2 on the flop, PPot1 on the turn, 0 otherwise."""
    @property
    def npot(self) -> float: ...
    @property
    def ehs(self) -> float:
        """HS_n + (1 - HS_n) PPot."""
    @property
    def ehs_npot(self) -> float:
        """EHS - HS_n NPot."""
    def to_dict(self) -> dict[str, Any]:
        """The keys and values of ``loki assess --json``."""

def hand_strength(
    hole: _HoleLike, board: _CardsLike | None = None, weights: _WeightsLike = None
) -> HandStrength:
    """Weighted hand strength against one opponent table."""

def hs_n(hole: _HoleLike, board: _CardsLike | None, tables: Iterable[_WeightsLike]) -> float:
    """The product of our HS against each opponent's table."""

def potential(
    hole: _HoleLike, board: _CardsLike, weights: _WeightsLike = None, lookahead: int = 2
) -> Potential:
    """Weighted hand potential on a flop (lookahead 1 or 2) or turn (lookahead 1)."""

def assess(
    hole: _HoleLike,
    board: _CardsLike | None = None,
    weights: _WeightsLike = None,
    opponents: int = 1,
) -> Assessment:
    """HS, HS_n, potentials and EHS of one hand against ``opponents`` opponents."""

def ehs(hs_n: float, ppot: float) -> float:
    """EHS = HS_n + (1 - HS_n) PPot."""

def ehs_npot(hs_n: float, ppot: float, npot: float) -> float:
    """EHS - HS_n NPot."""

def weights_from_json(text: str) -> npt.NDArray[np.float64]:
    """A weight table from the JSON text of a ``loki assess --weights`` file."""

@final
class RangeTable:
    """HS, exact PPot / NPot and EHS of every holding on a board (``loki assess --range``)."""

    def __new__(cls, board: _CardsLike) -> RangeTable: ...
    @property
    def board(self) -> list[Card]: ...
    @property
    def runouts(self) -> int:
        """990 on a flop, 44 on a turn, 0 on the river."""
    def ehs(self, hole: _HoleLike) -> float | None: ...
    def hs(self, hole: _HoleLike) -> float | None: ...
    def ppot(self, hole: _HoleLike) -> float | None: ...
    def npot(self, hole: _HoleLike) -> float | None: ...
    def counts(self, hole: _HoleLike) -> dict[str, Any] | None:
        """Exact integer counts: ahead, tied, behind, hp (flop and turn)."""
    def ehs_all(self) -> npt.NDArray[np.float64]:
        """EHS by holding index (NaN where a holding touches the board)."""
    def hs_all(self) -> npt.NDArray[np.float64]: ...
    def ppot_all(self) -> npt.NDArray[np.float64]: ...
    def npot_all(self) -> npt.NDArray[np.float64]: ...

def income_rate(seats: int, hand: _StartingHandLike) -> int:
    """The compiled income rate (x 1000, rounded); seats clamped to 2..10."""

def income_rates(seats: int) -> npt.NDArray[np.float64]:
    """The income-rate table for 2..10 seats: 169 rates in StartingHand index order."""

# ----- engine -----

@final
class GameConfig:
    """A validated fixed-limit game."""

    def __new__(
        cls,
        seats: int = 2,
        small_blind: int = 1,
        big_blind: int = 2,
        small_bet: int = 2,
        big_bet: int = 4,
        max_raises: int | None = 3,
        stacks: Sequence[int] | None = None,
        *,
        postflop_first: int | None = None,
    ) -> GameConfig: ...
    @property
    def postflop_first(self) -> int | None:
        """After the flop, the first live player from this position acts first (None: 0)."""
    @property
    def seats(self) -> int: ...
    @property
    def small_blind(self) -> int: ...
    @property
    def big_blind(self) -> int: ...
    @property
    def small_bet(self) -> int: ...
    @property
    def big_bet(self) -> int: ...
    @property
    def max_raises(self) -> int | None: ...
    @property
    def stacks(self) -> list[int] | None: ...
    @property
    def blinds(self) -> list[int]:
        """The blinds posted by each position."""

_Phase: TypeAlias = Literal["deal_hole", "deal_board", "act", "reveal", "complete"]
_ActionName: TypeAlias = Literal["fold", "call", "raise"]

@final
class HandState:
    """One hand of fixed-limit hold'em as a pure state machine."""

    def __new__(cls, config: GameConfig | None = None) -> HandState: ...
    @property
    def config(self) -> GameConfig: ...
    @property
    def players(self) -> int: ...
    @property
    def phase(self) -> _Phase: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def round(self) -> Literal["preflop", "flop", "turn", "river"]: ...
    @property
    def is_complete(self) -> bool: ...
    @property
    def board(self) -> list[Card]: ...
    @property
    def hole_cards(self) -> list[HoleCards | None]: ...
    @property
    def pot(self) -> int: ...
    @property
    def contributions(self) -> list[int]: ...
    @property
    def round_bets(self) -> list[int]: ...
    @property
    def stacks(self) -> list[int] | None: ...
    @property
    def bets_this_round(self) -> int: ...
    @property
    def raises_this_round(self) -> int: ...
    def is_live(self, position: int) -> bool: ...
    def is_all_in(self, position: int) -> bool: ...
    def amount_to_call(self, position: int) -> int: ...
    def bets_to_call(self, position: int) -> int: ...
    def legal_actions(self) -> list[_ActionName]: ...
    def is_legal(self, action: _ActionLike) -> bool: ...
    def apply(self, action: _ActionLike) -> dict[str, Any]:
        """Applies the action of the player to act; returns its event."""
    def deal_hole(self, position: int, cards: _HoleLike) -> None: ...
    def deal_board(self, cards: _CardsLike) -> None: ...
    @property
    def result(self) -> dict[str, Any] | None:
        """net, contributions, showdown, ranks, finishing_stacks once the hand is over."""
    @property
    def events(self) -> list[dict[str, Any]]: ...
    def record(self, names: Sequence[str] | None = None, hand_number: int = 0) -> HandRecord: ...
    def copy(self) -> HandState: ...

def replay(
    actions: str | Iterable[_ActionLike],
    hole: Iterable[_HoleLike],
    board: _CardsLike | None = None,
    config: GameConfig | None = None,
) -> HandState:
    """Replays a hand through the engine; raises IllegalActionError at the first illegal action."""

# ----- histories -----

@final
class HandRecord:
    """A finished hand, by position."""

    @property
    def hand_number(self) -> int: ...
    @property
    def config(self) -> GameConfig: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def seats(self) -> list[int]: ...
    @property
    def hole(self) -> list[HoleCards | None]: ...
    @property
    def board(self) -> list[Card]: ...
    @property
    def actions(self) -> list[list[tuple[int, _ActionName]]]: ...
    @property
    def betting(self) -> str:
        """The ACPC betting string."""
    @property
    def contributions(self) -> list[int]: ...
    @property
    def net(self) -> list[int]: ...
    @property
    def ranks(self) -> list[int | None]: ...
    @property
    def starting_stacks(self) -> list[int]: ...
    @property
    def finishing_stacks(self) -> list[int]: ...
    @property
    def events(self) -> list[dict[str, Any]]: ...
    def to_phh(self) -> str:
        """The hand as a single-hand PHH text."""
    def to_acpc(self) -> str:
        """The hand's ACPC STATE line."""

def read_history(
    text: str, blinds: tuple[int, int] = (1, 2), bets: tuple[int, int] = (2, 4)
) -> list[HandRecord]:
    """Reads and replays a PHH/PHHS text or an ACPC log; raises HistoryError on a bad hand."""

def check_history(
    text: str, blinds: tuple[int, int] = (1, 2), bets: tuple[int, int] = (2, 4)
) -> list[str]:
    """One line per hand that does not replay (empty: all replay)."""

def write_phh(records: Sequence[HandRecord]) -> str:
    """Records as a .phhs text."""

def parse_betting(betting: str) -> list[list[_ActionName]]:
    """The actions of each round of an ACPC betting string."""

# ----- ACPC game definitions -----

def acpc_games() -> list[str]:
    """The names of loki's built-in game definitions."""

def acpc_game(name: str) -> str:
    """The text of a built-in ACPC game definition, as ``loki acpc game NAME`` prints it."""

def acpc_game_config(text: str) -> GameConfig:
    """The engine configuration of an ACPC game definition text."""

# ----- the agent -----

_Betting: TypeAlias = str | Sequence[str | int]

@final
class Agent:
    """A Loki player for a match, driven by public views of each hand; it keeps its
    opponent models (and optionally their SQLite profiles) across hands."""

    def __new__(
        cls,
        kind: str = "POKI",
        seats: int | None = None,
        seed: int = 0,
        config: GameConfig | None = None,
        *,
        name: str | None = None,
        settings: str | None = None,
        profiles: str | os.PathLike[str] | None = None,
        names: Sequence[str] | None = None,
    ) -> Agent: ...
    def act(
        self,
        position: int,
        hole: _HoleLike,
        board: _CardsLike | None = None,
        betting: _Betting | None = None,
        *,
        seats: Sequence[int] | None = None,
        hand: int | None = None,
    ) -> _ActionName:
        """The player's legal action at ``position`` with ``hole``, ``board`` and
        ``betting`` (an ACPC betting string or the actions so far)."""
    def policy(
        self,
        position: int,
        hole: _HoleLike,
        board: _CardsLike | None = None,
        betting: _Betting | None = None,
        *,
        seats: Sequence[int] | None = None,
        hand: int | None = None,
    ) -> list[float]:
        """The player's ``[fold, call, raise]`` probabilities at ``position``, without
        acting (``act`` then draws its action from them)."""
    def observe(
        self,
        position: int,
        hole: _HoleLike,
        board: _CardsLike | None = None,
        betting: _Betting | None = None,
        *,
        seats: Sequence[int] | None = None,
        hand: int | None = None,
    ) -> None:
        """Tells the player the hand so far without asking it to act."""
    def observe_showdown(
        self,
        holes: Sequence[_HoleLike | None],
        board: _CardsLike | None = None,
        betting: _Betting | None = None,
    ) -> None:
        """The cards shown at the showdown, by position (None where not shown)."""
    def end_hand(
        self,
        betting: _Betting | None = None,
        board: _CardsLike | None = None,
        holes: Sequence[_HoleLike | None] | None = None,
        *,
        position: int | None = None,
        hole: _HoleLike | None = None,
        seats: Sequence[int] | None = None,
        hand: int | None = None,
    ) -> None:
        """Ends the hand (completing it first when betting, board or holes are given)."""
    def trace(self) -> dict[str, Any] | None:
        """The last decision's trace (``loki advise --json``'s object)."""
    def hand_state(self) -> HandState | None:
        """The hand in progress as the engine rebuilt it (a copy)."""
    def legal_actions(self) -> list[_ActionName]: ...
    def save_state(self) -> str | None:
        """The learned state as JSON (a tournament checkpoint's)."""
    def load_state(self, state: str) -> None: ...
    def take_warnings(self) -> list[str]: ...
    @property
    def kind(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def seed(self) -> int: ...
    @property
    def seats(self) -> int: ...
    @property
    def config(self) -> GameConfig: ...
    @property
    def hands(self) -> int: ...
    @property
    def decisions(self) -> int: ...
    @property
    def _last_decision_ns(self) -> int:
        """Nanoseconds the last ``act`` spent in Rust (python/bench/bench_agent.py)."""

def advise(
    seats: int,
    position: int,
    hole: _HoleLike,
    board: _CardsLike | None = None,
    betting: str = "",
    player: str = "SOM",
    seed: int = 0,
    settings: str | None = None,
    detail: bool = True,
) -> dict[str, Any]:
    """One decision's trace as ``loki advise --json`` (its ``action`` is the decision)."""

def simulate(
    players: str | Sequence[str],
    hands: int,
    seed: int = 0,
    config: GameConfig | None = None,
    settings: str | None = None,
) -> list[HandRecord]:
    """A match on loki's table as ``loki simulate`` (the button moves each hand)."""

def save_class_cache() -> int | None:
    """Saves the flop classes this process swept that the cache file lacks (merged with
    the file on disk); the classes in the file, or None when nothing was written."""

def class_cache_path() -> Path | None:
    """The flop class cache file (None: ``LOKI_CACHE_DIR=off`` or no home directory)."""

def _save_class_cache_at_exit() -> None: ...

def _local_best_response(
    policy: Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], npt.ArrayLike],
    hands: int = 2000,
    seed: int = 0,
    *,
    name: str = "policy",
) -> dict[str, Any]:
    """Not API: ``loki.local_best_response`` wraps it."""

def _bench_agent_reference(
    kind: str, seats: int, seed: int, spots: Sequence[tuple[int, str, str, str]]
) -> list[tuple[_ActionName, int]]:
    """The same decisions as ``Agent.act`` in Rust, timed (python/bench/bench_agent.py)."""

def player_seed(seed: int, table: int, seat: int) -> int:
    """The seed of the player at ``seat`` of ``table`` in a run seeded by ``seed``."""

# ----- the environment (loki.env) -----

OBSERVATION_SIZE: int
"""The length of an observation vector of loki.env."""
OBSERVATION_FIELDS: dict[str, tuple[int, int]]
"""The observation's fields: name to (offset, length)."""

@final
class _Table:
    """One table of loki.env (driven by loki.env.LokiEnv and SingleAgentEnv)."""

    def __new__(
        cls,
        config: GameConfig | None = None,
        players: Sequence[str | None] | None = None,
        seed: int = 0,
        settings: str | None = None,
        *,
        seats: int | None = None,
    ) -> _Table: ...
    def next_hand(self) -> None: ...
    def settle(self) -> int: ...
    def collect(self) -> None: ...
    def take_rewards(self) -> list[float]: ...
    def apply(self, action: _ActionLike) -> None: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def hands(self) -> int: ...
    @property
    def config(self) -> GameConfig: ...
    def position_of(self, seat: int) -> int: ...
    def mask(self) -> npt.NDArray[np.int8]: ...
    def observe(self, seat: int) -> npt.NDArray[np.float32]: ...
    def info_state(self, seat: int) -> str: ...
    def net(self) -> list[int] | None: ...
    def hand_state(self) -> HandState: ...

@final
class VectorEnv:
    """Many tables of loki's game stepped in one call in Rust (see loki.env)."""

    def __new__(
        cls,
        tables: int,
        seats: int | None = None,
        seed: int = 0,
        players: Sequence[str | None] | None = None,
        config: GameConfig | None = None,
        settings: str | None = None,
    ) -> VectorEnv: ...
    @property
    def num_tables(self) -> int: ...
    @property
    def seats(self) -> int: ...
    @property
    def config(self) -> GameConfig: ...
    @property
    def hands(self) -> int: ...
    def reset(
        self,
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        """(observations, masks, seats to act) of every table."""
    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.int8],
        npt.NDArray[np.int64],
        npt.NDArray[np.float32],
        npt.NDArray[np.uint32],
    ]:
        """(observations, masks, seats to act, rewards by seat, hands ended)."""
    def step_hands(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.int8],
        npt.NDArray[np.int64],
        npt.NDArray[np.float32],
        npt.NDArray[np.uint32],
        npt.NDArray[np.float32],
    ]:
        """(observations, masks, seats to act, rewards of the hand each action ended,
        hands ended, rewards of the hands the Loki players then finished alone)."""
    def take_pending(self) -> tuple[npt.NDArray[np.uint32], npt.NDArray[np.float32]]:
        """(hands, rewards by seat) the Loki players finished alone when the tables were
        dealt, then zero."""
    def info_states(self) -> list[str]: ...
