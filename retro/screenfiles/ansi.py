"""The screen as an ANSI byte stream: what the terminal front end sends.

``AnsiEncoder.frame`` turns a ``retro.pc.screen.Screen`` into the bytes that make a terminal show
it: CP437 glyphs as UTF-8, the attribute byte as SGR colours and flags, the cursor where the
buffer puts it.  The first frame redraws everything; later frames send only the cells whose
look changed (a glyph, a colour, a flag), so play stays smooth over a slow link.
``encode_full`` is the first frame on its own: the exact stream of a full redraw, which
``retro run ... --ansi OUT.ans`` writes (the front end sends each frame between the
synchronized-output marks of ``retro.frontends.terminal``, which only say when a frame is complete).

How the attribute byte is shown:

- colour: foreground = low nibble, background = bits 4-6; bit 7 is SGR 5 (the terminal's
  blink) when ``screen.blink`` is on, else the high bit of a 16-colour background.  Colours are
  the VGA DAC's (24-bit SGR 38;2 / 48;2) or the 16 ANSI colours (30-37/90-97, 40-47/100-107).
- mono: the MDA's reading (the same as the renderer's), as SGR flags on light grey
  (intense: white) over black: ``00 08 80 88`` invisible (drawn blank), foreground 1
  underlined (SGR 4), ``70`` reverse (SGR 7), bit 3 intense (SGR 1 and white), bit 7 blink
  (SGR 5) or, with blink off, a brighter reverse cell.

The encoder is pure: it never touches a terminal, so tests feed its bytes to pyte.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np

from retro.pc import cp437
from retro.pc.screen import COLS, ROWS, Screen
from retro.pictures.raster import VGA_PALETTE as _RASTER_PALETTE
from retro.pictures.raster import mda_attribute

ESC = "\x1b"
CSI = ESC + "["

#: The VGA DAC's 16 text colours as (r, g, b): 00/55/AA/FF steps, colour 6 is brown.
VGA_PALETTE: tuple[tuple[int, int, int], ...] = tuple(
    (int(r), int(g), int(b)) for r, g, b in _RASTER_PALETTE[:16])

COLOR_MODES = ("24bit", "16")


def ansi_index(vga: int) -> int:
    """The ANSI colour number (0-7, +8 bright) of a VGA colour.

    The PC orders its colour bits blue-green-red (1 = blue), ANSI red-green-blue (1 = red).
    """
    return (vga & 8) | ((vga & 1) << 2) | (vga & 2) | ((vga & 4) >> 2)


# -- the look of one cell ----------------------------------------------------------------

# A style is one int: fg (4 bits), bg (4 bits) and the SGR flags, so a whole screen of
# styles is a numpy array and "what changed" is one comparison.
_BOLD, _UNDERLINE, _BLINK, _REVERSE = 1 << 8, 1 << 9, 1 << 10, 1 << 11
_FLAGS = ((_BOLD, "1", "22"), (_UNDERLINE, "4", "24"), (_BLINK, "5", "25"),
          (_REVERSE, "7", "27"))


@dataclass(frozen=True)
class CellStyle:
    """How a terminal shows one attribute byte (VGA colour numbers and SGR flags)."""

    fg: int
    bg: int
    bold: bool = False
    underline: bool = False
    blink: bool = False
    reverse: bool = False
    hidden: bool = False   # the glyph is not drawn (MDA invisible; blink-off phase)

    def code(self) -> int:
        return (self.fg | self.bg << 4 | _BOLD * self.bold | _UNDERLINE * self.underline
                | _BLINK * self.blink | _REVERSE * self.reverse)


#: The MDA's light levels (dark, normal, intense) as VGA colours: black, grey, white.
MONO_LEVELS = (0, 7, 15)


def mono_style(attr: int, blink: bool) -> CellStyle:
    """The MDA's reading of an attribute byte (``blink``: bit 7 blinks, else brightens).

    The levels come from ``retro.pictures.raster.mda_attribute``, so the terminal and the window
    agree on every byte; the terminal shows them as grey, white and SGR flags.
    """
    fg, bg, underline = mda_attribute(attr & 0x7F if blink else attr)
    blinking = blink and bool(attr & 0x80)
    if fg == 0 and bg == 0:
        # 00 08 80 88: nothing is drawn, not even an underline.
        return CellStyle(0, 0, hidden=True)
    if bg != 0:
        # Reverse video: a dark glyph on a lit cell, drawn as the terminal's reverse of a
        # lit foreground (so terminals that remap colours still show it reversed).
        return CellStyle(MONO_LEVELS[bg], 0, reverse=True, blink=blinking)
    return CellStyle(MONO_LEVELS[fg], 0, bold=fg == 2, underline=underline, blink=blinking)


def colour_style(attr: int, blink: bool) -> CellStyle:
    """The VGA's reading of an attribute byte (``blink``: bit 7 blinks, else bright bg)."""
    if blink:
        return CellStyle(attr & 0x0F, (attr >> 4) & 0x07, blink=bool(attr & 0x80))
    return CellStyle(attr & 0x0F, attr >> 4)


def cell_style(attr: int, *, mono: bool, blink: bool) -> CellStyle:
    return mono_style(attr, blink) if mono else colour_style(attr, blink)


@cache
def _tables(mono: bool, blink: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each attribute byte: style code, hidden flag, blinking flag."""
    styles = [cell_style(a, mono=mono, blink=blink) for a in range(256)]
    return (np.array([s.code() for s in styles], dtype=np.uint16),
            np.array([s.hidden for s in styles], dtype=bool),
            np.array([s.blink for s in styles], dtype=bool))


# Code 0x00 shows as a blank, like a space; the glyph table keys the change detection too.
_GLYPHS: tuple[bytes, ...] = tuple(cp437.char_for(code).encode() for code in range(256))
_SHOWN = np.array([0x20 if code == 0 else code for code in range(256)], dtype=np.uint8)


def _colour_sgr(vga: int, background: bool, colors: str) -> str:
    if colors == "24bit":
        r, g, b = VGA_PALETTE[vga]
        return f"{48 if background else 38};2;{r};{g};{b}"
    n = ansi_index(vga)
    base = (100 if n >= 8 else 40) if background else (90 if n >= 8 else 30)
    return str(base + (n & 7))


@lru_cache(maxsize=8192)
def _sgr(before: int | None, after: int, colors: str) -> bytes:
    """The SGR sequence that takes the terminal from style ``before`` to ``after``.

    ``before`` None means unknown: start from a reset.
    """
    parts: list[str] = []
    if before is None:
        parts.append("0")
        before_fg = before_bg = -1
        parts += [on for flag, on, _off in _FLAGS if after & flag]
    else:
        before_fg, before_bg = before & 0x0F, (before >> 4) & 0x0F
        parts += [on if after & flag else off
                  for flag, on, off in _FLAGS if (before ^ after) & flag]
    fg, bg = after & 0x0F, (after >> 4) & 0x0F
    if fg != before_fg:
        parts.append(_colour_sgr(fg, False, colors))
    if bg != before_bg:
        parts.append(_colour_sgr(bg, True, colors))
    if not parts:
        return b""
    return f"{CSI}{';'.join(parts)}m".encode()


def _goto(row: int, col: int) -> bytes:
    return f"{CSI}{row + 1};{col + 1}H".encode()


#: Runs of changed cells closer than this are sent as one run (rewriting the unchanged
#: cells between them costs less than a cursor move).
MERGE_GAP = 4

#: The VGA cursor's top scan line above which it is drawn as a block rather than a line.
BLOCK_CURSOR_BELOW = 8

RESET = f"{CSI}0m".encode()
CLEAR = f"{CSI}0m{CSI}2J".encode()
HIDE_CURSOR = f"{CSI}?25l".encode()
SHOW_CURSOR = f"{CSI}?25h".encode()


def cursor_shape(start: int, end: int) -> int:
    """DECSCUSR shape for the VGA cursor: 1 blinking block, 3 blinking underline."""
    return 1 if start < BLOCK_CURSOR_BELOW else 3


@dataclass(frozen=True)
class _CursorLook:
    row: int
    col: int
    visible: bool
    shape: int


def _cursor_look(screen: Screen) -> _CursorLook:
    c = screen.cursor
    # A start line below the end line is the BIOS trick for "no cursor".
    visible = c.visible and c.start <= c.end
    return _CursorLook(c.row, c.col, visible, cursor_shape(c.start, c.end))


class AnsiEncoder:
    """Encodes successive frames of one screen, sending only what changed.

    ``colors`` is ``"24bit"`` or ``"16"``.  ``blink`` chooses how bit 7 blinks: ``"sgr"``
    (the terminal's own blink, SGR 5; ``blink_on`` is ignored) or ``"phase"`` (the encoder
    hides blinking glyphs while ``blink_on`` is False, for terminals that do not blink).
    """

    def __init__(self, colors: str = "24bit", *, blink: str = "sgr") -> None:
        if colors not in COLOR_MODES:
            raise ValueError(f"colors must be one of {', '.join(COLOR_MODES)}, not {colors!r}")
        if blink not in ("sgr", "phase"):
            raise ValueError(f"blink must be 'sgr' or 'phase', not {blink!r}")
        self.colors = colors
        self.blink_mode = blink
        self.reset()

    def reset(self) -> None:
        """Forget what the terminal shows: the next frame is a full redraw."""
        self._styles: np.ndarray | None = None
        self._glyphs: np.ndarray | None = None
        self._cursor: _CursorLook | None = None

    def frame(self, screen: Screen, blink_on: bool = True) -> bytes:
        """The bytes that bring the terminal from the previous frame to ``screen``."""
        table, hidden, blinking = _tables(screen.mono, screen.blink)
        if self.blink_mode == "phase":
            # The glyph blinks by vanishing in the off phase; the SGR flag is not used.
            table = table & ~np.uint16(_BLINK)
            if not blink_on:
                hidden = hidden | blinking
        styles = table[screen.attrs]
        glyphs = _SHOWN[screen.chars]
        glyphs[hidden[screen.attrs]] = 0x20
        cursor = _cursor_look(screen)

        out = bytearray()
        if self._styles is None or self._glyphs is None:
            out += CLEAR
            changed = np.ones((ROWS, COLS), dtype=bool)
        else:
            changed = (styles != self._styles) | (glyphs != self._glyphs)
        if not changed.any() and cursor == self._cursor:
            return b""

        old_cursor = self._cursor
        if changed.any():
            if old_cursor is None or old_cursor.visible:
                out += HIDE_CURSOR  # no cursor dancing over the screen while cells change
            self._emit_cells(out, styles, glyphs, changed)
            out += RESET
        if cursor.visible:
            if old_cursor is None or not old_cursor.visible or cursor.shape != old_cursor.shape:
                out += f"{CSI}{cursor.shape} q".encode()
            out += _goto(cursor.row, cursor.col) + SHOW_CURSOR
        elif old_cursor is None or old_cursor.visible:
            out += HIDE_CURSOR

        self._styles, self._glyphs, self._cursor = styles, glyphs, cursor
        return bytes(out)

    def _emit_cells(self, out: bytearray, styles: np.ndarray, glyphs: np.ndarray,
                    changed: np.ndarray) -> None:
        style: int | None = None
        for row in np.flatnonzero(changed.any(axis=1)):
            for start, stop in _runs(np.flatnonzero(changed[row])):
                out += _goto(int(row), int(start))
                row_styles = styles[row, start:stop].tolist()
                row_glyphs = glyphs[row, start:stop].tolist()
                for cell_style_code, glyph in zip(row_styles, row_glyphs, strict=True):
                    if cell_style_code != style:
                        out += _sgr(style, cell_style_code, self.colors)
                        style = cell_style_code
                    out += _GLYPHS[glyph]


def _runs(cols: np.ndarray) -> list[tuple[int, int]]:
    """Group sorted changed columns into [start, stop) runs, bridging small gaps."""
    runs: list[tuple[int, int]] = []
    for col in cols.tolist():
        if runs and col - runs[-1][1] <= MERGE_GAP:
            runs[-1] = (runs[-1][0], col + 1)
        else:
            runs.append((col, col + 1))
    return runs


def encode_full(screen: Screen, *, colors: str = "24bit") -> bytes:
    """The exact byte stream the terminal front end sends to redraw ``screen`` completely."""
    return AnsiEncoder(colors).frame(screen)


#: What an ``.ans`` file ends with, so ``cat`` leaves the terminal as it found it: default
#: colours, the terminal's own cursor shape, the cursor shown.
FILE_END = f"{CSI}0m{CSI}0 q{CSI}?25h".encode()


def encode_file(screen: Screen, *, colors: str = "24bit") -> bytes:
    """``retro run --ansi``: the full redraw of ``screen``, then ``FILE_END``."""
    return encode_full(screen, colors=colors) + FILE_END
