"""Untrusted input never panics: random text, numbers and action strings give a result
or a LokiError / TypeError (never an OverflowError), never pyo3's PanicException (a
BaseException that these tests would let through)."""

from __future__ import annotations

import random

import pytest

import loki

EXPECTED = (loki.LokiError, TypeError)
ALPHABET = "23456789TJQKAtjqkacdhsxz /,-0"


def attempt(f, *args, **kwargs):
    try:
        return f(*args, **kwargs)
    except EXPECTED:
        return None


@pytest.mark.parametrize("seed", range(3))
def test_random_cards_and_holdings(seed):
    rng = random.Random(seed)
    for _ in range(2000):
        text = "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, 20)))
        number = rng.choice([-(2**70), -1, 0, 51, 52, 1325, 1326, 2**40, rng.randrange(-5, 2000)])
        attempt(loki.parse_cards, text)
        attempt(loki.Card, text)
        attempt(loki.Card, number)
        attempt(loki.HoleCards, text)
        attempt(loki.HoleCards, number)
        attempt(loki.StartingHand, text)
        attempt(loki.StartingHand, number)
        attempt(loki.evaluate, text)
        attempt(loki.category, number)
        attempt(loki.holding_cards, number)
        attempt(loki.income_rate, abs(number) % 30, text)
        attempt(loki.hand_strength, text, text[::-1])


@pytest.mark.parametrize("seed", range(3))
def test_random_replays_and_histories(seed):
    rng = random.Random(100 + seed)
    holes = ["AsKd", "7c2h", "QhQd", "9s8s", "Tc3d"]
    for _ in range(1500):
        seats = rng.randrange(1, 7)
        betting = "".join(rng.choice("fcrkb/x") for _ in range(rng.randrange(0, 25)))
        board = rng.choice(["", "3h4cJh", "3h4cJh5s", "3h4cJh5s9d", "3h4cJh5s9d2c", "AsAs"])
        stacks = [rng.randrange(1, 30) for _ in range(seats)] if rng.random() < 0.5 else None
        config = attempt(loki.GameConfig, seats, stacks=stacks)
        state = attempt(loki.replay, betting, holes[:seats], board, config)
        if state is not None and state.is_complete:
            record = state.record()
            back = loki.read_history(record.to_phh())
            assert back[0].net == record.net
        text = "".join(rng.choice('[]=\n"pcbrfd 0123456789STATE:|/') for _ in range(rng.randrange(0, 120)))
        attempt(loki.check_history, text)
        attempt(loki.read_history, text)
        attempt(loki.parse_betting, betting)
        attempt(loki.acpc_game_config, text)
