"""The adapters against the real libraries (installed from python/requirements-test.txt):
RLCard's limit-holdem, PettingZoo's texas_holdem_v4, OpenSpiel's universal_poker and
PokerKit's FixedLimitTexasHoldem. Matches are scaled down (the full ones are
python/examples/, their results in docs/python.md); a sign is asserted only where the
margin is many standard errors."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

import loki

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


# ----- RLCard -----


def test_importing_loki_imports_no_library():
    import subprocess

    code = "import loki, sys; print(sorted(m for m in ('rlcard', 'pyspiel', 'pokerkit', 'pettingzoo') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_rlcard_rounds_and_seating_follow_rlcards_rules():
    from loki.rlcard import rlcard_card, rlcard_game, rlcard_rounds, rlcard_seating

    assert rlcard_card("SA") == "As" and rlcard_card("HT") == "Th" and rlcard_card("C2") == "2c"
    # heads-up: a call and a check end a round; a raise counts as one quiet action
    rec = [(1, "call"), (0, "check"), (1, "check"), (0, "raise"), (1, "call"), (0, "check")]
    assert rlcard_rounds(rec, 2) == [rec[:2], rec[2:5], rec[5:]]
    # three players: a round needs three checks and calls, a fold counting none
    rec3 = [(0, "fold"), (1, "call"), (2, "check"), (1, "check")]
    assert rlcard_rounds(rec3, 3) == [rec3, []]
    # the first to act pre-flop is the small blind heads-up (loki position 1), else the
    # player after the big blind
    assert rlcard_seating(2, 1) == [0, 1] and rlcard_seating(2, 0) == [1, 0]
    assert rlcard_seating(4, 3) == [1, 2, 3, 0]
    g = rlcard_game(2)
    assert (g.small_blind, g.big_blind, g.small_bet, g.big_bet, g.max_raises, g.postflop_first) == (1, 2, 2, 4, 4, 1)
    assert rlcard_game(6).postflop_first is None


def test_rlcard_betting_is_turned_into_lokis_order_of_play():
    from loki.rlcard import rlcard_game, rlcard_line

    g = rlcard_game(2)
    board = ["2c", "7d", "9h"]
    # the button (RLCard player 1, loki position 1) calls, the big blind raises, the
    # button calls: RLCard lets the big blind, the last raiser, act first on the flop,
    # where loki (heads-up, the small blind first after the flop) has the button first.
    pre = [(1, "call"), (0, "raise"), (1, "call")]
    # the big blind bets first in RLCard: in loki's order the button checks, then it bets
    line = rlcard_line(g, [0, 1], 0, "AsKd", board, pre + [(0, "raise")])
    assert "".join(line.actions) == "crc" + "cr"
    # the big blind checks first in RLCard: loki waits for the button's action
    line = rlcard_line(g, [0, 1], 1, "AsKd", board, pre + [(0, "check")])
    assert "".join(line.actions) == "crc" and line.state.to_act == 1
    # then the button checks too: the round is over in both
    line = rlcard_line(g, [0, 1], 1, "AsKd", board + ["Ts"], pre + [(0, "check"), (1, "check")])
    assert "".join(line.actions) == "crc" + "cc" and line.state.round == "turn"
    # a fourth pre-flop raise (RLCard allows four after the blind) replays in loki's game
    line = rlcard_line(g, [0, 1], 1, "AsKd", [], [(1, "raise"), (0, "raise"), (1, "raise"), (0, "raise")])
    assert "".join(line.actions) == "rrrr" and line.state.legal_actions() == ["fold", "call"]


def _rlcard_env(players: int, seed: int):
    import rlcard

    return rlcard.make("limit-holdem", config={"seed": seed, "game_num_players": players})


@pytest.mark.parametrize("kind", ["POKI", "SOM"])
def test_rlcard_heads_up_beats_the_random_agent_and_plays_the_rule_agent(kind):
    """A scaled-down rlcard_match.py: duplicate pairs, seats swapped."""
    sys.path.insert(0, str(EXAMPLES))
    try:
        from rlcard_match import match
    finally:
        sys.path.pop(0)
    r = match(kind, "random", 200, seed=21)
    assert r["hands"] == 200
    # about +2 bb/hand against random play at 200 hands is several intervals above zero
    assert r["bb_per_hand"] - r["ci95"] > 0, r
    r = match(kind, "rule", 100, seed=22)
    assert r["hands"] == 100 and np.isfinite(r["bb_per_hand"])


@pytest.mark.parametrize("players", [3, 6, 10])
def test_rlcard_multiway_hands_are_always_legal(players):
    from rlcard.agents import RandomAgent

    from loki.rlcard import LokiAgent

    env = _rlcard_env(players, 30 + players)
    np.random.seed(players)
    poki = LokiAgent("POKI", players, seed=1)
    som = LokiAgent("SOM", players, seed=2)
    env.set_agents([poki, som] + [RandomAgent(num_actions=4) for _ in range(players - 2)])
    total = np.zeros(players)
    for _ in range(12):
        _, payoffs = env.run(is_training=False)  # an illegal action raises in RLCard
        poki.end_hand(env)
        som.end_hand(env)
        total += payoffs
    assert abs(total.sum()) < 1e-9
    assert poki.agent.hands == 12 and som.agent.hands == 12
    assert poki.agent.decisions > 0 and som.agent.decisions > 0


def test_rlcard_agent_interface():
    from loki.rlcard import LokiAgent

    env = _rlcard_env(2, 4)
    agent = LokiAgent("SOM", 2)
    assert agent.use_raw is True
    state, player = env.reset()
    action, info = agent.eval_step(state)
    assert action in state["raw_legal_actions"]
    assert set(info["probs"]) == set(state["raw_legal_actions"]) and sum(info["probs"].values()) == pytest.approx(1)
    assert info["probs"][action] > 0
    assert agent.step(state) in state["raw_legal_actions"]
    assert agent.agent.decisions == 2 and agent.agent.hands == 0  # the same hand, asked twice


def test_rlcard_eval_step_probs_through_a_match():
    """eval_step's probs are the player's: every action it plays has a positive
    probability, LOKI2 mixes, and the probabilities leave the play unchanged (the same
    match with step alone plays the same actions)."""
    from loki.rlcard import LokiAgent

    def run(with_probs):
        env = _rlcard_env(2, 21)
        loki2 = LokiAgent("LOKI2", 2, seed=5)
        actions, mixed = [], 0
        for _ in range(40):
            state, player = env.reset()
            while not env.is_over():
                if player == 0:
                    if with_probs:
                        a, info = loki2.eval_step(state)
                        assert info["probs"][a] > 0 and sum(info["probs"].values()) == pytest.approx(1)
                        mixed += sum(0 < p < 1 for p in info["probs"].values()) > 0
                    else:
                        a = loki2.step(state)
                    actions.append(a)
                else:
                    a = sorted(state["raw_legal_actions"])[len(actions) % len(state["raw_legal_actions"])]
                state, player = env.step(a, raw_action=True)
            loki2.end_hand(env, 0)
        return actions, mixed

    with_probs, mixed = run(True)
    assert with_probs == run(False)[0] and mixed > 0


# ----- PettingZoo -----


def test_pettingzoo_policy_plays_texas_holdem_v4_within_the_action_mask():
    from pettingzoo.classic import texas_holdem_v4

    from loki.pettingzoo import LokiPolicy, record

    env = record(texas_holdem_v4.env())
    poki = LokiPolicy(env, "POKI", seed=3)
    rng = np.random.default_rng(4)
    total = {a: 0.0 for a in env.possible_agents}
    for hand in range(60):
        env.reset(seed=100 + hand)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            total[agent] += reward
            if terminated or truncated:
                action = None
            elif agent == "player_0":
                probs = poki.probabilities(obs, agent)
                action = poki(obs, agent)
                assert obs["action_mask"][action] == 1 and probs[action] > 0
                assert probs.sum() == pytest.approx(1) and not probs[obs["action_mask"] == 0].any()
            else:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
        poki.end_hand(0)
    env.close()
    assert poki.agent.hands == 60 and poki.agent.decisions > 60
    assert abs(sum(total.values())) < 1e-9
    # against random play the loki player wins (rewards are RLCard's, in big blinds)
    assert total["player_0"] > 0


# ----- OpenSpiel -----


def test_openspiel_bot_gives_its_policy():
    """step_with_policy: a distribution over the legal actions whose action is the bot's
    (drawn from it), for a mixing player too; the same hands played with step alone play
    the same actions."""
    from loki.openspiel import LokiBot, loki_game

    game = loki_game(2)

    def run(with_policy):
        bot = LokiBot(game, 0, "LOKI2", seed=4)
        assert bot.provides_policy()
        rng = np.random.RandomState(7)
        played, mixed = [], 0
        for _ in range(30):
            state = game.new_initial_state()
            bot.restart_at(state)
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes())
                    state.apply_action(int(rng.choice(outcomes, p=probs)))
                elif state.current_player() == 0:
                    if with_policy:
                        policy, action = bot.step_with_policy(state)
                        p = dict(policy)
                        assert sorted(p) == sorted(state.legal_actions()) and sum(p.values()) == pytest.approx(1)
                        assert p[action] > 0
                        mixed += any(0 < q < 1 for q in p.values())
                    else:
                        action = bot.step(state)
                    played.append(action)
                    state.apply_action(action)
                else:
                    state.apply_action(int(rng.choice(state.legal_actions())))
            bot.end_hand(state)
        return played, mixed

    with_policy, mixed = run(True)
    assert with_policy == run(False)[0] and mixed > 0


@pytest.mark.parametrize("players", [2, 3])
def test_openspiel_bot_plays_universal_poker_with_evaluate_bots(players):
    from open_spiel.python.algorithms import evaluate_bots
    from open_spiel.python.bots import uniform_random

    from loki.openspiel import LokiBot, acpc_view, loki_game

    game = loki_game(players)
    assert game.num_players() == players
    bot = LokiBot(game, 0, "POKI", seed=2)
    assert bot.config == loki.acpc_game_config(loki.acpc_game(
        "holdem.limit.2p.reverse_blinds" if players == 2 else f"holdem.limit.{players}p"))
    rng = np.random.RandomState(players)
    total = np.zeros(players)
    for hand in range(20):
        others = [uniform_random.UniformRandomBot(p, np.random.RandomState(hand * 10 + p)) for p in range(1, players)]
        state = game.new_initial_state()
        total += evaluate_bots.evaluate_bots(state, [bot] + others, rng)  # an illegal action raises
        betting, holes, board = acpc_view(state)
        assert loki.replay(betting, holes, board, bot.config).result["net"] == [round(x) for x in state.returns()]
        if hand % 2:
            bot.end_hand(state)  # else the next hand ends it as last seen
    assert abs(total.sum()) < 1e-6
    assert bot.agent.hands >= 19 and bot.agent.decisions >= 20


def test_openspiel_match_beats_the_uniform_random_bot():
    sys.path.insert(0, str(EXAMPLES))
    try:
        from openspiel_match import match
    finally:
        sys.path.pop(0)
    # POKI: its edge over the random bot is about +3 bb/hand, clear in 200 hands
    # (SOM's, about +0.8, needs more).
    r = match("POKI", 200, seed=5)
    assert r["hands"] == 200 and r["bb_per_hand"] - r["ci95"] > 0, r


# ----- PokerKit -----

def _pokerkit_state(players: int, stacks: int = 400):
    from pokerkit import Automation, FixedLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
    )
    return FixedLimitTexasHoldem.create_state(automations, True, 0, (1, 2), 2, 4, stacks, players)


def test_pokerkit_game_is_lokis_game_of_the_state():
    from loki.pokerkit import pokerkit_game

    g = pokerkit_game(_pokerkit_state(2))
    assert (g.seats, g.small_blind, g.big_blind, g.small_bet, g.big_bet, g.max_raises) == (2, 1, 2, 2, 4, 4)
    assert g.stacks == [400, 400] and g.blinds == [2, 1]  # heads-up: position 0 posts the big blind
    assert pokerkit_game(_pokerkit_state(3)).blinds == [1, 2, 0]


@pytest.mark.parametrize("players", [2, 3, 6])
def test_pokerkit_player_acts_in_fixed_limit_states(players):
    import random

    from loki.pokerkit import LokiPlayer, _dealt, pokerkit_game, pokerkit_view

    poki = LokiPlayer("POKI", seed=1)
    rng = random.Random(players)
    net = 0
    for hand in range(15):
        state = _pokerkit_state(players, stacks=60)  # short stacks: all-ins and side pots too
        while state.status:
            if state.actor_index is None:
                break
            if state.actor_index == 0:
                op = poki.act(state)
                assert type(op).__name__ in ("Folding", "CheckingOrCalling", "CompletionBettingOrRaisingTo")
            else:
                choices = [m for m, ok in (("fold", state.can_fold()), ("check_or_call", state.can_check_or_call()),
                           ("complete_bet_or_raise_to", state.can_complete_bet_or_raise_to())) if ok]
                getattr(state, rng.choice(choices))()
        poki.end_hand(state, 0)
        net += state.stacks[0] - 60
        # loki's engine (the agent's game) replays PokerKit's hand to the same stacks
        actions, board = pokerkit_view(state)
        replayed = loki.replay(actions, _dealt(state), board, poki.config)
        assert replayed.result["finishing_stacks"] == list(state.stacks), (actions, board)
        assert poki.agent.hands == hand + 1
    assert poki.agent.decisions >= 15
    assert poki.config == pokerkit_game(_pokerkit_state(players, stacks=60))


# ----- the examples -----


def test_the_training_loop_and_batch_examples_run(monkeypatch, capsys):
    sys.path.insert(0, str(EXAMPLES))
    try:
        import batch_equity
        import train_against_loki
    finally:
        sys.path.pop(0)
    monkeypatch.setattr(sys, "argv", ["train", "--hands", "100", "--block", "50"])
    train_against_loki.main()
    out = capsys.readouterr().out
    assert out.count("learner") == 2 and "against SOM" in out
    batch_equity.main()
    out = capsys.readouterr().out
    assert "pair             0.4386" in out and "equity 0.43" in out


def test_the_training_example_in_loki_env_learns_and_plots(monkeypatch, capsys, tmp_path):
    """The loki.env training example, scaled down: its blocks print, its curve is a PNG,
    and the learner's policy moved away from uniform (it learned something)."""
    pytest.importorskip("matplotlib")
    pytest.importorskip("gymnasium")
    sys.path.insert(0, str(EXAMPLES))
    try:
        import train_in_loki_env
    finally:
        sys.path.pop(0)
    png = tmp_path / "curve.png"
    argv = ["train", "--hands", "600", "--tables", "32", "--block", "200", "--lr", "0.01", "--plot", str(png)]
    monkeypatch.setattr(sys, "argv", argv)
    train_in_loki_env.main()
    out = capsys.readouterr().out
    assert out.count("big blinds per hand") == 3 and f"learning curve: {png}" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000


def test_the_ppo_example_trains_evaluates_and_measures_lbr(monkeypatch, capsys):
    """The NumPy PPO example, scaled down (against BPM, a few thousand hands): its blocks,
    the frozen policy's result and its LBR print."""
    pytest.importorskip("gymnasium")
    sys.path.insert(0, str(EXAMPLES))
    try:
        import ppo_against_loki
    finally:
        sys.path.pop(0)
    argv = ["ppo", "--hands", "3000", "--tables", "32", "--opponent", "BPM", "--block", "1000",
            "--hidden", "16", "--eval-hands", "300", "--lbr-hands", "20"]
    monkeypatch.setattr(sys, "argv", argv)
    ppo_against_loki.main()
    out = capsys.readouterr().out
    assert out.count("last 1,000") == 3
    assert "frozen policy against BPM" in out and "LBR against it" in out
