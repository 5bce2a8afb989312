"""YZ computer player: mean score over seeded solitaire games against the exact optimum.

    python bench/yz_ai.py            10,000 games with YZ's own rules (the help text's)
    python bench/yz_ai.py --quick    1,000 games
    python bench/yz_ai.py --upper-bonus --free-joker --official-bonus   the published rules
                                     (254.5896); --help lists the rule options

Prints ``key = value`` lines: ``mean`` and ``ci95`` (half-width of the 95% interval) of the
optimal player's final scores, ``expected`` (the solver's exact value, which the mean must
bracket), ``decision_ms`` (mean wall time of one decision; ``decision_ms_max`` the slowest,
which on a shared machine includes time the process was not running;
``decision_cpu_ms_max`` the slowest in CPU time of this thread; ``decision_ms_cold`` with
nothing cached, as on a turn's first roll), and ``greedy_mean``, a baseline that posts each
first roll to its best-scoring box.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from retro.games.yz.ai import ComputerPlayer
from retro.games.yz.rules import Game, Phase, Rules
from retro.games.yz.solver import Solver, add_rule_options, build, rules_from_args


def optimal_game(seed: int, player: ComputerPlayer, times: list[float],
                 cpu: list[float]) -> int:
    rules = player.rules
    rng = random.Random(seed)
    game = Game(players=("CPU",), rules=rules)
    while game.phase is not Phase.OVER:
        game.roll_dice(rng)
        while True:
            t0, c0 = time.perf_counter(), time.thread_time()
            advice = player.advise(game)
            times.append(time.perf_counter() - t0)
            cpu.append(time.thread_time() - c0)
            if advice.box is not None:
                game.post(advice.box)
                break
            game.keep(advice.held, rng)
    return game.card.total(rules)


def cold_decisions(player: ComputerPlayer, count: int) -> list[float]:
    """Decision times with the per-turn cache emptied first (the first roll of a turn)."""
    rng = random.Random(12345)
    game = Game(players=("CPU",), rules=player.rules)
    out = []
    while len(out) < count:
        if game.phase is Phase.OVER:
            game = Game(players=("CPU",), rules=player.rules)
        game.roll_dice(rng)
        player.solver._cache.clear()
        t0 = time.perf_counter()
        advice = player.advise(game)
        out.append(time.perf_counter() - t0)
        while advice.box is None:
            game.keep(advice.held, rng)
            advice = player.advise(game)
        game.post(advice.box)
    return out


def greedy_game(seed: int, rules: Rules) -> int:
    rng = random.Random(seed)
    game = Game(players=("G",), rules=rules)
    while game.phase is not Phase.OVER:
        game.roll_dice(rng)
        allowed = game.allowed()
        game.post(max(allowed, key=lambda b: allowed[b]))
    return game.card.total(rules)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1,000 games instead of 10,000")
    parser.add_argument("--games", type=int, default=None)
    add_rule_options(parser)
    args = parser.parse_args()
    n = args.games or (1000 if args.quick else 10000)
    rules = rules_from_args(args)
    t0 = time.perf_counter()
    table = build(rules)
    table_s = time.perf_counter() - t0
    expected = table.expected
    player = ComputerPlayer(Solver(table))
    times: list[float] = []
    cpu: list[float] = []
    scores = [optimal_game(seed, player, times, cpu) for seed in range(n)]
    greedy = [greedy_game(seed, rules) for seed in range(n)]
    cold = cold_decisions(player, 300)
    mean = statistics.fmean(scores)
    ci95 = 1.96 * statistics.stdev(scores) / math.sqrt(n)
    print(f"rules = upper_bonus={rules.upper_bonus} joker={rules.joker.value} "
          f"yz_bonus={rules.yz_bonus.value}")
    print(f"games = {n}")
    print(f"mean = {mean:.2f}")
    print(f"ci95 = {ci95:.2f}")
    print(f"expected = {expected:.4f}")
    print(f"within_ci95 = {abs(mean - expected) <= ci95}")
    print(f"sd = {statistics.stdev(scores):.2f}")
    print(f"decision_ms = {1000 * statistics.fmean(times):.3f}")
    print(f"decision_ms_max = {1000 * max(times):.3f}")
    print(f"decision_cpu_ms_max = {1000 * max(cpu):.3f}")
    print(f"decision_ms_cold = {1000 * statistics.fmean(cold):.3f}")
    print(f"decision_ms_cold_median = {1000 * statistics.median(cold):.3f}")
    print(f"greedy_mean = {statistics.fmean(greedy):.2f}")
    print(f"table_s = {table_s:.2f}")


if __name__ == "__main__":
    main()
