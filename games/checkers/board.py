"""Board geometry: square numbers, rows and columns, and the padded bit layout.

Squares are the dark ones: with row 1 at the top and column 1 at the left (as the manual
draws the board), a square is dark when row + column is odd, so the lower-left corner seen
from the white side (last row, column 1) is dark, as on every checkerboard.  Dark squares are
numbered 1, 2, ... row by row from the top-left, which on 8x8 is the usual PDN numbering
(black starts on 1-12 at the top, white on 21-32 at the bottom).

Move generation uses one bit per dark square in a *padded* layout: each row holds ``h =
cols // 2`` bits and one unused ("ghost") bit follows every second row.  In that layout a
step in one diagonal direction is always the same shift (``+h`` down-left, ``+h+1``
down-right, ``-h`` up-right, ``-h-1`` up-left) whatever the row, and a step off the left or
right edge lands on a ghost bit, which is never a valid square.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

SIZES = (6, 8)


class BoardSizeError(ValueError):
    """A board size the game does not offer."""


@dataclass(frozen=True)
class Geometry:
    """Everything about one board size that the rules and the generators need."""

    rows: int
    cols: int
    half: int                       # dark squares per row (cols // 2)
    nsquares: int
    bit_of: tuple[int, ...]         # square index (0-based) -> padded bit index
    square_of: tuple[int, ...]      # padded bit index -> square index, -1 for ghosts
    valid: int                      # mask of all real squares
    row_masks: tuple[int, ...]      # mask of each row, top to bottom
    start_rows: int                 # rows of men each side starts with

    @property
    def nbits(self) -> int:
        return len(self.square_of)

    @property
    def black_crown(self) -> int:
        """Where black men (moving down) are crowned: the last row."""
        return self.row_masks[-1]

    @property
    def white_crown(self) -> int:
        """Where white men (moving up) are crowned: the first row."""
        return self.row_masks[0]

    def rc(self, square: int) -> tuple[int, int]:
        """1-based (row, column) of a 1-based square number."""
        idx = square - 1
        r, k = divmod(idx, self.half)
        col = 2 * k + (1 if r % 2 == 0 else 0)
        return r + 1, col + 1

    def square_at(self, row: int, col: int) -> int | None:
        """1-based square number at 1-based (row, column), or None for a light square."""
        if not (1 <= row <= self.rows and 1 <= col <= self.cols) or (row + col) % 2 == 0:
            return None
        r, c = row - 1, col - 1
        k = (c - 1) // 2 if r % 2 == 0 else c // 2
        return r * self.half + k + 1

    def bit(self, square: int) -> int:
        """The mask of one 1-based square."""
        return 1 << self.bit_of[square - 1]

    def squares(self, mask: int) -> list[int]:
        """1-based square numbers in a mask, ascending."""
        out = []
        while mask:
            low = mask & -mask
            out.append(self.square_of[low.bit_length() - 1] + 1)
            mask ^= low
        return out

    def start_masks(self) -> tuple[int, int]:
        """(black, white) masks of the starting armies."""
        n = self.start_rows
        black = 0
        white = 0
        for r in range(n):
            black |= self.row_masks[r]
            white |= self.row_masks[self.rows - 1 - r]
        return black, white

    def mirror(self, square: int) -> int:
        """The square opposite (180 degree turn): the corresponding square of the other side."""
        return self.nsquares + 1 - square


@cache
def geometry(rows: int = 8, cols: int = 8) -> Geometry:
    """The geometry of a rows x cols board (6 or 8 each)."""
    if rows not in SIZES or cols not in SIZES:
        raise BoardSizeError(f"board must be 6 or 8 rows by 6 or 8 columns, not {rows}x{cols}")
    half = cols // 2
    bit_of = []
    for r in range(rows):
        for k in range(half):
            bit_of.append(r * half + r // 2 + k)
    nbits = bit_of[-1] + 2
    square_of = [-1] * nbits
    for i, b in enumerate(bit_of):
        square_of[b] = i
    row_masks = []
    for r in range(rows):
        mask = 0
        for k in range(half):
            mask |= 1 << bit_of[r * half + k]
        row_masks.append(mask)
    valid = 0
    for m in row_masks:
        valid |= m
    # The manual: back two rows at least, three when the board has enough rows (8).
    start_rows = 3 if rows >= 8 else 2
    return Geometry(rows, cols, half, rows * half, tuple(bit_of), tuple(square_of), valid,
                    tuple(row_masks), start_rows)
