#!/usr/bin/env python3
"""Batch evaluator speed: ``loki.evaluate_batch`` against the Rust evaluator.

Two comparisons, on random 7-card hands stored as seven card indices per row:

1. ``loki bench --json`` (``--quick``: 2,000,000 hands; ``--full``: 10,000,000), key
   ``eval_random_per_s``: the hands built from their cards in a Rust loop, one thread,
   the best of 3 loops; against ``loki.evaluate_batch`` on as many hands, the best of 3
   calls. One Rust process, then the Python calls, per round.
2. In one process, call by call: the same Rust loop as ``loki bench`` (compiled into the
   extension as ``loki._loki._bench_reference_loop``) and ``loki.evaluate_batch``,
   alternated 5 times per round, the best of each, timed in CPU time of the calling
   thread (``time.thread_time``: the Rust code runs on it with the GIL released), which
   time spent preempted does not inflate. On a shared, busy machine this is the steady
   ratio; on a quiet one both agree.

Each round prints its rates and ratios; the medians over the rounds are the result
(this machine is noisy). Python should stay within 1.3x of Rust (ours).

    cargo build --release && pip install ./python
    python python/bench/bench_eval.py                    # 5 rounds, 2,000,000 hands
    python python/bench/bench_eval.py --full --rounds 3  # 10,000,000 hands, the full bench
    python python/bench/bench_eval.py --dtypes --rounds 7 # every integer dtype against uint8

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
from loki import _loki

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


def best_rate(f, hands: np.ndarray, repeats: int, clock=time.perf_counter) -> float:
    """Hands per second of ``f(hands)``: the best of ``repeats`` calls."""
    best = float("inf")
    for _ in range(repeats):
        start = clock()
        f(hands)
        best = min(best, clock() - start)
    return len(hands) / best


def rust_cli_rate(binary: str, full: bool) -> float:
    """``eval_random_per_s`` of ``loki bench --json`` (``--quick`` unless ``full``)."""
    cmd = [binary, "bench", "--json"] + ([] if full else ["--quick"])
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return float(json.loads(out)["eval_random_per_s"])


def in_process(hands: np.ndarray, alternations: int = 5) -> tuple[float, float]:
    """The best rates of the Rust reference loop and of the batch, alternated call by call."""
    rust, py = 0.0, 0.0
    for _ in range(alternations):
        rust = max(rust, best_rate(_loki._bench_reference_loop, hands, 1, time.thread_time))
        py = max(py, best_rate(loki.evaluate_batch, hands, 1, time.thread_time))
    return rust, py


DTYPES = ("uint8", "int8", "uint16", "int16", "uint32", "int32", "uint64", "int64")


def dtypes(hands: np.ndarray, rounds: int) -> None:
    """Each integer dtype's batch rate as a share of uint8's: per round, the dtypes in
    turn, the best of 3 calls each in CPU time; the medians over the rounds."""
    arrays = {d: np.ascontiguousarray(hands.astype(d)) for d in DTYPES}
    for d, a in arrays.items():
        assert np.array_equal(loki.evaluate_batch(a), loki.evaluate_batch(hands)), d
    shares: dict[str, list[float]] = {d: [] for d in DTYPES}
    print(f"{len(hands):,} random 7-card hands; each dtype's rate / uint8's (CPU time, best of 3)")
    print("round  " + "  ".join(f"{d:>6s}" for d in DTYPES) + "   uint8 M/s")
    for r in range(rounds):
        rates = {d: best_rate(loki.evaluate_batch, a, 3, time.thread_time) for d, a in arrays.items()}
        for d in DTYPES:
            shares[d].append(rates[d] / rates["uint8"])
        print(f"{r + 1:5d}  " + "  ".join(f"{rates[d] / rates['uint8']:6.3f}" for d in DTYPES) + f"   {rates['uint8'] / 1e6:9.0f}")
    print("median " + "  ".join(f"{statistics.median(shares[d]):6.3f}" for d in DTYPES))
    print(f"lowest median share: {min(statistics.median(v) for v in shares.values()):.3f} (goal: at least 0.8)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dtypes", action="store_true", help="compare the integer dtypes with uint8 instead")
    ap.add_argument("--loki", default=str(REPO / "target" / "release" / "loki"), help="the loki binary")
    ap.add_argument("--rounds", type=int, default=5, help="rounds (default 5)")
    ap.add_argument("--full", action="store_true", help="10,000,000 hands and the full loki bench")
    ap.add_argument("--seed", type=int, default=1998)
    a = ap.parse_args()
    n = 10_000_000 if a.full else 2_000_000  # as `loki bench` and `loki bench --quick`
    hands = random_hands(n, a.seed)
    if a.dtypes:
        dtypes(hands, a.rounds)
        return
    assert loki.evaluate_batch(hands).sum(dtype=np.uint64) == _loki._bench_reference_loop(hands)
    cli_ratios, proc_ratios = [], []
    print(f"{n:,} random 7-card hands; rates in millions of hands per second")
    print("round  loki-bench  batch  ratio   |  rust-loop  batch  ratio (same process, CPU time)")
    for r in range(a.rounds):
        cli = rust_cli_rate(a.loki, a.full)
        batch = best_rate(loki.evaluate_batch, hands, 3)
        rust_loop, batch2 = in_process(hands)
        cli_ratios.append(cli / batch)
        proc_ratios.append(rust_loop / batch2)
        print(
            f"{r + 1:5d}  {cli / 1e6:10.0f}  {batch / 1e6:5.0f}  {cli / batch:5.3f}   |"
            f"  {rust_loop / 1e6:9.0f}  {batch2 / 1e6:5.0f}  {rust_loop / batch2:5.3f}"
        )
    print(f"median ratio, loki bench / batch:            {statistics.median(cli_ratios):.3f}")
    print(f"median ratio, Rust loop / batch (in process, CPU time): {statistics.median(proc_ratios):.3f}")
    print("goal: at most 1.3")


if __name__ == "__main__":
    main()
