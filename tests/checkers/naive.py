"""A plain, slow move generator on a 2-D grid, written apart from the bitboard one.

It exists only to check the fast generator: same rules, different code.  Squares are
(row, col) pairs, 0-based, row 0 at the top; black moves down.
"""

from __future__ import annotations

from dataclasses import dataclass

from retro.games.checkers import rules as R

Grid = dict[tuple[int, int], tuple[str, bool, int]]   # (row, col) -> (colour, king, weight)


@dataclass
class Board:
    rows: int
    cols: int
    grid: Grid
    turn: str
    lite: bool = False
    leave_on_crown: bool = False        # Weckers Two: men reaching the far row leave

    def on(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols


def directions(color: str, king: bool) -> list[tuple[int, int]]:
    if king:
        return [(1, -1), (1, 1), (-1, -1), (-1, 1)]
    return [(1, -1), (1, 1)] if color == "B" else [(-1, -1), (-1, 1)]


def far_row(board: Board, color: str) -> int:
    return board.rows - 1 if color == "B" else 0


def moves(board: Board) -> list[tuple[list[tuple[int, int]], list[tuple[int, int]]]]:
    """(path, hopped) for every legal move."""
    jumps = []
    for (r, c), (color, king, weight) in sorted(board.grid.items()):
        if color != board.turn:
            continue
        _jumps(board, (r, c), color, king, weight, [(r, c)], [], jumps)
    if jumps:
        return jumps
    steps = []
    for (r, c), (color, king, _w) in sorted(board.grid.items()):
        if color != board.turn:
            continue
        for dr, dc in directions(color, king):
            to = (r + dr, c + dc)
            if board.on(*to) and to not in board.grid:
                steps.append(([(r, c), to], []))
    return steps


def _jumps(board, at, color, king, weight, path, hopped, out) -> None:
    r, c = at
    extended = False
    for dr, dc in directions(color, king):
        mid = (r + dr, c + dc)
        land = (r + 2 * dr, c + 2 * dc)
        if not board.on(*land) or mid in hopped:
            continue
        victim = board.grid.get(mid)
        if victim is None or victim[0] == color:
            continue
        if board.lite and victim[2] > weight:
            continue
        if land in board.grid and land != path[0]:
            continue
        extended = True
        if not king and land[0] == far_row(board, color):
            out.append(([*path, land], [*hopped, mid]))
            continue
        _jumps(board, land, color, king, weight, [*path, land], [*hopped, mid], out)
    if not extended and hopped:
        out.append((path, hopped))


def make(board: Board, move) -> Board:
    path, hopped = move
    grid = dict(board.grid)
    color, king, weight = grid.pop(path[0])
    for h in hopped:
        del grid[h]
    end = path[-1]
    if not king and end[0] == far_row(board, color):
        if not board.leave_on_crown:
            grid[end] = (color, True, weight)
    else:
        grid[end] = (color, king, weight)
    return Board(board.rows, board.cols, grid, "W" if board.turn == "B" else "B",
                 board.lite, board.leave_on_crown)


def perft(board: Board, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for mv in moves(board):
        total += perft(make(board, mv), depth - 1)
    return total


def from_game(game: R.Game) -> Board:
    """The same position on this plain 2-D board (reads the game only through its API)."""
    pos = game.position
    g = pos.geometry
    grid: Grid = {}
    for sq in range(1, g.nsquares + 1):
        piece = pos.piece_at(sq)
        if piece:
            r, c = g.rc(sq)
            grid[(r - 1, c - 1)] = piece
    return Board(g.rows, g.cols, grid, pos.turn, game.options.lite,
                 game.options.variant == R.WECKERS_TWO)
