"""loki's fast vector environment behind Gymnasium 1.x's vector API.

:class:`SingleAgentVectorEnv` is ``num_envs`` tables of :class:`loki.env.SingleAgentEnv`
stepped in one call in Rust (``loki.VectorEnv``): you at ``seat`` of every table, Loki
players at the others. ``gymnasium.make_vec("loki/HeadsUp-v0", num_envs=N,
vectorization_mode="vector_entry_point")`` returns it. As Gymnasium documents a vector
environment: batched spaces (``single_observation_space`` is the single environment's),
``reset(seed=...)``, ``step`` returning ``(observations, rewards, terminations,
truncations, infos)`` with ``infos`` a dict of arrays, and autoreset in the same step
(``metadata["autoreset_mode"]`` is ``AutoresetMode.SAME_STEP``): a table whose hand ended
returns the next hand's first observation, its reward the ended hand's net in big blinds.

One hand is one episode, as in :class:`~loki.env.SingleAgentEnv`: hands the Loki players
finish without you (folding to your blind) are never added to a reward; ``infos`` holds
``skipped_hands`` and ``skipped_reward`` (big blinds) for each table. ``final_obs`` is not
given: a hand ends by termination, never by truncation, so nothing bootstraps from it.
"""

from __future__ import annotations

from typing import Any, Sequence

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

import loki
from loki._loki import VectorEnv
from loki.env import _CHIP_FIELDS, OBSERVATION_FIELDS, _chips_arg, _entropy_seed, observation_bounds, observation_space

__all__ = ["SingleAgentVectorEnv"]


class SingleAgentVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` tables, you at ``seat`` of each, ``opponents`` (Loki players, in seat
    order after yours) at the others; the other arguments as
    :class:`loki.env.SingleAgentEnv`'s. ``illegal`` is ``"raise"`` (an
    :class:`loki.IllegalActionError` naming the table, before any table moves) or
    ``"remap"`` (to a call; ``infos["illegal_action"]`` is the action asked for, -1 where
    none was remapped). Table ``i`` deals from ``loki.table_seed(seed, i)``; ``seed=None``
    seeds from the operating system's entropy; ``reset()`` without a seed deals every
    table a fresh stream drawn from the environment's own generator."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        num_envs: int = 1,
        opponents: Sequence[str] = ("SOM",),
        *,
        seat: int = 0,
        config: "loki.GameConfig | None" = None,
        seed: int | None = None,
        settings: str | None = None,
        illegal: str = "raise",
        chips: str = "bb",
    ):
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)):
            raise TypeError(f"num_envs must be an integer, got {num_envs!r}")
        if not 1 <= num_envs <= 1 << 20:
            raise loki.LokiError(f"num_envs must be 1 to {1 << 20}, got {num_envs}")
        if isinstance(opponents, str) or not isinstance(opponents, (list, tuple)):
            raise TypeError("opponents must be a list of player kinds, e.g. ['SOM']")
        if not opponents or any(not isinstance(k, str) for k in opponents):
            raise TypeError("opponents must be a non-empty list of player kinds (strings), e.g. ['SOM']")
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)):
            raise TypeError(f"seat must be an integer, got {seat!r}")
        if not 0 <= seat <= len(opponents):
            raise loki.LokiError(f"seat must be 0 to {len(opponents)}, got {seat}")
        if illegal not in ("raise", "remap"):
            raise loki.LokiError(f"illegal must be raise or remap in the vector environment, got {illegal!r}")
        self.num_envs = int(num_envs)
        self.seat = int(seat)
        self.illegal = illegal
        self.chips = _chips_arg(chips)
        players: list[str | None] = list(opponents)
        players.insert(self.seat, None)
        self._args = (players, config, settings)
        self.table_seed = _entropy_seed() if seed is None else seed
        self._tables = VectorEnv(self.num_envs, seed=self.table_seed, players=players, config=config, settings=settings)
        game = self._tables.config
        self.single_observation_space = observation_space(game, chips=self.chips)
        self.single_action_space = gymnasium.spaces.Discrete(3)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        bounds = observation_bounds(game)
        self._scale = np.divide(1.0, bounds, out=np.zeros_like(bounds), where=bounds > 0)
        self._high = self.single_observation_space["observation"].high
        self._mask = np.zeros((self.num_envs, 3), np.int8)
        self._np_random_seed = None
        self._fresh = True

    def _observations(self, obs: np.ndarray, mask: np.ndarray) -> dict[str, np.ndarray]:
        if self.chips == "scaled":
            for name in _CHIP_FIELDS:
                f = OBSERVATION_FIELDS[name]
                obs[:, f] *= self._scale[f]
            np.minimum(obs, self._high, out=obs)
        self._mask = mask
        return {"observation": obs, "action_mask": mask}

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        if isinstance(seed, (list, tuple)):
            raise loki.LokiError("seed must be one integer: table i deals from loki.table_seed(seed, i)")
        super().reset(seed=seed)
        if seed is not None:
            self.table_seed = seed
        elif not self._fresh:
            self.table_seed = int(self.np_random.integers(0, 2**63 - 1))
        if seed is not None or not self._fresh:
            players, config, settings = self._args
            self._tables = VectorEnv(self.num_envs, seed=self.table_seed, players=players, config=config, settings=settings)
        self._fresh = False
        hands, rewards = self._tables.take_pending()
        obs, mask, _seats = self._tables.reset()
        infos = {
            "skipped_hands": hands.astype(np.int64),
            "skipped_reward": rewards[:, self.seat].astype(np.float64),
        }
        return self._observations(obs, mask), infos

    def action_masks(self) -> np.ndarray:
        """The legal actions of every table, ``(num_envs, 3)`` booleans (sb3-contrib)."""
        return self._mask.astype(bool)

    def step(
        self, actions: Any
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        a = np.asarray(actions)
        if a.dtype == bool or not np.issubdtype(a.dtype, np.integer):
            raise TypeError(f"actions must be integers 0 (fold), 1 (call) or 2 (raise), got dtype {a.dtype}")
        if a.shape != (self.num_envs,):
            raise loki.LokiError(f"actions must hold one action per table ({self.num_envs}), got shape {a.shape}")
        if ((a < 0) | (a > 2)).any():
            raise loki.LokiError(f"actions must be 0 to 2, got {a[(a < 0) | (a > 2)][0]}")
        asked = np.full(self.num_envs, -1, np.int64)
        if self.illegal == "remap":
            bad = self._mask[np.arange(self.num_envs), a] == 0
            asked[bad] = a[bad]
            a = np.where(bad, 1, a)
        obs, mask, _seats, hand, ended, alone = self._tables.step_hands(a)
        terminated = ended > 0
        infos: dict[str, Any] = {
            "skipped_hands": np.maximum(ended.astype(np.int64) - 1, 0),
            "skipped_reward": alone[:, self.seat].astype(np.float64),
        }
        if self.illegal == "remap":
            infos["illegal_action"] = asked
        rewards = hand[:, self.seat].astype(np.float64)
        return (
            self._observations(obs, mask),
            rewards,
            terminated,
            np.zeros(self.num_envs, bool),
            infos,
        )


def make(num_envs: int = 1, opponent: str = "SOM", **kwargs: Any) -> SingleAgentVectorEnv:
    """``loki/HeadsUp-v0``'s vector entry point."""
    if not isinstance(opponent, str):
        raise TypeError(f"opponent must be a player kind (a string), got {opponent!r}")
    kwargs.setdefault("illegal", "remap")
    return SingleAgentVectorEnv(num_envs, [opponent], **kwargs)


def make_table(num_envs: int = 1, opponents: Sequence[str] = ("SOM",) * 9, **kwargs: Any) -> SingleAgentVectorEnv:
    """``loki/Table-v0``'s vector entry point."""
    kwargs.setdefault("illegal", "remap")
    return SingleAgentVectorEnv(num_envs, list(opponents), **kwargs)
