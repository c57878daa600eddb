"""The quickstart of docs/python.md runs as written: its first Python block (a learner's
seat against SOM, the vector environment, LBR of a policy, an agent, the evaluator) and
the PettingZoo recipe, each executed from the page itself, with their stated results."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "python.md"


def blocks() -> list[str]:
    text = PAGE.read_text(encoding="utf-8")
    quick = text[text.index("## Quickstart") : text.index("## Reference")]
    return re.findall(r"```python\n(.*?)```", quick, flags=re.S)


def test_the_quickstart_runs_as_written_with_its_stated_results():
    pytest.importorskip("gymnasium")
    scope: dict = {}
    exec(compile(blocks()[0], str(PAGE), "exec"), scope)
    assert scope["won"] / 100 < 0  # "always raising loses to SOM"
    report = scope["report"]
    assert round(report["sb_per_hand"], 2) == 2.81 and round(report["ci95"], 2) == 0.55
    agent = scope["loki"].Agent("SOM", seats=2, seed=1)
    assert (agent.act(1, "AsAd"), agent.act(1, "AsAd", None, "cr")) == ("raise", "raise")
    assert scope["obs"]["action_mask"].shape == (64, 3)


def test_the_pettingzoo_recipe_runs_as_written():
    pytest.importorskip("pettingzoo")
    import numpy as np

    scope: dict = {"np": np}
    recipe = [b for b in blocks() if "LokiEnv" in b]
    assert len(recipe) == 1
    exec(compile(recipe[0], str(PAGE), "exec"), scope)
    assert not scope["env"].agents  # the hand is over
