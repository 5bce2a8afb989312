"""Yucky Lucky You! computer player: hand win rates against three baselines, decision times.

    python bench/yucky_ai.py            # 3,000 hands against each baseline
    python bench/yucky_ai.py --quick    # 25 hands each, under a minute

Prints ``key = value`` lines.  For each baseline (``random``, ``greedy``, ``first_fit``, see
``retro.games.yucky.ai``): ``win_vs_<name>`` (the share of decided hands the computer won,
seats alternating hand by hand and the deal every second hand, each hand dealt from its own
seed, the game's cry lapse on), ``ci95_vs_<name>`` (the 95% half-width of that share) and
``hands_vs_<name>``.  ``decision_median_s`` and ``decision_max_s`` are the CPU seconds of the
computer's decisions over all those hands (``decisions`` of them); ``hands_per_s`` the
rules-only speed (two random-legal players, no look-ahead).

``--sees`` measures a ceiling, not a player: the computer's play-outs are dealt the
opponent's real hand (``hand``), or the hand model's deals held to what the computer is
told besides: the real hand's colours in their numbers, wilds counted as a colour
(``colors``), or which colours it holds, each at least once (``voids``).  Everything else
is the computer's own, so the figures tell what knowing that much more of the hidden hand
is worth.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Generator
from pathlib import Path
from typing import ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from retro.games.yucky import ai
from retro.games.yucky.ai import (
    LAPSE,
    Computer,
    FirstFitPlayer,
    GreedyPlayer,
    Player,
    RandomPlayer,
    play_hand,
)
from retro.games.yucky.opponent import HandModel
from retro.games.yucky.playout import KCOL, KIND
from retro.games.yucky.rules import Move, Options, Round

OPPONENTS: dict[str, Callable[[random.Random], Player]] = {
    "random": RandomPlayer, "greedy": GreedyPlayer, "first_fit": FirstFitPlayer}


class Timed(Computer):
    """The computer, recording the CPU time of every decision."""

    times: ClassVar[list[float]] = []

    def choose(self, r: Round, seat: int) -> Move:
        start = time.process_time()
        move = super().choose(r, seat)
        self.times.append(time.process_time() - start)
        return move


#: What a ceiling tells the computer: (the opponent's real hand, the computer's hand model,
#: the unseen cards, the deal's random stream) -> the hand to deal it.
Deal = Callable[[list[int], HandModel, list[int], random.Random], list[int]]


def _the_hand(true: list[int], model: HandModel, pool: list[int],
              rng: random.Random) -> list[int]:
    return list(true)


def _by_marks(masks: list[int], count: int) -> list[int]:
    """``count`` masks, the most-marked first (as ``opponent.fill`` fills them), padded
    with unmarked ones should the model count the hand otherwise."""
    return (sorted(masks, key=lambda m: -m.bit_count()) + [0] * count)[:count]


def _take(pool: list[int], mask: int, colors: set[int]) -> int:
    """The first card of ``pool`` of one of ``colors`` that ``mask`` allows (any card of
    those colours, if none), taken out of ``pool``."""
    at = next((i for i, k in enumerate(pool) if KCOL[k] in colors and not mask >> k & 1),
              None)
    if at is None:
        at = next(i for i, k in enumerate(pool) if KCOL[k] in colors)
    return pool.pop(at)


def _same_colors(true: list[int], model: HandModel, pool: list[int],
                 rng: random.Random) -> list[int]:
    """The model's deal held to the real hand's colours in their numbers."""
    need = [0] * 5
    for kind in true:
        need[KCOL[kind]] += 1
    masks = model.masks(rng)
    left = rng.sample(pool, len(pool))
    hand = []
    for mask in _by_marks(masks, len(true)):
        kind = _take(left, mask, {c for c in range(5) if need[c]})
        need[KCOL[kind]] -= 1
        hand.append(kind)
    return hand


def _same_voids(true: list[int], model: HandModel, pool: list[int],
                rng: random.Random) -> list[int]:
    """The model's deal held to the colours the real hand holds, each at least once."""
    present = {KCOL[kind] for kind in true}
    missing = set(present)
    masks = model.masks(rng)
    left = rng.sample(pool, len(pool))
    hand = []
    for i, mask in enumerate(_by_marks(masks, len(true))):
        # Once the slots left are only enough for the colours not dealt yet, deal those.
        kind = _take(left, mask, missing if len(missing) >= len(true) - i else present)
        missing.discard(KCOL[kind])
        hand.append(kind)
    return hand


SEES: dict[str, Deal] = {"hand": _the_hand, "colors": _same_colors, "voids": _same_voids}


class Seeing(Timed):
    """A harness, not a player: the computer whose play-outs are dealt from what it is told
    of the opponent's real hand (``SEES``)."""

    deal: ClassVar[Deal] = staticmethod(_the_hand)

    def choose_steps(self, r: Round, seat: int) -> Generator[float, bool | None, Move]:
        true = [KIND[card] for card in r.cards[1 - seat]]
        told = type(self).deal

        def deal(pool: list[int], rng: random.Random) -> tuple[list[int], list[int]]:
            hand = told(true, model, pool, rng)
            rest = list(pool)
            for kind in hand:
                rest.remove(kind)
            rng.shuffle(rest)
            return hand, rest

        # A new hand makes a new model: observe first (the decision's own look is then a
        # no-op) so that the deal is set on the model the decision will use.
        self._observe(r, seat)
        model = self._model
        model.deal = deal  # type: ignore[method-assign]
        return (yield from super().choose_steps(r, seat))


def seeing(deal: Deal) -> type[Seeing]:
    """The ``Seeing`` harness told of the opponent's hand by ``deal``."""
    return type(f"Seeing_{deal.__name__}", (Seeing,), {"deal": staticmethod(deal)})


def match_rate(make_opponent: Callable[[random.Random], Player], hands: int, seed: int,
               lapse: float, options: Options | None = None, fresh: bool = False,
               first: int = 0, progress: int = 0,
               computer_class: type[Timed] = Timed) -> tuple[float, float, int]:
    """Share of decided hands the computer wins, its 95% half-width and the hand count.

    One computer plays all the hands, as in the program, where it lives through the run
    and learns how its opponent plays; ``fresh`` makes a new one for every hand.  ``first``
    is the number of the first hand (runs of different hands can be added up); ``progress``
    prints the count so far every so many hands."""
    wins = decided = 0
    lasting = computer_class(random.Random(seed * 7 + first), lapse=lapse)
    for i in range(first, first + hands):
        rng = random.Random(seed * 1_000_003 + i)
        own_rng = random.Random(rng.getrandbits(32))
        computer = computer_class(own_rng, lapse=lapse) if fresh else lasting
        other = make_opponent(random.Random(rng.getrandbits(32)))
        seat = i % 2                                  # seats alternate hand by hand
        players = (computer, other) if seat == 0 else (other, computer)
        r = play_hand(Round.deal(rng, dealer=(i // 2) % 2, options=options or Options()),
                      players)
        if r.winner is not None:
            decided += 1
            wins += r.winner == seat
        if progress and (i + 1 - first) % progress == 0:
            print(f"# {i + 1 - first} hands: {wins} won of {decided} decided", file=sys.stderr,
                  flush=True)
    p = wins / decided
    return p, 1.96 * math.sqrt(p * (1 - p) / decided), decided


def speed(make_player: Callable[[random.Random], Player], hands: int, seed: int) -> float:
    start = time.perf_counter()
    for i in range(hands):
        rng = random.Random(seed + i)
        players = (make_player(rng), make_player(rng))
        play_hand(Round.deal(rng, dealer=i % 2), players)
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="25 hands each (under a minute)")
    parser.add_argument("--hands", type=int, help="hands against each baseline")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=sorted(OPPONENTS), action="append",
                        help="play only this baseline (may be repeated)")
    parser.add_argument("--lapse", type=float, default=None,
                        help="how often the computer forgets its cry (default: as in the game)")
    parser.add_argument("--rollouts", type=int, default=None,
                        help=f"deals played out per decision (default {ai.ROLLOUTS})")
    parser.add_argument("--prior", type=float, default=None,
                        help=f"weight of the one-move score (default {ai.PRIOR})")
    parser.add_argument("--budget", type=int, default=None,
                        help=f"cards scanned per decision (default {ai.WORK_BUDGET})")
    parser.add_argument("--first", type=int, default=0,
                        help="the number of the first hand (split a long run)")
    parser.add_argument("--progress", type=int, default=0,
                        help="print the count so far every N hands (to stderr)")
    parser.add_argument("--fresh", action="store_true",
                        help="a new computer for every hand (it learns nothing from the ones "
                             "before)")
    parser.add_argument("--sees", choices=sorted(SEES),
                        help="a ceiling, not a player: deal the play-outs from the opponent's "
                             "real hand, or its colours, or which colours it holds")
    args = parser.parse_args()
    if args.rollouts is not None:
        ai.ROLLOUTS = args.rollouts
    if args.prior is not None:
        ai.PRIOR = args.prior
    if args.budget is not None:
        ai.WORK_BUDGET = args.budget
    lapse = LAPSE if args.lapse is None else args.lapse
    hands = args.hands or (25 if args.quick else 3_000)
    print(f"lapse = {lapse}")
    print(f"rollouts = {ai.ROLLOUTS}")
    print(f"prior = {ai.PRIOR}")
    print(f"budget = {ai.WORK_BUDGET}")
    print(f"computer = {'fresh each hand' if args.fresh else 'one for the run'}")
    computer_class = Timed
    if args.sees:
        computer_class = seeing(SEES[args.sees])
        print(f"sees = {args.sees}")
    for k, (name, make) in enumerate(OPPONENTS.items()):
        if args.only and name not in args.only:
            continue
        p, ci, n = match_rate(make, hands, args.seed + k, lapse, fresh=args.fresh,
                              first=args.first, progress=args.progress,
                              computer_class=computer_class)
        print(f"win_vs_{name} = {p:.4f}")
        print(f"ci95_vs_{name} = {ci:.4f}")
        print(f"hands_vs_{name} = {n}", flush=True)
    times = Timed.times
    print(f"decisions = {len(times)}")
    print(f"decision_median_s = {statistics.median(times):.5f}")
    print(f"decision_max_s = {max(times):.4f}")
    rate = speed(RandomPlayer, 200 if args.quick else 2_000, args.seed)
    print(f"hands_per_s = {rate:.0f}")


if __name__ == "__main__":
    main()
