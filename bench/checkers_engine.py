"""Checkers engine figures: perft speed, level 9 thinking time, and the level ladder.

    python bench/checkers_engine.py            full run (long: the ladder plays many games)
    python bench/checkers_engine.py --quick    under a minute

Prints ``key = value`` lines:

* ``perft8_leaves_per_s``: leaf nodes per second of perft 8x8 depth 8 (845,931 leaves),
  with ``baseline_leaves_per_s`` for the plain 2-D generator of the tests measured in the
  same run (depth 5), and their ``ratio``.
* ``perft_deep_ok``: (full run only) depths 9-11 from the start equal the published counts.
* ``level9_median_s``: median seconds the level 9 search takes from middle-game positions
  (reached by seeded random play), with ``level9_nodes_per_s``.
* ``ladder``: for each pair, the score of level n+2 against level n (wins plus half the
  draws, over games from seeded random openings with colours alternated; a game still
  going after ``MAX_PLIES`` plies is adjudicated on material), then ``games``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from retro.games.checkers import engine as E  # noqa: E402
from retro.games.checkers import rules as R  # noqa: E402
from tests.checkers import naive  # noqa: E402

#: Published 8x8 counts (Aart Bik, OEIS A133046) checked by the full run.
DEEP = {9: 3_963_680, 10: 18_391_564, 11: 85_242_128}
#: A game still going after this many plies is adjudicated: a lead of a man or more
#: (a man counts 1, a king 2) wins, anything less is a draw.
MAX_PLIES = 160


def perft_speed(depth: int) -> tuple[float, int]:
    game = R.parse_fen(R.START_FEN_8X8)
    t0 = time.perf_counter()
    leaves = R.perft(game, depth)
    return leaves / (time.perf_counter() - t0), leaves


def baseline_speed(depth: int) -> float:
    board = naive.from_game(R.parse_fen(R.START_FEN_8X8))
    t0 = time.perf_counter()
    leaves = naive.perft(board, depth)
    return leaves / (time.perf_counter() - t0)


def middle_games(count: int, seed: int) -> list[R.Game]:
    """Positions after 14-24 random plies with at least 8 pieces a side."""
    rng = random.Random(seed)
    out: list[R.Game] = []
    while len(out) < count:
        game = R.new_game(R.Options(), rng)
        for _ in range(rng.randrange(14, 25)):
            if game.over:
                break
            game = R.play(game, rng.choice(game.legal_moves()))
        pos = game.position
        if not game.over and min(pos.black.bit_count(), pos.white.bit_count()) >= 8:
            out.append(game)
    return out


def level9_times(count: int) -> tuple[float, float]:
    times, nodes = [], 0
    for game in middle_games(count, seed=9):
        t0 = time.perf_counter()
        result = E.best_move(game, 9)
        times.append(time.perf_counter() - t0)
        nodes += result.nodes
    return statistics.median(times), nodes / sum(times)


def play_match(strong: int, weak: int, games: int, seed: int) -> float:
    """Score of ``strong`` against ``weak``: wins + draws/2 over ``games`` games."""
    rng = random.Random(seed)
    points = 0.0
    for i in range(games):
        game = R.new_game(R.Options(), rng)
        for _ in range(4):                     # a varied, seeded opening
            game = R.play(game, rng.choice(game.legal_moves()))
        strong_color = R.BLACK if i % 2 == 0 else R.WHITE
        plies = 0
        while not game.over and plies < MAX_PLIES:
            level = strong if game.turn == strong_color else weak
            game = R.play(game, E.best_move(game, level).move)
            plies += 1
        if game.result is not None:
            winner = game.result.winner
        else:
            lead = R.advantage(game, strong_color)
            winner = strong_color if lead >= 1 else (R.other(strong_color) if lead <= -1
                                                     else None)
        if winner is None:
            points += 0.5
        elif winner == strong_color:
            points += 1.0
    return points / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a run under a minute")
    args = parser.parse_args()
    quick = args.quick

    rate, leaves = perft_speed(8)
    base = baseline_speed(5)
    print(f"perft8_leaves = {leaves}")
    print(f"perft8_leaves_per_s = {rate:.0f}")
    print(f"baseline_leaves_per_s = {base:.0f}")
    print(f"ratio = {rate / base:.1f}")

    if not quick:
        bad = [d for d, n in DEEP.items() if R.perft(R.START_FEN_8X8, d) != n]
        print(f"perft_deep_ok = {not bad} (depths {min(DEEP)}-{max(DEEP)})")

    median, nps = level9_times(3 if quick else 11)
    print(f"level9_median_s = {median:.2f}", flush=True)
    print(f"level9_nodes_per_s = {nps:.0f}")

    if quick:
        pairs, games = [(1, 3), (3, 5)], 4
    else:
        pairs, games = [(n, n + 2) for n in range(1, 8)], 12
    ladder = []
    total = 0
    for weak, strong in pairs:
        n = games if strong <= 7 else 4     # levels 8 and 9 take seconds a move
        score = play_match(strong, weak, n, seed=100 + weak)
        print(f"ladder_{strong}v{weak} = {score:.2f} ({n} games)", flush=True)
        ladder.append(f"{strong}v{weak}:{score:.2f}")
        total += n
    print(f"ladder = {' '.join(ladder)}")
    print(f"games = {total}")


if __name__ == "__main__":
    main()
