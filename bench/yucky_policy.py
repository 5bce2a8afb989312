"""Yucky Lucky You! play-out policies head to head: the computer's own seat against the plain one.

    python bench/yucky_policy.py              # 20,000 hands a pairing, about ten seconds
    python bench/yucky_policy.py --hands 2000
    python bench/yucky_policy.py --cards 52 --hands 2000     # the long game

The play-outs of the computer's look-ahead (``retro.games.yucky.playout``) play the
computer's own seat by ``own_choice`` (bridges kept for later) and the other seat by the
plain policy.  A stronger own seat makes a stronger look-ahead, so this measures the
policies alone, on the play-out's rules: each hand dealt from its own seed (seven cards
each unless ``--cards`` says otherwise, a number card turned up), who starts alternating
hand by hand, the same hands for every pairing.  A wild names the colour its player holds most.

Prints ``key = value`` lines: ``own_vs_plain``, ``own_vs_first_fit`` and the baseline
``plain_vs_first_fit`` (the first policy's share of the decided hands), each with
``ci95_...`` (the 95% half-width), and ``hands``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from retro.games.yucky import playout
from retro.games.yucky.playout import (
    KCOL,
    KIND,
    KRANK,
    SKIP,
    WILD_CARD,
    WILD_COLOR,
    WILD_FOUR,
    Policy,
    own_choice,
    plain_choice,
)
from retro.games.yucky.rules import DECK

HAND = 7
MOVE_LIMIT = 2_000


def first_fit(hand: list[int], color: int, rank: int, other: int) -> tuple[int, bool, int]:
    """The first-fit player in the play-out's form: the first card of the colour in hand
    order, else the first of the number, else a wild, else a wild draw four (legal then:
    no card of the colour)."""
    tests: tuple[Callable[[int], bool], ...] = (
        lambda k: KCOL[k] == color,
        lambda k: KCOL[k] != WILD_COLOR and KRANK[k] == rank,
        lambda k: KRANK[k] == WILD_CARD,
        lambda k: KRANK[k] == WILD_FOUR)
    have_color = any(KCOL[k] == color for k in hand)
    for test in tests:
        for i, k in enumerate(hand):
            if test(k):
                return i, have_color, 0
    return -1, have_color, 0


def play_hand(seed: int, policies: tuple[Policy, Policy], first: int, cards: int = HAND) -> int:
    """The seat that goes out (-1 past ``MOVE_LIMIT`` moves) of the hand dealt from ``seed``,
    ``cards`` to each seat (dealt again while no number card is left to turn up)."""
    rng = random.Random(seed)
    numbers: list[int] = []
    while not numbers:
        pile = [KIND[card] for card in DECK]
        rng.shuffle(pile)
        hands = [[pile.pop() for _ in range(cards)], [pile.pop() for _ in range(cards)]]
        numbers = [i for i, k in enumerate(pile) if KCOL[k] != WILD_COLOR and KRANK[k] < SKIP]
    top = pile.pop(numbers[-1])
    winner, _ = playout.play_out(hands, pile, [top], KCOL[top], KRANK[top], first, rng,
                                 MOVE_LIMIT, policies=policies)
    return winner


def match(policies: tuple[Policy, Policy], hands: int, seed: int,
          cards: int = HAND) -> tuple[float, float, int]:
    """The first policy's share of the decided hands, its 95% half-width and the count."""
    wins = decided = 0
    for i in range(hands):
        winner = play_hand(seed * 1_000_003 + i, policies, i % 2, cards)
        if winner >= 0:
            decided += 1
            wins += winner == 0
    p = wins / decided
    return p, 1.96 * math.sqrt(p * (1 - p) / decided), decided


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands a pairing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cards", type=int, default=HAND,
                        help=f"cards dealt to each seat (default {HAND}; the long game: 52)")
    args = parser.parse_args()
    for name, policies in (("own_vs_plain", (own_choice, plain_choice)),
                           ("own_vs_first_fit", (own_choice, first_fit)),
                           ("plain_vs_first_fit", (plain_choice, first_fit))):
        p, ci, n = match(policies, args.hands, args.seed, args.cards)
        print(f"{name} = {p:.4f}")
        print(f"ci95_{name} = {ci:.4f}", flush=True)
    print(f"hands = {n}")


if __name__ == "__main__":
    main()
