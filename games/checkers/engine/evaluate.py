"""The static evaluation: what a quiet position is worth to the side to move.

Terms come from the checkers literature; every weight is a named constant below, in
hundredths of a man.  The search scores positions with the compiled copy of ``evaluator``
(``core_eval.evaluate``), which reads these constants when a search starts; this Python one
is the reference the tests compare it with, term for term.  Changes are judged by
self-play matches (``bench/checkers_engine.py --only tune --tune NAME=VALUE``); the README
lists what has been tried and the results.

Plain checkers:

* material: a man ``MAN``, a king ``KING``;
* exchanges when ahead: the lead is worth more as pieces come off (``TRADE``);
* advancement (tempo): men gain by moving forward, more in the endgame (``ADVANCE``);
* runaway men: a man whose forward cone holds no enemy piece cannot be stopped by men and
  is nearly a king (``RUNAWAY`` less ``RUNAWAY_ROW`` for each row still to go);
* back rank: men at home keep enemy men from crowning while the enemy has no king
  (``BACK_MAN``), the bridge on 8x8 (black 1 and 3, white 30 and 32) more (``BRIDGE``);
* kings: in the centre (``KING_CENTRE``), on the side edges (``KING_EDGE``), and trapped
  (no empty square beside them: ``KING_TRAPPED``);
* mobility: plain steps available (``MOBILITY``);
* the endgame: when one side is ahead its kings close in on the enemy (``CHASE``), and with
  kings only and equal numbers the side that has "the move" (the opposition) is favoured
  (``OPPOSITION``).  The move: with an even number of pieces, the side to play has it when
  an odd number of pieces stand in the odd columns (either colour's system gives the same
  parity).  Our own databases confirm the direction: on 8x8 with one king each, black to
  play wins 45% and never loses when this says black has the move, and never wins
  otherwise.

The Weckers games are scored, so the score difference dominates (``SCORE_POINT``); pieces
are what will still score (``W_MAN``, ``W_KING``, plus the weights for Lite and Weckers
Two), and the structural terms above apply at a smaller scale.
"""

from __future__ import annotations

from collections.abc import Callable

from retro.games.checkers import rules as R
from retro.games.checkers.engine.tables import Tables, eval_masks

MAN = 100
KING = 135
TRADE = 8                   # lead * TRADE / (pieces + 2)
ADVANCE = 3                 # per row advanced, per man
ADVANCE_ENDGAME = 6         # the same once few pieces are left
RUNAWAY = 60
RUNAWAY_ROW = 8
BACK_MAN = 6
BRIDGE = 12
KING_CENTRE = 5
KING_EDGE = -4
KING_TRAPPED = -20
MOBILITY = 2
CHASE = 3
OPPOSITION = 20
ENDGAME_PIECES = 10         # this many pieces or fewer: endgame terms

SCORE_POINT = 30            # Weckers: one point of score
W_MAN = 60
W_KING = 80
LITE_WEIGHT = 6             # Lite: per unit of weight (heavy pieces cannot be hopped)
TWO_PROGRESS = 2            # Weckers Two: weight x rows advanced (it scores on arrival)

Evaluate = Callable[[int, int, int, bool, int, int, "dict[int, int] | None"], int]


def evaluator(t: Tables, options: R.Options) -> Evaluate:
    """The evaluation for one board and variant, its tables bound as closure locals."""
    g = t.g
    h = g.half
    h1 = h + 1
    rows = t.rows
    nrows = g.rows
    valid = g.valid
    centre = t.centre
    edges = t.edges
    neighbours = t.neighbours
    cone_b = t.cone_black
    cone_w = t.cone_white
    row_of = t.row_of
    weighted = options.weighted
    lite = options.lite
    two = options.variant == R.WECKERS_TWO
    b_back, w_back = rows[0], rows[-1]
    masks = eval_masks(g.rows, g.cols)
    b_run_zone, w_run_zone = masks.b_run_zone, masks.w_run_zone
    bridge_b, bridge_w = masks.bridge_b, masks.bridge_w
    ab0, ab1, ab2 = masks.adv_b
    aw0, aw1, aw2 = masks.adv_w
    system = masks.system          # "the move", for the opposition in king endings
    rc_of = {sq: g.rc(g.square_of[sq.bit_length() - 1] + 1) for sq in t.squares}

    def runaways(men: int, prey: int, cone: dict[int, int], black: bool) -> int:
        bonus = 0
        while men:
            x = men & -men
            men ^= x
            if not cone[x] & prey:
                to_go = (nrows - 1 - row_of[x]) if black else row_of[x]
                bonus += RUNAWAY - RUNAWAY_ROW * to_go
        return bonus

    def chase(kings: int, prey: int) -> int:
        targets = []
        p = prey
        while p:
            x = p & -p
            p ^= x
            targets.append(rc_of[x])
        total = 0
        n = 0
        while kings:
            x = kings & -kings
            kings ^= x
            r, c = rc_of[x]
            total += min(max(abs(r - tr), abs(c - tc)) for tr, tc in targets)
            n += 1
        return CHASE * (nrows * n - total)

    def evaluate(b: int, w: int, k: int, black: bool, sb: int, sw: int,
                 wt: dict[int, int] | None) -> int:
        """Score for the side to move (positive: good for it)."""
        bm = b & ~k
        bk = b & k
        wm = w & ~k
        wk = w & k
        n_bm, n_bk, n_wm, n_wk = bm.bit_count(), bk.bit_count(), wm.bit_count(), wk.bit_count()
        pieces = n_bm + n_bk + n_wm + n_wk
        endgame = pieces <= ENDGAME_PIECES
        empty = valid & ~(b | w)
        if weighted:
            score = SCORE_POINT * (sb - sw) + W_MAN * (n_bm - n_wm) + W_KING * (n_bk - n_wk)
            if wt is not None and (lite or two):
                x = b
                while x:
                    sq = x & -x
                    x ^= sq
                    wsq = wt[sq]
                    if lite:
                        score += LITE_WEIGHT * wsq
                    if two and not k & sq:
                        score += TWO_PROGRESS * wsq * row_of[sq]
                x = w
                while x:
                    sq = x & -x
                    x ^= sq
                    wsq = wt[sq]
                    if lite:
                        score -= LITE_WEIGHT * wsq
                    if two and not k & sq:
                        score -= TWO_PROGRESS * wsq * (nrows - 1 - row_of[sq])
            scale = 1
        else:
            mat = MAN * (n_bm - n_wm) + KING * (n_bk - n_wk)
            score = mat + mat * TRADE // (pieces + 2)
            if endgame and mat:
                if mat > 0 and bk and w:
                    score += chase(bk, w)
                elif mat < 0 and wk and b:
                    score -= chase(wk, b)
            elif endgame and not mat and not bm and not wm and n_bk == n_wk:
                # Kings only, equal numbers: with the move, the side to play corners
                # the other.  Count the pieces on black's system; odd means the side
                # to move has the move.
                odd = (system & (b | w)).bit_count() & 1
                score += OPPOSITION if odd == black else -OPPOSITION
            scale = 2
        # Tempo: men gain by advancing.
        adv = ((bm & ab0).bit_count() - (wm & aw0).bit_count()
               + 2 * ((bm & ab1).bit_count() - (wm & aw1).bit_count())
               + 4 * ((bm & ab2).bit_count() - (wm & aw2).bit_count()))
        score += (ADVANCE_ENDGAME if endgame else ADVANCE) * adv
        # Runaway men: no enemy man can ever stand in the way.
        if bm & b_run_zone:
            score += runaways(bm & b_run_zone, w, cone_b, True) * scale // 2
        if wm & w_run_zone:
            score -= runaways(wm & w_run_zone, b, cone_w, False) * scale // 2
        # Back rank and bridge while the enemy has no king to come round behind.
        if not wk and wm:
            score += BACK_MAN * (bm & b_back).bit_count()
            if bridge_b and bm & bridge_b == bridge_b:
                score += BRIDGE
        if not bk and bm:
            score -= BACK_MAN * (wm & w_back).bit_count()
            if bridge_w and wm & bridge_w == bridge_w:
                score -= BRIDGE
        # Kings: the centre, the edges, trapped kings.
        if bk or wk:
            score += KING_CENTRE * ((bk & centre).bit_count() - (wk & centre).bit_count())
            score += KING_EDGE * ((bk & edges).bit_count() - (wk & edges).bit_count())
            x = bk
            while x:
                sq = x & -x
                x ^= sq
                if not neighbours[sq] & empty:
                    score += KING_TRAPPED
            x = wk
            while x:
                sq = x & -x
                x ^= sq
                if not neighbours[sq] & empty:
                    score -= KING_TRAPPED
        # Mobility: plain steps available to each side.
        mob = (((b << h) & empty).bit_count() + ((b << h1) & empty).bit_count()
               + ((bk >> h) & empty).bit_count() + ((bk >> h1) & empty).bit_count()
               - ((w >> h) & empty).bit_count() - ((w >> h1) & empty).bit_count()
               - ((wk << h) & empty).bit_count() - ((wk << h1) & empty).bit_count())
        score += MOBILITY * mob
        return score if black else -score

    return evaluate
