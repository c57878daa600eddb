"""The error contract of loki.env, loki.vector and loki.local_best_response: over a sweep
of bad inputs (wrong types, out-of-range numbers, garbage strings, None), every failure is
a LokiError or a TypeError, never a KeyError, IndexError, AttributeError or a crash."""

from __future__ import annotations

import itertools
import re

import numpy as np
import pytest

import loki

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from loki.env import LokiEnv, LokiPolicy, SingleAgentEnv, parse_info_state  # noqa: E402
from loki.vector import SingleAgentVectorEnv  # noqa: E402

BAD = [None, -1, 1.7, True, "x", "", "9:cc:AsKd", "0:", [], [None], {}, {"info_state": 3}, object(), 10**30, np.nan]


def calls():
    env = SingleAgentEnv(["call"], seed=1)
    env.reset()
    policy = LokiPolicy("BPM")
    for bad in BAD:
        yield lambda b=bad: SingleAgentEnv(b)
        yield lambda b=bad: SingleAgentEnv(["SOM"], seat=b)
        yield lambda b=bad: SingleAgentEnv(["SOM"], illegal=b)
        yield lambda b=bad: SingleAgentEnv(["SOM"], chips=b)
        yield lambda b=bad: env.step(b)
        yield lambda b=bad: LokiEnv(b)
        yield lambda b=bad: parse_info_state(b)
        yield lambda b=bad: policy.action(b)
        yield lambda b=bad: policy.action({"info_state": b})
        yield lambda b=bad: SingleAgentVectorEnv(b)
        yield lambda b=bad: SingleAgentVectorEnv(2, b)
        yield lambda b=bad: SingleAgentVectorEnv(2, illegal=b)
        yield lambda b=bad: loki.local_best_response(b)
        yield lambda b=bad: loki.local_best_response(lambda o, m: m, hands=b)
        yield lambda b=bad: loki.local_best_response(lambda o, m: b, hands=2)


def test_every_bad_input_fails_inside_the_contract():
    n = 0
    for call in itertools.islice(calls(), 1000):
        n += 1
        try:
            call()
        except (loki.LokiError, TypeError):
            pass
    assert n >= 200


# The bound entry points, each parameter given every bad value with the others valid: a
# LokiError, or a TypeError that names the parameter (in its text, or in the note PyO3
# attaches to the arguments it extracts itself, which every traceback prints).
VALID = [
    (loki.VectorEnv, {"tables": 2, "seats": 2, "seed": 1}),
    (loki.Agent, {"kind": "SOM", "seats": 2, "seed": 1}),
    (loki.replay, {"actions": "cc", "hole": ["AsKd", "7c2h"], "board": "3h4cJh"}),
    (loki.simulate, {"players": ["SOM", "call"], "hands": 2, "seed": 1}),
    (loki.GameConfig, {"seats": 3, "small_blind": 1, "big_blind": 2, "small_bet": 2, "big_bet": 4}),
]


def test_a_type_error_names_its_parameter():
    n = 0
    for f, kwargs in VALID:
        f(**kwargs)
        for name in kwargs:
            for bad in BAD:
                n += 1
                try:
                    f(**{**kwargs, name: bad})
                except loki.LokiError:
                    pass
                except TypeError as e:
                    said = [str(e), *getattr(e, "__notes__", [])]
                    assert any(re.search(rf"\b{name}\b", s) for s in said), (f.__name__, name, bad, said)
    assert n >= 200
