"""loki's players as policies for PettingZoo's ``texas_holdem_v4`` (PettingZoo 1.27.0).

``texas_holdem_v4`` is RLCard's ``limit-holdem`` (``loki.rlcard`` describes how its rules
differ from loki's and how the adapter follows them); its actions are 0 = call, 1 = raise,
2 = fold, 3 = check, with ``obs['action_mask']``. Its observations hold the cards (hole
and board in one plane) and the raise counts, not the betting, so the environment is
wrapped by :func:`record`, a PettingZoo wrapper that keeps what every seat could see at
the table through PettingZoo's own API: each agent's cards at the start of the hand (its
hole cards, the board being empty), the actions as they are played, and, at a showdown,
the holdings of the players still in. The policy reads only that; nothing of RLCard.
(For loki's own game, ``loki.env`` has an environment whose info says everything.)
Importing this module does not import PettingZoo; :func:`record` does.

    from pettingzoo.classic import texas_holdem_v4
    env = record(texas_holdem_v4.env())
    poki = LokiPolicy(env, "POKI")
    ...  action = poki(obs, agent)  # for the agent it plays, in env.agent_iter()
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .rlcard import RLCARD_ACTIONS, LokiAgent

PETTINGZOO_ACTIONS = RLCARD_ACTIONS
"""``texas_holdem_v4``'s action indices: 0 call, 1 raise, 2 fold, 3 check."""

_RANKS = "23456789TJQKA"
_RLCARD_SUITS = "SHDC"  # RLCard's card planes: spades, hearts, diamonds, clubs by 13


def plane_cards(plane: Any) -> list[str]:
    """The cards set in a ``texas_holdem_v4`` card plane (52 entries, RLCard's order:
    suits S, H, D, C, ranks A, 2 .. K within each), in RLCard's text (``"SA"``)."""
    out = []
    for i in np.flatnonzero(np.asarray(plane)[:52]):
        suit, rank = divmod(int(i), 13)
        out.append(_RLCARD_SUITS[suit] + "A23456789TJQK"[rank])
    return out


def record(env: Any) -> Any:
    """``env`` (a ``texas_holdem_v4`` AEC environment) wrapped so that loki's policies can
    follow the hand: the wrapper's ``table_record()`` gives the hole cards dealt, the
    board so far and the actions played (RLCard player id, raw action)."""
    from pettingzoo.utils import BaseWrapper

    class ActionRecord(BaseWrapper):
        """A ``texas_holdem_v4`` environment that keeps each hand's public record."""

        def reset(self, seed: int | None = None, options: dict | None = None) -> None:
            super().reset(seed=seed, options=options)
            self.actions: list[tuple[int, str]] = []
            self.holes = {a: plane_cards(self.observe(a)["observation"]) for a in self.agents}

        def step(self, action: Any) -> None:
            agent = self.agent_selection
            if action is not None and not (self.terminations.get(agent) or self.truncations.get(agent)):
                self.actions.append((int(agent.rsplit("_", 1)[1]), PETTINGZOO_ACTIONS[int(action)]))
            super().step(action)

        def table_record(self, agent: str) -> dict[str, Any]:
            """What ``agent`` has seen: its hole cards, the board, the actions."""
            cards = plane_cards(self.observe(agent)["observation"])
            hole = self.holes[agent]
            return {"hand": hole, "public_cards": [c for c in cards if c not in hole], "actions": list(self.actions)}

    return ActionRecord(env)


class LokiPolicy:
    """A loki player (``kind``, ``seed`` and the other ``loki.Agent`` arguments) as a
    policy for a ``texas_holdem_v4`` environment wrapped by :func:`record`:
    ``policy(obs, agent)`` returns the action index, always allowed by
    ``obs['action_mask']``; ``probabilities(obs, agent)`` the probability of each of the
    four actions, without acting. The player keeps its opponent models across the
    environment's hands (opponents known by their ``player_N`` numbers); call
    ``end_hand(agent)`` once a hand is over (all agents terminated) to let it see the
    whole hand and the cards shown."""

    def __init__(self, env: Any, kind: str = "POKI", seed: int = 0, **agent_args: Any):
        if not hasattr(env, "table_record"):
            raise TypeError("wrap the environment first: LokiPolicy(loki.pettingzoo.record(env), ...)")
        self.env = env
        self.num_players = len(env.possible_agents)
        self.rlcard = LokiAgent(kind, self.num_players, seed, **agent_args)

    @property
    def agent(self):
        """The ``loki.Agent`` behind the policy."""
        return self.rlcard.agent

    def _state(self, observation: dict[str, Any], agent: str) -> tuple[dict[str, Any], int]:
        seen = self.env.table_record(agent)
        mask = np.asarray(observation["action_mask"])
        legal = [PETTINGZOO_ACTIONS[i] for i in np.flatnonzero(mask)]
        raw = {"hand": seen["hand"], "public_cards": seen["public_cards"], "legal_actions": legal}
        player = int(agent.rsplit("_", 1)[1])
        return {"raw_obs": raw, "raw_legal_actions": legal, "action_record": seen["actions"]}, player

    def __call__(self, observation: dict[str, Any], agent: str) -> int:
        state, player = self._state(observation, agent)
        index = PETTINGZOO_ACTIONS.index(self.rlcard.step(state, player))
        mask = observation["action_mask"]
        if not mask[index]:
            index = next(i for i in (3, 0, 2, 1) if mask[i])
        return index

    def probabilities(self, observation: dict[str, Any], agent: str) -> np.ndarray:
        """The probability of each of the four actions (0 where the mask forbids it)."""
        state, player = self._state(observation, agent)
        probs = self.rlcard.probabilities(state, player)
        out = np.zeros(len(PETTINGZOO_ACTIONS))
        for name, p in probs.items():
            out[PETTINGZOO_ACTIONS.index(name)] += p
        return out

    def end_hand(self, agent: str | int) -> None:
        """After a hand: shows the player the whole hand (the actions, the board and, at a
        showdown, the holdings of the players still in) and ends it. ``agent``: the
        ``player_N`` it played (or N)."""
        name = agent if isinstance(agent, str) else f"player_{agent}"
        seen = self.env.table_record(name)
        holes = {int(a.rsplit("_", 1)[1]): h for a, h in self.env.holes.items()}
        me = int(name.rsplit("_", 1)[1])
        self.rlcard.end_hand_from(seen["actions"], seen["hand"], seen["public_cards"], holes, me)
