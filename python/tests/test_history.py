"""Hand histories: PHH written by loki reads back through the engine, ACPC lines, and
the first bad hand is named with its line."""

from __future__ import annotations

import pytest

import loki

HOLES = ["7d3d", "2hAc"]


def hands() -> list[loki.HandRecord]:
    a = loki.replay("crrrc/cc/cc/rc", HOLES, "5sKs7s9s6h").record(["alice", "bob"], 0)
    b = loki.replay("rf", HOLES).record(["alice", "bob"], 1)
    c = loki.replay("ccfc/ccc/ccc/ccc", ["9c9d", "2c3c", "4d5d", "2h3h"], "AsKdQhJcTs").record(None, 2)
    return [a, b, c]


def test_phh_round_trip():
    records = hands()
    text = loki.write_phh(records)
    assert text.startswith("[1]\nvariant = \"FT\"")
    back = loki.read_history(text)
    assert [r.betting for r in back] == [r.betting for r in records]
    assert [r.net for r in back] == [r.net for r in records]
    assert [[str(h) for h in r.hole] for r in back] == [[str(h) for h in r.hole] for r in records]
    assert back[0].names == ["alice", "bob"] and back[2].names == ["p1", "p2", "p3", "p4"]
    assert loki.check_history(text) == []
    one = loki.read_history(records[0].to_phh())
    assert len(one) == 1 and one[0].finishing_stacks == records[0].finishing_stacks
    assert records[0].actions[0] == [(1, "call"), (0, "raise"), (1, "raise"), (0, "raise"), (1, "call")]


def test_acpc_state_lines():
    records = hands()
    line = records[1].to_acpc()
    assert line.startswith("STATE:1:rf:") and line.endswith(":alice|bob")
    back = loki.read_history("\n".join(r.to_acpc() for r in records[:2]))
    assert [r.betting for r in back] == ["crrrc/cc/cc/rc", "rf"]
    assert [r.net for r in back] == [records[0].net, records[1].net]


def test_a_bad_hand_is_named_with_its_line():
    text = loki.write_phh(hands())
    bad = text.replace('"p1 f"', '"p1 cbr 8"', 1)  # in hand [2]: the limit raise is to 6
    assert bad != text
    problems = loki.check_history(bad)
    assert len(problems) == 1 and problems[0].startswith("hand [2], line ")
    assert "raise to 8, but the limit raise is to 6" in problems[0]
    with pytest.raises(loki.HistoryError, match=r"hand \[2\], line \d+"):
        loki.read_history(bad)
    with pytest.raises(loki.HistoryError, match="unknown history format"):
        loki.read_history("hello")


def test_parse_betting():
    assert loki.parse_betting("crrc/r") == [["call", "raise", "raise", "call"], ["raise"]]
    assert loki.parse_betting("") == [[]]
    assert loki.parse_betting("kb/") == [["call", "raise"], []]
    with pytest.raises(loki.HistoryError):
        loki.parse_betting("c/c/c/c/c")
