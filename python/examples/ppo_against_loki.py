#!/usr/bin/env python3
"""A masked PPO learner in NumPy alone against a Loki player, then measured with LBR.

The learner is a small actor-critic network (two hidden layers of ``--hidden`` tanh
units, a policy head over ``[fold, call, raise]`` masked to the legal actions and a value
head), trained by PPO (clipped objective, generalized advantage estimation, Adam) on
``loki.vector.SingleAgentVectorEnv``: ``--tables`` heads-up tables stepped in Rust, the
learner at seat 0, the Loki player (``--opponent``, SOM by default) at seat 1 of each,
modeling the learner as it learns. One hand is one episode; chips are scaled into
[0, 1]. It trains for ``--minutes`` (or ``--hands``), prints big blinds per hand by
blocks with a 95% interval, then plays ``--eval-hands`` hands with the learned policy
frozen (its result with a 95% interval over hands) and measures how exploitable it is
with ``loki.local_best_response``.

    python python/examples/ppo_against_loki.py                      # 10 minutes against SOM
    python python/examples/ppo_against_loki.py --minutes 2 --opponent BPM
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

import loki
from loki.env import OBSERVATION_FIELDS
from loki.vector import SingleAgentVectorEnv

HOLE = OBSERVATION_FIELDS["hole"]
BOARD = [OBSERVATION_FIELDS[k] for k in ("flop", "turn", "river")]


def features(obs: np.ndarray) -> np.ndarray:
    """The observation and hand features read from its card planes: a pocket pair,
    suited, the high and low ranks, a board card pairing a hole card, a paired board."""
    hole = obs[:, HOLE].reshape(-1, 13, 4)  # card index 4 * rank + suit
    ranks = hole.sum(axis=2)
    suits = hole.sum(axis=1)
    board = sum(obs[:, b] for b in BOARD).reshape(-1, 13, 4).sum(axis=2)
    order = np.arange(13)
    high = ((ranks > 0) * order).max(axis=1)
    low = np.where(ranks > 0, order, 12).min(axis=1)
    extra = np.stack(
        [
            ranks.max(axis=1) == 2,
            suits.max(axis=1) == 2,
            high / 12.0,
            low / 12.0,
            ((ranks > 0) & (board > 0)).any(axis=1),
            board.max(axis=1, initial=0) >= 2,
        ],
        axis=1,
    ).astype(np.float32)
    return np.concatenate([obs, extra], axis=1)


class Network:
    """Two tanh layers, a policy head (3 logits) and a value head; Adam on every array."""

    def __init__(self, inputs: int, hidden: int, rng: np.random.Generator):
        def layer(n_in: int, n_out: int, scale: float) -> np.ndarray:
            return (rng.standard_normal((n_in, n_out)) * scale / math.sqrt(n_in)).astype(np.float32)

        self.p = {
            "w1": layer(inputs, hidden, 1.0),
            "b1": np.zeros(hidden, np.float32),
            "w2": layer(hidden, hidden, 1.0),
            "b2": np.zeros(hidden, np.float32),
            "wp": layer(hidden, 3, 0.01),
            "bp": np.zeros(3, np.float32),
            "wv": layer(hidden, 1, 1.0),
            "bv": np.zeros(1, np.float32),
        }
        self.m = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.t = 0

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, tuple]:
        p = self.p
        h1 = np.tanh(x @ p["w1"] + p["b1"])
        h2 = np.tanh(h1 @ p["w2"] + p["b2"])
        return h2 @ p["wp"] + p["bp"], (h2 @ p["wv"] + p["bv"])[:, 0], (x, h1, h2)

    def backward(self, cache: tuple, d_logits: np.ndarray, d_value: np.ndarray) -> dict[str, np.ndarray]:
        x, h1, h2 = cache
        p = self.p
        g = {"wp": h2.T @ d_logits, "bp": d_logits.sum(0), "wv": h2.T @ d_value[:, None], "bv": d_value.sum(0, keepdims=True)}
        dh2 = (d_logits @ p["wp"].T + d_value[:, None] @ p["wv"].T) * (1 - h2**2)
        g["w2"], g["b2"] = h1.T @ dh2, dh2.sum(0)
        dh1 = (dh2 @ p["w2"].T) * (1 - h1**2)
        g["w1"], g["b1"] = x.T @ dh1, dh1.sum(0)
        return g

    def step(self, grads: dict[str, np.ndarray], lr: float, clip: float = 0.5) -> None:
        norm = math.sqrt(sum(float((g * g).sum()) for g in grads.values()))
        scale = min(1.0, clip / (norm + 1e-8))
        self.t += 1
        for k, g in grads.items():
            g = g * scale
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m = self.m[k] / (1 - 0.9**self.t)
            v = self.v[k] / (1 - 0.999**self.t)
            self.p[k] -= (lr * m / (np.sqrt(v) + 1e-8)).astype(np.float32)

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits, _, _ = self.forward(x)
        return masked_softmax(logits, mask)


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    z = np.where(mask > 0, logits, -1e9)
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z) * (mask > 0)
    return e / e.sum(axis=1, keepdims=True)


def sample(rng: np.random.Generator, p: np.ndarray) -> np.ndarray:
    return (rng.random((len(p), 1)) < p.cumsum(axis=1)).argmax(axis=1)


def interval(results: np.ndarray) -> tuple[float, float]:
    return float(results.mean()), float(1.96 * results.std(ddof=1) / math.sqrt(len(results)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=10.0, help="training time (default 10)")
    ap.add_argument("--hands", type=int, default=0, help="train for this many hands instead (0: --minutes)")
    ap.add_argument("--tables", type=int, default=256, help="tables stepped together (default 256)")
    ap.add_argument("--opponent", default="SOM", help="the Loki player at seat 1 (default SOM)")
    ap.add_argument("--seed", type=int, default=1998, help="dealer, opponents and learner seed")
    ap.add_argument("--hidden", type=int, default=128, help="hidden units per layer (default 128)")
    ap.add_argument("--lr", type=float, default=3e-4, help="Adam's learning rate (default 3e-4)")
    ap.add_argument("--steps", type=int, default=16, help="steps per table per update (default 16)")
    ap.add_argument("--block", type=int, default=25_000, help="hands per printed line")
    ap.add_argument("--eval-hands", type=int, default=50_000, help="hands played frozen after training")
    ap.add_argument("--lbr-hands", type=int, default=3_000, help="LBR hands against the learned policy")
    args = ap.parse_args()
    if min(args.tables, args.steps, args.block, args.hidden) < 1 or args.minutes <= 0:
        ap.error("--tables, --steps, --block, --hidden and --minutes must be positive")

    rng = np.random.default_rng(args.seed)
    env = SingleAgentVectorEnv(args.tables, [args.opponent], seed=args.seed, chips="scaled")
    obs, _ = env.reset(seed=args.seed)
    x, mask = features(obs["observation"]), obs["action_mask"]
    net = Network(x.shape[1], args.hidden, rng)
    results: list[np.ndarray] = []
    hands = printed = 0
    start = time.perf_counter()

    def training() -> bool:
        if args.hands:
            return hands < args.hands
        return time.perf_counter() - start < 60 * args.minutes

    while training():
        xs, masks, acts, logps, values, rewards, dones = [], [], [], [], [], [], []
        for _ in range(args.steps):
            logits, value, _ = net.forward(x)
            p = masked_softmax(logits, mask)
            a = sample(rng, p)
            xs.append(x)
            masks.append(mask)
            acts.append(a)
            logps.append(np.log(p[np.arange(len(a)), a] + 1e-12))
            values.append(value)
            obs, r, term, _, info = env.step(a)
            rewards.append(r.astype(np.float32))
            dones.append(term)
            results.append(r[term])
            results.append(info["skipped_reward"][info["skipped_hands"] > 0])
            hands += int(term.sum() + info["skipped_hands"].sum())
            x, mask = features(obs["observation"]), obs["action_mask"]
        # generalized advantage estimation over the hands (gamma 1, lambda 0.95)
        _, last, _ = net.forward(x)
        adv = np.zeros((args.steps, args.tables), np.float32)
        running = np.zeros(args.tables, np.float32)
        for t in reversed(range(args.steps)):
            following = last if t == args.steps - 1 else values[t + 1]
            live = 1.0 - dones[t]
            delta = rewards[t] + live * following - values[t]
            running = delta + 0.95 * live * running
            adv[t] = running
        returns = adv + np.array(values)
        X, M = np.concatenate(xs), np.concatenate(masks)
        A, LP = np.concatenate(acts), np.concatenate(logps)
        ADV, RET = adv.reshape(-1), returns.reshape(-1)
        ADV = (ADV - ADV.mean()) / (ADV.std() + 1e-8)
        n = len(A)
        for _ in range(4):
            order = rng.permutation(n)
            for at in range(0, n, 1024):
                i = order[at : at + 1024]
                logits, value, cache = net.forward(X[i])
                p = masked_softmax(logits, M[i])
                lp = np.log(p[np.arange(len(i)), A[i]] + 1e-12)
                ratio = np.exp(lp - LP[i])
                unclipped = ratio * ADV[i]
                clipped = np.clip(ratio, 0.8, 1.2) * ADV[i]
                # d(-min(unclipped, clipped))/d logp, zero where the clipped term binds
                d_lp = np.where(unclipped <= clipped, -ratio * ADV[i], 0.0)
                onehot = np.zeros_like(p)
                onehot[np.arange(len(i)), A[i]] = 1.0
                d_logits = d_lp[:, None] * (onehot - p)
                # entropy bonus 0.01
                logp_all = np.log(p + 1e-12) * (M[i] > 0)
                entropy_grad = p * (logp_all + (-(p * logp_all).sum(1, keepdims=True)))
                d_logits += 0.01 * entropy_grad
                d_value = 0.5 * 2 * (value - RET[i])
                grads = net.backward(cache, d_logits / len(i), d_value / len(i))
                net.step(grads, args.lr)
        while hands >= (printed + 1) * args.block:
            printed += 1
            recent = np.concatenate(results)[-args.block :]
            mean, half = interval(recent)
            print(f"hands {hands:>9,}: last {args.block:,} {mean:+.3f} +- {half:.3f} big blinds per hand "
                  f"({time.perf_counter() - start:.0f} s)", flush=True)

    print(f"trained on {hands:,} hands in {time.perf_counter() - start:.0f} s")
    # the learned policy, frozen: greedy sampling from its probabilities
    played: list[np.ndarray] = []
    obs, info = env.reset(seed=args.seed + 1)
    played.append(info["skipped_reward"][info["skipped_hands"] > 0])
    count = 0
    while count < args.eval_hands:
        p = net.probabilities(features(obs["observation"]), obs["action_mask"])
        obs, r, term, _, info = env.step(sample(rng, p))
        played.append(r[term])
        played.append(info["skipped_reward"][info["skipped_hands"] > 0])
        count += int(term.sum() + info["skipped_hands"].sum())
    mean, half = interval(np.concatenate(played))
    print(f"frozen policy against {args.opponent}: {mean:+.3f} +- {half:.3f} big blinds per hand over {count:,} hands")
    if args.lbr_hands:
        report = loki.local_best_response(
            lambda o, m: net.probabilities(features(o), m), hands=args.lbr_hands, seed=args.seed, chips="scaled"
        )
        # loki's big blind is one small bet: LBR's small bets per hand are big blinds
        print(f"LBR against it: {report['sb_per_hand']:+.3f} +- {report['ci95']:.3f} big blinds per hand "
              f"({report['hands']:,} hands)")


if __name__ == "__main__":
    main()
