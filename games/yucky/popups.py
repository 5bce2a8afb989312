"""The pop-ups of Yucky Lucky You!: the options (F3), the instructions (F5), the show.

Functions of the screen object ``ui`` (a ``ui.YuckyScreen``).  The function keys stay
live inside each of them, as the manual promises ("at any time"): F1, F2, F6, F8, F9 and
F10 do their work; F3 and F5 do not open a second copy of a pop-up already open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from retro.events import Click, Key
from retro.games.yucky.help import PAGES
from retro.games.yucky.layout import (
    A_HELP,
    A_HELP_HEAD,
    A_LABEL,
    A_POPUP,
    A_POPUP_SEL,
    A_PROMPT,
    A_TABLE,
    COLOR_ATTR,
    SHOW_STEP,
    TUNE_SHOW,
)
from retro.games.yucky.rules import COLORS, parse_card

if TYPE_CHECKING:
    from retro.games.yucky.ui import YuckyScreen

#: (setting, the line in the box); every one is a yes/no question.
OPTIONS = (("long_game", "Long game: 52 cards each (from the next deal)"),
           ("open_hands", "Open hands: show the computer's cards"),
           ("multiple_draw", "Multiple draw: draw as often as you like (next deal)"),
           ("replay_ask", "Replay hand: ask to replay the last hand"),
           ("mark_playable", "Marks: point out the cards you may play"))


async def options_menu(ui: YuckyScreen) -> None:
    """F3: each option in turn as a Y/N question."""
    saved_status = (ui.status, ui.status_attr)
    try:
        for index, (attr, _text) in enumerate(OPTIONS):
            current = getattr(ui, attr)
            answer = None
            while answer is None:
                ui.draw()
                draw_options_box(ui, index)
                ui.say_status("Y or right button: yes   N or left button: no   "
                              "Enter keeps   Esc closes", A_PROMPT)
                ui.draw_status()
                ev = await ui.m.key()
                match ev:
                    case Key(ch) if ch.upper() == "Y":
                        answer = True
                    case Key(ch) if ch.upper() == "N":
                        answer = False
                    case Key("ENTER"):
                        answer = current
                    case Key("ESC"):
                        return
                    case Click(_, _, "right"):
                        answer = True
                    case Click(_, _, "left"):
                        answer = False
                    case Key(name) if name not in ("F3", "F5"):
                        await ui.hot_key(name)
            setattr(ui, attr, answer)
    finally:
        ui.status, ui.status_attr = saved_status
        ui.draw()


def draw_options_box(ui: YuckyScreen, current: int) -> None:
    s = ui.s
    top, left, height, width = 6, 1, len(OPTIONS) + 6, 78
    attr = ui.a(A_POPUP)
    s.box(top, left, height, width, attr, style="double", title="Options")
    for i, (name, text) in enumerate(OPTIONS):
        on = getattr(ui, name)
        line = f" {text:<66} {'Yes' if on else 'No ':<3} "
        sel = i == current
        s.put(top + 2 + i, left + 2, line, ui.a(A_POPUP_SEL) if sel else attr)
        if sel:
            s.put(top + 2 + i, left + 2, "\u25ba", ui.a(A_POPUP_SEL))
    s.put(top + height - 3, left + 3, "Open hands and the marks apply at once; the long game",
          attr)
    s.put(top + height - 2, left + 3, "and multiple draw start with the next deal.", attr)


async def help_pages(ui: YuckyScreen) -> None:
    """F5: the instructions, a page at a time."""
    saved = ui.s.save()
    page = 0
    while True:
        draw_help(ui, page)
        ev = await ui.m.key()
        match ev:
            case Key("PGDN") | Key(" ") | Key("DOWN") | Key("RIGHT") | Key("ENTER") \
                    | Click(_, _, "left"):
                if page == len(PAGES) - 1:
                    break
                page += 1
            case Key("PGUP") | Key("UP") | Key("LEFT") | Key("-") | Click(_, _, "right"):
                page = max(0, page - 1)
            case Key("HOME"):
                page = 0
            case Key("END"):
                page = len(PAGES) - 1
            case Key("ESC") | Key("F5"):
                break
            case Key(name) if name.startswith("F") and name != "F3":
                await ui.hot_key(name, redraw=False)
    ui.s.restore(saved)


def draw_help(ui: YuckyScreen, page: int) -> None:
    s = ui.s
    attr = ui.a(A_HELP)
    title, lines = PAGES[page]
    s.clear(attr)
    s.box(0, 0, 25, 80, attr, style="double",
          title=f"How to play Yucky Lucky You! - {page + 1} of {len(PAGES)}")
    s.put(2, 4, title.upper(), ui.a(A_HELP_HEAD))
    for i, line in enumerate(lines):
        s.put(4 + i, 4, line, attr)
    s.put(23, 4, "PgDn/Space: next page   PgUp: back   Esc: back to the game",
          ui.a(A_HELP_HEAD))


async def show(ui: YuckyScreen) -> None:
    """The start-up show: the title, a fan of cards dealt to a tune; any key ends it.

    F5 ends it with the instructions; the other function keys do their work and end it.
    """
    m, s = ui.m, ui.s
    s.clear(ui.a(A_TABLE))
    s.border = 0
    title = "Y U C K Y   L U C K Y   Y O U !"
    col = 40 - len(title) // 2
    for i, ch in enumerate(title):
        s.put(5, col + i, ch, ui.a((COLOR_ATTR[COLORS[i % 4]], 0x0F)))
    s.center(14, "A card game for you and the computer", ui.a(A_LABEL))
    s.center(16, "Match play: the first to win four games", ui.a(A_TABLE))
    s.center(22, "F5 at any time for the instructions", ui.a(A_TABLE))
    end = m.now() + max(m.play(TUNE_SHOW), 3.0)
    fan = ["R7", "GS", "BR", "VD", "WC", "W4", "R0", "G9", "BD", "V5"]
    step = 0
    while m.now() < end:
        if step < len(fan):
            ui.card_box(9, 20 + step * 4, parse_card(fan[step]))
        elif step == len(fan):
            s.center(20, "Press any key to begin", ui.a((0x8F, 0x8F)))
        step += 1
        ev = await m.key(timeout=min(SHOW_STEP, max(end - m.now(), 0.001)))
        if ev is not None:
            m.hush()
            if isinstance(ev, Key) and ev.name in ("F1", "F2", "F5", "F6", "F9", "F10"):
                await ui.hot_key(ev.name, redraw=False)
            return
