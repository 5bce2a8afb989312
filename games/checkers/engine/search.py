"""The search: iterative deepening, aspiration windows and the root moves, over ``core``.

The search is a generator (``Searcher.think``): it yields node counts so the caller (the
screen) can look at the keyboard between them; sending ``True`` stops it, and it returns the
best move found so far (Esc on the board).  Levels 1-9 are search effort only (a depth
limit and a node budget), never the clock: a level plays the same move in the same position
on any machine.

The tree below the root is searched by the compiled core (``core.run``, numba), which can
pause after any number of nodes and go on exactly where it stopped; this module keeps the
root in Python (a few dozen moves per iteration): iterative deepening, the aspiration
window around the last score, the root moves re-ordered by their scores, and every
``POLL_EVERY`` nodes a pause to yield the count.  One transposition table, one set of
killers and one history table serve the whole search and none outlives it (a search never
depends on the games before it).  With few pieces left the endgame databases give exact
results (``egdb``, all classes of a board loaded into one array the first time a search
from at most ``EGDB_ROOT_PIECES`` pieces needs them); the opening book answers the first moves of
standard 8x8 checkers (``book``).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from retro.games.checkers import rules as R
from retro.games.checkers.engine import book, egdb
from retro.games.checkers.engine.scores import WIN, WON
from retro.games.checkers.engine.tables import signed, tables, zobrist
from retro.kit.steps import drain

if TYPE_CHECKING:
    from types import ModuleType

#: (depth limit, node budget) of each level.  Higher levels search deeper and longer.
LEVELS: dict[int, tuple[int, int]] = {
    1: (1, 60),
    2: (2, 250),
    3: (3, 1_000),
    4: (4, 3_000),
    5: (6, 15_000),
    6: (9, 75_000),
    7: (12, 360_000),
    8: (18, 1_800_000),
    9: (40, 18_000_000),
}
#: Level 9 begins no iteration once it has spent this many nodes: each iteration costs two
#: to four times the one before, so one begun late seldom finishes inside the budget, and
#: its part-searched moves seldom change the choice.  The budget above is then the hard
#: limit (it cuts an iteration in the middle only where one costs far more than usual), and
#: a level-9 move costs about what a 9,000,000-node budget did, a ply deeper about half the
#: time.  A level without an entry runs to its budget.
ITERATION_START: dict[int, int] = {9: 6_000_000}
#: After an iteration whose score fell this much below the one before, the search may begin
#: iterations until twice ITERATION_START: it looks deeper where its move is in trouble.
DROP = 30
POLL_EVERY = 4096           # nodes between looks at the keyboard
ASPIRATION = 40             # half width of the first window around the last score
FORCED_SHARE = 10           # a root with one legal move searches this share of the budget
#: The endgame databases are loaded (all classes of the board, once per process: a few
#: hundredths of a second) and probed when the root has at most this many pieces; from
#: more, no line within a search's reach comes down to the databases' four pieces (6x6, whose
#: databases hold five, starts with twelve).
EGDB_ROOT_PIECES = 14
TABLE_BITS = 20             # the transposition table holds 2**TABLE_BITS entries

__all__ = ["LEVELS", "POLL_EVERY", "WIN", "WON", "SearchResult", "Searcher", "best_move",
           "engine_move", "run"]


def compiled() -> ModuleType:
    """The compiled core, imported on first use: importing numba and loading the cached
    machine code takes a few tenths of a second (``warmup`` does it while the player
    looks at the board)."""
    from retro.games.checkers.engine import core

    return core


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


def _masks(g: object, move: R.Move) -> tuple[int, int, int]:
    bit = g.bit  # type: ignore[attr-defined]
    cap = 0
    for s in move.hopped:
        cap |= bit(s)
    return bit(move.start), bit(move.end), cap


class Searcher:
    """One search from one position at one level."""

    def __init__(self, game: R.Game, level: int, *, use_book: bool = True,
                 use_egdb: bool = True, budget: int = 0, depth: int = 0,
                 start: int = 0) -> None:
        """``budget``, ``depth`` and ``start`` replace the level's (for building the book
        and for the tests); a search given its budget begins iterations until the budget
        unless given ``start`` too."""
        if game.over:
            raise R.RulesError("the game is over: there is no move to find")
        if level not in LEVELS:
            raise R.RulesError(f"level must be 1 to 9, not {level}")
        self.game = game
        self.level = level
        self.max_depth, self.budget = LEVELS[level]
        self.max_depth = depth or self.max_depth
        self.start = start or budget or ITERATION_START.get(level, self.budget)
        self.budget = budget or self.budget
        self.use_book = use_book
        self.use_egdb = use_egdb
        self.nodes = 0
        self._partial: tuple[int, int] | None = None
        self._weights: dict[int, int] | None = None     # after the search, for the tests
        #: (depth, nodes spent when it finished, score) of every finished iteration
        self.iterations: list[tuple[int, int, int]] = []

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

    def _setup(self, budget: int) -> None:
        """The arrays of one search: the board's tables, the stack, the table, the
        killers and history, the Weckers weights."""
        import numpy as np

        from retro.games.checkers.engine import arrays
        from retro.games.checkers.engine.core_moves import JUMP_STACK, MAX_MOVES

        core = compiled()
        game = self.game
        opts = game.options
        pos = game.position
        g = pos.geometry
        self.cfg = arrays.config(opts)
        self.sqt = arrays.square_table(g.rows, g.cols)
        self.ev = arrays.eval_weights()
        self.hops = arrays.hop_scores(opts)
        self.wt = np.zeros(arrays.BITS, dtype=np.int64)
        if pos.weights is not None:
            self.wt[:len(pos.weights)] = pos.weights
        use_egdb = self.use_egdb and not opts.weighted and egdb.path_for(g).exists() and \
            (pos.black | pos.white).bit_count() <= EGDB_ROOT_PIECES
        self.egdb_pieces = egdb.pieces(g) if use_egdb else 0
        self.eg = egdb.flat_tables(g) if use_egdb else egdb.empty_tables(g)
        self.state = np.zeros(core.N_STATE, dtype=np.int64)
        self.state[core.S_BUDGET] = budget
        self.state[core.S_PAUSE_AT] = POLL_EVERY
        self.frames = np.zeros((core.STACK, core.N_FIELDS), dtype=np.int64)
        self.moves = np.zeros((core.STACK, MAX_MOVES, 3), dtype=np.int64)
        self.table = np.zeros((1 << TABLE_BITS, 4), dtype=np.int64)
        self.killers = np.zeros((core.STACK, 2, 3), dtype=np.int64)
        self.n_killers = np.zeros(core.STACK, dtype=np.int64)
        self.history = np.zeros(64 * 64, dtype=np.int64)
        self.keys = np.zeros(MAX_MOVES, dtype=np.int64)
        self.jumps = np.zeros((JUMP_STACK, 3), dtype=np.int64)

    def _child(self, child: tuple[int, int, int, int, int, int], black: bool, depth: int,
               alpha: int, beta: int) -> Generator[int, bool | None, int]:
        """The score of one root move's position (for the side to move there), searched
        by the core slice by slice; between slices the node count goes to the caller."""
        core = compiled()
        st = self.state
        f = self.frames[1]
        f[core.F_B], f[core.F_W], f[core.F_K], f[core.F_KEY], f[core.F_SB], f[core.F_SW] = \
            child
        f[core.F_BLACK] = int(black)
        f[core.F_DEPTH] = depth
        f[core.F_ALPHA] = alpha
        f[core.F_BETA] = beta
        st[core.S_PLY] = st[core.S_BASE] = 1
        st[core.S_MODE] = core.ENTER
        eg_data, eg_index, eg_numbers, comb = self.eg
        while True:
            status = core.run(st, self.frames, self.moves, self.table, self.killers,
                              self.n_killers, self.history, self.keys, self.jumps, self.wt,
                              self.cfg, self.sqt, self.ev, self.hops, self.egdb_pieces,
                              eg_data, eg_index, eg_numbers, comb)
            if status == core.DONE:
                return int(st[core.S_RESULT])
            if status == core.OUT_OF_BUDGET:
                raise _Stop(False)
            st[core.S_PAUSE_AT] += POLL_EVERY
            if (yield int(st[core.S_NODES])):
                raise _Stop(True)

    def _make(self, mv: tuple[int, int, int], b: int, w: int, k: int, black: bool, key: int,
              sb: int, sw: int) -> tuple[int, int, int, int, int, int]:
        from retro.games.checkers.engine.core_moves import make

        got = make(mv[0], mv[1], mv[2], b, w, k, black, key, sb, sw, self.wt, self.cfg,
                   self.sqt, self.hops)
        return tuple(int(x) for x in got)  # type: ignore[return-value]

    def _iterate(self, legal: list[R.Move]) -> Generator[int, bool | None, SearchResult]:
        game = self.game
        pos = game.position
        g = pos.geometry
        budget, start = self.budget, self.start
        if len(legal) == 1:
            # The move is forced: it is searched only for its score (draw offers are judged
            # by it), so a fraction of the effort does.
            budget = max(1, budget // FORCED_SHARE)
            start = max(1, start // FORCED_SHARE)
        self._setup(budget)
        weights = None
        if pos.weights is not None:
            weights = {1 << b: wgt for b, wgt in enumerate(pos.weights)}
        t = tables(g.rows, g.cols)
        b0, w0, k0 = pos.black, pos.white, pos.kings
        black0 = pos.turn == R.BLACK
        root_key = signed(zobrist(t, b0, w0, k0, black0, weights))
        sb0, sw0 = game.scores
        masks = [_masks(g, m) for m in legal]
        order_i = list(range(len(legal)))
        best_i, best_score, done_depth = 0, 0, 0
        stopped = False
        wt = self.wt

        def root(depth: int, alpha: int,
                 beta: int) -> Generator[int, bool | None, tuple[int, int, list[int]]]:
            """One iteration over the root moves: (score, best index, new order)."""
            best = -WIN - 1
            bi = order_i[0]
            scores: dict[int, int] = {}
            a = alpha
            for n, i in enumerate(order_i):
                to_bit = masks[i][1].bit_length() - 1
                saved = int(wt[to_bit])
                child = self._make(masks[i], b0, w0, k0, black0, root_key, sb0, sw0)
                nd = depth - 1
                if n == 0:
                    score = -(yield from self._child(child, not black0, nd, -beta, -a))
                else:
                    score = -(yield from self._child(child, not black0, nd, -a - 1, -a))
                    if a < score < beta:
                        score = -(yield from self._child(child, not black0, nd, -beta, -a))
                wt[to_bit] = saved
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
                dropped = bool(self.iterations) and score <= self.iterations[-1][2] - DROP
                best_i, best_score, done_depth = bi, score, depth
                order_i = new_order
                spent = int(self.state[compiled().S_NODES])
                self.iterations.append((depth, spent, score))
                if abs(best_score) > WON:
                    break       # a forced result is found: deeper search changes nothing
                if spent >= (2 * start if dropped else start):
                    break       # the next iteration would seldom finish in the budget
        except _Stop as stop:
            stopped = bool(stop.args and stop.args[0])
            # The previous best is searched first, so a move that beat it with a full
            # window in this unfinished iteration is a real improvement.
            partial = self._partial
            if partial is not None and partial[0] != best_i:
                best_i, best_score = partial
        self.nodes = int(self.state[compiled().S_NODES])
        if pos.weights is not None:
            self._weights = {1 << b: int(wt[b]) for b in range(len(pos.weights))}
        return SearchResult(legal[best_i], best_score, done_depth, self.nodes, stopped)


def run(gen: Generator[int, bool | None, SearchResult]) -> SearchResult:
    """Drive a search generator to its end without polling."""
    return drain(gen)


def best_move(game: R.Game, level: int) -> SearchResult:
    """The engine's choice at a level, searched to the end of its budget."""
    return run(Searcher(game, level).think())


def engine_move(fen: str, level: int) -> str:
    """The engine's move for a FEN in PDN numbers (``11-15``, ``9x18x27``)."""
    game = R.parse_fen(fen)
    return R.format_move(best_move(game, level).move)
