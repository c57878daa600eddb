"""Prints what PokerKit 0.7.7 (pip install pokerkit==0.7.7) allows after short all-ins in
fixed-limit hold'em: the cases pinned by crates/engine/tests/short_all_ins.rs. Blinds
2/4, bets 4/8, loki's cap (3 raises pre-flop over the big blind, a bet and 3 raises
after the flop). Scripts are ACPC betting (c check/call, r bet/raise, f fold, / next
round); each line shows the position to act and its legal actions (f fold when facing
a bet, c check/call, r bet/raise), and why PokerKit refuses a raise.

Usage: python3 scripts/pokerkit_short_all_ins.py
"""
import dataclasses
import warnings

from pokerkit import Automation, FixedLimitTexasHoldem, Mode

CASES = [
    # (name, stacks, script[, cap]); the cap is loki's default 3 unless given
    *[(f'pre-flop short raise +{k}: BB not yet acted', [8 + k, 100, 100], 'rr') for k in (1, 2, 3, 4)],
    *[(f'pre-flop short raise +{k}: UTG acted', [8 + k, 100, 100], 'rrc') for k in (1, 2, 3, 4)],
    *[(f'flop short raise +{k}: p2 not yet acted', [100, 8 + k, 100], 'ccc/rr') for k in (1, 2, 3, 4)],
    *[(f'flop short raise +{k}: bettor p0', [100, 8 + k, 100], 'ccc/rrc') for k in (1, 2, 3, 4)],
    *[(f'flop short bet {k}: p1', [4 + k, 100, 100], 'ccc/r') for k in (1, 2, 3)],
    *[(f'flop short bet {k}: p2 after a call', [4 + k, 100, 100], 'ccc/rc') for k in (1, 2, 3)],
    *[(f'flop short bet {k}: p1 after a raise', [4 + k, 100, 100], 'ccc/rcr') for k in (1, 2, 3)],
    *[(f'pre-flop short first raise +{k}: SB', [100, 100, 100, 4 + k], 'cr') for k in (1, 2, 3)],
    *[(f'pre-flop short first raise +{k}: UTG', [100, 100, 100, 4 + k], 'crcc') for k in (1, 2, 3)],
    *[(f'two short raises +{a} +{b}: bettor p0', [100, 8 + a, 100, 8 + a + b], 'cccc/rrcr')
      for a, b in ((1, 1), (2, 1), (2, 2), (1, 3), (3, 3))],
    *[(f'two short raises +{a} +{b}: caller p2', [100, 8 + a, 100, 8 + a + b], 'cccc/rrcrc')
      for a, b in ((1, 1), (2, 1), (2, 2), (1, 3), (3, 3))],
    ('cap: a short raise counts', [100, 100, 100, 11], 'rrr'),
    ('big blind left alone with chips', [100, 100, 1], 'cf'),
    ('nobody can call more', [5, 8, 100], 'ccc/cr'),
    # no cap: a full raise, two short all-ins adding up to a full raise, then a third
    ('uncapped: 2 shorts reopen for UTG', [40, 40, 40, 10, 12], 'rrrcc', None),
    ('uncapped: a 3rd short closes it again', [40, 13, 40, 10, 12], 'rrrcr', None),
]


def create(stacks, cap=3):
    automations = tuple(Automation)
    game = FixedLimitTexasHoldem(automations, True, 0, (2, 4), 4, 8, mode=Mode.CASH_GAME)
    game.streets = tuple(
        dataclasses.replace(s, max_completion_betting_or_raising_count=c)
        for s, c in zip(game.streets, (3, 4, 4, 4) if cap is not None else (None,) * 4)
    )
    return game(stacks, len(stacks))


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


def main():
    warnings.filterwarnings('ignore')
    for name, stacks, script, *cap in CASES:
        state = create(stacks, *cap)
        for a in script.replace('/', ''):
            {'f': state.fold, 'c': state.check_or_call,
             'r': state.complete_bet_or_raise_to}[a]()
        p = state.actor_index
        try:
            state.verify_completion_betting_or_raising_to()
            why = ''
        except ValueError as e:
            why = f'  ({str(e).split(".")[0]})'
        print(f'{name:44} {",".join(map(str, stacks)):>14} {script:10} '
              f'p{p} {legal(state)}  bets {list(state.bets)}{why}')


if __name__ == '__main__':
    main()
