"""The rules engine: golden hands (the engine crate's), replay and its first illegal
action, events and results."""

from __future__ import annotations

import pytest

import loki


def test_heads_up_reverse_blinds():
    s = loki.HandState()
    assert s.events[0] == {"type": "blinds", "amounts": [2, 1]}
    assert s.phase == "deal_hole" and s.to_act is None
    with pytest.raises(loki.IllegalActionError, match="no player is to act"):
        s.apply("call")
    s.deal_hole(1, "AhKh")
    s.deal_hole(0, "7d3d")
    # position 1, the button and small blind, acts first pre-flop
    assert s.phase == "act" and s.to_act == 1
    assert s.amount_to_call(1) == 1 and s.bets_to_call(1) == 1
    event = s.apply("call")
    assert event["type"] == "action" and event["action"] == "call" and event["amount"] == 1
    assert s.to_act == 0 and s.legal_actions() == ["call", "raise"]
    before = len(s.events)
    with pytest.raises(loki.IllegalActionError, match="folding when checking is free"):
        s.apply("fold")
    assert len(s.events) == before
    s.apply("check")
    assert s.phase == "deal_board" and s.round == "flop"  # the round due
    with pytest.raises(loki.DealError, match="the flop needs 3 board card"):
        s.deal_board("5sKs")
    s.deal_board("5sKs7s")
    assert s.round == "flop" and s.to_act == 0


def test_acpc_example_a():
    s = loki.replay("crrrc/cc/cc/rc", ["7d3d", "2hAc"], "5sKs7s9s6h")
    r = s.result
    assert s.is_complete and r["showdown"] and r["contributions"] == [12, 12]
    rec = s.record(["a", "b"])
    assert rec.betting == "crrrc/cc/cc/rc" and rec.names == ["a", "b"]
    assert sum(rec.net) == 0


def test_capped_raising_war():
    s = loki.HandState(loki.GameConfig(3))
    for p, h in enumerate(["AsAd", "KsKd", "QsQd"]):
        s.deal_hole(p, h)
    assert s.to_act == 2
    for _ in range(3):
        s.apply("raise")
    assert s.bets_this_round == 4 and s.raises_this_round == 3
    assert s.amount_to_call(2) == 4 and s.bets_to_call(2) == 2
    with pytest.raises(loki.IllegalActionError, match="the raise cap is reached"):
        s.apply("r")
    assert not s.is_legal("raise") and s.is_legal(1)
    s.apply(1)
    s.apply("c")
    s.deal_board([0, 21, 30])  # 2c 7d 9h
    for _ in range(4):
        s.apply(2)
    assert s.contributions == [16, 12, 14]


def test_three_way_split_pot_with_an_odd_chip():
    s = loki.replay("ccfc/ccc/ccc/ccc", ["9c9d", "2c3c", "4d5d", "2h3h"], "AsKdQhJcTs")
    assert s.pot == 7
    assert s.result["net"] == [-1, 1, 0, 0]
    pots = [e for e in s.events if e["type"] == "pot"]
    assert pots[0]["shares"] == [(1, 3), (2, 2), (3, 2)]


def test_side_pots_with_finite_stacks():
    config = loki.GameConfig(3, stacks=[5, 20, 20])
    s = loki.replay(["r", "r", "c", "c", "r", "c", "c", "c", "c", "c"], ["AsAd", "KsKd", "QsQd"], "2c7d9hJc3h", config)
    r = s.result
    assert r["contributions"] == [5, 7, 7]
    assert r["net"] == [10, -3, -7]
    assert r["finishing_stacks"] == [15, 17, 13]
    shown = next(e for e in s.events if e["type"] == "showdown")
    assert {h["position"] for h in shown["hands"]} == {0, 1, 2}
    all_in = [e for e in s.events if e["type"] == "action" and e["all_in"]]
    assert all_in[0]["position"] == 0 and all_in[0]["bet_to"] == 5


def test_all_in_runs_out_the_board():
    config = loki.GameConfig(2, stacks=[3, 50])
    s = loki.replay("rc///", ["2c2d", "AhKh"], "3s4s5s9dTd", config)
    assert s.result["contributions"] == [3, 4]
    assert s.result["net"] == [3, -3]  # 2c2d makes a wheel


def test_everyone_folds_to_the_big_blind():
    s = loki.replay("fff", ["9c9d", "2c3c", "4d5d", "2h3h"])
    assert s.result == {
        "net": [-1, 1, 0, 0],
        "contributions": [1, 2, 0, 0],
        "showdown": False,
        "ranks": [None, None, None, None],
        "finishing_stacks": None,
    }
    assert s.board == [] and s.events[-1]["type"] == "hand_end"


def test_replay_names_the_first_illegal_action():
    with pytest.raises(loki.IllegalActionError) as e:
        loki.replay("crrrrc", ["AsKd", "7c2h"])
    assert (e.value.index, e.value.position, e.value.action) == (4, 1, "raise")
    assert "action 4 (raise by position 1 in the preflop): the raise cap is reached" in str(e.value)
    with pytest.raises(loki.IllegalActionError) as e:
        loki.replay(["call", "check", "fold"], ["AsKd", "7c2h"], "3h4cJh")
    assert e.value.index == 2 and "folding when checking is free" in str(e.value)
    with pytest.raises(loki.IllegalActionError, match="no player is to act") as e:
        loki.replay("f/c", ["AsKd", "7c2h"])
    assert e.value.position is None
    with pytest.raises(loki.IllegalActionError, match="the preflop is not over"):
        loki.replay("cr/c", ["AsKd", "7c2h"], "3h4cJh")
    with pytest.raises(loki.IllegalActionError, match="that round is over"):
        loki.replay("ccc", ["AsKd", "7c2h"], "3h4cJh")


def test_replay_errors_and_partial_hands():
    s = loki.replay("cc/", ["AsKd", "7c2h"])
    assert s.phase == "deal_board" and s.round == "flop" and s.result is None
    with pytest.raises(loki.DealError, match="the flop is due but the board has only 0"):
        loki.replay("cc/c", ["AsKd", "7c2h"])
    with pytest.raises(loki.DealError, match="duplicate card As"):
        loki.replay("cc/", ["AsKd", "7c2h"], "As4cJh")
    with pytest.raises(loki.DealError, match="duplicate card"):
        loki.replay("cc/", ["AsKd", "AsKd"])
    with pytest.raises(loki.DealError, match="used 3 of the 5"):
        loki.replay("cc/rf", ["AsKd", "7c2h"], "3h4cJh5s9d")
    with pytest.raises(loki.ConfigError, match="2 holdings for a 3-player game"):
        loki.replay("", ["AsKd", "7c2h"], config=loki.GameConfig(3))
    with pytest.raises(loki.HistoryError, match="bad betting string"):
        loki.replay("cx", ["AsKd", "7c2h"])
    with pytest.raises(loki.LokiError, match="action must be fold, call, check, raise, bet, .* got 'jump'"):
        loki.replay(["jump"], ["AsKd", "7c2h"])


def test_config_validation_and_copies():
    c = loki.GameConfig(6, 5, 10, 10, 20, max_raises=4)
    assert (c.seats, c.small_blind, c.big_blind, c.small_bet, c.big_bet, c.max_raises) == (6, 5, 10, 10, 20, 4)
    assert c.blinds == [5, 10, 0, 0, 0, 0] and c.stacks is None
    assert c == loki.GameConfig(6, 5, 10, 10, 20, max_raises=4)
    with pytest.raises(loki.ConfigError, match="seats must be 2 to 10, got 11"):
        loki.GameConfig(11)
    with pytest.raises(loki.ConfigError, match="bad blinds"):
        loki.GameConfig(2, 3, 2)
    with pytest.raises(loki.ConfigError, match="2 stacks for 3 players"):
        loki.GameConfig(3, stacks=[10, 10])
    s = loki.replay("c", ["AsKd", "7c2h"])
    t = s.copy()
    t.apply("raise")
    assert s.to_act == 0 and t.to_act == 1 and s.pot == 4 and t.pot == 6
    with pytest.raises(loki.LokiError, match="position must be 0 to 1, got 5"):
        s.amount_to_call(5)
    with pytest.raises(loki.LokiError, match="not over"):
        s.record()
