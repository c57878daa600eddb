"""loki's players as policies for PettingZoo's ``texas_holdem_v4`` (PettingZoo 1.27.0).

``texas_holdem_v4`` is RLCard's ``limit-holdem`` (``loki.rlcard`` describes how its rules
differ from loki's and how the adapter follows them); its actions are 0 = call, 1 = raise,
2 = fold, 3 = check, with ``obs['action_mask']``. Its observations hold only the cards and
the raise counts, so the policy reads the hand (the cards and the action record) from the
environment's RLCard environment. Importing this module does not import PettingZoo.

    from pettingzoo.classic import texas_holdem_v4
    env = texas_holdem_v4.env()
    poki = LokiPolicy(env, "POKI")
    ...  action = poki(obs, agent)  # for the agent it plays, in env.agent_iter()
"""

from __future__ import annotations

from typing import Any

from .rlcard import RLCARD_ACTIONS, LokiAgent

PETTINGZOO_ACTIONS = RLCARD_ACTIONS
"""``texas_holdem_v4``'s action indices: 0 call, 1 raise, 2 fold, 3 check."""


class LokiPolicy:
    """A loki player (``kind``, ``seed`` and the other ``loki.Agent`` arguments) as a
    policy for a ``texas_holdem_v4`` environment: ``policy(obs, agent)`` returns the
    action index, always allowed by ``obs['action_mask']``. The player keeps its opponent
    models across the environment's hands (opponents known by their agent names'
    ``player_N`` numbers); call ``end_hand()`` once a hand is over (all agents
    terminated) to let it see the whole hand and the cards shown."""

    def __init__(self, env: Any, kind: str = "POKI", seed: int = 0, **agent_args: Any):
        self.env = env
        self.num_players = len(env.possible_agents)
        self.rlcard = LokiAgent(kind, self.num_players, seed, **agent_args)

    @property
    def agent(self):
        """The ``loki.Agent`` behind the policy."""
        return self.rlcard.agent

    def _rlcard_env(self) -> Any:
        return self.env.unwrapped.env

    def __call__(self, observation: dict[str, Any], agent: str) -> int:
        player = int(agent.rsplit("_", 1)[1])
        state = self._rlcard_env().get_state(player)
        raw = self.rlcard.step(state)
        index = PETTINGZOO_ACTIONS.index(raw)
        mask = observation["action_mask"]
        if not mask[index]:
            index = next(i for i in (3, 0, 2, 1) if mask[i])
        return index

    def end_hand(self, player: int | None = None) -> None:
        """After a hand: shows the player the whole hand and ends it (``player``: its
        ``player_N`` number; by default the one it last played)."""
        self.rlcard.end_hand(self._rlcard_env(), player)
