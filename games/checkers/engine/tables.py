"""Per-board tables the search and the evaluation use, built once per board size.

Everything is keyed by one-bit masks of the padded layout (``board.Geometry``), so the hot
code never turns a mask into an index: a dictionary look-up by the mask itself is cheaper in
CPython than ``bit_length`` and a list index.

* Zobrist keys: one random 64-bit number per (colour, man or king, square), per (weight,
  square) for the Weckers games, and one for the side to move.  A position's key is the
  exclusive-or of its pieces' numbers, updated move by move.
* Rows, the forward "cone" of every square (the squares a man there could ever reach: no
  enemy man outside it can get in its way), the centre, the corners, the neighbours.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from retro.games.checkers.board import Geometry, geometry

#: The Zobrist numbers come from this fixed seed, so keys (and so searches) repeat exactly.
ZOBRIST_SEED = 0x5EED_C0DE
MASK64 = (1 << 64) - 1


@dataclass(frozen=True)
class Tables:
    g: Geometry
    squares: tuple[int, ...]            # one-bit masks of the real squares, top row first
    row_of: dict[int, int]              # mask -> row (0 = top)
    rows: tuple[int, ...]               # row masks, top first
    z_bman: dict[int, int]
    z_bking: dict[int, int]
    z_wman: dict[int, int]
    z_wking: dict[int, int]
    z_weight: tuple[dict[int, int], ...]    # [weight][mask], weights 0..6
    z_side: int
    cone_black: dict[int, int]          # squares a black man (moving down) could reach
    cone_white: dict[int, int]
    neighbours: dict[int, int]          # the up to four diagonal neighbours
    centre: int                         # squares off the edges and off the back rows
    edges: int                          # the left and right columns


def _bit_masks(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


@cache
def tables(rows: int, cols: int) -> Tables:
    g = geometry(rows, cols)
    h = g.half
    squares = tuple(1 << b for b in g.bit_of)
    row_of = {}
    for r, mask in enumerate(g.row_masks):
        for sq in _bit_masks(mask):
            row_of[sq] = r
    rng = random.Random(ZOBRIST_SEED + rows * 10 + cols)

    def zob() -> dict[int, int]:
        return {sq: rng.getrandbits(64) for sq in squares}

    z_bman, z_bking, z_wman, z_wking = zob(), zob(), zob(), zob()
    z_weight = tuple(zob() for _ in range(7))
    z_side = rng.getrandbits(64)
    valid = g.valid

    def step(mask: int, down: bool) -> int:
        if down:
            return ((mask << h) | (mask << (h + 1))) & valid
        return ((mask >> h) | (mask >> (h + 1))) & valid

    cone_black: dict[int, int] = {}
    cone_white: dict[int, int] = {}
    for sq in squares:
        for cone, down in ((cone_black, True), (cone_white, False)):
            reach = 0
            front = sq
            while front:
                front = step(front, down)
                reach |= front
            cone[sq] = reach
    neighbours = {sq: step(sq, True) | step(sq, False) for sq in squares}
    edges = 0
    for sq in squares:
        if neighbours[sq].bit_count() < 4 and row_of[sq] not in (0, rows - 1):
            edges |= sq
    centre = 0
    for r in range(1, rows - 1):
        centre |= g.row_masks[r]
    centre &= ~edges
    return Tables(g, squares, row_of, tuple(g.row_masks), z_bman, z_bking, z_wman, z_wking,
                  z_weight, z_side, cone_black, cone_white, neighbours, centre, edges)


def signed(value: int) -> int:
    """A 64-bit unsigned number as the signed integer with the same bits (numba's int64)."""
    return value - (1 << 64) if value >= 1 << 63 else value


def zobrist(t: Tables, black: int, white: int, kings: int, black_to_move: bool,
            weights: dict[int, int] | None) -> int:
    """The key of a whole position (the search then updates it move by move)."""
    key = 0 if black_to_move else t.z_side
    for sq in _bit_masks(black):
        key ^= t.z_bking[sq] if kings & sq else t.z_bman[sq]
    for sq in _bit_masks(white):
        key ^= t.z_wking[sq] if kings & sq else t.z_wman[sq]
    if weights is not None:
        for sq in _bit_masks(black | white):
            key ^= t.z_weight[weights[sq]][sq]
    return key


@dataclass(frozen=True)
class EvalMasks:
    """The board masks the evaluation reads (for the Python reference and the compiled
    evaluation alike, so both score the same squares)."""

    b_run_zone: int             # rows where a black man is tested for a free run to crown
    w_run_zone: int
    bridge_b: int               # the 8x8 bridge (black 1 and 3, white 30 and 32), else 0
    bridge_w: int
    adv_b: tuple[int, int, int]  # bit-sliced rows advanced: bit j of a row's distance
    adv_w: tuple[int, int, int]
    system: int                 # the columns of black's system ("the move")


@cache
def eval_masks(rows: int, cols: int) -> EvalMasks:
    t = tables(rows, cols)
    g = t.g
    nrows = g.rows
    # Men this near the crown are tested for a free run (the cone is cheap but not free).
    b_run = w_run = 0
    for r in range(nrows // 2, nrows - 1):
        b_run |= t.rows[r]
        w_run |= t.rows[nrows - 1 - r]
    bridge_b = bridge_w = 0
    if (g.rows, g.cols) == (8, 8):
        bridge_b = g.bit(1) | g.bit(3)
        bridge_w = g.bit(30) | g.bit(32)
    # Advancement, bit-sliced: ``adv_b[j]`` holds the rows whose distance from black's
    # home has bit j set, so sum(2**j * popcount) is the rows advanced by all black men.
    adv_b = [0, 0, 0]
    adv_w = [0, 0, 0]
    for r in range(nrows):
        for j in range(3):
            if r >> j & 1:
                adv_b[j] |= t.rows[r]
                adv_w[j] |= t.rows[nrows - 1 - r]
    system = 0
    for sq in t.squares:
        _, c = g.rc(g.square_of[sq.bit_length() - 1] + 1)
        if c % 2 == 1:
            system |= sq
    return EvalMasks(b_run, w_run, bridge_b, bridge_w, (adv_b[0], adv_b[1], adv_b[2]),
                     (adv_w[0], adv_w[1], adv_w[2]), system)
