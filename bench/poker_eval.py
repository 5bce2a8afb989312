"""Classify all 2,598,960 five-card hands; compare speed with phevaluator's C core.

Prints ``key = value`` lines: ``counts_ok`` (the Pig Poker manual's table of counts),
``hands_per_s`` (our numpy evaluator: class, category and manual score of every hand),
``phevaluator_hands_per_s`` (its C function called once per hand, measured in this run) and
``ratio`` (ours / phevaluator).  ``--quick`` times phevaluator on a slice of the hands.

    python bench/poker_eval.py [--quick]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from retro.games.pigpoker import hands

#: The manual's table, bust first.
MANUAL_COUNTS = (1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40)


def best_of(runs: int, fn) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="time phevaluator on 500,000 hands")
    args = parser.parse_args()

    all_hands = hands.all_hands()
    hands.tables()
    hands.evaluate(all_hands[:1000])            # warm the tables' pages
    _, cat, _ = hands.evaluate(all_hands)
    counts = np.bincount(cat, minlength=9)[:9]
    print(f"hands = {len(all_hands)}")
    print(f"counts = {' '.join(str(int(c)) for c in counts)}")
    print(f"counts_ok = {tuple(int(c) for c in counts) == MANUAL_COUNTS}")

    ours = best_of(5, lambda: hands.evaluate(all_hands))
    ours_rate = len(all_hands) / ours
    print(f"hands_per_s = {ours_rate:.0f}")

    try:
        from phevaluator import _pheval  # the C extension behind evaluate_5cards
    except ImportError:
        print("phevaluator_hands_per_s = nan")
        print("ratio = nan")
        print("note = phevaluator is not installed (pip install phevaluator); no baseline")
        return
    subset = all_hands[:500_000] if args.quick else all_hands
    columns = [subset[:, i].tolist() for i in range(5)]   # plain ints, as a caller would pass
    ph = best_of(1 if args.quick else 2,
                 lambda: list(map(_pheval.evaluate_5cards, *columns)))
    ph_rate = len(subset) / ph
    print(f"phevaluator_hands = {len(subset)}")
    print(f"phevaluator_hands_per_s = {ph_rate:.0f}")
    print(f"ratio = {ours_rate / ph_rate:.2f}")


if __name__ == "__main__":
    main()
