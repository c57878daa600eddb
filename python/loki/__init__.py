"""loki from Python: Loki's Limit Texas Hold'em toolkit, re-created in Rust.

Loki is the University of Alberta program that plays Limit Texas Hold'em and wins by
modeling its opponents (Billings, Papp, Schaeffer, Szafron, "Opponent Modeling in
Poker", AAAI 1998). This package exposes loki's Rust crates through PyO3:

* cards: :class:`Card`, :class:`HoleCards` (the 1,326 holdings), :class:`StartingHand`
  (the 169 classes), :func:`parse_cards`, :func:`card_indices`, :func:`holding_index`;
* the evaluator: :func:`evaluate`, :func:`best_five`, :func:`category` and the NumPy
  batch :func:`evaluate_batch` (the GIL released);
* hand assessment against weight tables (NumPy arrays of 1,326 weights by holding
  index): :func:`hand_strength`, :func:`hs_n`, :func:`potential`, :func:`assess`,
  :func:`ehs`, :func:`ehs_npot`, :class:`RangeTable`, :func:`income_rate`,
  :func:`income_rates`;
* the rules engine and histories: :class:`GameConfig`, :class:`HandState`,
  :func:`replay`, :func:`read_history`, :func:`check_history`, :func:`write_phh`,
  :func:`parse_betting`, :class:`HandRecord`;
* ACPC game definitions: :func:`acpc_games`, :func:`acpc_game` (the text OpenSpiel's
  ``universal_poker`` reads), :func:`acpc_game_config`;
* the players: :class:`Agent` (a Loki player for a match, keeping its opponent models),
  :func:`advise` (one decision's trace), :func:`simulate` (a match on loki's table),
  :func:`player_seed`; :func:`local_best_response` (how exploitable your own policy is);
  adapters in :mod:`loki.rlcard`, :mod:`loki.pettingzoo`,
  :mod:`loki.openspiel` and :mod:`loki.pokerkit` (each imports its library only when
  imported).

Conventions (as everywhere in loki): cards are text such as ``"As"`` or ``"Td"``; card
index ``4 * rank + suit`` (2c = 0, ..., As = 51); holding index
``i * (103 - i) // 2 + (j - i - 1)`` for card indices ``i < j`` (2c2d = 0, ...,
AhAs = 1325); positions are ACPC positions (0 = small blind, 1 = big blind; heads-up
0 = big blind). Every error is a :class:`LokiError` (a ``ValueError``) subclass.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ._loki import (
    CATEGORIES,
    Agent,
    AgentError,
    HOLDINGS,
    STARTING_HANDS,
    Assessment,
    AssessError,
    Card,
    CardError,
    ConfigError,
    DealError,
    GameConfig,
    HandRecord,
    HandState,
    HandStrength,
    HistoryError,
    HoleCards,
    IllegalActionError,
    LokiError,
    Potential,
    RangeTable,
    StartingHand,
    VectorEnv,
    __version__,
    _evaluate_batch,
    acpc_game,
    acpc_game_config,
    acpc_games,
    advise,
    assess,
    best_five,
    card_indices,
    category,
    check_history,
    ehs,
    ehs_npot,
    evaluate,
    hand_strength,
    holding_cards,
    holding_index,
    hs_n,
    income_rate,
    income_rates,
    parse_betting,
    parse_cards,
    player_seed,
    potential,
    read_history,
    replay,
    simulate,
    weights_from_json,
    write_phh,
    save_class_cache,
    class_cache_path,
)
from .exploit import local_best_response

__all__ = [
    "CATEGORIES",
    "HOLDINGS",
    "STARTING_HANDS",
    "Assessment",
    "AssessError",
    "Card",
    "CardError",
    "ConfigError",
    "DealError",
    "GameConfig",
    "HandRecord",
    "HandState",
    "HandStrength",
    "HistoryError",
    "HoleCards",
    "IllegalActionError",
    "LokiError",
    "Potential",
    "RangeTable",
    "StartingHand",
    "VectorEnv",
    "__version__",
    "acpc_game",
    "acpc_game_config",
    "acpc_games",
    "assess",
    "best_five",
    "card_indices",
    "categories",
    "category",
    "check_history",
    "ehs",
    "ehs_npot",
    "evaluate",
    "evaluate_batch",
    "hand_strength",
    "holding_cards",
    "holding_index",
    "hs_n",
    "income_rate",
    "income_rates",
    "parse_betting",
    "parse_cards",
    "potential",
    "read_history",
    "replay",
    "uniform_weights",
    "weights_from_json",
    "write_phh",
    "Agent",
    "AgentError",
    "advise",
    "player_seed",
    "simulate",
    "local_best_response",
    "save_class_cache",
    "class_cache_path",
]


def evaluate_batch(
    cards: npt.ArrayLike,
    check: bool = True,
    out: npt.NDArray[np.uint16] | None = None,
) -> npt.NDArray[np.uint16]:
    """Rank many hands at once: the vectorized 7-card evaluator.

    ``cards`` is an integer array of shape ``(n, k)``, ``k`` in 5..7, of card indices
    (``4 * rank + suit``). Returns the ``n`` ranks as ``uint16`` (higher is better,
    equal is a split; the category is ``rank >> 12``, see :func:`categories`), equal to
    :func:`evaluate` on each row. A C-contiguous array of any NumPy integer type is read
    as it is (no copy: the conversion happens card by card while ranking, so ``int64``
    input is about as fast as ``uint8``); others are made contiguous first. The GIL is released while
    ranking. A row with an index outside 0..52 or (with ``check``, the default) a card
    given twice raises :class:`CardError` naming the row; ``check=False`` skips the
    repeated-card test for inputs known to be valid (hands drawn from a deck), where a
    repeated card would give an unspecified rank (never an error or a crash). ``out``, a
    C-contiguous ``uint16`` array of ``n``, receives the ranks instead of a new array
    (reuse it across calls in a loop) and is returned.

    >>> import numpy as np, loki
    >>> hands = np.array([[51, 47, 43, 39, 35, 0, 1]], dtype=np.uint8)  # As Ks Qs Js Ts 2c 2d
    >>> loki.categories(loki.evaluate_batch(hands)).tolist()
    [9]
    """
    a = np.asarray(cards)
    if a.ndim != 2 or not 5 <= a.shape[1] <= 7:
        raise CardError(
            f"expected an array of shape (n, 5..7) of card indices, got shape {a.shape}"
        )
    if a.dtype.kind not in "iu":
        raise TypeError(f"card indices must be integers, got dtype {a.dtype}")
    # Any integer type is converted in Rust, in the ranking loop.
    return _evaluate_batch(np.ascontiguousarray(a), check, out)


def categories(ranks: npt.ArrayLike) -> npt.NDArray[np.uint8]:
    """The categories of ranks: 1 = high card .. 9 = straight flush (``rank >> 12``).

    ``CATEGORIES[c - 1]`` is the name of category ``c``.
    """
    return (np.asarray(ranks, dtype=np.uint16) >> 12).astype(np.uint8)


def uniform_weights() -> npt.NDArray[np.float64]:
    """A uniform weight table: 1,326 ones, indexed by holding index."""
    return np.ones(HOLDINGS, dtype=np.float64)
