#!/usr/bin/env python3
"""Trains a small agent against a Loki player in loki.env and plots its learning curve.

The learner is a softmax policy, linear in loki.env's observation vector (385 numbers:
the cards as planes, the positions, the betting so far, the chips in big blinds) plus a
few hand features computed from those card planes (pair, suited, high and low rank, the
board pairing a hole card), trained by REINFORCE with a running baseline in NumPy. It
sits at seat 0 of ``--tables`` heads-up tables of ``loki.VectorEnv``, the Loki player
(``--opponent``, SOM by default) at seat 1 of each, modeling the learner as it learns;
the tables are stepped in one call in Rust. It prints the learner's big blinds per hand
by blocks of hands with a 95% interval, and draws the curve into ``--plot`` (matplotlib).

    python python/examples/train_in_loki_env.py                         # 100,000 hands against SOM
    python python/examples/train_in_loki_env.py --hands 400000 --opponent POKI --plot poki.png
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

import loki
from loki.env import OBSERVATION_FIELDS

HOLE = OBSERVATION_FIELDS["hole"]
BOARD = [OBSERVATION_FIELDS[k] for k in ("flop", "turn", "river")]


CHIPS = [OBSERVATION_FIELDS[k] for k in ("contributions", "stacks", "pot", "to_call")]


def features(obs: np.ndarray) -> np.ndarray:
    """The observation (chips scaled to a pot of about one), a bias, and hand features
    read from its card planes."""
    obs = obs.copy()
    for f in CHIPS:
        obs[:, f] /= 24.0
    hole = obs[:, HOLE].reshape(-1, 13, 4)  # card index 4 * rank + suit
    ranks = hole.sum(axis=2)
    suits = hole.sum(axis=1)
    board = sum(obs[:, b] for b in BOARD).reshape(-1, 13, 4).sum(axis=2)
    order = np.arange(13)
    high = (ranks > 0) * order
    low = np.where(ranks > 0, order, 13).min(axis=1)
    extra = np.stack(
        [
            np.ones(len(obs)),
            (ranks.max(axis=1) == 2),  # a pocket pair
            (suits.max(axis=1) == 2),  # suited
            high.max(axis=1) / 12.0,
            np.minimum(low, 12) / 12.0,
            ((ranks > 0) & (board > 0)).any(axis=1),  # the board pairs a hole card
        ],
        axis=1,
    ).astype(np.float32)
    return np.concatenate([obs, extra], axis=1)


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    z = np.where(mask > 0, logits, -np.inf)
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=100_000, help="hands to train (default 100,000)")
    ap.add_argument("--tables", type=int, default=256, help="tables stepped together (default 256)")
    ap.add_argument("--opponent", default="SOM", help="the Loki player at seat 1 (default SOM)")
    ap.add_argument("--seed", type=int, default=1998, help="dealer, opponents and learner seed")
    ap.add_argument("--lr", type=float, default=0.002, help="learning rate (default 0.002)")
    ap.add_argument("--block", type=int, default=10_000, help="hands per point of the curve")
    ap.add_argument("--plot", default="learning_curve.png", help="the curve's PNG ('' for none)")
    args = ap.parse_args()
    if args.hands < 1 or args.tables < 1 or args.block < 1:
        ap.error("--hands, --tables and --block must be positive")

    env = loki.VectorEnv(args.tables, seed=args.seed, players=[None, args.opponent])
    rng = np.random.default_rng(args.seed)
    obs, mask, _ = env.reset()
    x = features(obs)
    w = np.zeros((x.shape[1], 3))
    traj: list[list[tuple[np.ndarray, int, np.ndarray]]] = [[] for _ in range(args.tables)]
    baseline, results, curve = 0.0, [], []
    start = time.perf_counter()
    while len(results) < args.hands:
        p = masked_softmax(x @ w, mask)
        actions = (rng.random((len(p), 1)) < p.cumsum(axis=1)).argmax(axis=1)
        for i, a in enumerate(actions):
            traj[i].append((x[i], int(a), p[i]))
        obs, mask, _, rewards, ended = env.step(actions)
        x = features(obs)
        grad = np.zeros_like(w)
        for i in np.flatnonzero(ended):
            g = float(rewards[i, 0])
            # a hand the opponent ended alone (folding to our blind) counts as played,
            # its reward in the hand the learner just ended
            results.extend([g] + [0.0] * (int(ended[i]) - 1))
            advantage = g - baseline
            baseline += 0.001 * (g - baseline)
            for xi, a, pi in traj[i]:
                d = -pi
                d[a] += 1.0
                grad += advantage * np.outer(xi, d)
            traj[i] = []
        w += args.lr * grad / args.tables
        while len(results) >= (len(curve) + 1) * args.block:
            block = np.array(results[len(curve) * args.block : (len(curve) + 1) * args.block])
            mean, half = block.mean(), 1.96 * block.std(ddof=1) / math.sqrt(len(block))
            curve.append(((len(curve) + 1) * args.block, mean, half))
            print(f"hands {curve[-1][0]:>8,}: {mean:+.3f} +- {half:.3f} big blinds per hand "
                  f"({time.perf_counter() - start:.0f} s)", flush=True)
    if args.plot and curve:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        h, m, e = (np.array(c) for c in zip(*curve))
        fig, ax = plt.subplots(figsize=(7, 4))
        ax.errorbar(h, m, yerr=e, marker="o", capsize=3, label=f"learner vs {args.opponent}")
        ax.axhline(0, color="gray", lw=0.8)
        ax.set_xlabel("hands played")
        ax.set_ylabel("big blinds per hand (95% interval)")
        ax.set_title(f"REINFORCE against {args.opponent} in loki.env ({args.tables} tables, seed {args.seed})")
        ax.legend()
        fig.tight_layout()
        fig.savefig(args.plot, dpi=100)
        print(f"learning curve: {args.plot}")


if __name__ == "__main__":
    main()
