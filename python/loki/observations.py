"""The observation vector's layout and bounds, shared by :mod:`loki.env` and
:func:`loki.local_best_response` (so that neither imports the other): its fields,
how chips are given, and the largest value of each entry in a game."""

from __future__ import annotations

import numpy as np

from ._loki import OBSERVATION_SIZE, GameConfig
from ._loki import OBSERVATION_FIELDS as _NATIVE_FIELDS

OBSERVATION_FIELDS: dict[str, slice] = {
    name: slice(at, at + n) for name, (at, n) in _NATIVE_FIELDS.items()
}
"""The observation vector's fields: name to its slice (docs/python.md)."""

CHIPS = ("bb", "scaled")
"""How chips are given in the observation: ``"bb"``, big blinds (the default), or
``"scaled"``, each chip field divided by its bound (:func:`observation_bounds`), so
every field lies in ``[0, 1]``."""

UNBOUNDED_BB = 1.0e6
"""The bound of a chip field, in big blinds, for a game with neither a cap on raises nor
stacks, where nothing else bounds a hand (a number no hand reaches in practice)."""

_CHIP_FIELDS = ("contributions", "stacks", "pot", "to_call")


def _player_bound(config: "GameConfig | None") -> float:
    """The most one player can put in a hand, in big blinds."""
    config = config or GameConfig()
    bb = max(config.big_blind, 1)
    if config.stacks:
        return max(config.stacks) / bb
    if config.max_raises is None:
        return UNBOUNDED_BB
    bets = config.max_raises + 1
    return (config.big_blind + 2 * bets * (config.small_bet + config.big_bet)) / bb


def observation_bounds(config: "GameConfig | None" = None, seats: int = 2) -> np.ndarray:
    """The largest value of each entry of the observation vector of a game (``config``,
    or the default game of ``seats``), in big blinds: cards, positions and rounds 1; a
    count of actions in a round, and the bets this round, one more than the bets a round
    allows; a player's chips what one player can put in a hand (the largest stack, or
    every bet of every round at the cap); the pot that times the players, or every stack
    of the table; a stack every stack of the table (what a winner has after the hand; in
    a game without stacks, where it is always 0, a player's chips). A game with neither a cap
    nor stacks bounds chips at :data:`UNBOUNDED_BB`."""
    config = config or GameConfig(seats=seats)
    high = np.ones(OBSERVATION_SIZE, np.float32)
    player = _player_bound(config)
    rounds = (
        float(config.max_raises + 2)
        if config.max_raises is not None
        else min(player / max(config.small_bet / max(config.big_blind, 1), 1e-9) + 2, UNBOUNDED_BB)
    )
    high[OBSERVATION_FIELDS["betting"]] = rounds
    high[OBSERVATION_FIELDS["bets_this_round"]] = rounds
    high[OBSERVATION_FIELDS["contributions"]] = player
    high[OBSERVATION_FIELDS["to_call"]] = player
    if config.stacks:
        # what a player has behind after a hand it won: every stack of the table
        table = sum(config.stacks) / max(config.big_blind, 1)
        high[OBSERVATION_FIELDS["stacks"]] = table
        high[OBSERVATION_FIELDS["pot"]] = table
    else:
        # always 0 without stacks; bounded as a player's chips so the Box is not flat
        high[OBSERVATION_FIELDS["stacks"]] = player
        high[OBSERVATION_FIELDS["pot"]] = min(player * config.seats, UNBOUNDED_BB * 10)
    return high
