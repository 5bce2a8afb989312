"""Yucky Lucky You! computer player: hand win rates against baselines, and engine speed.

    python bench/yucky_ai.py            # 20,000 hands against each baseline
    python bench/yucky_ai.py --quick    # 1,000 hands each, under a minute

Prints ``key = value`` lines: ``win_vs_random`` and ``win_vs_greedy`` (fractions of hands
won by the computer, seats and deals alternated, every hand dealt from its own seed), their
95% confidence half-widths ``ci95``, the hand counts, and ``hands_per_s`` (rules-only
simulation: two random-legal players, no look-ahead) with the greedy-vs-greedy rate as the
baseline measured in the same run.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from retro.games.yucky.ai import Computer, GreedyPlayer, Player, RandomPlayer, play_hand
from retro.games.yucky.rules import Options, Round


def match_rate(make_opponent, hands: int, seed: int, lapse: float,
               options: Options | None = None) -> tuple[float, float, int]:
    """Fraction of hands the computer wins, and the 95% interval half-width."""
    wins = decided = 0
    for i in range(hands):
        rng = random.Random(seed * 1_000_003 + i)
        computer = Computer(random.Random(rng.getrandbits(32)), lapse=lapse)
        other: Player = make_opponent(random.Random(rng.getrandbits(32)))
        seat = i % 2                                  # seats alternate hand by hand
        players = (computer, other) if seat == 0 else (other, computer)
        r = play_hand(Round.deal(rng, dealer=(i // 2) % 2, options=options or Options()),
                      players)
        if r.winner is not None:
            decided += 1
            wins += r.winner == seat
    p = wins / decided
    return p, 1.96 * math.sqrt(p * (1 - p) / decided), decided


def speed(make_player, hands: int, seed: int) -> float:
    start = time.perf_counter()
    for i in range(hands):
        rng = random.Random(seed + i)
        players = (make_player(rng), make_player(rng))
        play_hand(Round.deal(rng, dealer=i % 2), players)
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1,000 hands each (under a minute)")
    parser.add_argument("--hands", type=int, help="hands against each baseline")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lapse", type=float, default=None,
                        help="how often the computer forgets its cry (default: as in the game)")
    args = parser.parse_args()
    from retro.games.yucky.ai import LAPSE
    lapse = LAPSE if args.lapse is None else args.lapse
    hands = args.hands or (1_000 if args.quick else 20_000)
    vs_random, ci_random, n_random = match_rate(RandomPlayer, hands, args.seed, lapse)
    vs_greedy, ci_greedy, n_greedy = match_rate(GreedyPlayer, hands, args.seed + 1, lapse)
    sim_hands = 1_000 if args.quick else 5_000
    rate = speed(RandomPlayer, sim_hands, args.seed)
    greedy_rate = speed(GreedyPlayer, sim_hands, args.seed)
    print(f"games = {n_random + n_greedy}")
    print(f"games_vs_random = {n_random}")
    print(f"games_vs_greedy = {n_greedy}")
    print(f"lapse = {lapse}")
    print(f"win_vs_random = {vs_random:.4f}")
    print(f"win_vs_greedy = {vs_greedy:.4f}")
    print(f"ci95 = {max(ci_random, ci_greedy):.4f}")
    print(f"ci95_vs_random = {ci_random:.4f}")
    print(f"ci95_vs_greedy = {ci_greedy:.4f}")
    print(f"hands_per_s = {rate:.0f}")
    print(f"greedy_hands_per_s = {greedy_rate:.0f}")


if __name__ == "__main__":
    main()
