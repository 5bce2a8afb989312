"""Computer players for Pig Poker: exact-odds twiddling, plus random and greedy baselines.

The exact player values every possible final hand (each of the 7,475 hand classes) by the
best square it could then take, weighing lines of its own, blocking an opponent's three in a
row, the race to four on every line through the square for it and its rivals (the chance to
take each square still lacking and to keep each held, a discount for each further turn),
its own threes, the weak pig a rival would take for its own line, the pigs that settle the
payout, and how hard the hand is to take back.  It then weighs
every choice of cards to twiddle (all subsets the die allows) against every possible redraw
from the cards not kept (the twiddled cards go back into the deck first, as the rules say).
No sampling: redraws of one to three cards are enumerated; for four and five the class counts
of all hands through one card (and of all hands) are tabulated once, which is the same sum
taken in advance.

A turn of several twiddle rounds is played one round at a time: each round picks the best
subset counting the rounds the die leaves after it (the same cards redrawn again until a draw
is worth keeping, ``redraw_worth``), then looks again with what is left.

In two-player games without Same Sex, ``lookahead`` plays the race to four over the rival's
next hand and adds ``LOOK_VALUE`` times that difference of chances to each square's value,
for the square taken and, band by band, for every class the twiddles weigh; the static
value, which weighs the longer run, is first scaled by the chance that the game goes on
past the rival's next turn (``at_stake``).

Everything is deterministic for a given game position (the random baseline takes its own
``random.Random``).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from functools import cache
from math import comb
from typing import Protocol, TypeVar

import numpy as np

from retro.games.pigpoker import hands as hx
from retro.games.pigpoker import lookahead as la
from retro.games.pigpoker import rules as r
from retro.kit.steps import drain

T = TypeVar("T")

# -- tunable weights (named so tests and the bench can refer to them) ------------------------

WIN_VALUE = 1000.0              # completing four in a row
OWN_LINE = (0.0, 1.0, 3.0, 10.0)   # by my pigs in an open line after the capture (1-3)
BLOCK = (0.0, 0.5, 2.0, 0.0)       # by the pigs an opponent loses from an open line (1-2;
                                   # a line of three is a threat, weighed apart below)
PIG_VALUE = 0.6                 # each pig of difference with the others (the payout)
HOLD_POWER = 2.0                # hold = P(a random hand does not beat it) ** HOLD_POWER
BASE_VALUE = 0.5                # any capture is worth a little (a pig on the board)
THREAT_LINE = 60.0              # a rival's three in a line, scaled by the share of its
                                # chance to complete it that the capture takes away
THREAT_VALUE = 400.0            # each unit of chance that a rival completes a line next turn
OWN_THREAT = 150.0              # my own three in a line, by my chance to complete it
BREAK_SHARE = 0.5               # how often a rival that could break my line does
MY_POTENTIAL = 150.0            # the race to four on my lines (see _potential)
RIVAL_POTENTIAL = 150.0         # ... and on each rival's, against me
TEMPO = 0.3                     # each further turn a line needs
KEEP_SHARE = 0.5                # how often a square that could be taken back is
GIFT = 10.0                     # a weak pig on a square a rival wants (see _rival_gain)
RIVAL_LINE = (0.0, 1.0, 4.0, 0.0)  # by the rival's pigs in an otherwise free line (0-2)
RIVAL_TRIES = 2.5               # a rival's chance to beat a hand: 1 - (1 - share)**RIVAL_TRIES
LOOK_VALUE = 400.0              # the look-ahead's race (a difference of chances, see lookahead)
LOOK_TWIDDLE = 1.0              # the look-ahead drives the twiddles too (0: the square only)
LOOK_SHARE = 0.8                # the look-ahead's share of a twiddle decision's progress
LOOK_RIVAL_TRIES = 5.0          # the look-ahead's rival: its final hand the best of this many
                                # (stronger than a greedy twiddler on purpose: weak pigs
                                # are taken back, so weak blocks and threes count for less)
LOOK_MY_TRIES = 3.0             # ... and mine (the exact twiddles do better than a rival's)
STAKE = 1.0                     # the static values are scaled by the chance the game goes on
                                # past the rival's next turn (see at_stake)
RETRIES = True                  # a twiddle counts the later rounds the die leaves: the same
                                # cards may be redrawn again while the allowance lasts


class Policy(Protocol):
    """What a player does on its turn; the game asks until the hand is final."""

    def twiddle(self, game: r.Game) -> list[int]:
        """Positions (0-4) to twiddle now; an empty list stands."""
        ...

    def square(self, game: r.Game) -> int:
        """The square to capture; called only when at least one is legal."""
        ...


def play_turn(game: r.Game, policy: Policy) -> None:
    """Play one whole turn of ``game`` for the player to move."""
    while game.phase == r.TWIDDLE:
        picks = policy.twiddle(game)
        if picks:
            game.twiddle(picks)
        else:
            game.stand()
    if game.legal_squares():
        game.capture(policy.square(game))
    else:
        game.pass_turn()


# -- tables shared by every decision ---------------------------------------------------------

@dataclass(frozen=True)
class _Odds:
    all_hist: np.ndarray       # class counts over all 2,598,960 hands
    card_hist: np.ndarray      # [card, class] counts over the 249,900 hands holding card
    hold: np.ndarray           # class -> share of all hands it is not beaten by


@cache
def odds() -> _Odds:
    """Build the count tables once, by counting suits (a few milliseconds).

    Every hand of a class has the same five ranks, so the hands of a class are counted by
    choosing suits: four for a flush, 4**5 - 4 for five different ranks that are not one
    suit, and C(4, n) for each rank held n times otherwise.  The hands through one card of
    rank R then follow by symmetry: of the hands of a class, a share n/4 hold any given card
    of rank R, n being how often R is in the class.  No enumeration of the 2,598,960 hands
    is needed, so the first computer turn does not stall (``odds_enumerated`` is the slow
    check the tests compare against).
    """
    t = hx.tables()
    flush = (t.category == hx.FLUSH) | (t.category == hx.STRAIGHT_FLUSH)
    ranks = t.ranks.astype(np.int64)                          # (classes, 5), 2-14
    mult = np.stack([(ranks == rank).sum(axis=1) for rank in range(2, 15)], axis=1)
    choose_suits = np.array([comb(4, k) for k in range(6)])   # C(4, k); C(4, 5) = 0
    suit_ways = np.prod(choose_suits[mult], axis=1)           # C(4, 0) = 1 for absent ranks
    distinct = (mult <= 1).all(axis=1)
    all_hist = np.where(flush, 4, np.where(distinct, 4 ** 5 - 4, suit_ways)).astype(np.int64)
    all_hist[t.category == hx.FIVE] = 0
    by_rank = all_hist[None, :] * mult.T                      # (13 ranks, classes), x 4
    card_hist = np.repeat(by_rank // 4, 4, axis=0)            # card id = rank_index*4 + suit
    return _finish_odds(all_hist, card_hist)


def odds_enumerated() -> _Odds:
    """The same tables by classifying every hand (about a second; for tests)."""
    n = hx.n_classes()
    every = hx.all_hands()
    cls = hx.classify(every).astype(np.int64)
    all_hist = np.bincount(cls, minlength=n)
    flat = every.astype(np.int64) * n + cls[:, None]
    card_hist = np.bincount(flat.ravel(), minlength=52 * n).reshape(52, n)
    return _finish_odds(all_hist, card_hist)


def _finish_odds(all_hist: np.ndarray, card_hist: np.ndarray) -> _Odds:
    cdf = np.cumsum(all_hist) / all_hist.sum()
    for arr in (all_hist, card_hist, cdf):
        arr.setflags(write=False)
    return _Odds(all_hist, card_hist, cdf)


@cache
def _combos(n: int, k: int) -> np.ndarray:
    """All k-subsets of range(n) as an (C(n, k), k) index array."""
    out = np.array(list(itertools.combinations(range(n), k)), dtype=np.intp)
    return out.reshape(-1, k)


@cache
def _subsets() -> tuple[tuple[int, ...], ...]:
    return tuple(s for k in range(6) for s in itertools.combinations(range(5), k))


# -- valuing squares -------------------------------------------------------------------------

def square_values(game: r.Game, me: int) -> np.ndarray:
    """(16, classes) array: what capturing square i with a hand of each class is worth to
    player ``me`` (-inf where the capture is not allowed)."""
    t = hx.tables()
    n = len(t.category)
    classes = np.arange(n)
    hold = odds().hold ** HOLD_POWER
    board = game.board
    opts = game.options
    has_pigs = any(not s.empty for s in board)
    able = t.category > hx.BUST if opts.same_sex else r.eligible_classes()
    others = [p for p in range(len(game.players)) if p != me]
    chance = rival_chance(opts)
    out = np.full((r.SQUARES, n), -np.inf)
    for i, sq in enumerate(board):
        mask = able.copy()
        if sq.empty:
            touches = any(not board[k].empty for k in r.NEIGHBOURS[i])
            if opts.mud_puddle and has_pigs and not touches:
                continue
        else:
            mask &= classes > sq.cls
            if opts.same_sex:
                mask &= t.category == t.category[sq.cls]
        if not mask.any():
            continue
        strategic, wins = _strategic(board, i, me, others)
        if wins:
            out[i, mask] = WIN_VALUE
            continue
        if sq.owner == me:
            # Retaking my own square only makes it harder to take away.
            value = strategic * np.maximum(hold - hold[sq.cls], 0.0)
        else:
            value = BASE_VALUE + strategic * hold
        value = (value - GIFT * chance[:-1] * _rival_gain(board, i, me)
                 + _threat_relief(board, i, me, chance)
                 + _own_threats(board, i, me, chance) + _potential(board, i, me, chance))
        out[i, mask] = value[mask]
    return out


@cache
def rival_chance(options: r.Options) -> np.ndarray:
    """(classes + 1,) array: a rough chance that a rival's turn ends with a hand that may
    take a square holding a hand of each class (the last entry: an empty square).

    The share of random hands that would do, compounded as if the rival had a few draws at
    it (the die lets it twiddle); rough, but it rises and falls with the real chance.
    """
    t = hx.tables()
    cdf = odds().hold
    if options.same_sex:
        # The same kind, higher: up to the top class of the square's own category.
        tops = np.zeros(int(t.category.max()) + 1, dtype=np.intp)
        for cat in np.unique(t.category):
            tops[cat] = np.flatnonzero(t.category == cat).max()
        top = tops[t.category]
        share = cdf[top] - cdf
        lowest = int(np.flatnonzero(t.category > hx.BUST).min())
    else:
        share = 1.0 - cdf
        lowest = int(np.flatnonzero(r.eligible_classes()).min())
    empty_share = 1.0 - (cdf[lowest - 1] if lowest > 0 else 0.0)
    share = np.append(share, empty_share)
    out = 1.0 - (1.0 - np.clip(share, 0.0, 1.0)) ** RIVAL_TRIES
    out.setflags(write=False)
    return out


def _threat_relief(board: Sequence[r.Square], i: int, me: int,
                   chance: np.ndarray) -> np.ndarray:
    """(classes,) array: what capturing square ``i`` with each class is worth against the
    rivals' threes in a line.

    Every line through ``i`` where a rival holds three squares is weighed: if ``i`` is the
    fourth square (empty, a third player's, or my own weaker hand) the rival must now beat my
    new hand instead; if ``i`` is one of the rival's three, the line is broken.  Each line
    counts ``THREAT_LINE`` times the share of the rival's chance that the capture removes
    (so breaking a line beats raising its fourth square, however unlikely the rival is to
    complete it), plus ``THREAT_VALUE`` times the fall in the rival's chance to complete any
    line next turn.
    """
    n = len(chance) - 1
    empty = n
    relief = np.zeros(n)
    owners = [sq.owner for sq in board]
    rivals = {o for o in owners if o is not None and o != me}
    for q in rivals:
        before_keep, after_keep = 1.0, np.ones(n)
        for line in r.LINES:
            mine = [k for k in line if owners[k] == q]
            if len(mine) != 3:
                continue
            fourth = next(k for k in line if owners[k] != q)
            p_now = float(chance[empty if board[fourth].empty else board[fourth].cls])
            p_after: np.ndarray | float = p_now
            if fourth == i:
                p_after = chance[:n]                 # the rival must now beat my hand
            elif i in mine:
                p_after = 0.0                        # the line is broken
            before_keep *= 1.0 - p_now
            after_keep = after_keep * (1.0 - p_after)
            if p_now > 0.0:
                relief += THREAT_LINE * np.maximum(p_now - p_after, 0.0) / p_now
        relief += THREAT_VALUE * ((1.0 - before_keep) - (1.0 - after_keep))
    return relief


def _rival_gain(board: Sequence[r.Square], i: int, me: int) -> float:
    """What square ``i`` is worth to the rival it helps most: the lines through it that
    hold no pig but that rival's (``RIVAL_LINE`` by its pigs there).  A pig of mine on such
    a square is a double prize for that rival: my pig gone and its line grown.  Nothing on
    a line where a rival holds three: there any pig is a block, the threat terms weigh it."""
    best = 0.0
    rivals = {sq.owner for sq in board if sq.owner is not None and sq.owner != me}
    for line in r.LINES:
        if i in line and any(sum(board[k].owner == q for k in line) >= 3 for q in rivals):
            return 0.0
    for q in rivals:
        gain = 0.0
        for line in r.LINES:
            if i not in line:
                continue
            held = [board[k].owner for k in line if k != i]
            if all(o in (None, q) for o in held):
                gain += RIVAL_LINE[held.count(q)]
        best = max(best, gain)
    return best


def _potential(board: Sequence[r.Square], i: int, me: int, chance: np.ndarray) -> np.ndarray:
    """(classes,) array: the change that capturing square ``i`` with each class makes to
    the race to four on the lines through ``i``, for me and against my rivals.

    A player's potential on a line is the chance to take each square of it that it lacks
    (the hand there to beat, or any hand on an empty square), times the chance to keep
    each it holds (``KEEP_SHARE`` of the others' chance to take it away), discounted by
    ``TEMPO`` for each turn beyond the first that the squares it lacks would take.  Mine
    counts ``MY_POTENTIAL``, each rival's ``RIVAL_POTENTIAL`` against me.
    """
    n = len(chance) - 1
    empty_take = float(chance[n])
    new_take = chance[:n]                         # anyone's chance to take my new hand
    new_keep = 1.0 - KEEP_SHARE * new_take
    owners = [sq.owner for sq in board]
    rivals = {o for o in owners if o is not None and o != me}
    out = np.zeros(n)

    def take(k: int) -> float:
        return empty_take if board[k].empty else float(chance[board[k].cls])

    def keep(k: int) -> float:
        return 1.0 - KEEP_SHARE * float(chance[board[k].cls])

    for line in r.LINES:
        if i not in line:
            continue
        rest = [k for k in line if k != i]
        for p in (me, *rivals):
            base, missing = 1.0, 0
            for k in rest:
                if owners[k] == p:
                    base *= keep(k)
                else:
                    base *= take(k)
                    missing += 1
            if owners[i] == p:
                before = base * keep(i) * TEMPO ** max(missing - 1, 0)
            else:
                before = base * take(i) * TEMPO ** missing
            if p == me:
                if missing <= 1:
                    continue                      # a win or my own three, valued apart
                after = base * new_keep * TEMPO ** (missing - 1)
                out += MY_POTENTIAL * (after - before)
            else:
                after = base * new_take * TEMPO ** missing
                out -= RIVAL_POTENTIAL * (after - before)
    return out


def _own_threats(board: Sequence[r.Square], i: int, me: int,
                 chance: np.ndarray) -> np.ndarray:
    """(classes,) array: what capturing square ``i`` with each class is worth for my own
    race to four: every line through ``i`` where I then hold three squares is a threat,
    worth ``OWN_THREAT`` times my chance to take its fourth square next turn (the hand to
    beat there, or any hand for an empty square), times the chance it survives the rivals'
    turns: a rival that would break it takes the weakest of its squares (mine, the new
    hand's included, or the fourth), ``BREAK_SHARE`` of the times it could."""
    n = len(chance) - 1
    empty = n
    out = np.zeros(n)
    rivals = len({sq.owner for sq in board if sq.owner is not None and sq.owner != me})
    for line in r.LINES:
        if i not in line:
            continue
        others = [k for k in line if k != i]
        mine = [k for k in others if board[k].owner == me]
        if len(mine) != 2:
            continue
        fourth = next(k for k in others if board[k].owner != me)
        p_take = float(chance[empty if board[fourth].empty else board[fourth].cls])
        weakest_other = min(board[k].cls for k in mine)
        weakest = np.minimum(np.arange(n), weakest_other)
        p_break = np.maximum(chance[weakest], p_take if not board[fourth].empty else
                             float(chance[empty]))
        survive = (1.0 - BREAK_SHARE * p_break) ** max(rivals, 1)
        out += OWN_THREAT * p_take * survive
    return out


def _strategic(board: Sequence[r.Square], i: int, me: int,
               others: Sequence[int]) -> tuple[float, bool]:
    """Line and payout worth of owning square ``i``; and whether owning it wins."""
    value = 0.0
    prior = board[i].owner
    for line in r.LINES:
        if i not in line:
            continue
        owners = [board[k].owner for k in line if k != i]
        if all(o == me for o in owners):
            return WIN_VALUE, True
        held = [o for o in owners if o is not None]
        if all(o == me for o in held):
            value += OWN_LINE[len(held) + 1] if len(held) + 1 < 4 else 0.0
        for q in others:
            if all(o == q for o in held) and held:
                lost = len(held) + (prior == q)     # q's pigs in this line that it no longer
                value += BLOCK[min(lost, 3)]        # ... fills
            elif prior == q and not held:
                value += BLOCK[1]
    if prior is None:
        value += PIG_VALUE * (len(others))          # one more pig against everyone
    elif prior != me:
        value += PIG_VALUE * (len(others) + 1)      # and one fewer for the loser
    return value, False


def class_values(game: r.Game, me: int) -> np.ndarray:
    """Worth of ending the twiddles with each hand class: the best square it takes, else 0."""
    return drain(class_values_steps(game, me))


def class_values_steps(game: r.Game, me: int) -> Generator[float, bool | None, np.ndarray]:
    """``class_values`` as cooperative work: the static values at once, then the look-ahead
    (``looks_ahead``) one square at a time, yielding the share of squares done; sent True
    (stop), it drops the look-ahead and returns the static values."""
    static = square_values(game, me)
    table = static
    race = look_race()
    owners = [sq.owner for sq in game.board]
    classes = [sq.cls for sq in game.board]
    if LOOK_TWIDDLE and looks_ahead(game):
        squares = [i for i in range(r.SQUARES) if np.isfinite(static[i]).any()]
        table = static.copy()
        for done, i in enumerate(squares, start=1):
            allowed = np.isfinite(static[i])
            race_value, lost = la.band_outcomes(owners, classes, i, me, 1 - me, race,
                                                game.options.mud_puddle, allowed)
            table[i] = np.where(allowed, at_stake(static[i], lost), static[i])
            table[i] += LOOK_VALUE * race_value
            if (yield done / len(squares)):
                table = static
                break
    values = table.max(axis=0)
    # A hand that can take no square passes: with the look-ahead, what passing leaves the
    # rival (a pass is no refuge from a weak block that the rival may take back).
    passing = 0.0
    if table is not static:
        passing = LOOK_VALUE * la.rival_turn(owners, classes, me, 1 - me, race,
                                             game.options.mud_puddle)
    return np.where(np.isfinite(values), values, passing)


def at_stake(static: np.ndarray, lost: np.ndarray) -> np.ndarray:
    """The static worth of a capture counts only if the game goes on: scaled by the chance
    that the rival does not complete four at once (``STAKE`` of it)."""
    return static * (1.0 - STAKE * lost)


def looks_ahead(game: r.Game) -> bool:
    """The look-ahead plays two-player games without Same Sex."""
    return bool(LOOK_VALUE) and len(game.players) == 2 and not game.options.same_sex


# -- exact odds --------------------------------------------------------------------------------

def subset_values(hand: Sequence[int], allowance: int, values: np.ndarray) \
        -> dict[tuple[int, ...], float]:
    """Expected worth of twiddling each subset of positions (size <= allowance).

    Every redraw from the cards not kept is counted exactly once.
    """
    return drain(subset_values_steps(hand, allowance, values))


def subset_values_steps(hand: Sequence[int], allowance: int, values: np.ndarray) \
        -> Generator[float, bool | None, dict[tuple[int, ...], float]]:
    """``subset_values`` one subset at a time, for cooperative work: yields the share done;
    sent True (stop), it returns the subsets weighed so far (standing always comes first)."""
    t = hx.tables()
    o = odds()
    hand_ids = np.asarray(hand, dtype=np.intp)
    out: dict[tuple[int, ...], float] = {}
    subsets = [subset for subset in _subsets() if len(subset) <= allowance]
    for done, subset in enumerate(subsets, start=1):
        k = len(subset)
        kept = [hand_ids[p] for p in range(5) if p not in subset]
        tries = allowance // k if k else 0
        if k == 0:
            out[subset] = float(values[hx.classify(hand_ids)])
        elif k == 5:
            out[subset] = redraw_worth(values, o.all_hist / comb(52, 5), tries)
        elif k == 4:
            out[subset] = redraw_worth(values, o.card_hist[kept[0]] / comb(51, 4), tries)
        else:
            pool = np.setdiff1d(np.arange(52), kept)
            pool_keys = t.card_key[pool]
            combos = _combos(len(pool), k)
            keys = np.full(len(combos), int(t.card_key[kept].sum()), dtype=np.int32)
            for col in range(k):
                keys += pool_keys[combos[:, col]]
            out[subset] = redraw_worth(values[hx.classes_of_keys(keys)], None, tries)
        if (yield done / len(subsets)):
            break
    return out


def subset_values_brute(hand: Sequence[int], allowance: int, values: np.ndarray) \
        -> dict[tuple[int, ...], float]:
    """The same as ``subset_values`` by plain enumeration of every redraw (slow; for tests)."""
    out: dict[tuple[int, ...], float] = {}
    for subset in _subsets():
        if len(subset) > allowance:
            continue
        kept = [hand[p] for p in range(5) if p not in subset]
        pool = [c for c in range(52) if c not in kept]
        draws = np.array(list(itertools.combinations(pool, len(subset))), dtype=np.intp)
        full = np.hstack([np.tile(np.array(kept, dtype=np.intp), (len(draws), 1)),
                          draws.reshape(len(draws), len(subset))])
        tries = allowance // len(subset) if subset else 0
        out[subset] = redraw_worth(values[hx.classify(full)], None, tries)
    return out


def redraw_worth(worths: np.ndarray, weights: np.ndarray | None, tries: int) -> float:
    """Expected worth of redrawing the same cards up to ``tries`` times (the die allows
    ``tries`` rounds of them), keeping a draw as soon as it is worth more than drawing
    again: with one round left a draw is worth its mean, and with each round more a draw
    is kept when it beats the worth of the rounds after it.  Each redraw is a fresh one
    from the same cards (the twiddled cards go back into the deck first), so the rounds
    are alike.  ``worths`` are the outcomes' worths, ``weights`` their chances (None:
    equally likely); ``tries`` below 1 counts one round (standing is weighed apart).
    Without ``RETRIES`` every twiddle counts as the last round."""
    probs = np.full(len(worths), 1.0 / len(worths)) if weights is None else weights
    worth = float(probs @ worths)
    for _ in range(1, tries if RETRIES else 1):
        worth = float(probs @ np.maximum(worths, worth))
    return worth


class ExactPlayer:
    """The computer player: exact twiddle odds, squares weighed by lines and payout."""

    def __init__(self) -> None:
        self._values: tuple[tuple[int, int], np.ndarray] | None = None

    def twiddle(self, game: r.Game) -> list[int]:
        return drain(self.twiddle_steps(game))

    def twiddle_steps(self, game: r.Game) -> Generator[float, bool | None, list[int]]:
        """The twiddle decision as cooperative work (``ui.work``): yields the share done.
        The hand classes are valued first (the look-ahead: the first ``LOOK_SHARE`` of the
        work), then every subset of cards the die allows.  Stopped while the classes are
        valued, it drops the look-ahead and weighs the subsets at once (a few milliseconds);
        stopped among the subsets, it picks the best of those weighed so far."""
        # The board does not change within a turn: value the classes once per turn.
        key = (game.turn_number, id(game))
        hand = [c.id for c in game.hand]
        stopped = False
        low = 0.0
        if self._values is not None and self._values[0] == key:
            values = self._values[1]
        else:
            steps = class_values_steps(game, game.turn)
            try:
                share = next(steps)
                low = LOOK_SHARE
                while True:
                    stopped = bool((yield LOOK_SHARE * share))
                    share = steps.send(True) if stopped else next(steps)
            except StopIteration as end:
                values = end.value
            if not stopped:
                self._values = (key, values)
        if stopped:
            scores = subset_values(hand, game.twiddles_left, values)
        else:
            work = subset_values_steps(hand, game.twiddles_left, values)
            scores = yield from _scaled(work, low)
        # Highest expected worth; on a tie, fewer cards (standing first).
        best = max(scores, key=lambda s: (round(scores[s], 9), -len(s)))
        return list(best)

    def square(self, game: r.Game) -> int:
        table = square_values(game, game.turn)
        cls = game.hand_class
        legal = game.legal_squares()
        scores = {i: float(table[i, cls]) for i in legal}
        if looks_ahead(game):
            race = look_race()
            owners = [sq.owner for sq in game.board]
            classes = [sq.cls for sq in game.board]
            for i in legal:
                race_value, lost = la.capture_outcome(
                    owners, classes, i, cls, game.turn, 1 - game.turn, race,
                    game.options.mud_puddle)
                scores[i] = (float(at_stake(np.asarray(scores[i]), np.asarray(lost)))
                             + LOOK_VALUE * race_value)
        return max(legal, key=lambda i: (round(scores[i], 9), -i))


def _scaled(steps: Generator[float, bool | None, T], low: float) \
        -> Generator[float, bool | None, T]:
    """Cooperative work whose shares run from ``low`` to 1 instead of 0 to 1."""
    try:
        share = next(steps)
        while True:
            share = steps.send((yield low + (1.0 - low) * share))
    except StopIteration as end:
        return end.value


@cache
def look_race() -> la.Race:
    """The look-ahead's chance tables (no Same Sex: it is not used there)."""
    lowest = int(np.flatnonzero(r.eligible_classes()).min())
    return la.Race.build(odds().hold, lowest, LOOK_RIVAL_TRIES, LOOK_MY_TRIES)


def agrees_to_draw(game: r.Game, seat: int) -> bool:
    """A computer accepts a draw unless it has more pigs on the board than everyone else."""
    pigs = game.pigs()
    return not all(pigs[seat] > n for p, n in enumerate(pigs) if p != seat)


# -- baselines ---------------------------------------------------------------------------------

class RandomPlayer:
    """Twiddles a random number of random cards once, then takes a random legal square."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._last: tuple[int, int] = (0, -1)

    def twiddle(self, game: r.Game) -> list[int]:
        if self._last == (id(game), game.turn_number):
            return []                                   # one round a turn
        self._last = (id(game), game.turn_number)
        return self.rng.sample(range(5), self.rng.randint(0, game.twiddles_left))

    def square(self, game: r.Game) -> int:
        return self.rng.choice(game.legal_squares())


def greedy_keep(hand: Sequence[hx.Card]) -> list[int]:
    """Positions a greedy player keeps: the cards that make the hand, else the top card."""
    cls = hx.class_of(hand)
    cat = hx.class_category(cls)
    if cat in (hx.STRAIGHT, hx.FLUSH, hx.FULL_HOUSE, hx.STRAIGHT_FLUSH, hx.FOUR):
        return list(range(5))
    counts: dict[int, int] = {}
    for c in hand:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    keep = [p for p, c in enumerate(hand) if counts[c.rank] >= 2]
    if not keep:
        keep = [max(range(5), key=lambda p: (hand[p].rank, -p))]
    return keep


class GreedyPlayer:
    """Keeps what makes its hand now, redraws the lowest of the rest (one round), and takes
    the square holding the highest hand it can beat (an empty square counts as lowest)."""

    def __init__(self) -> None:
        self._last: tuple[int, int] = (0, -1)

    def twiddle(self, game: r.Game) -> list[int]:
        if self._last == (id(game), game.turn_number):
            return []                                   # one round a turn
        self._last = (id(game), game.turn_number)
        keep = set(greedy_keep(game.hand))
        rest = sorted((p for p in range(5) if p not in keep),
                      key=lambda p: (game.hand[p].rank, p))
        return rest[: game.twiddles_left]

    def square(self, game: r.Game) -> int:
        return max(game.legal_squares(), key=lambda i: (game.board[i].cls, -i))


class LineGreedyPlayer(GreedyPlayer):
    """Twiddles as ``GreedyPlayer``; takes a square that completes its own four in a row
    whenever it can, otherwise the highest-scoring square it does not hold already (an
    empty square scores 0), and one of its own only when nothing else is legal."""

    def square(self, game: r.Game) -> int:
        legal = game.legal_squares()
        board, me = game.board, game.turn
        for i in legal:
            for line in r.LINES:
                if i in line and all(board[k].owner == me for k in line if k != i):
                    return i
        return max(legal, key=lambda i: (board[i].owner != me, board[i].score, -i))


def new_policy(kind: str, rng: random.Random | None = None) -> Policy:
    """``"exact"``, ``"greedy"``, ``"line_greedy"`` or ``"random"``."""
    match kind:
        case "line_greedy":
            return LineGreedyPlayer()
        case "exact":
            return ExactPlayer()
        case "greedy":
            return GreedyPlayer()
        case "random":
            return RandomPlayer(rng or random.Random(0))
    raise ValueError(f"unknown player kind {kind!r}")


def play_game(policies: Sequence[Policy], seed: int, options: r.Options | None = None,
              max_turns: int = 2000) -> r.Game:
    """Play a whole game between policies (seat order as given); for benches and tests."""
    game = r.Game([r.Player(f"P{i}", True) for i in range(len(policies))],
                  random.Random(seed), options or r.Options(), chips=[100] * len(policies))
    game.start_turn()
    while not game.over and game.turn_number <= max_turns:
        play_turn(game, policies[game.turn])
    return game
