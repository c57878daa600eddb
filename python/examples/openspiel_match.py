"""A heads-up match in OpenSpiel's universal_poker (loki's ACPC game definition
holdem.limit.2p.reverse_blinds: blinds 10/5, bets 10/20): a loki player against
OpenSpiel's uniform random bot, seats alternated in duplicate (each deal played twice,
the seats swapped), with big blinds per hand and a 95% interval over the pairs.

    python python/examples/openspiel_match.py --player POKI --hands 10000
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
from open_spiel.python.algorithms import evaluate_bots
from open_spiel.python.bots import uniform_random

from loki.openspiel import LokiBot, loki_game

BIG_BLIND = 10


def match(player: str, hands: int, seed: int) -> dict:
    game = loki_game(2)
    bot = LokiBot(game, 0, player, seed=seed)
    pairs: list[float] = []
    start = time.perf_counter()
    for k in range(hands // 2):
        pair = 0.0
        for me in (0, 1):
            bot.player_id = me
            bot.seats = [0, 1] if me == 0 else [1, 0]  # the opponent keeps seat 1
            other = uniform_random.UniformRandomBot(1 - me, np.random.RandomState(seed + 7919 * k + me))
            bots = [bot, other] if me == 0 else [other, bot]
            state = game.new_initial_state()
            # the same chance outcomes (cards) for both hands of the pair
            returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(seed * 1_000_003 + k))
            bot.end_hand(state)
            pair += returns[me] / BIG_BLIND
        pairs.append(pair / 2)
    v = np.asarray(pairs)
    return {
        "player": player,
        "hands": 2 * len(pairs),
        "bb_per_hand": float(v.mean()),
        "ci95": 1.96 * float(v.std(ddof=1)) / math.sqrt(len(v)),
        "seconds": time.perf_counter() - start,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--player", default="POKI")
    ap.add_argument("--hands", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1998)
    a = ap.parse_args()
    r = match(a.player, a.hands, a.seed)
    print(
        f"{r['player']} vs OpenSpiel uniform random: {r['hands']} hands, "
        f"{r['bb_per_hand']:+.3f} +- {r['ci95']:.3f} bb/hand (95%), {r['seconds']:.0f} s"
    )


if __name__ == "__main__":
    main()
