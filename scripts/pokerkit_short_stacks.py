"""Cross-checks all-ins with PokerKit 0.7.7 (pip install pokerkit==0.7.7): plays random
hands with short, unequal stacks with `loki simulate --stacks A,B,...` (2 to 10 players,
random, raise and call players, two bet structures), writes them as PHH and replays
them with scripts/pokerkit_check.py (every action applies without repair, same
finishing stacks). Usage, from the repository root after `cargo build --release`:

python3 scripts/pokerkit_short_stacks.py [LOKI_BINARY] [OUT_DIR] [RUNS]
"""
import os
import random
import subprocess
import sys

loki = sys.argv[1] if len(sys.argv) > 1 else 'target/release/loki'
out = sys.argv[2] if len(sys.argv) > 2 else 'target/pokerkit-short-stacks'
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 60
os.makedirs(out, exist_ok=True)
rng = random.Random(7)
files = []
for run in range(runs):
    n = 2 + run % 9
    blinds, bets = rng.choice([('1,2', '2,4'), ('2,4', '4,8')])
    small = int(bets.split(',')[0])
    top = rng.choice([4, 8, 16]) * small
    stacks = ','.join(str(rng.randint(1, top)) for _ in range(n))
    kinds = [rng.choice(['random', 'random', 'raise', 'call']) for _ in range(n)]
    path = os.path.join(out, f'run{run}.phhs')
    subprocess.run(
        [loki, 'simulate', '--players', ','.join(kinds), '--hands', '200',
         '--seed', str(run + 1), '--blinds', blinds, '--bets', bets,
         '--stacks', stacks, '--phh', path],
        check=True, stdout=subprocess.DEVNULL,
    )
    files.append(path)
check = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'pokerkit_check.py')
subprocess.run([sys.executable, check, *files], check=True)
