"""Optimal solitaire YZ: the strategy with the highest expected final score.

The game between turns is a state (boxes used, upper subtotal capped at 63, a YZ-bonus flag).
Working backwards from the full card, ``F[state]`` is the expected score still to come under
optimal play.  Within a turn everything is exact: the 252 multisets of five dice are the
rolls, the 462 multisets of 0-5 dice are the keeps, and

* a final roll is worth the best box it may be posted to (score, bonuses, then ``F``);
* a keep is worth the average over one more die added (rolling n dice is adding n dice one
  at a time), so the expectation over all outcomes costs six lookups per keep;
* a roll with rolls left is worth its best sub-keep, found by a max over "one die fewer".

All of that runs in numpy over every (subtotal, flag) pair of a set of boxes at once.  The
upper subtotal only matters with the 35-point upper bonus; without it that axis has size 1.
Only subtotals that the used upper boxes can actually make are computed.

The flag: once B6 is used, 1 means a YZ posted now earns the 100 bonus.  While B6 is open,
under the help text's bonus rule 1 means a YZ already went elsewhere, so the bonus is lost for
good (under the official rule it is always 0 there).

The table is built once per rule set, cooperatively (``build_steps`` yields its progress, so
a program can keep its screen and keys alive), and kept in the program's store
(``load_table``/``save_table``); ``python -m retro.games.yz.solver --expected`` prints the
optimal expected score (``--help`` lists the rule options).
"""

from __future__ import annotations

import argparse
import io
import itertools
from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from retro.games.yz.rules import (
    BOXES,
    UPPER_BONUS,
    UPPER_BONUS_AT,
    YZ_BONUS,
    Dice,
    Joker,
    Rules,
    Scorecard,
    YZBonus,
    allowed_posts,
    post,
)

if TYPE_CHECKING:
    from retro.store import Store

NBOX = len(BOXES)
FULL = (1 << NBOX) - 1
B6 = BOXES.index("B6")
UPPER_BITS = 0b111111
CAP = UPPER_BONUS_AT  # subtotals above 63 are all alike
TABLE_VERSION = 2
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
        first_yz_rule = self.rules.yz_bonus is YZBonus.FIRST_YZ_50
        best = np.full((NROLL, nu, nf), NEG)
        score_table = self.nat
        if b6_used:
            # A YZ is a joker (full value in the lower boxes) once B6 and its own upper box
            # are used; under the forced rule it cannot reach a lower box before that anyway.
            own_used = (mask >> np.maximum(self.yz_face, 0)) & 1
            score_table = np.where((self.yz & (own_used == 1))[:, None], self.jok, self.nat)
        scores = score_table.astype(int)
        barred = self._barred(mask)
        yz = self.yz[:, None]                   # (rolls, 1)
        flag = flags[None, :]                   # (1, flags)
        same_up = ups[None, :]                  # (1, subtotals)
        for b in range(NBOX):
            if mask >> b & 1:
                continue
            sc = score_table[:, b]
            nxt = f[mask | 1 << b]
            gain = sc[:, None]
            up_index = same_up
            if b < 6 and self.rules.upper_bonus:
                up_index = np.minimum(CAP, same_up + scores[:, b][:, None])
                crossed = (same_up < CAP) & (up_index >= CAP)
                gain = gain + UPPER_BONUS * crossed
            # The flag after this posting (see the module's docstring).
            if b6_used:
                next_flag = flag
            elif b == B6:
                # Filling B6: a YZ there makes further YZs earn the bonus, unless (help text)
                # an earlier YZ already went elsewhere; a scratch of B6 ends the bonus.
                next_flag = (yz & (flag == 0)) if first_yz_rule else yz
            else:
                next_flag = (yz | (flag == 1)) if first_yz_rule else np.zeros_like(flag)
            val = nxt[up_index[:, :, None], next_flag.astype(int)[:, None, :]]
            val = val + gain[:, :, None]
            if barred[b]:
                val[barred[b]] = NEG
            np.maximum(best, val, out=best)
        if b6_used:
            # A YZ posted while the flag is 1 earns the bonus, wherever it goes.
            best[self.yz] += YZ_BONUS * flags[None, None, :]
        return best

    def _barred(self, mask: int) -> list[list[int]]:
        """For each box, the YZ rolls the forced joker rule keeps out of it."""
        barred: list[list[int]] = [[] for _ in range(NBOX)]
        if not mask >> B6 & 1 or self.rules.joker is Joker.AS_WRITTEN:
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


def flags_of(rules: Rules, mask: int) -> np.ndarray:
    """The flag values a card with boxes ``mask`` used can have (see the module docstring)."""
    if mask >> B6 & 1 or rules.yz_bonus is YZBonus.FIRST_YZ_50:
        return np.array([0, 1])
    return np.array([0])


def build_steps(rules: Rules) -> Generator[float, bool | None, Table]:
    """Compute the whole table, yielding the fraction done after each slice of work.

    A cooperative build: the caller may do other things between slices (``next`` or
    ``send(None)`` goes on; ``send(True)`` asks it to stop, which a table cannot do, so it
    carries on).  Returns the table.
    """
    model = _Model(rules)
    f = np.zeros((FULL + 1, model.nu, 2))
    groups = _subtotal_groups(rules)
    all_ups = [reachable_subtotals(u) if rules.upper_bonus else np.zeros(1, dtype=int)
               for u in range(64)]
    done = 0
    # Cards with the same number of used boxes depend only on fuller cards, so a whole layer
    # shares one pass of the within-turn arithmetic (in chunks of columns, to bound memory).
    for used in range(NBOX - 1, -1, -1):
        layer = [mask for mask in range(FULL) if mask.bit_count() == used]
        chunk: list[tuple[int, np.ndarray, np.ndarray, np.ndarray]] = []
        width = 0
        for k, mask in enumerate(layer):
            reps, source = groups[mask & UPPER_BITS]
            flags = flags_of(rules, mask)
            v = model.final_values(f, mask, reps, flags).reshape(NROLL, -1)
            chunk.append((mask, source, flags, v))
            width += v.shape[1]
            if width >= CHUNK_COLUMNS or k == len(layer) - 1:
                _solve_chunk(f, chunk, all_ups)
                done += len(chunk)
                chunk, width = [], 0
                yield done / FULL
    return Table(rules, f)


def build(rules: Rules) -> Table:
    """Compute the whole table in one go (about a second; several with the upper bonus)."""
    steps = build_steps(rules)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            table: Table = done.value
            return table


# -- keeping the table in a store -------------------------------------------------------------

def table_name(rules: Rules) -> str:
    """The file the table for ``rules`` is kept in, such as
    ``YZ-noupper-as-written-first-yz-50-v2.npy``."""
    upper = "upper" if rules.upper_bonus else "noupper"
    return f"YZ-{upper}-{rules.joker.value}-{rules.yz_bonus.value}-v{TABLE_VERSION}.npy"


def _table_shape(rules: Rules) -> tuple[int, int, int]:
    return (FULL + 1, CAP + 1 if rules.upper_bonus else 1, 2)


def load_table(store: Store, rules: Rules) -> Table | None:
    """The table for ``rules`` from ``store``; None if it is not there (a damaged file is moved
    aside by the store, with its notice)."""
    shape = _table_shape(rules)

    def parse(data: bytes) -> np.ndarray:
        f = np.load(io.BytesIO(data), allow_pickle=False)
        if f.shape != shape or f.dtype != np.float64:
            raise ValueError(f"strategy table has shape {f.shape}, expected {shape}")
        return f

    f = store.load(table_name(rules), parse)
    return None if f is None else Table(rules, f)


def save_table(store: Store, table: Table) -> bool:
    """Keep ``table`` in ``store``; False if it could not (``store.problem_reason`` says
    why, and the store has given its notice)."""
    buf = io.BytesIO()
    np.save(buf, table.f)
    return store.save(table_name(table.rules), buf.getvalue())


def load_or_build(rules: Rules, store: Store) -> Table:
    """The table from ``store``, or built and kept there (if it can be) when missing."""
    table = load_table(store, rules)
    if table is None:
        table = build(rules)
        save_table(store, table)  # if it cannot be kept, it is built again next time
    return table


# -- decisions -----------------------------------------------------------------------------------

def state_of(card: Scorecard, rules: Rules) -> tuple[int, int, int]:
    """(boxes used as a bit mask, capped upper subtotal or 0, the YZ-bonus flag)."""
    mask = sum(1 << i for i, s in enumerate(card.scores) if s is not None)
    up = min(CAP, card.upper_subtotal) if rules.upper_bonus else 0
    if not card.is_open("B6"):
        flag = card.bonus_eligible(rules)
    else:
        flag = rules.yz_bonus is YZBonus.FIRST_YZ_50 and card.first_yz is not None
    return mask, up, int(flag)


@dataclass(frozen=True)
class Advice:
    """What the optimal player does: keep some dice and roll, or post to a box."""

    box: str | None             # the box to post to, or None to roll again
    held: tuple[bool, ...]      # which of the dice (in their positions) to keep when rolling
    value: float                # expected final score still to come with this choice


#: Kept per-state values (keep values with one and two rolls left) of the last states seen.
STATE_CACHE_SIZE = 4096


class Solver:
    """Optimal decisions for one rule set, from its table (see ``load_table``, ``build``)."""

    def __init__(self, table: Table) -> None:
        self.rules = table.rules
        self.table = table
        self.model = _Model(table.rules)
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
            if len(self._cache) >= STATE_CACHE_SIZE:
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
        rules = self.rules
        before = card.total(rules)
        best: tuple[str, float] | None = None
        for box in allowed_posts(card, dice, rules):
            # The rules module's own posting, so the bonuses are counted exactly as in play.
            after = post(card, box, dice, rules)
            val = after.total(rules) - before + float(self.table.f[state_of(after, rules)])
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


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rules named by the options of ``add_rule_options``."""
    return Rules(upper_bonus=args.upper_bonus,
                 joker=Joker.FORCED if args.forced_joker else Joker.AS_WRITTEN,
                 yz_bonus=YZBonus.BOX_HOLDS_50 if args.official_bonus else YZBonus.FIRST_YZ_50)


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """The rule options shared by the solver and the benchmark."""
    rules = parser.add_argument_group(
        "rules", "Without options: the YZ help text's rules (no upper bonus; a YZ is a joker "
        "only once B6 and its own upper box are used; the 100 bonus only if the first YZ was "
        "scored 50).")
    rules.add_argument("--upper-bonus", action="store_true",
                       help="the 35-point bonus for 63 or more in A1-A6 (the game's letter U)")
    joker = rules.add_mutually_exclusive_group()
    joker.add_argument("--free-joker", action="store_true",
                       help="the published analyses' free-choice joker, which is the help "
                       "text's joker (the default); with --upper-bonus: 254.5896")
    joker.add_argument("--forced-joker", action="store_true",
                       help="the official (Hasbro) joker: a YZ after B6 is used must go to its "
                       "own upper box while that is open; with --upper-bonus: 254.5877")
    rules.add_argument("--official-bonus", action="store_true",
                       help="the official (Hasbro) YZ bonus: every YZ posted while B6 holds 50 "
                       "earns 100, even if an earlier YZ went elsewhere")


def main(argv: list[str] | None = None) -> int:
    from retro.store import Store

    parser = argparse.ArgumentParser(prog="python -m retro.games.yz.solver",
                                     description="Optimal solitaire YZ.")
    parser.add_argument("--expected", action="store_true",
                        help="print the optimal expected final score")
    parser.add_argument("--home", default=None,
                        help="where to keep the table (default: retro's save folder)")
    add_rule_options(parser)
    args = parser.parse_args(argv)
    if not args.expected:
        parser.print_help()
        return 2
    rules = rules_from_args(args)
    print(f"{load_or_build(rules, Store(args.home)).expected:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
