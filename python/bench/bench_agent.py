#!/usr/bin/env python3
"""A loki agent's decision from Python against the same decision in Rust.

The spots are the decisions of seat 0 in a ``loki.simulate`` match (position, hole
cards, board and betting so far, as an ACPC betting string). Per round, a fresh
``loki.Agent(kind, seats, seed)`` decides every spot through ``act(..., hand=i)`` (each
spot is a hand: the engine replays it into the player, which then decides), each call
timed with ``time.perf_counter_ns``; then the same decisions are made in Rust by the
same code without Python (``loki._loki._bench_agent_reference``: a fresh agent, the
spots parsed before timing, each replay and decision timed with ``Instant``). Both make
the same decisions (checked). Two measures of Python's extra cost per decision:

* within the call: the call's time minus the time ``act`` spent in Rust on the same
  replay and decision (``Agent._last_decision_ns``): argument conversion, the view's
  parsing and the call itself; exact for each call, whatever the load;
* against the Rust reference: the median of per-spot differences of the two runs (the
  same work at different moments, so a busy machine's noise is in it; for a player whose
  decisions take milliseconds the noise hides microseconds).

Medians over the spots, then over the rounds. Python should add at most 20 microseconds (ours).

    pip install ./python
    python python/bench/bench_agent.py                       # POKI, heads-up, 5 rounds
    python python/bench/bench_agent.py --kind SOM --seats 6

Not a test: pytest does not collect this directory (python/pyproject.toml sets testpaths).
"""

from __future__ import annotations

import argparse
import statistics
import time

import loki
from loki import _loki


def spots(kind: str, seats: int, hands: int, seed: int) -> list[tuple[int, str, str, str]]:
    """The decisions of seat 0 in a simulated match: (position, hole, board, betting)."""
    others = ",".join(["SOM"] * (seats - 1))
    out = []
    for rec in loki.simulate(f"{kind},{others}", hands, seed):
        me = list(rec.seats).index(0)
        rounds = loki.parse_betting(rec.betting)
        state = loki.HandState(rec.config)
        for p, h in enumerate(rec.hole):
            state.deal_hole(p, h)
        betting = ""
        for r, actions in enumerate(rounds):
            if r > 0:
                state.deal_board(rec.board[len(state.board) : (0, 3, 4, 5)[r]])
                betting += "/"
            for a in actions:
                if state.to_act == me:
                    board = "".join(str(c) for c in state.board)
                    out.append((me, str(rec.hole[me]), board, betting))
                state.apply(a)
                betting += {"fold": "f", "call": "c", "raise": "r"}[a] if len(a) > 1 else a
    return out


def python_times(kind: str, seats: int, seed: int, todo) -> tuple[list[str], list[int], list[int]]:
    """Each decision's action, call time and time in Rust."""
    agent = loki.Agent(kind, seats=seats, seed=seed)
    clock = time.perf_counter_ns
    actions, times, inner = [], [], []
    for i, (p, hole, board, betting) in enumerate(todo):
        start = clock()
        a = agent.act(p, hole, board, betting, hand=i)
        times.append(clock() - start)
        inner.append(agent._last_decision_ns)
        actions.append(a)
    return actions, times, inner


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kind", default="POKI")
    ap.add_argument("--seats", type=int, default=2)
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1998)
    a = ap.parse_args()
    todo = spots(a.kind, a.seats, a.hands, a.seed)
    print(f"{a.kind}, {a.seats} seats: {len(todo)} decisions per round")
    extra, within, rust_medians, py_medians = [], [], [], []
    for r in range(a.rounds):
        py_actions, py, inner = python_times(a.kind, a.seats, a.seed, todo)
        reference = _loki._bench_agent_reference(a.kind, a.seats, a.seed, todo)
        rs_actions = [x for x, _ in reference]
        rs = [t for _, t in reference]
        assert py_actions == rs_actions, "Python and Rust decided differently"
        diff = statistics.median(p - q for p, q in zip(py, rs))
        extra.append(diff)
        own = statistics.median(p - q for p, q in zip(py, inner))
        within.append(own)
        rust_medians.append(statistics.median(rs))
        py_medians.append(statistics.median(py))
        print(
            f"round {r + 1}: decision median Rust {statistics.median(rs) / 1000:.1f} us, "
            f"Python {statistics.median(py) / 1000:.1f} us; Python's extra cost: within the "
            f"call {own / 1000:.2f} us, against the reference {diff / 1000:.2f} us"
        )
    print(
        f"median over {a.rounds} rounds: Rust {statistics.median(rust_medians) / 1000:.1f} us, "
        f"Python {statistics.median(py_medians) / 1000:.1f} us per decision; "
        f"Python's extra cost within the call {statistics.median(within) / 1000:.2f} us, "
        f"against the reference {statistics.median(extra) / 1000:.2f} us (goal: at most 20)"
    )


if __name__ == "__main__":
    main()
