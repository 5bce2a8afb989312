"""Compute the endgame databases by retrograde analysis (plain checkers, every board size).

    nice python -m retro.games.checkers.tools.build_egdb [--pieces N] [--size 8x8]

By default each board gets what the shipped files hold (``egdb.BUILT_PIECES``): five pieces
on 6x6 (about a quarter of an hour), four on the others.

Material classes are solved smallest first (fewer pieces, then fewer men), so every capture
and every crowning leads into a class already solved.  Inside a class:

1. every position's moves are generated once; a move out of the class is scored at once
   from the solved class (a move that takes the last enemy piece wins), a move inside the
   class becomes an edge;
2. positions without a move are lost, positions with a move into a lost position won;
3. the results run backwards along the edges: a predecessor of a lost position is won; a
   position whose every move is known to reach a won position (and none leaves the class
   into a draw) is lost;
4. whatever is left is a draw (neither side can force a win: the game has no other rule
   that ends it).

The result is one byte per slot (see ``engine.egdb``), compressed by numpy into
``games/checkers/data/egdb_RxC.npz``.  A full 8x8 four-piece run takes some minutes.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from array import array
from collections import deque

import numpy as np

from retro.games.checkers.board import Geometry, geometry
from retro.games.checkers.engine import egdb
from retro.games.checkers.engine.egdb import DRAW, LOSS, NONE, WIN, Class
from retro.games.checkers.engine.moves import move_functions


def classes(max_pieces: int) -> list[Class]:
    """Every class with a piece on each side, in the order they can be solved."""
    out: list[Class] = []
    for total in range(2, max_pieces + 1):
        for bm, bk, wm, wk in itertools.product(range(total + 1), repeat=4):
            if bm + bk + wm + wk == total and bm + bk >= 1 and wm + wk >= 1:
                out.append((bm, bk, wm, wk))
    return sorted(out, key=lambda c: (sum(c), c[0] + c[2], c))


def positions(g: Geometry, c: Class) -> itertools.product:
    """(black men, black kings, white men, white kings) mask tuples (may overlap)."""
    bmn, wmn, kn = egdb.layout(g)

    def groups(numbers: dict[int, int], count: int) -> list[int]:
        masks = sorted(numbers, key=numbers.__getitem__)
        return [sum(combo) for combo in itertools.combinations(masks, count)]

    return itertools.product(groups(bmn, c[0]), groups(kn, c[1]), groups(wmn, c[2]),
                             groups(kn, c[3]))


def child(g: Geometry, b: int, w: int, k: int, black: bool,
          mv: tuple[int, int, int]) -> tuple[int, int, int]:
    frm, to, cap = mv
    own, opp = (b, w) if black else (w, b)
    crown = g.black_crown if black else g.white_crown
    opp &= ~cap
    nk = k & ~cap
    own &= ~frm                 # clear the start first: a king may end where it began
    own |= to
    if nk & frm:
        nk = (nk & ~frm) | to
    elif to & crown:
        nk |= to
    return (own, opp, nk) if black else (opp, own, nk)


def solve_class(g: Geometry, c: Class, solved: dict[Class, bytearray]) -> bytearray:
    captures, quiet = move_functions(g)
    size = egdb.slots(g, c)
    val = bytearray(2 * size)
    has_draw = bytearray(2 * size)
    count = array("i", bytes(4 * 2 * size))
    edges = array("i")
    owner = array("i")
    valid = g.valid
    for bm, bk, wm, wk in positions(g, c):
        if (bm & bk) or (bm | bk) & (wm | wk) or (wm & wk):
            continue
        b, w, k = bm | bk, wm | wk, bk | wk
        _, slot = egdb.index(g, b, w, k)
        for side, black in ((0, True), (1, False)):
            pid = side * size + slot
            own, opp = (b, w) if black else (w, b)
            empty = valid & ~(b | w)
            moves = captures(own, opp, k, black, empty, None) or quiet(own, k, black, empty)
            if not moves:
                val[pid] = LOSS
                continue
            outcome = NONE
            n_in = 0
            for mv in moves:
                cb, cw, ck = child(g, b, w, k, black, mv)
                if not (cw if black else cb):
                    outcome = WIN       # the last enemy piece is gone: it cannot move
                    break
                cc, cslot = egdb.index(g, cb, cw, ck)
                cpid = (1 - side) * egdb.slots(g, cc) + cslot
                if cc != c:
                    v = solved[cc][cpid]
                    if v == LOSS:
                        outcome = WIN
                        break
                    if v == DRAW:
                        has_draw[pid] = 1
                else:
                    owner.append(pid)
                    edges.append(cpid)
                    n_in += 1
            if outcome == WIN:
                val[pid] = WIN
                # Edges already noted for this position are harmless: it is resolved.
            elif not n_in:
                # Every move leaves the class: its result is known now.
                val[pid] = DRAW if has_draw[pid] else LOSS
            count[pid] = n_in
    # Predecessor lists, by counting sort of the edges on their target.
    n = 2 * size
    pred_start = array("i", bytes(4 * (n + 1)))
    for t in edges:
        pred_start[t + 1] += 1
    for i in range(n):
        pred_start[i + 1] += pred_start[i]
    fill = array("i", pred_start)
    preds = array("i", bytes(4 * len(edges)))
    for src, t in zip(owner, edges, strict=True):
        preds[fill[t]] = src
        fill[t] += 1
    del fill
    queue = deque(i for i in range(n) if val[i] != NONE)
    while queue:
        q = queue.popleft()
        vq = val[q]
        if vq == DRAW:
            continue        # a draw settles nothing for the positions before it
        for j in range(pred_start[q], pred_start[q + 1]):
            p = preds[j]
            if val[p] != NONE:
                continue
            if vq == LOSS:
                val[p] = WIN
                queue.append(p)
            else:
                count[p] -= 1
                if count[p] == 0 and not has_draw[p]:
                    val[p] = LOSS
                    queue.append(p)
    # What is left unresolved (and is a real position) is a draw.
    for bm, bk, wm, wk in positions(g, c):
        if (bm & bk) or (bm | bk) & (wm | wk) or (wm & wk):
            continue
        _, slot = egdb.index(g, bm | bk, wm | wk, bk | wk)
        for pid in (slot, size + slot):
            if val[pid] == NONE:
                val[pid] = DRAW
    return val


def build(g: Geometry, max_pieces: int) -> dict[Class, bytearray]:
    solved: dict[Class, bytearray] = {}
    for c in classes(max_pieces):
        t0 = time.perf_counter()
        solved[c] = solve_class(g, c, solved)
        vals = solved[c]
        print(f"{g.rows}x{g.cols} {egdb.class_name(c)}: {egdb.slots(g, c)} slots, "
              f"{vals.count(WIN)} won, {vals.count(LOSS)} lost, {vals.count(DRAW)} drawn, "
              f"{time.perf_counter() - t0:.1f} s", flush=True)
    return solved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the checkers endgame databases.")
    parser.add_argument("--pieces", type=int, help="at most this many pieces (default: "
                        "5 on 6x6, 4 on the other boards; never more than "
                        f"{egdb.MAX_PIECES})")
    parser.add_argument("--size", action="append", help="RxC (default: every size)")
    args = parser.parse_args(argv)
    sizes = args.size or ["6x6", "6x8", "8x6", "8x8"]
    egdb.DATA.mkdir(exist_ok=True)
    for size in sizes:
        rows, cols = (int(x) for x in size.split("x"))
        g = geometry(rows, cols)
        pieces = args.pieces if args.pieces is not None else \
            egdb.BUILT_PIECES.get((rows, cols), egdb.DEFAULT_PIECES)
        if not 2 <= pieces <= egdb.MAX_PIECES:
            parser.error(f"--pieces must be 2 to {egdb.MAX_PIECES}")
        solved = build(g, pieces)
        arrays = {egdb.class_name(c): np.frombuffer(bytes(v), dtype=np.uint8).reshape(2, -1)
                  for c, v in solved.items()}
        np.savez_compressed(egdb.path_for(g), **arrays)   # type: ignore[arg-type]
        print(f"wrote {egdb.path_for(g)} ({egdb.path_for(g).stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
