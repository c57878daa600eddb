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

import copy
from typing import Any, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import loki
from loki._loki import OBSERVATION_SIZE, VectorEnv, _Table
from loki.observations import (
    _CHIP_FIELDS,
    CHIPS,
    OBSERVATION_FIELDS,
    UNBOUNDED_BB,
    observation_bounds,
)

ACTIONS = ("fold", "call", "raise")
"""loki's action numbers: 0 fold, 1 call (or check), 2 raise (or bet)."""

__all__ = [
    "ACTIONS",
    "OBSERVATION_FIELDS",
    "OBSERVATION_SIZE",
    "LokiEnv",
    "LokiPolicy",
    "CHIPS",
    "ILLEGAL",
    "UNBOUNDED_BB",
    "SingleAgentEnv",
    "VectorEnv",
    "env",
    "observation_bounds",
    "observation_space",
    "register",
]


ILLEGAL = ("raise", "remap", "penalize")
"""What :class:`SingleAgentEnv` does with an action the mask forbids: ``"raise"`` an
:class:`loki.IllegalActionError` (the default), ``"remap"`` it to the nearest legal
action (a fold when checking is free and a raise at the cap become a call, as RLCard
does), or ``"penalize"`` it: the step's reward is ``illegal_penalty``, nothing moves, and
the learner acts again."""

def observation_space(
    config: "loki.GameConfig | None" = None, seats: int = 2, chips: str = "bb"
) -> spaces.Dict:
    """The space of one seat's observation: ``observation``, bounded by
    :func:`observation_bounds` (every chip field by 1 with ``chips="scaled"``), and
    ``action_mask``."""
    high = observation_bounds(config, seats)
    if _chips_arg(chips) == "scaled":
        for name in _CHIP_FIELDS:
            f = OBSERVATION_FIELDS[name]
            high[f] = high[f] > 0
    return spaces.Dict(
        {
            "observation": spaces.Box(np.zeros(OBSERVATION_SIZE, np.float32), high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (3,), np.int8),
        }
    )


def _chips_arg(chips: Any) -> str:
    if not isinstance(chips, str):
        raise TypeError(f"chips must be a string, one of {', '.join(CHIPS)}; got {type(chips).__name__}")
    if chips not in CHIPS:
        raise loki.LokiError(f"chips must be one of {', '.join(CHIPS)}, got {chips!r}")
    return chips


def _action_arg(action: Any) -> int:
    """An action number 0, 1 or 2 (a Python or NumPy integer, not a bool or a float)."""
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
            action = int(action)
        else:
            raise TypeError(f"action must be an integer 0 (fold), 1 (call) or 2 (raise), got {action!r}")
    if not 0 <= int(action) <= 2:
        raise loki.LokiError(f"action must be 0 (fold), 1 (call) or 2 (raise), got {int(action)}")
    return int(action)


def _entropy_seed() -> int:
    """A seed from the operating system's entropy, as Gymnasium seeds an unseeded env."""
    return int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> np.uint64(1))


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
    players (``None``, the default: the operating system's entropy, ``table_seed`` the
    seed in use); ``reset(seed=s)`` starts again from ``s``, ``reset()`` deals the next hand
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
        seed: int | None = None,
        settings: str | None = None,
        render_mode: str | None = None,
    ):
        super().__init__()
        if isinstance(seats, bool) or not isinstance(seats, (int, np.integer)):
            raise TypeError(f"seats must be an integer 2 to 10, got {seats!r}")
        if render_mode not in (None, "human", "ansi"):
            raise loki.LokiError(f"render_mode must be one of human, ansi, or None, got {render_mode!r}")
        self.render_mode = render_mode
        self._args = (config, list(players) if players is not None else None, settings)
        self.table_seed = _entropy_seed() if seed is None else seed
        self._table = _Table(config, self._args[1], self.table_seed, settings, seats=None if config else seats)
        self._fresh = True
        n = self._table.config.seats
        kinds = self._args[1] or [None] * n
        self._seat_of = {f"player_{s}": s for s in range(n) if kinds[s] is None}
        self.possible_agents = list(self._seat_of)
        self.observation_spaces = {a: observation_space(self._table.config) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(3) for a in self.possible_agents}
        self._start()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            config, players, settings = self._args
            self.table_seed = seed
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
    default). ``settings``: as :class:`LokiEnv`'s (``"paper"``: the sources' own
    configuration). Registered as ``loki/HeadsUp-v0`` and ``loki/Table-v0``
    (:func:`register`).

    **One hand is one episode.** The reward, at the end of the hand, is your net in big
    blinds for that hand. A hand the others finish without you (they fold to your blind)
    is played inside ``reset``; it is never added to a reward, and the ``info`` of
    ``reset`` says so: ``skipped_hands`` (how many) and ``skipped_reward`` (your net over
    them, big blinds), so that the episodes' rewards plus the skipped rewards are your
    result.

    **Seeds as Gymnasium seeds.** ``seed=None`` (the default) seeds the dealer and the Loki
    players from the operating system's entropy, so unseeded environments differ;
    ``reset(seed=s)`` starts again from ``s``; ``reset()`` deals the next hand (the button
    moves one seat). ``table_seed`` is the seed in use.

    **Masks.** ``info["action_mask"]``, ``obs["action_mask"]`` and :meth:`action_masks`
    (sb3-contrib's MaskablePPO convention) give ``[fold, call, raise]``; at the end of a
    hand, where there is nothing to choose, the mask is ``[0, 1, 0]``, so a masked softmax
    stays finite. ``illegal``: what an action the mask forbids does (:data:`ILLEGAL`);
    ``illegal_penalty`` is the reward of such a step under ``"penalize"``; ``info`` of a
    remapped or penalized step holds ``illegal_action``, the action asked for.

    **Observations** are bounded (:func:`observation_space`); ``chips="scaled"`` gives
    every chip field divided by its bound, in ``[0, 1]``. ``seat`` is your seat.
    ``info`` holds ``info_state``, ``seats``, ``hand`` and ``action_mask``.
    """

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(
        self,
        opponents: Sequence[str] = ("SOM",),
        *,
        seat: int = 0,
        config: "loki.GameConfig | None" = None,
        seed: int | None = None,
        settings: str | None = None,
        render_mode: str | None = None,
        illegal: str = "raise",
        illegal_penalty: float = -1.0,
        chips: str = "bb",
    ):
        super().__init__()
        if isinstance(opponents, str) or not isinstance(opponents, (list, tuple)):
            raise TypeError("opponents must be a list of player kinds, e.g. ['SOM']")
        if not opponents or any(not isinstance(k, str) for k in opponents):
            raise TypeError("opponents must be a non-empty list of player kinds (strings), e.g. ['SOM']")
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)):
            raise TypeError(f"seat must be an integer, got {seat!r}")
        n = len(opponents) + 1
        if not 0 <= seat < n:
            raise loki.LokiError(f"seat must be 0 to {n - 1}, got {seat}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise loki.LokiError(f"render_mode must be one of human, ansi, or None, got {render_mode!r}")
        if not isinstance(illegal, str):
            raise TypeError(f"illegal must be one of {', '.join(ILLEGAL)}, got {illegal!r}")
        if illegal not in ILLEGAL:
            raise loki.LokiError(f"illegal must be one of {', '.join(ILLEGAL)}, got {illegal!r}")
        if isinstance(illegal_penalty, bool) or not isinstance(illegal_penalty, (int, float, np.number)):
            raise TypeError(f"illegal_penalty must be a number, got {illegal_penalty!r}")
        self.chips = _chips_arg(chips)
        self.illegal = illegal
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        players: list[str | None] = list(opponents)
        players.insert(int(seat), None)
        self.seat = int(seat)
        self._args = (config, players, settings)
        self.table_seed = _entropy_seed() if seed is None else seed
        self._table = _Table(config, players, self.table_seed, settings)
        self._fresh = True
        self.observation_space = observation_space(self._table.config, chips=self.chips)
        self.action_space = spaces.Discrete(3)
        bounds = observation_bounds(self._table.config)
        self._scale = np.divide(1.0, bounds, out=np.zeros_like(bounds), where=bounds > 0)

    def __copy__(self) -> "SingleAgentEnv":
        # The table is the environment's state: a copy never shares it.
        return copy.deepcopy(self)

    def _mask(self) -> np.ndarray:
        t = self._table
        if t.is_over or t.to_act != self.seat:
            return np.array([0, 1, 0], np.int8)
        return t.mask()

    def action_masks(self) -> np.ndarray:
        """The legal actions now, ``[fold, call, raise]`` as booleans (``[False, True,
        False]`` once the hand is over): sb3-contrib's MaskablePPO reads this."""
        return self._mask().astype(bool)

    def _obs(self) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        t = self._table
        mask = self._mask()
        info = {
            "info_state": t.info_state(self.seat),
            "seats": _seats_by_position(t, t.config.seats),
            "hand": t.hands - 1,
            "action_mask": mask,
        }
        observation = t.observe(self.seat)
        if self.chips == "scaled":
            for name in _CHIP_FIELDS:
                f = OBSERVATION_FIELDS[name]
                observation[f] *= self._scale[f]
            np.minimum(observation, self.observation_space["observation"].high, out=observation)
        return {"observation": observation, "action_mask": mask}, info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            config, players, settings = self._args
            self.table_seed = seed
            self._table = _Table(config, players, seed, settings)
        elif not self._fresh:
            self._table.next_hand()
        self._fresh = False
        self._table.take_rewards()
        skipped = self._table.settle()
        skipped_reward = float(self._table.take_rewards()[self.seat])
        obs, info = self._obs()
        info["skipped_hands"] = int(skipped)
        info["skipped_reward"] = skipped_reward
        return obs, info

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        t = self._table
        a = _action_arg(action)
        if t.is_over:
            raise loki.LokiError("the hand is over: call reset() to deal the next one")
        asked = None
        if not self._mask()[a] and self.illegal != "raise":
            asked = a
            if self.illegal == "penalize":
                obs, info = self._obs()
                info["illegal_action"] = asked
                return obs, self.illegal_penalty, False, False, info
            a = 1
        t.apply(a)
        reward = 0.0
        if t.is_over:
            t.collect()
            reward = float(t.take_rewards()[self.seat])
        if self.render_mode == "human":
            self.render()
        obs, info = self._obs()
        if asked is not None:
            info["illegal_action"] = asked
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


def register() -> None:
    """Registers loki's environments with Gymnasium (done when this module is imported):
    ``loki/HeadsUp-v0``, you against one Loki player (``opponent="SOM"`` by default), and
    ``loki/Table-v0``, you among ``opponents`` (nine SOM by default); every other keyword
    is :class:`SingleAgentEnv`'s, except that ``illegal`` defaults to ``"remap"`` so that
    a learner that does not read masks runs as is.
    ``gymnasium.make("loki/HeadsUp-v0", opponent="POKI")``;
    ``gymnasium.make_vec("loki/HeadsUp-v0", num_envs=64,
    vectorization_mode="vector_entry_point")`` gives :class:`loki.vector.SingleAgentVectorEnv`,
    the tables stepped in Rust."""
    ids = (
        ("loki/HeadsUp-v0", "loki.env:_heads_up", "loki.vector:make"),
        ("loki/Table-v0", "loki.env:_table", "loki.vector:make_table"),
    )
    for env_id, entry, vector in ids:
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=entry, vector_entry_point=vector)


def _heads_up(opponent: str = "SOM", *, illegal: str = "remap", **kwargs: Any) -> SingleAgentEnv:
    if not isinstance(opponent, str):
        raise TypeError(f"opponent must be a player kind (a string), got {opponent!r}")
    return SingleAgentEnv([opponent], illegal=illegal, **kwargs)


def _table(opponents: Sequence[str] = ("SOM",) * 9, *, illegal: str = "remap", **kwargs: Any) -> SingleAgentEnv:
    return SingleAgentEnv(list(opponents), illegal=illegal, **kwargs)


register()


def parse_info_state(text: str) -> tuple[int, str, str, str]:
    """An information-state string as (position, betting, hole, board); a string that is
    not one (``"position:betting:cards"``, the position's own cards among the holes) is a
    :class:`loki.LokiError` naming ``info_state``."""
    if not isinstance(text, str):
        raise TypeError(f"info_state must be a string such as '1:cr:|AsKd/', got {type(text).__name__}")
    parts = text.split(":", 2)
    if len(parts) != 3 or not parts[0].isdigit():
        raise loki.LokiError(f"info_state must be 'position:betting:cards' such as '1:cr:|AsKd/', got {text!r}")
    position, betting, cards = parts
    holes, *board = cards.split("/")
    me = int(position)
    seats = holes.split("|")
    if me >= len(seats):
        raise loki.LokiError(f"info_state {text!r}: position {me} has no cards among the {len(seats)} holes")
    return me, betting, seats[me], "".join(board)


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
        if not isinstance(info, dict):
            raise TypeError(f"info must be the seat's info dict (with 'info_state'), got {type(info).__name__}")
        if "info_state" not in info:
            raise loki.LokiError("info must hold 'info_state', the seat's information-state string")
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
