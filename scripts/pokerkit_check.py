"""Replays loki PHH/PHHS files with PokerKit 0.7.7 (pip install pokerkit==0.7.7) and
checks that every action applies without PokerKit "repairing" the history, that each hand
ends, and that PokerKit computes the same finishing stacks. Usage:
python3 scripts/pokerkit_check.py FILE.phhs...
"""
import sys
from pokerkit import HandHistory
AUTO = {'BetCollection', 'BlindOrStraddlePosting', 'CardBurning', 'RunoutCountSelection',
        'HandKilling', 'ChipsPushing', 'ChipsPulling', 'AntePosting'}
bad = 0; n = 0
for path in sys.argv[1:]:
    with open(path, 'rb') as f:
        for i, hh in (enumerate(HandHistory.load_all(f)) if path.endswith("s") else enumerate([HandHistory.load(f)])):
            n += 1
            try:
                state = None
                applied = 0
                for state, action in hh.state_actions:
                    if action is not None:
                        applied += 1
                    elif state.operations:
                        kind = type(state.operations[-1]).__name__
                        if kind not in AUTO:
                            raise ValueError(f'repaired with {state.operations[-1]}')
                if applied != len(hh.actions):
                    raise ValueError(f'applied {applied} of {len(hh.actions)}')
                if state.status:
                    raise ValueError('not terminal')
                if list(state.stacks) != list(hh.finishing_stacks):
                    raise ValueError(f'stacks {list(state.stacks)} != {hh.finishing_stacks}')
            except Exception as e:
                bad += 1
                if bad < 6:
                    print(path, i + 1, repr(e))
print(n, 'hands,', bad, 'bad')
