"""The launcher: a DOS-style menu of the games, shown by plain ``retro``."""

from __future__ import annotations

from retro.events import Click, Key
from retro.machine import Machine, Program
from retro.programs import all_programs

BACK, FRAME, ITEM, BAR, DIM, HINT = 0x17, 0x1F, 0x1F, 0x70, 0x18, 0x30
TOP = 7


def lineup() -> list[tuple[str, str, Program | None]]:
    """(name, title, program or None if not built yet) for every game, then the built-ins."""
    try:
        from games import LINEUP
    except ImportError:
        LINEUP = ()
    ready = {p.name: p for p in all_programs()}
    items: list[tuple[str, str, Program | None]] = [
        (name, title, ready.get(name)) for name, title in LINEUP
    ]
    items += [(p.name, p.title, p) for p in all_programs() if p.name not in dict(LINEUP)]
    return items


def _draw(m: Machine, items: list[tuple[str, str, Program | None]], chosen: int) -> None:
    s = m.screen
    s.clear(m.attr(BACK, 0x07))
    s.fill(0, 0, 1, 80, " ", m.attr(BAR, 0x70))
    s.center(0, "retro  -  text-mode games", m.attr(BAR, 0x70))
    width = 46
    left = (80 - width) // 2
    s.box(TOP - 2, left, len(items) + 4, width, m.attr(FRAME, 0x0F), "double", title="Games")
    for n, (name, title, program) in enumerate(items):
        label = f" {title:<30}{name:>10} " if program else f" {title:<30}(not built)"
        attr = m.attr(ITEM, 0x07) if program else m.attr(DIM, 0x07)
        if n == chosen:
            attr = m.attr(BAR, 0x70)
        s.put(TOP + n, left + 2, label[: width - 4].ljust(width - 4), attr)
    s.fill(24, 0, 1, 80, " ", m.attr(HINT, 0x70))
    s.put(24, 1, "Up/Down choose   Enter play   Esc leave   (or click a game)",
          m.attr(HINT, 0x70))


async def main(m: Machine) -> None:
    items = lineup()
    chosen = next((n for n, item in enumerate(items) if item[2]), 0)
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
        program = items[chosen][2]
        if start and program is None:
            m.screen.put(22, 18, "That game is not built yet; choose another.".center(44),
                         m.attr(0x1E, 0x0F))
            m.beep(300, 150)
            await m.key()
        elif start and program is not None:
            m.screen.clear(0x07)
            m.screen.border = 0
            await program.main(m)
            m.screen.border = 0
            m.screen.blink = True
            m.hush()


PROGRAM = Program(name="launcher", title="The games menu", main=main)
