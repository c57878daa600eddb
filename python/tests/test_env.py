"""loki.env: the PettingZoo and Gymnasium environments pass their libraries' own
checkers; their hands are loki's table's (the same seeds give the hands of
loki.simulate); the observation tensor, the information-state string and the mask say
what the seat may know and nothing more; the vector environment steps many tables."""

from __future__ import annotations

import numpy as np
import pytest

import loki

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from loki.env import (  # noqa: E402
    OBSERVATION_FIELDS,
    OBSERVATION_SIZE,
    LokiEnv,
    LokiPolicy,
    SingleAgentEnv,
    VectorEnv,
    parse_info_state,
)


def shown(state: loki.HandState):
    """The holdings shown at the showdown of a finished hand, by position."""
    if not state.result["showdown"]:
        return None
    return [h if state.is_live(p) else None for p, h in enumerate(state.hole_cards)]


@pytest.mark.parametrize("seats,players", [(2, None), (3, None), (4, [None, "SOM", None, "BPM"])])
def test_pettingzoo_api_test(seats, players):
    from pettingzoo.test import api_test

    api_test(LokiEnv(seats, players=players, seed=seats), num_cycles=300, verbose_progress=False)


def test_gymnasium_check_env():
    from gymnasium.utils.env_checker import check_env

    check_env(SingleAgentEnv(["SOM"]), skip_render_check=True)
    check_env(SingleAgentEnv(["BPM", "SOM"], seat=1), skip_render_check=True)


def test_lokienv_hands_are_the_hands_of_simulate():
    """Three Loki players driven through the AEC loop by what each seat sees (LokiPolicy
    over the info) play the hands of loki.simulate with the same seeds, to the chip."""
    seed, kinds, hands = 7, ["SOM", "BPM", "LOKI2"], 40
    records = loki.simulate(kinds, hands, seed)
    env = LokiEnv(3, seed=seed)
    policies = [LokiPolicy(k, 3, seed=loki.player_seed(seed, 0, s)) for s, k in enumerate(kinds)]
    for h in range(hands):
        env.reset()
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            seat = int(agent.split("_")[1])
            if term or trunc:
                assert reward == pytest.approx(records[h].net[records[h].seats.index(seat)] / 2)
                policies[seat].end_hand(info, shown(env.hand_state()))
                env.step(None)
                continue
            action = policies[seat].action(info)
            assert obs["action_mask"][action] == 1
            env.step(action)
        state = env.hand_state()
        assert state.record().betting == records[h].betting
        assert [str(h) for h in state.hole_cards] == [str(h) for h in records[h].hole]


def test_single_agent_env_rewards_are_the_seats_results_in_simulate():
    """The learner's seat played by a Loki player against SOM: every hand of
    loki.simulate, one hand per episode, each episode's reward the seat's net in that
    hand; the hands SOM ends alone (folding to the learner's blind) reported by
    ``reset``'s info and never added to an episode's reward."""
    seed, hands = 11, 60
    records = loki.simulate(["GOM", "SOM"], hands + 5, seed)
    env = SingleAgentEnv(["SOM"], seat=0, seed=seed)
    me = LokiPolicy("GOM", 2, seed=loki.player_seed(seed, 0, 0))
    obs, info = env.reset()
    skipped_total = info["skipped_hands"]
    total = info["skipped_reward"]
    done_hands = 0
    while env._table.hands <= hands:
        obs, reward, terminated, truncated, info = env.step(me.action(info))
        if terminated:
            me.end_hand(info, shown(env.hand_state()))
            dealt = env._table.hands
            # the episode's reward is this hand's net alone
            assert reward == pytest.approx(records[dealt - 1].net[records[dealt - 1].seats.index(0)] / 2)
            total += reward
            assert total == pytest.approx(sum(r.net[r.seats.index(0)] for r in records[:dealt]) / 2)
            done_hands = dealt
            assert env.hand_state().record().betting == records[dealt - 1].betting
            obs, info = env.reset()
            skipped_total += info["skipped_hands"]
            total += info["skipped_reward"]
            # a skipped hand's reward is the learner's net of the hands dealt meanwhile
            skipped = records[dealt : env._table.hands - 1]
            assert info["skipped_hands"] == len(skipped)
            assert info["skipped_reward"] == pytest.approx(sum(r.net[r.seats.index(0)] for r in skipped) / 2)
    assert done_hands >= hands and total != 0
    assert skipped_total > 0, "the seed must give hands SOM ends alone"


def test_observation_says_what_the_seat_may_know():
    env = LokiEnv(3, seed=5)
    rng = np.random.default_rng(5)
    checked = 0
    for _ in range(30):
        env.reset()
        for agent in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            x = obs["observation"]
            assert x.shape == (OBSERVATION_SIZE,) and x.dtype == np.float32
            state = env.hand_state()
            seat = int(agent.split("_")[1])
            p = info["seats"].index(seat)
            own = state.hole_cards[p]
            # cards: our two, the board by round, and nothing else
            assert sorted(np.flatnonzero(x[OBSERVATION_FIELDS["hole"]])) == sorted([int(c) for c in own.cards])
            board = [int(c) for c in state.board]
            planes = np.concatenate([x[OBSERVATION_FIELDS[k]] for k in ("flop", "turn", "river")])
            assert sorted(np.flatnonzero(planes) % 52) == sorted(board)
            assert np.flatnonzero(x[OBSERVATION_FIELDS["flop"]]).tolist() == sorted(board[:3])
            assert x[OBSERVATION_FIELDS["position"]].tolist().index(1.0) == p
            assert x[OBSERVATION_FIELDS["seated"]].sum() == 3
            assert x[OBSERVATION_FIELDS["live"]][:3].tolist() == [float(state.is_live(q)) for q in range(3)]
            assert x[OBSERVATION_FIELDS["round"]].tolist().index(1.0) == ["preflop", "flop", "turn", "river"].index(state.round)
            bet = x[OBSERVATION_FIELDS["betting"]].reshape(4, 10, 3)
            acts = [e for e in state.events if e["type"] == "action"]
            assert bet.sum() == len(acts)
            for a in acts:
                assert bet[["preflop", "flop", "turn", "river"].index(a["round"]), a["position"], ["fold", "call", "raise"].index(a["action"])] >= 1
            assert x[OBSERVATION_FIELDS["pot"]][0] == state.pot / 2
            assert x[OBSERVATION_FIELDS["to_call"]][0] == state.amount_to_call(p) / 2
            assert x[OBSERVATION_FIELDS["contributions"]][:3].tolist() == [c / 2 for c in state.contributions]
            assert not x[OBSERVATION_FIELDS["stacks"]].any()  # no stacks in this game
            # the mask is the legal actions; the info-state string is the seat's own view
            assert [bool(m) for m in obs["action_mask"]] == [a in state.legal_actions() for a in ("fold", "call", "raise")]
            position, betting, hole, board_text = parse_info_state(info["info_state"])
            assert (position, hole, board_text) == (p, str(own), "".join(str(c) for c in state.board))
            replayed = loki.replay(betting, [str(h) for h in state.hole_cards], state.board, state.config)
            assert replayed.to_act == p and replayed.pot == state.pot
            for other in info["info_state"].split(":")[2].split("/")[0].split("|"):
                assert other in ("", str(own))
            checked += 1
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert checked > 60


def test_stacks_in_the_observation():
    config = loki.GameConfig(2, stacks=[9, 40])
    env = LokiEnv(config=config, seed=3)
    env.reset()
    obs, *_ = env.last()
    state = env.hand_state()
    x = obs["observation"]
    assert x[OBSERVATION_FIELDS["stacks"]][:2].tolist() == [s / 2 for s in state.stacks]


def test_reset_with_a_seed_repeats_and_the_button_moves():
    env = LokiEnv(2, seed=0)
    env.reset(seed=42)
    first = env.infos["player_0"]["info_state"], env.infos["player_0"]["seats"]
    env.reset()
    second = env.infos["player_0"]["seats"]
    env.reset(seed=42)
    assert (env.infos["player_0"]["info_state"], env.infos["player_0"]["seats"]) == first
    assert second == first[1][::-1]


def test_illegal_actions_are_refused_and_nothing_moves():
    env = SingleAgentEnv(["SOM"], seed=1)
    obs, info = env.reset()
    before = env.hand_state().events
    mask = obs["action_mask"]
    with pytest.raises(loki.LokiError):
        env.step(7)
    if not mask[0]:
        with pytest.raises(loki.IllegalActionError):
            env.step(0)
    assert env.hand_state().events == before


def random_actions(rng, mask):
    return (rng.random(mask.shape) * mask).argmax(axis=1)


def test_vector_env_steps_many_tables():
    v = VectorEnv(64, seats=3, seed=9)
    obs, mask, seats = v.reset()
    assert obs.shape == (64, OBSERVATION_SIZE) and mask.shape == (64, 3) and seats.shape == (64,)
    rng = np.random.default_rng(1)
    ended_total, totals = 0, np.zeros(3)
    for _ in range(200):
        obs, mask, seats, rewards, ended = v.step(random_actions(rng, mask))
        assert rewards.shape == (64, 3) and rewards.dtype == np.float32
        # a hand's rewards are zero-sum and only where a hand ended
        assert np.allclose(rewards.sum(axis=1), 0, atol=1e-5)
        assert ended.dtype == np.uint32 and not rewards[ended == 0].any()
        # after a hand ends the next one is dealt: pre-flop, no board
        fresh = obs[ended > 0]
        assert (fresh[:, OBSERVATION_FIELDS["round"]][:, 0] == 1).all()
        assert not fresh[:, OBSERVATION_FIELDS["flop"]].any()
        assert (mask.sum(axis=1) >= 1).all()
        ended_total += int(ended.sum())
        totals += rewards.sum(axis=0)
    assert ended_total > 500 and abs(totals.sum()) < 1e-3


def test_vector_env_is_seeded_and_its_tables_differ():
    def run(seed):
        v = VectorEnv(8, seed=seed)
        obs, mask, _ = v.reset()
        rng = np.random.default_rng(0)
        out = [obs]
        for _ in range(30):
            obs, mask, *_ = v.step(random_actions(rng, mask))
            out.append(obs)
        return np.stack(out)

    a, b, c = run(3), run(3), run(4)
    assert np.array_equal(a, b) and not np.array_equal(a, c)
    assert len({a[0, i].tobytes() for i in range(8)}) == 8


def test_vector_env_against_loki_players_and_its_errors():
    v = VectorEnv(16, seed=2, players=[None, "SOM"])
    obs, mask, seats = v.reset()
    assert (seats == 0).all()
    rng = np.random.default_rng(2)
    for _ in range(50):
        obs, mask, seats, rewards, ended = v.step(random_actions(rng, mask))
        assert (seats == 0).all() and np.allclose(rewards[:, 0], -rewards[:, 1])
    with pytest.raises(loki.LokiError, match="one action per table"):
        v.step([1, 1])
    with pytest.raises(loki.LokiError, match=r"actions\[0\] must be 0 to 2, got 5"):
        v.step(np.full(16, 5))
    before = v.reset()[0]
    bad = np.ones(16, dtype=np.int64)
    bad[3] = 0 if not mask[3][0] else 1
    if not mask[3][0]:
        with pytest.raises(loki.IllegalActionError, match="table 3"):
            v.step(bad)
        assert np.array_equal(v.reset()[0], before)
    with pytest.raises(loki.LokiError, match="tables must be 1 to"):
        VectorEnv(0)
    with pytest.raises(loki.AgentError, match="every seat is a Loki player"):
        VectorEnv(2, players=["SOM", "SOM"])
    with pytest.raises(loki.ConfigError, match="players has 3 entries for 2 seats"):
        VectorEnv(2, seats=2, players=[None, "SOM", "SOM"])


def test_lokipolicy_probabilities_and_actions():
    env = SingleAgentEnv(["SOM"], seed=4)
    me = LokiPolicy("LOKI2", 2, seed=4)
    obs, info = env.reset()
    for _ in range(40):
        p = me.probabilities(info)
        assert p.shape == (3,) and p.sum() == pytest.approx(1) and (p[obs["action_mask"] == 0] == 0).all()
        a = me.action(info)
        assert p[a] > 0
        obs, r, term, trunc, info = env.step(a)
        if term:
            me.end_hand(info, shown(env.hand_state()))
            obs, info = env.reset()
