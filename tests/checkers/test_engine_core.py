"""The compiled core against the Python reference: moves, make, evaluation, databases, search.

The compiled generator must give the Python generator's moves in the same order (the search
then visits the same tree), and both the plain two-dimensional reference's move set; the
compiled search at a fixed depth with no budget cut must give the reference search's
score, move and node count.
"""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from retro.games.checkers import engine as E
from retro.games.checkers import rules as R
from retro.games.checkers.engine import arrays, egdb, search, warmup
from retro.games.checkers.engine.core_eval import NOT_FOUND, evaluate, probe
from retro.games.checkers.engine.core_moves import JUMP_STACK, MAX_MOVES, captures, make, quiet
from retro.games.checkers.engine.evaluate import evaluator
from retro.games.checkers.engine.moves import move_functions
from retro.games.checkers.engine.tables import signed, tables, zobrist
from retro.games.checkers.movegen import _path_count

from . import naive
from . import reference_search as REF
from .test_crosscheck import SIZES, VARIANTS, _random_board

Move = tuple[int, int, int]


def _random_games(rows: int, cols: int, variant: str, lite: bool, seven: bool,
                  count: int) -> list[R.Game]:
    rng = random.Random(f"core {rows}x{cols} {variant} {lite} {seven}")
    out = []
    for _ in range(count):
        board = _random_board(rng, rows, cols, variant, lite, seven)
        out.append(R.parse_fen(naive.to_fen(board)))
    return out


def _weights(game: R.Game) -> np.ndarray:
    wt = np.zeros(arrays.BITS, dtype=np.int64)
    if game.position.weights is not None:
        wt[:len(game.position.weights)] = game.position.weights
    return wt


def _sides(game: R.Game) -> tuple[int, int, int, bool, int]:
    pos = game.position
    black = pos.turn == R.BLACK
    own, opp = (pos.black, pos.white) if black else (pos.white, pos.black)
    return own, opp, pos.kings, black, pos.geometry.valid & ~(pos.black | pos.white)


def compiled_moves(game: R.Game, wt: np.ndarray) -> list[Move]:
    own, opp, kings, black, empty = _sides(game)
    cfg = arrays.config(game.options)
    out = np.zeros((MAX_MOVES, 3), dtype=np.int64)
    stack = np.zeros((JUMP_STACK, 3), dtype=np.int64)
    n = captures(own, opp, kings, black, empty, game.options.lite, wt, cfg, out, stack)
    if n == 0:
        n = quiet(own, kings, black, empty, cfg, out)
    return [(int(out[i, 0]), int(out[i, 1]), int(out[i, 2])) for i in range(n)]


def python_moves(game: R.Game) -> list[Move]:
    own, opp, kings, black, empty = _sides(game)
    caps, steps = move_functions(game.position.geometry)
    pos = game.position
    lite = None
    if game.options.lite and pos.weights is not None:
        lite = {1 << b: v for b, v in enumerate(pos.weights)}
    return caps(own, opp, kings, black, empty, lite) or steps(own, kings, black, empty)


def naive_moves(game: R.Game) -> set[Move]:
    g = game.position.geometry
    board = naive.from_game(game)
    out = set()
    for mv in naive.moves(board):
        path, hopped = naive.squares_of(board, mv)
        cap = 0
        for s in hopped:
            cap |= g.bit(s)
        out.add((g.bit(path[0]), g.bit(path[-1]), cap))
    return out


@pytest.mark.parametrize("variant,lite,seven", VARIANTS)
@pytest.mark.parametrize("rows,cols", SIZES)
def test_compiled_moves_match_the_python_generator_and_the_plain_reference(
        rows: int, cols: int, variant: str, lite: bool, seven: bool) -> None:
    loops = 0
    for game in _random_games(rows, cols, variant, lite, seven, 150):
        fen = R.to_fen(game)
        mine = compiled_moves(game, _weights(game))
        assert mine == python_moves(game), fen         # the same moves in the same order
        assert set(mine) == naive_moves(game), fen
        loops += sum(1 for m in mine if m[0] == m[1])
    assert loops > 0        # kings that hop round a loop back to their square


@pytest.mark.parametrize("variant,lite,seven", VARIANTS)
@pytest.mark.parametrize("rows,cols", SIZES)
def test_compiled_make_matches_the_rules(rows: int, cols: int, variant: str, lite: bool,
                                         seven: bool) -> None:
    """Masks, scores, the key from scratch and the weight written on the new square."""
    t = tables(rows, cols)
    for game in _random_games(rows, cols, variant, lite, seven, 60):
        opts = game.options
        pos = game.position
        black = pos.turn == R.BLACK
        weights = None if pos.weights is None else \
            {1 << b: v for b, v in enumerate(pos.weights)}
        key = signed(zobrist(t, pos.black, pos.white, pos.kings, black, weights))
        for move in game.legal_moves():
            wt = _weights(game)
            g = pos.geometry
            cap = 0
            for s in move.hopped:
                cap |= g.bit(s)
            got = make(g.bit(move.start), g.bit(move.end), cap, pos.black, pos.white,
                       pos.kings, black, key, *game.scores, wt, arrays.config(opts),
                       arrays.square_table(rows, cols), arrays.hop_scores(opts))
            after = R.play(game, move)
            ap = after.position
            assert got[:3] == (ap.black, ap.white, ap.kings), (R.to_fen(game), str(move))
            assert got[4:] == after.scores, (R.to_fen(game), str(move))
            aw = None if ap.weights is None else {1 << b: v for b, v in enumerate(ap.weights)}
            assert got[3] == signed(zobrist(t, ap.black, ap.white, ap.kings, not black, aw))
            if ap.weights is not None:
                for b in range(len(ap.weights)):
                    if (ap.black | ap.white) >> b & 1:
                        assert wt[b] == ap.weights[b]


def compiled_perft(game: R.Game, depth: int) -> int:
    """Perft through the compiled generator and make (plain checkers).  Like the rules'
    perft it counts every capture path (a king taking three or more pieces may have two
    paths to one end, one move in masks)."""
    g = game.position.geometry
    cfg = arrays.config(game.options)
    sqt = arrays.square_table(g.rows, g.cols)
    hops = arrays.hop_scores(game.options)
    wt = _weights(game)
    out = np.zeros((depth + 1, MAX_MOVES, 3), dtype=np.int64)
    stack = np.zeros((JUMP_STACK, 3), dtype=np.int64)

    def count(b: int, w: int, k: int, black: bool, d: int) -> int:
        own, opp = (b, w) if black else (w, b)
        empty = g.valid & ~(b | w)
        moves = out[d]
        n = captures(own, opp, k, black, empty, False, wt, cfg, moves, stack)
        if n == 0:
            n = quiet(own, k, black, empty, cfg, moves)
        total = 0
        for i in range(n):
            paths = 1
            if k & moves[i, 0] and bin(moves[i, 2]).count("1") >= 3:
                paths = _path_count(g, int(moves[i, 0]), int(moves[i, 1]), int(moves[i, 2]),
                                    empty | int(moves[i, 0]))
            if d == 1:
                total += paths
                continue
            nb, nw, nk, _, _, _ = make(moves[i, 0], moves[i, 1], moves[i, 2], b, w, k, black,
                                       0, 0, 0, wt, cfg, sqt, hops)
            total += paths * count(int(nb), int(nw), int(nk), not black, d - 1)
        return total

    pos = game.position
    return count(pos.black, pos.white, pos.kings, pos.turn == R.BLACK, depth)


@pytest.mark.parametrize("rows,cols,depth", [(8, 8, 6), (6, 6, 6), (6, 8, 5), (8, 6, 5)])
def test_compiled_perft_matches_the_rules_perft(rows: int, cols: int, depth: int) -> None:
    start = R.new_game(R.Options(rows, cols), random.Random(1))
    assert compiled_perft(start, depth) == R.perft(start, depth)
    for game in _random_games(rows, cols, "standard", False, False, 12):
        if game.legal_moves():
            assert compiled_perft(game, 3) == R.perft(game, 3), R.to_fen(game)


@pytest.mark.parametrize("variant,lite,seven", VARIANTS)
@pytest.mark.parametrize("rows,cols", SIZES)
def test_compiled_evaluation_matches_the_reference(rows: int, cols: int, variant: str,
                                                   lite: bool, seven: bool) -> None:
    t = tables(rows, cols)
    sqt = arrays.square_table(rows, cols)
    ev = arrays.eval_weights()
    for game in _random_games(rows, cols, variant, lite, seven, 150):
        pos = game.position
        reference = evaluator(t, game.options)
        weights = None if pos.weights is None else \
            {1 << b: v for b, v in enumerate(pos.weights)}
        for black in (True, False):
            want = reference(pos.black, pos.white, pos.kings, black, *game.scores, weights)
            got = evaluate(pos.black, pos.white, pos.kings, black, *game.scores,
                           _weights(game), arrays.config(game.options), sqt, ev)
            assert got == want, R.to_fen(game)


def test_compiled_evaluation_reads_the_constants_as_they_stand(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A tuning run changes a constant of ``evaluate``; the compiled evaluation follows."""
    from retro.games.checkers.engine import evaluate as EV

    game = R.parse_fen("B:W20,21:B1,2,3")
    pos = game.position
    args = (pos.black, pos.white, pos.kings, True, 0, 0, _weights(game),
            arrays.config(game.options), arrays.square_table(8, 8))
    before = evaluate(*args, arrays.eval_weights())
    monkeypatch.setattr(EV, "MAN", EV.MAN + 50)
    assert evaluate(*args, arrays.eval_weights()) > before


def _random_pieces(rng: random.Random, geo: Any, least: int,
                   most: int) -> tuple[int, int, int, bool, int]:
    """(black, white, kings, black to move, pieces) of ``least``-``most`` pieces on random
    squares, alternately black and white, each a king half the time."""
    squares = rng.sample(range(1, geo.nsquares + 1), rng.randrange(least, most + 1))
    b = w = k = 0
    for i, s in enumerate(squares):
        m = geo.bit(s)
        if i % 2:
            w |= m
        else:
            b |= m
        if rng.random() < 0.5:
            k |= m
    return b, w, k, rng.random() < 0.5, len(squares)


@pytest.mark.parametrize("rows,cols", SIZES)
def test_compiled_probe_matches_the_database(rows: int, cols: int) -> None:
    g = R.Options(rows, cols)
    geo = R.parse_fen(f"{rows}x{cols}:B:W{rows * cols // 2}:B1").position.geometry
    reference = egdb.prober(geo)
    assert reference is not None
    data, index, numbers, comb = egdb.flat_tables(geo)
    rng = random.Random(rows * cols)
    found = 0
    for _ in range(1500):
        b, w, k, black, _ = _random_pieces(rng, geo, 2, 5)
        want = reference(b, w, k, black)
        got = probe(b, w, k, black, data, index, numbers, comb)
        assert got == (NOT_FOUND if want is None else want), (g, b, w, k, black)
        found += want is not None
    assert found > 500


def _random_play(rng: random.Random, options: R.Options, plies: int) -> R.Game:
    game = R.new_game(options, rng)
    for _ in range(plies):
        if game.over:
            break
        game = R.play(game, rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("rows,cols", SIZES)
@pytest.mark.parametrize("variant,lite", [(R.STANDARD, False), (R.WECKERS, False),
                                          (R.WECKERS, True), (R.WECKERS_TWO, False),
                                          (R.WECKERS_TWO, True)])
def test_compiled_search_matches_the_reference_search(rows: int, cols: int, variant: str,
                                                      lite: bool) -> None:
    """At a fixed depth with no budget cut: the same score, move and number of nodes."""
    rng = random.Random(f"search {rows}x{cols} {variant} {lite}")
    checked = 0
    for _ in range(4):
        game = _random_play(rng, R.Options(rows, cols, variant, lite=lite),
                            rng.randrange(4, 50))
        if game.over:
            continue
        depth = rng.randrange(2, 6)
        mine = E.run(E.Searcher(game, 9, use_book=False, depth=depth, budget=10**8).think())
        theirs = REF.run(REF.Searcher(game, 9, use_book=False, depth=depth,
                                      budget=10**8).think())
        assert (mine.score, mine.move, mine.nodes, mine.depth) == \
            (theirs.score, theirs.move, theirs.nodes, theirs.depth), R.to_fen(game)
        checked += 1
    assert checked


@pytest.mark.parametrize("fen", ["B:WK29:BK22,K23", "W:W21,22,K30:B9,K14,17",
                                 "B:W14,18,22,25,27,30:B2,3,7,10,11,16"])
def test_compiled_search_matches_the_reference_in_the_endgame(fen: str) -> None:
    """The databases and forced results, a little deeper."""
    game = R.parse_fen(fen)
    mine = E.run(E.Searcher(game, 9, depth=7, budget=10**8).think())
    theirs = REF.run(REF.Searcher(game, 9, depth=7, budget=10**8).think())
    assert (mine.score, mine.move, mine.nodes) == (theirs.score, theirs.move, theirs.nodes)


def test_search_does_the_same_work_however_often_it_polls(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The core pauses to let the screen poll; where it pauses changes nothing."""
    game = _random_play(random.Random(8), R.Options(), 14)
    results = []
    for every in (97, 4096, 1 << 40):
        monkeypatch.setattr(search, "POLL_EVERY", every)
        searcher = E.Searcher(game, 7, use_book=False)
        gen = searcher.think()
        polls = 0
        try:
            while True:
                next(gen)
                polls += 1
        except StopIteration as done:
            results.append(done.value)
        assert polls >= min(1 + results[-1].nodes // every, 2)
    assert results[0] == results[1] == results[2]
    assert results[0].nodes > 100_000


def test_escape_stops_the_search_at_once_with_a_legal_move() -> None:
    game = _random_play(random.Random(4), R.Options(), 12)
    gen = E.Searcher(game, 9, use_book=False).think()
    next(gen)
    seen = next(gen)
    assert 0 < seen <= 2 * E.POLL_EVERY
    try:
        gen.send(True)
        raise AssertionError("the search went on after Esc")
    except StopIteration as done:
        result = done.value
    assert result.stopped and result.move in game.legal_moves()
    assert result.nodes == seen         # not one node more


def test_warm_up_leaves_searches_unchanged() -> None:
    game = _random_play(random.Random(6), R.Options(6, 8), 8)
    before = E.best_move(game, 6)
    thread = warmup.start()
    thread.join()
    assert warmup.start() is thread
    assert E.best_move(game, 6) == before


def test_cache_folder_changes_with_any_compiled_source(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    """numba checks a cached function against its own file only; the folder's digest makes
    an edit to a callee's module (compiled into its callers) start a fresh cache."""
    from retro.games.checkers.engine import cache

    here = Path(cache.__file__).resolve().parent
    for name in cache.COMPILED_SOURCES:
        shutil.copy(here / name, tmp_path / name)
    monkeypatch.setattr(cache, "__file__", str(tmp_path / "cache.py"))
    first = cache.cache_folder()
    assert first == cache.cache_folder()
    with (tmp_path / "core_moves.py").open("a") as f:
        f.write("# an edit\n")
    assert cache.cache_folder() != first


def test_captures_beyond_the_room_are_left_out_not_written_past_it() -> None:
    """A FEN can set up more captures than real play: the generator stops at its room."""
    game = R.parse_fen("B:W6,7,14,15,22,23:BK1,K2,K3,K10,K11,K18,K19")
    want = python_moves(game)
    assert len(want) > 3
    own, opp, kings, black, empty = _sides(game)
    out = np.full((4, 3), -1, dtype=np.int64)
    stack = np.zeros((JUMP_STACK, 3), dtype=np.int64)
    n = captures(own, opp, kings, black, empty, False, _weights(game),
                 arrays.config(game.options), out[:3], stack)
    assert n == 3
    assert [tuple(int(x) for x in row) for row in out[:3]] == want[:3]
    assert list(out[3]) == [-1, -1, -1]


def _meminfo(typingctx: object, ary: object) -> object:
    """The address of an array's reference count (0: none)."""
    from llvmlite import ir
    from numba.core import types

    sig = types.int64(ary)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        array = context.make_array(signature.args[0])(context, builder, value=args[0])
        return builder.ptrtoint(array.meminfo, ir.IntType(64))

    return sig, codegen


def test_a_borrowed_array_is_the_same_data_with_no_reference_count() -> None:
    from numba import njit
    from numba.core.extending import intrinsic

    from retro.games.checkers.engine.bits import borrow

    meminfo = intrinsic(_meminfo)

    @njit
    def use(a: np.ndarray) -> tuple[int, int, int, int]:
        b = borrow(a)
        b[2, 1] = 7
        row = b[1]
        return meminfo(a), meminfo(b), meminfo(row), b.shape[0] * 10 + b.shape[1] + row[2]

    a = np.zeros((3, 4), dtype=np.int64)
    a[1, 2] = 5
    owned, borrowed, row, seen = use(a)
    assert owned != 0 and borrowed == 0 and row == 0
    assert seen == 34 + 5
    assert a[2, 1] == 7


def test_the_search_borrows_every_array_it_is_given() -> None:
    """An array the search does not borrow costs two atomic operations per call and row."""
    import inspect

    from retro.games.checkers.engine import core

    source = inspect.getsource(core.run.py_func)
    params = inspect.signature(core.run.py_func).parameters
    arrays_given = [name for name, p in params.items() if p.annotation in (np.ndarray,
                                                                          "np.ndarray")]
    assert len(arrays_given) == 18
    for name in arrays_given:
        if name == "state":         # read at the start and written at the end only
            continue
        assert re.search(rf"^    \w+ = borrow\({name}\)$", source, re.M), name


@pytest.mark.parametrize("rows,cols", [(8, 8), (6, 6)])
def test_a_quiet_leaf_is_scored_by_the_databases_then_the_evaluation(rows: int,
                                                                   cols: int) -> None:
    """A leaf the databases hold: a draw is 0, a win or loss the database score plus the
    evaluation (to make progress); any other leaf is the evaluation alone."""
    from retro.games.checkers.engine import core
    from retro.games.checkers.engine.scores import DB_WIN

    game0 = R.parse_fen(f"{rows}x{cols}:B:W{rows * cols // 2}:B1")
    geo = game0.position.geometry
    opts = game0.options
    reference = egdb.prober(geo)
    evaluation = evaluator(tables(rows, cols), opts)
    assert reference is not None
    data, index, numbers, comb = egdb.flat_tables(geo)
    cfg, sqt, ev = arrays.config(opts), arrays.square_table(rows, cols), arrays.eval_weights()
    wt = np.zeros(arrays.BITS, dtype=np.int64)
    rng = random.Random(f"leaf {rows}")
    seen = set()
    for _ in range(400):
        b, w, k, black, count = _random_pieces(rng, geo, 2, 6)
        found = reference(b, w, k, black) if count <= egdb.pieces(geo) else None
        score = evaluation(b, w, k, black, 0, 0, None)
        want = score if found is None else (found * DB_WIN + score if found else 0)
        for pieces in (egdb.pieces(geo), 0):
            got = core._leaf(b, w, k, black, 0, 0, pieces, wt, cfg, sqt, ev, data, index,
                             numbers, comb)
            assert got == (want if pieces else score), (b, w, k, black, pieces)
        seen.add(found)
    assert seen == {None, -1, 0, 1}
