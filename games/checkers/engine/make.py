"""The Python search's make step, kept as the reference of the compiled one.

The game's search makes moves with ``core_moves.make``; this one serves the reference search
(``tests/checkers/reference_search.py``) and the tests compare the two.

A position is (black, white, kings) masks, the key, and the two scores; a move is
``(from, to, captured)`` masks.  The Weckers weights sit in one dictionary by square mask:
the mover's weight is written on its new square, and the search puts back the weight that
square had when it takes the move back (a piece that was there at the root may have moved
away and another come in, so the old value matters).
"""

from __future__ import annotations

from collections.abc import Callable

from retro.games.checkers import rules as R
from retro.games.checkers.engine.moves import Move
from retro.games.checkers.engine.tables import Tables

Make = Callable[[Move, int, int, int, bool, int, int, int],
                tuple[int, int, int, int, int, int]]


def make_function(t: Tables, opts: R.Options, wt: dict[int, int] | None) -> Make:
    """The make step for one board and variant (``wt``: the Weckers weights, or None)."""
    g = t.g
    two = opts.variant == R.WECKERS_TWO
    bcrown, wcrown = g.black_crown, g.white_crown
    z_bman, z_bking, z_wman, z_wking = t.z_bman, t.z_bking, t.z_wman, t.z_wking
    z_weight = t.z_weight
    z_side = t.z_side
    score_tab = [[R.hop_score(opts, a, c) for c in range(7)] for a in range(7)]

    def make(mv: Move, b: int, w: int, k: int, black: bool, key: int, sb: int,
             sw: int) -> tuple[int, int, int, int, int, int]:
        """The position after a move: masks, key and scores."""
        frm, to, cap = mv
        key ^= z_side
        if black:
            own, opp, crown = b, w, bcrown
            zm, zk, om, ok = z_bman, z_bking, z_wman, z_wking
        else:
            own, opp, crown = w, b, wcrown
            zm, zk, om, ok = z_wman, z_wking, z_bman, z_bking
        gained = 0
        mover_w = 0
        if wt is not None:
            mover_w = wt[frm]
            key ^= z_weight[mover_w][frm] ^ z_weight[mover_w][to]
        if cap:
            opp &= ~cap
            c = cap
            while c:
                x = c & -c
                c ^= x
                key ^= ok[x] if k & x else om[x]
                if wt is not None:
                    wx = wt[x]
                    key ^= z_weight[wx][x]
                    gained += score_tab[mover_w][wx]
            k &= ~cap
        # Clear the start before setting the end: a king may come back to its square.
        own &= ~frm
        if k & frm:
            k = (k & ~frm) | to
            key ^= zk[frm] ^ zk[to]
            own |= to
        elif to & crown:
            if two:
                # Weckers Two: the man leaves the board and scores its weight.
                gained += mover_w
                key ^= zm[frm] ^ z_weight[mover_w][to]
            else:
                k |= to
                own |= to
                key ^= zm[frm] ^ zk[to]
        else:
            own |= to
            key ^= zm[frm] ^ zm[to]
        if wt is not None:
            wt[to] = mover_w
        if black:
            return own, opp, k, key, sb + gained, sw
        return opp, own, k, key, sb, sw + gained

    return make
