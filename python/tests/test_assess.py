"""Hand assessment against weight tables: every public.json case, the paper's Table 1,
range tables, income rates, and the errors."""

from __future__ import annotations

import math

import numpy as np
import pytest

import loki
from conftest import weight_table


def close(got: float, want: float) -> bool:
    # public.json prints 6 decimals (the Rust golden test's tolerance).
    return abs(got - want) <= max(2e-6, 1e-9 * abs(want))


def test_weight_rules_match_the_fingerprints(public):
    for rule, fp in public["weight_rule_fingerprints"].items():
        w = weight_table(rule)
        assert close(float(w.sum()), fp["sum_of_1326_weights"]), rule
        for key, value in fp["samples"].items():
            assert abs(w[int(key.split()[0])] - value) <= 1e-6, (rule, key)


def test_every_public_case(public):
    """HS, HS_3, HP1/HP2, PPot/NPot and EHS of every case, as `loki assess` computes them."""
    assert len(public["cases"]) == 10
    for case in public["cases"]:
        hole, board = "".join(case["hole"]), "".join(case["board"])
        w = weight_table(case["weight_rule"])
        one = loki.assess(hole, board, w, opponents=1)
        three = loki.assess(hole, board, w, opponents=3)
        cid = case["id"]
        for key in ("ahead", "tied", "behind"):
            assert close(getattr(one.strength, key), case[key]), (cid, key)
        assert close(one.strength.total, case["total"]), cid
        assert close(one.hs, case["hs"]), cid
        assert close(three.hs_n, case["hs_n3"]), cid
        assert close(one.ehs, case["ehs_n1"]), cid
        assert close(three.ehs, case["ehs_n3"]), cid
        for n, pot in (("1", one.potential1), ("2", one.potential2)):
            if f"hp{n}" not in case:
                assert pot is None, (cid, n)
                continue
            assert pot is not None and pot.lookahead == int(n)
            assert pot.runouts == case[f"runouts{n}"], cid
            assert close(pot.ppot, case[f"ppot{n}"]), (cid, n)
            assert close(pot.npot, case[f"npot{n}"]), (cid, n)
            for got_row, want_row in zip(pot.hp, case[f"hp{n}"]):
                assert all(close(g, x) for g, x in zip(got_row, want_row)), (cid, n)
            assert all(close(g, x) for g, x in zip(pot.hp_total, case["hp_total"])), cid
            # the same table from the single-purpose functions
            p = loki.potential(hole, board, w, lookahead=int(n))
            assert p.hp == pot.hp and p.ppot == pot.ppot
        s = loki.hand_strength(hole, board, w)
        assert s.hs == one.hs and s.ahead == one.strength.ahead
        assert loki.hs_n(hole, board, [w, w, w]) == pytest.approx(three.hs_n, rel=1e-12)


def test_table_1_of_the_paper():
    """Billings et al. 1998, Table 1: Ad Qc on 3h 4c Jh against a uniform opponent."""
    a = loki.assess("AdQc", "3h4cJh")
    d = a.to_dict()
    assert (d["ahead"], d["tied"], d["behind"]) == (628.0, 9.0, 444.0)
    assert d["hp2"] == [[449005, 3211, 169504], [0, 8370, 540], [91981, 1036, 346543]]
    assert round(d["hs"], 3) == 0.585
    assert round(d["ppot2"], 3) == 0.208 and round(d["npot2"], 3) == 0.274
    assert set(d) == {
        "ahead", "tied", "behind", "hs", "hs_n", "ehs", "ehs_npot",
        "hp1", "ppot1", "npot1", "hp2", "ppot2", "npot2",
    }
    assert a.ehs == loki.ehs(a.hs_n, a.ppot)
    assert a.ehs_npot == loki.ehs_npot(a.hs_n, a.ppot, a.npot)
    assert set(loki.assess("AdQc", "3h4cJh5s").to_dict()) == {
        "ahead", "tied", "behind", "hs", "hs_n", "ehs", "ehs_npot", "hp1", "ppot1", "npot1",
    }


def test_preflop_strength_compares_two_card_hands():
    aa = loki.hand_strength("AsAd")
    # 1,225 live opponent holdings; only AhAc ties.
    assert (aa.ahead, aa.tied, aa.behind) == (1224.0, 1.0, 0.0)
    assert loki.assess("AsAd").ppot == 0.0


def test_weights_shape_the_result():
    w = np.zeros(1326)
    w[loki.HoleCards("KsKd").index] = 1.0  # the opponent holds exactly KK
    assert loki.hand_strength("AsAd", "2c7h9d", w).hs == 1.0
    assert loki.hand_strength("QsQd", "2c7h9d", w).hs == 0.0
    assert loki.hand_strength("QsQd", "2c7h9d", w.tolist()).hs == 0.0
    assert loki.hand_strength("QsQd", "2c7h9d", w.astype(np.float32)).hs == 0.0
    u = loki.uniform_weights()
    assert u.shape == (1326,) and loki.assess("AdQc", "3h4cJh", u).hs == loki.assess("AdQc", "3h4cJh").hs
    text = '{"KsKd": 0.5, "AhAc": 0}'
    j = loki.weights_from_json(text)
    assert j[loki.HoleCards("KdKs").index] == 0.5 and j[loki.HoleCards("AcAh").index] == 0.0
    assert j.sum() == 1326 - 1.5


@pytest.mark.parametrize(
    ("args", "exc", "message"),
    [
        (("AdQc", "3h4c"), loki.AssessError, "a board has 0, 3, 4 or 5 cards, got 2"),
        (("AdQc", "3h4cQc"), loki.AssessError, "duplicate card Qc"),
        (("AdQc", "3h4cJh", np.ones(1000)), loki.AssessError, "1,326 weights"),
        (("AdQc", "3h4cJh", np.full(1326, 1.5)), loki.AssessError, "outside \\[0, 1\\]"),
        (("AdQc", "3h4cJh", np.zeros(1326)), loki.AssessError, "no live opponent holding"),
        (("AdQc", "3h4cJh", "weights"), TypeError, "weight table"),
        (("AdQcKs", "3h4cJh"), loki.CardError, "expected 2 cards, found 3"),
    ],
)
def test_assessment_errors(args, exc, message):
    with pytest.raises(exc, match=message):
        loki.assess(*args)


def test_bad_lookahead_and_opponents():
    with pytest.raises(loki.AssessError, match="no 2-card lookahead with a board of 4"):
        loki.potential("AdQc", "3h4cJh5s", lookahead=2)
    with pytest.raises(loki.AssessError, match="lookahead"):
        loki.potential("AdQc", "3h4cJh", lookahead=3)
    with pytest.raises(loki.AssessError, match="opponents must be 1 to 22, got 0"):
        loki.assess("AdQc", "3h4cJh", opponents=0)
    with pytest.raises(loki.AssessError, match="bad number of opponents 0"):
        loki.hs_n("AdQc", "3h4cJh", [])


@pytest.mark.parametrize("board", ["3h4cJh", "5s4dKh", "3h4cJh5s", "3h4cJh5s9d"])
def test_range_table_equals_single_hand_assessment(board):
    table = loki.RangeTable(board)
    ehs = table.ehs_all()
    assert ehs.shape == (1326,)
    known = set(loki.card_indices(board))
    dead = [h.index for h in loki.HoleCards.all() if {c.index for c in h.cards} & known]
    assert np.isnan(ehs[dead]).all() and len(dead) == 1326 - math.comb(52 - len(known), 2)
    rng = np.random.default_rng(len(board))
    live = [h for h in loki.HoleCards.all() if h.index not in set(dead)]
    for h in rng.choice(len(live), 12, replace=False):
        hole = live[h]
        a = loki.assess(hole, board)
        assert table.hs(hole) == pytest.approx(a.hs, abs=1e-12)
        assert table.ppot(hole) == pytest.approx(a.ppot, abs=1e-12)
        assert table.npot(hole) == pytest.approx(a.npot, abs=1e-12)
        assert table.ehs(hole) == pytest.approx(a.ehs, abs=1e-12)
        assert ehs[hole.index] == table.ehs(hole)
    assert table.ehs(dead[0]) is None


def test_range_table_counts_are_table_1():
    t = loki.RangeTable("3h4cJh")
    assert t.runouts == 990 and [str(c) for c in t.board] == ["3h", "4c", "Jh"]
    c = t.counts("AdQc")
    assert (c["ahead"], c["tied"], c["behind"]) == (628, 9, 444)
    assert c["hp"] == [[449005, 3211, 169504], [0, 8370, 540], [91981, 1036, 346543]]
    assert loki.RangeTable("3h4cJh5s").runouts == 44
    assert loki.RangeTable("3h4cJh5s9d").counts("AdQc") is None
    assert (loki.RangeTable("3h4cJh5s9d").ppot_all()[~np.isnan(loki.RangeTable("3h4cJh5s9d").ehs_all())] == 0).all()
    with pytest.raises(loki.AssessError, match="a board has"):
        loki.RangeTable("3h4c")


def test_income_rates():
    """The compiled tables: the checksum and values of the Rust tests, Papp's ordering."""
    assert sum(float(loki.income_rates(s).sum()) for s in range(2, 11)) == pytest.approx(98474.3, abs=1e-6)
    assert loki.income_rate(7, "AA") == 2050
    assert loki.income_rate(7, "72o") == -499
    assert loki.income_rate(2, "32o") == -353
    assert loki.income_rate(7, loki.HoleCards("AsAd")) == 2050
    with pytest.raises(loki.AssessError, match="seats must be 2 to 10, got 1"):
        loki.income_rate(1, "AA")
    hands = loki.StartingHand.all()
    for seats in range(2, 11):
        t = loki.income_rates(seats)
        assert t.shape == (169,)
        assert str(hands[int(np.argmax(t))]) == "AA"
        worst = str(hands[int(np.argmin(t))])
        if seats >= 5:
            assert worst == "72o", seats
        elif seats <= 3:
            assert worst == "32o", seats
        for s in hands:
            # Rust rounds half away from zero (T9o at 5 seats is 126.5 -> 127)
            x = float(t[s.index])
            assert loki.income_rate(seats, s) == int(math.copysign(math.floor(abs(x) + 0.5), x))
    with pytest.raises(loki.AssessError, match="seats must be 2 to 10, got 11"):
        loki.income_rates(11)
