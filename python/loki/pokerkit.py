"""loki's players for PokerKit's ``FixedLimitTexasHoldem`` states (PokerKit 0.7.7).

PokerKit's player ``p`` is loki's position ``p`` (PokerKit, like loki, makes the first
player the big blind heads-up, the button the small blind acting first pre-flop).
``pokerkit_game(state)`` is the loki game of a state: its blinds, bet sizes and starting
stacks, and four raises in every round as PokerKit allows (the big blind not counted
pre-flop; loki's default game has a bet and three raises, the big blind being the
pre-flop bet), so a raise loki would make past PokerKit's cap becomes a call.

    player = LokiPlayer("POKI")
    while state.status:
        if state.actor_index == 0:
            player.act(state)          # applies fold(), check_or_call() or complete_bet_or_raise_to()
        else:
            ...
    player.end_hand(state)             # the showdown, for the models

Importing this module does not import PokerKit (a state is read through its attributes).
"""

from __future__ import annotations

from typing import Any, Sequence

import loki

METHODS = {"fold": "fold", "call": "check_or_call", "raise": "complete_bet_or_raise_to"}
"""The PokerKit method of each loki action."""


def pokerkit_card(card: Any) -> str:
    """A PokerKit card in loki's text (``"As"``)."""
    return f"{card.rank}{card.suit}"


def pokerkit_game(state: Any) -> "loki.GameConfig":
    """The loki game of a ``FixedLimitTexasHoldem`` state (see the module's notes)."""
    n = state.player_count
    blinds = [b for b in state.blinds_or_straddles if b]
    small, big = min(blinds), max(blinds)
    small_bet = state.streets[0].min_completion_betting_or_raising_amount
    big_bet = state.streets[-1].min_completion_betting_or_raising_amount
    cap = state.streets[0].max_completion_betting_or_raising_count
    return loki.GameConfig(n, small, big, small_bet, big_bet, max_raises=cap, stacks=list(state.starting_stacks))


def pokerkit_view(state: Any) -> tuple[list[str], list[str]]:
    """The actions so far (loki's letters) and the board of a state."""
    actions = []
    for op in state.operations:
        name = type(op).__name__
        if name == "Folding":
            actions.append("f")
        elif name == "CheckingOrCalling":
            actions.append("c")
        elif name == "CompletionBettingOrRaisingTo":
            actions.append("r")
    board = [pokerkit_card(c) for c in state.get_board_cards(0)]
    return actions, board


def _dealt(state: Any) -> list[str]:
    """The hole cards dealt to each position (from PokerKit's operations)."""
    holes = [""] * state.player_count
    for op in state.operations:
        if type(op).__name__ == "HoleDealing":
            holes[op.player_index] += "".join(pokerkit_card(c) for c in op.cards)
    return holes


def _shown(state: Any) -> list[bool]:
    shown = [False] * state.player_count
    for op in state.operations:
        if type(op).__name__ == "HoleCardsShowingOrMucking":
            shown[op.player_index] = True
    return shown


class LokiPlayer:
    """A loki player (``kind``, ``seed`` and the other ``loki.Agent`` arguments) for
    PokerKit ``FixedLimitTexasHoldem`` states of one game (``config``: by default the
    game of the first state it sees, ``pokerkit_game``). It keeps its opponent models
    across hands; ``seats`` (the table seat at each position, per call) keeps opponents
    apart when they change places."""

    def __init__(self, kind: str = "POKI", seed: int = 0, *, config: "loki.GameConfig | None" = None, **agent_args: Any):
        self.kind, self.seed, self.config, self._args = kind, seed, config, agent_args
        self.agent: loki.Agent | None = None
        self._hand = 0
        self._state_id: int | None = None
        self._me: tuple[int, str] | None = None

    def _agent(self, state: Any) -> "loki.Agent":
        if self.agent is None:
            self.config = self.config or pokerkit_game(state)
            self.agent = loki.Agent(self.kind, seed=self.seed, config=self.config, **self._args)
        if id(state) != self._state_id:
            self._hand += 1
            self._state_id = id(state)
            self._me = None
        return self.agent

    def action(self, state: Any, seats: Sequence[int] | None = None) -> str:
        """The loki player's action for the player to act (``state.actor_index``):
        ``"fold"``, ``"call"`` (check or call) or ``"raise"`` (bet, complete or raise),
        always one the state allows."""
        agent = self._agent(state)
        me = state.actor_index
        if me is None:
            raise loki.AgentError("nobody is to act in this PokerKit state")
        actions, board = pokerkit_view(state)
        hole = "".join(pokerkit_card(c) for c in state.hole_cards[me])
        self._me = (me, hole)
        a = agent.act(me, hole, board, actions, seats=seats, hand=self._hand)
        if a == "raise" and not state.can_complete_bet_or_raise_to():
            a = "call"
        if a == "fold" and not state.can_fold():
            a = "call"
        return a

    def act(self, state: Any, seats: Sequence[int] | None = None) -> Any:
        """Applies the player's action to ``state`` and returns PokerKit's operation."""
        return getattr(state, METHODS[self.action(state, seats)])()

    def end_hand(self, state: Any, position: int | None = None, seats: Sequence[int] | None = None) -> None:
        """After a hand (``state.status`` false): the player sees the whole hand and the
        cards shown, and ends it. ``position``: the player's (by default, where it acted
        in this hand; a hand it never acted in needs it)."""
        agent = self._agent(state)
        dealt = _dealt(state)
        if position is None:
            if self._me is None:
                return  # it never acted in this hand: give its position
            position = self._me[0]
        actions, board = pokerkit_view(state)
        # At a showdown loki's engine (as the ACPC dealer) shows every live hand; PokerKit
        # may muck a losing one, which the player is then shown too.
        showdown = sum(_shown(state)) > 1
        agent.end_hand(
            actions,
            board,
            dealt if showdown else None,
            position=position,
            hole=dealt[position],
            seats=seats,
            hand=self._hand,
        )
