"""Modal questions: yes/no, confirm-before-discard, and the choice list.

Each runs its own loop over ``retro.ui.key`` (so hot keys work inside it) in a pop-up that
gives the screen back as it found it.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from retro.pc.events import Click, Key
from retro.pc.machine import Machine
from retro.ui.popup import Box, popup
from retro.ui.text import hot_letter, wrap
from retro.ui.waits import key


class Mouse(enum.Flag):
    """A game's mouse convention for yes/no questions (combine with ``|``).

    A click on the drawn Yes/No buttons always answers; these flags also make a click
    anywhere else answer, by button.  Yucky Lucky You!: ``RIGHT_YES | LEFT_NO``.
    """

    BUTTONS = 0
    LEFT_YES = enum.auto()
    LEFT_NO = enum.auto()
    RIGHT_YES = enum.auto()
    RIGHT_NO = enum.auto()


BUTTONS = Mouse.BUTTONS
LEFT_YES, LEFT_NO = Mouse.LEFT_YES, Mouse.LEFT_NO
RIGHT_YES, RIGHT_NO = Mouse.RIGHT_YES, Mouse.RIGHT_NO

YES_LABEL, NO_LABEL = "[ Yes ]", "[ No ]"


def _click_answer(mouse: Mouse, click: Click) -> bool | None:
    if click.button == "left":
        if Mouse.LEFT_YES in mouse:
            return True
        if Mouse.LEFT_NO in mouse:
            return False
    else:
        if Mouse.RIGHT_YES in mouse:
            return True
        if Mouse.RIGHT_NO in mouse:
            return False
    return None


async def ask(m: Machine, question: str, *, esc: bool = False, mouse: Mouse = BUTTONS,
              enter: bool | None = None, row: int | None = None, col: int | None = None,
              width: int | None = None, attr: int | None = None,
              button_attr: int | None = None, title: str = "",
              frame: str | None = "double") -> bool:
    """Ask a yes/no question in a pop-up; Y or N answers (any case).

    ``esc`` is the answer Esc gives: the one that destroys nothing, which the caller
    knows ("Abandon this game?": False).  ``mouse`` is the game's convention for clicks
    (see ``Mouse``); a click on the Yes or No button always answers.  ``enter`` is the
    answer Enter gives (None: Enter does nothing).  The pop-up is centred unless
    ``row``/``col`` place its top-left corner; ``frame`` None draws it flat (a question
    on the game's message rows).
    """
    # Mono: a plain box with reverse-video buttons, the MDA's usual dialog.
    attr = m.attr(0x4F, 0x0F) if attr is None else attr
    button_attr = m.attr(0x70, 0x70) if button_attr is None else button_attr
    edge = 2 if frame else 0
    inner = width - edge - 2 if width else min(60, max(len(question), 24))
    lines = wrap(question, inner)
    width = inner + edge + 2
    height = len(lines) + edge + 2
    top = (25 - height) // 2 if row is None else row
    left = (80 - width) // 2 if col is None else col
    async with popup(m, top, left, height, width, attr, frame=frame, title=title) as box:
        for n, line in enumerate(lines):
            box.center(n, line)
        buttons_row = len(lines) + 1
        gap = 4
        yes_col = (box.width - len(YES_LABEL) - len(NO_LABEL) - gap) // 2
        no_col = yes_col + len(YES_LABEL) + gap
        box.put(buttons_row, yes_col, YES_LABEL, button_attr)
        box.put(buttons_row, no_col, NO_LABEL, button_attr)
        yes_span = (box.col + yes_col, box.col + yes_col + len(YES_LABEL))
        no_span = (box.col + no_col, box.col + no_col + len(NO_LABEL))
        while True:
            match await key(m):
                case Key("y") | Key("Y"):
                    return True
                case Key("n") | Key("N"):
                    return False
                case Key("ESC"):
                    return esc
                case Key("ENTER") if enter is not None:
                    return enter
                case Click(r, c, _) if r == box.row + buttons_row and \
                        yes_span[0] <= c < yes_span[1]:
                    return True
                case Click(r, c, _) if r == box.row + buttons_row and \
                        no_span[0] <= c < no_span[1]:
                    return False
                case Click() as click:
                    answer = _click_answer(mouse, click)
                    if answer is not None:
                        return answer


async def confirm_discard(m: Machine, question: str = "Abandon the game in progress?", *,
                          in_progress: bool = True, mouse: Mouse = BUTTONS) -> bool:
    """Before one key throws a game away: True to go ahead.

    With ``in_progress`` False (no game to lose) it answers True without asking; Esc and
    N keep the game.
    """
    if not in_progress:
        return True
    return await ask(m, question, esc=False, mouse=mouse)


async def choose(m: Machine, items: Sequence[str], *, title: str = "", initial: int = 0,
                 row: int | None = None, col: int | None = None, width: int | None = None,
                 attr: int | None = None, bar_attr: int | None = None,
                 hot_attr: int | None = None, frame: str | None = "single") -> int | None:
    """Choose one of ``items`` in a pop-up list; the index chosen, or None on Esc.

    Up/Down (and Home/End) move the bar, Enter takes it, a click on an item takes that
    item.  Each item's hot letter takes it at once: marked ``~X~`` in its label
    (``"~N~ew game"``), else its first letter or digit.
    """
    if not items:
        raise ValueError("choose needs at least one item")
    attr = m.attr(0x1F, 0x07) if attr is None else attr
    bar_attr = m.attr(0x70, 0x70) if bar_attr is None else bar_attr
    hot_attr = m.attr(0x1E, 0x0F) if hot_attr is None else hot_attr
    labels: list[str] = []
    hots: list[int | None] = []
    for item in items:
        plain, hot = hot_letter(item)
        if hot is None:
            hot = next((i for i, ch in enumerate(plain) if ch.isalnum()), None)
        labels.append(plain)
        hots.append(hot)
    inner = max(max(len(label) for label in labels) + 2, len(title) + 4)
    inner = min(76, inner if width is None else width - 2)
    pad = 1 if frame else 0
    height = len(labels) + 2 * pad
    top = (25 - height) // 2 if row is None else row
    left = (80 - inner - 2 * pad) // 2 if col is None else col
    chosen = min(max(0, initial), len(labels) - 1)

    def draw(box: Box) -> None:
        for n, label in enumerate(labels):
            line_attr = bar_attr if n == chosen else attr
            box.put(n, 0, f" {label}".ljust(box.width), line_attr)
            hot = hots[n]
            if hot is not None and n != chosen:
                box.put(n, 1 + hot, label[hot], hot_attr)

    async with popup(m, top, left, height, inner + 2 * pad, attr, frame=frame,
                     title=title) as box:
        while True:
            draw(box)
            match await key(m):
                case Key("ESC"):
                    return None
                case Key("ENTER"):
                    return chosen
                case Key("UP"):
                    chosen = (chosen - 1) % len(labels)
                case Key("DOWN"):
                    chosen = (chosen + 1) % len(labels)
                case Key("HOME"):
                    chosen = 0
                case Key("END"):
                    chosen = len(labels) - 1
                case Key(ch) if len(ch) == 1:
                    picked = _by_hot_letter(labels, hots, ch)
                    if picked is not None:
                        return picked
                case Click(r, c, "left") if box.contains(r, c):
                    return r - box.row


def _by_hot_letter(labels: list[str], hots: list[int | None], ch: str) -> int | None:
    for n, (label, hot) in enumerate(zip(labels, hots, strict=True)):
        if hot is not None and label[hot].upper() == ch.upper():
            return n
    return None
