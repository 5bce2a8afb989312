"""The launcher: a DOS-style menu of the games, shown by plain ``retro``."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from retro.pc.events import Click, Key
from retro.pc.machine import Machine, Program

BACK, FRAME, ITEM, BAR, HINT = 0x17, 0x1F, 0x1F, 0x70, 0x30
TOP = 7


def _draw(m: Machine, items: list[Program], chosen: int) -> None:
    s = m.screen
    s.clear(m.attr(BACK, 0x07))
    s.fill(0, 0, 1, 80, " ", m.attr(BAR, 0x70))
    s.center(0, "retro  -  text-mode games", m.attr(BAR, 0x70))
    width = 46
    left = (80 - width) // 2
    s.box(TOP - 2, left, len(items) + 4, width, m.attr(FRAME, 0x0F), "double", title="Games")
    for n, program in enumerate(items):
        label = f" {program.title:<30}{program.name:>10} "
        attr = m.attr(ITEM, 0x07)
        if n == chosen:
            attr = m.attr(BAR, 0x70)
        s.put(TOP + n, left + 2, label[: width - 4].ljust(width - 4), attr)
    s.fill(24, 0, 1, 80, " ", m.attr(HINT, 0x70))
    s.put(24, 1, "Up/Down choose   Enter play   Esc leave   (or click a game)",
          m.attr(HINT, 0x70))


async def _menu(m: Machine, lineup: Callable[[], Sequence[Program]]) -> None:
    items = list(lineup())
    chosen = 0
    while True:
        _draw(m, items, chosen)
        event = await m.key()
        start = False
        match event:
            case Key("ESC") | Key("q") | Key("Q"):
                return
            case Key("UP"):
                chosen = (chosen - 1) % len(items)
            case Key("DOWN"):
                chosen = (chosen + 1) % len(items)
            case Key("ENTER") | Key(" "):
                start = True
            case Click(row, _, "left") if TOP <= row < TOP + len(items):
                chosen, start = row - TOP, True
        program = items[chosen]
        if start:
            m.screen.reset()
            await program.main(m)
            m.screen.reset()   # the cursor, border and blink of the game stay with the game
            m.ui_state = None  # and so do its hot keys and message line
            m.hush()


def make_menu(lineup: Callable[[], Sequence[Program]]) -> Program:
    """The games menu listing ``lineup()`` (the registry passes its programs in: the menu is
    one of them to find, so it cannot import the registry back)."""

    async def main(m: Machine) -> None:
        await _menu(m, lineup)

    return Program(name="launcher", title="The games menu", main=main)
