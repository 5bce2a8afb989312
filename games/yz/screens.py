"""YZ's pop-ups and whole screens, on the retro.ui kit: message boxes, the choice lists,
the initials prompt, the help pager, the scoreboard and the startup show.

Each takes the machine and the look to draw in; none keeps anything of the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from retro import ui
from retro.games.yz import help as helptext
from retro.games.yz.board import Board
from retro.games.yz.layout import Look
from retro.games.yz.scoreboard import Scoreboard
from retro.pc.machine import Machine

MAX_INITIALS = 3
#: The computer's initials on the card and the scoreboard; no person may take them.
COMPUTER = "CPU"


def _centred(height: int, width: int) -> tuple[int, int]:
    return max(1, (25 - height) // 2), (80 - width) // 2


async def message_box(m: Machine, look: Look, title: str, lines: Sequence[str]) -> None:
    """A centred box of text until any key (or click) that is not a hot key."""
    footer = "Press any key"
    body = [*lines, ""]
    width = max(len(title) + 6, *(len(ln) + 4 for ln in body), len(footer) + 4)
    height = len(body) + 3
    top, left = _centred(height, width)
    async with ui.popup(m, top, left, height, width, look.popup, title=title) as box:
        for i, line in enumerate(body):
            box.put(i, 1, line)
        box.center(height - 3, footer, look.popup_hi)
        await ui.key(m)


async def choose(m: Machine, look: Look, title: str, options: Sequence[str],
                 current: int) -> int | None:
    """A numbered list: arrows and Enter, the digits, or a click; None on Esc."""
    return await ui.choose(m, [f"{i + 1}  {opt}" for i, opt in enumerate(options)],
                           title=title, initial=current, attr=look.popup,
                           bar_attr=look.popup_sel, hot_attr=look.popup_hi, frame="double")


def initials_error(text: str, taken: dict[str, str]) -> str | None:
    """Why ``text`` cannot be a person's initials (``taken``: initials -> whose), or None.

    >>> print(initials_error("cpu", {"CPU": "the computer's"}))
    CPU are the computer's initials: pick others.
    """
    initials = text.strip().upper()
    if initials in taken:
        return f"{initials} are {taken[initials]} initials: pick others."
    return None


async def ask_initials(m: Machine, look: Look, prompt: str, default: str,
                       taken: dict[str, str]) -> str | None:
    """Up to three letters or digits (empty: ``default``); None on Esc.  Initials in
    ``taken`` are refused with the reason shown in the box; OK and Cancel answer a click."""
    footer = f"Enter accepts (empty: {default}), Esc cancels"
    width, height = 50, 7
    top, left = _centred(height, width)
    async with ui.popup(m, top, left, height, width, look.popup, title="New game") as box:
        box.put(0, 1, prompt)
        box.put(2, 3, "[    ]")
        box.center(4, footer, look.popup_hi)

        def validate(text: str) -> str | None:
            return initials_error(text or default, taken)

        text = await ui.line_input(
            m, box.row + 2, box.col + 4, MAX_INITIALS + 1, look.popup, validate=validate,
            max_length=MAX_INITIALS, allowed=lambda ch: ch.isascii() and ch.isalnum(),
            error_at=(box.row + 3, box.col, box.width), error_attr=look.popup_hi,
            cancel=True, buttons_at=(box.row + 2, box.col + 12), button_attr=look.popup_sel)
    if text is None:
        return None
    return text.upper() or default


async def show_help(m: Machine, look: Look) -> None:
    """The instructions, a page at a time; F1 or F5 inside closes them again."""
    with ui.hotkeys_off(m, "F1", "F5"):
        await ui.page(m, [ui.HelpPage(title, lines) for title, lines in helptext.PAGES],
                      title="YZ help", row=2, col=4, height=21, width=72, attr=look.popup,
                      head_attr=look.popup_hi, mark_attr=look.popup_sel,
                      close_keys=("ESC", "F1", "F5"))


async def show_about(m: Machine, look: Look) -> None:
    await message_box(m, look, "About YZ", [
        "YZ - dice for two players",
        "A text-mode twin of the 1994 Windows game.",
        "The computer plays the optimal solitaire",
        "strategy (best average score).",
    ])


async def report_bad_board(m: Machine, look: Look, notice: str) -> None:
    await message_box(m, look, "Scoreboard", [
        "The scoreboard file could not be read.",
        "It was kept, moved aside, and a new",
        "scoreboard was started:",
        *ui.wrap(notice, 52),
    ])


async def show_scoreboard(m: Machine, look: Look, board: Scoreboard) -> None:
    lines = ["Player  Games  Wins  High  Average  YZs", "─" * 40]
    rows = board.ranked()
    if not rows:
        lines.append("No games played yet.")
    for ini, st in rows[:12]:
        lines.append(f"{ini:<6}{st.games:>7}{st.wins:>6}{st.high:>6}"
                     f"{st.average:>9.1f}{st.yz:>5}")
    await message_box(m, look, "Scoreboard", lines)


BIG_YZ = (
    "██   ██  ███████",
    " ██ ██       ██ ",
    "  ███      ██   ",
    "   █     ██     ",
    "   █    ███████ ",
)


async def startup_show(m: Machine, look: Look, board: Board, rng: random.Random) -> None:
    """A tumbling YZ, until any key."""
    s = m.screen
    s.clear(look.board)
    for i, line in enumerate(BIG_YZ):
        s.center(3 + i, line, look.message)
    s.center(10, "a game of dice for two players", look.board)
    s.center(21, "Press any key to play", look.key)
    faces = [rng.randint(1, 6) for _ in range(5)]
    for i, face in enumerate(faces):
        board.draw_die_at(13, 21 + 8 * i, face)
    for _ in range(8):
        for i in range(5):
            board.draw_die_at(13, 21 + 8 * i, rng.randint(1, 6))
        m.beep(200 + 30 * rng.randint(0, 12), 15)
        await ui.sleep(m, 0.06)
    for i in range(5):
        board.draw_die_at(13, 21 + 8 * i, 5)
    s.center(19, "Five alike: that is a YZ!", look.board)
    m.play("T200 L16 O4 C E G > C")
    await ui.key(m)
