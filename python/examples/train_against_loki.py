"""A training loop: a learning agent against a loki opponent in RLCard's limit-holdem.

The learner is a small policy-gradient agent (REINFORCE with a baseline) written in NumPy:
a softmax over RLCard's four actions, masked to the legal ones, linear in RLCard's
72-feature observation. Its opponent is a loki player (SOM by default) that keeps
modeling it as it learns. Every ``--block`` hands the script prints the learner's big
blinds per hand over the block.

    python python/examples/train_against_loki.py --opponent SOM --hands 20000

Replace ``Learner`` by any RLCard agent (``step``, ``eval_step``, ``feed``) to train
another algorithm against loki.
"""

from __future__ import annotations

import argparse

import numpy as np
import rlcard

from loki.rlcard import LokiAgent


class Learner:
    """REINFORCE with a running-average baseline over RLCard's observation."""

    use_raw = False

    def __init__(self, features: int = 72, actions: int = 4, lr: float = 0.01, seed: int = 0):
        self.rng = np.random.default_rng(seed)
        self.w = np.zeros((actions, features + 1))
        self.lr = lr
        self.baseline = 0.0
        self.episode: list[tuple[np.ndarray, np.ndarray, int]] = []

    def _probs(self, state) -> tuple[np.ndarray, np.ndarray]:
        x = np.append(state["obs"], 1.0)
        logits = self.w @ x
        legal = np.array(list(state["legal_actions"].keys()))
        z = np.full(len(logits), -np.inf)
        z[legal] = logits[legal] - logits[legal].max()
        p = np.exp(z)
        return x, p / p.sum()

    def step(self, state) -> int:
        x, p = self._probs(state)
        a = int(self.rng.choice(len(p), p=p))
        self.episode.append((x, p, a))
        return a

    def eval_step(self, state) -> tuple[int, dict]:
        x, p = self._probs(state)
        return int(np.argmax(p)), {}

    def finish(self, payoff: float) -> None:
        """Learns from the hand just played (its payoff in big blinds)."""
        advantage = payoff - self.baseline
        self.baseline += 0.01 * (payoff - self.baseline)
        for x, p, a in self.episode:
            grad = -np.outer(p, x)
            grad[a] += x
            self.w += self.lr * advantage * grad
        self.episode = []


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--opponent", default="SOM", help="the loki player to train against")
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--block", type=int, default=2_000)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    env = rlcard.make("limit-holdem", config={"seed": a.seed, "game_num_players": 2})
    learner = Learner(seed=a.seed)
    opponent = LokiAgent(a.opponent, 2, seed=a.seed)
    env.set_agents([learner, opponent])
    block = []
    for hand in range(1, a.hands + 1):
        _, payoffs = env.run(is_training=True)
        opponent.end_hand(env, 1)  # the loki player sees the whole hand and any showdown
        learner.finish(float(payoffs[0]))
        block.append(float(payoffs[0]))
        if hand % a.block == 0:
            print(f"hands {hand - a.block + 1:>6}-{hand:<6} learner {np.mean(block):+.3f} bb/hand against {a.opponent}")
            block = []


if __name__ == "__main__":
    main()
