"""Sixty-Six closing measured by its outcome, with the expert playing both sides.

    python bench/sixtysix_closing.py [--deals 240] [--positions 24] [--replays 16]

Collects the positions where the expert's sampling alone (each sampled world seen whole)
closes: its leads in seeded deals against the greedy player, as ``sixtysix_ai.py`` plays
them.  Each position is then replayed ``--replays`` times: the hidden cards (the other
hand and the stock order) are dealt afresh from what the closer may know, and the deal is
played to its end twice from the same cards, once closing now and once playing the best
card instead, with the expert (as shipped) choosing every later move of both sides.  The
difference is closing's gain in game points there.  Prints, for the positions where the
shipped expert closes and for those where it declines, the number of positions and the
mean gain with its 95% half-width (positions as the unit), and ``agree``: the share of
positions where the shipped decision has the better mean outcome.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from retro.games.sixtysix.ai import ExpertConfig, ExpertPlayer, GreedyPlayer  # noqa: E402
from retro.games.sixtysix.closing import world_deal  # noqa: E402
from retro.games.sixtysix.rules import Close, Deal, Move, Play, card_from_index  # noqa: E402


def positions(deals: int, wanted: int) -> list[tuple[int, Deal]]:
    """(seed, deal) where the sampling alone closes, the closer to move."""
    found: list[tuple[int, Deal]] = []
    alone = ExpertConfig(close_worlds=0)
    for seed in range(1, deals + 1):
        for hero in (0, 1):
            deal = Deal.new(random.Random(seed), dealer=seed % 2)
            expert = ExpertPlayer(hero, random.Random(seed * 101 + hero * 7 + 1), alone)
            greedy = GreedyPlayer(1 - hero, random.Random(seed))
            while not deal.over:
                if deal.turn == hero:
                    before = deal.copy()
                    move = expert.choose(deal)
                    if isinstance(move, Close):
                        found.append((seed, before))
                        break
                else:
                    move = greedy.choose(deal)
                deal.apply(move)
            if len(found) >= wanted:
                return found
    return found


def best_play(deal: Deal, seed: int) -> Move:
    probe = ExpertPlayer(deal.turn, random.Random(seed))
    card = card_from_index(int(probe._best_card(probe.evaluate(deal))))
    return Play(card, marriage=deal.leading and deal.can_marry(deal.turn, card))


def play_to_end(world: Deal, first: Move, seat: int, seed: int) -> int:
    deal = world.copy()
    deal.apply(first)
    players = {s: ExpertPlayer(s, random.Random(seed * 13 + s)) for s in (0, 1)}
    while not deal.over:
        deal.apply(players[deal.turn].choose(deal))
    res = deal.result
    assert res is not None
    if res.winner is None:
        return 0
    return res.game_points if res.winner == seat else -res.game_points


def mean_ci(values: list[float]) -> tuple[float, float]:
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=240)
    ap.add_argument("--positions", type=int, default=24)
    ap.add_argument("--replays", type=int, default=16)
    args = ap.parse_args()
    t0 = time.process_time()
    found = positions(args.deals, args.positions)
    gains: dict[bool, list[float]] = {True: [], False: []}
    agree = 0
    for i, (seed, deal) in enumerate(found):
        seat = deal.turn
        shipped = ExpertPlayer(seat, random.Random(seed * 101 + seat * 7 + 1)).choose(deal)
        closes = isinstance(shipped, Close)
        play = best_play(deal, seed)
        view = ExpertPlayer(seat, random.Random(seed + 5))
        diffs: list[float] = []
        for r in range(args.replays):
            world = world_deal(deal, seat, *view.sample_world(deal, view.rng))
            diffs.append(play_to_end(world, Close(), seat, r) - play_to_end(world, play, seat, r))
        gain, half = mean_ci(diffs)
        gains[closes].append(gain)
        agree += (gain > 0) == closes
        print(f"# position {i + 1}: seed {seed}, points {deal.points[seat]}, "
              f"shipped {'closes' if closes else 'declines'}, "
              f"gain of closing {gain:+.2f} +- {half:.2f}", file=sys.stderr, flush=True)
    for closes, label in ((True, "closes"), (False, "declines")):
        mean, half = mean_ci(gains[closes])
        print(f"positions_shipped_{label} = {len(gains[closes])}")
        print(f"gain_where_shipped_{label} = {mean:+.3f} +- {half:.3f}")
    print(f"agree = {agree / max(1, len(found)):.3f}")
    print(f"positions = {len(found)}")
    print(f"replays = {args.replays}")
    print(f"cpu_s = {time.process_time() - t0:.0f}")


if __name__ == "__main__":
    main()
