"""The compiled move generator and make step: ``moves.py`` and ``make.py`` in numba.

They follow the Python generator move for move and in the same order (the search's node
counts then match the reference search's exactly, which the tests check), and the tests
compare them with it and with the plain two-dimensional reference on random positions of
every board size and variant.  A move is three masks in a row of an ``int64[n, 3]`` array:
from, to, captured.  The Weckers weights are an ``int64[64]`` array by padded bit.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from retro.games.checkers.engine.arrays import (
    C_BCROWN,
    C_HALF,
    C_TWO,
    C_WCROWN,
    C_WEIGHTED,
    C_Z_SIDE,
    Z_BKING,
    Z_BMAN,
    Z_WEIGHT,
    Z_WKING,
    Z_WMAN,
)
from retro.games.checkers.engine.bits import lowest_bit

#: Room for the moves of one position: real positions have a few dozen at most; a FEN can
#: set up more captures, and any beyond this room are left out rather than overrun it.
MAX_MOVES = 512
#: Room for the jump search's pending branches.
JUMP_STACK = 256


@njit(cache=True, inline="always")
def _jumps(sq: int, opp: int, empty: int, king: bool, black: bool, h: int, bcrown: int,
           wcrown: int, out: np.ndarray, n: int, stack: np.ndarray) -> int:
    """Every capture path of the piece on ``sq``, depth first, appended from ``out[n]``."""
    h1 = h + 1
    first = n
    top = 0
    stack[0, 0] = sq
    stack[0, 1] = opp
    stack[0, 2] = 0
    top = 1
    while top:
        top -= 1
        at = stack[top, 0]
        o = stack[top, 1]
        cap = stack[top, 2]
        ended = True
        for d in range(4):
            if d < 2:
                if not (black or king):
                    continue
                shift = h if d == 0 else h1
                mid = at << shift
                if not mid & o:
                    continue
                land = mid << shift
                crown = bcrown
            else:
                if not (king or not black):
                    continue
                shift = h if d == 2 else h1
                mid = at >> shift
                if not mid & o:
                    continue
                land = mid >> shift
                crown = wcrown
            if land & empty:
                ended = False
                if not king and land & crown:
                    if n == out.shape[0]:
                        continue
                    out[n, 0] = sq
                    out[n, 1] = land
                    out[n, 2] = cap | mid
                    n += 1
                else:
                    stack[top, 0] = land
                    stack[top, 1] = o ^ mid
                    stack[top, 2] = cap | mid
                    top += 1
        if ended and cap:
            seen = False
            for j in range(first, n):
                if out[j, 0] == sq and out[j, 1] == at and out[j, 2] == cap:
                    seen = True
                    break
            if not seen and n < out.shape[0]:
                out[n, 0] = sq
                out[n, 1] = at
                out[n, 2] = cap
                n += 1
    return n


@njit(cache=True, inline="always")
def captures(own: int, opp: int, kings: int, black: bool, empty: int, lite: bool,
             wt: np.ndarray, cfg: np.ndarray, out: np.ndarray, stack: np.ndarray) -> int:
    """Every capture of the side to move into ``out``; gives how many.  ``lite``: a piece
    hops only pieces no heavier than itself (weights ``wt``)."""
    h = cfg[C_HALF]
    h1 = h + 1
    h2 = 2 * h
    h12 = 2 * h1
    kown = own & kings
    if black:
        src = (((((own << h) & opp) << h) & empty) >> h2) | \
              (((((own << h1) & opp) << h1) & empty) >> h12) | \
              (((((kown >> h) & opp) >> h) & empty) << h2) | \
              (((((kown >> h1) & opp) >> h1) & empty) << h12)
    else:
        src = (((((own >> h) & opp) >> h) & empty) << h2) | \
              (((((own >> h1) & opp) >> h1) & empty) << h12) | \
              (((((kown << h) & opp) << h) & empty) >> h2) | \
              (((((kown << h1) & opp) << h1) & empty) >> h12)
    n = 0
    while src:
        sq = src & -src
        src ^= sq
        hoppable = opp
        if lite:
            limit = wt[lowest_bit(sq)]
            o = opp
            while o:
                x = o & -o
                o ^= x
                if wt[lowest_bit(x)] > limit:
                    hoppable ^= x
            if not hoppable:
                continue
        n = _jumps(sq, hoppable, empty | sq, (kings & sq) != 0, black, h, cfg[C_BCROWN],
                   cfg[C_WCROWN], out, n, stack)
    return n


@njit(cache=True, inline="always")
def quiet(own: int, kings: int, black: bool, empty: int, cfg: np.ndarray,
          out: np.ndarray) -> int:
    """Every plain step of the side to move (call only when no capture exists)."""
    h = cfg[C_HALF]
    kown = own & kings
    n = 0
    for d in range(4):
        shift = h if d % 2 == 0 else h + 1
        if black:
            down = d < 2
            targets = ((own << shift) if d < 2 else (kown >> shift)) & empty
        else:
            down = d >= 2
            targets = ((own >> shift) if d < 2 else (kown << shift)) & empty
        while targets:
            to = targets & -targets
            targets ^= to
            out[n, 0] = (to >> shift) if down else (to << shift)
            out[n, 1] = to
            out[n, 2] = 0
            n += 1
    return n


@njit(cache=True, inline="always")
def make(frm: int, to: int, cap: int, b: int, w: int, k: int, black: bool, key: int,
         sb: int, sw: int, wt: np.ndarray, cfg: np.ndarray, sqt: np.ndarray,
         hops: np.ndarray) -> tuple[int, int, int, int, int, int]:
    """The position after a move: (black, white, kings, key, black's score, white's).
    In the Weckers games it writes the mover's weight on its new square (the caller puts
    back the square's old weight when it takes the move back)."""
    weighted = cfg[C_WEIGHTED] != 0
    key ^= cfg[C_Z_SIDE]
    if black:
        own, opp, crown = b, w, cfg[C_BCROWN]
        zm, zk, om, ok = Z_BMAN, Z_BKING, Z_WMAN, Z_WKING
    else:
        own, opp, crown = w, b, cfg[C_WCROWN]
        zm, zk, om, ok = Z_WMAN, Z_WKING, Z_BMAN, Z_BKING
    fi = lowest_bit(frm)
    ti = lowest_bit(to)
    gained = 0
    mover_w = 0
    if weighted:
        mover_w = wt[fi]
        key ^= sqt[Z_WEIGHT + mover_w, fi] ^ sqt[Z_WEIGHT + mover_w, ti]
    if cap:
        opp &= ~cap
        c = cap
        while c:
            x = c & -c
            c ^= x
            xi = lowest_bit(x)
            key ^= sqt[ok, xi] if k & x else sqt[om, xi]
            if weighted:
                wx = wt[xi]
                key ^= sqt[Z_WEIGHT + wx, xi]
                gained += hops[mover_w, wx]
        k &= ~cap
    # Clear the start before setting the end: a king may come back to its square.
    own &= ~frm
    if k & frm:
        k = (k & ~frm) | to
        key ^= sqt[zk, fi] ^ sqt[zk, ti]
        own |= to
    elif to & crown:
        if cfg[C_TWO]:
            # Weckers Two: the man leaves the board and scores its weight.
            gained += mover_w
            key ^= sqt[zm, fi] ^ sqt[Z_WEIGHT + mover_w, ti]
        else:
            k |= to
            own |= to
            key ^= sqt[zm, fi] ^ sqt[zk, ti]
    else:
        own |= to
        key ^= sqt[zm, fi] ^ sqt[zm, ti]
    if weighted:
        wt[ti] = mover_w
    if black:
        return own, opp, k, key, sb + gained, sw
    return opp, own, k, key, sb, sw + gained
