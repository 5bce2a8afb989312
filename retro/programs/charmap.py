"""charmap: the built-in program that shows every glyph and every attribute.

Page 1 is the code page 437 table, page 2 the 256 attributes, page 3 the line and block
characters in use.  Keys: PgDn/PgUp, Left/Right or 1-3 turn pages; B switches attribute
bit 7 between blink and bright background; F10 steps the border colour; Esc or Q quits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from retro.pc.events import Key
from retro.pc.machine import Machine, Program

if TYPE_CHECKING:
    from retro.pc.screen import Screen

TITLE_ATTR, TEXT_ATTR, HINT_ATTR = 0x1F, 0x07, 0x70
PAGES = ("Code page 437", "Attributes", "Lines and blocks")


def _frame(s: Screen, page: int) -> None:
    s.clear(TEXT_ATTR)
    s.fill(0, 0, 1, 80, " ", TITLE_ATTR)
    s.put(0, 1, f"retro charmap  -  page {page + 1} of {len(PAGES)}: {PAGES[page]}", TITLE_ATTR)
    blink = "blink" if s.blink else "bright background"
    s.fill(24, 0, 1, 80, " ", HINT_ATTR)
    s.put(24, 1, f"PgUp/PgDn or 1-3 page   B bit 7: {blink}   F10 border {s.border:X}   "
          "Esc quit", HINT_ATTR)


def draw_codes(s: Screen) -> None:
    """A 16x16 grid: row = high hex digit, column = low hex digit, in two attributes."""
    for half, (left, attr) in enumerate(((2, 0x07), (42, 0x1E))):
        s.put(2, left + 3, " ".join(f"{lo:X}" for lo in range(16)), 0x0B)
        s.fill(3, left + 2, 16, 33, " ", attr)  # one solid block per attribute
        for hi in range(16):
            s.put(3 + hi, left, f"{hi:X}_", 0x0B)
            for lo in range(16):
                s.put(3 + hi, left + 3 + 2 * lo, hi * 16 + lo, attr)
        s.put(20, left, "attr 07" if half == 0 else "attr 1E", 0x08)
    s.put(21, 2, "Row = first hex digit, column = second: the cell at 4_, 1 is code 41h 'A'.",
          TEXT_ATTR)


def draw_attributes(s: Screen) -> None:
    """Every attribute byte: background down (0-F), foreground across (0-F)."""
    for fg in range(16):
        s.put(2, 5 + 4 * fg, f"{fg:X}", 0x0B)
    for bg in range(16):
        s.put(3 + bg, 0, f"{bg:X}_", 0x0B)
        for fg in range(16):
            attr = bg * 16 + fg
            s.put(3 + bg, 4 + 4 * fg, f"\u2588{attr:02X}", attr)
    s.put(20, 0, "Rows 8_-F_ set bit 7: it blinks the text, or brightens the background.",
          TEXT_ATTR)


def draw_lines(s: Screen) -> None:
    """Box styles, shades and blocks as games draw them."""
    # The screen module (numpy) is read when the chart is drawn: the registry loads this
    # module for --help and --list.
    from retro.pc.screen import BOX_STYLES

    for n, style in enumerate(BOX_STYLES):
        s.box(3, 2 + 15 * n, 6, 14, 0x1F if n % 2 else 0x4E, style=style, title=style)
    shades = "░▒▓█▄▌▐▀■"
    s.put(11, 2, "Shades and blocks: " + "  ".join(shades), TEXT_ATTR)
    s.put(12, 2, "On a colour:       " + "  ".join(shades), 0x4E)
    s.put(14, 2, "Cards: ♥ ♦ ♣ ♠   Faces: ☺ ☻   Arrows: ↑ ↓ → ← ▲ ▼ ► ◄   Music: ♪ ♫", 0x70)
    s.put(16, 2, "Underline in mono (attr 01):", TEXT_ATTR)
    s.put(16, 32, "underlined text", 0x01)
    s.put(17, 2, "Intense (0F), reverse (70), blinking (87):", TEXT_ATTR)
    s.put(17, 46, "intense", 0x0F)
    s.put(17, 55, "reverse", 0x70)
    s.put(17, 64, "blinking", 0x87)


DRAW = (draw_codes, draw_attributes, draw_lines)


async def main(m: Machine) -> None:
    s = m.screen
    page = 0
    while True:
        _frame(s, page)
        DRAW[page](s)
        match await m.key():
            case Key("ESC") | Key("q") | Key("Q"):
                return
            case Key("PGDN") | Key("RIGHT") | Key(" ") | Key("DOWN"):
                page = (page + 1) % len(PAGES)
            case Key("PGUP") | Key("LEFT") | Key("UP"):
                page = (page - 1) % len(PAGES)
            case Key(ch) if ch in "123":
                page = int(ch) - 1
            case Key("b") | Key("B"):
                s.blink = not s.blink
            case Key("F10"):
                s.border = (s.border + 1) % 16
            case _:
                m.beep(400, 60)


PROGRAM = Program(name="charmap", title="Character and attribute chart", main=main,
                  aliases=("chars",), order=90)
