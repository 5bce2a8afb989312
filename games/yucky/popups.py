"""The pop-ups of Yucky Lucky You!: the options (F3), the instructions (F5), the show.

Functions of the screen object (a ``ui.YuckyScreen``), built on ``retro.ui``: the
function keys stay live inside each of them, as the manual promises ("at any time"); a
key whose pop-up is open already does not open a second copy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from retro import ui
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
from retro.pc.events import Click, Key

if TYPE_CHECKING:
    from retro.games.yucky.ui import YuckyScreen

#: (setting, the line in the box); every one is a yes/no question.
OPTIONS = (("long_game", "Long game: 52 cards each (from the next deal)"),
           ("open_hands", "Open hands: show the computer's cards"),
           ("multiple_draw", "Multiple draw: draw as often as you like (next deal)"),
           ("replay_ask", "Replay hand: ask to replay the last hand"),
           ("mark_playable", "Marks: point out the cards you may play"))


async def options_menu(screen: YuckyScreen) -> None:
    """F3: each option in turn as a Y/N question (the hot keys stay live meanwhile)."""
    saved_status = (screen.status, screen.status_attr)
    if screen.m.flags.mouse:
        screen.say_status("Y or right button: yes, N or left button: no, Enter keeps, "
                          "Esc closes.", A_PROMPT)
    else:
        screen.say_status("Y: yes, N: no, Enter keeps, Esc closes.", A_PROMPT)
    screen.draw_status()
    top, left, height, width = 6, 1, len(OPTIONS) + 6, 78
    index = 0
    try:
        async with ui.popup(screen.m, top, left, height, width, screen.a(A_POPUP),
                            frame="double", title="Options") as box:
            screen.popup_redraw = lambda: draw_options(screen, box, index)
            for index, (attr, _text) in enumerate(OPTIONS):
                draw_options(screen, box, index)
                current = getattr(screen, attr)
                answer = None
                while answer is None:
                    match await ui.key(screen.m):
                        case Key(ch) if ch.upper() == "Y":
                            answer = True
                        case Key(ch) if ch.upper() == "N":
                            answer = False
                        case Key("ENTER"):
                            answer = current
                        case Key("ESC"):
                            return
                        case Click(_, _, button):
                            answer = button == "right"
                if answer != current:
                    setattr(screen, attr, answer)
                    screen.stale = True
                    screen.draw_title()     # the title bar, above the box, follows at once
    finally:
        screen.status, screen.status_attr = saved_status


def draw_options(screen: YuckyScreen, box: ui.Box, current: int) -> None:
    attr = screen.a(A_POPUP)
    for i, (name, text) in enumerate(OPTIONS):
        on = getattr(screen, name)
        line = f" {text:<66} {'Yes' if on else 'No ':<3} "
        sel = i == current
        box.put(1 + i, 1, line, screen.a(A_POPUP_SEL) if sel else attr)
        if sel:
            box.put(1 + i, 1, "\u25ba", screen.a(A_POPUP_SEL))
    box.put(box.height - 2, 2, "Open hands and the marks apply at once; the long game", attr)
    box.put(box.height - 1, 2, "and multiple draw start with the next deal.", attr)


async def help_pages(screen: YuckyScreen) -> None:
    """F5: the instructions in the kit's pager (it gives the screen back on Esc)."""
    pages = [ui.HelpPage(heading.upper(), lines) for heading, lines in PAGES]
    await ui.page(screen.m, pages, title="How to play Yucky Lucky You!",
                  attr=screen.a(A_HELP), head_attr=screen.a(A_HELP_HEAD))


async def show(screen: YuckyScreen) -> None:
    """The start-up show: the title, a fan of cards dealt to a tune; any key ends it.

    The function keys work meanwhile (F5 opens the instructions over the show).
    """
    m, s = screen.m, screen.s
    s.clear(screen.a(A_TABLE))
    s.border = 0
    title = "Y U C K Y   L U C K Y   Y O U !"
    col = 40 - len(title) // 2
    for i, ch in enumerate(title):
        s.put(5, col + i, ch, screen.a((COLOR_ATTR[COLORS[i % 4]], 0x0F)))
    s.center(14, "A card game for you and the computer", screen.a(A_LABEL))
    s.center(16, "Match play: the first to win four games", screen.a(A_TABLE))
    s.center(22, "F5 at any time for the instructions", screen.a(A_TABLE))
    end = m.now() + max(m.play(TUNE_SHOW), 3.0)
    fan = ["R7", "GS", "BR", "VD", "WC", "W4", "R0", "G9", "BD", "V5"]
    step = 0
    while m.now() < end:
        if step < len(fan):
            screen.card_box(9, 20 + step * 4, parse_card(fan[step]))
        elif step == len(fan):
            s.center(20, "Press any key to begin", screen.a((0x8F, 0x8F)))
        step += 1
        ev = await ui.key(m, timeout=min(SHOW_STEP, max(end - m.now(), 0.001)))
        if ev is not None:
            break
    m.hush()
