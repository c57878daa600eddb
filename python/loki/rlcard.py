"""loki's players as RLCard agents, for ``rlcard.make('limit-holdem', ...)`` (RLCard 1.2.0).

``LokiAgent(kind="POKI")`` has RLCard's agent interface (``step``, ``eval_step``,
``use_raw = True``) for 2 to 10 players (``game_num_players``). Importing this module
does not import RLCard: RLCard's states are plain dicts.

RLCard's ``limit-holdem`` is not quite the game loki plays (docs/python.md, "RLCard"):
its blinds (1/2) and bets (2/4) are loki's, but

1. every round allows four raises, the big blind not counted pre-flop (loki's game: a
   bet and three raises, the big blind being the pre-flop bet), so the agent plays
   ``rlcard_game(n)`` (four raises) and a raise RLCard refuses becomes a call;
2. after the first round, the player after the one who closed the previous round acts
   first (in loki and the ACPC rules, a fixed position): heads-up the last raiser of
   the previous round, or its first player if nobody raised, most often the small
   blind, so heads-up the agent plays with the small blind first after the flop
   (``postflop_first=1``);
3. with three or more players a round ends only after as many checks and calls since
   the last raise as there are players, folded ones included, so a player may be asked
   to check again in a round that is over.

The adapter turns RLCard's action record into betting by loki's rules: where RLCard's
order of play differs, a check by a player loki does not have to act yet is left out,
and a player loki has to act first is shown checking (or closing the round with checks
when RLCard ends it); an action after loki's round is over is left out, and when RLCard
asks the agent in such a spot it checks without asking the player. When a later action
contradicts such a guess, the agent rebuilds the hand (``Agent.act(hand=...)``).
"""

from __future__ import annotations

from typing import Any, Sequence

import loki

RLCARD_ACTIONS = ("call", "raise", "fold", "check")
"""RLCard's limit-holdem actions by index (its ``legal_actions`` keys)."""

_ROUNDS = ("preflop", "flop", "turn", "river")
_LETTER = {"call": "c", "check": "c", "raise": "r", "fold": "f"}


def rlcard_card(text: str) -> str:
    """An RLCard card (suit then rank: ``"SA"``, ``"HT"``) in loki's text (``"As"``)."""
    return text[1] + text[0].lower()


def rlcard_game(num_players: int) -> "loki.GameConfig":
    """The loki game of RLCard's ``limit-holdem`` for ``num_players``: blinds 1/2, bets
    2/4, four raises per round, heads-up the small blind first after the flop."""
    return loki.GameConfig(
        num_players, 1, 2, 2, 4, max_raises=4, postflop_first=1 if num_players == 2 else None
    )


def rlcard_rounds(record: Sequence[tuple[int, str]], num_players: int) -> list[list[tuple[int, str]]]:
    """RLCard's action record (``(player, action)`` in order) split into its betting
    rounds by RLCard's rule: a round ends after ``num_players`` checks and calls counted
    from its last raise (the raise counting as one). The last round is the one in
    progress (empty when a round has just ended)."""
    rounds: list[list[tuple[int, str]]] = [[]]
    quiet = 0
    for player, action in record:
        rounds[-1].append((int(player), str(action)))
        if action in ("call", "check"):
            quiet += 1
        elif action == "raise":
            quiet = 1
        if quiet >= num_players:
            rounds.append([])
            quiet = 0
    return rounds


def rlcard_seating(num_players: int, first: int) -> list[int]:
    """The RLCard player at each loki position, from the first player to act pre-flop
    (RLCard posts the small blind at a random seat s, the big blind at s + 1, and s + 2
    acts first; heads-up s acts first). loki's positions: 0 the small blind, 1 the big
    blind; heads-up 0 the big blind, 1 the small blind (the button)."""
    n = num_players
    if n == 2:
        return [(first + 1) % 2, first]
    small = (first - 2) % n
    return [(small + p) % n for p in range(n)]


class _Line:
    """RLCard's hand as betting by loki's rules, built on an engine state that holds our
    cards and stand-in cards for the others."""

    def __init__(self, config: "loki.GameConfig", me: int, hole: str, board: Sequence[str]):
        used = set(loki.card_indices(hole)) | set(loki.card_indices(" ".join(board)))
        spare = [c for c in range(52) if c not in used]
        self.state = loki.HandState(config)
        for p in range(config.seats):
            self.state.deal_hole(p, hole if p == me else [spare.pop(), spare.pop()])
        self.board = list(board)
        self.dealt = 0
        self.actions: list[str] = []

    def apply(self, a: str) -> None:
        self.state.apply(a)
        self.actions.append(a)

    def deal(self) -> None:
        while self.state.phase == "deal_board":
            k = 3 if self.dealt == 0 else 1
            if self.dealt + k > len(self.board):
                return
            self.state.deal_board(self.board[self.dealt : self.dealt + k])
            self.dealt += k

    def in_round(self, r: int) -> bool:
        return self.state.phase == "act" and self.state.round == _ROUNDS[r]

    def check_until(self, position: int, r: int) -> None:
        """Players loki has to act before ``position`` check (while nothing is to call)."""
        s = self.state
        while self.in_round(r) and s.to_act != position and s.amount_to_call(s.to_act) == 0:
            self.apply("c")


def rlcard_line(
    config: "loki.GameConfig",
    seating: Sequence[int],
    me: int,
    hole: str,
    board: Sequence[str],
    record: Sequence[tuple[int, str]],
) -> _Line:
    """The betting by loki's rules of an RLCard hand (see the module's notes); ``me`` is
    our loki position, ``seating`` the RLCard player at each loki position."""
    n = config.seats
    position_of = {s: p for p, s in enumerate(seating)}
    line = _Line(config, me, hole, board)
    rounds = rlcard_rounds(record, n)
    for r, actions in enumerate(rounds):
        line.deal()
        for player, action in actions:
            p = position_of[player]
            if not line.in_round(r):
                continue  # loki's round is over: an extra check
            if line.state.to_act != p:
                if action == "check":
                    continue  # loki has someone else to act first: this check waits
                line.check_until(p, r)
                if line.state.to_act != p:
                    continue
            a = _LETTER[action]
            line.apply(a if line.state.is_legal(a) else "c")
        if r < len(rounds) - 1:
            # RLCard ended the round: loki's players still to act check (or call).
            while line.in_round(r):
                line.apply("c")
    line.deal()
    return line


def raw_state_cards(state: dict[str, Any]) -> tuple[str, list[str]]:
    """Our hole cards and the board of an RLCard state, in loki's text."""
    raw = state.get("raw_obs", state)
    hole = "".join(rlcard_card(c) for c in raw["hand"])
    board = [rlcard_card(c) for c in raw["public_cards"]]
    return hole, board


class LokiAgent:
    """A loki player as an RLCard agent for ``limit-holdem`` (``use_raw = True``: it
    returns RLCard's raw actions ``'call'``, ``'raise'``, ``'fold'``, ``'check'``).

    ``kind``, ``seed``, ``settings``, ``profiles`` and ``names`` are ``loki.Agent``'s;
    ``num_players`` must be the environment's ``game_num_players``. The agent keeps its
    opponent models across hands (opponents known by their RLCard player id). Call
    ``end_hand(env)`` after each hand (``env.run``) to let it see the actions after its
    last decision and the cards shown; without it, each new hand ends the previous one
    as last seen.
    """

    use_raw = True

    def __init__(self, kind: str = "POKI", num_players: int = 2, seed: int = 0, **agent_args: Any):
        self.num_players = num_players
        self.config = rlcard_game(num_players)
        self.agent = loki.Agent(kind, seed=seed, config=self.config, **agent_args)
        self._hand = 0
        self._key: tuple | None = None
        self._seen = 0
        self.last_player: int | None = None
        self.seat_ids: Sequence[int] | None = None
        """The table seat (the opponent's identity for its model) of each RLCard player
        id; None: the id itself. A match that swaps the agents' ids between hands sets it
        so that each opponent keeps one model."""

    def _seats(self, seating: Sequence[int]) -> list[int]:
        ids = self.seat_ids
        return [int(ids[p]) if ids is not None else p for p in seating]

    def _view(self, state: dict[str, Any], player: int | None = None):
        raw = state.get("raw_obs", state)
        record = [(int(p), str(a)) for p, a in state.get("action_record", [])]
        hole, board = raw_state_cards(state)
        n = self.num_players
        if player is not None:
            first = record[0][0] if record else player
            me_id = player
        elif record:
            first = record[0][0]
            folded = {p for p, a in record if a == "fold"}
            me_id = (record[-1][0] + 1) % n
            while me_id in folded:
                me_id = (me_id + 1) % n
        else:
            # Nobody has acted: we act first pre-flop, after the big blind (2 chips).
            first = me_id = (list(raw["all_chips"]).index(2) + 1) % n
        seating = rlcard_seating(n, first)
        key = (tuple(seating), hole)
        if key != self._key or len(record) < self._seen:
            self._hand += 1
            self._key = key
        self._seen = len(record)
        self.last_player = me_id
        return seating.index(me_id), hole, board, record, seating

    def eval_step(self, state: dict[str, Any]) -> tuple[str, dict]:
        """The agent's action in an RLCard state and RLCard's info: ``probs``, the
        probability of each legal raw action (the player's ``[fold, call, raise]``
        moved to the legal actions as ``step`` moves its action)."""
        probs = self.probabilities(state)
        return self.step(state), {"probs": probs}

    def probabilities(self, state: dict[str, Any], player: int | None = None) -> dict[str, float]:
        """The probability of each legal raw action, without acting."""
        legal, args = self._decision(state, player)
        if args is None:
            return {a: float(a == args_default(legal)) for a in legal}
        p = self.agent.policy(*args[0], **args[1])
        out = {a: 0.0 for a in legal}
        for action, q in zip(("fold", "call", "raise"), p):
            out[_rlcard_action(action, legal)] += q
        return out

    def step(self, state: dict[str, Any], player: int | None = None) -> str:
        """The agent's raw action in an RLCard state (``state['raw_obs']`` and
        ``state['action_record']``); ``player``, its player id when the state does not
        tell (a state before anyone acted tells it by the blinds)."""
        legal, args = self._decision(state, player)
        if args is None:
            return args_default(legal)
        return _rlcard_action(self.agent.act(*args[0], **args[1]), legal)

    def _decision(self, state: dict[str, Any], player: int | None) -> tuple[list[str], tuple | None]:
        """The legal raw actions and the agent's arguments (None: the agent checks
        without asking the player, loki's round being over)."""
        raw = state.get("raw_obs", state)
        legal = [str(a) for a in (state.get("raw_legal_actions") or raw["legal_actions"])]
        me, hole, board, record, seating = self._view(state, player)
        line = rlcard_line(self.config, seating, me, hole, board, record)
        r = len(rlcard_rounds(record, self.num_players)) - 1
        line.check_until(me, r)
        if not line.in_round(r) or line.state.to_act != me:
            return legal, None
        args = (me, hole, board[: line.dealt], line.actions)
        return legal, (args, {"seats": self._seats(seating), "hand": self._hand})

    def end_hand(self, env: Any, player: int | None = None) -> None:
        """After a hand of ``env`` (an RLCard ``limit-holdem`` environment): shows the
        agent the whole hand (the actions after its last decision and, at a showdown, the
        cards shown) and ends it, so its models learn as in a tournament. ``player`` is
        the agent's player id (found in ``env.agents``, else the last one it played)."""
        game = env.game
        record = [(int(p), str(a)) for p, a in env.action_recorder]
        me_id = player if player is not None else self._player_id(env)
        if not record or me_id is None:
            return
        holes = {i: [c.get_index() for c in p.hand] for i, p in enumerate(game.players)}
        board = [c.get_index() for c in game.public_cards]
        self.end_hand_from(record, holes[me_id], board, holes, me_id)

    def end_hand_from(
        self,
        record: Sequence[tuple[int, str]],
        hand: Sequence[str],
        board: Sequence[str],
        holes: dict[int, Sequence[str]],
        me_id: int,
    ) -> None:
        """Ends a hand given as RLCard sees it: the action record, our cards and the
        board (RLCard's text, ``"SA"``), every player's cards by id (shown to the player
        only for those still in at a showdown) and our player id."""
        if not record:
            return
        seating = rlcard_seating(self.num_players, record[0][0])
        me = seating.index(me_id)
        hole = "".join(rlcard_card(c) for c in hand)
        board = [rlcard_card(c) for c in board]
        if (tuple(seating), hole) != self._key:
            self._hand += 1
            self._key = (tuple(seating), hole)
        line = rlcard_line(self.config, seating, me, hole, board, record)
        shown = None
        if line.state.phase == "complete" and len(board) == 5:
            live = [p for p in range(self.num_players) if line.state.is_live(p)]
            if len(live) > 1:
                shown = [
                    "".join(rlcard_card(c) for c in holes[seating[p]]) if p in live else None
                    for p in range(self.num_players)
                ]
        try:
            self.agent.end_hand(
                line.actions,
                board[: line.dealt],
                shown,
                position=me,
                hole=hole,
                seats=self._seats(seating),
                hand=self._hand,
            )
        except loki.AgentError:
            self.agent.end_hand()  # a hand loki's rules cannot follow: ended as last seen
        self._key = None
        self._seen = 0

    def _player_id(self, env: Any) -> int | None:
        for i, a in enumerate(getattr(env, "agents", [])):
            if a is self:
                return i
        return self.last_player


def args_default(legal: Sequence[str]) -> str:
    """The check (or call) the agent plays without asking the player."""
    return "check" if "check" in legal else "call"


def _rlcard_action(action: str, legal: Sequence[str]) -> str:
    """loki's action ("fold", "call", "raise") as a legal RLCard raw action."""
    if action == "raise" and "raise" in legal:
        return "raise"
    if action == "fold" and "fold" in legal and "check" not in legal:
        return "fold"
    return "check" if "check" in legal else "call"
