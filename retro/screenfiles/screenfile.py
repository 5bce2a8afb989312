"""Reading a screen from a file: a ``.bin`` image, a ``.txt`` golden dump, or ``.ans``.

``.ans`` is ANSI art or a terminal capture: text with ANSI.SYS-style escape codes, as
``retro run --ansi`` writes it (UTF-8) or as the BBS era drew it (CP437 bytes, usually with
a SAUCE record at the end).  It is read through ``retro.screenfiles.ansiread``, the terminal model
that captures use too, which turns each cell's colours and flags back into an attribute byte the
way the PC would have stored it; art taller than 25 rows keeps every row.  A colour screen
written by ``retro run --ansi`` reads back byte for byte (code 0x00, drawn as a blank, comes
back as a space); an MDA screen's file shows grey levels and flags, and reads back as the
colours that show them.

    >>> screen = parse_ansi(b"\\x1b[1;33;44mHi\\x1b[0m")
    >>> screen.read(0)[:2], hex(int(screen.attrs[0, 0]))
    ('Hi', '0x1e')
"""

from __future__ import annotations

from dataclasses import dataclass
from os import PathLike
from pathlib import Path

import numpy as np

from retro.pc.font import CELL_WIDTH
from retro.pc.screen import COLS, ROWS, Screen
from retro.pictures.png import write_png
from retro.pictures.raster import BAND_LEFT, BAND_TOP, render_rgb
from retro.screenfiles.ansiread import Art, read_art
from retro.screenfiles.dump import DumpError, from_text

__all__ = ["Sauce", "ScreenFileError", "parse_ansi", "read_ansi", "read_sauce",
           "read_screen", "render_file"]

#: What each kind of file is called by its ending.
KINDS = {".bin": "bin", ".txt": "txt", ".ans": "ans", ".asc": "ans", ".nfo": "ans"}
SAUCE_SIZE = 128


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


def read_ansi(data: bytes) -> Art:
    """An ANSI file read whole, every row of it (``retro.screenfiles.ansiread``; SAUCE honoured)."""
    sauce = read_sauce(data)
    return read_art(data, ice_colours=bool(sauce and sauce.ice_colours))


def parse_ansi(data: bytes, *, top: int = 0) -> Screen:
    """ANSI art or a terminal capture as an 80x25 colour screen: the 25 rows from ``top``.

    Bold with one of the eight colours is the bright colour (as ANSI.SYS drew it); blink
    sets attribute bit 7; a bright background (SGR 100-107, a bright 24-bit colour, or
    blink under SAUCE's iCE colours) also sets bit 7 and turns the blink-enable bit off.
    """
    return read_ansi(data).window(top)


def read_screen(path: str | PathLike[str], *, mono: bool = False, top: int = 0) -> Screen:
    """The screen in a ``.bin`` (4000 bytes), ``.txt`` (golden dump) or ``.ans`` file.

    ``top`` (0-based) picks the 25-row window of an ``.ans`` file taller than the screen.
    Raises ``ScreenFileError`` with one line naming the file for anything unreadable.
    """
    path = Path(path)
    found = _read(path, mono)
    if isinstance(found, Art):
        try:
            return found.window(top)
        except ValueError as err:
            raise ScreenFileError(f"{path}: {err}") from None
    if top:
        raise ScreenFileError(f"{path}: only an .ans file can be taller than 25 rows")
    return found


def rows_in(path: str | PathLike[str]) -> int:
    """How many text rows a screen file holds: 25, or more for tall ANSI art."""
    found = _read(Path(path), mono=False)
    return found.rows if isinstance(found, Art) else ROWS


def _read(path: Path, mono: bool) -> Screen | Art:
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
    return read_ansi(data)


def render_file(in_path: str | PathLike[str], out_path: str | PathLike[str], *,
                mono: bool | None = None, border: int | None = None, blink: bool | None = None,
                blink_phase_on: bool = True, border_band: bool = True,
                phosphor: str = "green", top: int | None = None) -> np.ndarray:
    """``retro render``: a screen file to a native-resolution PNG; returns the RGB.

    The file is a 4000-byte B800 image, a ``.txt`` dump or an ``.ans`` file.  ``mono``,
    ``border`` and ``blink`` (the blink-enable bit; False: bit 7 means bright background)
    override what the file says; a ``.bin`` says nothing, so it is colour, border 0, blink on
    unless told.  ``blink_phase_on`` picks the phase in which blinking characters are shown.
    The cursor is not drawn.  Mono frames never have a border band.  ANSI art taller than 25
    rows is drawn whole, a taller picture (as ansilove draws it), unless ``top`` (0-based)
    picks the 25-row window the machine shows.
    """
    path = Path(in_path)
    found = _read(path, bool(mono))
    if isinstance(found, Art) and (top is not None or found.rows == ROWS):
        try:
            found = found.window(top or 0)
        except ValueError as err:
            raise ScreenFileError(f"{path}: {err}") from None
    elif top:
        raise ScreenFileError(f"{path}: only an .ans file can be taller than 25 rows")
    screens = _windows(found) if isinstance(found, Art) else [found]
    for screen in screens:
        if mono is not None:
            screen.mono = mono
        if border is not None:
            screen.border = border
        if blink is not None:
            screen.blink = blink
    frames = [render_rgb(screen, blink_on=blink_phase_on, cursor_on=False,
                         border_band=border_band, phosphor=phosphor) for screen in screens]
    rgb = frames[0] if len(frames) == 1 else _stack(frames, found.rows, screens[0])
    write_png(out_path, rgb)
    return rgb


def _windows(art: Art) -> list[Screen]:
    """25-row windows that together cover every row (the last one ends at the last row)."""
    return [art.window(min(top, art.rows - ROWS)) for top in range(0, art.rows, ROWS)]


def _stack(frames: list[np.ndarray], rows: int, first: Screen) -> np.ndarray:
    """One tall picture from the frames of ``_windows``: each text row once, in order."""
    height, width = frames[0].shape[:2]
    cell = 14 if first.mono else 16
    band_top = band_left = 0
    if (height, width) != (ROWS * cell, COLS * CELL_WIDTH):
        band_top, band_left = BAND_TOP, BAND_LEFT
    text_rows = []
    for n, frame in enumerate(frames):
        top = min(n * ROWS, rows - ROWS)
        skip = n * ROWS - top                  # rows the previous window already drew
        body = frame[band_top:band_top + ROWS * cell, band_left:band_left + COLS * CELL_WIDTH]
        text_rows.append(body[skip * cell:])
    text = np.concatenate(text_rows)
    if not band_top:
        return text
    out = np.empty((text.shape[0] + height - ROWS * cell, width, 3), dtype=np.uint8)
    out[:] = frames[0][0, 0]                   # the border colour, as the band draws it
    out[band_top:band_top + text.shape[0], band_left:band_left + COLS * CELL_WIDTH] = text
    return out
