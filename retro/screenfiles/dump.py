"""Golden dump files: a lossless, human-readable text form of a screen.

Layout (UTF-8)::

    retro-screen 1 mode=colour border=0 blink=on cursor=24,0,hidden,14-15
    |<80 characters of row 1>|
    ... 25 text rows, each between bars so trailing spaces survive editors ...
    <160 hex digits: the 80 attributes of row 1>
    ... 25 attribute rows ...

Characters are CP437 shown as Unicode (0x00 as ``␀``), so the dump reads like the screen and
parses back to the same 4000 bytes and settings.  A screen read from a terminal may hold
characters code page 437 lacks (``Screen.originals``): the text row shows the original
character there, and parsing gives back the replacement code (``0xFE``) with the original.
No CP437 glyph is such a character, so the two readings never mix and a machine's dump is
unchanged.

A terminal also shows zero-width characters (combining accents, variation selectors, the
zero-width joiner and space, the byte-order mark): each belongs to the cell before it, so a
cell's original may be several characters (``⚠\ufe0f``), and the text row then holds more
than 80 characters; the parser gives every zero-width character (``zero_width``) to the cell
before it.  Such a cell holds the CP437 code of its first character where CP437 has it.

An optional layer follows the attribute rows when a cell has a look the VGA cannot show
(``Screen.styles``: dim, italic, strike-through, concealed, underline in colour mode)::

    styles 1=dim 2=italic 4=strike-through 8=concealed G=underline
    <80 characters for row 1: . for none, else the sum of the looks as a base-32 digit>
    ... 25 rows ...

A dump without it (every machine's) reads as before: no cell has a look.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

import numpy as np

from retro.pc import cp437
from retro.pc.screen import COLS, ROWS, Cursor, Screen

MAGIC = "retro-screen 1"
_HEADER = re.compile(
    r"^retro-screen 1 mode=(?P<mode>colour|mono) border=(?P<border>\d+) "
    r"blink=(?P<blink>on|off) cursor=(?P<row>\d+),(?P<col>\d+),(?P<vis>shown|hidden),"
    r"(?P<start>\d+)-(?P<end>\d+)$"
)


#: The looks of ``Screen.styles``, bit by bit, as a diff names them.
DIM, ITALIC, STRIKE, CONCEALED, UNDERLINE = 1, 2, 4, 8, 16
STYLES = ((DIM, "dim"), (ITALIC, "italic"), (STRIKE, "strike-through"),
          (CONCEALED, "concealed"), (UNDERLINE, "underline"))
STYLE_HEADER = "styles 1=dim 2=italic 4=strike-through 8=concealed G=underline"
_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUV"


def style_words(mask: int) -> str:
    """A cell's looks in words (``dim italic``); ``""`` for none."""
    return " ".join(word for bit, word in STYLES if mask & bit)


def zero_width(char: str) -> bool:
    """Whether a terminal draws ``char`` in no cell of its own but onto the one before:
    combining marks, variation selectors, format characters (zero-width joiner and space,
    the byte-order mark) and the Hangul vowel and final jamo that join a syllable.  The soft
    hyphen, a format character that terminals show, is not."""
    category = unicodedata.category(char)
    return (category in ("Mn", "Me") or (category == "Cf" and char != "\u00ad")
            or "\u1160" <= char <= "\u11ff")


def cells_of(text: str) -> list[str]:
    """A text row split into cells: each character with the zero-width ones after it."""
    cells: list[str] = []
    for char in text:
        if cells and zero_width(char):
            cells[-1] += char
        else:
            cells.append(char)
    return cells


class DumpError(ValueError):
    """A dump file that cannot be read back; the message says where."""


#: The code a cell holds where the terminal showed a character code page 437 lacks
#: (``retro.screenfiles.ansiread.REPLACEMENT``, the same byte).
REPLACEMENT = 0xFE


def _shown(code: int) -> str:
    return cp437.NUL_SHOWN_AS if code == 0 else cp437.TO_UNICODE[code]


def _cell(screen: Screen, row: int, col: int) -> str:
    """A cell as the dump shows it: its original character, else its CP437 glyph."""
    original = screen.originals.get((row, col)) if screen.originals else None
    return original if original is not None else _shown(int(screen.chars[row, col]))


def _text_row(screen: Screen, row: int) -> str:
    text = [_shown(b) for b in screen.chars[row].tolist()]
    for (r, c), char in screen.originals.items():
        if r == row:
            text[c] = char
    return "".join(text)


def to_text(screen: Screen) -> str:
    """The dump text of a screen (ends with a newline)."""
    c = screen.cursor
    header = (
        f"{MAGIC} mode={'mono' if screen.mono else 'colour'} border={screen.border} "
        f"blink={'on' if screen.blink else 'off'} "
        f"cursor={c.row},{c.col},{'shown' if c.visible else 'hidden'},{c.start}-{c.end}"
    )
    text_rows = ["|" + _text_row(screen, r) + "|" for r in range(ROWS)]
    attr_rows = [screen.attrs[r].tobytes().hex().upper() for r in range(ROWS)]
    return "\n".join([header, *text_rows, *attr_rows, *_style_rows(screen)]) + "\n"


def _style_rows(screen: Screen) -> list[str]:
    """The optional layer of looks (see the module docstring); none when no cell has one."""
    styles = {cell: mask for cell, mask in screen.styles.items() if mask}
    if not styles:
        return []
    rows = [["."] * COLS for _ in range(ROWS)]
    for (r, c), mask in styles.items():
        rows[r][c] = _DIGITS[mask & 31]
    return [STYLE_HEADER, *("".join(row) for row in rows)]


def from_text(text: str) -> Screen:
    """Parse dump text back into a Screen; raises ``DumpError`` naming the bad line."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) not in (1 + 2 * ROWS, 2 + 3 * ROWS):
        raise DumpError(f"a dump has {1 + 2 * ROWS} lines, this one {len(lines)}")
    m = _HEADER.match(lines[0])
    if not m:
        raise DumpError(f"line 1 is not a retro-screen header: {lines[0][:60]!r}")
    screen = Screen(mono=m["mode"] == "mono")
    screen.border = int(m["border"])
    screen.blink = m["blink"] == "on"
    screen.cursor = Cursor(int(m["row"]), int(m["col"]), m["vis"] == "shown",
                           int(m["start"]), int(m["end"]))
    for r in range(ROWS):
        line = lines[1 + r]
        cells = cells_of(line[1:-1]) if len(line) >= 2 else []
        if len(cells) != COLS or line[0] != "|" or line[-1] != "|":
            raise DumpError(f"line {2 + r}: a text row is 80 characters between bars")
        codes = []
        for c, cell in enumerate(cells):
            char = cell[0]
            if unicodedata.category(char) == "Cc":
                raise DumpError(f"line {2 + r}: {char!r} is not a character a screen shows")
            if cp437.in_code_page(char):
                codes.append(cp437.encode(char)[0])
                if len(cell) > 1:
                    screen.originals[(r, c)] = cell
            else:
                codes.append(REPLACEMENT)
                screen.originals[(r, c)] = cell
        screen.chars[r] = codes
    for r in range(ROWS):
        line = lines[1 + ROWS + r]
        try:
            row = bytes.fromhex(line)
        except ValueError:
            row = b""
        if len(row) != COLS:
            raise DumpError(f"line {2 + ROWS + r}: an attribute row is 160 hex digits")
        screen.attrs[r] = list(row)
    if len(lines) > 1 + 2 * ROWS:
        screen.styles = _parse_styles(lines[1 + 2 * ROWS:])
    return screen


def _parse_styles(lines: list[str]) -> dict[tuple[int, int], int]:
    first = 2 + 2 * ROWS
    if lines[0] != STYLE_HEADER:
        raise DumpError(f"line {first}: the layer of looks starts {STYLE_HEADER!r}")
    styles: dict[tuple[int, int], int] = {}
    for r, line in enumerate(lines[1:]):
        if len(line) != COLS or any(ch != "." and ch not in _DIGITS[1:] for ch in line):
            raise DumpError(f"line {first + 1 + r}: a row of looks is 80 characters, "
                            f". or 1-9 A-V")
        for c, ch in enumerate(line):
            if ch != ".":
                styles[(r, c)] = _DIGITS.index(ch)
    return styles


def _settings(screen: Screen) -> dict[str, object]:
    """The registers in words; the cursor's row and column count from 1, as in a diff."""
    c = screen.cursor
    cursor = (f"row {c.row + 1} col {c.col + 1} {'shown' if c.visible else 'hidden'} "
              f"(scan lines {c.start}-{c.end})")
    return {"mode": "mono" if screen.mono else "colour", "border": screen.border,
            "blink": "on" if screen.blink else "off", "cursor": cursor}


#: The 16 colours of an attribute nibble, as the VGA shows them.
COLOUR_NAMES = ("black", "blue", "green", "cyan", "red", "magenta", "brown", "grey",
                "dark grey", "bright blue", "bright green", "bright cyan", "bright red",
                "bright magenta", "yellow", "white")


def attr_name(attr: int, *, mono: bool = False, blink: bool = True) -> str:
    """An attribute in words with its byte, as a screen in that mode and blink setting
    shows it: ``yellow on blue (1E)``, ``blinking white on red (CF)``, ``underline (01)``."""
    blinking = bool(attr & 0x80) and blink
    if mono:
        fg, bg = attr & 0x07, (attr >> 4) & 0x07
        if fg == 0 and bg == 0:
            words = "hidden"
        elif fg == 0 and bg == 7:
            words = "reverse"
        else:
            words = ("intense" if attr & 0x08 else "normal") + (" underline" if fg == 1 else "")
    else:
        background = (attr >> 4) & (0x07 if blink else 0x0F)
        words = f"{COLOUR_NAMES[attr & 0x0F]} on {COLOUR_NAMES[background]}"
    return f"{'blinking ' if blinking else ''}{words} ({attr:02X})"


@dataclass(frozen=True)
class CellRun:
    """Neighbouring changed cells of one row whose attributes are the same on each side
    (0-based ``row`` and columns ``first``..``last``, both included)."""

    row: int
    first: int
    last: int
    expected_text: str
    actual_text: str
    expected_attr: int
    actual_attr: int
    expected_style: int = 0
    actual_style: int = 0


def _look(screen: Screen, row: int, col: int) -> tuple[int, int]:
    return int(screen.attrs[row, col]), screen.styles.get((row, col), 0)


def changed_cells(expected: Screen, actual: Screen) -> np.ndarray:
    """A (25, 80) bool array: the cells whose character or attribute differs."""
    changed: np.ndarray = (expected.chars != actual.chars) | (expected.attrs != actual.attrs)
    for r, c in set(expected.originals) | set(actual.originals):
        if expected.originals.get((r, c)) != actual.originals.get((r, c)):
            changed[r, c] = True   # two glyphs code page 437 lacks are still two glyphs
    for r, c in set(expected.styles) | set(actual.styles):
        if expected.styles.get((r, c), 0) != actual.styles.get((r, c), 0):
            changed[r, c] = True   # a look the VGA cannot show still changed
    return changed


def changed_runs(expected: Screen, actual: Screen) -> list[CellRun]:
    """The changed cells as runs, row by row, left to right."""
    changed = changed_cells(expected, actual)
    runs: list[CellRun] = []
    for row in np.flatnonzero(changed.any(axis=1)):
        r = int(row)
        cols = [int(c) for c in np.flatnonzero(changed[r])]
        start = cols[0]
        for i, col in enumerate(cols):
            following = cols[i + 1] if i + 1 < len(cols) else None
            if (following == col + 1
                    and _look(expected, r, following) == _look(expected, r, start)
                    and _look(actual, r, following) == _look(actual, r, start)):
                continue
            runs.append(CellRun(
                r, start, col,
                "".join(_cell(expected, r, c) for c in range(start, col + 1)),
                "".join(_cell(actual, r, c) for c in range(start, col + 1)),
                int(expected.attrs[r, start]), int(actual.attrs[r, start]),
                expected.styles.get((r, start), 0), actual.styles.get((r, start), 0)))
            if following is not None:
                start = following
    return runs


def _quoted(text: str) -> str:
    """Cell text for a diff line; a long run of one character is written once, counted."""
    if len(text) >= 4 and len(set(text)) == 1:
        return f"{len(text)} × {text[0]!r}"
    return repr(text)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def describe_run(run: CellRun, expected: Screen, actual: Screen) -> str:
    """One run as a line (columns 1-based): what was expected and what came."""
    cols = (f"col {run.first + 1}" if run.first == run.last
            else f"cols {run.first + 1}-{run.last + 1}")
    want = _with_style(attr_name(run.expected_attr, mono=expected.mono, blink=expected.blink),
                       run.expected_style)
    got = _with_style(attr_name(run.actual_attr, mono=actual.mono, blink=actual.blink),
                      run.actual_style)
    if want == got:
        return (f"{cols}: expected {_quoted(run.expected_text)}, "
                f"got {_quoted(run.actual_text)}, both {got}")
    if run.expected_text == run.actual_text:
        return f"{cols}: {_quoted(run.actual_text)} expected {want}, got {got}"
    return (f"{cols}: expected {_quoted(run.expected_text)} {want}, "
            f"got {_quoted(run.actual_text)} {got}")


def _with_style(words: str, style: int) -> str:
    """Colours in words, then the looks the VGA cannot show: ``grey on black (07) dim``."""
    return f"{words} {style_words(style)}" if style else words


def settings_changes(expected: Screen, actual: Screen) -> list[str]:
    """The registers that differ (mode, border, blink bit, cursor), one line each."""
    want, got = _settings(expected), _settings(actual)
    return [f"{k}: expected {want[k]}, got {got[k]}" for k in want if want[k] != got[k]]


def diff_summary(expected: Screen, actual: Screen) -> str:
    """The first line of a diff: how many cells changed in how many rows, and whether the
    settings did; ``""`` for equal screens."""
    changed = changed_cells(expected, actual)
    count, rows = int(changed.sum()), int(changed.any(axis=1).sum())
    settings = [line.split(":")[0] for line in settings_changes(expected, actual)]
    if not count:
        return f"the same cells, other settings ({', '.join(settings)})" if settings else ""
    summary = f"{_plural(count, 'changed cell')} in {_plural(rows, 'row')}"
    return summary + (f", and other settings ({', '.join(settings)})" if settings else "")


def diff(expected: Screen, actual: Screen) -> list[str]:
    """Differences as readable lines, ``[]`` for equal screens; rows and columns 1-based.

    The first line is ``diff_summary``; then the settings that differ; then, for each row
    with changes, the row as expected and as it came, carets under the changed cells, and
    each run of changed cells once with its colours named.
    """
    summary = diff_summary(expected, actual)
    if not summary:
        return []
    out = [summary, *settings_changes(expected, actual)]
    changed = changed_cells(expected, actual)
    runs = changed_runs(expected, actual)
    for row in sorted({run.row for run in runs}):
        marks = "".join("^" if flag else " " for flag in changed[row]).rstrip()
        out += [f"row {row + 1}: {_plural(int(changed[row].sum()), 'changed cell')}",
                f"  expected |{expected.read(row)}|",
                f"  got      |{actual.read(row)}|",
                f"            {marks}"]
        out += ["  " + describe_run(run, expected, actual) for run in runs if run.row == row]
    return out
