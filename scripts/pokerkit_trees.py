"""Writes crates/engine/tests/data/pokerkit_trees.txt: every betting sequence of small
fixed-limit hold'em games with short stacks, as PokerKit 0.7.7 (pip install
pokerkit==0.7.7) plays them, so that loki's engine can be checked against PokerKit
decision by decision (crates/engine/tests/pokerkit_trees.rs) without Python.

Usage: python3 scripts/pokerkit_trees.py [OUT]

The games are PokerKit's FixedLimitTexasHoldem with the raise cap set per street to
loki's default (3 raises pre-flop over the big blind, a bet and 3 raises after the flop:
ACPC's maxRaises 3 4 4 4), or uncapped; PokerKit's own FT cap is 4 on every street.
Position p is PokerKit's player p (heads-up, PokerKit's player 0 posts the big blind,
as loki's position 0 does). Cards are fixed per game, so the showdowns are too.

File format, one game per block:
  game N SB,BB SMALL,BIG CAP STACKS HOLES BOARD
      CAP is a number or '-' (no cap); STACKS comma-separated; HOLES comma-separated
      hole cards by position (e.g. AsAh,KdKc); BOARD the five board cards.
  then whitespace-separated tokens in depth-first order, children in the order fold,
  call, raise:
      RPL   a decision: R the round (0 pre-flop .. 3 river), P the position to act,
            L the legal actions among f (fold, only when facing a bet), c (check or
            call) and r (bet or raise), e.g. 12fc; every legal action follows
      RPL>A the same, but only action A follows
      =S,S  the hand is over; S the finishing stacks by position
The hand-picked games (TREES) have every action in their first betting rounds, then
check/call down; the random games one random hand each (raises likely, folds rare).
"""
import copy
import dataclasses
import random
import sys
import warnings

from pokerkit import Automation, FixedLimitTexasHoldem, Mode

AUTOMATIONS = tuple(
    a for a in Automation
    if a not in (Automation.HOLE_DEALING, Automation.BOARD_DEALING)
)
RANKS = 'AKQJT98765432'
SUITS = 'shdc'


def create(n, blinds, bets, cap, stacks):
    game = FixedLimitTexasHoldem(
        AUTOMATIONS, True, 0, blinds, bets[0], bets[1], mode=Mode.CASH_GAME,
    )
    if cap is not None:
        caps = (cap, cap + 1, cap + 1, cap + 1)
    else:
        caps = (None,) * 4
    game.streets = tuple(
        dataclasses.replace(s, max_completion_betting_or_raising_count=c)
        for s, c in zip(game.streets, caps)
    )
    return game(stacks, n)


def settle(state, holes, board):
    """Deals what is due (fixed cards) until a player must act or the hand is over."""
    while True:
        if state.can_deal_hole():
            p = state.hole_dealee_index
            state.deal_hole(holes[p], player_index=p)
        elif state.can_deal_board():
            dealt = sum(len(b) for b in state.board_cards)
            count = [3, 1, 1][[0, 3, 4].index(dealt)]
            state.deal_board(board[2 * dealt:2 * (dealt + count)])
        else:
            return


def legal(state):
    p = state.actor_index
    out = ''
    if state.bets[p] < max(state.bets) and state.can_fold():
        out += 'f'
    if state.can_check_or_call():
        out += 'c'
    if state.can_complete_bet_or_raise_to():
        out += 'r'
    return out


def act(state, move):
    {'f': state.fold, 'c': state.check_or_call, 'r': state.complete_bet_or_raise_to}[move]()


def walk(state, holes, board, out, rounds, prefix=''):
    """The actions of `prefix`, then every action in the first `rounds` betting rounds,
    then check/call down."""
    settle(state, holes, board)
    if not state.status:
        out.append('=' + ','.join(str(s) for s in state.stacks))
        return
    moves = legal(state)
    token = f'{state.street_index}{state.actor_index}{moves}'
    if prefix or state.street_index >= rounds:
        m = prefix[0] if prefix else 'c'
        out.append(f'{token}>{m}')
        act(state, m)
        walk(state, holes, board, out, rounds, prefix[1:])
        return
    out.append(token)
    for m in moves:
        child = copy.deepcopy(state)
        act(child, m)
        walk(child, holes, board, out, rounds)


def path(state, holes, board, out, rng):
    """One random hand: raises are likely, folds rare."""
    while True:
        settle(state, holes, board)
        if not state.status:
            out.append('=' + ','.join(str(s) for s in state.stacks))
            return
        moves = legal(state)
        m = rng.choices(moves, [{'f': 1, 'c': 3, 'r': 4}[x] for x in moves])[0]
        out.append(f'{state.street_index}{state.actor_index}{moves}>{m}')
        act(state, m)


def cards(rng, k):
    deck = [r + s for r in RANKS for s in SUITS]
    rng.shuffle(deck)
    return deck[:k]


# Short all-ins of less than half, exactly half and more than half a bet (bets 4/8), one
# and two in a row, at the first raise and after a full one, pre-flop and on the flop;
# a big blind left alone with chips; nobody able to call a raise.
# (players, blinds, bets, cap, stacks, rounds[, prefix]): the actions of `prefix`, then
# every action in the first `rounds` betting rounds, then check/call down.
TREES = [
    (3, (2, 4), (4, 8), 3, [9, 20, 20], 1),
    (3, (2, 4), (4, 8), 3, [10, 20, 20], 1),
    (3, (2, 4), (4, 8), 3, [11, 20, 20], 1),
    (3, (2, 4), (4, 8), 3, [12, 20, 20], 1),
    (3, (2, 4), (4, 8), 3, [9, 16, 24], 2),
    (3, (2, 4), (4, 8), 3, [20, 20, 1], 2),
    (3, (2, 4), (4, 8), 3, [5, 8, 20], 4),
    (3, (2, 4), (4, 8), 3, [3, 20, 4], 4),
    (4, (2, 4), (4, 8), 3, [30, 30, 9, 10], 1),
    (4, (2, 4), (4, 8), 3, [30, 30, 10, 12], 1),
    (4, (2, 4), (4, 8), 3, [30, 30, 9, 12], 1),
    (4, (2, 4), (4, 8), 3, [11, 30, 30, 13], 1),
    (4, (2, 4), (4, 8), 3, [16, 16, 16, 5], 1),
    (4, (2, 4), (4, 8), 3, [16, 16, 16, 7], 1),
    (4, (1, 2), (2, 4), 3, [5, 6, 7, 30], 1),
    (5, (2, 4), (4, 8), 3, [6, 9, 10, 11, 13], 1),
    (3, (1, 2), (2, 4), None, [3, 9, 13], 2),
    (2, (1, 2), (2, 4), None, [7, 12], 4),
    (2, (2, 4), (4, 8), 3, [60, 9], 4),
    (2, (2, 4), (4, 8), 3, [60, 10], 4),
    (2, (2, 4), (4, 8), 3, [60, 11], 4),
    (2, (2, 4), (4, 8), 3, [5, 60], 4),
    (2, (2, 4), (4, 8), None, [30, 21], 2),
    # a full raise, two short all-ins that add up to a full raise, then a third one
    (5, (2, 4), (4, 8), None, [40, 13, 40, 10, 12], 1, 'rrr'),
    (5, (2, 4), (4, 8), None, [40, 13, 40, 10, 12], 1, 'rrrc'),
]
RANDOM_HANDS = 800


def random_game(rng):
    n = rng.choice([2, 3, 3, 4, 4, 5, 6, 8, 10])
    blinds, bets = rng.choice([((2, 4), (4, 8)), ((1, 2), (2, 4)), ((3, 6), (6, 12))])
    cap = rng.choice([3, 3, 3, None])
    top = rng.choice([8, 16, 40]) * bets[0] // 2
    stacks = [rng.randint(1, top) for _ in range(n)]
    return n, blinds, bets, cap, stacks, 0


def block(game, dealt, out):
    n, blinds, bets, cap, stacks = game[:5]
    lines = [' '.join([
        'game', str(n), f'{blinds[0]},{blinds[1]}', f'{bets[0]},{bets[1]}',
        '-' if cap is None else str(cap), ','.join(map(str, stacks)),
        ','.join(dealt[2 * p] + dealt[2 * p + 1] for p in range(n)), ''.join(dealt[2 * n:]),
    ])]
    row = []
    for t in out:
        row.append(t)
        if sum(len(x) + 1 for x in row) > 90:
            lines.append(' '.join(row))
            row = []
    if row:
        lines.append(' '.join(row))
    return lines


def main():
    warnings.filterwarnings('ignore')  # burnt cards are drawn at random
    path_out = sys.argv[1] if len(sys.argv) > 1 else 'crates/engine/tests/data/pokerkit_trees.txt'
    rng = random.Random(20240607)
    lines = [
        '# Generated by scripts/pokerkit_trees.py with PokerKit 0.7.7; the format is in the',
        '# script. Do not edit by hand.',
    ]
    decisions = ends = 0
    jobs = [(g, 'tree') for g in TREES] + [(random_game(rng), 'path') for _ in range(RANDOM_HANDS)]
    for game, kind in jobs:
        n, blinds, bets, cap, stacks, rounds = game[:6]
        dealt = cards(rng, 2 * n + 5)
        holes = [dealt[2 * p] + dealt[2 * p + 1] for p in range(n)]
        board = ''.join(dealt[2 * n:])
        out = []
        state = create(n, blinds, bets, cap, stacks)
        if kind == 'tree':
            walk(state, holes, board, out, rounds, game[6] if len(game) > 6 else '')
        else:
            path(state, holes, board, out, rng)
        decisions += sum(1 for t in out if not t.startswith('='))
        ends += sum(1 for t in out if t.startswith('='))
        lines += block(game, dealt, out)
    with open(path_out, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    print(len(TREES), 'trees and', RANDOM_HANDS, 'random hands:', decisions, 'decisions,',
          ends, 'finished hands ->', path_out)


if __name__ == '__main__':
    main()
