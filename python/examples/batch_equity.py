"""NumPy batch evaluation: hand-category frequencies of a million random 7-card hands,
and the equity of AsKd against QhQd over 200,000 random boards, each in one call of
``loki.evaluate_batch`` (the GIL released while it ranks).

    python python/examples/batch_equity.py
"""

from __future__ import annotations

import time

import numpy as np

import loki


def main() -> None:
    rng = np.random.default_rng(1998)
    hands = np.argpartition(rng.random((1_000_000, 52), dtype=np.float32), 7, axis=1)[:, :7].astype(np.uint8)
    start = time.perf_counter()
    ranks = loki.evaluate_batch(hands)
    elapsed = time.perf_counter() - start
    share = np.bincount(loki.categories(ranks), minlength=10)[1:] / len(ranks)
    print(f"1,000,000 random 7-card hands ranked in {elapsed * 1000:.1f} ms")
    for name, p in zip(loki.CATEGORIES, share):
        print(f"  {name:16s} {p:.4f}")

    deck = np.setdiff1d(np.arange(52), loki.card_indices("AsKdQhQd"))
    keys = rng.random((200_000, len(deck)))
    boards = deck[np.argpartition(keys, 5, axis=1)[:, :5]].astype(np.uint8)
    ak = loki.evaluate_batch(np.hstack([boards, np.tile(np.uint8(loki.card_indices("AsKd")), (len(boards), 1))]))
    qq = loki.evaluate_batch(np.hstack([boards, np.tile(np.uint8(loki.card_indices("QhQd")), (len(boards), 1))]))
    print(f"AsKd against QhQd: equity {(ak > qq).mean() + (ak == qq).mean() / 2:.4f} over {len(boards):,} boards")


if __name__ == "__main__":
    main()
