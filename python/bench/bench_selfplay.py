#!/usr/bin/env python3
"""Heads-up self-play driven from Python: hands per second per Loki kind, on one core.

What a user who trains against a Loki player pays. Per kind, two ways:

* ``py_selfplay_hands_per_s_KIND``: :class:`loki.env.SingleAgentEnv` with the kind in the
  other seat, and the learner's seat played by the same kind through
  :class:`loki.env.LokiPolicy` (every decision of that seat a Python call, as a learning
  agent's would be; every hand a ``reset`` and its ``step`` calls);
* ``py_simulate_hands_per_s_KIND``: ``loki.simulate("KIND,KIND", hands)``, one Python
  call for the whole match (``loki simulate`` in Rust; the hands' records come back).

``loki bench --json``'s ``K_selfplay_hands_per_s`` keys are the same self-play without
Python. The process is pinned to one core (``os.sched_setaffinity``); each round plays
``--hands`` hands on a new seed (so new boards: a player's first decision on a new board
is what it costs), and the median over the rounds is the result.

    pip install ./python   # or the wheel of docs/python.md
    python python/bench/bench_selfplay.py                       # SOM, GOM, LOKI2, SOMC, POKI
    python python/bench/bench_selfplay.py --kinds SOM --hands 2000 --json

Not a test: pytest does not collect this directory (python/pyproject.toml sets testpaths).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

import loki
from loki.env import LokiPolicy, SingleAgentEnv

KINDS = "SOM,GOM,LOKI2,SOMC,POKI"


def through_env(kind: str, hands: int, seed: int) -> float:
    """Hands per second with one seat played from Python by ``kind``."""
    env = SingleAgentEnv([kind], seed=seed)
    policy = LokiPolicy(kind, seats=2, seed=seed + 1)
    start = time.perf_counter()
    for _ in range(hands):
        _, info = env.reset()
        done = False
        while not done:
            mask = info["action_mask"]
            if not mask.any():
                break
            _, _, done, _, info = env.step(policy.action(info))
        state = env.hand_state()
        shown = None
        if state.result["showdown"]:
            shown = [h if state.is_live(p) else None for p, h in enumerate(state.hole_cards)]
        policy.end_hand(info, shown)
    return hands / (time.perf_counter() - start)


def through_simulate(kind: str, hands: int, seed: int) -> float:
    """Hands per second of ``loki.simulate`` called once from Python."""
    start = time.perf_counter()
    records = loki.simulate(f"{kind},{kind}", hands, seed)
    elapsed = time.perf_counter() - start
    if len(records) != hands:
        raise SystemExit(f"loki.simulate returned {len(records)} hands, not {hands}")
    return hands / elapsed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kinds", default=KINDS, help=f"Loki kinds, comma-separated (default {KINDS})")
    ap.add_argument("--hands", type=int, default=500, help="hands per round and way (default 500)")
    ap.add_argument("--rounds", type=int, default=3, help="rounds; the median is reported (default 3)")
    ap.add_argument("--seed", type=int, default=1998, help="seed of the first round (default 1998)")
    ap.add_argument("--json", action="store_true", help="one JSON object of keys to hands/s")
    a = ap.parse_args()
    if a.hands < 1 or a.rounds < 1:
        raise SystemExit("--hands and --rounds must be at least 1")
    os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    kinds = [k.strip() for k in a.kinds.split(",") if k.strip()]
    out: dict[str, float] = {}
    for kind in kinds:
        for name, way in (("py_selfplay", through_env), ("py_simulate", through_simulate)):
            rates = [way(kind, a.hands, a.seed + 1000 * r) for r in range(a.rounds)]
            out[f"{name}_hands_per_s_{kind}"] = round(statistics.median(rates), 1)
            if not a.json:
                spread = ", ".join(f"{x:.0f}" for x in rates)
                print(f"{kind:<6} {name:<12} {statistics.median(rates):8.1f} hands/s  (rounds: {spread})")
    if a.json:
        out["load_average"] = round(os.getloadavg()[0], 2)
        print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
