"""The move generator and the move maker against the plain reference on random positions.

Positions are built at random (not reached from the start): kings anywhere, men anywhere but
their crowning row, a quarter of them with a king that can hop round a loop back to its
start, weights drawn from each army's starting set, random scores, either side
to move, on all four board sizes and in every variant.  For each position the two
implementations must agree on the legal moves, on the position and scores after every
move, on whether the game is then over and who won, and (on a share of them) on perft.
"""

from __future__ import annotations

import random

import pytest

from retro.games.checkers import rules as R

from . import naive

SIZES = [(6, 6), (6, 8), (8, 6), (8, 8)]
VARIANTS = [("standard", False, False), ("weckers", False, False), ("weckers", False, True),
            ("weckers", True, False), ("weckers2", False, False), ("weckers2", True, False)]
POSITIONS = 250         # per size and variant: 6,000 in all
PERFT_EVERY = 8         # perft to depth 3 on every eighth position


def _army(rows: int, cols: int) -> int:
    return (3 if rows == 8 else 2) * (cols // 2)


def _loop(rng: random.Random, rows: int, cols: int) -> tuple[naive.Cell, list[naive.Cell],
                                                               list[naive.Cell]]:
    """A king's square, four enemies round a diamond it can hop all the way round, and the
    landing squares that must stay empty: the capture that ends where it began."""
    down = rng.random() < 0.5
    s = 1 if down else -1
    r = rng.randrange(0, rows - 4) if down else rng.randrange(4, rows)
    c = rng.choice([c for c in range(2, cols - 2) if (r + c) % 2 == 1])
    enemies = [(r + s, c + 1), (r + 3 * s, c + 1), (r + 3 * s, c - 1), (r + s, c - 1)]
    landings = [(r + 2 * s, c + 2), (r + 4 * s, c), (r + 2 * s, c - 2)]
    return (r, c), enemies, landings


def _random_board(rng: random.Random, rows: int, cols: int, variant: str, lite: bool,
                  seven: bool) -> naive.Board:
    army = _army(rows, cols)
    dark = [(r, c) for r in range(rows) for c in range(cols) if (r + c) % 2 == 1]
    turn = rng.choice("BW")
    foe = "W" if turn == "B" else "B"
    placed: list[tuple[naive.Cell, str, bool]] = []       # (cell, colour, must be a king)
    if rng.random() < 0.25:
        king, enemies, landings = _loop(rng, rows, cols)
        placed = [(king, turn, True)] + [(at, foe, False) for at in enemies]
        dark = [at for at in dark if at not in landings]
    free = [at for at in dark if at not in {p[0] for p in placed}]
    counts = {color: sum(p[1] == color for p in placed) for color in "BW"}
    for color in "BW":
        extra = rng.randint(max(0, 1 - counts[color]), army - counts[color])
        for at in rng.sample(free, min(extra, len(free))):
            placed.append((at, color, False))
            free.remove(at)
    king_share = rng.choice((0.0, 0.3, 0.6, 1.0))
    pools = {}
    for color in "BW":
        pool = [i % 6 + 1 for i in range(army)]
        rng.shuffle(pool)
        if lite and color == turn:
            pool.sort(reverse=True)     # a heavy king, so that Lite lets it hop round a loop
        pools[color] = pool
    grid: naive.Grid = {}
    for at, color, king in placed:
        crown_row = rows - 1 if color == "B" else 0
        king = king or at[0] == crown_row or rng.random() < king_share
        weight = pools[color].pop(0) if variant != "standard" else 0
        grid[at] = (color, king, weight)
    board = naive.Board(rows, cols, grid, turn, variant, lite, seven)
    if variant == "weckers2":
        total = 2 * sum(i % 6 + 1 for i in range(army))
        board.game_point = max(10, total // 2 // 10 * 10)
        board.scores = {"B": rng.randrange(board.game_point), "W":
                        rng.randrange(board.game_point)}
    elif variant == "weckers":
        board.scores = {"B": rng.randrange(40), "W": rng.randrange(40)}
    return board


def _pieces(game: R.Game) -> naive.Grid:
    return naive.from_game(game).grid


def _winner(game: R.Game) -> str | None:
    assert game.result is not None
    return game.result.winner


@pytest.mark.parametrize("variant,lite,seven", VARIANTS)
@pytest.mark.parametrize("rows,cols", SIZES)
def test_random_positions_agree_with_the_plain_reference(rows: int, cols: int, variant: str,
                                                         lite: bool, seven: bool) -> None:
    rng = random.Random(f"{rows}x{cols} {variant} {lite} {seven}")
    checked_moves = loops = 0
    for n in range(POSITIONS):
        board = _random_board(rng, rows, cols, variant, lite, seven)
        fen = naive.to_fen(board)
        game = R.parse_fen(fen)
        assert R.parse_fen(R.format_fen(game)) == game, fen
        theirs = naive.moves(board)
        if not theirs:
            assert game.over and not game.legal_moves(), fen
            over, winner = naive.winner(board, "W" if board.turn == "B" else "B")
            assert over and _winner(game) == winner, fen
            continue
        assert not game.over, fen
        mine = {(m.path, m.hopped): m for m in game.legal_moves()}
        assert sorted(mine) == sorted(naive.squares_of(board, mv) for mv in theirs), fen
        for mv in theirs:
            move = mine[naive.squares_of(board, mv)]
            after = R.play(game, move)
            made = naive.make(board, mv)
            assert _pieces(after) == made.grid, (fen, str(move))
            assert after.scores == (made.scores["B"], made.scores["W"]), (fen, str(move))
            over, winner = naive.winner(made, board.turn)
            assert after.over == over, (fen, str(move))
            if over:
                assert _winner(after) == winner, (fen, str(move))
            checked_moves += 1
            loops += move.start == move.end
        if n % PERFT_EVERY == 0:
            assert R.perft(game, 3) == naive.perft(board, 3), fen
    assert checked_moves > POSITIONS
    assert loops > 0        # the case that once went wrong: a capture ending where it began
