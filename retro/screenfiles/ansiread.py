"""Reading an ANSI byte stream into the char+attr buffer: ``.ans`` files and terminal captures.

One terminal model serves both: ``TerminalModel``, a pyte screen that never raises on any
byte stream (unknown or malformed sequences, private modes it does not know such as vim's
``ESC[?4m``, are ignored), that answers the queries a program may send (cursor position
report ``ESC[6n``, device status, device attributes) through a ``reply`` hook, and that adds
what ANSI.SYS did and a VT100 did not: ``ESC[s``/``ESC[u`` save and restore the cursor, and,
in the DOS dialect used for files, ``ESC[2J`` also homes the cursor.

``cells_to_screen`` turns the model's cells into the PC's bytes:

- characters: the code page 437 code where CP437 has the character; otherwise
  ``REPLACEMENT`` (0xFE, a small square) with the real character kept in
  ``Screen.originals``, so the ``.txt`` dump shows it and two different glyphs never compare
  equal;
- colours: the 8 and 16 SGR colours are the VGA's; bold with one of the eight normal colours
  is the bright colour, and bold on the default colour is bright white (as ANSI.SYS drew
  them); 256-colour codes 0-15 are the 16 colours, the rest and 24-bit colours the nearest of
  the 16 by the VGA palette;
- flags: reverse swaps the colours, blink sets bit 7; a bright background also sets bit 7
  and turns the blink-enable bit off (as SAUCE's iCE colours do);
- on an MDA screen (``mono=True``) the flags are the MDA's attribute: 07 normal, 0F bold,
  01 underlined, 70 reverse, bit 7 blink.

``read_art`` reads a file: a SAUCE record or the byte pattern decides CP437 over UTF-8, a
file without any CR reads LF as a new line, and art taller than 25 rows keeps every row
(``Art.window(top)`` is the 25 rows the machine shows from ``top``).
"""

from __future__ import annotations

import contextlib
import functools
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np
import pyte
from pyte import charsets, graphics, modes
from wcwidth import wcwidth as _wcwidth

from retro.pc import cp437
from retro.pc.screen import COLS, ROWS, Cursor, Screen
from retro.screenfiles.ansi import VGA_PALETTE
from retro.screenfiles.dump import (
    CONCEALED,
    DIM,
    ITALIC,
    REPLACEMENT,
    STRIKE,
    UNDERLINE,
    zero_width,
)

__all__ = ["REPLACEMENT", "Art", "Look", "TerminalModel", "TerminalStream", "art_text",
           "cell_width", "cells_to_screen", "read_art"]

#: The most rows a file is read into; art longer than that scrolls its top rows away.
MAX_ART_ROWS = 2000

#: pyte's colour names (with pyte's own misspelling of one bright name) -> ANSI number.
_NAMES = {"black": 0, "red": 1, "green": 2, "brown": 3, "blue": 4, "magenta": 5, "cyan": 6,
          "white": 7}
#: ANSI colour number (red = 1) -> VGA colour number (blue = 1).
_ANSI_TO_VGA = (0, 4, 2, 6, 1, 5, 3, 7)
#: Control bytes a DOS console acted on; every other one is drawn as its glyph.
_CONTROLS = {0x07, 0x08, 0x09, 0x0A, 0x0D, 0x1B}
#: xterm's alternate screen modes, and DECCOLM, the 132-column mode it ignores by default.
_ALTERNATE_SCREEN = (47, 1047, 1049)
_COLUMN_MODE = 3
_SAUCE_SIZE = 128
_EOF_MARK = 0x1A



class Look(NamedTuple):
    """A cell as the model keeps it: pyte's ``Char`` and the two looks pyte lacks, dim (SGR 2)
    and concealed (SGR 8), so that a golden sees them change."""

    data: str
    fg: str = "default"
    bg: str = "default"
    bold: bool = False
    italics: bool = False
    underscore: bool = False
    strikethrough: bool = False
    reverse: bool = False
    blink: bool = False
    dim: bool = False
    concealed: bool = False


#: SGR codes that set (True) or clear (False) one look, xterm's reading: 22 ends both bold
#: and dim, 21 is a double underline.
_SGR_LOOKS: dict[int, tuple[tuple[str, bool], ...]] = {
    1: (("bold", True),), 2: (("dim", True),), 3: (("italics", True),),
    4: (("underscore", True),), 21: (("underscore", True),), 5: (("blink", True),),
    6: (("blink", True),), 7: (("reverse", True),), 8: (("concealed", True),),
    9: (("strikethrough", True),), 22: (("bold", False), ("dim", False)),
    23: (("italics", False),), 24: (("underscore", False),), 25: (("blink", False),),
    27: (("reverse", False),), 28: (("concealed", False),), 29: (("strikethrough", False),),
}


@functools.lru_cache(maxsize=4096)
def cell_width(char: str) -> int:
    """The cells a character takes as xterm draws it: 0 for one that joins the cell before
    (``retro.screenfiles.dump.zero_width``), 2 for East Asian wide ones and most emoji, -1
    for one it does not draw (a control code), else 1."""
    if zero_width(char):
        return 0
    width: int = _wcwidth(char)
    return 1 if width == 0 else width


class TerminalModel(pyte.Screen):
    """A pyte screen that takes any byte stream (see the module docstring).

    ``dos``: ANSI.SYS's reading where it differs from a VT100 (``ESC[2J`` homes the cursor).
    ``reply``: called with the bytes a real terminal would send back to the program.
    """

    def __init__(self, columns: int = COLS, lines: int = ROWS, *, dos: bool = False,
                 reply: Callable[[bytes], None] | None = None) -> None:
        super().__init__(columns, lines)
        self.dos = dos
        self._reply = reply
        self._saved_position: tuple[int, int] | None = None
        # Plain text goes straight to ``draw``; every other handler runs inside the parser,
        # whose errors ``TerminalStream`` turns into an ignored sequence.
        self.draw = _tolerant(self._draw)  # type: ignore[method-assign]

    @property
    def default_char(self) -> Any:
        """A blank cell in the default colours (``Look``, so dim and concealed are kept)."""
        return Look(" ", reverse=modes.DECSCNM in self.mode)

    # -- where pyte is not xterm: every workaround of pyte's faults is below --------------

    def _draw(self, data: str) -> None:
        """Text at the cursor, as xterm draws it (pyte's ``draw`` stops at the first
        zero-width character that is not a combining mark and loses the rest: a variation
        selector, a zero-width joiner or space, a byte-order mark; it lets a wide character
        hang off the right edge, attaches a combining mark after a wide character to the
        wide character's empty right half, and leaves half a wide character when the other
        half is drawn over):

        - a zero-width character joins the cell before the cursor (the wide character's
          own cell after a wide character); at the start of a line there is none: dropped;
        - a wide character takes two cells; one that does not fit in the last column goes
          to the next line (with autowrap), as xterm puts it;
        - drawing over half of a wide character blanks the other half;
        - a character xterm does not draw (``cell_width`` -1) is skipped, never the rest."""
        data = data.translate(self.g1_charset if self.charset else self.g0_charset)
        columns = self.columns
        cursor = self.cursor
        wrap = modes.DECAWM in self.mode
        insert = modes.IRM in self.mode
        for char in data:
            width = cell_width(char)
            if width < 0:
                continue
            line = self.buffer[cursor.y]
            if width == 0:
                x = min(cursor.x, columns) - 1
                if x > 0 and line[x].data == "":
                    x -= 1   # the right half of a wide character: join its left half
                if x >= 0:
                    last = line[x]
                    line[x] = last._replace(
                        data=unicodedata.normalize("NFC", (last.data or " ") + char))
                continue
            if cursor.x + width > columns:
                if wrap:
                    self.dirty.add(cursor.y)
                    self.carriage_return()
                    self.linefeed()
                    line = self.buffer[cursor.y]
                else:
                    cursor.x = columns - width
            if insert:
                self.insert_characters(width)
            x = cursor.x
            if line[x].data == "" and x > 0:      # the right half of a wide character
                line[x - 1] = line[x - 1]._replace(data=" ")
            if x + width < columns and line[x + width].data == "":   # a left half's
                line[x + width] = line[x + width]._replace(data=" ")
            line[x] = cursor.attrs._replace(data=char)
            if width == 2:
                line[x + 1] = cursor.attrs._replace(data="")
            cursor.x = x + width
        self.dirty.add(cursor.y)

    def next_line(self) -> None:
        """NEL (``ESC E``): to the first column of the next line, scrolling at the bottom
        margin (pyte only moves down, keeping the column)."""
        self.index()
        self.carriage_return()

    def scroll_up(self, count: int = 1, *args: int) -> None:
        """SU (``ESC[nS``, terminfo's indn, which ncurses scrolls a region with): the lines
        within the margins move up ``count``, blank lines come in at the bottom."""
        self._scroll(count, args, up=True)

    def scroll_down(self, count: int = 1, *args: int) -> None:
        """SD (``ESC[nT``, terminfo's rin): the lines within the margins move down.  (With
        more parameters it is xterm's highlight-mouse tracking: ignored.)"""
        self._scroll(count, args, up=False)

    def _scroll(self, count: int, args: tuple[int, ...], *, up: bool) -> None:
        if args:
            return
        top, bottom = self.margins or pyte.screens.Margins(0, self.lines - 1)
        y, x = self.cursor.y, self.cursor.x
        self.cursor.y = bottom if up else top
        step = self.index if up else self.reverse_index
        for _ in range(min(max(count, 1), bottom - top + 1)):
            step()
        self.cursor.y, self.cursor.x = y, x

    def repeat_character(self, count: int = 1, *args: int) -> None:
        """REP (``ESC[nb``, terminfo's rep): the character just drawn (the one left of the
        cursor: no bookkeeping on every draw), ``count`` times more."""
        x = min(self.cursor.x, self.columns) - 1
        last = self.buffer[self.cursor.y][x].data if x >= 0 else ""
        if last:
            self.draw(last * min(max(count, 1), self.columns * self.lines))

    def reset(self) -> None:
        self._primary: dict[int, dict[int, Any]] | None = None   # while the alternate shows
        super().reset()
        self.cursor.attrs = self.default_char
        self.g1_charset = charsets.LAT1_MAP   # xterm's G1 is ASCII until ESC ) 0 says not

    def set_mode(self, *modes: int, **kwargs: Any) -> None:
        """As pyte, plus xterm's alternate screen (DEC private modes 47, 1047 and 1049, the
        last saving the cursor too), which full-screen programs enter at start (vim, less,
        every curses program) and leave at the end, giving back the screen they found;
        DECCOLM (132 columns) is ignored, as xterm ignores it unless told otherwise."""
        super().set_mode(*self._screen_modes(modes, kwargs, on=True), **kwargs)

    def reset_mode(self, *modes: int, **kwargs: Any) -> None:
        super().reset_mode(*self._screen_modes(modes, kwargs, on=False), **kwargs)

    def _screen_modes(self, modes: tuple[int, ...], kwargs: dict[str, Any], *, on: bool
                      ) -> tuple[int, ...]:
        """The modes left for pyte once the alternate screen is switched and DECCOLM
        dropped (both private modes)."""
        if not kwargs.get("private"):
            return modes
        kept = tuple(m for m in modes if m != _COLUMN_MODE)
        for m in kept:
            if m in _ALTERNATE_SCREEN:
                self._alternate(on, cursor=m == 1049)
        return kept

    def _alternate(self, on: bool, *, cursor: bool) -> None:
        if on == (self._primary is not None):
            return
        if on:
            if cursor:
                self.save_cursor()
            self._primary = {y: dict(line) for y, line in self.buffer.items()}
            self.buffer.clear()
        else:
            assert self._primary is not None
            self.buffer.clear()
            for y, line in self._primary.items():
                self.buffer[y].update(line)
            self._primary = None
            if cursor:
                self.restore_cursor()
        self.dirty.update(range(self.lines))

    def write_process_input(self, data: str) -> None:
        if self._reply is not None:
            self._reply(data.encode())

    def save_cursor_position(self, *args: int) -> None:
        """``ESC[s`` (ANSI.SYS, xterm's SCOSC): the position only, not the colours."""
        self._saved_position = (self.cursor.y, self.cursor.x)

    def restore_cursor_position(self, *args: int) -> None:
        if self._saved_position is not None:
            y, x = self._saved_position
            self.cursor.y, self.cursor.x = min(y, self.lines - 1), min(x, self.columns - 1)

    def erase_in_display(self, how: int = 0, *args: Any, **kwargs: Any) -> None:
        """ED, painting every erased cell in the current colours, as a terminal with
        back-colour erase (xterm; ``bce`` in its terminfo) and ANSI.SYS do (pyte repaints only
        cells written before).  In a tall file canvas ``ESC[2J`` clears the 25 rows the
        screen had and forgets the rest; in the DOS dialect it also homes the cursor."""
        super().erase_in_display(how, *args, **kwargs)
        if kwargs.get("private"):
            return
        rows = {0: range(self.cursor.y + 1, self.lines), 1: range(self.cursor.y)}.get(
            how, range(self.lines))
        if how in (2, 3) and self.lines > ROWS:
            for y in [y for y in self.buffer if y >= ROWS]:
                del self.buffer[y]
            rows = range(ROWS)
        blank = self.cursor.attrs
        if blank != self.default_char:
            for y in rows:
                line = self.buffer[y]
                for x in range(self.columns):
                    line[x] = blank
        if self.dos and how == 2:
            self.cursor_position()

    def select_graphic_rendition(self, *attrs: int, **kwargs: Any) -> None:
        """SGR as xterm reads it: pyte's, plus dim (2, ended by 22 with bold) and concealed
        (8, 28), which pyte drops; 256-colour codes 0-15 are the 16 colours they name and
        24-bit components are clamped to bytes (pyte would make them hex of any length);
        the underline's colour (58) is read past."""
        if not attrs:
            attrs = (0,)
        replace: dict[str, Any] = {}
        rest = list(attrs)
        while rest:
            code = rest.pop(0)
            if code == 0:
                replace = self.default_char._asdict()
                del replace["data"]
            elif code in _SGR_LOOKS:
                replace.update(_SGR_LOOKS[code])
            elif 30 <= code <= 37 or 90 <= code <= 97 or code == 39:
                replace["fg"] = graphics.FG[code] if code < 90 else graphics.FG_AIXTERM[code]
            elif 40 <= code <= 47 or 100 <= code <= 107 or code == 49:
                replace["bg"] = graphics.BG[code] if code < 100 else graphics.BG_AIXTERM[code]
            elif code in (38, 48, 58) and rest:
                kind = rest.pop(0)
                key = "fg" if code == 38 else "bg"
                if kind == 5 and rest:
                    n = rest.pop(0)
                    if code == 58 or not 0 <= n < 256:
                        continue
                    replace[key] = graphics.FG_BG_256[n] if n >= 16 else _sixteen(key, n)
                elif kind == 2 and len(rest) >= 3:
                    r, g, b = (min(255, max(0, rest.pop(0))) for _ in range(3))
                    if code != 58:
                        replace[key] = f"{r:02x}{g:02x}{b:02x}"
        self.cursor.attrs = self.cursor.attrs._replace(**replace)


def _sixteen(key: str, n: int) -> str:
    """Colour ``n`` (0-15) of the 16 by pyte's name for it."""
    if n < 8:
        return (graphics.FG if key == "fg" else graphics.BG)[(30 if key == "fg" else 40) + n]
    return (graphics.FG_AIXTERM if key == "fg" else graphics.BG_AIXTERM)[
        (90 if key == "fg" else 100) + n - 8]


def _tolerant(method: Callable[..., Any]) -> Callable[..., None]:
    def call(*args: Any) -> None:
        with contextlib.suppress(Exception):   # text it cannot draw is dropped
            method(*args)
    return call


#: A control sequence as ECMA-48 shapes it: parameter bytes, intermediate bytes, final byte.
_CONTROL_SEQUENCE = re.compile(r"\x1b\[([\x30-\x3f]*)([\x20-\x2f]*)([\x40-\x7e])")
#: A control string (DCS ``ESC P``, SOS ``ESC X``, PM ``ESC ^``, APC ``ESC _``): its start,
#: and the first of its ends (ST, or BEL as xterm also takes).
_STRING_START = re.compile(r"\x1b[PX^_]")
_STRING_END = re.compile(r"\x1b\\|[\x07\x9c]")
#: A control sequence (or a lone ESC) cut off by the end of a read: held until the next one.
_UNFINISHED = re.compile(r"\x1b(?:\[[\x30-\x3f]*[\x20-\x2f]*)?\Z")
#: What a sequence ``_readable`` changes must have: a private marker, a sub-parameter
#: colon or an intermediate byte.
_UNUSUAL = re.compile(r"\x1b\[[0-9;]*[:<=>?\x20-\x2f]")
#: The longest unfinished control string kept whole; past it only its start is held, so a
#: string that never ends swallows what follows without growing a buffer.
_MAX_HELD = 4096
#: Parameters pyte reads as they are meant: plain numbers, or ``?`` and numbers for the DEC
#: private modes and selective erase.
_PLAIN_PARAMETERS = re.compile(r"[0-9;]*")
_PRIVATE_FINALS = "hlJK"


def _readable(match: re.Match[str]) -> str:
    """A control sequence as pyte should see it, or nothing where pyte would misread it:
    pyte knows only ``?`` as a private marker and no intermediate bytes, so ``ESC[>4;2m``
    (vim's modifyOtherKeys) would underline, ``ESC[=7h`` print ``7h`` and ``ESC[0%m``
    print ``m``.  A terminal ignores a sequence it does not know; so does this one.
    ``ESC[>c`` (secondary device attributes) is kept: the model answers it."""
    params, intermediates, final = match.groups()
    if intermediates:
        return ""
    if _PLAIN_PARAMETERS.fullmatch(params):
        return match.group(0)
    if params.startswith("?") and _PLAIN_PARAMETERS.fullmatch(params[1:]):
        return match.group(0) if final in _PRIVATE_FINALS else ""
    if params in (">", ">0") and final == "c":
        return match.group(0)
    if final == "m" and _PLAIN_PARAMETERS.fullmatch(params.replace(":", "")):
        plain = _colon_sgr(params)
        return f"\x1b[{plain}m" if plain else ""   # only an underline colour: no change
    return ""


def _colon_sgr(params: str) -> str:
    """SGR with ISO 8613-6 sub-parameters (``38:2::R:G:B``, ``38:5:N``, ``4:3``) in the
    semicolon form pyte reads; an underline style is underline, an underline colour none."""
    out: list[str] = []
    for group in params.split(";"):
        parts = group.split(":")
        head = parts[0]
        if len(parts) == 1:
            out.append(head)
        elif head in ("38", "48") and parts[1] == "5" and len(parts) >= 3:
            out += [head, "5", parts[2] or "0"]
        elif head in ("38", "48") and parts[1] == "2" and len(parts) >= 5:
            out += [head, "2", *(p or "0" for p in parts[-3:])]
        elif head == "4":
            out.append("24" if parts[1] in ("", "0") else "4")
        elif head not in ("38", "48", "58"):
            out.append(head)
    return ";".join(out)


class TerminalStream(pyte.Stream):
    """pyte's parser, plus ``ESC[s``/``ESC[u``, never raising on malformed input, and
    ignoring the control sequences and strings pyte cannot read (``_readable``)."""

    csi = {**pyte.Stream.csi, "s": "save_cursor_position",  # noqa: RUF012
           "u": "restore_cursor_position", "S": "scroll_up", "T": "scroll_down",
           "b": "repeat_character", "`": "cursor_to_column"}   # HPA (pyte has it as ')
    events = frozenset(pyte.Stream.events | {"save_cursor_position", "restore_cursor_position",
                                             "scroll_up", "scroll_down", "repeat_character",
                                             "next_line"})
    escape = {**pyte.Stream.escape, "E": "next_line"}  # noqa: RUF012  (pyte: a line feed)

    _held = ""

    def __init__(self, screen: pyte.Screen | None = None) -> None:
        super().__init__(screen)
        # The bytes are decoded before the parser (as UTF-8, always): what pyte calls UTF-8
        # mode would only make it ignore ESC ( 0, the DEC line-drawing set that ncurses
        # draws boxes with on an xterm (its smacs), and SI/SO; xterm honours both.
        self.use_utf8 = False

    def select_other_charset(self, code: str) -> None:
        """``ESC % G`` / ``ESC % @``: the decoding stays as it is (see ``__init__``)."""

    def feed(self, data: str) -> None:
        data = self._held + data
        self._held = ""
        if "\x1b" in data:
            data = self._without_strings(data)
            if not self._held:
                last = data.rfind("\x1b")
                if last >= 0 and _UNFINISHED.match(data, last):
                    data, self._held = data[:last], data[last:]
            if _UNUSUAL.search(data):   # (most output has none: no call per sequence)
                data = _CONTROL_SEQUENCE.sub(_readable, data)
        super().feed(data)

    def _without_strings(self, data: str) -> str:
        """``data`` without its control strings; one cut off by the end is held (its start
        only, past ``_MAX_HELD``).  One pass: every search goes on from the last."""
        kept: list[str] = []
        at = 0
        while (start := _STRING_START.search(data, at)) is not None:
            kept.append(data[at:start.start()])
            end = _STRING_END.search(data, start.end())
            if end is None:
                held = data[start.start():]
                if len(held) > _MAX_HELD:
                    held = held[:2] + ("\x1b" if held.endswith("\x1b") else "")
                self._held = held
                return "".join(kept)
            at = end.end()
        kept.append(data[at:])
        return "".join(kept)

    def _send_to_parser(self, data: str) -> bool | None:
        try:
            return super()._send_to_parser(data)
        except Exception:
            return True


class ByteTerminalStream(TerminalStream):
    """``TerminalStream`` fed bytes: UTF-8, decoded across reads, bad bytes replaced."""

    def __init__(self, screen: pyte.Screen) -> None:
        super().__init__(screen)
        import codecs

        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def feed_bytes(self, data: bytes) -> None:
        self.feed(self._decoder.decode(data))


# -- pyte cells to the PC's bytes --------------------------------------------------------

def _colour(name: str) -> int | None:
    """A pyte colour (a name or ``rrggbb``) as a VGA colour number; None = the default."""
    if name == "default":
        return None
    bright = name.startswith(("bright", "bfight"))
    base = name.removeprefix("bright").removeprefix("bfight")
    if base in _NAMES:
        vga = _ANSI_TO_VGA[_NAMES[base]]
        return vga | 8 if bright else vga
    return _nearest(name)


_NEAREST: dict[str, int] = {}


def _nearest(hex_rgb: str) -> int | None:
    """The VGA colour nearest to ``rrggbb`` (squared distance in RGB)."""
    found = _NEAREST.get(hex_rgb)
    if found is None:
        try:
            rgb = int(hex_rgb, 16)
        except ValueError:
            return None
        r, g, b = (rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF
        found = min(range(16), key=lambda i: (VGA_PALETTE[i][0] - r) ** 2
                    + (VGA_PALETTE[i][1] - g) ** 2 + (VGA_PALETTE[i][2] - b) ** 2)
        _NEAREST[hex_rgb] = found
    return found


def _colour_attr(cell: Any) -> int:
    fg, bg = _colour(cell.fg), _colour(cell.bg)
    if cell.bold:
        fg = 15 if fg is None else fg | 8 if fg < 8 else fg
    fg = 7 if fg is None else fg
    bg = 0 if bg is None else bg
    if cell.reverse:
        fg, bg = bg, fg
    attr = fg | (bg & 7) << 4
    if bg & 8 or cell.blink:
        attr |= 0x80
    return attr


def _mono_attr(cell: Any) -> int:
    if cell.reverse:
        attr = 0x70
    else:
        attr = 0x01 if cell.underscore else 0x07
        if cell.bold:
            attr |= 0x08
    return attr | (0x80 if cell.blink else 0)


def _code(char: str) -> tuple[int, str | None]:
    """A cell's character as (CP437 code, the original where CP437 lacks it)."""
    if not char or char == " ":
        return 0x20, None
    if len(char) > 1:
        char = unicodedata.normalize("NFC", char)
    first = char[0]
    if unicodedata.category(first) == "Cc":   # a control code a dump could not hold
        return REPLACEMENT, "\ufffd"
    if cp437.in_code_page(first):   # with zero-width characters after it: kept too
        return cp437.encode(first)[0], char if len(char) > 1 else None
    return REPLACEMENT, char


def _style(cell: Any, mono: bool) -> int:
    """The looks of a cell the attribute byte cannot hold (``Screen.styles``)."""
    return ((DIM if getattr(cell, "dim", False) else 0) | (ITALIC if cell.italics else 0)
            | (STRIKE if cell.strikethrough else 0)
            | (CONCEALED if getattr(cell, "concealed", False) else 0)
            | (UNDERLINE if cell.underscore and not mono else 0))


@dataclass
class Cells:
    """Rows of cells read from a terminal model (any number of rows, 80 wide)."""

    chars: np.ndarray
    attrs: np.ndarray
    originals: dict[tuple[int, int], str] = field(default_factory=dict)
    bright_backgrounds: bool = False
    styles: dict[tuple[int, int], int] = field(default_factory=dict)


def read_cells(term: pyte.Screen, rows: range, *, mono: bool = False) -> Cells:
    """The cells of ``rows`` of ``term`` as code page 437 codes and attribute bytes."""
    chars = np.full((len(rows), COLS), 0x20, dtype=np.uint8)
    attrs = np.full((len(rows), COLS), 0x07, dtype=np.uint8)
    cells = Cells(chars, attrs)
    to_attr = _mono_attr if mono else _colour_attr
    default = term.default_char
    for out_row, row in enumerate(rows):
        if row not in term.buffer:   # pyte keeps rows nobody wrote to as nothing
            continue
        for col, cell in term.buffer[row].items():   # only the cells pyte has kept
            if col >= COLS or cell == default:
                continue
            code, original = _code(cell.data)
            chars[out_row, col] = code
            if original is not None:
                cells.originals[(out_row, col)] = original
            attr = to_attr(cell)
            attrs[out_row, col] = attr
            style = _style(cell, mono)
            if style:
                cells.styles[(out_row, col)] = style
            if not mono and not cell.blink and attr & 0x80:
                cells.bright_backgrounds = True
    return cells


def cells_to_screen(term: pyte.Screen, *, top: int = 0, mono: bool = False,
                    ice_colours: bool = False) -> Screen:
    """The 25 rows of ``term`` from ``top`` as a Screen (see the module docstring)."""
    cells = read_cells(term, range(top, top + ROWS), mono=mono)
    screen = Screen(mono=mono)
    screen.chars[:] = cells.chars
    screen.attrs[:] = cells.attrs
    screen.originals = cells.originals
    screen.styles = cells.styles
    screen.blink = mono or not (cells.bright_backgrounds or ice_colours)
    row = min(max(term.cursor.y - top, 0), ROWS - 1)
    screen.cursor = Cursor(row, min(term.cursor.x, COLS - 1), visible=not term.cursor.hidden)
    return screen


# -- files --------------------------------------------------------------------------------

@dataclass
class Art:
    """An ANSI file read whole: every row it drew (at least 25), 80 columns."""

    cells: Cells
    blink: bool
    cursor: tuple[int, int]

    @property
    def rows(self) -> int:
        return len(self.cells.chars)

    def window(self, top: int = 0) -> Screen:
        """The 25 rows from ``top`` (0-based) as the machine shows them."""
        if not 0 <= top <= self.rows - ROWS:
            raise ValueError(f"the art has {self.rows} rows: the top row of a 25-row "
                             f"window is 1 to {self.rows - ROWS + 1}, not {top + 1}")
        screen = Screen()
        screen.chars[:] = self.cells.chars[top:top + ROWS]
        screen.attrs[:] = self.cells.attrs[top:top + ROWS]
        screen.originals = {(r - top, c): ch for (r, c), ch in self.cells.originals.items()
                            if top <= r < top + ROWS}
        screen.styles = {(r - top, c): look for (r, c), look in self.cells.styles.items()
                         if top <= r < top + ROWS}
        screen.blink = self.blink
        row, col = self.cursor
        screen.cursor = Cursor(min(max(row - top, 0), ROWS - 1), col, visible=False)
        return screen


def _sauce_present(data: bytes) -> bool:
    return len(data) >= _SAUCE_SIZE and data[-_SAUCE_SIZE:].startswith(b"SAUCE00")


def art_text(data: bytes, *, sauce: bool = False) -> str:
    """The file as text.  A SAUCE record means CP437 (BBS-era art).  Otherwise UTF-8 when
    the bytes are UTF-8 and no two-byte character in them is one code page 437 lacks: CP437
    art that happens to be valid UTF-8 is made of box and block bytes (C0-DF) followed by
    other high bytes, which read as two-byte characters of Latin Extended, Greek, Cyrillic
    (``\xc4\xb3``, "─│", would be "ĳ").  So ``retro run --ansi`` files (CP437 glyphs as
    UTF-8) and terminal captures (€, CJK, the U+2500 box lines: three bytes and more) read as
    UTF-8.  CP437 bytes are taken as the glyphs, the control codes DOS did not act on too."""
    if not sauce:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            pass
        else:
            if all(not "\x80" <= ch < "\u0800" or cp437.in_code_page(ch) for ch in text):
                return text
    return "".join(chr(b) if b in _CONTROLS else cp437.char_for(b) for b in data)


def read_art(data: bytes, *, ice_colours: bool = False) -> Art:
    """Read an ANSI file (the SAUCE record, if any, already told ``ice_colours``)."""
    sauce = _sauce_present(data)
    if sauce:
        data = data[:-_SAUCE_SIZE]
    end = data.find(bytes([_EOF_MARK]))
    if end >= 0:
        data = data[:end]
    text = art_text(data, sauce=sauce)
    # Room for every row the text could reach: each line feed and each wrap at column 80.
    lines = min(MAX_ART_ROWS, max(ROWS, text.count("\n") + len(text) // COLS + 2))
    term = TerminalModel(COLS, lines, dos=True)
    if "\r" not in text:
        term.set_mode(modes.LNM)   # a file with no CR at all: LF starts a new line
    TerminalStream(term).feed(text)
    cells = read_cells(term, range(lines))
    used = np.flatnonzero((cells.chars != 0x20) | (cells.attrs != 0x07))
    height = max(ROWS, int(used[-1]) // COLS + 1 if used.size else 0,
                 max((r + 1 for r, _ in cells.originals), default=0))
    cells = Cells(cells.chars[:height], cells.attrs[:height], cells.originals,
                  cells.bright_backgrounds, cells.styles)
    blink = not (cells.bright_backgrounds or ice_colours)
    return Art(cells, blink, (term.cursor.y, min(term.cursor.x, COLS - 1)))


#: pyte's table of 256-colour values, re-exported for tests of the nearest-colour rule.
XTERM_256 = graphics.FG_BG_256
