"""loki's Rust vector environment behind Gymnasium 1.x's vector API: ``make_vec`` with the
``vector_entry_point`` mode, batched spaces, seeding, same-step autoreset, one hand per
episode (the hands the Loki players finish alone reported apart, never in a reward), and
the rewards those of ``loki.VectorEnv`` played with the same actions."""

from __future__ import annotations

import numpy as np
import pytest

import loki

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium  # noqa: E402
from gymnasium.vector import AutoresetMode  # noqa: E402

from loki.vector import SingleAgentVectorEnv  # noqa: E402


def random_actions(rng, mask):
    return (rng.random(mask.shape) * mask).argmax(axis=1)


def test_make_vec_gives_the_rust_tables_with_gymnasium_spaces():
    envs = gymnasium.make_vec("loki/HeadsUp-v0", num_envs=16, vectorization_mode="vector_entry_point", seed=3)
    assert isinstance(envs, gymnasium.vector.VectorEnv) and isinstance(envs, SingleAgentVectorEnv)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert envs.num_envs == 16 and envs.action_space.shape == (16,)
    obs, infos = envs.reset(seed=3)
    assert envs.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    for _ in range(300):
        obs, rewards, term, trunc, infos = envs.step(random_actions(rng, obs["action_mask"]))
        assert envs.observation_space.contains(obs)
        assert rewards.shape == term.shape == trunc.shape == (16,) and not trunc.any()
        # rewards only where a hand ended, and every table has a legal action next
        assert not rewards[~term].any()
        assert (obs["action_mask"].sum(axis=1) >= 1).all()
    table = gymnasium.make_vec("loki/Table-v0", num_envs=2, vectorization_mode="vector_entry_point",
                               opponents=["BPM", "BPT"], chips="scaled")
    obs, _ = table.reset(seed=1)
    assert table.observation_space.contains(obs) and obs["observation"].max() <= 1


def test_rewards_are_the_vector_envs_split_by_hand():
    """Played with the same actions, the episodes' rewards plus the skipped hands'
    rewards are, step by step, what ``loki.VectorEnv.step`` gives the seat."""
    seed, n = 21, 32
    envs = SingleAgentVectorEnv(n, ["SOM"], seed=seed)
    raw = loki.VectorEnv(n, seed=seed, players=[None, "SOM"])
    obs, infos = envs.reset()
    carried = infos["skipped_reward"].copy()
    _, raw_mask, _ = raw.reset()
    rng = np.random.default_rng(4)
    skipped = episodes = 0
    skipped_chips = 0.0
    for _ in range(200):
        assert np.array_equal(obs["action_mask"], raw_mask)
        a = random_actions(rng, obs["action_mask"])
        obs, rewards, term, trunc, infos = envs.step(a)
        raw_obs, raw_mask, _, raw_rewards, ended = raw.step(a)
        assert np.array_equal(obs["observation"], raw_obs)
        assert np.array_equal(term, ended > 0)
        total = rewards + infos["skipped_reward"] + carried
        assert np.allclose(total, raw_rewards[:, 0], atol=1e-5)
        carried[:] = 0
        skipped += infos["skipped_hands"].sum()
        skipped_chips += np.abs(infos["skipped_reward"]).sum()
        # a skipped hand's reward is given only with a skipped hand
        assert not infos["skipped_reward"][infos["skipped_hands"] == 0].any()
        episodes += term.sum()
    assert episodes > 100 and skipped > 0 and skipped_chips > 0


def test_seeds_reset_and_remap():
    a = SingleAgentVectorEnv(4, ["SOM"], seed=None)
    b = SingleAgentVectorEnv(4, ["SOM"], seed=None)
    assert a.table_seed != b.table_seed
    oa, _ = a.reset(seed=9)
    ob, _ = b.reset(seed=9)
    assert np.array_equal(oa["observation"], ob["observation"])
    a.reset()
    b.reset()
    assert a.table_seed == b.table_seed != 9  # drawn from the environment's own generator

    strict = SingleAgentVectorEnv(2, ["call"], seed=2)
    obs, _ = strict.reset()
    folds = np.zeros(2, np.int64)
    while obs["action_mask"][:, 0].all():
        obs, *_ = strict.step(np.ones(2, np.int64))
    with pytest.raises(loki.IllegalActionError):
        strict.step(folds)
    remap = SingleAgentVectorEnv(2, ["call"], seed=2, illegal="remap")
    obs, _ = remap.reset()
    while obs["action_mask"][:, 0].all():
        obs, *_ = remap.step(np.ones(2, np.int64))
    forbidden = obs["action_mask"][:, 0] == 0
    obs, r, term, trunc, infos = remap.step(folds)
    assert np.array_equal(infos["illegal_action"] == 0, forbidden)
    with pytest.raises(TypeError, match="actions"):
        remap.step(np.array([1.0, 1.0]))
    with pytest.raises(loki.LokiError, match="one action per table"):
        remap.step(np.ones(3, np.int64))
    with pytest.raises(TypeError, match="num_envs"):
        SingleAgentVectorEnv(None)
    with pytest.raises(loki.LokiError, match="illegal"):
        SingleAgentVectorEnv(2, illegal="penalize")
