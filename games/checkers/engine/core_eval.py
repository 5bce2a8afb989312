"""The compiled evaluation and endgame database probe.

``evaluate`` is ``evaluate.py``'s evaluation term for term (that module documents the terms
and holds the constants; the compiled one reads them from an array built from it, so a
tuning run that changes a constant changes both).  The tests compare the two on random
positions of every board size and variant.  ``probe`` looks a position up in the endgame
classes ``egdb.flat_tables`` laid out in one byte array.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from retro.games.checkers.engine.arrays import (
    C_AB0,
    C_AB1,
    C_AB2,
    C_AW0,
    C_AW1,
    C_AW2,
    C_B_BACK,
    C_B_RUN,
    C_BRIDGE_B,
    C_BRIDGE_W,
    C_CENTRE,
    C_EDGES,
    C_HALF,
    C_LITE,
    C_NROWS,
    C_SYSTEM,
    C_TWO,
    C_VALID,
    C_W_BACK,
    C_W_RUN,
    C_WEIGHTED,
    CONE_B,
    CONE_W,
    E_ADVANCE,
    E_ADVANCE_ENDGAME,
    E_BACK_MAN,
    E_BRIDGE,
    E_CHASE,
    E_ENDGAME_PIECES,
    E_KING,
    E_KING_CENTRE,
    E_KING_EDGE,
    E_KING_TRAPPED,
    E_LITE_WEIGHT,
    E_MAN,
    E_MOBILITY,
    E_OPPOSITION,
    E_RUNAWAY,
    E_RUNAWAY_ROW,
    E_SCORE_POINT,
    E_TRADE,
    E_TWO_PROGRESS,
    E_W_KING,
    E_W_MAN,
    NEIGHBOURS,
    RC_COL,
    RC_ROW,
    ROW,
)
from retro.games.checkers.engine.bits import lowest_bit, popcount

#: What ``probe`` gives for a position the databases do not hold.
NOT_FOUND = 2
# Database bytes (``egdb``): nothing, a win, a loss, a draw for the side to move.
_DB_WIN, _DB_LOSS, _DB_DRAW = 1, 2, 3


@njit(cache=True)
def _runaways(men: int, prey: int, black: bool, nrows: int, sqt: np.ndarray,
              ev: np.ndarray) -> int:
    bonus = 0
    cone = CONE_B if black else CONE_W
    while men:
        x = men & -men
        men ^= x
        xi = lowest_bit(x)
        if not sqt[cone, xi] & prey:
            to_go = (nrows - 1 - sqt[ROW, xi]) if black else sqt[ROW, xi]
            bonus += ev[E_RUNAWAY] - ev[E_RUNAWAY_ROW] * to_go
    return bonus


@njit(cache=True)
def _chase(kings: int, prey: int, nrows: int, sqt: np.ndarray, ev: np.ndarray) -> int:
    """Kings closing in: the distance of each king to its nearest enemy piece."""
    total = 0
    n = 0
    while kings:
        x = kings & -kings
        kings ^= x
        xi = lowest_bit(x)
        r = sqt[RC_ROW, xi]
        c = sqt[RC_COL, xi]
        nearest = 1 << 30
        p = prey
        while p:
            y = p & -p
            p ^= y
            yi = lowest_bit(y)
            d = max(abs(r - sqt[RC_ROW, yi]), abs(c - sqt[RC_COL, yi]))
            if d < nearest:
                nearest = d
        total += nearest
        n += 1
    return ev[E_CHASE] * (nrows * n - total)


@njit(cache=True)
def _trapped(kings: int, empty: int, sqt: np.ndarray) -> int:
    n = 0
    while kings:
        x = kings & -kings
        kings ^= x
        if not sqt[NEIGHBOURS, lowest_bit(x)] & empty:
            n += 1
    return n


@njit(cache=True, inline="always")
def evaluate(b: int, w: int, k: int, black: bool, sb: int, sw: int, wt: np.ndarray,
             cfg: np.ndarray, sqt: np.ndarray, ev: np.ndarray) -> int:
    """Score for the side to move (positive: good for it)."""
    h = cfg[C_HALF]
    h1 = h + 1
    nrows = cfg[C_NROWS]
    bm = b & ~k
    bk = b & k
    wm = w & ~k
    wk = w & k
    n_bm = popcount(bm)
    n_bk = popcount(bk)
    n_wm = popcount(wm)
    n_wk = popcount(wk)
    pieces = n_bm + n_bk + n_wm + n_wk
    endgame = pieces <= ev[E_ENDGAME_PIECES]
    empty = cfg[C_VALID] & ~(b | w)
    if cfg[C_WEIGHTED]:
        lite = cfg[C_LITE] != 0
        two = cfg[C_TWO] != 0
        score = ev[E_SCORE_POINT] * (sb - sw) + ev[E_W_MAN] * (n_bm - n_wm) \
            + ev[E_W_KING] * (n_bk - n_wk)
        if lite or two:
            x = b
            while x:
                sq = x & -x
                x ^= sq
                xi = lowest_bit(sq)
                wsq = wt[xi]
                if lite:
                    score += ev[E_LITE_WEIGHT] * wsq
                if two and not k & sq:
                    score += ev[E_TWO_PROGRESS] * wsq * sqt[ROW, xi]
            x = w
            while x:
                sq = x & -x
                x ^= sq
                xi = lowest_bit(sq)
                wsq = wt[xi]
                if lite:
                    score -= ev[E_LITE_WEIGHT] * wsq
                if two and not k & sq:
                    score -= ev[E_TWO_PROGRESS] * wsq * (nrows - 1 - sqt[ROW, xi])
        scale = 1
    else:
        mat = ev[E_MAN] * (n_bm - n_wm) + ev[E_KING] * (n_bk - n_wk)
        score = mat + mat * ev[E_TRADE] // (pieces + 2)
        if endgame and mat:
            if mat > 0 and bk and w:
                score += _chase(bk, w, nrows, sqt, ev)
            elif mat < 0 and wk and b:
                score -= _chase(wk, b, nrows, sqt, ev)
        elif endgame and not mat and not bm and not wm and n_bk == n_wk:
            # Kings only, equal numbers: the opposition (see evaluate.py).
            odd = popcount(cfg[C_SYSTEM] & (b | w)) & 1
            if (odd == 1) == black:
                score += ev[E_OPPOSITION]
            else:
                score -= ev[E_OPPOSITION]
        scale = 2
    adv = (popcount(bm & cfg[C_AB0]) - popcount(wm & cfg[C_AW0])
           + 2 * (popcount(bm & cfg[C_AB1]) - popcount(wm & cfg[C_AW1]))
           + 4 * (popcount(bm & cfg[C_AB2]) - popcount(wm & cfg[C_AW2])))
    score += (ev[E_ADVANCE_ENDGAME] if endgame else ev[E_ADVANCE]) * adv
    if bm & cfg[C_B_RUN]:
        score += _runaways(bm & cfg[C_B_RUN], w, True, nrows, sqt, ev) * scale // 2
    if wm & cfg[C_W_RUN]:
        score -= _runaways(wm & cfg[C_W_RUN], b, False, nrows, sqt, ev) * scale // 2
    bridge_b = cfg[C_BRIDGE_B]
    bridge_w = cfg[C_BRIDGE_W]
    if not wk and wm:
        score += ev[E_BACK_MAN] * popcount(bm & cfg[C_B_BACK])
        if bridge_b and bm & bridge_b == bridge_b:
            score += ev[E_BRIDGE]
    if not bk and bm:
        score -= ev[E_BACK_MAN] * popcount(wm & cfg[C_W_BACK])
        if bridge_w and wm & bridge_w == bridge_w:
            score -= ev[E_BRIDGE]
    if bk or wk:
        centre = cfg[C_CENTRE]
        edges = cfg[C_EDGES]
        score += ev[E_KING_CENTRE] * (popcount(bk & centre) - popcount(wk & centre))
        score += ev[E_KING_EDGE] * (popcount(bk & edges) - popcount(wk & edges))
        score += ev[E_KING_TRAPPED] * (_trapped(bk, empty, sqt) - _trapped(wk, empty, sqt))
    mob = (popcount((b << h) & empty) + popcount((b << h1) & empty)
           + popcount((bk >> h) & empty) + popcount((bk >> h1) & empty)
           - popcount((w >> h) & empty) - popcount((w >> h1) & empty)
           - popcount((wk << h) & empty) - popcount((wk << h1) & empty))
    score += ev[E_MOBILITY] * mob
    return score if black else -score


@njit(cache=True)
def _rank(mask: int, numbers: np.ndarray, comb: np.ndarray) -> int:
    """A group's combination rank (``egdb._rank``); -1 for a man on its crowning row."""
    r = 0
    i = 1
    while mask:
        low = mask & -mask
        mask ^= low
        number = numbers[lowest_bit(low)]
        if number < 0:
            return -1
        r += comb[number, i]
        i += 1
    return r


@njit(cache=True, inline="always")
def probe(b: int, w: int, k: int, black: bool, eg_data: np.ndarray, eg_index: np.ndarray,
          eg_numbers: np.ndarray, comb: np.ndarray) -> int:
    """1 (the side to move wins), -1 (it loses), 0 (a draw) or NOT_FOUND."""
    if not b or not w:
        return NOT_FOUND
    bm = b & ~k
    bk = b & k
    wm = w & ~k
    wk = w & k
    c0 = popcount(bm)
    c1 = popcount(bk)
    c2 = popcount(wm)
    c3 = popcount(wk)
    if c0 > 4 or c1 > 4 or c2 > 4 or c3 > 4:
        return NOT_FOUND
    cid = ((c0 * 5 + c1) * 5 + c2) * 5 + c3
    offset = eg_index[cid, 0]
    if offset < 0:
        return NOT_FOUND
    r0 = _rank(bm, eg_numbers[0], comb)
    r1 = _rank(bk, eg_numbers[2], comb)
    r2 = _rank(wm, eg_numbers[1], comb)
    r3 = _rank(wk, eg_numbers[2], comb)
    if r0 < 0 or r2 < 0:
        return NOT_FOUND
    s1 = eg_index[cid, 2]
    s2 = eg_index[cid, 3]
    s3 = eg_index[cid, 4]
    slot = ((r0 * s1 + r1) * s2 + r2) * s3 + r3
    if not black:
        slot += eg_index[cid, 1] * s1 * s2 * s3
    value = eg_data[offset + slot]
    if value == _DB_WIN:
        return 1
    if value == _DB_LOSS:
        return -1
    if value == _DB_DRAW:
        return 0
    return NOT_FOUND
