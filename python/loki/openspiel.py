"""loki's players as OpenSpiel bots for ``universal_poker`` limit hold'em (OpenSpiel 2.0.2).

The game is built from loki's own ACPC game definition, so OpenSpiel plays exactly
loki's game (blinds, bet sizes, raise caps, who acts first; loki's engine replays
OpenSpiel's hands to the same returns), and OpenSpiel's player ``p`` is loki's
position ``p``:

    import pyspiel
    from loki.openspiel import LokiBot, loki_game
    game = loki_game(2)   # holdem.limit.2p.reverse_blinds: blinds 10/5, bets 10/20
    bots = [LokiBot(game, 0, "POKI"), uniform_random.UniformRandomBot(1, rng)]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    bots[0].end_hand(state)   # optional: the showdown and the actions after its last turn

Actions are OpenSpiel's 0 = fold, 1 = check/call, 2 = bet/raise. The bot reads the
betting and its own cards from the state's ``ACPC State`` line. Importing this module
imports ``pyspiel``; importing ``loki`` does not.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

import pyspiel

import loki

_ACPC = re.compile(r"ACPC State: STATE:\d+:([^:\s]*):(\S+)")
_INDEX = {"fold": 0, "call": 1, "raise": 2}


def loki_gamedef(players: int) -> str:
    """loki's ACPC game definition for ``players`` (2: ``holdem.limit.2p.reverse_blinds``,
    3 to 10: ``holdem.limit.Np``)."""
    name = "holdem.limit.2p.reverse_blinds" if players == 2 else f"holdem.limit.{players}p"
    return loki.acpc_game(name)


def loki_game(players: int = 2) -> Any:
    """OpenSpiel's ``universal_poker`` game of loki's ACPC game definition."""
    return pyspiel.universal_poker.load_universal_poker_from_acpc_gamedef(loki_gamedef(players))


def acpc_view(state: Any) -> tuple[str, list[str], str]:
    """The betting, the hole cards by position (``""`` where not dealt) and the board of
    a ``universal_poker`` state, from its ``ACPC State`` line."""
    m = _ACPC.search(str(state))
    if m is None:
        raise loki.AgentError("not a universal_poker state (no ACPC State line)")
    betting, cards = m.group(1), m.group(2)
    holes, *board = cards.split("/")
    return betting, holes.split("|"), "".join(board)


class LokiBot(pyspiel.Bot):
    """A loki player (``kind``, ``seed`` and the other ``loki.Agent`` arguments, or an
    ``agent`` to share) as the ``pyspiel.Bot`` of ``player_id`` in a ``universal_poker``
    game built from loki's game definition (``gamedef``: its text; by default loki's
    game for the game's number of players). It keeps its opponent models across the
    hands it plays; ``seats`` (the table seat at each position) keeps opponents apart
    when they change places between hands."""

    def __init__(
        self,
        game: Any,
        player_id: int,
        kind: str = "POKI",
        seed: int = 0,
        *,
        gamedef: str | None = None,
        agent: "loki.Agent | None" = None,
        seats: Sequence[int] | None = None,
        **agent_args: Any,
    ):
        pyspiel.Bot.__init__(self)
        n = game.num_players()
        self.config = loki.acpc_game_config(gamedef or loki_gamedef(n))
        self.agent = agent or loki.Agent(kind, seed=seed, config=self.config, **agent_args)
        self.player_id = player_id
        self.seats = list(seats) if seats is not None else None
        self._hand = 0
        self._done = True

    def restart_at(self, state: Any) -> None:
        """A new hand: the previous one ends as last seen (unless ``end_hand`` ended it)."""
        if not self._done:
            self.agent.end_hand()
        self._hand += 1
        self._done = False

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Others' actions are read from the state at the bot's turn."""

    def step(self, state: Any) -> int:
        """The bot's action (0 fold, 1 check/call, 2 bet/raise), always legal."""
        if self._done:
            self.restart_at(state)
        betting, holes, board = acpc_view(state)
        me = self.player_id
        a = self.agent.act(me, holes[me], board, betting, seats=self.seats, hand=self._hand)
        legal = state.legal_actions()
        action = _INDEX[a]
        return action if action in legal else 1

    def provides_policy(self) -> bool:
        """The bot gives its policy (``step_with_policy``)."""
        return True

    def step_with_policy(self, state: Any) -> tuple[list[tuple[int, float]], int]:
        """The bot's policy over the legal actions, ``[(action, probability)]`` (the
        player's ``[fold, call, raise]``, an action OpenSpiel does not allow counted as a
        call), and the action it plays, drawn from it."""
        if self._done:
            self.restart_at(state)
        betting, holes, board = acpc_view(state)
        me = self.player_id
        p = self.agent.policy(me, holes[me], board, betting, seats=self.seats, hand=self._hand)
        legal = state.legal_actions()
        probs = {a: 0.0 for a in legal}
        for action, q in enumerate(p):
            probs[action if action in legal else 1] += q
        return sorted(probs.items()), self.step(state)

    def end_hand(self, state: Any) -> None:
        """After the hand (``state`` terminal): the agent sees the whole hand, the cards
        shown at a showdown, and ends it."""
        betting, holes, board = acpc_view(state)
        me = self.player_id
        replayed = loki.replay(betting, holes, board, self.config)
        shown = None
        if replayed.result["showdown"]:
            shown = [h if replayed.is_live(p) else None for p, h in enumerate(holes)]
        self.agent.end_hand(
            betting, board, shown, position=me, hole=holes[me], seats=self.seats, hand=self._hand
        )
        self._done = True
