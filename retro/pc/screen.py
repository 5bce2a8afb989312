"""The 80x25 text screen: character and attribute bytes laid out like B800:0000.

The buffer is plain data (two numpy ``uint8`` arrays) plus the registers a DOS program could
set: cursor position and shape, the border (overscan) colour, the blink-enable bit and the
colour/mono mode.  Games write to it through the small API below; renderers and front ends
only read it.  Coordinates are 0-based: ``row`` 0-24, ``col`` 0-79.  Writing past the right
edge is clipped (no wrapping), as direct video-memory writes usually were.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from retro.pc import cp437

ROWS = 25
COLS = 80
SCREEN_BYTES = ROWS * COLS * 2

#: Box-drawing sets: top-left, top, top-right, side, bottom-left, bottom-right (CP437 codes).
BOX_STYLES: dict[str, tuple[int, int, int, int, int, int]] = {
    "single": (0xDA, 0xC4, 0xBF, 0xB3, 0xC0, 0xD9),
    "double": (0xC9, 0xCD, 0xBB, 0xBA, 0xC8, 0xBC),
    "double-top": (0xD5, 0xCD, 0xB8, 0xB3, 0xD4, 0xBE),  # double horizontals, single sides
    "double-side": (0xD6, 0xC4, 0xB7, 0xBA, 0xD3, 0xBD),  # single horizontals, double sides
    "block": (0xDB, 0xDB, 0xDB, 0xDB, 0xDB, 0xDB),
}

Text = str | bytes | int


def to_codes(text: Text) -> bytes:
    """Unicode text, raw CP437 bytes or a single code, as CP437 bytes."""
    if isinstance(text, int):
        return bytes([text])
    if isinstance(text, bytes | bytearray):
        return bytes(text)
    return cp437.encode(text)


@dataclass
class Cursor:
    """The hardware cursor: position, visibility and shape (first and last scan line)."""

    row: int = 24
    col: int = 0
    visible: bool = False
    start: int = 14  # the underline cursor: scan lines 14-15 of a 16-line cell
    end: int = 15


@dataclass
class Saved:
    """A rectangle of the screen kept by ``Screen.save`` for ``Screen.restore``."""

    row: int
    col: int
    chars: np.ndarray
    attrs: np.ndarray
    cursor: Cursor = field(default_factory=Cursor)


class Screen:
    """80x25 (char, attr) buffer with the registers of a text-mode display adapter."""

    rows = ROWS
    cols = COLS

    def __init__(self, *, mono: bool = False) -> None:
        self.chars = np.full((ROWS, COLS), 0x20, dtype=np.uint8)
        self.attrs = np.full((ROWS, COLS), 0x07, dtype=np.uint8)
        self.cursor = Cursor()
        self.border = 0
        self.blink = True  # attribute bit 7 blinks (BIOS default); False: bright backgrounds
        self.mono = mono
        #: The characters a terminal showed that code page 437 lacks, by (row, col): such a
        #: cell holds ``retro.screenfiles.ansiread.REPLACEMENT`` and this keeps what it really was,
        #: for the dump and comparisons.  Only screens read from a terminal have any; drawing on
        #: the screen does not update it.
        self.originals: dict[tuple[int, int], str] = {}
        #: Looks a terminal showed that the VGA cannot (dim, italic, strike-through,
        #: concealed, underline in colour), by (row, col): bit masks named in
        #: ``retro.screenfiles.dump.STYLES``.  Only screens read from a terminal have any.
        self.styles: dict[tuple[int, int], int] = {}

    # -- writing -------------------------------------------------------------------------

    def put(self, row: int, col: int, text: Text, attr: int | None = None) -> int:
        """Write text at (row, col); ``attr`` None keeps the attributes there.

        Returns the number of cells written (text past column 79 is clipped).
        """
        codes = to_codes(text)
        self._check(row, col)
        n = min(len(codes), COLS - col)
        if n <= 0:
            return 0
        self.chars[row, col : col + n] = np.frombuffer(codes[:n], dtype=np.uint8)
        if attr is not None:
            self.attrs[row, col : col + n] = _attr(attr)
        return n

    def center(self, row: int, text: Text, attr: int | None = None,
               col: int = 0, width: int = COLS) -> int:
        """Write text centred in the span [col, col + width) of a row; returns its column."""
        codes = to_codes(text)
        start = col + max(0, (width - len(codes)) // 2)
        self.put(row, start, codes, attr)
        return start

    def fill(self, row: int, col: int, height: int, width: int,
             char: Text = " ", attr: int | None = None) -> None:
        """Fill a rectangle with one character (and attribute, unless None)."""
        code = to_codes(char)
        if len(code) != 1:
            raise ValueError("fill takes exactly one character")
        r, c = self._rect(row, col, height, width)
        self.chars[r, c] = code[0]
        if attr is not None:
            self.attrs[r, c] = _attr(attr)

    def paint(self, row: int, col: int, height: int, width: int, attr: int) -> None:
        """Change only the attributes of a rectangle (highlight bars, selection)."""
        r, c = self._rect(row, col, height, width)
        self.attrs[r, c] = _attr(attr)

    def clear(self, attr: int = 0x07) -> None:
        """Blank the whole screen in one attribute, like INT 10h scroll with AL=0."""
        self.chars[:] = 0x20
        self.attrs[:] = _attr(attr)

    def reset(self) -> None:
        """Everything as a program finds it at start: blank in 07, border 0, blinking on,
        the cursor hidden and underline-shaped.  A host calls it between two programs, so
        one program's settings never leak into the next."""
        self.clear(0x07)
        self.border = 0
        self.blink = True
        self.cursor = Cursor()

    def box(self, row: int, col: int, height: int, width: int, attr: int,
            style: str = "single", fill: Text | None = " ", title: str = "") -> None:
        """Draw a frame of line characters; ``fill`` None leaves the inside alone.

        ``title`` is centred on the top edge.  ``style`` is a key of ``BOX_STYLES``.
        """
        if height < 2 or width < 2:
            raise ValueError("a box needs at least 2 rows and 2 columns")
        tl, h, tr, v, bl, br = BOX_STYLES[style]
        if fill is not None:
            self.fill(row + 1, col + 1, height - 2, width - 2, fill, attr)
        bottom, right = row + height - 1, col + width - 1
        self.put(row, col, bytes([tl]) + bytes([h]) * (width - 2) + bytes([tr]), attr)
        self.put(bottom, col, bytes([bl]) + bytes([h]) * (width - 2) + bytes([br]), attr)
        self.fill(row + 1, col, height - 2, 1, v, attr)
        self.fill(row + 1, right, height - 2, 1, v, attr)
        if title:
            self.center(row, f" {title} ", attr, col, width)

    def hline(self, row: int, col: int, width: int, attr: int | None = None,
              char: Text = 0xC4) -> None:
        self.fill(row, col, 1, width, char, attr)

    def vline(self, row: int, col: int, height: int, attr: int | None = None,
              char: Text = 0xB3) -> None:
        self.fill(row, col, height, 1, char, attr)

    def scroll(self, row: int, col: int, height: int, width: int,
               lines: int = 1, attr: int = 0x07) -> None:
        """Scroll a window up by ``lines`` (down if negative), blanking what comes in.

        ``lines`` 0 or at least the height blanks the window, as INT 10h AH=06h does.
        """
        r, c = self._rect(row, col, height, width)
        if lines == 0 or abs(lines) >= height:
            self.fill(row, col, height, width, " ", attr)
            return
        chars, attrs = self.chars[r, c], self.attrs[r, c]
        if lines > 0:
            chars[:-lines] = chars[lines:].copy()
            attrs[:-lines] = attrs[lines:].copy()
            self.fill(row + height - lines, col, lines, width, " ", attr)
        else:
            n = -lines
            chars[n:] = chars[:-n].copy()
            attrs[n:] = attrs[:-n].copy()
            self.fill(row, col, n, width, " ", attr)

    def save(self, row: int = 0, col: int = 0, height: int = ROWS, width: int = COLS) -> Saved:
        """Keep a rectangle (and the cursor) so a pop-up can put it back afterwards."""
        r, c = self._rect(row, col, height, width)
        return Saved(row, col, self.chars[r, c].copy(), self.attrs[r, c].copy(),
                     Cursor(**vars(self.cursor)))

    def restore(self, saved: Saved) -> None:
        h, w = saved.chars.shape
        r, c = self._rect(saved.row, saved.col, h, w)
        self.chars[r, c] = saved.chars
        self.attrs[r, c] = saved.attrs
        self.cursor = Cursor(**vars(saved.cursor))

    def move_cursor(self, row: int, col: int, visible: bool | None = None) -> None:
        self._check(row, col)
        self.cursor.row, self.cursor.col = row, col
        if visible is not None:
            self.cursor.visible = visible

    # -- reading -------------------------------------------------------------------------

    def read(self, row: int, col: int = 0, length: int = COLS) -> str:
        """The characters of part of a row as Unicode (0x00 shown as a space; a cell read
        from a terminal shows its original character where code page 437 lacks it)."""
        text = "".join(cp437.char_for(b) for b in self.chars[row, col : col + length])
        if self.originals:
            shown = list(text)
            for (r, c), char in self.originals.items():
                if r == row and col <= c < col + len(shown):
                    shown[c - col] = char
            text = "".join(shown)
        return text

    def find(self, text: str) -> tuple[int, int] | None:
        """The first (row, col) where ``text`` appears on the screen, for tests and clicks."""
        for row in range(ROWS):
            col = self.read(row).find(text)
            if col >= 0:
                return row, col
        return None

    def to_bytes(self) -> bytes:
        """The 4000-byte B800:0000 image: (char, attr) pairs, row-major."""
        image = np.empty((ROWS, COLS, 2), dtype=np.uint8)
        image[..., 0] = self.chars
        image[..., 1] = self.attrs
        return image.tobytes()

    def load_bytes(self, data: bytes) -> None:
        if len(data) != SCREEN_BYTES:
            raise ValueError(f"a screen is {SCREEN_BYTES} bytes, not {len(data)}")
        image = np.frombuffer(data, dtype=np.uint8).reshape(ROWS, COLS, 2)
        self.chars[:] = image[..., 0]
        self.attrs[:] = image[..., 1]

    @classmethod
    def from_bytes(cls, data: bytes, *, mono: bool = False) -> Screen:
        screen = cls(mono=mono)
        screen.load_bytes(data)
        return screen

    def copy(self) -> Screen:
        other = Screen(mono=self.mono)
        other.chars[:] = self.chars
        other.attrs[:] = self.attrs
        other.cursor = Cursor(**vars(self.cursor))
        other.border, other.blink = self.border, self.blink
        other.originals = dict(self.originals)
        other.styles = dict(self.styles)
        return other

    def __str__(self) -> str:
        return "\n".join(self.read(row) for row in range(ROWS))

    # -- helpers -------------------------------------------------------------------------

    @staticmethod
    def _check(row: int, col: int) -> None:
        if not (0 <= row < ROWS and 0 <= col < COLS):
            raise IndexError(f"cell ({row}, {col}) is off the 80x25 screen")

    def _rect(self, row: int, col: int, height: int, width: int) -> tuple[slice, slice]:
        if height < 0 or width < 0:
            raise ValueError("negative rectangle size")
        self._check(row, col)
        if row + height > ROWS or col + width > COLS:
            raise IndexError(f"rectangle {height}x{width} at ({row}, {col}) leaves the screen")
        return slice(row, row + height), slice(col, col + width)


def _attr(attr: int) -> int:
    if not 0 <= attr <= 0xFF:
        raise ValueError(f"attribute {attr!r} is not a byte")
    return attr
