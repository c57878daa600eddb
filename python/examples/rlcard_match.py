"""A heads-up match in RLCard's limit-holdem: a loki player against RLCard's
LimitholdemRuleAgentV1 or its random agent, seats alternated in duplicate (each deal is
played twice, the players' seats swapped), with big blinds per hand and a 95% interval.

    python python/examples/rlcard_match.py --player POKI --opponent rule --hands 10000

The interval is over the duplicate pairs (each pair's two hands averaged; the pairs are
independent): mean +- 1.96 standard errors.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
import rlcard
from rlcard.agents import RandomAgent
from rlcard.models.limitholdem_rule_models import LimitholdemRuleAgentV1

from loki.rlcard import LokiAgent


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval."""
    v = np.asarray(values, dtype=np.float64)
    return float(v.mean()), 1.96 * float(v.std(ddof=1)) / math.sqrt(len(v))


def match(player: str, opponent: str, hands: int, seed: int) -> dict:
    env = rlcard.make("limit-holdem", config={"seed": seed, "game_num_players": 2})
    loki_agent = LokiAgent(player, 2, seed=seed)
    if opponent == "rule":
        other = LimitholdemRuleAgentV1()
    else:
        np.random.seed(seed)  # RLCard's random agent draws from NumPy's global generator
        other = RandomAgent(num_actions=env.num_actions)
    pairs: list[float] = []
    start = time.perf_counter()
    for k in range(hands // 2):
        pair = 0.0
        for swap in (False, True):
            env.seed(seed * 1_000_003 + k)  # the same deal and button for both hands
            agents = [other, loki_agent] if swap else [loki_agent, other]
            env.set_agents(agents)
            loki_agent.seat_ids = [1, 0] if swap else [0, 1]  # the opponent keeps seat 1
            _, payoffs = env.run(is_training=False)
            loki_agent.end_hand(env, 1 if swap else 0)
            pair += float(payoffs[1 if swap else 0])
        pairs.append(pair / 2)
    mean, half = interval(pairs)
    return {
        "player": player,
        "opponent": opponent,
        "hands": 2 * len(pairs),
        "bb_per_hand": mean,
        "ci95": half,
        "seconds": time.perf_counter() - start,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--player", default="POKI", help="the loki player (POKI, SOM, ...)")
    ap.add_argument("--opponent", choices=("rule", "random"), default="rule")
    ap.add_argument("--hands", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1998)
    a = ap.parse_args()
    r = match(a.player, a.opponent, a.hands, a.seed)
    print(
        f"{r['player']} vs RLCard {r['opponent']}: {r['hands']} hands, "
        f"{r['bb_per_hand']:+.3f} +- {r['ci95']:.3f} bb/hand (95%), {r['seconds']:.0f} s"
    )


if __name__ == "__main__":
    main()
