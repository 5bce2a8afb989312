"""Perft: the published 8x8 counts, and every board size checked against a plain generator."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from retro.cli import main
from retro.games.checkers import rules as R

from . import naive
from .conftest import to_naive

#: Aart Bik's counts for 8x8 from the standard start (OEIS A133046), as in the reference.
PUBLISHED = {1: 7, 2: 49, 3: 302, 4: 1469, 5: 7361, 6: 36768, 7: 179740, 8: 845931,
             9: 3963680, 10: 18391564, 11: 85242128}


def _reference_table(reference: Path) -> dict[int, int]:
    text = (reference / "README.md").read_text()
    section = text.split("## Checkers perft", 1)[1].split("\n## ", 1)[0]
    table: dict[int, int] = {}
    for row in section.splitlines():
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        for i in range(0, len(cells) - 1, 2):
            if re.fullmatch(r"\d+", cells[i]) and re.fullmatch(r"[\d,]+", cells[i + 1]):
                table[int(cells[i])] = int(cells[i + 1].replace(",", ""))
    return table


def test_published_counts_match_reference_file(reference: Path) -> None:
    table = _reference_table(reference)
    assert len(table) == 14
    for depth, nodes in PUBLISHED.items():
        assert table[depth] == nodes


@pytest.mark.parametrize("depth", range(1, 9))
def test_perft_8x8_start_matches_published(depth: int) -> None:
    assert R.perft(R.START_FEN_8X8, depth) == PUBLISHED[depth]


@pytest.mark.slow
def test_perft_8x8_depth_9_matches_published() -> None:
    """Depths 10 and 11 are checked by ``bench/checkers_engine.py`` (full run)."""
    assert R.perft(R.START_FEN_8X8, 9) == PUBLISHED[9]


def test_perft_fen_equals_new_game_start() -> None:
    game = R.new_game(R.Options(), random.Random(0))
    assert R.to_fen(game) == R.START_FEN_8X8
    assert R.perft(game, 5) == 7361


def _random_positions(options: R.Options, count: int, seed: int) -> list[R.Game]:
    """Positions from random play, kings and captures included, with some moves to make."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        game = R.new_game(options, rng)
        for _ in range(rng.randrange(6, 60)):
            if game.over:
                break
            game = R.play(game, rng.choice(game.legal_moves()))
        if not game.over:
            out.append(game)
    return out


@pytest.mark.parametrize("rows,cols", [(6, 6), (6, 8), (8, 6), (8, 8)])
def test_perft_every_size_start_agrees_with_plain_generator(rows: int, cols: int) -> None:
    game = R.new_game(R.Options(rows, cols), random.Random(0))
    board = to_naive(game)
    for depth in range(1, 6):
        assert R.perft(game, depth) == naive.perft(board, depth), depth


@pytest.mark.parametrize("rows,cols", [(6, 6), (6, 8), (8, 6), (8, 8)])
def test_perft_every_size_midgame_agrees_with_plain_generator(rows: int, cols: int) -> None:
    for game in _random_positions(R.Options(rows, cols), 12, seed=rows * 10 + cols):
        board = to_naive(game)
        assert R.perft(game, 3) == naive.perft(board, 3), R.to_fen(game)


@pytest.mark.parametrize("variant,lite", [(R.WECKERS, True), (R.WECKERS_TWO, False),
                                          (R.WECKERS_TWO, True)])
def test_perft_weckers_trees_agree_with_plain_generator(variant: str, lite: bool) -> None:
    for rows, cols in [(6, 6), (8, 8)]:
        opts = R.Options(rows, cols, variant, lite=lite)
        for game in _random_positions(opts, 6, seed=rows + cols):
            assert R.perft(game, 3) == naive.perft(to_naive(game), 3), R.to_fen(game)


def test_generator_moves_equal_plain_generator_moves() -> None:
    """Not only the counts: the very same paths and hopped squares."""
    for game in _random_positions(R.Options(8, 8), 30, seed=3):
        g = game.position.geometry
        mine = sorted((m.path, m.hopped) for m in game.legal_moves())
        theirs = sorted(
            (tuple(g.square_at(r + 1, c + 1) for r, c in path),
             tuple(g.square_at(r + 1, c + 1) for r, c in hopped))
            for path, hopped in naive.moves(to_naive(game)))
        assert mine == theirs


def test_both_ways_round_a_kings_loop_are_moves_and_perft_counts_both() -> None:
    """The engine's generator gives the loop once (one position after it); the rules and
    perft get back both paths from it, so they stay two moves."""
    game = R.parse_fen("W:WK31:B18,19,26,27,1")
    assert sorted(str(m) for m in game.legal_moves()) == ["31x22x15x24x31",
                                                          "31x24x15x22x31"]
    assert R.perft(game, 1) == 2
    assert R.perft(game, 2) == 2 * len(R.play(game, game.legal_moves()[0]).legal_moves())


def test_capture_paths_follow_exactly_the_pieces_taken() -> None:
    from retro.games.checkers import movegen

    game = R.parse_fen("W:WK31:B18,19,26,27,1")
    pos = game.position
    g = pos.geometry
    cap = sum(g.bit(s) for s in (18, 19, 26, 27))
    empty = g.valid & ~(pos.black | pos.white)
    loops = movegen.capture_paths(g, g.bit(31), g.bit(31), cap, empty | g.bit(31))
    assert len(loops) == 2
    # three of the four pieces: no path takes exactly those and comes back to 31
    assert movegen.capture_paths(g, g.bit(31), g.bit(31), cap & ~g.bit(18),
                                 empty | g.bit(31)) == []


def test_perft_stops_at_a_won_weckers_two_game(capsys: pytest.CaptureFixture[str]) -> None:
    # Black's only move 14x23 takes a 5 and brings 6 up to the game point 10: the game is
    # over, so nothing is counted after it.
    fen = "B:W18/5,30/1:B14/2,1/1:VT:G10:S6,0"
    assert main(["perft", "checkers", "--depth", "3", "--fen", fen]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:] == ["depth 1 nodes 1", "depth 2 nodes 0", "depth 3 nodes 0"]
    # Without the game point in reach, the same position goes on (white answers).
    assert R.perft(fen.replace("G10", "G40"), 2) == 2


def test_perft_of_a_game_already_won_counts_no_moves() -> None:
    # White already stands at the game point: the game is over before any move.
    won = "B:W18/5,30/1:B14/2,1/1:VT:G10:S6,10"
    assert R.parse_fen(won).over
    assert [R.perft(won, d) for d in (0, 1, 2)] == [1, 0, 0]


def test_perft_stops_when_a_crowning_man_reaches_the_game_point() -> None:
    # Black's man of weight 4 on 26 leaves the board on 30 or 31 and brings 6 up to 10;
    # only after 1-5 or 1-6 does white answer (32-27, 32-28).
    game = R.parse_fen("B:W32/1:B26/4,1/1:VT:G10:S6,0")
    assert R.perft(game, 1) == 4
    assert R.perft(game, 2) == 4
    for depth in range(1, 5):
        assert R.perft(game, depth) == naive.perft(to_naive(game), depth), depth
