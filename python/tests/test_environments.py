"""The Python poker libraries the agent adapters target, installed from PyPI (pinned in
python/requirements-test.txt): each plays one hand with random actions, and where the
rules meet loki's, loki's engine computes the same result."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

import loki


@pytest.mark.parametrize("players", [2, 3])
def test_rlcard_limit_holdem_one_random_hand(players):
    import rlcard
    from rlcard.agents import RandomAgent
    from rlcard.models.limitholdem_rule_models import LimitholdemRuleAgentV1

    env = rlcard.make("limit-holdem", config={"seed": 7, "game_num_players": players})
    assert env.num_players == players and env.num_actions == 4
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(players)])
    trajectories, payoffs = env.run(is_training=False)
    assert len(payoffs) == players and abs(float(np.sum(payoffs))) < 1e-9
    # the rule agent the match examples play against takes the raw state
    rule = LimitholdemRuleAgentV1()
    state, player = env.reset()
    while not env.is_over():
        if player == 0:
            action = rule.eval_step(state)[0]
        else:
            action = random.Random(player).choice(list(state["raw_legal_actions"]))
        state, player = env.step(action, raw_action=True)
    assert abs(float(np.sum(env.get_payoffs()))) < 1e-9


def test_pettingzoo_texas_holdem_v4_one_random_hand():
    from pettingzoo.classic import texas_holdem_v4

    env = texas_holdem_v4.env()
    env.reset(seed=11)
    rng = np.random.default_rng(11)
    rewards = {a: 0.0 for a in env.possible_agents}
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        rewards[agent] += reward
        if terminated or truncated:
            action = None
        else:
            mask = obs["action_mask"]
            assert mask.shape == (4,) and mask.any()
            action = int(rng.choice(np.flatnonzero(mask)))
            steps += 1
        env.step(action)
    env.close()
    assert steps >= 1 and abs(sum(rewards.values())) < 1e-9


def _random_openspiel_hand(game, rng):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_openspiel_universal_poker_from_loki_game_definitions():
    """OpenSpiel reads loki's ACPC game definition; loki's engine replays each random hand
    (its ACPC state) to the same returns."""
    import pyspiel
    from open_spiel.python.algorithms import evaluate_bots
    from open_spiel.python.bots import uniform_random

    for name in ("holdem.limit.2p.reverse_blinds", "holdem.limit.3p"):
        text = loki.acpc_game(name)
        game = pyspiel.universal_poker.load_universal_poker_from_acpc_gamedef(text)
        params = pyspiel.load_game("universal_poker", {
            "betting": "limit", "numPlayers": game.num_players(), "numRounds": 4,
            "blind": " ".join(map(str, loki.acpc_game_config(text).blinds)),
            "raiseSize": "10 10 20 20", "firstPlayer": "2 1 1 1" if game.num_players() == 2 else "3 1 1 1",
            "maxRaises": "3 4 4 4", "numSuits": 4, "numRanks": 13, "numHoleCards": 2,
            "numBoardCards": "0 3 1 1",
        })
        assert params.num_distinct_actions() == game.num_distinct_actions()
        config = loki.acpc_game_config(text)
        rng = np.random.default_rng(5)
        for _ in range(20):
            state = _random_openspiel_hand(game, rng)
            line = re.search(r"ACPC State: (STATE:\S+)", str(state)).group(1)
            _, _, betting, cards = line.split(":")
            holes, *board = cards.split("/")
            replayed = loki.replay(betting, holes.split("|"), "".join(board), config)
            assert replayed.result["net"] == [round(x) for x in state.returns()], line
        bots = [uniform_random.UniformRandomBot(i, np.random.RandomState(i)) for i in range(game.num_players())]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(0))
        assert abs(sum(returns)) < 1e-9


def test_pokerkit_fixed_limit_one_random_hand_and_loki_histories():
    """PokerKit 0.7.7 plays a random hand, and replays a PHH hand written by loki to the
    same finishing stacks."""
    import pokerkit
    from pokerkit import Automation, FixedLimitTexasHoldem, HandHistory

    assert pokerkit.__name__ == "pokerkit"
    state = FixedLimitTexasHoldem.create_state(
        (
            Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
            Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
            Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
            Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
        ),
        True, 0, (1, 2), 2, 4, 200, 2,
    )
    rng = random.Random(3)
    while state.status:
        choices = [a for a, ok in (
            ("fold", state.can_fold()), ("call", state.can_check_or_call()),
            ("raise", state.can_complete_bet_or_raise_to()),
        ) if ok]
        pick = rng.choice(choices)
        if pick == "fold":
            state.fold()
        elif pick == "call":
            state.check_or_call()
        else:
            state.complete_bet_or_raise_to()
    assert sum(state.stacks) == 400

    hand = loki.replay("crrcc/rcc/ccc/rrcc", ["AsKd", "7c2h", "QhQd"], "3h4cJh5s9d", loki.GameConfig(3)).record()
    pk = HandHistory.loads(hand.to_phh())
    final = list(pk)[-1]
    assert list(final.stacks) == hand.finishing_stacks
