"""loki's own game as an environment: Limit Texas Hold'em for 2 to 10 seats with a seeded
dealer, in Rust.

* :class:`LokiEnv`: the PettingZoo AEC environment (one hand per episode; agents
  ``player_0`` ... are seats; Loki players may take some seats and play their turns
  themselves);
* :class:`SingleAgentEnv`: a Gymnasium environment for one seat, Loki players in the
  others (SOM by default);
* :class:`VectorEnv` (``loki.VectorEnv``, no PettingZoo or Gymnasium needed): many
  tables stepped in one call;
* :class:`LokiPolicy`: a Loki player as a policy for these environments, reading only
  what the seat sees (the information-state string), with its probabilities.

Every environment observes a seat the same way: a dict with ``observation``, a
``float32`` vector of :data:`OBSERVATION_SIZE` laid out as :data:`OBSERVATION_FIELDS`
(cards as planes, positions, the betting so far, chips in big blinds; docs/python.md has
the table), and ``action_mask``, ``int8`` ``[fold, call, raise]``. Actions are loki's
numbers: 0 fold, 1 call (or check), 2 raise (or bet). Rewards are big blinds. Each seat's
``info`` holds ``info_state``, the ACPC ``MATCHSTATE`` line of its view without the hand
number (``"1:crrc/r:|AsKd/3h4cJh"``), ``seats``, the seat at each position, and
``hand``, the hand's number.

The dealer is loki's table's: hand ``h`` is the ``h``-th shuffle of one generator seeded
by ``seed``, and the seat at position ``p`` is ``(p + h) mod N``, so with Loki players
seeded as ``loki simulate`` seeds them the hands are those of ``loki.simulate``.
Importing this module imports PettingZoo and Gymnasium; ``import loki`` does not.
"""

from __future__ import annotations

from typing import Any, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import loki
from loki._loki import OBSERVATION_SIZE, VectorEnv, _Table

OBSERVATION_FIELDS: dict[str, slice] = {
    name: slice(at, at + n) for name, (at, n) in loki._loki.OBSERVATION_FIELDS.items()
}
"""The observation vector's fields: name to its slice (docs/python.md)."""

ACTIONS = ("fold", "call", "raise")
"""loki's action numbers: 0 fold, 1 call (or check), 2 raise (or bet)."""

__all__ = [
    "ACTIONS",
    "OBSERVATION_FIELDS",
    "OBSERVATION_SIZE",
    "LokiEnv",
    "LokiPolicy",
    "SingleAgentEnv",
    "VectorEnv",
    "env",
    "observation_space",
]


def observation_space() -> spaces.Dict:
    """The space of one seat's observation: ``observation`` and ``action_mask``."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, np.inf, (OBSERVATION_SIZE,), np.float32),
            "action_mask": spaces.Box(0, 1, (3,), np.int8),
        }
    )


def _seats_by_position(table: _Table, n: int) -> list[int]:
    seats = [0] * n
    for s in range(n):
        seats[table.position_of(s)] = s
    return seats


def _render(table: _Table) -> str:
    state = table.hand_state()
    board = "".join(str(c) for c in state.board) or "-"
    holes = " ".join(str(h) if h is not None else "??" for h in state.hole_cards)
    line = f"hand {table.hands - 1}: {state.round}, board {board}, pot {state.pot}, holes by position {holes}"
    net = table.net()
    return line + (f", net by seat {net}" if net is not None else "")


class LokiEnv(AECEnv):
    """loki's Limit Hold'em as a PettingZoo AEC environment, one hand per episode.

    ``seats`` players (or ``config``, a :class:`loki.GameConfig`); ``players`` gives the
    Loki player (``"SOM"``, ``"POKI"``, ...) at each seat, ``None`` for an agent of the
    environment (default: every seat is an agent). ``seed`` seeds the dealer and the Loki
    players; ``reset(seed=s)`` starts again from ``s``, ``reset()`` deals the next hand
    (the button moves one seat). Rewards, given when the hand ends, are big blinds.
    ``settings`` is the TOML text of the Loki players' constants (as ``loki --config``),
    or ``"paper"`` for the sources' own configuration (SOM as Billings et al. 1998
    describe it, without loki's additions).
    """

    metadata = {"name": "loki_holdem_v0", "render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(
        self,
        seats: int = 2,
        *,
        config: "loki.GameConfig | None" = None,
        players: Sequence[str | None] | None = None,
        seed: int = 0,
        settings: str | None = None,
        render_mode: str | None = None,
    ):
        super().__init__()
        if render_mode not in (None, "human", "ansi"):
            raise loki.LokiError(f"render_mode must be one of human, ansi, or None, got {render_mode!r}")
        self.render_mode = render_mode
        self._args = (config, list(players) if players is not None else None, settings)
        self._table = _Table(config, self._args[1], seed, settings, seats=None if config else seats)
        self._fresh = True
        n = self._table.config.seats
        kinds = self._args[1] or [None] * n
        self._seat_of = {f"player_{s}": s for s in range(n) if kinds[s] is None}
        self.possible_agents = list(self._seat_of)
        self.observation_spaces = {a: observation_space() for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(3) for a in self.possible_agents}
        self._start()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            config, players, settings = self._args
            self._table = _Table(config, players, seed, settings, seats=None if config else self._table.config.seats)
        elif not self._fresh:
            self._table.next_hand()
        self._fresh = False
        self._start()

    def _start(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_move()

    def _after_move(self) -> None:
        t = self._table
        n = t.config.seats
        seats = _seats_by_position(t, n)
        for a, s in self._seat_of.items():
            if a in self.infos:
                self.infos[a] = {"info_state": t.info_state(s), "seats": seats, "hand": t.hands - 1}
        if t.is_over:
            t.collect()
            rewards = t.take_rewards()
            for a in self.agents:
                self.rewards[a] = float(rewards[self._seat_of[a]])
                self.terminations[a] = True
            self.agent_selection = self.agents[0] if self.agents else ""
        else:
            self.agent_selection = f"player_{t.to_act}"

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat_of[agent]
        mask = self._table.mask() if self._table.to_act == seat else np.zeros(3, np.int8)
        return {"observation": self._table.observe(seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self._table.apply(int(action))
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        text = _render(self._table)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def hand_state(self) -> "loki.HandState":
        """The hand in progress with every card (for analysis, not for the players)."""
        return self._table.hand_state()


def env(**kwargs: Any) -> LokiEnv:
    """A :class:`LokiEnv` (PettingZoo's ``env()`` convention)."""
    return LokiEnv(**kwargs)


class SingleAgentEnv(gymnasium.Env):
    """One seat of loki's Limit Hold'em as a Gymnasium environment, Loki players in the
    other seats (``opponents``, in seat order after yours: ``["SOM"]`` heads-up by
    default). One hand per episode; the reward, at the end of the hand, is your net in
    big blinds. A hand the others finish without you (they fold to your blind) is played
    inside ``reset`` and its reward is added to the next one, so rewards sum to your
    result. ``seat`` is your seat (the button moves each hand). ``info`` holds
    ``info_state``, ``seats`` and ``action_mask``. ``settings``: as :class:`LokiEnv`'s
    (``"paper"``: the sources' own configuration).
    """

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(
        self,
        opponents: Sequence[str] = ("SOM",),
        *,
        seat: int = 0,
        config: "loki.GameConfig | None" = None,
        seed: int = 0,
        settings: str | None = None,
        render_mode: str | None = None,
    ):
        super().__init__()
        if isinstance(opponents, str):
            raise TypeError("opponents must be a list of player kinds, e.g. ['SOM']")
        n = len(opponents) + 1
        if not 0 <= seat < n:
            raise loki.LokiError(f"seat must be 0 to {n - 1}, got {seat}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise loki.LokiError(f"render_mode must be one of human, ansi, or None, got {render_mode!r}")
        self.render_mode = render_mode
        players: list[str | None] = list(opponents)
        players.insert(seat, None)
        self.seat = seat
        self._args = (config, players, settings)
        self._seed = seed
        self._table = _Table(config, players, seed, settings)
        self._fresh = True
        self.observation_space = observation_space()
        self.action_space = spaces.Discrete(3)

    def _obs(self) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        t = self._table
        mask = t.mask() if t.to_act == self.seat else np.zeros(3, np.int8)
        info = {
            "info_state": t.info_state(self.seat),
            "seats": _seats_by_position(t, t.config.seats),
            "hand": t.hands - 1,
            "action_mask": mask,
        }
        return {"observation": t.observe(self.seat), "action_mask": mask}, info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            config, players, settings = self._args
            self._table = _Table(config, players, seed, settings)
        elif not self._fresh:
            self._table.next_hand()
        self._fresh = False
        self._table.settle()
        return self._obs()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        t = self._table
        t.apply(int(action))
        reward = 0.0
        if t.is_over:
            t.collect()
            reward = float(t.take_rewards()[self.seat])
        if self.render_mode == "human":
            self.render()
        obs, info = self._obs()
        return obs, reward, bool(t.is_over), False, info

    def render(self) -> str | None:
        text = _render(self._table)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def hand_state(self) -> "loki.HandState":
        """The hand in progress with every card (for analysis, not for the learner)."""
        return self._table.hand_state()


def parse_info_state(text: str) -> tuple[int, str, str, str]:
    """An information-state string as (position, betting, hole, board)."""
    position, betting, cards = text.split(":", 2)
    holes, *board = cards.split("/")
    me = int(position)
    return me, betting, holes.split("|")[me], "".join(board)


class LokiPolicy:
    """A Loki player (``kind``, ``seed`` and the other :class:`loki.Agent` arguments) as a
    policy for a seat of :class:`LokiEnv` or :class:`SingleAgentEnv` of ``seats``
    players, reading only the seat's ``info`` (its information-state string and the seats
    by position, and the hand's number): ``action(info)`` is its action number,
    ``probabilities(info)`` its ``[fold, call, raise]`` without acting. It keeps its
    models across hands; a hand ends when the next one begins, as the player last saw
    it, or with ``end_hand(info)`` given the seat's final info (the whole betting)."""

    def __init__(self, kind: str = "SOM", seats: int = 2, seed: int = 0, **agent_args: Any):
        self.agent = loki.Agent(kind, seats=seats, seed=seed, **agent_args)

    @staticmethod
    def _args(info: dict[str, Any]) -> tuple[tuple[int, str, str, str], dict[str, Any]]:
        position, betting, hole, board = parse_info_state(info["info_state"])
        return (position, hole, board, betting), {"seats": info.get("seats"), "hand": info.get("hand")}

    def end_hand(self, info: dict[str, Any], holes: Sequence[Any] | None = None) -> None:
        """Shows the player the whole hand from the seat's final info (and ``holes``, the
        holdings shown at a showdown by position), and ends it."""
        (position, hole, board, betting), kw = self._args(info)
        self.agent.end_hand(betting, board, holes, position=position, hole=hole, **kw)

    def action(self, info: dict[str, Any]) -> int:
        """The player's action number (0 fold, 1 call, 2 raise), always legal."""
        args, kwargs = self._args(info)
        return ACTIONS.index(self.agent.act(*args, **kwargs))

    def probabilities(self, info: dict[str, Any]) -> np.ndarray:
        """The player's ``[fold, call, raise]`` probabilities, without acting."""
        args, kwargs = self._args(info)
        return np.array(self.agent.policy(*args, **kwargs))

    def __call__(self, observation: Any, info: dict[str, Any]) -> int:
        return self.action(info)
