"""Fast play-outs of Pig Poker boards, for the computer's choice of square.

A board is two lists: the owner of each square (``None`` for empty) and the class of the
hand on it (-1 for empty).  A play-out gives every turn a final hand class drawn from a
fixed pool (``final_classes``: random deals twiddled the greedy way, the die rolled) and lets
every seat take a square by one simple policy (``policy_square``: complete a four, else
break a rival's three in a line, else the strongest square it does not hold), until someone
holds four in a row.  The squares a class may take follow the rules' ``can_take``
(``tests/pigpoker/test_playout.py`` checks they agree).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

import numpy as np

from retro.games.pigpoker import hands as hx
from retro.games.pigpoker import rules as r

POOL_SIZE = 4096
POOL_SEED = 1997
#: The lines through each square.
LINES_THROUGH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(line for line in r.LINES if i in line) for i in range(r.SQUARES))


@cache
def final_classes() -> tuple[int, ...]:
    """Classes of the hands a turn ends with: ``POOL_SIZE`` random deals, each twiddled once
    the greedy way (keep what makes the hand, redraw the lowest of the rest, as many as a
    rolled die allows).  The same pool in every run (its own fixed seed)."""
    from retro.games.pigpoker.ai import greedy_keep  # ai imports this module

    rng = random.Random(POOL_SEED)
    hands = np.empty((POOL_SIZE, 5), dtype=np.intp)
    for n in range(POOL_SIZE):
        deck = list(range(52))
        rng.shuffle(deck)
        hand = [hx.Card.from_id(deck.pop()) for _ in range(5)]
        keep = set(greedy_keep(hand))
        rest = sorted((p for p in range(5) if p not in keep), key=lambda p: hand[p].rank)
        redraw = rest[: rng.randint(1, r.DIE_FACES)]
        deck.extend(hand[p].id for p in redraw)
        rng.shuffle(deck)
        for p in redraw:
            hand[p] = hx.Card.from_id(deck.pop())
        hands[n] = [c.id for c in hand]
    return tuple(int(c) for c in hx.classify(hands))


@cache
def _takers(options: r.Options) -> tuple[tuple[bool, ...], tuple[int, ...]]:
    """Per class: whether it may take a square at all, and its category."""
    t = hx.tables()
    able = t.category > hx.BUST if options.same_sex else r.eligible_classes()
    return tuple(bool(a) for a in able), tuple(int(c) for c in t.category)


def legal_squares(owners: Sequence[int | None], classes: Sequence[int], cls: int,
                  options: r.Options) -> list[int]:
    """The squares a hand of class ``cls`` may take (the rules' ``can_take``)."""
    able, category = _takers(options)
    if not able[cls]:
        return []
    has_pigs = any(o is not None for o in owners)
    out = []
    for k in range(r.SQUARES):
        held = classes[k]
        if owners[k] is None:
            if options.mud_puddle and has_pigs and \
                    all(owners[n] is None for n in r.NEIGHBOURS[k]):
                continue
        elif held >= cls or (options.same_sex and category[held] != category[cls]):
            continue
        out.append(k)
    return out


def completes(owners: Sequence[int | None], k: int, seat: int) -> bool:
    """Whether ``seat`` holding square ``k`` holds a whole line through it."""
    return any(all(owners[j] == seat for j in line if j != k) for line in LINES_THROUGH[k])


def policy_square(owners: Sequence[int | None], classes: Sequence[int], legal: list[int],
                  seat: int) -> int:
    """The play-out policy: a square that completes a four; else one of a line where a
    rival holds three (the strongest such); else the strongest square not already held."""
    for k in legal:
        if completes(owners, k, seat):
            return k
    threatened: set[int] = set()
    for line in r.LINES:
        held = [owners[j] for j in line]
        for q in held:
            if q is not None and q != seat and held.count(q) == 3:
                threatened.update(line)
                break
    blocks = [k for k in legal if k in threatened]
    pick = blocks or [k for k in legal if owners[k] != seat] or legal
    return max(pick, key=lambda k: (classes[k], -k))


def play_out(owners: list[int | None], classes: list[int], turn: int, players: int,
             options: r.Options, rng: random.Random, limit: int = 60) -> int | None:
    """Play on from the board (``turn`` to move) to a four in a row; the winner's seat, or
    None after ``limit`` turns.  The lists are changed in place."""
    pool = final_classes()
    for _ in range(limit):
        cls = pool[rng.randrange(POOL_SIZE)]
        legal = legal_squares(owners, classes, cls, options)
        if legal:
            k = policy_square(owners, classes, legal, turn)
            owners[k], classes[k] = turn, cls
            if completes(owners, k, turn):
                return turn
        turn = (turn + 1) % players
    return None
