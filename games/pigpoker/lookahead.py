"""Look-ahead for the Pig Poker computer: the race to four, played a few half-turns ahead.

The static values in ``ai`` weigh one capture at a time.  This module plays the next turns
out instead, as a small expectimax over the rival's hand, for two-player games:

1. my capture (a square and the class of my hand);
2. the rival's turn: its final hand is drawn from a fixed distribution (the best of a few
   random hands: ``P(class <= c) = hold[c] ** tries``).  Only how its hand ranks against the
   hands on the board matters, so the classes fall into at most 17 *bands* between the
   board's hands; for each band the rival completes its four if it can, otherwise it takes
   a square by a model of a sensible player (break or block a three of mine first, else the
   strongest hand it can beat), its new hand the band's median class;
3. my next turn: my chance to complete four (the weakest square I still lack);
4. the rival's turn after that: its chance to complete four, less what my move in between
   can do about it (break one of its three, or raise the square it lacks; nothing against
   two threes that no one square meets: a fork).

The result is a difference of chances (mine to win first, less the rival's), in [-1, 1].
Everything is counted over bands, never sampled: deterministic, and bounded by the board
(at most 16 candidate squares x 17 bands x 16 replies), not by the clock.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from retro.games.pigpoker import rules as r

#: The lines through each square.
LINES_AT: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(line for line in r.LINES if i in line) for i in range(r.SQUARES))

REPLY_BLOCKS = 2.0       # the rival's model: breaking or blocking a three of mine comes first,
REPLY_BUILDS = 0.0       # ... then making a three of its own, then the strongest hand
RAISED_TAKE = 0.8        # the rival's chance to retake a fourth square I raised in between
BASE_HAZARD = 0.0        # each side's chance a turn to complete a line not yet in sight


@dataclass(frozen=True)
class Race:
    """The chance tables the look-ahead needs, per game options."""

    rival_cdf: Sequence[float]     # P(the rival's final class <= c), c = 0 .. classes - 1
    my_cdf: Sequence[float]        # the same for my own final hand
    lowest: int                    # the lowest class that may take an empty square
    barred: int                    # a threshold no hand passes (an empty square Mud Puddle bars)

    @classmethod
    def build(cls, hold: np.ndarray, lowest: int, rival_tries: float,
              my_tries: float) -> Race:
        return cls(tuple((hold ** rival_tries).tolist()), tuple((hold ** my_tries).tolist()),
                   lowest, len(hold))

    def beats(self, cdf: Sequence[float], t: int) -> float:
        """Chance that a final hand drawn by ``cdf`` passes threshold ``t``."""
        if t >= self.barred:
            return 0.0
        return 1.0 - cdf[t] if t >= 0 else 1.0


def thresholds(owners: Sequence[int | None], classes: Sequence[int], race: Race,
               mud_puddle: bool) -> list[int]:
    """For each square, the class a hand must pass to take it."""
    has_pigs = any(o is not None for o in owners)
    out = []
    for i, owner in enumerate(owners):
        if owner is not None:
            out.append(classes[i])
        elif mud_puddle and has_pigs and all(owners[k] is None for k in r.NEIGHBOURS[i]):
            out.append(race.barred)
        else:
            out.append(race.lowest - 1)
    return out


def completing(owners: Sequence[int | None], p: int) -> list[int]:
    """Squares that would complete four in a row for player ``p``."""
    out: set[int] = set()
    for line in r.LINES:
        lacking = [k for k in line if owners[k] != p]
        if len(lacking) == 1:
            out.add(lacking[0])
    return sorted(out)


def threes(owners: Sequence[int | None], p: int) -> list[tuple[int, ...]]:
    """Lines where ``p`` holds exactly three squares."""
    return [line for line in r.LINES if sum(owners[k] == p for k in line) == 3]


def capture_value(owners: Sequence[int | None], classes: Sequence[int], square: int, cls: int,
                  me: int, rival: int, race: Race, mud_puddle: bool = False) -> float:
    """My chance to win the race less the rival's, looking ahead from my capture of
    ``square`` with a hand of class ``cls`` (see the module's description)."""
    return capture_outcome(owners, classes, square, cls, me, rival, race, mud_puddle)[0]


def capture_outcome(owners: Sequence[int | None], classes: Sequence[int], square: int,
                    cls: int, me: int, rival: int, race: Race,
                    mud_puddle: bool = False) -> tuple[float, float]:
    """``capture_value`` and the chance that the rival completes four on its very next
    turn (then nothing else about the capture matters)."""
    owners = list(owners)
    classes = list(classes)
    owners[square], classes[square] = me, cls
    if any(all(owners[k] == me for k in line) for line in LINES_AT[square]):
        return 1.0, 0.0
    return rival_outcome(owners, classes, me, rival, race, mud_puddle)


def rival_turn(owners: Sequence[int | None], classes: Sequence[int], me: int, rival: int,
               race: Race, mud_puddle: bool = False) -> float:
    """My chance to win the race less the rival's, the rival to move on this board (after
    my capture, or after I passed: then nothing of mine has changed)."""
    return rival_outcome(owners, classes, me, rival, race, mud_puddle)[0]


def rival_outcome(owners: Sequence[int | None], classes: Sequence[int], me: int, rival: int,
                  race: Race, mud_puddle: bool = False) -> tuple[float, float]:
    """``rival_turn`` and the chance that the rival completes four on this turn."""
    thr = thresholds(owners, classes, race, mud_puddle)
    rival_done = completing(owners, rival)
    bands = sorted({t for t in thr if t < race.barred})
    value = 0.0
    lost = 0.0
    cdf = race.rival_cdf
    for k, low in enumerate(bands):
        high = bands[k + 1] if k + 1 < len(bands) else len(cdf) - 1
        p_band = cdf[high] - (cdf[low] if low >= 0 else 0.0)
        if p_band <= 1e-9:
            continue
        legal = [i for i in range(r.SQUARES) if thr[i] <= low]
        if any(i in rival_done for i in legal):
            value -= p_band
            lost += p_band
            continue
        reply = _reply(owners, thr, legal, me, rival)
        after_owners = list(owners)
        after_classes = list(classes)
        after_owners[reply] = rival
        after_classes[reply] = _median(cdf, low, high)
        value += p_band * _leaf(after_owners, after_classes, me, rival, race, mud_puddle)
    # The band below every hand on the board: the rival cannot take a square and passes.
    if bands:
        p_pass = cdf[bands[0]] if bands[0] >= 0 else 0.0
        value += p_pass * _leaf(owners, classes, me, rival, race, mud_puddle)
    return value, lost


def _median(cdf: Sequence[float], low: int, high: int) -> int:
    """The median class of a band (low, high] under ``cdf``."""
    base = cdf[low] if low >= 0 else 0.0
    mid = (base + cdf[high]) / 2
    return bisect.bisect_left(cdf, mid, low + 1, max(high, low + 1))


def _reply(owners: Sequence[int | None], thr: Sequence[int], legal: Sequence[int],
           me: int, rival: int) -> int:
    """The rival's square (it cannot win): a sensible player breaks or blocks a three of
    mine if it can, else makes a three of its own, else takes the strongest hand it can
    beat; its own squares last."""
    mine = threes(owners, me)
    top = max(thr) + 1

    def score(i: int) -> float:
        if owners[i] == rival:
            return -10.0 + (thr[i] + 1) / (top + 1)
        s = 0.0
        if any(i in line for line in mine):
            s += REPLY_BLOCKS
        if REPLY_BUILDS and any(sum(owners[k] == rival for k in line) == 2
                                for line in LINES_AT[i]):
            s += REPLY_BUILDS
        return s + (thr[i] + 1) / (top + 1)

    return max(legal, key=lambda i: (score(i), -i))


def _leaf(owners: Sequence[int | None], classes: Sequence[int], me: int, rival: int,
          race: Race, mud_puddle: bool) -> float:
    """My turn: my chance to complete now, else the rival's chance to complete after my
    move (less what that move can do about it), as a difference of chances."""
    thr = thresholds(owners, classes, race, mud_puddle)
    mine = completing(owners, me)
    p_win = max((race.beats(race.my_cdf, thr[i]) for i in mine), default=0.0)
    return _race(p_win, _rival_hazard(owners, thr, rival, race))


def _race(mine: float, rival: float) -> float:
    """My chance to win a race less the rival's, each side completing with a fixed chance
    a turn (I move first): a threat that is not met keeps coming back."""
    if not BASE_HAZARD:
        return mine - (1.0 - mine) * rival          # one turn each, no more
    a = mine + (1.0 - mine) * BASE_HAZARD
    b = rival + (1.0 - rival) * BASE_HAZARD
    return (a - (1.0 - a) * b) / (1.0 - (1.0 - a) * (1.0 - b))


def _rival_hazard(owners: Sequence[int | None], thr: Sequence[int], rival: int,
                  race: Race) -> float:
    """The rival's chance to complete on its turn after my move, less what that move can
    do about its threes."""
    lines = threes(owners, rival)
    if not lines:
        return 0.0
    fourths = [next(k for k in line if owners[k] != rival) for line in lines]
    p_rival = max(race.beats(race.rival_cdf, thr[f]) for f in fourths)
    # What my move can do: a square in every threatening line meets them all.
    common = set(lines[0]).intersection(*lines[1:])
    p_stop = 0.0
    for i in common:
        take = race.beats(race.my_cdf, thr[i])
        # Taking one of its three breaks every line through it; the square it lacks is
        # only raised, and may be taken back.
        p_stop = max(p_stop, take if owners[i] == rival else take * (1.0 - RAISED_TAKE))
    return p_rival * (1.0 - p_stop)


def class_bands(classes: Sequence[int], owners: Sequence[int | None], square: int,
                n: int) -> list[tuple[int, int]]:
    """The classes ``(low, high]`` that rank alike against every other hand on the board:
    within a band the look-ahead differs only by how hard my new hand is to beat."""
    edges = sorted({classes[k] for k in range(r.SQUARES)
                    if k != square and owners[k] is not None} | {-1, n - 1})
    return list(itertools.pairwise(edges))


def band_values(owners: Sequence[int | None], classes: Sequence[int], square: int, me: int,
                rival: int, race: Race, mud_puddle: bool, allowed: np.ndarray) -> np.ndarray:
    """``capture_value`` for every class that may take ``square`` (0 elsewhere), worked out
    once a band at the band's median hand (under my own hand's distribution)."""
    return band_outcomes(owners, classes, square, me, rival, race, mud_puddle, allowed)[0]


def band_outcomes(owners: Sequence[int | None], classes: Sequence[int], square: int, me: int,
                  rival: int, race: Race, mud_puddle: bool,
                  allowed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``capture_outcome`` for every class that may take ``square`` (0 elsewhere), band by
    band as ``band_values``: the values, and the chances the rival completes at once."""
    n = len(allowed)
    out = np.zeros(n)
    lost = np.zeros(n)
    for low, high in class_bands(classes, owners, square, n):
        if not allowed[low + 1:high + 1].any():
            continue
        rep = _median(race.my_cdf, low, high)
        value, now = capture_outcome(owners, classes, square, rep, me, rival, race, mud_puddle)
        out[low + 1:high + 1] = value
        lost[low + 1:high + 1] = now
    return out, lost
