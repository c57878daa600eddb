"""loki.Agent: a Loki player for a match driven by public views of each hand, advise,
simulate, and the equivalence with loki's table (the same seeds give the same actions)."""

from __future__ import annotations

import json

import pytest

import loki


def play_records(records, kinds, seed, config):
    """Replays the deals of ``records`` (a match of ``loki.simulate``) with one
    ``loki.Agent`` per seat, seeded as ``loki simulate`` seeds its players, each asked at
    its turn with its public view only; returns the betting of each hand."""
    agents = [
        loki.Agent(k, seed=loki.player_seed(seed, 0, s), config=config) for s, k in enumerate(kinds)
    ]
    bettings = []
    for rec in records:
        seats = list(rec.seats)
        state = loki.HandState(config)
        for p, h in enumerate(rec.hole):
            state.deal_hole(p, h)
        actions: list[str] = []
        while state.phase != "complete":
            if state.phase == "deal_board":
                k = len(state.board)
                state.deal_board(rec.board[k : 3 if k == 0 else k + 1])
                continue
            p = state.to_act
            a = agents[seats[p]].act(p, rec.hole[p], state.board, actions, seats=seats)
            assert a in state.legal_actions()
            state.apply(a)
            actions.append(a)
        showdown = state.result["showdown"]
        holes = [h if showdown and state.is_live(p) else None for p, h in enumerate(rec.hole)]
        for p in range(config.seats):
            agents[seats[p]].end_hand(
                actions, state.board, holes, position=p, hole=rec.hole[p], seats=seats
            )
        bettings.append(state.record().betting)
    return bettings, agents


@pytest.mark.parametrize(
    "kinds,hands", [(["POKI", "SOM"], 200), (["POKI", "LOKI2", "GOM"], 100)]
)
def test_a_match_through_agents_is_the_match_on_lokis_table(kinds, hands):
    seed = 1998
    config = loki.GameConfig(len(kinds))
    records = loki.simulate(",".join(kinds), hands, seed)
    assert len(records) == hands
    bettings, agents = play_records(records, kinds, seed, config)
    differ = [i for i, (r, b) in enumerate(zip(records, bettings)) if r.betting != b]
    assert differ == [], f"hands {differ[:5]} differ: {records[differ[0]].betting} vs {bettings[differ[0]]}"
    # the match is not trivial: raises, folds and showdowns
    text = "".join(bettings)
    assert "r" in text and "f" in text and any(r.ranks and any(r.ranks) for r in records)
    assert all(a.hands == hands for a in agents)


def test_the_learned_state_is_the_tables_players_state():
    """After the same hands, an agent's opponent statistics and generator are those of
    the table's player: a seed or an observation off would show."""
    kinds, seed = ["LOKI2", "SOM"], 7
    config = loki.GameConfig(2)
    records = loki.simulate("LOKI2,SOM", 60, seed)
    _, agents = play_records(records, kinds, seed, config)
    state = json.loads(agents[0].save_state())
    fresh = json.loads(loki.Agent("LOKI2", seed=loki.player_seed(seed, 0, 0)).save_state())
    assert state != fresh
    # the same hands again give the same learned state
    _, again = play_records(records, kinds, seed, config)
    assert again[0].save_state() == agents[0].save_state()


def test_act_returns_a_legal_action_and_keeps_models_across_hands():
    agent = loki.Agent("POKI", seats=2, seed=3)
    assert (agent.kind, agent.seats, agent.seed) == ("POKI", 2, 3)
    assert repr(agent) == "Agent(kind='POKI', seats=2, seed=3)"
    # heads-up position 1 is the button and acts first pre-flop
    a = agent.act(1, "AsAd", betting="")
    assert a in ("call", "raise")
    assert agent.legal_actions() == ["fold", "call", "raise"]
    trace = agent.trace()
    assert trace["action"] == a and trace["hole"] == "AsAd" and trace["round"] == "preflop"
    before = agent.save_state()
    # the opponent re-raises; a new view of the same hand continues it
    agent.act(1, "AsAd", None, "rr")
    agent.act(1, "AsAd", "2c7d9h", "rrrc/r")
    agent.end_hand("rrrc/rc/cc/cc", "2c7d9hTsJs", ["KdKs", None])
    assert agent.hands == 1 and agent.decisions == 3
    assert agent.save_state() != before
    # a new hand (other cards) starts by itself
    agent.act(0, "7c2d", None, "r")
    assert agent.hands == 1
    agent.end_hand()
    assert agent.hands == 2


def test_a_flat_action_list_is_split_into_rounds_by_the_rules():
    a = loki.Agent("SOM", seats=2)
    b = loki.Agent("SOM", seats=2)
    for betting in (["c", "c"], ["call", "check"]):
        assert a.act(0, "QhQd", "2c7d9h", betting, hand=len(betting[0])) == b.act(
            0, "QhQd", "2c7d9h", "cc/", hand=len(betting[0])
        )
    s = a.hand_state()
    assert s is not None and s.round == "flop" and s.to_act == 0 and s.hole_cards[1] is None


def test_bad_views_raise_agent_errors():
    agent = loki.Agent("SOM", seats=3)
    with pytest.raises(loki.AgentError, match="not to act"):
        agent.act(1, "AsKd")  # position 2 acts first pre-flop
    with pytest.raises(loki.AgentError, match="position must be 0 to 2, got 5"):
        agent.act(5, "AsKd")
    with pytest.raises(loki.AgentError, match="seats"):
        agent.act(2, "AsKd", seats=[0, 0, 1])
    with pytest.raises(loki.AgentError, match="does not replay"):
        agent.act(2, "AsKd", None, "ffr")
    with pytest.raises(loki.LokiError):
        agent.act(0, "AsKd", "AsQc3d", "rcc/")  # a card twice
    with pytest.raises(loki.AgentError, match="NOBODY"):
        loki.Agent("NOBODY")
    with pytest.raises(loki.ConfigError):
        loki.Agent("SOM", seats=3, config=loki.GameConfig(2))
    assert isinstance(loki.AgentError("x"), ValueError)


def test_simple_players_and_every_loki_kind_play():
    for kind in ("BPM", "SOM", "GOM", "LOKI2", "POKI", "call", "raise", "random"):
        agent = loki.Agent(kind, seats=4, seed=1)
        assert agent.act(2, "9s9h") in ("fold", "call", "raise")
    assert loki.Agent("call").trace() is None and loki.Agent("call").save_state() is None


def test_profiles_are_saved_and_loaded_in_the_acpc_clients_format(tmp_path):
    path = tmp_path / "profiles.sqlite"
    names = ["alice", "loki"]
    config = loki.GameConfig(2)
    records = loki.simulate("raise,SOM", 40, 5)
    agent = loki.Agent("SOM", config=config, profiles=path, names=names)
    for rec in records:
        seats = list(rec.seats)
        me = seats.index(1)
        rounds = loki.parse_betting(rec.betting)
        shown = list(rec.hole) if any(r is not None for r in rec.ranks) else None
        agent.end_hand(rec.betting, rec.board[: (0, 3, 4, 5)[len(rounds) - 1]], shown,
                       position=me, hole=rec.hole[me], seats=seats)
    assert agent.hands == 40 and agent.take_warnings() == []
    assert path.stat().st_size > 0
    learned = json.loads(agent.save_state())
    # a new agent with the same profiles starts from what was saved about alice
    again = loki.Agent("SOM", config=config, profiles=path, names=names)
    fresh = loki.Agent("SOM", config=config)
    again.act(1, "2c7d", seats=[0, 1])
    fresh.act(1, "2c7d", seats=[0, 1])
    assert again.save_state() != fresh.save_state()
    assert learned


def test_advise_is_the_trace_of_loki_advise():
    t = loki.advise(seats=3, position=0, hole="AdQc", board="3h4cJh", betting="rcc/", player="POKI")
    assert isinstance(t, dict) and t["action"]
    assert t == loki.advise(3, 0, "AdQc", "3h4cJh", "rcc/", "POKI")
    # the same decision as an agent seeing the same hand
    agent = loki.Agent("POKI", seats=3)
    a = agent.act(0, "AdQc", "3h4cJh", "rcc/")
    assert agent.trace()["action"] == t["action"] == a
    with pytest.raises(loki.AgentError, match="betting"):
        loki.advise(3, 1, "AdQc", betting="")


def test_settings_name_the_sources_configuration():
    """``settings="paper"`` is the sources' own configuration (as ``--config paper``);
    another bare word is not TOML and names no built-in configuration."""
    loki.Agent("SOM", seats=2, settings="paper")
    loki.Agent("SOM", seats=2, settings=" Paper ")
    loki.Agent("SOM", seats=2, settings="default")
    with pytest.raises(loki.ConfigError):
        loki.Agent("SOM", seats=2, settings="papr")
    from loki.env import SingleAgentEnv

    env = SingleAgentEnv(opponents=["SOM"], settings="paper", seed=3)
    obs, info = env.reset(seed=3)
    for _ in range(50):
        legal = [i for i, ok in enumerate(info["action_mask"]) if ok]
        obs, reward, terminated, truncated, info = env.step(legal[-1])
        if terminated:
            obs, info = env.reset()
