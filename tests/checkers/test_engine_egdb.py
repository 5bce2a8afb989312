"""The endgame databases against a plain minimax over the separate 2-D generator."""

from __future__ import annotations

import random
from functools import cache

import pytest

from retro.games.checkers import rules as R
from retro.games.checkers.board import geometry
from retro.games.checkers.engine import egdb
from retro.games.checkers.tools import build_egdb

from . import naive


def _key(board: naive.Board) -> tuple:
    return (board.turn, tuple(sorted(board.grid.items())))


def solve(board: naive.Board, depth: int) -> int | None:
    """+1 / -1 when the side to move wins / loses within ``depth`` plies, else None."""
    @cache
    def go(key: tuple, depth: int) -> int | None:
        b = boards[key]
        moves = naive.moves(b)
        if not moves:
            return -1
        if depth == 0:
            return None
        unknown = False
        for mv in moves:
            nxt = naive.make(b, mv)
            k = _key(nxt)
            boards.setdefault(k, nxt)
            v = go(k, depth - 1)
            if v == -1:
                return 1
            if v is None:
                unknown = True
        return None if unknown else -1

    boards = {_key(board): board}
    return go(_key(board), depth)


def random_position(rng: random.Random, rows: int, cols: int, pieces: int) -> R.Game:
    g = geometry(rows, cols)
    while True:
        squares = rng.sample(range(1, g.nsquares + 1), pieces)
        split = rng.randrange(1, pieces)
        parts = {"B": [], "W": []}
        for i, sq in enumerate(squares):
            color = "B" if i < split else "W"
            crown_row = rows if color == "B" else 1
            king = rng.random() < 0.5 or g.rc(sq)[0] == crown_row
            parts[color].append(("K" if king else "") + str(sq))
        turn = rng.choice("BW")
        fen = f"{rows}x{cols}:{turn}:W{','.join(parts['W'])}:B{','.join(parts['B'])}"
        game = R.parse_fen(fen)
        if not game.over:
            return game


@pytest.mark.parametrize("size", [(6, 6)])
def test_egdb_agrees_with_a_plain_minimax(size: tuple[int, int]) -> None:
    """Small built database, then positions whose result a 9-ply minimax proves."""
    rows, cols = size
    g = geometry(rows, cols)
    solved = build_egdb.build(g, 3)
    rng = random.Random(3)
    checked = 0
    for _ in range(60):
        game = random_position(rng, rows, cols, rng.choice((2, 3)))
        pos = game.position
        c, slot = egdb.index(g, pos.black, pos.white, pos.kings)
        side = 0 if pos.turn == R.BLACK else 1
        value = solved[c][side * egdb.slots(g, c) + slot]
        proved = solve(naive.from_game(game), 9)
        if proved is not None:
            checked += 1
            assert value == (egdb.WIN if proved == 1 else egdb.LOSS), R.to_fen(game)
        else:
            assert value != egdb.NONE
    assert checked >= 20


def test_egdb_probe_reads_the_shipped_file() -> None:
    g = geometry(6, 6)
    probe = egdb.prober(g)
    assert probe is not None
    # Two kings against one: a win for the two, whoever moves (the lone king is caught).
    game = R.parse_fen("6x6:W:WK18:BK1,K2")
    pos = game.position
    assert probe(pos.black, pos.white, pos.kings, False) == -1
    # A king against a king: a draw.
    game = R.parse_fen("6x6:B:WK18:BK1")
    pos = game.position
    assert probe(pos.black, pos.white, pos.kings, True) == 0


@pytest.mark.parametrize("fen,value", [
    ("B:WK29:BK22,K23", 1),             # two kings against one: won
    ("W:WK29:BK22,K23", -1),
    ("B:WK32:BK1", 0),                  # king against king: drawn
    ("B:WK32,K31:BK1,K2", 0),           # two kings each: drawn
])
def test_egdb_8x8_shipped_results(fen: str, value: int) -> None:
    g = geometry(8, 8)
    probe = egdb.prober(g)
    assert probe is not None
    pos = R.parse_fen(fen).position
    assert probe(pos.black, pos.white, pos.kings, pos.turn == R.BLACK) == value


def test_egdb_is_not_read_until_a_small_position_is_searched() -> None:
    from retro.games.checkers.engine import best_move

    egdb._store.cache_clear()
    egdb.flat_tables.cache_clear()      # the compiled probe's arrays, read from the store
    best_move(R.parse_fen(R.START_FEN_8X8), 4)
    assert egdb._store.cache_info().currsize == 0
    best_move(R.parse_fen("B:WK29:BK22,K23"), 4)
    assert egdb._store.cache_info().currsize == 1


def test_egdb_every_crowning_and_capture_leads_to_an_earlier_class() -> None:
    order = build_egdb.classes(4)
    place = {c: i for i, c in enumerate(order)}
    for c in order:
        bm, bk, wm, wk = c
        nexts = []
        if bm:
            nexts.append((bm - 1, bk + 1, wm, wk))
        if wm:
            nexts.append((bm, bk, wm - 1, wk + 1))
        for i, n in enumerate(c):
            if n and ((i < 2 and bm + bk > 1) or (i >= 2 and wm + wk > 1)):
                smaller = list(c)
                smaller[i] -= 1
                nexts.append(tuple(smaller))
        for n in nexts:
            assert place[n] < place[c], (c, n)  # type: ignore[index]


def test_egdb_6x6_holds_every_five_piece_position_and_the_larger_boards_four() -> None:
    import numpy as np

    for (rows, cols), want in (((6, 6), 5), ((6, 8), 4), ((8, 6), 4), ((8, 8), 4)):
        g = geometry(rows, cols)
        assert egdb.pieces(g) == want, (rows, cols)
        with np.load(egdb.path_for(g)) as shipped:
            assert set(shipped.files) == {egdb.class_name(c) for c in build_egdb.classes(want)}


def _shipped_value(game: R.Game) -> int | None:
    """The 6x6 file's result for the side to move (1, -1, 0) as the search's probe reads it."""
    probe = egdb.prober(geometry(6, 6))
    assert probe is not None
    pos = game.position
    return probe(pos.black, pos.white, pos.kings, pos.turn == R.BLACK)


def test_egdb_6x6_five_piece_results_agree_with_their_moves() -> None:
    """Each result of the shipped five-piece classes, on random positions, is what its moves
    lead to, one step down the separate generator: won when a move leaves the opponent lost
    (or without a piece or a move), lost when every move leaves it won, drawn otherwise.
    A retrograde slip on one class (a draw taken for a win, a loss for a draw) breaks it."""
    rng = random.Random(5)
    seen: set[int] = set()
    for _ in range(300):
        game = random_position(rng, 6, 6, 5)
        board = naive.from_game(game)
        results = []
        for mv in naive.moves(board):
            child = naive.make(board, mv)
            if not naive.moves(child):
                results.append(-1)      # no piece or no move left: the mover has won
                continue
            value = _shipped_value(R.parse_fen(naive.to_fen(child)))
            assert value is not None, naive.to_fen(child)
            results.append(value)
        want = 1 if -1 in results else (-1 if all(r == 1 for r in results) else 0)
        got = _shipped_value(game)
        assert got == want, R.to_fen(game)
        seen.add(want)
    assert seen == {-1, 0, 1}


def test_search_reads_the_6x6_five_piece_results() -> None:
    """A one-ply search of quiet 6x6 five-piece positions (no capture for either side, so no
    line comes down to four pieces) scores each as the file says: beyond ``DB_WIN`` less any
    evaluation when won, its negation when lost."""
    from retro.games.checkers.engine.scores import DB_WIN
    from retro.games.checkers.engine.search import Searcher, run

    def quiet(game: R.Game) -> bool:
        return not any(m.hopped for m in game.legal_moves())

    rng = random.Random(55)
    decided = 0
    while decided < 12:
        game = random_position(rng, 6, 6, 5)
        value = _shipped_value(game)
        if not value or not quiet(game):
            continue
        children = [R.play(game, mv) for mv in game.legal_moves()]
        if not all(not c.over and quiet(c) for c in children):
            continue
        score = run(Searcher(game, 5, depth=1, use_book=False).think()).score
        assert (score > DB_WIN // 2) if value > 0 else (score < -DB_WIN // 2), R.to_fen(game)
        decided += 1


class _Asked(Exception):
    """Raised by the stand-in builder: nothing is built or written."""


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The piece counts ``build_egdb.main`` asks the builder for (which then stops)."""
    counts: list[int] = []

    def build(g: object, max_pieces: int) -> dict:
        counts.append(max_pieces)
        raise _Asked

    monkeypatch.setattr(build_egdb, "build", build)
    return counts


@pytest.mark.parametrize("pieces", ["0", "1", "6"])
def test_egdb_builder_refuses_a_piece_count_the_probe_cannot_read(
        pieces: str, asked: list[int], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        build_egdb.main(["--pieces", pieces, "--size", "6x6"])
    assert stop.value.code == 2
    assert "--pieces must be 2 to 5" in capsys.readouterr().err
    assert asked == []


@pytest.mark.parametrize("argv,pieces", [(["--size", "6x6"], 5), (["--size", "8x8"], 4),
                                         (["--size", "6x8", "--pieces", "5"], 5),
                                         (["--size", "8x6", "--pieces", "2"], 2)])
def test_egdb_builder_builds_each_board_to_its_shipped_depth_or_the_count_asked(
        argv: list[str], pieces: int, asked: list[int]) -> None:
    with pytest.raises(_Asked):
        build_egdb.main(argv)
    assert asked == [pieces]
