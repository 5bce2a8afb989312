"""Reading a screen from a file: a ``.bin`` image, a ``.txt`` golden dump, or ``.ans``.

``.ans`` is ANSI art or a terminal capture: text with ANSI.SYS-style escape codes, as
``retro run --ansi`` writes it (UTF-8) or as the BBS era drew it (CP437 bytes, usually with
a SAUCE record at the end).  It is parsed into the 80x25 buffer through pyte, a terminal
emulator: pyte keeps the cells, this module turns each cell's colours and flags back into an
attribute byte the way the PC would have stored it.  A colour screen written by ``retro run
--ansi`` reads back byte for byte (code 0x00, drawn as a blank, comes back as a space); an MDA
screen's file shows grey levels and flags, and reads back as the colours that show them.

    >>> screen = parse_ansi(b"\\x1b[1;33;44mHi\\x1b[0m")
    >>> screen.read(0)[:2], hex(int(screen.attrs[0, 0]))
    ('Hi', '0x1e')
"""

from __future__ import annotations

from dataclasses import dataclass
from os import PathLike
from pathlib import Path

from retro import cp437
from retro.screen import COLS, ROWS, Screen

__all__ = ["Sauce", "ScreenFileError", "parse_ansi", "read_sauce", "read_screen"]

#: What each kind of file is called by its ending.
KINDS = {".bin": "bin", ".txt": "txt", ".ans": "ans", ".asc": "ans", ".nfo": "ans"}

#: pyte's names for the eight ANSI colours (both spellings of a typo in pyte's table).
_NAMES = {"black": 0, "red": 1, "green": 2, "brown": 3, "blue": 4, "magenta": 5, "cyan": 6,
          "white": 7}
#: ANSI colour number (red = 1) -> VGA colour number (blue = 1).
_ANSI_TO_VGA = (0, 4, 2, 6, 1, 5, 3, 7)
#: Control bytes a DOS console acted on; every other one is drawn as its glyph.
_CONTROLS = {0x07, 0x08, 0x09, 0x0A, 0x0D, 0x1B}
SAUCE_SIZE = 128
EOF_MARK = 0x1A


class ScreenFileError(ValueError):
    """A screen file that cannot be read; the message names the file and the problem."""


@dataclass(frozen=True)
class Sauce:
    """The parts of a SAUCE record (the metadata block of ANSI art) that matter here."""

    title: str
    author: str
    group: str
    ice_colours: bool     # ANSiFlags bit 0: bit 7 is a bright background, not blinking


def read_sauce(data: bytes) -> Sauce | None:
    """The SAUCE record at the end of ``data``, if there is one."""
    if len(data) < SAUCE_SIZE or not data[-SAUCE_SIZE:].startswith(b"SAUCE00"):
        return None
    record = data[-SAUCE_SIZE:]

    def text(start: int, size: int) -> str:
        return record[start:start + size].decode("cp437").rstrip(" \x00")

    return Sauce(title=text(7, 35), author=text(42, 20), group=text(62, 20),
                 ice_colours=bool(record[105] & 1))


def _art_text(data: bytes) -> str:
    """The file as text for pyte: UTF-8 when it is valid UTF-8 (``retro run --ansi``),
    otherwise CP437 bytes with the glyphs of the control codes DOS did not act on."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    return "".join(chr(b) if b in _CONTROLS else cp437.char_for(b) for b in data)


def _colour(name: str, *, bright: bool) -> int | None:
    """A pyte colour (a name, or ``rrggbb`` hex) as a VGA colour number; None = default."""
    if name == "default":
        return None
    base = name.removeprefix("bright").replace("bfight", "")
    if base in _NAMES:
        vga = _ANSI_TO_VGA[_NAMES[base]]
        return vga | 8 if bright or name.startswith(("bright", "bfight")) else vga
    try:
        rgb = int(name, 16)
    except ValueError:
        return None
    r, g, b = rgb >> 16, (rgb >> 8) & 0xFF, rgb & 0xFF
    from retro.ansi import VGA_PALETTE

    return min(range(16), key=lambda i: (VGA_PALETTE[i][0] - r) ** 2
               + (VGA_PALETTE[i][1] - g) ** 2 + (VGA_PALETTE[i][2] - b) ** 2)


def parse_ansi(data: bytes) -> Screen:
    """ANSI art or a terminal capture as an 80x25 colour screen (see the module docstring).

    Bold with one of the eight colours is the bright colour (as ANSI.SYS drew it); blink
    sets attribute bit 7; a bright background (SGR 100-107, a bright 24-bit colour, or
    blink under SAUCE's iCE colours) also sets bit 7 and turns the blink-enable bit off.
    """
    import pyte

    sauce = read_sauce(data)
    if sauce is not None:
        data = data[:-SAUCE_SIZE]
    end = data.find(bytes([EOF_MARK]))
    if end >= 0:
        data = data[:end]
    term = pyte.Screen(COLS, ROWS)
    pyte.Stream(term).feed(_art_text(data))
    screen = Screen()
    bright_backgrounds = bool(sauce and sauce.ice_colours)
    for row in range(ROWS):
        line = term.buffer[row]
        for col in range(COLS):
            cell = line[col]
            fg = _colour(cell.fg, bright=cell.bold)
            bg = _colour(cell.bg, bright=False)
            fg = 7 if fg is None else fg
            bg = 0 if bg is None else bg
            if cell.reverse:
                fg, bg = bg, fg
            attr = fg | (bg & 7) << 4
            if bg & 8:
                bright_backgrounds = True
                attr |= 0x80
            if cell.blink:
                attr |= 0x80
            char = cell.data or " "
            try:
                code = cp437.encode(char[0])[0]
            except cp437.NotInCodePage:
                code = ord("?")
            screen.chars[row, col] = code
            screen.attrs[row, col] = attr
    screen.blink = not bright_backgrounds
    screen.move_cursor(min(term.cursor.y, ROWS - 1), min(term.cursor.x, COLS - 1),
                       visible=False)
    return screen


def read_screen(path: str | PathLike[str], *, mono: bool = False) -> Screen:
    """The screen in a ``.bin`` (4000 bytes), ``.txt`` (golden dump) or ``.ans`` file.

    Raises ``ScreenFileError`` with one line naming the file for anything unreadable.
    """
    from retro.dump import DumpError, from_text

    path = Path(path)
    kind = KINDS.get(path.suffix.lower())
    if kind is None:
        raise ScreenFileError(f"{path}: not a screen file (use .bin, .txt or .ans)")
    try:
        data = path.read_bytes()
    except OSError as err:
        raise ScreenFileError(f"{path}: cannot be read ({err.strerror or err})") from None
    if kind == "bin":
        if len(data) != ROWS * COLS * 2:
            raise ScreenFileError(f"{path}: a .bin screen is {ROWS * COLS * 2} bytes, "
                                  f"this one is {len(data)}")
        return Screen.from_bytes(data, mono=mono)
    if kind == "txt":
        try:
            return from_text(data.decode("utf-8"))
        except (UnicodeDecodeError, DumpError) as err:
            raise ScreenFileError(f"{path}: not a screen dump ({err})") from None
    return parse_ansi(data)
