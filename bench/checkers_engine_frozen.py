"""A frozen copy of the checkers engine as it was before the stronger search (a yardstick).

bench/checkers_engine.py plays the current engine against it; do not change it.

The computer player: iterative-deepening alpha-beta search.

The search is a generator: every ``POLL_EVERY`` nodes it yields the node count so that the
caller (the screen) can look at the keyboard; sending ``True`` into it stops the search,
which then returns the best move found so far (Esc on the board).  Levels 1-9 are defined by
search effort only (a depth limit and a node budget), never by the clock, so a level always
plays the same move in the same position.

Parts: a transposition table (one per search, so results never depend on earlier games),
move ordering (table move, then killer moves, then the history heuristic), capture
extension (a position with a capture to make is never scored statically: captures are
forced, so the search follows them), and an evaluation of material, kings, advancement
(tempo), the back rank guard, mobility and, in the Weckers games, the scores and weights.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

from retro.games.checkers import movegen
from retro.games.checkers import rules as R
from retro.games.checkers.board import Geometry
from retro.games.checkers.movegen import bits

#: (depth limit, node budget) of each level.  Higher levels search deeper and longer.
LEVELS: dict[int, tuple[int, int]] = {
    1: (1, 40),
    2: (2, 200),
    3: (3, 700),
    4: (4, 2_000),
    5: (5, 5_000),
    6: (6, 12_000),
    7: (8, 30_000),
    8: (12, 80_000),
    9: (20, 180_000),
}
POLL_EVERY = 1_000          # nodes between looks at the keyboard
WIN = 1_000_000             # a won position (less the distance to it)
MAN = 100
KING = 140

#: Endgames (this many pieces or fewer): the side ahead drives its kings at the enemy.
ENDGAME_PIECES = 10
CHASE = 3

# Weckers weights of the evaluation terms
SCORE_POINT = 30            # one point of game score
W_MAN = 60                  # a piece on the board (it can still score)
W_KING = 80
LITE_WEIGHT = 6             # per unit of weight when Lite makes heavy pieces strong

State = tuple  # (black, white, kings, weights | None, black_to_move, score_b, score_w)


class _Stop(Exception):
    """Unwinds the search when the budget runs out or the caller asks it to stop."""


@dataclass(frozen=True)
class SearchResult:
    """The move chosen and what the search saw."""

    move: R.Move
    score: int
    depth: int
    nodes: int
    stopped: bool           # True when cut short by the caller (Esc)


class Searcher:
    """One search from one position at one level."""

    def __init__(self, game: R.Game, level: int) -> None:
        if game.over:
            raise R.RulesError("the game is over: there is no move to find")
        if level not in LEVELS:
            raise R.RulesError(f"level must be 1 to 9, not {level}")
        self.game = game
        self.opts = game.options
        self.g: Geometry = game.position.geometry
        self.max_depth, self.budget = LEVELS[level]
        self.nodes = 0
        self.next_poll = POLL_EVERY
        self.tt: dict = {}
        self.killers: dict[int, tuple] = {}
        self.history: dict[tuple[int, int], int] = {}
        self.weighted = self.opts.weighted
        self.lite = self.opts.lite
        self.two = self.opts.variant == R.WECKERS_TWO
        g = self.g
        self.rc_of_bit = [(0, 0)] * g.nbits
        for sq in range(1, g.nsquares + 1):
            self.rc_of_bit[g.bit_of[sq - 1]] = g.rc(sq)
        self.rows_of_bit = [0] * g.nbits
        for r, mask in enumerate(g.row_masks):
            for b in range(g.nbits):
                if mask >> b & 1:
                    self.rows_of_bit[b] = r
        centre = 0
        for r in range(1, g.rows - 1):
            centre |= g.row_masks[r]
        self.centre = centre
        self.edge_free = g.valid

    # -- public ----------------------------------------------------------------------------

    def think(self) -> Generator[int, bool | None, SearchResult]:
        """Search; yields node counts to poll; ``send(True)`` stops with the best so far."""
        pos = self.game.position
        root: State = (pos.black, pos.white, pos.kings, pos.weights, pos.turn == R.BLACK,
                       self.game.scores[0], self.game.scores[1])
        g = self.g
        moves = self.game.legal_moves()
        raws = [(tuple(g.bit_of[s - 1] for s in m.path), tuple(g.bit_of[s - 1] for s in m.hopped))
                for m in moves]
        best_i, best_score, done_depth = 0, 0, 0
        stopped = False
        if len(moves) > 1:
            order = list(range(len(moves)))
            for depth in range(1, self.max_depth + 1):
                alpha = -WIN - 1
                iter_best = -1
                try:
                    for i in order:
                        child = self._make(root, raws[i])
                        score = -(yield from self._search(child, depth - 1, -WIN - 1, -alpha, 1))
                        if score > alpha:
                            alpha, iter_best = score, i
                except _Stop as stop:
                    stopped = bool(stop.args and stop.args[0])
                    # The previous best is searched first, so any move that beat it in
                    # this unfinished iteration is a real improvement.
                    if iter_best >= 0:
                        best_i, best_score = iter_best, alpha
                    break
                best_i, best_score, done_depth = iter_best, alpha, depth
                order.remove(best_i)
                order.insert(0, best_i)
                if abs(best_score) > WIN - 1000:
                    break       # a forced result is found: deeper search changes nothing
        return SearchResult(moves[best_i], best_score, done_depth, self.nodes, stopped)

    # -- search ----------------------------------------------------------------------------

    def _search(self, st: State, depth: int, alpha: int, beta: int,
                ply: int) -> Generator[int, bool | None, int]:
        self.nodes += 1
        if self.nodes >= self.next_poll:
            self.next_poll += POLL_EVERY
            if (yield self.nodes):
                raise _Stop(True)
        if self.nodes >= self.budget:
            raise _Stop(False)
        b, w, k, wt, black, sb, sw = st
        # Weckers Two: the side that just moved may have reached the game point.
        if self.two and (sw if black else sb) >= self.opts.game_point:
            return -WIN + ply
        moves = movegen.generate(self.g, b, w, k, black, wt, self.lite)
        if not moves:
            if not self.weighted:
                return -WIN + ply
            diff = (sb - sw) if black else (sw - sb)
            return (WIN - ply if diff > 0 else -WIN + ply) if diff else 0
        capture = bool(moves[0][1])
        if depth <= 0 and not capture:
            return self._evaluate(st)
        key = (b, w, k, black, wt, sb, sw) if self.weighted else (b, w, k, black)
        entry = self.tt.get(key)
        tt_move = None
        if entry is not None:
            e_depth, e_flag, e_score, tt_move = entry
            if e_depth >= depth:
                if e_flag == 0:
                    return e_score
                if e_flag > 0 and e_score >= beta:
                    return e_score
                if e_flag < 0 and e_score <= alpha:
                    return e_score
        if len(moves) > 1:
            moves = self._order(moves, tt_move, ply)
        # Capture extension: a forced capture costs no depth, so exchanges are seen through.
        next_depth = depth if capture and depth <= 1 else depth - 1
        best = -WIN - 1
        best_move = moves[0]
        a0 = alpha
        for mv in moves:
            score = -(yield from self._search(self._make(st, mv), next_depth, -beta, -alpha,
                                              ply + 1))
            if score > best:
                best, best_move = score, mv
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if not mv[1]:
                            self.killers[ply] = mv[0]
                            hk = (mv[0][0], mv[0][-1])
                            self.history[hk] = self.history.get(hk, 0) + depth * depth
                        break
        flag = 1 if best >= beta else (-1 if best <= a0 else 0)
        self.tt[key] = (depth, flag, best, best_move[0])
        return best

    def _order(self, moves: list, tt_move: tuple | None, ply: int) -> list:
        killer = self.killers.get(ply)
        hist = self.history

        def rank(mv: tuple) -> int:
            path = mv[0]
            if path == tt_move:
                return -10_000_000
            if path == killer:
                return -5_000_000
            return -len(mv[1]) * 100_000 - hist.get((path[0], path[-1]), 0)

        return sorted(moves, key=rank)

    def _make(self, st: State, mv: movegen.RawMove) -> State:
        b, w, k, wt, black, sb, sw = st
        nb, nw, nk = movegen.make_raw(self.g, b, w, k, black, mv)
        if wt is None:
            return (nb, nw, nk, None, not black, sb, sw)
        path, hopped = mv
        lw = list(wt)
        mover = lw[path[0]]
        gained = 0
        for x in hopped:
            gained += R.hop_score(self.opts, mover, lw[x])
            lw[x] = 0
        lw[path[0]] = 0
        lw[path[-1]] = mover
        if self.two:
            to = 1 << path[-1]
            crown = self.g.black_crown if black else self.g.white_crown
            if to & crown and not k & (1 << path[0]):
                gained += mover
                lw[path[-1]] = 0
                nk &= ~to
                nb &= ~to
                nw &= ~to
        if black:
            sb += gained
        else:
            sw += gained
        return (nb, nw, nk, tuple(lw), not black, sb, sw)

    # -- evaluation ----------------------------------------------------------------------------

    def _chase(self, kings: int, prey: int) -> int:
        """Endgame drive: the stronger side's kings gain by closing in on the enemy."""
        if not kings or not prey:
            return 0
        rc = self.rc_of_bit
        targets = [rc[x] for x in bits(prey)]
        total = 0
        for x in bits(kings):
            r, c = rc[x]
            total += min(max(abs(r - tr), abs(c - tc)) for tr, tc in targets)
        return CHASE * (self.g.rows * kings.bit_count() - total)

    def _evaluate(self, st: State) -> int:
        """Score for the side to move (positive: good for it)."""
        b, w, k, wt, black, sb, sw = st
        g = self.g
        h = g.half
        empty = g.valid & ~(b | w)
        bm, bk = b & ~k, b & k
        wm, wk = w & ~k, w & k
        nb, nw = b.bit_count(), w.bit_count()
        if not self.weighted:
            mat = MAN * (bm.bit_count() - wm.bit_count()) + KING * (bk.bit_count() - wk.bit_count())
            # Ahead in material: trading down brings the win closer.
            score = mat + mat * 6 // (nb + nw + 2)
        else:
            score = SCORE_POINT * (sb - sw)
            score += W_MAN * (bm.bit_count() - wm.bit_count())
            score += W_KING * (bk.bit_count() - wk.bit_count())
            if self.lite or self.two:
                assert wt is not None
                bw = sum(wt[x] for x in bits(b))
                ww = sum(wt[x] for x in bits(w))
                score += LITE_WEIGHT * (bw - ww) if self.lite else 0
                if self.two:
                    # A man nearer the far row is nearer to scoring its own weight.
                    row_of = self.rows_of_bit
                    last = g.rows - 1
                    score += sum(wt[x] * row_of[x] for x in bits(bm)) * 2
                    score -= sum(wt[x] * (last - row_of[x]) for x in bits(wm)) * 2
        if not self.weighted and nb + nw <= ENDGAME_PIECES and abs(mat) >= MAN:
            score += self._chase(bk if mat > 0 else wk, w if mat > 0 else b) * \
                (1 if mat > 0 else -1)
        # Tempo: men gain by advancing (black runs down the rows, white up).
        rows = g.row_masks
        adv = 0
        for r in range(1, g.rows - 1):
            adv += r * ((bm & rows[r]).bit_count() - (wm & rows[g.rows - 1 - r]).bit_count())
        score += 3 * adv
        # Back rank: men left home keep the other side from crowning.
        if wk == 0 and wm:
            score += 8 * (bm & rows[0]).bit_count()
        if bk == 0 and bm:
            score -= 8 * (wm & rows[-1]).bit_count()
        # Kings like the middle of the board.
        score += 4 * ((bk & self.centre).bit_count() - (wk & self.centre).bit_count())
        # Mobility: plain moves available to each side.
        mob_b = ((b << h) & empty).bit_count() + ((b << (h + 1)) & empty).bit_count() + \
            ((bk >> h) & empty).bit_count() + ((bk >> (h + 1)) & empty).bit_count()
        mob_w = ((w >> h) & empty).bit_count() + ((w >> (h + 1)) & empty).bit_count() + \
            ((wk << h) & empty).bit_count() + ((wk << (h + 1)) & empty).bit_count()
        score += 2 * (mob_b - mob_w)
        return score if black else -score


def run(gen: Generator[int, bool | None, SearchResult]) -> SearchResult:
    """Drive a search generator to its end without polling."""
    try:
        while True:
            next(gen)
    except StopIteration as done:
        return done.value


def best_move(game: R.Game, level: int) -> SearchResult:
    """The engine's choice at a level, searched to the end of its budget."""
    return run(Searcher(game, level).think())


def engine_move(fen: str, level: int) -> str:
    """The engine's move for a FEN in PDN numbers (``11-15``, ``9x18x27``)."""
    game = R.parse_fen(fen)
    return R.format_move(best_move(game, level).move)
