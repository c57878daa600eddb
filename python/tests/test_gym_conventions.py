"""loki.env as standard RL libraries take it (Gymnasium's conventions): seeds from entropy
when none is given, ids registered under ``loki/`` with a spec, a bounded observation
space (chips optionally scaled into [0, 1]), ``action_masks()``, a usable mask at the end
of a hand, the ``illegal=`` options, one hand per episode, and errors that name the
parameter."""

from __future__ import annotations

import copy

import numpy as np
import pytest

import loki

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium  # noqa: E402

from loki.env import OBSERVATION_FIELDS, LokiEnv, SingleAgentEnv, observation_bounds  # noqa: E402


def first_states(env, n=8):
    """The information states of the learner's first decisions over ``n`` hands."""
    out = []
    obs, info = env.reset()
    for _ in range(n):
        out.append(info["info_state"])
        obs, info = env.reset()
    return out


def test_unseeded_envs_differ_and_a_seed_repeats():
    a, b = SingleAgentEnv(["SOM"]), SingleAgentEnv(["SOM"])
    assert a.table_seed != b.table_seed
    assert first_states(a) != first_states(b)
    a.reset(seed=5)
    b.reset(seed=5)
    assert first_states(a) == first_states(b)
    # reset(seed=s) reseeds: the same hands again
    a.reset(seed=5)
    s1 = first_states(a)
    a.reset(seed=5)
    assert first_states(a) == s1
    assert LokiEnv(2).table_seed != LokiEnv(2).table_seed


def test_registered_ids_with_a_spec_pass_the_checker():
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make("loki/HeadsUp-v0", opponent="BPM", seed=3)
    assert env.spec is not None and env.spec.id == "loki/HeadsUp-v0"
    assert env.unwrapped.illegal == "remap"
    check_env(env.unwrapped, skip_render_check=True)
    table = gymnasium.make("loki/Table-v0", opponents=["BPM", "SOM"], chips="scaled")
    assert table.unwrapped.seat == 0 and len(table.unwrapped._args[1]) == 3
    check_env(table.unwrapped, skip_render_check=True)
    assert gymnasium.make("loki/Table-v0").unwrapped._table.config.seats == 10


@pytest.mark.parametrize(
    "config,chips",
    [
        (None, "bb"),
        (None, "scaled"),
        ("ten", "bb"),
        ("ten", "scaled"),
        ("stacks", "bb"),
        ("stacks", "scaled"),
    ],
)
def test_every_observation_lies_in_the_bounded_space(config, chips):
    """Random play (raises favoured, to reach the caps) never leaves the space, and the
    bounds are finite; with ``chips="scaled"`` every chip field is in [0, 1]."""
    n = {None: 2, "ten": 10, "stacks": 3}[config]
    game = {
        None: None,
        "ten": loki.GameConfig(seats=10),
        "stacks": loki.GameConfig(seats=3, stacks=[60, 20, 200]),
    }[config]
    env = SingleAgentEnv(["random"] * (n - 1), config=game, seed=1, chips=chips)
    space = env.observation_space
    assert np.isfinite(space["observation"].high).all()
    rng = np.random.default_rng(2)
    obs, info = env.reset()
    top = np.zeros_like(obs["observation"])
    for _ in range(3000):
        assert space.contains(obs), obs
        top = np.maximum(top, obs["observation"])
        legal = np.flatnonzero(env.action_masks())
        a = 2 if 2 in legal and rng.random() < 0.8 else int(rng.choice(legal))
        obs, reward, terminated, truncated, info = env.step(a)
        if terminated:
            assert space.contains(obs)
            obs, info = env.reset()
    if chips == "scaled":
        for name in ("contributions", "pot", "to_call"):
            assert 0 < top[OBSERVATION_FIELDS[name]].max() <= 1
    else:
        assert top[OBSERVATION_FIELDS["pot"]].max() > 4


def test_bounds_follow_the_game():
    capped = observation_bounds(loki.GameConfig(seats=2))
    # one player's most: the big blind and four bets of every round, in big blinds
    assert capped[OBSERVATION_FIELDS["contributions"]][0] == pytest.approx((2 + 2 * 4 * (2 + 4)) / 2)
    assert capped[OBSERVATION_FIELDS["pot"]][0] == pytest.approx(2 * (2 + 2 * 4 * 6) / 2)
    stacked = observation_bounds(loki.GameConfig(seats=2, stacks=[30, 50]))
    assert stacked[OBSERVATION_FIELDS["contributions"]][0] == 25
    assert stacked[OBSERVATION_FIELDS["stacks"]][0] == stacked[OBSERVATION_FIELDS["pot"]][0] == 40
    assert (capped[OBSERVATION_FIELDS["stacks"]] == capped[OBSERVATION_FIELDS["contributions"]]).all()
    uncapped = observation_bounds(loki.GameConfig(seats=2, max_raises=None))
    assert np.isfinite(uncapped).all() and uncapped[OBSERVATION_FIELDS["contributions"]][0] == 1e6


def test_action_masks_and_the_mask_at_the_end_of_a_hand():
    env = SingleAgentEnv(["call"], seed=4)
    obs, info = env.reset()
    assert env.action_masks().dtype == bool
    assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
    obs, reward, terminated, truncated, info = env.step(0 if info["action_mask"][0] else 1)
    while not terminated:
        obs, reward, terminated, truncated, info = env.step(1)
    for mask in (obs["action_mask"], info["action_mask"], env.action_masks()):
        assert list(np.asarray(mask, int)) == [0, 1, 0]
    # a masked softmax over the terminal mask is finite
    logits = np.zeros(3)
    masked = np.where(env.action_masks(), logits, -np.inf)
    p = np.exp(masked - masked.max())
    assert np.isfinite(p / p.sum()).all()
    with pytest.raises(loki.LokiError, match="reset"):
        env.step(1)


def free_check(env):
    """Resets until the learner may check (a fold is illegal), and returns the info."""
    obs, info = env.reset()
    for _ in range(200):
        if not info["action_mask"][0]:
            return info
        obs, r, term, trunc, info = env.step(1)
        if term:
            obs, info = env.reset()
    raise AssertionError("no free check in 200 steps")


def test_illegal_raise_remap_and_penalize():
    strict = SingleAgentEnv(["call"], seed=8)
    free_check(strict)
    before = strict.hand_state().events
    with pytest.raises(loki.IllegalActionError):
        strict.step(0)
    assert strict.hand_state().events == before

    remap = SingleAgentEnv(["call"], seed=8, illegal="remap")
    free_check(remap)
    twin = copy.deepcopy(remap)
    a = remap.step(0)
    b = twin.step(1)
    assert a[4].pop("illegal_action") == 0
    assert np.array_equal(a[0]["observation"], b[0]["observation"]) and a[1:4] == b[1:4]

    pen = SingleAgentEnv(["call"], seed=8, illegal="penalize", illegal_penalty=-0.25)
    info = free_check(pen)
    before = pen.hand_state().events
    obs, reward, terminated, truncated, info2 = pen.step(0)
    assert (reward, terminated, info2["illegal_action"]) == (-0.25, False, 0)
    assert pen.hand_state().events == before and info2["info_state"] == info["info_state"]

    # a raise at the cap: remapped to a call
    capped = SingleAgentEnv(["raise"], seed=9, illegal="remap")
    obs, info = capped.reset()
    seen = False
    for _ in range(500):
        if not info["action_mask"][2]:
            events = len(capped.hand_state().events)
            obs, r, term, trunc, info = capped.step(2)
            assert info["illegal_action"] == 2 and len(capped.hand_state().events) > events
            seen = True
        else:
            obs, r, term, trunc, info = capped.step(2)
        if term:
            obs, info = capped.reset()
    assert seen


@pytest.mark.parametrize(
    "make,exc,name",
    [
        (lambda: SingleAgentEnv([None]), TypeError, "opponents"),
        (lambda: SingleAgentEnv("SOM"), TypeError, "opponents"),
        (lambda: SingleAgentEnv([]), TypeError, "opponents"),
        (lambda: SingleAgentEnv(["SOM"], seat=1.5), TypeError, "seat"),
        (lambda: SingleAgentEnv(["SOM"], illegal="ignore"), loki.LokiError, "illegal"),
        (lambda: SingleAgentEnv(["SOM"], illegal_penalty="x"), TypeError, "illegal_penalty"),
        (lambda: SingleAgentEnv(["SOM"], chips="chips"), loki.LokiError, "chips"),
        (lambda: LokiEnv(None), TypeError, "seats"),
    ],
)
def test_bad_arguments_name_the_parameter(make, exc, name):
    with pytest.raises(exc, match=name):
        make()


@pytest.mark.parametrize("action", [1.7, True, "call", None, np.float32(1.0)])
def test_steps_that_are_not_action_numbers_are_refused(action):
    env = SingleAgentEnv(["SOM"], seed=1)
    env.reset()
    before = env.hand_state().events
    with pytest.raises(TypeError, match="action"):
        env.step(action)
    assert env.hand_state().events == before
    env.step(np.int64(1))


def test_a_shallow_copy_does_not_share_the_table():
    env = SingleAgentEnv(["SOM"], seed=2)
    env.reset()
    other = copy.copy(env)
    before = other.hand_state().events
    env.step(1)
    assert other.hand_state().events == before
