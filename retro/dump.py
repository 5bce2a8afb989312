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
"""

from __future__ import annotations

import re
import unicodedata

from retro import cp437
from retro.screen import COLS, ROWS, Cursor, Screen

MAGIC = "retro-screen 1"
_HEADER = re.compile(
    r"^retro-screen 1 mode=(?P<mode>colour|mono) border=(?P<border>\d+) "
    r"blink=(?P<blink>on|off) cursor=(?P<row>\d+),(?P<col>\d+),(?P<vis>shown|hidden),"
    r"(?P<start>\d+)-(?P<end>\d+)$"
)


class DumpError(ValueError):
    """A dump file that cannot be read back; the message says where."""


#: The code a cell holds where the terminal showed a character code page 437 lacks
#: (``retro.ansiread.REPLACEMENT``, the same byte).
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
    return "\n".join([header, *text_rows, *attr_rows]) + "\n"


def from_text(text: str) -> Screen:
    """Parse dump text back into a Screen; raises ``DumpError`` naming the bad line."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) != 1 + 2 * ROWS:
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
        if len(line) != COLS + 2 or line[0] != "|" or line[-1] != "|":
            raise DumpError(f"line {2 + r}: a text row is 80 characters between bars")
        codes = []
        for c, char in enumerate(line[1:-1]):
            if cp437.in_code_page(char):
                codes.append(cp437.encode(char)[0])
            elif unicodedata.category(char) != "Cc":
                codes.append(REPLACEMENT)
                screen.originals[(r, c)] = char
            else:
                raise DumpError(f"line {2 + r}: {char!r} is not a character a screen shows")
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
    return screen


def _settings(screen: Screen) -> dict[str, object]:
    return {"mode": "mono" if screen.mono else "colour", "border": screen.border,
            "blink": screen.blink, "cursor": vars(screen.cursor)}


def diff(expected: Screen, actual: Screen, limit: int | None = None) -> list[str]:
    """Differences as readable lines: settings first, then each changed cell (1-based),
    every one of them unless ``limit`` says how many at most, then the changed rows as text."""
    out: list[str] = []
    want, got = _settings(expected), _settings(actual)
    out += [f"{k}: expected {want[k]}, got {got[k]}" for k in want if want[k] != got[k]]
    changed = (expected.chars != actual.chars) | (expected.attrs != actual.attrs)
    for r, c in set(expected.originals) | set(actual.originals):
        if expected.originals.get((r, c)) != actual.originals.get((r, c)):
            changed[r, c] = True   # two glyphs code page 437 lacks are still two glyphs
    cells = list(zip(*changed.nonzero(), strict=True))
    shown = cells if limit is None else cells[:limit]
    for r, c in shown:
        out.append(
            f"row {r + 1:2} col {c + 1:2}: expected {_cell(expected, r, c)!r} "
            f"{int(expected.attrs[r, c]):02X}, got {_cell(actual, r, c)!r} "
            f"{int(actual.attrs[r, c]):02X}"
        )
    if len(cells) > len(shown):
        out.append(f"... and {len(cells) - len(shown)} more changed cells")
    if cells:
        rows = sorted({int(r) for r, _ in cells})
        for r in rows:
            out.append(f"row {r + 1:2} expected |{expected.read(r)}|")
            out.append(f"row {r + 1:2} got      |{actual.read(r)}|")
    return out
