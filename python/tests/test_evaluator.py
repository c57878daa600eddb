"""The evaluator: one hand, the best five, categories, and the NumPy batch."""

from __future__ import annotations

import itertools
import threading

import numpy as np
import pytest

import loki


def random_hands(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.mark.parametrize(
    ("cards", "name"),
    [
        ("AsKsQsJsTs", "straight flush"),
        ("5d4d3d2dAd", "straight flush"),
        ("9c9d9h9s2c", "four of a kind"),
        ("9c9d9h2s2c", "full house"),
        ("Ah9h7h4h2h", "flush"),
        ("5c4d3h2sAd", "straight"),
        ("7c7d7h2sAd", "three of a kind"),
        ("7c7d2h2sAd", "two pair"),
        ("7c7d3h2sAd", "pair"),
        ("Kc9d7h4s2d", "high card"),
        ("AdQc3h4cJh", "high card"),
        ("AdQc3h4cJh5s2d", "straight"),
    ],
)
def test_categories_of_known_hands(cards, name):
    assert loki.category(loki.evaluate(cards)) == name


def test_rank_order_and_splits():
    e = loki.evaluate
    assert e("AsAd2c3h4s6d8c") > e("KsKdQcJh9s6d8c")
    assert e("AsKdQcJhTs") == e("AdKcQhJsTd")  # same straight: a split
    assert e("5c4d3h2sAd") < e("6c5d4h3s2d")  # the wheel is the lowest straight
    assert e("AsAdAcKhKs") > e("KsKdKcAhAs")
    assert loki.categories([e("AsKsQsJsTs"), e("Kc9d7h4s2d")]).tolist() == [9, 1]
    assert loki.CATEGORIES[0] == "high card" and loki.CATEGORIES[8] == "straight flush"


def test_best_five_as_loki_eval():
    five, rank = loki.best_five("AdQc3h4cJh5s2d")
    assert [str(c) for c in five] == ["5s", "4c", "3h", "2d", "Ad"]
    assert rank == loki.evaluate("AdQc3h4cJh5s2d")
    with pytest.raises(loki.CardError, match="expected 5 to 7 cards, found 4"):
        loki.evaluate("AsKsQsJs")
    with pytest.raises(loki.CardError, match="duplicate card As"):
        loki.evaluate([51, 51, 1, 2, 3])
    with pytest.raises(loki.LokiError, match="not a hand rank"):
        loki.category(0)


def test_all_5_card_hands_exhaustively():
    """All 2,598,960 five-card hands: the textbook category counts and 7,462 classes."""
    hands = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)
    ranks = loki.evaluate_batch(hands)
    counts = np.bincount(loki.categories(ranks), minlength=10)[1:].tolist()
    assert counts == [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]
    assert len(np.unique(ranks)) == 7462


def test_7_card_rank_is_the_best_of_its_21_fives():
    hands = random_hands(3000, 7, seed=7)
    ranks = loki.evaluate_batch(hands)
    subsets = np.array(list(itertools.combinations(range(7), 5)))
    fives = hands[:, subsets].reshape(-1, 5)
    best = loki.evaluate_batch(fives).reshape(-1, 21).max(axis=1)
    assert np.array_equal(ranks, best)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_batch_equals_single_hands(k):
    hands = random_hands(2000, k, seed=k)
    ranks = loki.evaluate_batch(hands)
    assert ranks.dtype == np.uint16 and ranks.shape == (2000,)
    assert ranks.tolist() == [loki.evaluate(row.tolist()) for row in hands]


def test_batch_input_types():
    hands = random_hands(500, 7, seed=3)
    want = loki.evaluate_batch(hands)
    assert np.array_equal(loki.evaluate_batch(hands.astype(np.int64)), want)
    assert np.array_equal(loki.evaluate_batch(hands.tolist()), want)
    wide = np.zeros((500, 14), dtype=np.uint8)
    wide[:, ::2] = hands
    assert not wide[:, ::2].flags.c_contiguous
    assert np.array_equal(loki.evaluate_batch(wide[:, ::2]), want)
    assert loki.evaluate_batch(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)


def test_batch_errors_name_the_row():
    hands = random_hands(10, 7, seed=4)
    bad = hands.copy()
    bad[6, 2] = 52
    with pytest.raises(loki.CardError, match="row 6: card index 52 is out of range"):
        loki.evaluate_batch(bad)
    bad = hands.astype(np.int32)
    bad[3, 0] = -1
    with pytest.raises(loki.CardError, match="row 3: card index -1"):
        loki.evaluate_batch(bad)
    dup = hands.copy()
    dup[8, 1] = dup[8, 5]
    card = str(loki.Card(int(dup[8, 5])))
    with pytest.raises(loki.CardError, match=f"row 8: duplicate card {card}"):
        loki.evaluate_batch(dup)
    with pytest.raises(loki.CardError, match="shape"):
        loki.evaluate_batch(np.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(TypeError, match="integers"):
        loki.evaluate_batch(np.zeros((3, 7)))


def test_batch_runs_in_threads():
    """The batch releases the GIL: several threads rank at once and get the same result."""
    hands = random_hands(200_000, 7, seed=5)
    want = loki.evaluate_batch(hands)
    results: list[np.ndarray] = [np.empty(0)] * 4

    def work(i: int) -> None:
        results[i] = loki.evaluate_batch(hands)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(np.array_equal(r, want) for r in results)


def test_batch_without_the_repeated_card_test():
    hands = random_hands(3000, 7, seed=9)
    assert np.array_equal(loki.evaluate_batch(hands, check=False), loki.evaluate_batch(hands))
    dup = hands.copy()
    dup[5, 1] = dup[5, 0]
    ranks = loki.evaluate_batch(dup, check=False)  # no error: the rank of row 5 is unspecified
    assert np.array_equal(np.delete(ranks, 5), np.delete(loki.evaluate_batch(hands), 5))
    bad = dup.copy()
    bad[9, 6] = 200
    with pytest.raises(loki.CardError, match="row 9: card index 200 is out of range"):
        loki.evaluate_batch(bad, check=False)


def test_batch_into_a_reused_array():
    hands = random_hands(1000, 7, seed=12)
    out = np.zeros(1000, dtype=np.uint16)
    got = loki.evaluate_batch(hands, out=out)
    assert got is out and np.array_equal(out, loki.evaluate_batch(hands))
    with pytest.raises(loki.LokiError, match="out must hold 1000 ranks \\(one per hand\\), got 999"):
        loki.evaluate_batch(hands, out=np.zeros(999, dtype=np.uint16))
    with pytest.raises(loki.LokiError, match="C-contiguous"):
        loki.evaluate_batch(hands, out=np.zeros(2000, dtype=np.uint16)[::2])
    with pytest.raises(TypeError):
        loki.evaluate_batch(hands, out=np.zeros(1000, dtype=np.int64))
