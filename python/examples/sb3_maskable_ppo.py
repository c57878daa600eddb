#!/usr/bin/env python3
"""sb3-contrib's MaskablePPO against a Loki player on loki's Rust tables (``loki.sb3``).

Trains ``MaskablePPO("MultiInputPolicy", ...)`` on ``loki.sb3.vec_env`` (``--tables``
heads-up tables stepped in Rust, the learner at seat 0, ``--opponent`` at seat 1 of each
modeling the learner as it learns; chips scaled into [0, 1]; one hand per episode) for
``--minutes``, then plays ``--eval-hands`` hands with the policy frozen (deterministic,
masked) and prints its big blinds per hand with a 95% interval. Needs PyTorch,
Stable-Baselines3 and sb3-contrib (``pip install sb3-contrib``), which loki's tests do
not install.

    python python/examples/sb3_maskable_ppo.py                    # 5 minutes against SOM
    python python/examples/sb3_maskable_ppo.py --minutes 1 --opponent call
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

import loki.sb3


class Clock(BaseCallback):
    """Stops the training after ``seconds``."""

    def __init__(self, seconds: float):
        super().__init__()
        self.until = time.time() + seconds

    def _on_step(self) -> bool:
        return time.time() < self.until


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--opponent", default="SOM")
    p.add_argument("--tables", type=int, default=64)
    p.add_argument("--minutes", type=float, default=5.0)
    p.add_argument("--eval-hands", type=int, default=20_000)
    p.add_argument("--seed", type=int, default=1998)
    a = p.parse_args()

    env = loki.sb3.vec_env(a.tables, opponent=a.opponent, chips="scaled")
    env.seed(a.seed)
    model = MaskablePPO("MultiInputPolicy", env, seed=a.seed, n_steps=128, batch_size=1024, verbose=0)
    started = time.time()
    model.learn(10**12, callback=Clock(a.minutes * 60))
    trained = time.time() - started
    print(f"trained {trained:.0f} s, {model.num_timesteps:,} decisions")

    test = loki.sb3.vec_env(a.tables, opponent=a.opponent, chips="scaled")
    test.seed(a.seed + 1)
    obs = test.reset()
    results: list[float] = []
    while len(results) < a.eval_hands:
        actions, _ = model.predict(obs, action_masks=test.action_masks(), deterministic=True)
        obs, rewards, dones, infos = test.step(actions)
        results.extend(float(r) for r, d in zip(rewards, dones) if d)
    r = np.array(results[: a.eval_hands])
    ci = 1.96 * r.std(ddof=1) / math.sqrt(len(r))
    print(f"frozen against {a.opponent}: {r.mean():+.3f} +- {ci:.3f} big blinds a hand over {len(r):,} hands")


if __name__ == "__main__":
    main()
