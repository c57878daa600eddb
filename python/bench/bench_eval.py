#!/usr/bin/env python3
"""Batch evaluator speed: ``loki.evaluate_batch`` against the Rust evaluator.

Compares the random-hand rate of the NumPy batch evaluator (random 7-card hands stored as
seven card indices, one row per hand, ranked in one call; the best of 3 calls, as
``loki bench`` takes the best of 3 loops) with ``loki bench --json``'s
``eval_random_per_s`` (the same kind of hands, built from their cards in a Rust loop, one
thread). The runs are interleaved, a Rust run then a Python run per round, and the
script prints each round's rates and ratio and the median ratio (this machine is noisy:
read the median). Goal (issue 21): Python within 1.3x of Rust.

    cargo build --release && pip install ./python
    python python/bench/bench_eval.py                 # 5 rounds, 2,000,000 hands (bench --quick)
    python python/bench/bench_eval.py --full --rounds 3   # 10,000,000 hands (full bench)

Not a test: pytest does not collect this directory (python/pyproject.toml sets testpaths).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import time
from pathlib import Path

import numpy as np

import loki

REPO = Path(__file__).resolve().parents[2]


def random_hands(n: int, seed: int) -> np.ndarray:
    """``n`` random 7-card hands (distinct cards per row) as a C-contiguous uint8 array."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, 7), dtype=np.uint8)
    chunk = 500_000
    for start in range(0, n, chunk):
        m = min(chunk, n - start)
        keys = rng.random((m, 52), dtype=np.float32)
        out[start : start + m] = np.argpartition(keys, 7, axis=1)[:, :7]
    return out


def python_rate(hands: np.ndarray, repeats: int = 3) -> float:
    """Hands per second of ``loki.evaluate_batch``: the best of ``repeats`` calls."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        ranks = loki.evaluate_batch(hands)
        best = min(best, time.perf_counter() - start)
    assert ranks.shape == (len(hands),)
    return len(hands) / best


def rust_rate(binary: str, full: bool) -> float:
    """``eval_random_per_s`` of ``loki bench --json`` (``--quick`` unless ``full``)."""
    cmd = [binary, "bench", "--json"] + ([] if full else ["--quick"])
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return float(json.loads(out)["eval_random_per_s"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--loki", default=str(REPO / "target" / "release" / "loki"), help="the loki binary")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    ap.add_argument("--full", action="store_true", help="10,000,000 hands and the full loki bench")
    ap.add_argument("--seed", type=int, default=1998)
    a = ap.parse_args()
    n = 10_000_000 if a.full else 2_000_000  # as `loki bench` and `loki bench --quick`
    hands = random_hands(n, a.seed)
    ratios = []
    print(f"{n:,} random 7-card hands; rates in millions of hands per second")
    print("round  rust   python  rust/python")
    for r in range(a.rounds):
        rust = rust_rate(a.loki, a.full)
        py = python_rate(hands)
        ratios.append(rust / py)
        print(f"{r + 1:5d}  {rust / 1e6:5.0f}  {py / 1e6:6.0f}  {rust / py:11.3f}")
    print(f"median ratio rust/python: {statistics.median(ratios):.3f} (goal: at most 1.3)")


if __name__ == "__main__":
    main()
