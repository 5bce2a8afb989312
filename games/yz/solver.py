"""Optimal solitaire YZ: the strategy with the highest expected final score.

The game between turns is a state (boxes used, upper subtotal capped at 63, whether B6 holds
50).  Working backwards from the full card, ``F[state]`` is the expected score still to come
under optimal play.  Within a turn everything is exact: the 252 multisets of five dice are
the rolls, the 462 multisets of 0-5 dice are the keeps, and

* a final roll is worth the best box it may be posted to (score, bonuses, then ``F``);
* a keep is worth the average over one more die added (rolling n dice is adding n dice one
  at a time), so the expectation over all outcomes costs six lookups per keep;
* a roll with rolls left is worth its best sub-keep, found by a max over "one die fewer".

All of that runs in numpy over every (subtotal, eligibility) pair of a set of boxes at once.
The upper subtotal only matters with the 35-point upper bonus; without it that axis has
size 1.  Only subtotals that the used upper boxes can actually make are computed.

The table is built once per rule set and cached as ``.npy`` in the save folder;
``python -m retro.games.yz.solver --expected [--upper-bonus] [--free-joker]`` prints the optimal
expected score (with both options: the published 254.5896).
"""

from __future__ import annotations

import argparse
import io
import itertools
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from retro.games.yz.rules import (
    BOXES,
    DEFAULT_RULES,
    UPPER_BONUS,
    UPPER_BONUS_AT,
    YZ_BONUS,
    YZ_SCORE,
    Dice,
    Joker,
    Rules,
    Scorecard,
    allowed_posts,
)

NBOX = len(BOXES)
FULL = (1 << NBOX) - 1
B6 = BOXES.index("B6")
UPPER_BITS = 0b111111
LOWER_BITS = FULL & ~UPPER_BITS
CAP = UPPER_BONUS_AT  # subtotals above 63 are all alike
TABLE_VERSION = 1
NEG = -1e9

# -- dice multisets ----------------------------------------------------------------------------


def _multisets(n: int) -> list[tuple[int, ...]]:
    """Count vectors (six faces) of n dice, in a fixed order."""
    return [tuple(sum(1 for c in combo if c == f) for f in range(1, 7))
            for combo in itertools.combinations_with_replacement(range(1, 7), n)]


KEEPS: list[tuple[int, ...]] = [k for n in range(6) for k in _multisets(n)]
KEEP_INDEX: dict[tuple[int, ...], int] = {k: i for i, k in enumerate(KEEPS)}
LAYER: list[int] = [0]
for _n in range(6):
    LAYER.append(LAYER[-1] + len(_multisets(_n)))
ROLL0 = LAYER[5]                       # rolls are the size-5 keeps
ROLLS = KEEPS[ROLL0:]
NROLL = len(ROLLS)                     # 252


def _add_table() -> list[np.ndarray]:
    """For each layer s < 5: the keep after adding a die showing each face, shape (n_s, 6)."""
    out = []
    for s in range(5):
        rows = []
        for k in KEEPS[LAYER[s]:LAYER[s + 1]]:
            rows.append([KEEP_INDEX[tuple(c + (f == i) for i, c in enumerate(k))]
                         for f in range(6)])
        out.append(np.array(rows))
    return out


def _sub_table() -> list[np.ndarray]:
    """For each layer s >= 1: the keeps with one die fewer, padded by repetition."""
    out = [np.zeros((1, 1), dtype=int)]
    for s in range(1, 6):
        rows = []
        for k in KEEPS[LAYER[s]:LAYER[s + 1]]:
            subs = [KEEP_INDEX[tuple(c - (f == i) for i, c in enumerate(k))]
                    for f in range(6) if k[f]]
            rows.append(subs + [subs[0]] * (min(s, 5) - len(subs)))
        out.append(np.array(rows))
    return out


ADD = _add_table()
SUB = _sub_table()


def counts_of(dice: Dice) -> tuple[int, ...]:
    return tuple(dice.count(f) for f in range(1, 7))


def dice_of(counts: tuple[int, ...]) -> Dice:
    return tuple(f for f in range(1, 7) for _ in range(counts[f - 1]))


def _roll_probabilities() -> np.ndarray:
    """Chance of each multiset when five dice are rolled."""
    p = np.zeros(len(KEEPS))
    p[0] = 1.0
    for s in range(5):
        for j, k in enumerate(KEEPS[LAYER[s]:LAYER[s + 1]]):
            for f in range(6):
                p[ADD[s][j, f]] += p[LAYER[s] + j] / 6
            del k
    return p[ROLL0:]


ROLL_P = _roll_probabilities()


def expect_keeps(final: np.ndarray) -> np.ndarray:
    """Values (rolls x S) of the dice as rolled -> values (keeps x S) of keeping each keep."""
    e = np.empty((len(KEEPS), final.shape[1]))
    e[ROLL0:] = final
    for s in range(4, -1, -1):
        e[LAYER[s]:LAYER[s + 1]] = e[ADD[s]].mean(axis=1)
    return e


def best_subkeep(e: np.ndarray) -> np.ndarray:
    """Keep values (keeps x S) -> value of each roll (rolls x S) choosing its best sub-keep."""
    m = e.copy()
    for s in range(1, 6):
        lo, hi = LAYER[s], LAYER[s + 1]
        np.maximum(m[lo:hi], m[SUB[s]].max(axis=1), out=m[lo:hi])
    return m[ROLL0:]


# -- per-roll facts used by the box values --------------------------------------------------------

def _roll_facts(rules: Rules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Scores (rolls x boxes) naturally and as a joker, and which rolls are a YZ."""
    from retro.games.yz.rules import joker_score, natural_score
    nat = np.array([[natural_score(b, dice_of(r)) for b in BOXES] for r in ROLLS], dtype=float)
    yz = np.array([max(r) == 5 for r in ROLLS])
    # Only a YZ is ever a joker; every other roll scores by the table after B6 is used too.
    jok = np.array([[joker_score(b, dice_of(r)) if max(r) == 5 else natural_score(b, dice_of(r))
                     for b in BOXES] for r in ROLLS], dtype=float)
    return nat, jok, yz


def reachable_subtotals(upper_mask: int) -> np.ndarray:
    """Upper subtotals (capped at 63) that the used upper boxes can add up to."""
    sums = {0}
    for f in range(1, 7):
        if upper_mask >> (f - 1) & 1:
            sums = {min(CAP, s + f * n) for s in sums for n in range(6)}
    return np.array(sorted(sums))


@dataclass
class Table:
    """``F[mask, up, flag]``: expected points still to come between turns."""

    rules: Rules
    f: np.ndarray

    @property
    def expected(self) -> float:
        return float(self.f[0, 0, 0])


class _Model:
    """The box values for one rule set, shared by the table build and by decisions."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.nu = CAP + 1 if rules.upper_bonus else 1
        self.nat, self.jok, self.yz = _roll_facts(rules)
        self.yz_face = np.array([r.index(5) if max(r) == 5 else -1 for r in ROLLS])

    def final_values(self, f: np.ndarray, mask: int, ups: np.ndarray,
                     flags: np.ndarray) -> np.ndarray:
        """Value of each roll (rolls x len(ups) x len(flags)) when it must be posted now."""
        nu, nf = len(ups), len(flags)
        b6_used = bool(mask >> B6 & 1)
        best = np.full((NROLL, nu, nf), NEG)
        score_table = self.nat
        if b6_used:
            # A YZ is a joker (full value in the lower boxes) once B6 and its own upper box
            # are used; under the forced rule it cannot reach a lower box before that anyway.
            own_used = (mask >> np.maximum(self.yz_face, 0)) & 1
            score_table = np.where((self.yz & (own_used == 1))[:, None], self.jok, self.nat)
        scores = score_table.astype(int)
        barred = self._barred(mask)
        for b in range(NBOX):
            if mask >> b & 1:
                continue
            sc = score_table[:, b]
            nxt = f[mask | 1 << b]
            if b < 6 and self.rules.upper_bonus:
                new_up = np.minimum(CAP, ups[None, :] + scores[:, b][:, None])
                crossed = (ups[None, :] < CAP) & (new_up >= CAP)
                val = nxt[:, flags][new_up]
                val += (sc[:, None] + UPPER_BONUS * crossed)[:, :, None]
            elif b == B6:
                new_flag = (scores[:, b] == YZ_SCORE).astype(int)
                val = nxt[ups][:, new_flag].T[:, :, None] + sc[:, None, None]
            else:
                val = nxt[ups][:, flags][None, :, :] + sc[:, None, None]
            if barred[b]:
                val[barred[b]] = NEG
            np.maximum(best, val, out=best)
        if b6_used:
            # Every YZ after a 50 in B6 earns the bonus, wherever it is posted.
            best[self.yz] += YZ_BONUS * flags[None, None, :]
        return best

    def _barred(self, mask: int) -> list[list[int]]:
        """For each box, the YZ rolls the forced joker rule keeps out of it."""
        barred: list[list[int]] = [[] for _ in range(NBOX)]
        if not mask >> B6 & 1 or self.rules.joker is Joker.FREE:
            return barred
        open_lower = any(not mask >> b & 1 for b in range(6, NBOX))
        for i in np.flatnonzero(self.yz):
            own = int(self.yz_face[i])
            if not mask >> own & 1:
                ok = {own}
            elif open_lower:
                ok = set(range(6, NBOX))
            else:
                ok = set(range(6))
            for b in range(NBOX):
                if b not in ok:
                    barred[b].append(int(i))
        return barred


def _subtotal_groups(rules: Rules) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per set of used upper boxes: the subtotals to compute and where each reachable one
    takes its value from.

    Subtotals from which 63 can no longer be reached have the same future (no bonus), so one
    of them stands for all; this saves about a third of the work.
    """
    groups = []
    for u in range(64):
        if not rules.upper_bonus:
            zero = np.zeros(1, dtype=int)
            groups.append((zero, zero))
            continue
        ups = reachable_subtotals(u)
        left = 5 * sum(face for face in range(1, 7) if not u >> (face - 1) & 1)
        dead = ups + left < CAP
        live = ups[~dead]
        reps = np.concatenate([live, ups[dead][:1]])
        source = np.where(dead, len(live), np.searchsorted(live, ups))
        groups.append((reps, source))
    return groups


CHUNK_COLUMNS = 128


def _solve_chunk(f: np.ndarray, chunk: list[tuple[int, np.ndarray, np.ndarray, np.ndarray]],
                 all_ups: list[np.ndarray]) -> None:
    """Three rolls for every card of the chunk at once; writes their values into ``f``."""
    v = np.concatenate([item[3] for item in chunk], axis=1)
    v = best_subkeep(expect_keeps(v))
    v = best_subkeep(expect_keeps(v))
    e0 = ROLL_P @ v
    at = 0
    for mask, source, flags, part in chunk:
        n = part.shape[1]
        values = e0[at:at + n].reshape(-1, len(flags))
        f[mask][np.ix_(all_ups[mask & UPPER_BITS], flags)] = values[source]
        at += n


def build(rules: Rules, progress: Callable[[float], None] | None = None) -> Table:
    """Compute the whole table (seconds to a minute depending on the rules)."""
    model = _Model(rules)
    f = np.zeros((FULL + 1, model.nu, 2))
    groups = _subtotal_groups(rules)
    all_ups = [reachable_subtotals(u) if rules.upper_bonus else np.zeros(1, dtype=int)
               for u in range(64)]
    flags_one, flags_two = np.array([0]), np.array([0, 1])
    done = 0
    # Cards with the same number of used boxes depend only on fuller cards, so a whole layer
    # shares one pass of the within-turn arithmetic (in chunks of columns, to bound memory).
    for used in range(NBOX - 1, -1, -1):
        layer = [mask for mask in range(FULL) if mask.bit_count() == used]
        chunk: list[tuple[int, np.ndarray, np.ndarray, np.ndarray]] = []
        width = 0
        for k, mask in enumerate(layer):
            reps, source = groups[mask & UPPER_BITS]
            flags = flags_two if mask >> B6 & 1 else flags_one
            v = model.final_values(f, mask, reps, flags).reshape(NROLL, -1)
            chunk.append((mask, source, flags, v))
            width += v.shape[1]
            if width >= CHUNK_COLUMNS or k == len(layer) - 1:
                _solve_chunk(f, chunk, all_ups)
                done += len(chunk)
                chunk, width = [], 0
                if progress is not None:
                    progress(done / FULL)
    return Table(rules, f)


# -- caching -------------------------------------------------------------------------------------

def table_name(rules: Rules) -> str:
    bonus = "bonus" if rules.upper_bonus else "nobonus"
    return f"YZ-{bonus}-{rules.joker.value}-v{TABLE_VERSION}.npy"


class _Bar:
    """A text progress bar on stderr, shown only once a build has taken over a second."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.start = self.last = time.monotonic()
        self.shown = False

    def __call__(self, fraction: float) -> None:
        now = time.monotonic()
        if now - self.start < 1.0 or now - self.last < 0.2:
            return
        self.last = now
        self.shown = True
        filled = int(30 * fraction)
        sys.stderr.write(f"\r{self.label} [{'#' * filled}{'.' * (30 - filled)}] "
                         f"{100 * fraction:3.0f}%")
        sys.stderr.flush()

    def close(self) -> None:
        if self.shown:
            sys.stderr.write(f"\r{self.label} [{'#' * 30}] 100%\n")


def load_or_build(rules: Rules, folder: Path | str | None = None) -> Table:
    """The table for ``rules`` from ``folder`` (the save folder by default), built and saved
    there first if it is missing or damaged."""
    from retro.store import Store

    store = Store(folder)
    name = table_name(rules)
    shape = (FULL + 1, CAP + 1 if rules.upper_bonus else 1, 2)

    def parse(data: bytes) -> np.ndarray:
        f = np.load(io.BytesIO(data), allow_pickle=False)
        if f.shape != shape or f.dtype != np.float64:
            raise ValueError(f"strategy table has shape {f.shape}, expected {shape}")
        return f

    f = store.load(name, parse)
    if f is not None:
        return Table(rules, f)
    bar = _Bar("YZ: computing the optimal strategy (once)")
    t = build(rules, bar)
    bar.close()
    buf = io.BytesIO()
    np.save(buf, t.f)
    if not store.save(name, buf.getvalue()):
        sys.stderr.write(f"YZ: could not keep the strategy table ({store.problem_reason(name)}); "
                         "using it unsaved\n")
    return t


@cache
def table(rules: Rules = DEFAULT_RULES) -> Table:
    """The table for ``rules``, loaded or built once per process."""
    return load_or_build(rules)


# -- decisions -----------------------------------------------------------------------------------

def state_of(card: Scorecard, rules: Rules) -> tuple[int, int, int]:
    """(boxes used as a bit mask, capped upper subtotal or 0, 1 if B6 holds 50)."""
    mask = sum(1 << i for i, s in enumerate(card.scores) if s is not None)
    up = min(CAP, card.upper_subtotal) if rules.upper_bonus else 0
    return mask, up, int(card.bonus_eligible)


@dataclass(frozen=True)
class Advice:
    """What the optimal player does: keep some dice and roll, or post to a box."""

    box: str | None             # the box to post to, or None to roll again
    held: tuple[bool, ...]      # which of the dice (in their positions) to keep when rolling
    value: float                # expected final score still to come with this choice


class Solver:
    """Optimal decisions for one rule set, from its table; each takes a few milliseconds."""

    def __init__(self, rules: Rules = DEFAULT_RULES, tab: Table | None = None) -> None:
        self.rules = rules
        self.table = tab if tab is not None else table(rules)
        self.model = _Model(rules)
        self._cache: dict[tuple[int, int, int], tuple[np.ndarray, np.ndarray]] = {}

    def _state_values(self, state: tuple[int, int, int]) -> tuple[np.ndarray, np.ndarray]:
        """Keep values (462 each) with one and with two rolls left, for one state."""
        cached = self._cache.get(state)
        if cached is None:
            mask, up, flag = state
            v = self.model.final_values(self.table.f, mask, np.array([up]),
                                        np.array([flag])).reshape(NROLL, 1)
            last = expect_keeps(v)
            first = expect_keeps(best_subkeep(last))
            cached = (last[:, 0], first[:, 0])
            if len(self._cache) > 4096:
                self._cache.clear()
            self._cache[state] = cached
        return cached

    def keep_values(self, card: Scorecard, rolls_left: int) -> np.ndarray:
        """Value of each keep (462) when ``rolls_left`` (1 or 2) rolls remain."""
        last, first = self._state_values(state_of(card, self.rules))
        return last if rolls_left == 1 else first

    def advise(self, card: Scorecard, dice: Dice, roll: int) -> Advice:
        """The optimal move after roll number ``roll`` (1-3) showing ``dice``."""
        best_box, best_val = self.best_post(card, dice)
        if roll >= 3:
            return Advice(best_box, (True,) * 5, best_val)
        values = self.keep_values(card, 3 - roll)
        counts = counts_of(dice)
        best_keep, best = counts, -np.inf
        for sub in itertools.product(*(range(c + 1) for c in counts)):
            val = values[KEEP_INDEX[sub]]
            if val > best + 1e-9 or (abs(val - best) <= 1e-9 and sub == counts):
                best_keep, best = sub, val
        if best_keep == counts:
            return Advice(best_box, (True,) * 5, best_val)
        return Advice(None, _positions(dice, best_keep), float(best))

    def best_post(self, card: Scorecard, dice: Dice) -> tuple[str, float]:
        """The best box for these dice now and the expected points from here on."""
        mask, up, flag = state_of(card, self.rules)
        best: tuple[str, float] | None = None
        for box, score in allowed_posts(card, dice, self.rules).items():
            b = BOXES.index(box)
            gain = float(score)
            nup, nflag = up, flag
            if b < 6 and self.rules.upper_bonus:
                nup = min(CAP, up + score)
                gain += UPPER_BONUS if up < CAP <= nup else 0
            if box == "B6":
                nflag = int(score == YZ_SCORE)
            if len(set(dice)) == 1 and card.bonus_eligible:
                gain += YZ_BONUS
            val = gain + float(self.table.f[mask | 1 << b, nup, nflag])
            if best is None or val > best[1] + 1e-9:
                best = (box, val)
        assert best is not None, "a full card has no box to post to"
        return best


def _positions(dice: Dice, keep: tuple[int, ...]) -> tuple[bool, ...]:
    """Which positions to hold so that the held dice are the multiset ``keep``."""
    left = list(keep)
    held = []
    for d in dice:
        held.append(left[d - 1] > 0)
        if left[d - 1]:
            left[d - 1] -= 1
    return tuple(held)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m retro.games.yz.solver",
                                     description="Optimal solitaire YZ.")
    parser.add_argument("--expected", action="store_true",
                        help="print the optimal expected final score")
    parser.add_argument("--upper-bonus", action="store_true",
                        help="with the 35-point bonus for 63 or more in A1-A6")
    parser.add_argument("--free-joker", action="store_true",
                        help="a joker YZ may go to any open box (the published analyses' rule)")
    args = parser.parse_args(argv)
    if not args.expected:
        parser.print_help()
        return 2
    rules = Rules(upper_bonus=args.upper_bonus,
                  joker=Joker.FREE if args.free_joker else Joker.FORCED)
    print(f"{table(rules).expected:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
