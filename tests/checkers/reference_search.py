"""The reference search: the pure-Python search the compiled core was written from.

The game does not use it: it plays with ``engine.search`` over ``engine.core``.  It stays as
the tested reference: ``test_engine_core`` searches positions of every board size and variant
with both at a fixed depth and requires the same score, move and node count, so a change to
the search is made here too or the tests say where the two parted.  (Its node counting,
polling and table differ from the core's only where nothing observable depends on them: it
yields every ``POLL_EVERY`` nodes from recursive generators, and its table is a dictionary.)

The description below is the search's, and holds for the core as well.

The search is a generator (``Searcher.think``): it yields node counts so the caller (the
screen) can look at the keyboard between them; sending ``True`` stops it, and it returns the
best move found so far (Esc on the board).  Levels 1-9 are search effort only (a depth
limit and a node budget), never the clock: a level plays the same move in the same position.

Speed in CPython decides the design:

* positions are three ints (black, white, kings) passed as arguments; a move is three masks
  ``(from, to, captured)``; making a move is a few bit operations on locals and unmaking
  is returning (nothing is allocated for the board).  The Weckers weights live in one
  dictionary by square mask: a move writes the mover's weight on its new square, and taking
  the move back puts the square's old weight back.
* a transposition table keyed by Zobrist keys updated move by move (one per search, so a
  search never depends on the games before it), killer moves and the history heuristic;
* captures are forced, so a position with a capture due is never scored statically
  (quiescence), and a position with one legal move costs no depth;
* late quiet moves are searched one ply shallower first (late-move reductions) and again
  at full depth if they surprise;
* the top of the tree is a generator (it can yield to the caller); nodes with less than
  ``GEN_DEPTH`` plies to go are ordinary recursive calls, several times cheaper, and small
  enough (a few hundred nodes) that the caller still hears from the search often;
* with few pieces left the endgame database gives the exact result (``egdb``), and the
  opening book answers the first moves of standard 8x8 checkers (``book``).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

from retro.games.checkers import rules as R
from retro.games.checkers.engine import book, egdb
from retro.games.checkers.engine.evaluate import evaluator
from retro.games.checkers.engine.make import make_function
from retro.games.checkers.engine.moves import Move, move_functions
from retro.games.checkers.engine.search import LEVELS
from retro.games.checkers.engine.tables import MASK64, tables, zobrist

POLL_EVERY = 256            # nodes between looks at the keyboard (at most)
GEN_DEPTH = 3               # nodes this deep or deeper can yield to the caller
WIN = 1_000_000             # a won position (less the distance to it)
WON = WIN - 1_000           # scores beyond this are forced results
DB_WIN = 20_000             # a database win, with the evaluation added to make progress
MAX_PLY = 120               # no extensions beyond this many plies from the root
ASPIRATION = 40             # half width of the first window around the last score
LMR_DEPTH = 3               # reduce late quiet moves with at least this many plies to go
LMR_AFTER = 3               # ... after this many moves have been searched
TT_LIMIT = 1_500_000        # entries; the table is emptied when it grows beyond this
FORCED_SHARE = 10           # a root with one legal move searches this share of the budget

EXACT, LOWER, UPPER = 0, 1, 2


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


def _masks(g: object, move: R.Move) -> Move:
    bit = g.bit  # type: ignore[attr-defined]
    cap = 0
    for s in move.hopped:
        cap |= bit(s)
    return bit(move.start), bit(move.end), cap


class Searcher:
    """One search from one position at one level."""

    def __init__(self, game: R.Game, level: int, *, use_book: bool = True,
                 use_egdb: bool = True, budget: int = 0, depth: int = 0) -> None:
        """``budget`` and ``depth`` replace the level's (for building the book)."""
        if game.over:
            raise R.RulesError("the game is over: there is no move to find")
        if level not in LEVELS:
            raise R.RulesError(f"level must be 1 to 9, not {level}")
        self.game = game
        self.level = level
        self.max_depth, self.budget = LEVELS[level]
        self.max_depth = depth or self.max_depth
        self.budget = budget or self.budget
        self.use_book = use_book
        self.use_egdb = use_egdb
        self.nodes = 0
        self._partial: tuple[int, int] | None = None
        self._weights: dict[int, int] | None = None     # after the search, for the tests

    # -- public ----------------------------------------------------------------------------

    def think(self) -> Generator[int, bool | None, SearchResult]:
        """Search; yields node counts to poll; ``send(True)`` stops with the best so far."""
        game = self.game
        moves = game.legal_moves()
        if (yield 0):
            return SearchResult(moves[0], 0, 0, 0, True)
        if self.use_book and self.level >= book.MIN_LEVEL:
            choice = book.lookup(game)
            if choice is not None:
                return SearchResult(choice, 0, 0, 0, False)
        return (yield from self._iterate(moves))

    # -- the search ------------------------------------------------------------------------

    def _iterate(self, legal: list[R.Move]) -> Generator[int, bool | None, SearchResult]:
        game = self.game
        opts = game.options
        pos = game.position
        g = pos.geometry
        t = tables(g.rows, g.cols)
        captures, quiet = move_functions(g)
        evaluate = evaluator(t, opts)
        weighted = opts.weighted
        lite = opts.lite
        two = opts.variant == R.WECKERS_TWO
        game_point = opts.game_point
        valid = g.valid
        budget = self.budget
        if len(legal) == 1:
            # The move is forced: it is searched only for its score (draw offers are judged
            # by it), so a fraction of the effort does.
            budget = max(1, budget // FORCED_SHARE)
        wt: dict[int, int] | None = None
        if pos.weights is not None:
            wt = {sq: pos.weights[sq.bit_length() - 1] for sq in t.squares}
        lite_wt = wt if lite else None
        make = make_function(t, opts, wt)
        probe = egdb.prober(g) if self.use_egdb and not weighted else None
        egdb_pieces = egdb.pieces(g) if probe is not None else 0
        tt: dict[int, tuple[int, int, int, Move | None]] = {}
        killers: dict[int, list[Move]] = {}
        history: dict[int, int] = {}
        counter = [0]
        poll = [POLL_EVERY]

        def terminal(black: bool, sb: int, sw: int, ply: int) -> int:
            """The side to move cannot move."""
            if not weighted:
                return -WIN + ply
            diff = (sb - sw) if black else (sw - sb)
            return (WIN - ply if diff > 0 else -WIN + ply) if diff else 0

        def order(moves: list[Move], tt_move: Move | None, ply: int, capture: bool) -> None:
            if capture:
                moves.sort(key=lambda m: m[2].bit_count(), reverse=True)
            else:
                hget = history.get
                moves.sort(key=lambda m: hget(m[0] | m[1], 0), reverse=True)
                kl = killers.get(ply)
                if kl:
                    for km in reversed(kl):
                        if km in moves:
                            moves.remove(km)
                            moves.insert(0, km)
            if tt_move is not None and tt_move in moves:
                moves.remove(tt_move)
                moves.insert(0, tt_move)

        def reward(mv: Move, depth: int, ply: int) -> None:
            if mv[2]:
                return
            kl = killers.setdefault(ply, [])
            if mv not in kl:
                kl.insert(0, mv)
                del kl[2:]
            hk = mv[0] | mv[1]
            history[hk] = history.get(hk, 0) + depth * depth

        def tt_key(key: int, sb: int, sw: int) -> int:
            if weighted:
                return key ^ ((sb * 0x9E3779B97F4A7C15) ^ (sw * 0xC2B2AE3D27D4EB4F)) & MASK64
            return key

        def expand(b: int, w: int, k: int, black: bool, depth: int, alpha: int, beta: int,
                   ply: int, key: int, sb: int, sw: int) -> int | tuple:
            """Everything a node does before its moves: an int is the node's final score,
            otherwise (moves, child depth, table key, table move, capture)."""
            if two and (sw if black else sb) >= game_point:
                return -WIN + ply            # the side that just moved reached the point
            own, opp = (b, w) if black else (w, b)
            empty = valid & ~(b | w)
            moves = captures(own, opp, k, black, empty, lite_wt)
            capture = bool(moves)
            if not capture:
                if depth <= 0:
                    if probe is not None and (b | w).bit_count() <= egdb_pieces:
                        found = probe(b, w, k, black)
                        if found is not None:
                            return found * DB_WIN + evaluate(b, w, k, black, sb, sw, wt) \
                                if found else 0
                    return evaluate(b, w, k, black, sb, sw, wt)
                moves = quiet(own, k, black, empty)
                if not moves:
                    return terminal(black, sb, sw, ply)
            if depth <= 0:
                return moves, 0, 0, None, True
            if probe is not None and (b | w).bit_count() <= egdb_pieces:
                found = probe(b, w, k, black)
                if found is not None:
                    # Won: the evaluation on top (kings closing in) makes progress.
                    return found * DB_WIN + evaluate(b, w, k, black, sb, sw, wt) if found else 0
            tkey = tt_key(key, sb, sw)
            entry = tt.get(tkey)
            tt_move = None
            if entry is not None:
                e_depth, e_flag, e_score, tt_move = entry
                if e_depth >= depth:
                    if e_score > WON:
                        e_score -= ply
                    elif e_score < -WON:
                        e_score += ply
                    if e_flag == EXACT or (e_flag == LOWER and e_score >= beta) or \
                            (e_flag == UPPER and e_score <= alpha):
                        return e_score
            if len(moves) > 1:
                order(moves, tt_move, ply, capture)
                nd = depth - 1
            else:
                nd = depth if ply < MAX_PLY else depth - 1     # a forced move costs nothing
            return moves, nd, tkey, tt_move, capture

        def store(tkey: int, depth: int, best: int, a0: int, beta: int, mv: Move,
                  ply: int) -> None:
            flag = LOWER if best >= beta else (UPPER if best <= a0 else EXACT)
            s = best + ply if best > WON else (best - ply if best < -WON else best)
            if len(tt) >= TT_LIMIT:
                tt.clear()
            tt[tkey] = (depth, flag, s, mv)

        def node(b: int, w: int, k: int, black: bool, depth: int, alpha: int, beta: int,
                 ply: int, key: int, sb: int, sw: int) -> int:
            """An ordinary recursive node (fewer than GEN_DEPTH plies to go).  It does what
            ``expand`` does, written out: this is where the search spends its time."""
            counter[0] += 1
            if counter[0] >= budget:
                raise _Stop(False)
            if two and (sw if black else sb) >= game_point:
                return -WIN + ply
            if black:
                own, opp = b, w
            else:
                own, opp = w, b
            empty = valid & ~(b | w)
            moves = captures(own, opp, k, black, empty, lite_wt)
            capture = bool(moves)
            if not capture:
                if depth <= 0:
                    if probe is not None and (b | w).bit_count() <= egdb_pieces:
                        found = probe(b, w, k, black)
                        if found is not None:
                            return found * DB_WIN + evaluate(b, w, k, black, sb, sw, wt) \
                                if found else 0
                    return evaluate(b, w, k, black, sb, sw, wt)
                moves = quiet(own, k, black, empty)
                if not moves:
                    return terminal(black, sb, sw, ply)
            tkey = 0
            if depth <= 0:
                nd = 0
            else:
                if probe is not None and (b | w).bit_count() <= egdb_pieces:
                    found = probe(b, w, k, black)
                    if found is not None:
                        return found * DB_WIN + evaluate(b, w, k, black, sb, sw, wt) \
                            if found else 0
                tkey = tt_key(key, sb, sw) if weighted else key
                entry = tt.get(tkey)
                tt_move = None
                if entry is not None:
                    e_depth, e_flag, e_score, tt_move = entry
                    if e_depth >= depth:
                        if e_score > WON:
                            e_score -= ply
                        elif e_score < -WON:
                            e_score += ply
                        if e_flag == EXACT or (e_flag == LOWER and e_score >= beta) or \
                                (e_flag == UPPER and e_score <= alpha):
                            return e_score
                if len(moves) > 1:
                    order(moves, tt_move, ply, capture)
                    nd = depth - 1
                else:
                    nd = depth if ply < MAX_PLY else depth - 1
            best = -WIN - 1
            best_move = moves[0]
            a0 = alpha
            nb = not black
            for i, mv in enumerate(moves):
                if wt is not None:
                    saved = wt[mv[1]]
                cb, cw, ck, ckey, csb, csw = make(mv, b, w, k, black, key, sb, sw)
                if i == 0:
                    score = -node(cb, cw, ck, nb, nd, -beta, -alpha, ply + 1, ckey, csb, csw)
                else:
                    r = 1 if (nd >= LMR_DEPTH - 1 and i >= LMR_AFTER and not capture) else 0
                    score = -node(cb, cw, ck, nb, nd - r, -alpha - 1, -alpha, ply + 1, ckey,
                                  csb, csw)
                    if score > alpha and (r or score < beta):
                        score = -node(cb, cw, ck, nb, nd, -beta, -alpha, ply + 1, ckey, csb,
                                      csw)
                if wt is not None:
                    wt[mv[1]] = saved       # unmake: the end square's weight as it was
                if score > best:
                    best, best_move = score, mv
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            if not mv[2]:
                                reward(mv, depth, ply)
                            break
            if depth > 0:
                store(tkey, depth, best, a0, beta, best_move, ply)
            return best

        def gnode(b: int, w: int, k: int, black: bool, depth: int, alpha: int, beta: int,
                  ply: int, key: int, sb: int,
                  sw: int) -> Generator[int, bool | None, int]:
            """The same node as ``node``, able to yield to the caller (GEN_DEPTH or more)."""
            counter[0] += 1
            if counter[0] >= poll[0]:
                poll[0] = counter[0] + POLL_EVERY
                if (yield counter[0]):
                    raise _Stop(True)
            if counter[0] >= budget:
                raise _Stop(False)
            got = expand(b, w, k, black, depth, alpha, beta, ply, key, sb, sw)
            if type(got) is int:
                return got
            moves, nd, tkey, _, capture = got  # type: ignore[misc]
            best = -WIN - 1
            best_move = moves[0]
            a0 = alpha
            nb = not black
            for i, mv in enumerate(moves):
                if wt is not None:
                    saved = wt[mv[1]]
                cb, cw, ck, ckey, csb, csw = make(mv, b, w, k, black, key, sb, sw)
                r = 1 if (i and nd >= LMR_DEPTH - 1 and i >= LMR_AFTER and not capture) else 0
                if i == 0:
                    lo, hi = -beta, -alpha
                else:
                    lo, hi = -alpha - 1, -alpha
                d = nd - r
                if d >= GEN_DEPTH:
                    score = -(yield from gnode(cb, cw, ck, nb, d, lo, hi, ply + 1, ckey, csb,
                                               csw))
                else:
                    score = -node(cb, cw, ck, nb, d, lo, hi, ply + 1, ckey, csb, csw)
                if i and score > alpha and (r or score < beta):
                    if nd >= GEN_DEPTH:
                        score = -(yield from gnode(cb, cw, ck, nb, nd, -beta, -alpha, ply + 1,
                                                   ckey, csb, csw))
                    else:
                        score = -node(cb, cw, ck, nb, nd, -beta, -alpha, ply + 1, ckey, csb,
                                      csw)
                if wt is not None:
                    wt[mv[1]] = saved
                if score > best:
                    best, best_move = score, mv
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            reward(mv, depth, ply)
                            break
            store(tkey, depth, best, a0, beta, best_move, ply)
            return best

        # -- the root: iterative deepening with aspiration windows --------------------------
        root_key = zobrist(t, pos.black, pos.white, pos.kings, pos.turn == R.BLACK, wt)
        b0, w0, k0 = pos.black, pos.white, pos.kings
        black0 = pos.turn == R.BLACK
        sb0, sw0 = game.scores
        masks = [_masks(g, m) for m in legal]
        order_i = list(range(len(legal)))
        best_i, best_score, done_depth = 0, 0, 0
        stopped = False

        def root(depth: int, alpha: int,
                 beta: int) -> Generator[int, bool | None, tuple[int, int, list[int]]]:
            """One iteration over the root moves: (score, best index, new order)."""
            best = -WIN - 1
            bi = order_i[0]
            scores: dict[int, int] = {}
            a = alpha
            for n, i in enumerate(order_i):
                if wt is not None:
                    saved = wt[masks[i][1]]
                cb, cw, ck, ckey, csb, csw = make(masks[i], b0, w0, k0, black0, root_key,
                                                  sb0, sw0)
                child = (cb, cw, ck, not black0)
                nd = depth - 1
                if n == 0:
                    score = -(yield from gnode(*child, nd, -beta, -a, 1, ckey, csb, csw))
                else:
                    score = -(yield from gnode(*child, nd, -a - 1, -a, 1, ckey, csb, csw))
                    if a < score < beta:
                        score = -(yield from gnode(*child, nd, -beta, -a, 1, ckey, csb, csw))
                if wt is not None:
                    wt[masks[i][1]] = saved
                scores[i] = score
                if score > best:
                    best, bi = score, i
                    self._partial = (bi, best)
                    if score > a:
                        a = score
                        if a >= beta:
                            break
            new_order = sorted(order_i, key=lambda i: -scores.get(i, -WIN - 2))
            return best, bi, new_order

        try:
            for depth in range(1, self.max_depth + 1):
                self._partial = None
                if depth >= 3 and abs(best_score) < WON:
                    lo, hi = best_score - ASPIRATION, best_score + ASPIRATION
                else:
                    lo, hi = -WIN - 1, WIN + 1
                while True:
                    score, bi, new_order = yield from root(depth, lo, hi)
                    if score <= lo:
                        lo = -WIN - 1
                    elif score >= hi:
                        hi = WIN + 1
                    else:
                        break
                    self._partial = None
                best_i, best_score, done_depth = bi, score, depth
                order_i = new_order
                if abs(best_score) > WON:
                    break       # a forced result is found: deeper search changes nothing
        except _Stop as stop:
            stopped = bool(stop.args and stop.args[0])
            # The previous best is searched first, so a move that beat it with a full
            # window in this unfinished iteration is a real improvement.
            partial = self._partial
            if partial is not None and partial[0] != best_i:
                best_i, best_score = partial
        self.nodes = counter[0]
        self._weights = wt
        return SearchResult(legal[best_i], best_score, done_depth, self.nodes, stopped)


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
