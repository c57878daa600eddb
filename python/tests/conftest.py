"""Shared fixtures of the loki Python tests: the repository's golden data and the
weight rules of public.json, implemented with NumPy."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

# The tests neither read nor write the user's flop class cache file unless told where
# (test_class_cache.py runs its own processes with a temporary one).
os.environ.setdefault("LOKI_CACHE_DIR", "off")

REPO = Path(__file__).resolve().parents[2]
PUBLIC_JSON = REPO / "crates" / "assess" / "tests" / "data" / "public.json"


def holding_pairs() -> np.ndarray:
    """The (i, j) card indices of each holding, i < j, in holding-index order."""
    return np.array([(i, j) for i in range(52) for j in range(i + 1, 52)], dtype=np.int64)


def weight_table(rule: str) -> np.ndarray:
    """The 1,326 weights of a public.json weight rule ("uniform", "hash", "preflop")."""
    h = np.arange(1326, dtype=np.uint64)
    if rule == "uniform":
        return np.ones(1326)
    if rule == "hash":
        u = ((h * np.uint64(2654435761)) % np.uint64(2**32)).astype(np.float64) / 4294967296.0
        return 0.01 + 0.99 * u
    if rule == "preflop":
        pairs = holding_pairs()
        r = pairs // 4 + 2
        hi, lo = r.max(axis=1), r.min(axis=1)
        suited = pairs[:, 0] % 4 == pairs[:, 1] % 4
        score = hi + lo - np.minimum(hi - lo, 4) + np.where(hi == lo, 12, 0) + np.where(suited, 2, 0)
        return np.minimum(1.0, np.maximum(0.01, (score - 8) / 24.0))
    raise ValueError(rule)


@pytest.fixture(scope="session")
def public() -> dict:
    """The reference cases (a copy of the project's public.json in the assess crate)."""
    return json.loads(PUBLIC_JSON.read_text())


_skipped: list[str] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped:
        _skipped.append(report.nodeid)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """With LOKI_NO_SKIP=1 (set by .ci/run) a skipped test fails the run: every library the
    tests use must be installed."""
    import os

    if os.environ.get("LOKI_NO_SKIP") == "1" and _skipped:
        print(f"\nLOKI_NO_SKIP: {len(_skipped)} test(s) skipped: {', '.join(_skipped)}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
