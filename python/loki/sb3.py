"""loki's Rust vector environment as a Stable-Baselines3 ``VecEnv``.

``loki.sb3.vec_env(num_envs, opponent="SOM", **kwargs)`` (or :class:`LokiVecEnv` over a
:class:`loki.vector.SingleAgentVectorEnv`) gives SB3 and sb3-contrib the tables stepped
in Rust as they take any ``VecEnv``: dict observations (``MultiInputPolicy``), one hand
per episode, autoreset as SB3 does it (a table whose hand ended returns the next hand's
first observation, its ``infos[i]["episode"]`` the ended hand's reward in big blinds and
its length, for SB3's ``ep_rew_mean``), ``seed()`` for the next ``reset()``, and
``env_method("action_masks")`` for sb3-contrib's MaskablePPO.

Importing this module imports Stable-Baselines3 (and so PyTorch); ``import loki`` and
``import loki.vector`` never do.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from stable_baselines3.common.vec_env import VecEnv

from loki.vector import SingleAgentVectorEnv, make

__all__ = ["LokiVecEnv", "vec_env"]


class LokiVecEnv(VecEnv):
    """SB3's ``VecEnv`` over :class:`loki.vector.SingleAgentVectorEnv` (see the module)."""

    def __init__(self, env: SingleAgentVectorEnv):
        if not isinstance(env, SingleAgentVectorEnv):
            raise TypeError(f"env must be a loki.vector.SingleAgentVectorEnv, got {type(env).__name__}")
        self.env = env
        super().__init__(env.num_envs, env.single_observation_space, env.single_action_space)
        self._actions = np.zeros(env.num_envs, np.int64)
        self._returns = np.zeros(env.num_envs)
        self._lengths = np.zeros(env.num_envs, np.int64)
        self._started = time.time()

    def reset(self) -> dict[str, np.ndarray]:
        seed = self._seeds[0]
        obs, infos = self.env.reset(seed=seed)
        self._reset_seeds()
        self._returns[:] = 0.0
        self._lengths[:] = 0
        self.reset_infos = [
            {"skipped_hands": int(infos["skipped_hands"][i]), "skipped_reward": float(infos["skipped_reward"][i])}
            for i in range(self.num_envs)
        ]
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions).reshape(self.num_envs).astype(np.int64)

    def step_wait(self) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, list[dict[str, Any]]]:
        obs, rewards, terminated, truncated, infos = self.env.step(self._actions)
        dones = terminated | truncated
        self._returns += rewards
        self._lengths += 1
        out: list[dict[str, Any]] = []
        for i in range(self.num_envs):
            info: dict[str, Any] = {
                "skipped_hands": int(infos["skipped_hands"][i]),
                "skipped_reward": float(infos["skipped_reward"][i]),
            }
            if "illegal_action" in infos and infos["illegal_action"][i] >= 0:
                info["illegal_action"] = int(infos["illegal_action"][i])
            if dones[i]:
                info["episode"] = {
                    "r": float(self._returns[i]),
                    "l": int(self._lengths[i]),
                    "t": round(time.time() - self._started, 6),
                }
                info["TimeLimit.truncated"] = False
                self._returns[i] = 0.0
                self._lengths[i] = 0
            out.append(info)
        return obs, rewards.astype(np.float32), dones, out

    def action_masks(self) -> np.ndarray:
        """The legal actions of every table, ``(num_envs, 3)`` booleans."""
        return self.env.action_masks()

    def close(self) -> None:
        self.env.close()

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        value = None if attr_name == "render_mode" else getattr(self.env, attr_name)
        return [value for _ in self._get_indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        setattr(self.env, attr_name, value)

    def env_method(self, method_name: str, *method_args: Any, indices: Any = None, **method_kwargs: Any) -> list[Any]:
        if method_name == "action_masks":
            masks = self.env.action_masks()
            return [masks[i] for i in self._get_indices(indices)]
        raise AttributeError(f"loki's tables are stepped together: no per-table method {method_name!r}")

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False for _ in self._get_indices(indices)]


def vec_env(num_envs: int = 8, opponent: str = "SOM", **kwargs: Any) -> LokiVecEnv:
    """``num_envs`` heads-up tables against ``opponent`` as an SB3 ``VecEnv`` (keywords as
    :class:`loki.vector.SingleAgentVectorEnv`'s; ``illegal`` defaults to ``"remap"`` as
    under ``loki/HeadsUp-v0``)."""
    return LokiVecEnv(make(num_envs, opponent, **kwargs))

