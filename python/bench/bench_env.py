#!/usr/bin/env python3
"""Speed of ``loki.VectorEnv``: hands per second with random agents, on one core.

``--tables`` heads-up tables (``--seats`` players) of loki's game, every seat played by a
uniform random choice among the legal actions, drawn in NumPy for all tables at once
(``(rng.random((tables, 3)) * mask).argmax(1)``); the process is pinned to one core
(``os.sched_setaffinity``), and without Loki players the vector environment steps its
tables on the calling thread. Each round plays ``--seconds`` of steps after a warm-up
and counts the hands that ended; the median over the rounds is the result (the rate
includes the agents' NumPy work and the arrays' transfer, as a training loop sees it).

    python python/bench/bench_env.py                     # 7 rounds, 1,024 tables, heads-up
    python python/bench/bench_env.py --seats 6 --tables 256

Not a test: pytest does not collect this directory.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import numpy as np

import loki


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=1024, help="tables (default 1,024)")
    ap.add_argument("--seats", type=int, default=2, help="players per table (default 2)")
    ap.add_argument("--rounds", type=int, default=7, help="rounds (default 7)")
    ap.add_argument("--seconds", type=float, default=3.0, help="seconds per round (default 3)")
    ap.add_argument("--seed", type=int, default=1998)
    a = ap.parse_args()
    os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    env = loki.VectorEnv(a.tables, seats=a.seats, seed=a.seed)
    rng = np.random.default_rng(a.seed)
    obs, mask, _ = env.reset()
    rates = []
    print(f"{a.tables:,} tables of {a.seats} players, random agents, one core; load {os.getloadavg()[0]:.2f}")
    for r in range(a.rounds + 1):
        hands, steps = 0, 0
        start = time.perf_counter()
        while time.perf_counter() - start < a.seconds:
            obs, mask, _, rewards, ended = env.step((rng.random(mask.shape) * mask).argmax(1))
            hands += int(ended.sum())
            steps += 1
        rate = hands / (time.perf_counter() - start)
        if r == 0:
            continue  # warm-up
        rates.append(rate)
        print(f"round {r}: {rate:12,.0f} hands/s ({steps:,} steps, {hands / steps / a.tables:.3f} hands per table-step)")
    print(f"median: {statistics.median(rates):,.0f} hands/s (goal: at least 20,000); load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
