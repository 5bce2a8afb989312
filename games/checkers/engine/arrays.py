"""The tables of one board and variant as numpy arrays, for the compiled core.

The compiled search (``core``) cannot look into Python objects, so everything it needs
about a board size, a variant and the evaluation is laid out here once (cached per board
and variant): one ``config`` array of scalars, one ``squares`` array of per-bit tables (a
row per table, a column per padded bit), the hop scores and the evaluation weights.  The
values come from the same places the rules and ``tables`` take them from, and Zobrist keys
are the same numbers as ``tables`` (as signed 64-bit integers).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from retro.games.checkers import rules as R
from retro.games.checkers.engine import evaluate as EV
from retro.games.checkers.engine.tables import Tables, eval_masks, signed, tables

BITS = 64

# Rows of the ``squares`` table (one value per padded bit).
ROW, RC_ROW, RC_COL, CONE_B, CONE_W, NEIGHBOURS = 0, 1, 2, 3, 4, 5
Z_BMAN, Z_BKING, Z_WMAN, Z_WKING = 6, 7, 8, 9
Z_WEIGHT = 10                   # ten to sixteen: weights 0..6
N_SQUARE_ROWS = 17

# Slots of the ``config`` array.
(C_HALF, C_VALID, C_BCROWN, C_WCROWN, C_NROWS, C_WEIGHTED, C_LITE, C_TWO, C_GAME_POINT,
 C_CENTRE, C_EDGES, C_B_BACK, C_W_BACK, C_B_RUN, C_W_RUN, C_BRIDGE_B, C_BRIDGE_W,
 C_AB0, C_AB1, C_AB2, C_AW0, C_AW1, C_AW2, C_SYSTEM, C_Z_SIDE) = range(25)
N_CONFIG = 25

# Slots of the evaluation weights, in the order of ``EVAL_NAMES``.
EVAL_NAMES = ("MAN", "KING", "TRADE", "ADVANCE", "ADVANCE_ENDGAME", "RUNAWAY", "RUNAWAY_ROW",
              "BACK_MAN", "BRIDGE", "KING_CENTRE", "KING_EDGE", "KING_TRAPPED", "MOBILITY",
              "CHASE", "OPPOSITION", "ENDGAME_PIECES", "SCORE_POINT", "W_MAN", "W_KING",
              "LITE_WEIGHT", "TWO_PROGRESS")
(E_MAN, E_KING, E_TRADE, E_ADVANCE, E_ADVANCE_ENDGAME, E_RUNAWAY, E_RUNAWAY_ROW, E_BACK_MAN,
 E_BRIDGE, E_KING_CENTRE, E_KING_EDGE, E_KING_TRAPPED, E_MOBILITY, E_CHASE, E_OPPOSITION,
 E_ENDGAME_PIECES, E_SCORE_POINT, E_W_MAN, E_W_KING, E_LITE_WEIGHT,
 E_TWO_PROGRESS) = range(len(EVAL_NAMES))


def eval_weights() -> np.ndarray:
    """The evaluation's constants as they stand now (a tuning run may have changed them)."""
    return np.array([getattr(EV, name) for name in EVAL_NAMES], dtype=np.int64)


@cache
def square_table(rows: int, cols: int) -> np.ndarray:
    t = tables(rows, cols)
    g = t.g
    out = np.zeros((N_SQUARE_ROWS, BITS), dtype=np.int64)
    for sq in t.squares:
        b = sq.bit_length() - 1
        r, c = g.rc(g.square_of[b] + 1)
        out[ROW, b] = t.row_of[sq]
        out[RC_ROW, b], out[RC_COL, b] = r, c
        out[CONE_B, b] = t.cone_black[sq]
        out[CONE_W, b] = t.cone_white[sq]
        out[NEIGHBOURS, b] = t.neighbours[sq]
        for row, z in ((Z_BMAN, t.z_bman), (Z_BKING, t.z_bking), (Z_WMAN, t.z_wman),
                       (Z_WKING, t.z_wking)):
            out[row, b] = signed(z[sq])
        for weight in range(7):
            out[Z_WEIGHT + weight, b] = signed(t.z_weight[weight][sq])
    out.setflags(write=False)
    return out


def _board_config(t: Tables) -> list[int]:
    g = t.g
    m = eval_masks(g.rows, g.cols)
    return [g.half, g.valid, g.black_crown, g.white_crown, g.rows, 0, 0, 0, 0, t.centre,
            t.edges, t.rows[0], t.rows[-1], m.b_run_zone, m.w_run_zone, m.bridge_b,
            m.bridge_w, *m.adv_b, *m.adv_w, m.system, signed(t.z_side)]


@cache
def config(options: R.Options) -> np.ndarray:
    """The scalars of one board and variant (``C_*`` slots)."""
    cfg = _board_config(tables(options.rows, options.cols))
    cfg[C_WEIGHTED] = int(options.weighted)
    cfg[C_LITE] = int(options.lite)
    cfg[C_TWO] = int(options.variant == R.WECKERS_TWO)
    cfg[C_GAME_POINT] = options.game_point
    out = np.array(cfg, dtype=np.int64)
    out.setflags(write=False)
    return out


@cache
def hop_scores(options: R.Options) -> np.ndarray:
    """Points for hopping: ``[mover's weight, hopped weight]`` (the Weckers games)."""
    out = np.array([[R.hop_score(options, a, c) for c in range(7)] for a in range(7)],
                   dtype=np.int64)
    out.setflags(write=False)
    return out
