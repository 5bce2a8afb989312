"""A plain, slow reference implementation of the rules on a 2-D grid, written from the manual.

It exists only to check the fast code: same rules, different code, sharing nothing with
``rules``, ``movegen`` or ``board`` except the FEN text it writes for them to read (and
``from_game``, which reads a game through its public API only).  Squares are (row, col)
pairs, 0-based, row 0 at the top; black starts at the top and moves down.  Dark squares
are those where row + col is odd; they are numbered 1, 2, ... row by row from the top left
(the PDN numbering on 8x8), which ``number`` and ``cell`` compute by counting.

From the manual: men step diagonally forward, kings both ways; an enemy next to a piece
with an empty square behind it may be hopped and leaves the board; taking is compulsory,
any capture sequence may be chosen but must be hopped to its end; a man reaching the far
row is crowned (and a crowned man's move ends there).  Weckers: every hop scores the
difference of the two weights (with 7/11, a pair adding to 7 or 11 scores the sum); Lite: a
piece only hops enemies of its own weight or lighter; Weckers Two: a hop scores the taken
weight, and a man reaching the far row leaves the board and scores its own weight.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from retro.games.checkers.rules import Game

Cell = tuple[int, int]
Piece = tuple[str, bool, int]               # (colour "B"/"W", king, weight or 0)
Grid = dict[Cell, Piece]
NaiveMove = tuple[list[Cell], list[Cell]]   # (cells visited, cells hopped)


@dataclass
class Board:
    rows: int
    cols: int
    grid: Grid
    turn: str
    variant: str = "standard"               # "standard", "weckers" or "weckers2"
    lite: bool = False
    seven_eleven: bool = False
    scores: dict[str, int] = field(default_factory=lambda: {"B": 0, "W": 0})
    game_point: int = 0

    def on(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols and (r + c) % 2 == 1

    @property
    def leave_on_crown(self) -> bool:
        return self.variant == "weckers2"


def number(board: Board, cell: Cell) -> int:
    """The square number of a dark cell, by counting dark cells row by row."""
    n = 0
    for r in range(board.rows):
        for c in range(board.cols):
            if (r + c) % 2 == 1:
                n += 1
                if (r, c) == cell:
                    return n
    raise ValueError(f"{cell} is not a dark square")


def cell(board: Board, square: int) -> Cell:
    for r in range(board.rows):
        for c in range(board.cols):
            if (r + c) % 2 == 1 and number(board, (r, c)) == square:
                return (r, c)
    raise ValueError(f"no square {square}")


def directions(color: str, king: bool) -> list[tuple[int, int]]:
    if king:
        return [(1, -1), (1, 1), (-1, -1), (-1, 1)]
    return [(1, -1), (1, 1)] if color == "B" else [(-1, -1), (-1, 1)]


def far_row(board: Board, color: str) -> int:
    return board.rows - 1 if color == "B" else 0


def moves(board: Board) -> list[NaiveMove]:
    """(path, hopped) for every legal move."""
    jumps: list[NaiveMove] = []
    for (r, c), (color, king, weight) in sorted(board.grid.items()):
        if color == board.turn:
            _jumps(board, (r, c), color, king, weight, [(r, c)], [], jumps)
    if jumps:
        return jumps
    steps: list[NaiveMove] = []
    for (r, c), (color, king, _w) in sorted(board.grid.items()):
        if color != board.turn:
            continue
        for dr, dc in directions(color, king):
            to = (r + dr, c + dc)
            if board.on(*to) and to not in board.grid:
                steps.append(([(r, c), to], []))
    return steps


def _jumps(board: Board, at: Cell, color: str, king: bool, weight: int, path: list[Cell],
           hopped: list[Cell], out: list[NaiveMove]) -> None:
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
        # The piece has left its start square, so it may come back to it.
        if land in board.grid and land != path[0]:
            continue
        extended = True
        if not king and land[0] == far_row(board, color):
            out.append(([*path, land], [*hopped, mid]))
            continue
        _jumps(board, land, color, king, weight, [*path, land], [*hopped, mid], out)
    if not extended and hopped:
        out.append((path, hopped))


def hop_points(board: Board, mover: int, victim: int) -> int:
    if board.variant == "weckers2":
        return victim
    if board.variant == "weckers":
        if board.seven_eleven and mover + victim in (7, 11):
            return mover + victim
        return abs(mover - victim)
    return 0


def make(board: Board, move: NaiveMove) -> Board:
    path, hopped = move
    grid = dict(board.grid)
    color, king, weight = grid.pop(path[0])
    gained = 0
    for h in hopped:
        gained += hop_points(board, weight, grid.pop(h)[2])
    end = path[-1]
    if not king and end[0] == far_row(board, color):
        if board.leave_on_crown:
            gained += weight
        else:
            grid[end] = (color, True, weight)
    else:
        grid[end] = (color, king, weight)
    scores = dict(board.scores)
    scores[color] += gained
    return Board(board.rows, board.cols, grid, "W" if board.turn == "B" else "B",
                 board.variant, board.lite, board.seven_eleven, scores, board.game_point)


def winner(board: Board, mover: str) -> tuple[bool, str | None]:
    """(over, winner) after ``mover`` has just moved: the game point, then no move left."""
    if board.variant == "weckers2" and board.scores[mover] >= board.game_point:
        return True, mover
    if moves(board):
        return False, None
    stuck = board.turn
    if board.variant == "standard":
        return True, "W" if stuck == "B" else "B"
    b, w = board.scores["B"], board.scores["W"]
    return True, None if b == w else ("B" if b > w else "W")


def perft(board: Board, depth: int) -> int:
    if depth == 0:
        return 1
    if board.variant == "weckers2" and max(board.scores.values()) >= board.game_point:
        return 0                        # a finished game
    total = 0
    for mv in moves(board):
        after = make(board, mv)
        if depth > 1 and after.variant == "weckers2" \
                and after.scores[board.turn] >= after.game_point:
            continue                    # the game point ends the game: nothing follows
        # (a side without moves ends it too: its subtree is empty anyway)
        total += perft(after, depth - 1)
    return total


def to_fen(board: Board) -> str:
    """The position in the game's FEN (the README's extension for other sizes and Weckers)."""
    fields = []
    if (board.rows, board.cols) != (8, 8):
        fields.append(f"{board.rows}x{board.cols}")
    fields.append(board.turn)
    for color in ("W", "B"):
        items = []
        for at, (col, king, weight) in sorted(board.grid.items()):
            if col == color:
                item = ("K" if king else "") + str(number(board, at))
                items.append(item + (f"/{weight}" if board.variant != "standard" else ""))
        fields.append(color + ",".join(items))
    if board.variant != "standard":
        code = {"weckers": "W", "weckers2": "T"}[board.variant]
        fields.append("V" + code + ("L" if board.lite else "") + ("7" if board.seven_eleven
                                                                  else ""))
        if board.variant == "weckers2":
            fields.append(f"G{board.game_point}")
        fields.append(f"S{board.scores['B']},{board.scores['W']}")
    return ":".join(fields)


def squares_of(board: Board, move: NaiveMove) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A move as square numbers: (path, hopped)."""
    path, hopped = move
    return (tuple(number(board, c) for c in path), tuple(number(board, c) for c in hopped))


def from_game(game: Game) -> Board:
    """The same position on this plain 2-D board (read through the game's public API)."""
    pos = game.position
    opts = game.options
    board = Board(opts.rows, opts.cols, {}, pos.turn, opts.variant, opts.lite,
                  opts.seven_eleven, {"B": game.scores[0], "W": game.scores[1]},
                  opts.game_point)
    dark = [(r, c) for r in range(opts.rows) for c in range(opts.cols) if (r + c) % 2 == 1]
    for square, at in enumerate(dark, start=1):
        piece = pos.piece_at(square)
        if piece:
            board.grid[at] = piece
    return board
