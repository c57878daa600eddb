"""Every class of loki pickles, copies and deep-copies; a copied Agent, HandState, table
or vector environment goes on exactly as the original does."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

import loki

COPIES = [
    ("pickle", lambda x: pickle.loads(pickle.dumps(x))),
    ("copy", copy.copy),
    ("deepcopy", copy.deepcopy),
]


def values():
    """One value of every class of the package (a finished and an unfinished hand)."""
    state = loki.replay("crc/r", ["AsKd", "7c2h"], "3h4cJh")
    return [
        loki.Card("As"),
        loki.HoleCards("AsKd"),
        loki.StartingHand("AKs"),
        loki.GameConfig(3, 5, 10, 10, 20, max_raises=4, stacks=[100, 200, 300], postflop_first=1),
        state,
        loki.replay("crc/rc/cc/rc", ["AsKd", "7c2h"], "3h4cJh5s9d"),
        loki.simulate(["SOM", "BPM"], 2, seed=3)[1],
        loki.hand_strength("AdQc", "3h4cJh"),
        loki.potential("AdQc", "3h4cJh"),
        loki.assess("AdQc", "3h4cJh", opponents=3),
        loki.assess("AdQc"),
        loki.RangeTable("3h4cJh5s"),
        loki.Agent("SOM", seats=2, seed=1),
        loki.VectorEnv(3, seed=1),
    ]


def same(a, b) -> bool:
    """Whether two values of one class are equal in everything they show."""
    assert type(a) is type(b)
    if isinstance(a, (loki.Card, loki.HoleCards, loki.StartingHand, loki.GameConfig)):
        return a == b
    if isinstance(a, loki.HandState):
        return (a.events, a.phase, a.to_act, a.result, a.config) == (b.events, b.phase, b.to_act, b.result, b.config)
    if isinstance(a, loki.HandRecord):
        return (a.to_phh(), a.to_acpc(), a.seats, a.names, a.hand_number, a.events) == (
            b.to_phh(), b.to_acpc(), b.seats, b.names, b.hand_number, b.events)
    if isinstance(a, (loki.HandStrength, loki.Potential, loki.Assessment)):
        return repr(a) == repr(b) and (not hasattr(a, "to_dict") or a.to_dict() == b.to_dict()) and (
            not hasattr(a, "hp") or (a.hp, a.hp_total, a.runouts, a.lookahead) == (b.hp, b.hp_total, b.runouts, b.lookahead))
    if isinstance(a, loki.RangeTable):
        return np.array_equal(a.ehs_all(), b.ehs_all(), equal_nan=True) and np.array_equal(a.ppot_all(), b.ppot_all(), equal_nan=True)
    if isinstance(a, loki.Agent):
        return (a.kind, a.seed, a.config, a.save_state(), a.hands, a.decisions) == (b.kind, b.seed, b.config, b.save_state(), b.hands, b.decisions)
    if isinstance(a, loki.VectorEnv):
        return all(np.array_equal(x, y) for x, y in zip(a.reset(), b.reset()))
    raise AssertionError(f"no comparison for {type(a)}")


@pytest.mark.parametrize("how,dup", COPIES)
def test_every_class_copies(how, dup):
    for v in values():
        c = dup(v)
        assert same(v, c), (how, v)
        if not isinstance(v, (loki.Card, loki.HoleCards, loki.StartingHand, loki.GameConfig)):
            # mutable or heavy values: a new object
            assert c is not v or type(v).__name__ in ("HandStrength", "Potential", "Assessment", "RangeTable", "HandRecord")


@pytest.mark.parametrize("how,dup", COPIES)
def test_a_copied_hand_state_continues_exactly(how, dup):
    s = loki.HandState(loki.GameConfig(3, stacks=[7, 30, 30]))
    for p, h in enumerate(["AsKd", "7c2h", "QhQd"]):
        s.deal_hole(p, h)
    s.apply("raise")
    c = dup(s)
    board = ["3h", "4c", "Jh", "5s", "9d"]
    k = 0
    while s.phase != "complete":
        for x in (s, c):
            if x.phase == "deal_board":
                n = len(x.board)
                x.deal_board(board[n : 3 if n == 0 else n + 1])
            else:
                legal = x.legal_actions()
                x.apply(legal[k % len(legal)])
        k += 1
        assert same(s, c)
    assert s.result["net"] != [0, 0, 0] and same(s, c)
    d = dup(loki.replay("r", ["AsKd", "7c2h"]))
    d.apply("fold")
    assert not same(d, loki.replay("r", ["AsKd", "7c2h"]))  # the copy is its own


def test_a_hand_state_with_hidden_holdings_pickles_mid_showdown():
    s = loki.HandState()
    s2 = None
    # an agent's rebuilt hand hides the others' holdings; pickle it at each step
    a = loki.Agent("SOM", seats=2, seed=1)
    a.act(1, "AsKd", None, "")
    s2 = a.hand_state()
    assert same(s2, pickle.loads(pickle.dumps(s2)))
    assert s.phase == "deal_hole"


def play(agent, holes, board, betting_steps):
    """The agent's actions along a fixed line of views."""
    out = []
    for position, hole, cards, betting in betting_steps:
        out.append(agent.act(position, hole, cards, betting))
    return out


@pytest.mark.parametrize("kind", ["LOKI2", "POKI", "SOM", "random"])
@pytest.mark.parametrize("how,dup", COPIES)
def test_a_copied_agent_continues_exactly(kind, how, dup):
    """Copied in the middle of a hand (after hands that taught its models), the copy
    makes every later decision of the original, with the same traces and learned state."""
    records = loki.simulate(["SOM", "BPM"], 6, seed=5)
    a = loki.Agent(kind, seats=2, seed=9)

    def hand(agent, rec, until=None):
        """Plays seat 0's decisions of a recorded hand (the table's line) and ends it."""
        p = rec.seats.index(0)
        line, acts = [], []
        for r, round_ in enumerate(rec.actions):
            for q, act in round_:
                if q == p and (until is None or len(acts) < until):
                    board = rec.board[: (0, 3, 4, 5)[r]]
                    betting = "/".join("".join(x[0] for x in rr) for rr in line[:r]) + ("/" if r else "") + "".join(
                        x[0] for x in (line[r] if r < len(line) else []))
                    acts.append((agent.act(p, rec.hole[p], board, betting, hand=rec.hand_number), (agent.trace() or {}).get("triple")))
                while len(line) <= r:
                    line.append([])
                line[r].append(act)
        return acts

    def end(agent, rec):
        shown = [str(h) if r is not None else None for h, r in zip(rec.hole, rec.ranks)]
        showdown = len(rec.board) == 5 and sum(r is not None for r in rec.ranks) > 1
        p = rec.seats.index(0)
        agent.end_hand(rec.betting, rec.board, shown if showdown else None, position=p, hole=rec.hole[p], hand=rec.hand_number)

    for rec in records[:4]:
        hand(a, rec)
        end(a, rec)
    # mid-hand: one decision made, then copied
    rec = records[4]
    first = hand(a, rec, until=1)
    c = dup(a)
    assert same(a, c)
    rest_a = hand(a, rec)
    rest_c = hand(c, rec)
    assert rest_a == rest_c
    for x in (a, c):
        end(x, rec)
    assert same(a, c) and first
    assert hand(a, records[5]) == hand(c, records[5])


def test_an_agent_with_profiles_is_not_copied(tmp_path):
    a = loki.Agent("SOM", seats=2, profiles=tmp_path / "p.sqlite")
    with pytest.raises(TypeError, match="profiles"):
        pickle.dumps(a)
    with pytest.raises(TypeError, match="profiles"):
        copy.deepcopy(a)


@pytest.mark.parametrize("how,dup", COPIES)
def test_a_copied_vector_env_continues_exactly(how, dup):
    v = loki.VectorEnv(6, seats=3, seed=2, players=[None, "SOM", None])
    rng = np.random.default_rng(3)
    obs, mask, _ = v.reset()
    for _ in range(17):
        obs, mask, *_ = v.step((rng.random(mask.shape) * mask).argmax(1))
    c = dup(v)
    for _ in range(40):
        act = (rng.random(mask.shape) * mask).argmax(1)
        out_v, out_c = v.step(act), c.step(act)
        for x, y in zip(out_v, out_c):
            assert np.array_equal(x, y)
        mask = out_v[1]


def test_copied_environments_continue_exactly():
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    from loki.env import LokiEnv, SingleAgentEnv

    g = SingleAgentEnv(["SOM"], seed=6)
    obs, info = g.reset()
    g.step(1)
    h = copy.deepcopy(g)
    for a in [1, 2, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1]:
        ra, rb = g.step(a if info["action_mask"][a] else 1), h.step(a if info["action_mask"][a] else 1)
        assert np.array_equal(ra[0]["observation"], rb[0]["observation"]) and ra[1:4] == rb[1:4]
        info = ra[4]
        if ra[2]:
            g.reset(), h.reset()
    e = LokiEnv(2, players=[None, "POKI"], seed=1)
    e.reset()
    f = pickle.loads(pickle.dumps(e))
    assert e.infos == f.infos and np.array_equal(e.observe("player_0")["observation"], f.observe("player_0")["observation"])
