"""The flop class cache file from Python: a process that plays against SOM writes it
at exit, the next reads it, and both play the same hands as a process without it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import loki

SCRIPT = """
import json
import numpy as np
from loki.env import SingleAgentEnv

env = SingleAgentEnv(["SOM"], seed=11)
rng = np.random.default_rng(0)
rewards = []
for _ in range(150):
    obs, info = env.reset()
    done = False
    while not done:
        mask = info["action_mask"]
        if not mask.any():
            break
        obs, reward, done, _, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        rewards.append(float(reward))
print(json.dumps(rewards))
"""


def play(cache: str) -> tuple[list[float], str]:
    env = dict(os.environ, LOKI_CACHE_DIR=cache, LOKI_CACHE_VERBOSE="1")
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout), out.stderr


def test_a_second_process_reads_the_classes_and_plays_the_same_hands(tmp_path: Path) -> None:
    cold, _ = play("off")
    cache = tmp_path / "cache"
    first, log = play(str(cache))
    path = cache / "flop-classes.bin"
    assert path.exists(), log
    size = path.stat().st_size
    second, log = play(str(cache))
    assert "classes from" in log, log
    assert path.stat().st_size == size, "nothing new: not rewritten"
    assert first == cold
    assert second == cold
    # A damaged file is ignored (the same hands) and replaced.
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 1
    path.write_bytes(bytes(data))
    damaged, log = play(str(cache))
    assert damaged == cold
    assert "not read" in log, log
    assert path.read_bytes() != bytes(data)


def test_the_cache_functions_without_a_file() -> None:
    # The tests run with LOKI_CACHE_DIR=off (conftest.py) unless it is set.
    if os.environ.get("LOKI_CACHE_DIR") == "off":
        assert loki.class_cache_path() is None
        assert loki.save_class_cache() is None
    else:
        assert loki.class_cache_path() is None or isinstance(loki.class_cache_path(), Path)
