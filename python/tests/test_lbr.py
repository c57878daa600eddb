"""loki.local_best_response: LBR against a policy written in Python, asked for every
holding through the observations of loki.env. Policies whose best response is known give
the values of docs/exploitability.md; errors name what is wrong and a policy's own
exception comes back as it was raised."""

from __future__ import annotations

import numpy as np
import pytest

import loki


lbr = loki.local_best_response


def constant(row):
    return lambda obs, masks: np.tile(np.asarray(row, float), (len(obs), 1))


def uniform(obs, masks):
    """Uniform over the legal actions (``random``)."""
    return masks.astype(float)


def test_a_policy_that_folds_to_every_bet_loses_what_the_rules_give():
    # a fold when checking is free counts as a check: LBR raises, the policy folds,
    # 0.75 small bets every hand (the fold-to-bet test of crates/exploit)
    r = lbr(constant([1, 0, 0]), hands=200, seed=3, name="folder")
    assert (r["sb_per_hand"], r["ci95"], r["player"], r["hands"]) == (0.75, 0.0, "folder", 200)


def test_a_policy_that_always_calls_nears_its_best_response():
    # the exact best response against `call` is 1.1635 sb/hand (docs/exploitability.md)
    r = lbr(constant([0, 1, 0]), hands=600, seed=1998)
    assert r["sb_per_hand"] + r["ci95"] >= 0.8 * 1.1635 and r["sb_per_hand"] - r["ci95"] <= 1.1635
    assert r == lbr(constant([0, 5, 0]), hands=600, seed=1998, name="policy")


def test_against_a_uniform_random_policy_lbr_reaches_80_percent_of_the_best_response():
    # the exact best response against `random` is 3.4663 sb/hand (docs/exploitability.md)
    r = lbr(uniform, hands=600, seed=1998)
    assert r["sb_per_hand"] + r["ci95"] >= 0.8 * 3.4663 and r["sb_per_hand"] - r["ci95"] <= 3.4663
    # the reduced estimate (the policy's own draws and the board's luck taken out)
    # agrees with the plain one within both intervals
    d = r["reduced"]
    assert d["ci95"] > 0
    assert abs(d["sb_per_hand"] - r["sb_per_hand"]) < d["ci95"] + r["ci95"]
    one = lbr(lambda o, m: m.astype(float), hands=40, seed=4)
    assert one == lbr(lambda o, m: m.astype(float), hands=40, seed=4, batched=False)


def test_the_policy_sees_the_observations_of_loki_env_one_row_per_holding():
    from loki.env import OBSERVATION_FIELDS, OBSERVATION_SIZE

    seen = []

    def policy(obs, masks):
        assert obs.dtype == np.float32 and obs.shape[1] == OBSERVATION_SIZE and masks.shape == (len(obs), 3)
        seen.append((obs.copy(), masks.copy()))
        return np.tile([0.0, 1.0, 0.0], (len(obs), 1))

    lbr(policy, hands=4, seed=2)
    assert seen
    hole = OBSERVATION_FIELDS["hole"]
    for obs, masks in seen:
        holes = {tuple(np.flatnonzero(o[hole])) for o in obs}
        # every row a different holding of two cards, the rest of the view the same
        assert len(holes) == len(obs) > 900 and all(len(h) == 2 for h in holes)
        rest = np.delete(obs, np.arange(hole.start, hole.stop), axis=1)
        assert (rest == rest[0]).all() and (masks == masks[0]).all()
        # no holding shares a card with the board
        board = np.flatnonzero(obs[0][52:208]) % 52
        assert not any(set(h) & set(board) for h in holes)
    f = OBSERVATION_FIELDS
    chips = np.r_[f["contributions"], f["pot"], f["to_call"]]
    scaled = []
    lbr(lambda o, m: scaled.append(o[:, chips].max()) or np.tile([0, 1, 0], (len(o), 1)), hands=4, seed=2, chips="scaled")
    assert 0 < max(scaled) <= 1.0


def test_errors_name_what_is_wrong():
    with pytest.raises(TypeError, match="callable"):
        lbr(None)
    with pytest.raises(loki.LokiError, match="hands"):
        lbr(constant([0, 1, 0]), hands=0)
    with pytest.raises(loki.LokiError, match=r"shape"):
        lbr(lambda o, m: np.zeros((len(o), 2)), hands=2)
    with pytest.raises(loki.LokiError, match="finite"):
        lbr(lambda o, m: np.full((len(o), 3), np.nan), hands=2)
    with pytest.raises(loki.LokiError, match="no legal action"):
        lbr(lambda o, m: np.zeros((len(o), 3)), hands=2)
    with pytest.raises(loki.LokiError, match="chips"):
        lbr(uniform, chips="big")
    with pytest.raises(TypeError, match="batched"):
        lbr(uniform, batched="yes")

    class Mine(Exception):
        pass

    def broken(obs, masks):
        raise Mine("my policy failed")

    with pytest.raises(Mine, match="my policy failed"):
        lbr(broken, hands=2)
