"""Errors as promised: every bad number of every public function raises a LokiError
subclass that names the parameter and its range (never a bare OverflowError), a wrong
type raises TypeError, and a check facing a bet is refused."""

from __future__ import annotations

import numpy as np
import pytest

import loki

HUGE = 2**70

# (call, the exception class, the text the message must hold)
CASES = [
    (lambda: loki.Card(-1), loki.CardError, "card index must be 0 to 51, got -1"),
    (lambda: loki.Card(HUGE), loki.CardError, "card index must be 0 to 51, got a number above 2**64"),
    (lambda: loki.HoleCards(-5), loki.CardError, "holding index must be 0 to 1325, got -5"),
    (lambda: loki.StartingHand(169), loki.CardError, "starting-hand index must be 0 to 168, got 169"),
    (lambda: loki.holding_index(-1, 3), loki.CardError, "a must be 0 to 51, got -1"),
    (lambda: loki.holding_index(3, 52), loki.CardError, "b must be 0 to 51, got 52"),
    (lambda: loki.holding_cards(-1), loki.CardError, "index must be 0 to 1325, got -1"),
    (lambda: loki.card_indices([1, -2]), loki.CardError, "card index must be 0 to 51, got -2"),
    (lambda: loki.category(-1), loki.LokiError, "rank must be 0 to 65535, got -1"),
    (lambda: loki.category(HUGE), loki.LokiError, "rank must be 0 to 65535"),
    (lambda: loki.GameConfig(-3), loki.ConfigError, "seats must be 2 to 10, got -3"),
    (lambda: loki.GameConfig(2, -1), loki.ConfigError, "small_blind must be 0 to"),
    (lambda: loki.GameConfig(2, 1, 2, 2, HUGE), loki.ConfigError, "big_bet must be 0 to"),
    (lambda: loki.GameConfig(2, max_raises=-1), loki.ConfigError, "max_raises must be 0 to 1000, got -1"),
    (lambda: loki.GameConfig(3, stacks=[10, -1, 5]), loki.ConfigError, "stacks[1] must be 1 to"),
    (lambda: loki.GameConfig(3, stacks=[10, 5]), loki.ConfigError, "stacks has 2 stacks for 3 players"),
    (lambda: loki.GameConfig(3, postflop_first=3), loki.ConfigError, "postflop_first must be 0 to 2, got 3"),
    (lambda: loki.HandState().amount_to_call(9), loki.LokiError, "position must be 0 to 1, got 9"),
    (lambda: loki.HandState().bets_to_call(-1), loki.LokiError, "position must be 0 to 1, got -1"),
    (lambda: loki.HandState().is_live(2), loki.LokiError, "position must be 0 to 1, got 2"),
    (lambda: loki.HandState().deal_hole(-1, "AsKd"), loki.LokiError, "position must be 0 to 1, got -1"),
    (lambda: loki.replay("cc", ["AsKd", "7c2h"]).record(hand_number=-1), loki.LokiError, "hand_number must be 0 to"),
    (lambda: loki.HandState().apply(3), loki.LokiError, "action must be 0 to 2, got 3"),
    (lambda: loki.income_rate(-1, "AA"), loki.AssessError, "seats must be 2 to 10, got -1"),
    (lambda: loki.income_rates(11), loki.AssessError, "seats must be 2 to 10, got 11"),
    (lambda: loki.assess("AsKd", opponents=-2), loki.AssessError, "opponents must be 1 to 22, got -2"),
    (lambda: loki.potential("AsKd", "3h4cJh", lookahead=-1), loki.AssessError, "lookahead must be 1 to 2, got -1"),
    (lambda: loki.Agent("SOM", seats=-3), loki.ConfigError, "seats must be 2 to 10, got -3"),
    (lambda: loki.Agent(seed=-1), loki.LokiError, "seed must be 0 to 2**64 - 1, got -1"),
    (lambda: loki.Agent(seed=HUGE), loki.LokiError, "seed must be 0 to 2**64 - 1, got a number above 2**64"),
    (lambda: loki.Agent("SOM").act(-1, "AsKd"), loki.AgentError, "position must be 0 to 1, got -1"),
    (lambda: loki.Agent("SOM").act(1, "AsKd", seats=[0, -1]), loki.AgentError, "seats[1] must be 0 to 9, got -1"),
    (lambda: loki.Agent("SOM").act(1, "AsKd", hand=HUGE), loki.AgentError, "hand must be"),
    (lambda: loki.Agent("SOM").policy(5, "AsKd"), loki.AgentError, "position must be 0 to 1, got 5"),
    (lambda: loki.Agent("SOM").end_hand(position=-1, hole="AsKd"), loki.AgentError, "position must be 0 to 1, got -1"),
    (lambda: loki.simulate("SOM,BPM", -1), loki.LokiError, "hands must be 0 to 10000000, got -1"),
    (lambda: loki.simulate(["SOM", "BPM"], 3, seed=-1), loki.LokiError, "seed must be 0 to 2**64 - 1, got -1"),
    (lambda: loki.simulate(["SOM,BPM"], 3), loki.AgentError, "one kind per list item"),
    (lambda: loki.advise(-2, 0, "AsKd"), loki.ConfigError, "seats must be 2 to 10, got -2"),
    (lambda: loki.advise(2, 7, "AsKd"), loki.AgentError, "position must be 0 to 1, got 7"),
    (lambda: loki.advise(2, 0, "AsKd", seed=-4), loki.LokiError, "seed must be 0 to 2**64 - 1, got -4"),
    (lambda: loki.player_seed(-1, 0, 0), loki.LokiError, "seed must be 0 to 2**64 - 1, got -1"),
    (lambda: loki.player_seed(1, -1, 0), loki.LokiError, "table must be 0 to"),
    (lambda: loki.player_seed(1, 0, 10), loki.LokiError, "seat must be 0 to 9, got 10"),
    (lambda: loki.VectorEnv(-1), loki.LokiError, "tables must be 1 to"),
    (lambda: loki.VectorEnv(2, seats=11), loki.ConfigError, "seats must be 2 to 10, got 11"),
    (lambda: loki.VectorEnv(2, seed=-1), loki.LokiError, "seed must be 0 to 2**64 - 1, got -1"),
    (lambda: loki.evaluate_batch(np.array([[0, 1, 2, 3, -4]])), loki.CardError, "row 0: card index -4 is out of range 0..52"),
    (lambda: loki.evaluate_batch(np.array([[0, 1, 2, 3, 4]], np.int16), out=np.zeros(2, np.uint16)), loki.LokiError, "out must hold 1 ranks"),
]


@pytest.mark.parametrize("call,cls,text", CASES, ids=[c[2][:40] for c in CASES])
def test_bad_numbers_name_the_parameter_and_range(call, cls, text):
    with pytest.raises(cls) as e:
        call()
    assert text in str(e.value)
    assert not isinstance(e.value, OverflowError)


TYPE_CASES = [
    lambda: loki.Card(1.5),
    lambda: loki.GameConfig("two"),
    lambda: loki.Agent("SOM", seed="x"),
    lambda: loki.simulate(3, 10),
    lambda: loki.HandState().apply(None),
    lambda: loki.evaluate_batch(np.zeros((1, 7), np.float64)),
    lambda: loki.evaluate_batch(np.zeros((1, 7), np.uint8), out=np.zeros(1, np.int32)),
    lambda: loki.evaluate_batch(np.zeros((1, 7), np.uint8), out=[0]),
]


@pytest.mark.parametrize("call", TYPE_CASES)
def test_wrong_types_raise_type_error(call):
    with pytest.raises(TypeError):
        call()


def test_the_out_array_error_says_what_is_wrong():
    with pytest.raises(TypeError, match="out must be a C-contiguous one-dimensional uint16 array of 1 ranks, got an array of int32"):
        loki.evaluate_batch(np.zeros((1, 7), np.uint8), out=np.zeros(1, np.int32))


def facing_a_bet() -> loki.HandState:
    s = loki.HandState()
    s.deal_hole(0, "AsKd")
    s.deal_hole(1, "7c2h")
    s.apply("raise")  # the button raises: the big blind faces a bet
    return s


@pytest.mark.parametrize("check", ["check", "k", "CHECK"])
def test_check_facing_a_bet_is_refused(check):
    s = facing_a_bet()
    events = s.events
    assert not s.is_legal(check) and s.is_legal("call") and s.is_legal(1)
    with pytest.raises(loki.IllegalActionError, match="cannot check: position 0 faces a bet of 2"):
        s.apply(check)
    assert s.events == events  # nothing changed
    with pytest.raises(loki.IllegalActionError, match="cannot check"):
        loki.replay(["raise", "check"], ["AsKd", "7c2h"])
    with pytest.raises(loki.IllegalActionError, match="cannot check"):
        loki.Agent("SOM").act(0, "AsKd", None, ["raise", "check", "call"])


def test_check_when_nothing_is_due_is_a_call_of_nothing():
    s = loki.replay(["call"], ["AsKd", "7c2h"])  # the button completes: the big blind may check
    assert s.is_legal("check")
    s.apply("check")
    assert s.round == "flop" or s.phase == "deal_board"


def test_a_random_sweep_never_overflows():
    """Every integer parameter given numbers from far below to far above its range."""
    numbers = [-(2**80), -(2**63) - 1, -(2**31), -1, 0, 1, 2, 51, 52, 1325, 2**32, 2**63, 2**64, 2**80]
    calls = [
        loki.Card, loki.HoleCards, loki.StartingHand, loki.holding_cards, loki.category,
        lambda n: loki.holding_index(n, 0), lambda n: loki.GameConfig(n), lambda n: loki.GameConfig(2, n, 2),
        lambda n: loki.GameConfig(2, max_raises=n), lambda n: loki.income_rates(n), lambda n: loki.income_rate(n, "AA"),
        lambda n: loki.assess("AsKd", opponents=n), lambda n: loki.potential("AsKd", "3h4cJh", lookahead=n),
        lambda n: loki.Agent(seed=n), lambda n: loki.Agent(seats=n), lambda n: loki.player_seed(n, n, n),
        lambda n: loki.simulate("call,call", n), lambda n: loki.HandState().amount_to_call(n),
        lambda n: loki.replay("", ["AsKd", "7c2h"]).record(hand_number=n), lambda n: loki.VectorEnv(1, seed=n),
        lambda n: loki.Agent("call").act(n, "AsKd"), lambda n: loki.advise(n, 0, "AsKd"),
    ]
    for f in calls:
        for n in numbers:
            try:
                f(n)
            except loki.LokiError:
                pass
            except OverflowError as e:  # pragma: no cover - the failure this test is for
                raise AssertionError(f"OverflowError for {n}: {e}") from e
